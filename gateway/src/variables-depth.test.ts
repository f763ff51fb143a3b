import { describe, expect, it } from 'vitest';
import {
  MAX_VARIABLES_DEPTH,
  jsonTextNestsDeeperThan,
  nestsDeeperThan,
  variablesDepthRefusal,
} from './variables-depth.js';

/** `levels` levels of lists, the outermost first: 1 is `[]`. */
const lists = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
/** The same of objects: 1 is `{}`. */
const objects = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`) as unknown;

describe('how deep a JSON value nests', () => {
  it.each([
    ['a scalar', 1, 0, false],
    ['null', null, 0, false],
    ['an empty object', {}, 1, false],
    ['an empty object', {}, 0, true],
    ['the variables of a profile update', { input: { preferences: { language: 'en' } } }, 3, false],
    ['the variables of a profile update', { input: { preferences: { language: 'en' } } }, 2, true],
    ['a list of ids', { ids: ['a', 'b'] }, 2, false],
    ['lists beside a deep one', { a: [[]], b: [[[[]]]] }, 4, true],
  ])('%s against %s levels', (_what, value, max, deeper) => {
    expect(nestsDeeperThan(value, max as number)).toBe(deeper);
  });

  it('walks 100,000 levels of lists or objects without recursing, and finds them too deep', () => {
    expect(nestsDeeperThan(lists(100_000), MAX_VARIABLES_DEPTH)).toBe(true);
    expect(nestsDeeperThan(objects(100_000), MAX_VARIABLES_DEPTH)).toBe(true);
    expect(nestsDeeperThan(lists(MAX_VARIABLES_DEPTH), MAX_VARIABLES_DEPTH)).toBe(false);
    expect(nestsDeeperThan(lists(MAX_VARIABLES_DEPTH + 1), MAX_VARIABLES_DEPTH)).toBe(true);
  });

  it('refuses variables, or extensions, nested too deep with VARIABLES_TOO_DEEP', () => {
    const refusal = {
      message: `Variables and extensions may nest at most ${MAX_VARIABLES_DEPTH} levels of objects and lists: no input of this graph needs more than a few`,
      extensions: { code: 'VARIABLES_TOO_DEEP', maxDepth: MAX_VARIABLES_DEPTH },
    };
    expect(variablesDepthRefusal({ v: lists(MAX_VARIABLES_DEPTH - 1) }, undefined)).toBeUndefined();
    expect(variablesDepthRefusal({ v: lists(MAX_VARIABLES_DEPTH) }, undefined)?.toJSON()).toEqual(refusal);
    expect(variablesDepthRefusal({}, { persistedQuery: objects(MAX_VARIABLES_DEPTH) })?.toJSON()).toEqual(refusal);
  });
});

describe('how deep a JSON text nests, before it is parsed', () => {
  it.each([
    ['brackets in strings do not count', '{"a":"[[[[{{","b":[[1]]}', 3, false],
    ['an escaped quote does not end a string', '{"a":"\\"[[[","b":[[1]]}', 3, false],
    ['an escaped backslash before a quote does', '{"a":"\\\\","b":[[[1]]]}', 3, true],
    ['three backslashes: an escaped one, then an escaped quote', '{"a":"\\\\\\"[[[","b":[1]}', 2, false],
    ['a text that is not JSON is the parser’s', '{"a":"[[[[', 1, false],
    ['a flat text', '{"query":"{ viewer { id } }","variables":{}}', 2, false],
    ['decided at the first level too deep, whatever follows', `${'['.repeat(33)} and a megabyte of anything`, 32, true],
  ])('%s', (_what, text, max, deeper) => {
    expect(jsonTextNestsDeeperThan(text as string, max as number)).toBe(deeper);
  });

  it('agrees with the parsed value’s depth, and stops at 100,000 levels of lists and objects', () => {
    for (const levels of [1, 5, MAX_VARIABLES_DEPTH, MAX_VARIABLES_DEPTH + 1]) {
      for (const value of [lists(levels), objects(levels)]) {
        const text = JSON.stringify({ variables: { v: value, s: '[{"' } });
        expect(jsonTextNestsDeeperThan(text, MAX_VARIABLES_DEPTH + 2), `${levels}`).toBe(
          nestsDeeperThan(value, MAX_VARIABLES_DEPTH),
        );
      }
    }
    expect(jsonTextNestsDeeperThan('['.repeat(100_000) + ']'.repeat(100_000), MAX_VARIABLES_DEPTH)).toBe(true);
    expect(jsonTextNestsDeeperThan('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), MAX_VARIABLES_DEPTH)).toBe(
      true,
    );
  });
});
