// Deep pages of a filtered product list, through the gateway: with our REST service (extension product-keyset) each
// page after the first is read from the product the cursor names (`after=<id>`), never counted from the start by
// OFFSET (`page=<n>`), and `last` alone reads the list's end in one call; the pages hold exactly what offset paging
// held, forward and backward, and a cursor of the previous release (an offset alone) still pages. Against the plain
// contract (the gateway-plain project) the same pages are cut from the whole list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetCursor } from '../src/global-id.js';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let token: string;
/** Every product of the filter below, in the list's order, as the REST service answers the whole filter. */
let expected: string[];

const FILTER = { name: 'keyset', minPrice: 2, maxQuantity: 40 };

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  // 60 products, of which the filter keeps a scattered 35 or so (names, prices and stock vary).
  for (let index = 0; index < 60; index += 1) {
    const name = index % 4 === 3 ? `Other Pad ${index}` : `Keyset Pad ${String(index).padStart(2, '0')}`;
    await shop.rest.createProduct(admin, { name, price: 1 + (index % 5), quantity: (index * 7) % 50 });
  }
  token = await shop.user('keyset-reader');
  const whole = await shop.rest.request<{ name: string }[]>('GET', '/api/products/filter', {
    token,
    query: { ...FILTER },
  });
  expected = whole.body.map((product) => product.name);
});
afterAll(() => shop.close());

const PAGE = `query Page($first: Int, $after: String, $last: Int, $before: String, $filter: ProductFilter) {
  products(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { name } }
  }
}`;

async function page(variables: Record<string, unknown>) {
  const answer = await shop.graphql(PAGE, { filter: FILTER, ...variables }, token);
  expect(answer.errors).toBeUndefined();
  return answer.data.products as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    edges: { cursor: string; node: { name: string } }[];
  };
}
const names = (products: Awaited<ReturnType<typeof page>>) => products.edges.map((edge) => edge.node.name);

describe('deep pages of a filtered product list', () => {
  it('are read from the product the cursor names, each page what offset paging answered, to the end', async () => {
    expect(expected.length).toBeGreaterThan(25);
    const seen: string[] = [];
    let after: string | null = null;
    for (let number = 0; number < 20; number += 1) {
      shop.resetCalls();
      const products = await page({ first: 6, after });
      expect(names(products)).toEqual(expected.slice(number * 6, number * 6 + 6));
      expect([products.totalCount, products.pageInfo.hasPreviousPage, products.pageInfo.hasNextPage]).toEqual([
        expected.length,
        number > 0,
        (number + 1) * 6 < expected.length,
      ]);
      // After the first page, one call from the last product on: no page number, no offset.
      if (restExtensions && number > 0)
        expect(shop.calls).toEqual([expect.stringMatching(/^GET \/api\/products\/filter\?.*&size=6&after=\d+$/)]);
      // The plain contract has no paging: page and size are sent, and its whole list is cut here.
      if (!restExtensions)
        expect(shop.calls).toEqual([
          expect.stringMatching(
            /^GET \/api\/products\/filter\?name=keyset&minPrice=2&maxQuantity=40&page=\d+&size=\d+$/,
          ),
        ]);
      seen.push(...names(products));
      if (!products.pageInfo.hasNextPage) break;
      after = products.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('read backward from the end in one call, and from a product, what offset paging answered', async () => {
    shop.resetCalls();
    const end = await page({ last: 5 });
    expect([names(end), end.totalCount, end.pageInfo.hasPreviousPage, end.pageInfo.hasNextPage]).toEqual([
      expected.slice(-5),
      expected.length,
      true,
      false,
    ]);
    if (restExtensions)
      expect(shop.calls).toEqual([expect.stringMatching(/^GET \/api\/products\/filter\?.*&size=5&before=end$/)]);
    const before = await page({ last: 5, before: end.pageInfo.startCursor });
    expect([names(before), before.totalCount, before.pageInfo.hasNextPage]).toEqual([
      expected.slice(-10, -5),
      expected.length,
      true,
    ]);
    // Its cursors page forward again from where they stand.
    const onward = await page({ first: 3, after: before.edges[1]!.cursor });
    expect(names(onward)).toEqual(expected.slice(-8, -5));
  });

  it('still pages from a cursor of the previous release (an offset alone), by offset', async () => {
    shop.resetCalls();
    const products = await page({ first: 4, after: offsetCursor(19) });
    expect(names(products)).toEqual(expected.slice(20, 24));
    if (restExtensions)
      expect(shop.calls).toEqual([expect.stringMatching(/^GET \/api\/products\/filter\?.*&page=\d+&size=\d+$/)]);
    // The cursors it answers are this release's: the next page is read by keyset.
    shop.resetCalls();
    expect(names(await page({ first: 4, after: products.pageInfo.endCursor }))).toEqual(expected.slice(24, 28));
    if (restExtensions) expect(shop.calls).toEqual([expect.stringMatching(/&after=\d+$/)]);
  });
});
