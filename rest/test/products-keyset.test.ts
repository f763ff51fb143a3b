// Keyset paging of the catalogue (extension: product-keyset): `after=<id>` and `before=<id>|end` answer, page by page,
// exactly the products OFFSET paging answered, for the plain listing and for every filter (name, price, stock, and
// all of them), on SQLite and on PostgreSQL (TEST_DATABASE=postgres) — a page deep in the list read from the product
// before it, not counted from the start. With the extensions off the filter is the plain contract's, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let shopper: string;

/** 90 products: names of three kinds, prices and stock spread so that each filter keeps a scattered part of them. */
const COUNT = 90;
const KINDS = ['Keyset Gauze', 'Keyset Tape', 'Keyset Gauze Roll'];

beforeAll(async () => {
  shop = await startRestService();
  const admin = await shop.adminToken();
  shopper = await shop.register('keyset-shopper');
  for (let index = 0; index < COUNT; index += 1) {
    await shop.createProduct(admin, {
      name: `${KINDS[index % 3]} ${index}`,
      price: 1 + ((index * 7) % 20),
      quantity: (index * 11) % 30,
    });
  }
});
afterAll(() => shop.close());

type Query = Record<string, string | number>;
interface Page {
  content: { id: number }[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

async function get(path: string, query: Query): Promise<Page> {
  const answer = await shop.request<Page>('GET', path, { token: shopper, query });
  expect(answer.status, JSON.stringify(query)).toBe(200);
  return answer.body;
}

const ids = (page: Page) => page.content.map((product) => product.id);

const FILTERS: [string, string, Query][] = [
  ['the whole listing', '/api/products', {}],
  ['a name', '/api/products/filter', { name: 'keyset gauze' }],
  ['a price range', '/api/products/filter', { minPrice: 5, maxPrice: 12 }],
  ['a stock range', '/api/products/filter', { minQuantity: 10, maxQuantity: 25 }],
  [
    'a name, a price and a stock range together',
    '/api/products/filter',
    { name: 'keyset', minPrice: 3, maxPrice: 18, minQuantity: 4 },
  ],
];
const SIZE = 7;

describe.each(FILTERS)('keyset pages of %s', (_what, path, filter) => {
  it('answer page after page exactly what OFFSET paging answered, counting what lies beyond', async () => {
    const first = await get(path, { ...filter, page: 0, size: SIZE });
    const total = first.totalElements;
    expect(total).toBeGreaterThan(2 * SIZE);
    let after = 0;
    for (let number = 0; number * SIZE < total + SIZE; number += 1) {
      const byOffset = await get(path, { ...filter, page: number, size: SIZE });
      const bySeek = await get(path, { ...filter, after, size: SIZE });
      const before = Math.max(0, total - number * SIZE);
      expect(bySeek, `page ${number}`).toEqual({
        content: byOffset.content,
        totalElements: before,
        totalPages: Math.ceil(before / SIZE),
        number: 0,
        size: SIZE,
      });
      if (bySeek.content.length === 0) break;
      after = bySeek.content.at(-1)!.id;
    }
  });

  it('answer backwards, from the end and from a product, what OFFSET paging answered there', async () => {
    const all = ids(await get(path, { ...filter, page: 0, size: 100 }));
    const last = await get(path, { ...filter, before: 'end', size: SIZE });
    expect([ids(last), last.totalElements]).toEqual([all.slice(-SIZE), all.length]);
    // The page just before the 30th product, and the first page, shorter than asked.
    const thirtieth = all[29]!;
    const beforeIt = await get(path, { ...filter, before: thirtieth, size: SIZE });
    expect([ids(beforeIt), beforeIt.totalElements]).toEqual([all.slice(29 - SIZE, 29), 29]);
    const beforeThird = await get(path, { ...filter, before: all[2]!, size: SIZE });
    expect([ids(beforeThird), beforeThird.totalElements]).toEqual([all.slice(0, 2), 2]);
    // A place past any id a database can hold is the end (not a query PostgreSQL's integer ids would refuse).
    expect(await get(path, { ...filter, before: 9_999_999_999, size: SIZE })).toEqual(last);
  });
});

describe('keyset paging’s arguments', () => {
  it.each([
    [{ after: 3, before: 9 }, 'Give after or before, not both', 'before'],
    [{ after: 3, page: 2 }, 'Give page, or after or before: not both', 'page'],
    [{ before: 'start' }, undefined, 'before'],
    [{ after: -1 }, 'After must be at least 0', 'after'],
  ])('refuses %j with 400, on the listing and on the filter', async (query, message, field) => {
    for (const path of ['/api/products', '/api/products/filter']) {
      const answer = await shop.request<{ message: string; field: string; code: string }>('GET', path, {
        token: shopper,
        query,
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ field, code: 'INVALID_INPUT', ...(message ? { message } : {}) });
    }
  });
});

describe('with the extensions switched off (REST_EXTENSIONS=false)', () => {
  let plain: RestService;
  beforeAll(async () => {
    plain = await startRestService({ extensions: false });
    const admin = await plain.adminToken();
    for (const name of ['Plain Keyset One', 'Plain Keyset Two', 'Plain Keyset Three'])
      await plain.createProduct(admin, { name });
  });
  afterAll(() => plain.close());

  it('answers the filter as the plain contract’s list, whatever after, before and size say', async () => {
    const token = await plain.register('plain-keyset-shopper');
    const whole = await plain.request<{ name: string }[]>('GET', '/api/products/filter', {
      token,
      query: { name: 'plain keyset' },
    });
    for (const query of [{ after: 1, size: 1 }, { before: 'end' }, { before: 2, after: 1 }] as Query[]) {
      const answer = await plain.request<{ name: string }[]>('GET', '/api/products/filter', {
        token,
        query: { name: 'plain keyset', ...query },
      });
      expect([answer.status, answer.body], JSON.stringify(query)).toEqual([200, whole.body]);
    }
    expect(whole.body.map((product) => product.name)).toEqual([
      'Plain Keyset One',
      'Plain Keyset Two',
      'Plain Keyset Three',
    ]);
  });
});
