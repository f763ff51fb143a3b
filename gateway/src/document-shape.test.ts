// What a document asks once its fragments are spread (document-shape.ts): the fragment bomb and the same field side
// by side are refused after a number of steps that grows with the document, not with what it expands to; every
// document of the web client passes, with room to spare.
import { type DocumentNode, Kind, parse } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { describe, expect, it } from 'vitest';
import * as webDocuments from '../../web/src/gql/graphql.js';
import { SHAPE_LIMITS, measureShape } from './document-shape.js';
import { fragmentBomb, fragmentChain, fragmentsInOnePlace } from '../../tests/helpers/hostile-documents.js';

/** One step per selection read while looking for the cycle, each fragment read once: a field and its id in each of
 * the 15, the 14 spreads of the next, and the 0 + 1 + … + 14 spreads back. */
const VISITS_OF_CHAIN = 15 * 2 + 14 + (14 * 15) / 2;

describe('the shape of a document', () => {
  it.each([
    [
      'a fragment spread 100 times in fragments spread 100 times',
      fragmentBomb('__typename'),
      'The document asks for 100000000 fields once its fragments are spread; at most 1000 are allowed',
      { code: 'MAX_FIELDS', limit: 1000, actual: 100_000_000 },
      1205,
    ],
    [
      'the same, asking for an object',
      fragmentBomb('viewer { id }'),
      'The document asks for 200000000 fields once its fragments are spread; at most 1000 are allowed',
      { code: 'MAX_FIELDS', limit: 1000, actual: 200_000_000 },
      1208,
    ],
    [
      '390 `viewer { id }` side by side (validation would compare every two of them)',
      `{ ${'viewer { id } '.repeat(390)}}`,
      'The field "viewer" is asked for more than 30 times in one place; ask for it once',
      { code: 'MAX_FIELD_REPEATS', limit: 30 },
      1621,
    ],
    [
      'one field asked by 31 inline fragments in one place',
      `{ viewer { ${'... on User { id } '.repeat(31)}} }`,
      'The field "viewer.id" is asked for more than 30 times in one place; ask for it once',
      { code: 'MAX_FIELD_REPEATS', limit: 30 },
      189,
    ],
    [
      '31 fragments with different fields spread in one place',
      fragmentsInOnePlace(31, 'G'),
      'More than 30 fragments are spread in one place ("viewer"); spread fewer',
      { code: 'MAX_FRAGMENT_SPREADS', limit: 30 },
      219,
    ],
    [
      'a chain of 15 fragments, each spreading the next and every one before it (walked, every path through them)',
      fragmentChain(15),
      'Cannot spread fragment "F1" within itself via "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "F13", "F14", "F15".',
      { code: 'GRAPHQL_VALIDATION_FAILED' },
      VISITS_OF_CHAIN,
    ],
    [
      'a fragment spreading itself',
      '{ ...A } fragment A on Query { viewer { id ...A } }',
      'Cannot spread fragment "A" within itself.',
      { code: 'GRAPHQL_VALIDATION_FAILED' },
      3,
    ],
  ])(
    'refuses %s, after a number of steps that grows with the document, with its limit’s code',
    (_name, text, message, extensions, visits) => {
      const shape = measureShape(parse(text));
      expect(shape.refusal?.message).toBe(message);
      // A limit passed has a code of its own and its figures; a fragment spreading itself is invalid, as graphql-js
      // says.
      expect(shape.refusal?.extensions).toEqual(extensions);
      expect(shape.visits).toBe(visits);
    },
  );

  it.each([
    [
      'a fragment no operation spreads (validation reads it too)',
      '{ viewer { id } } fragment U on Query { viewer { username } }',
      4,
    ],
    ['the same field 30 times in one place', `{ viewer { ${'id '.repeat(30)}} }`, 31],
    [
      'inline fragments on each type of a node',
      '{ node(id: "x") { ... on Product { name } ... on User { username } } }',
      3,
    ],
  ])('admits %s, counting its fields', (_name, text, selections) => {
    const shape = measureShape(parse(text));
    expect(shape.refusal).toBeUndefined();
    expect(shape.selections).toBe(selections);
  });

  it('admits every operation of the web client as Apollo Client sends it (with __typename), far within the limits', () => {
    const operations = Object.values(webDocuments).filter(
      (value): value is DocumentNode =>
        (value as DocumentNode)?.kind === Kind.DOCUMENT &&
        (value as DocumentNode).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
    );
    expect(operations.length).toBeGreaterThan(30);
    // A fifth of the limit: the largest (checkout's answer, the order placed with its charges by rate and the emptied
    // cart, at 111 fields) is far from it. `__typename` comes once per fragment spread at a place (Apollo Client adds
    // it to each): four at an order's node, its summary and its charges.
    const tight = { maxSelections: SHAPE_LIMITS.maxSelections / 5, maxRepeats: 5, maxFragmentsPerPlace: 3 };
    for (const document of operations)
      expect(measureShape(addTypenameToDocument(document), tight).refusal).toBeUndefined();
  });
});
