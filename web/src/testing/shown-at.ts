// When a text first showed, by the test's (fake) clock. A message meant to stay N ms is checked from the moment a
// person could first see it — the commit that put it in the document — not from when a findBy* query noticed it.
import { afterEachTest } from './after-each-test';

const observers: MutationObserver[] = [];
afterEachTest(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
});

/** Starts watching the document for `text`; the function answers the time it first appeared. */
export function watchForText(text: string): () => number {
  let shownAt: number | undefined;
  const observer = new MutationObserver(() => {
    if (shownAt === undefined && document.body.textContent?.includes(text)) shownAt = Date.now();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  observers.push(observer);
  return () => {
    if (shownAt === undefined) throw new Error(`“${text}” has not been shown`);
    return shownAt;
  };
}
