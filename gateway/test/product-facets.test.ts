// A listing's facets through the gateway: `productFacets(filter:, search:)` answers the REST service's counts
// (extension product-facets) with each category as a Category (by name) and each price band's bounds as Money, ready
// to be given back as the filter's bounds; a bad filter or search is BAD_USER_INPUT as for `products`. Against the
// plain contract (the gateway-plain project) it is NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { toGlobalId } from '../src/global-id.js';

let shop: Shop;
let token: string;
const categoryIds: Record<string, number> = {};

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  if (restExtensions)
    for (const [name, parent] of [
      ['Diagnostics', null],
      ['Thermometers', 'Diagnostics'],
      ['Blood pressure', 'Diagnostics'],
      ['First aid', null],
    ] as const) {
      const created = await shop.rest.request<{ id: number }>('POST', '/api/categories', {
        token: admin,
        body: { name, parentId: parent === null ? null : categoryIds[parent] },
      });
      categoryIds[name] = created.body.id;
    }
  const inCategory = (name: string) => (restExtensions ? { categoryIds: [categoryIds[name]!] } : {});
  for (const product of [
    { name: 'Digital Thermometer', price: 9.99, quantity: 5, ...inCategory('Thermometers') },
    { name: 'Ear Thermometer', price: 39.99, quantity: 0, ...inCategory('Thermometers') },
    { name: 'Blood Pressure Monitor', price: 120, quantity: 2, ...inCategory('Blood pressure') },
    { name: 'Gauze Pads', price: 5.49, quantity: 9, ...inCategory('First aid') },
  ])
    await shop.rest.createProduct(admin, product);
  token = await shop.user('facets-reader');
});
afterAll(() => shop.close());

const FACETS = `query Facets($filter: ProductFilter, $search: String) {
  productFacets(filter: $filter, search: $search) {
    totalCount
    inStockCount
    categories { category { id name } count }
    priceBands { minPrice { amount } maxPrice { amount } count }
  }
}`;

interface Answer {
  data?: {
    productFacets: {
      totalCount: number;
      inStockCount: number;
      categories: { category: { id: string; name: string }; count: number }[];
      priceBands: { minPrice: { amount: string }; maxPrice: { amount: string } | null; count: number }[];
    } | null;
  } | null;
  errors?: { message: string; extensions: { code: string } }[];
}

const facets = (variables: Record<string, unknown>) => shop.graphql(FACETS, variables, token) as Promise<Answer>;
const category = (name: string) => ({ id: toGlobalId('Category', categoryIds[name]!), name });

describe.runIf(restExtensions)('productFacets over our REST service', () => {
  it('counts a category page’s subcategories (by name), price bands and stock, in one call for the counts', async () => {
    shop.resetCalls();
    const answer = await facets({ filter: { category: category('Diagnostics').id } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.productFacets).toEqual({
      totalCount: 3,
      inStockCount: 2,
      categories: [
        { category: category('Blood pressure'), count: 1 },
        { category: category('Thermometers'), count: 2 },
      ],
      priceBands: [
        { minPrice: { amount: '0.00' }, maxPrice: { amount: '9.99' }, count: 1 },
        { minPrice: { amount: '10.00' }, maxPrice: { amount: '24.99' }, count: 0 },
        { minPrice: { amount: '25.00' }, maxPrice: { amount: '49.99' }, count: 1 },
        { minPrice: { amount: '50.00' }, maxPrice: { amount: '99.99' }, count: 0 },
        { minPrice: { amount: '100.00' }, maxPrice: null, count: 1 },
      ],
    });
    expect(shop.calls.toSorted()).toEqual([
      'GET /api/categories',
      `GET /api/products/facets?category=${categoryIds['Diagnostics']}`,
    ]);
  });

  it('counts what a search finds within the chosen band, the bands themselves without it', async () => {
    const answer = await facets({ search: 'thermometers', filter: { minPrice: 25, maxPrice: 49.99 } });
    expect(answer.errors).toBeUndefined();
    const counted = answer.data!.productFacets!;
    expect([counted.totalCount, counted.inStockCount]).toEqual([1, 0]);
    expect(counted.categories).toEqual([
      { category: category('Diagnostics'), count: 1 },
      { category: category('First aid'), count: 0 },
    ]);
    expect(counted.priceBands.map((band) => band.count)).toEqual([1, 0, 1, 0, 0]);
  });

  it('refuses what products refuses, before any REST call', async () => {
    shop.resetCalls();
    const cases: [Record<string, unknown>, string][] = [
      [{ search: 'a b c d e f g h i j k' }, 'Search takes at most 10 words'],
      [{ filter: { category: toGlobalId('Product', 1) } }, 'filter.category must be a category’s id'],
    ];
    for (const [variables, message] of cases) {
      const answer = await facets(variables);
      expect(answer.errors, message).toEqual([
        expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
      ]);
    }
    expect(shop.calls).toEqual([]);
    const bounds = await facets({ filter: { minPrice: 20, maxPrice: 10 } });
    expect(bounds.errors).toEqual([
      expect.objectContaining({
        message: 'Min price must not be greater than max price',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });
});

describe.runIf(!restExtensions)('productFacets over the plain contract', () => {
  it('is NOT_SUPPORTED', async () => {
    const answer = await facets({});
    expect(answer.errors).toEqual([
      expect.objectContaining({
        message: "The shop's REST service cannot count a list's facets (it lacks the product-facets extension)",
        extensions: expect.objectContaining({ code: 'NOT_SUPPORTED' }),
      }),
    ]);
    expect(answer.data ?? null).toBeNull();
  });
});
