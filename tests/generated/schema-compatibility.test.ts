// No accidental breaking change: schema.graphql is compared with schema.released.graphql, the schema as last
// released (updated on purpose with `npm run schema:release`). A field, argument or enum value may go only after a
// release that deprecated it; anything else that would break a client's document fails here, listed.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unannouncedBreakingChanges } from '../helpers/schema-compatibility.js';

it('schema.graphql breaks nothing a client of the released schema relies on', () => {
  const changes = unannouncedBreakingChanges(
    fs.readFileSync('schema.released.graphql', 'utf8'),
    fs.readFileSync('schema.graphql', 'utf8'),
  );
  expect(
    changes,
    `breaking changes since the released schema (deprecate first, or release on purpose):\n${changes.join('\n')}`,
  ).toEqual([]);
});

describe('what counts as breaking', () => {
  const released = `
    type Query { product(id: ID!): Product, legacy: String @deprecated(reason: "Use product") }
    type Product { id: ID!, price: Float @deprecated(reason: "Use unitPrice"), name: String!, tags(first: Int, old: Int @deprecated): [String!]! }
    enum Status { OPEN CLOSED ARCHIVED @deprecated }
    input Filter { name: String, old: String @deprecated }
  `;
  const withoutAnnounced = `
    type Query { product(id: ID!): Product }
    type Product { id: ID!, name: String!, tags(first: Int): [String!]! }
    enum Status { OPEN CLOSED }
    input Filter { name: String }
  `;

  it('removing what the released schema deprecated is allowed', () => {
    expect(unannouncedBreakingChanges(released, withoutAnnounced)).toEqual([]);
  });

  it('removing or changing anything else is listed, one line each', () => {
    const current = `
      type Query { product(id: ID!, currency: String!): Product, legacy: String }
      type Product { id: ID!, price: Float, tags(first: Int, old: Int): [String!]! }
      enum Status { OPEN ARCHIVED }
      input Filter { name: Int, old: String }
    `;
    expect(unannouncedBreakingChanges(released, current)).toEqual([
      'REQUIRED_ARG_ADDED: A required arg currency on Query.product was added.',
      'FIELD_REMOVED: Product.name was removed.',
      'VALUE_REMOVED_FROM_ENUM: CLOSED was removed from enum type Status.',
      'FIELD_CHANGED_KIND: Filter.name changed type from String to Int.',
    ]);
  });
});
