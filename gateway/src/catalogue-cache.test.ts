import fs from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../config/paths.js';
import { readsOnlyCatalogue } from './catalogue-cache.js';

const schema = buildSchema(fs.readFileSync(fromRoot('schema.graphql'), 'utf8'));

describe('which documents the catalogue cache may keep', () => {
  it.each([
    [
      'a listing page',
      '{ products(first: 20) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name price quantity inStock imageUrl } } } }',
    ],
    [
      'a filtered page with variables',
      'query ($name: String) { products(filter: { name: $name }) { edges { node { id } } } }',
    ],
    [
      'one product, with __typename',
      '{ __typename product(id: "UHJvZHVjdDox") { __typename id name description imageUrls } }',
    ],
    [
      'prices as Money',
      '{ products(first: 5) { edges { node { id unitPrice { amount currencyCode minorUnits } } } } }',
    ],
    [
      'fragments and @include',
      'query ($full: Boolean!) { products { ...Page } } fragment Page on ProductConnection { edges { node { id name @include(if: $full) } } }',
    ],
  ])('keeps %s', (_what, text) => {
    expect(readsOnlyCatalogue(schema, parse(text))).toBe(true);
  });

  it.each([
    ['the viewer beside the catalogue', '{ viewer { username } products { totalCount } }'],
    ['a node lookup (it may be a user or an order)', '{ node(id: "UHJvZHVjdDox") { id ... on Product { name } } }'],
    ['orders', '{ orders { totalCount } }'],
    ['Money of an order', '{ orders { edges { node { total { amount } } } } }'],
    ['a mutation', 'mutation { deleteProduct(input: { id: "UHJvZHVjdDox" }) { deletedProductId } }'],
    ['a subscription', 'subscription { productUpdated { id quantity } }'],
    [
      'a query beside a mutation in one document',
      'query A { products { totalCount } } mutation B { clearCart(input: {}) { cart { totalItems } } }',
    ],
    ['nothing of the catalogue', '{ __typename }'],
    ['@defer', '{ products { ... @defer { totalCount } } }'],
    ['a fragment on another type', '{ products { totalCount } } fragment Me on User { username }'],
  ])('does not keep %s', (_what, text) => {
    expect(readsOnlyCatalogue(schema, parse(text))).toBe(false);
  });
});
