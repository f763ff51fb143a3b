// How deep a request's variables (and extensions) may nest, checked before anything reads them. graphql-js coerces
// variables recursively (100,000 levels of `[` overflowed the stack: a 500), and even JSON.parse, which does not
// recurse, takes 150 ms to build a megabyte of nesting while nothing else runs. No input of this graph nests more
// than a few levels, so a request whose variables or extensions nest deeper than MAX_VARIABLES_DEPTH is refused, over
// HTTP (400) and over the socket alike, with VARIABLES_TOO_DEEP: a JSON text (a POST's body, a socket's message) is
// scanned before it is parsed, and a value already parsed (a GET's parameters) is walked with a stack of its own;
// both stop at the first level too deep.
import { GraphQLError } from 'graphql';

/** Levels of objects and lists, the variables object itself the first: `{ "input": { "preferences": {} } }` is 3. */
export const MAX_VARIABLES_DEPTH = 32;
export const VARIABLES_TOO_DEEP = 'VARIABLES_TOO_DEEP';
export const VARIABLES_TOO_DEEP_MESSAGE = `Variables and extensions may nest at most ${MAX_VARIABLES_DEPTH} levels of objects and lists: no input of this graph needs more than a few`;

/** The refusal, the same everywhere. */
export const variablesTooDeep = () =>
  new GraphQLError(VARIABLES_TOO_DEEP_MESSAGE, {
    extensions: { code: VARIABLES_TOO_DEEP, maxDepth: MAX_VARIABLES_DEPTH },
  });

/** Whether a JSON value nests objects and lists deeper than `max` levels; without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > max) return true;
    for (const child of Array.isArray(next.value) ? next.value : Object.values(next.value)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child as object, depth: next.depth + 1 });
    }
  }
  return false;
}

// The characters a JSON text's nesting is read from: " \ [ ] { }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether a JSON text nests objects and lists deeper than `max` levels, read before it is parsed: its brackets are
 * counted, those inside strings skipped (from one quote to the next unescaped one), in one pass about as long as
 * JSON.parse's over a flat text, and stopping at the first level too deep. Whatever is not JSON is the parser's to
 * refuse.
 */
export function jsonTextNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const character = text.charCodeAt(at);
    if (character === QUOTE) {
      let end = at + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
        end += 1;
      }
      at = end;
    } else if (character === OPEN_LIST || character === OPEN_OBJECT) {
      depth += 1;
      if (depth > max) return true;
    } else if (character === CLOSE_LIST || character === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/** The refusal of a request whose variables or extensions (parsed) nest too deep; undefined for one that may go on. */
export function variablesDepthRefusal(variables: unknown, extensions: unknown): GraphQLError | undefined {
  return nestsDeeperThan(variables, MAX_VARIABLES_DEPTH) || nestsDeeperThan(extensions, MAX_VARIABLES_DEPTH)
    ? variablesTooDeep()
    : undefined;
}
