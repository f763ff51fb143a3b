// The catalogue searched through the gateway: `products(search:)` pages what the REST service's search found
// (extension product-search), the most relevant first unless sorted, with how the search was read (a typing mistake
// corrected) and where its words are in each product; bad searches are BAD_USER_INPUT before any REST call. Against
// the plain contract (the gateway-plain project) a search is NOT_SUPPORTED and the list without one still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let token: string;

const PRODUCTS = [
  { name: 'Digital Thermometer', description: 'Oral or underarm readings in 10 seconds.', price: 9.99 },
  { name: 'Ear Thermometer', description: 'A reading in the ear in one second.', price: 39.99 },
  { name: 'Care Kit', description: 'A pouch with a thermometer and gauze.', price: 24.5 },
  { name: 'Gauze Pads', description: 'Soft pads for wounds.', price: 5.49 },
];

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  for (const product of PRODUCTS) await shop.rest.createProduct(admin, { ...product, quantity: 5 });
  token = await shop.user('search-reader');
});
afterAll(() => shop.close());

const SEARCH = `query Search($first: Int, $after: String, $search: String, $sort: ProductSort) {
  products(first: $first, after: $after, search: $search, sort: $sort) {
    totalCount
    search { words corrections { typed suggested } }
    pageInfo { hasNextPage endCursor }
    edges {
      node { name }
      highlight { name { text match } excerpt { text match } }
    }
  }
}`;

interface Answer {
  data?: {
    products: {
      totalCount: number;
      search: { words: string[]; corrections: { typed: string; suggested: string }[] } | null;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: {
        node: { name: string };
        highlight: { name: { text: string; match: boolean }[]; excerpt: { text: string; match: boolean }[] | null };
      }[];
    } | null;
  };
  errors?: { message: string; extensions: { code: string } }[];
}

const search = (variables: Record<string, unknown>) => shop.graphql(SEARCH, variables, token) as Promise<Answer>;
const names = (answer: Answer) => answer.data!.products!.edges.map((edge) => edge.node.name);

describe.runIf(restExtensions)('products(search:) over our REST service', () => {
  it('answers what the search found, the most relevant first, with the words marked, in one REST call', async () => {
    shop.resetCalls();
    const answer = await search({ first: 10, search: 'thermometers' });
    expect(answer.errors).toBeUndefined();
    expect(names(answer)).toEqual(['Digital Thermometer', 'Ear Thermometer', 'Care Kit']);
    expect(answer.data!.products!.search).toEqual({ words: ['thermometers'], corrections: [] });
    expect(answer.data!.products!.edges[2]!.highlight).toEqual({
      name: [{ text: 'Care Kit', match: false }],
      excerpt: [
        { text: 'A pouch with a ', match: false },
        { text: 'thermometer', match: true },
        { text: ' and gauze.', match: false },
      ],
    });
    expect(shop.calls).toEqual(['GET /api/products/filter?search=thermometers&page=0&size=10']);
  });

  it('says which typing mistake it corrected, on every page, and pages by position', async () => {
    const first = await search({ first: 2, search: 'thermomter' });
    expect(first.data!.products!.search!.corrections).toEqual([{ typed: 'thermomter', suggested: 'thermometer' }]);
    expect(names(first)).toEqual(['Digital Thermometer', 'Ear Thermometer']);
    const second = await search({ first: 2, after: first.data!.products!.pageInfo.endCursor, search: 'thermomter' });
    expect(names(second)).toEqual(['Care Kit']);
    expect(second.data!.products!.search!.words).toEqual(['thermometer']);
    expect(second.data!.products!.pageInfo.hasNextPage).toBe(false);
  });

  it('sorts what it found as asked', async () => {
    const answer = await search({ first: 10, search: 'thermometer', sort: 'PRICE_DESCENDING' });
    expect(names(answer)).toEqual(['Ear Thermometer', 'Care Kit', 'Digital Thermometer']);
  });

  it('has no search summary nor highlights on a list that is not a search', async () => {
    const answer = await search({ first: 1 });
    expect(answer.data!.products!.search).toBeNull();
    expect(answer.data!.products!.edges[0]!.highlight).toBeNull();
  });

  it.each([
    [{ search: 'a b c d e f g h i j k' }, 'Search takes at most 10 words'],
    [{ search: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
    [{ sort: 'RELEVANCE' }, 'Sort by relevance orders what a search found: give search too'],
  ])('refuses %j before any REST call', async (variables, message) => {
    shop.resetCalls();
    const answer = await search({ first: 5, ...variables });
    expect(answer.errors).toEqual([
      expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
    ]);
    expect(shop.calls.filter((call) => call.startsWith('GET /api/products'))).toEqual([]);
  });
});

describe.runIf(!restExtensions)('products(search:) over the plain contract', () => {
  it('is NOT_SUPPORTED, and the list without a search still answers', async () => {
    const searched = await search({ first: 3, search: 'thermometer' });
    expect(searched.errors).toEqual([
      expect.objectContaining({
        message:
          "The shop's REST service cannot search products (it lacks the product-search extension): leave search out",
        extensions: expect.objectContaining({ code: 'NOT_SUPPORTED' }),
      }),
    ]);
    expect(searched.data?.products ?? null).toBeNull();
    const listed = await search({ first: 2 });
    expect(listed.errors).toBeUndefined();
    expect(names(listed)).toEqual(['Digital Thermometer', 'Ear Thermometer']);
  });
});
