// The catalogue in another order than its own, through the gateway: `products(sort:)` pages the REST service's sorted
// list (extension product-sort) forward and backward by position, each page what that list holds there, with the
// filter; against the plain contract (the gateway-plain project) a sort is NOT_SUPPORTED and the list unsorted works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let token: string;

// Names, prices and stock that each order puts differently; "Other" ones are outside the filter.
const PRODUCTS: [string, number, number][] = [
  ['Sorted Gauze', 4, 10],
  ['sorted bandage', 2.5, 0],
  ['Sorted Clamp', 9, 3],
  ['Other Tape', 1, 5],
  ['sorted apron', 2.5, 7],
  ['Sorted Mask', 0.5, 0],
  ['Sorted Tray', 12, 1],
];

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  for (const [name, price, quantity] of PRODUCTS) await shop.rest.createProduct(admin, { name, price, quantity });
  token = await shop.user('sort-reader');
});
afterAll(() => shop.close());

const PAGE = `query Sorted($first: Int, $after: String, $last: Int, $before: String, $sort: ProductSort) {
  products(first: $first, after: $after, last: $last, before: $before, filter: { name: "sorted" }, sort: $sort) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { node { name } }
  }
}`;

async function page(variables: Record<string, unknown>) {
  const answer = await shop.graphql(PAGE, variables, token);
  return answer as {
    data?: {
      products: {
        totalCount: number;
        pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string; startCursor: string };
        edges: { node: { name: string } }[];
      } | null;
    };
    errors?: { message: string; extensions: { code: string } }[];
  };
}
const names = (answer: Awaited<ReturnType<typeof page>>) => answer.data!.products!.edges.map((edge) => edge.node.name);

describe.runIf(restExtensions)('products(sort:) over our REST service', () => {
  it('answers each order, the filter kept', async () => {
    const orders: Record<string, string[]> = {
      PRICE_ASCENDING: ['Sorted Mask', 'sorted bandage', 'sorted apron', 'Sorted Gauze', 'Sorted Clamp', 'Sorted Tray'],
      PRICE_DESCENDING: [
        'Sorted Tray',
        'Sorted Clamp',
        'Sorted Gauze',
        'sorted apron',
        'sorted bandage',
        'Sorted Mask',
      ],
      NAME: ['sorted apron', 'sorted bandage', 'Sorted Clamp', 'Sorted Gauze', 'Sorted Mask', 'Sorted Tray'],
      NEWEST: ['Sorted Tray', 'Sorted Mask', 'sorted apron', 'Sorted Clamp', 'sorted bandage', 'Sorted Gauze'],
      IN_STOCK_FIRST: ['Sorted Gauze', 'Sorted Clamp', 'sorted apron', 'Sorted Tray', 'sorted bandage', 'Sorted Mask'],
    };
    for (const [sort, expected] of Object.entries(orders)) {
      const answer = await page({ first: 10, sort });
      expect(answer.errors, sort).toBeUndefined();
      expect(names(answer), sort).toEqual(expected);
    }
  });

  it('pages a sorted list forward and back by position, one REST call a page, the order sent along', async () => {
    shop.resetCalls();
    const first = await page({ first: 4, sort: 'NAME' });
    expect(names(first)).toEqual(['sorted apron', 'sorted bandage', 'Sorted Clamp', 'Sorted Gauze']);
    expect(first.data!.products!.totalCount).toBe(6);
    expect(shop.calls).toEqual(['GET /api/products/filter?name=sorted&page=0&size=4&sort=name']);

    shop.resetCalls();
    const second = await page({ first: 4, after: first.data!.products!.pageInfo.endCursor, sort: 'NAME' });
    expect(names(second)).toEqual(['Sorted Mask', 'Sorted Tray']);
    expect(second.data!.products!.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(shop.calls).toEqual([
      expect.stringMatching(/^GET \/api\/products\/filter\?name=sorted&page=\d+&size=\d+&sort=name$/),
    ]);

    const back = await page({ last: 2, before: second.data!.products!.pageInfo.startCursor, sort: 'NAME' });
    expect(names(back)).toEqual(['Sorted Clamp', 'Sorted Gauze']);
    const end = await page({ last: 2, sort: 'PRICE_DESCENDING' });
    expect(names(end)).toEqual(['sorted bandage', 'Sorted Mask']);
  });

  it('refuses an order the graph does not have, as any bad variable', async () => {
    const answer = await page({ first: 2, sort: 'CHEAPEST' });
    expect(answer.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toContain('Value "CHEAPEST" does not exist in "ProductSort" enum.');
  });
});

describe.runIf(!restExtensions)('products(sort:) over the plain contract', () => {
  it('is NOT_SUPPORTED, and the list in its own order still answers', async () => {
    const sorted = await page({ first: 3, sort: 'NAME' });
    expect(sorted.errors).toEqual([
      expect.objectContaining({
        message: "The shop's REST service cannot sort products (it lacks the product-sort extension): leave sort out",
        extensions: expect.objectContaining({ code: 'NOT_SUPPORTED' }),
      }),
    ]);
    expect(sorted.data?.products ?? null).toBeNull();
    const unsorted = await page({ first: 3 });
    expect(unsorted.errors).toBeUndefined();
    expect(names(unsorted)).toEqual(['Sorted Gauze', 'sorted bandage', 'Sorted Clamp']);
  });
});
