// Where the explorer keeps its tabs and history: in sessionStorage, so they go with the browser tab, and never with a
// header. The shop's session token lives on this origin, and a token pasted into the explorer is as good as one: told
// not to persist headers (shouldPersistHeaders={false}), GraphiQL leaves them out of its tabs, but its history still
// writes down the headers each operation ran with. Every value is written here with its headers taken out.

/** GraphiQL's key for the headers editor's own content (written only when headers are persisted). */
const HEADERS_KEY = 'graphiql:headers';

/** A stored value (JSON for tabs, history and favourites; plain text for others) with every `headers` emptied. */
function withoutHeaders(value: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  // Null rather than absent: GraphiQL refuses a stored tab without the key.
  return JSON.stringify(parsed, (key, entry: unknown) => (key === 'headers' ? null : entry));
}

export function explorerStorage(backing: Storage): Storage {
  return {
    get length() {
      return backing.length;
    },
    key: (index) => backing.key(index),
    getItem: (key) => backing.getItem(key),
    removeItem: (key) => backing.removeItem(key),
    clear: () => backing.clear(),
    setItem(key, value) {
      if (key === HEADERS_KEY) backing.removeItem(key);
      else backing.setItem(key, withoutHeaders(value));
    },
  };
}
