// The listing's facets (issue 34, extension product-facets): beside a filter's and a search's products, how many each
// category one level down, each price band and "in stock" hold, each counted as if its own choice were not made. The
// same shop is built on SQLite and on PostgreSQL and every answer is the same on both (PostgreSQL when reachable; CI
// starts it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { postgresReachable } from '../../tests/helpers/test-database.js';

const postgresUp = await postgresReachable();
if (!postgresUp) console.warn('\n!!! PostgreSQL is not reachable: the facets are tested on SQLite only.\n');

interface Facets {
  totalElements: number;
  categories: { id: number; count: number }[];
  priceBands: { minPrice: number; maxPrice: number | null; count: number }[];
  inStock: number;
}

interface Shop {
  service: RestService;
  token: string;
  admin: string;
  /** The categories' ids by name. */
  ids: Record<string, number>;
}

/**
 * Diagnostics › Thermometers, Diagnostics › Blood pressure, First aid › Dressings, and an empty top category; each
 * product's categories by name (a product may be in two, under one top category or under two).
 */
const TREE: [name: string, parent: string | null][] = [
  ['Diagnostics', null],
  ['First aid', null],
  ['Empty', null],
  ['Thermometers', 'Diagnostics'],
  ['Blood pressure', 'Diagnostics'],
  ['Dressings', 'First aid'],
];
const CATALOGUE = [
  { name: 'Digital Thermometer', price: 9.99, quantity: 10, categories: ['Thermometers'] },
  { name: 'Ear Thermometer', price: 39.99, quantity: 0, categories: ['Thermometers', 'Diagnostics'] },
  { name: 'Blood Pressure Monitor', price: 59.99, quantity: 5, categories: ['Blood pressure'] },
  { name: 'Gauze Pads', price: 5.49, quantity: 100, categories: ['Dressings'] },
  { name: 'Elastic Bandage', price: 24.99, quantity: 0, categories: ['First aid'] },
  { name: 'Travel Kit with Thermometer', price: 120, quantity: 3, categories: ['Thermometers', 'Dressings'] },
  { name: 'Pill Box', price: 25, quantity: 2, categories: [] },
];

async function openShop(database: 'sqlite' | 'postgres'): Promise<Shop> {
  const service = await startRestService({ database });
  const admin = await service.adminToken();
  const ids: Record<string, number> = {};
  for (const [name, parent] of TREE) {
    const created = await service.request<{ id: number }>('POST', '/api/categories', {
      token: admin,
      body: { name, parentId: parent === null ? null : ids[parent] },
    });
    ids[name] = created.body.id;
  }
  for (const { categories, ...product } of CATALOGUE)
    await service.createProduct(admin, { ...product, categoryIds: categories.map((name) => ids[name]!) });
  return { service, token: await service.register(`facets-${database}`), admin, ids };
}

const shops: Partial<Record<'sqlite' | 'postgres', Shop>> = {};
beforeAll(async () => {
  shops.sqlite = await openShop('sqlite');
  if (postgresUp) shops.postgres = await openShop('postgres');
}, 120_000);
afterAll(async () => {
  await Promise.all(Object.values(shops).map((shop) => shop.service.close()));
});

const each = () => Object.entries(shops) as ['sqlite' | 'postgres', Shop][];

/** The facets for a query whose `category` is a category's name, with the categories answered by name. */
async function facetsOf(shop: Shop, query: Record<string, string | number>) {
  const named = { ...query, ...(query.category ? { category: shop.ids[query.category]! } : {}) };
  const answer = await shop.service.request<Facets>('GET', '/api/products/facets', { token: shop.token, query: named });
  expect(answer.status, answer.text).toBe(200);
  const nameOf = Object.fromEntries(Object.entries(shop.ids).map(([name, id]) => [id, name]));
  return {
    total: answer.body.totalElements,
    categories: Object.fromEntries(answer.body.categories.map(({ id, count }) => [nameOf[id], count])),
    priceBands: answer.body.priceBands.map((band) => band.count),
    inStock: answer.body.inStock,
  };
}

describe('facets beside a list', () => {
  it('answer the bands as the filter takes them', async () => {
    for (const [database, shop] of each()) {
      const answer = await shop.service.request<Facets>('GET', '/api/products/facets', { token: shop.token });
      expect(
        answer.body.priceBands.map(({ minPrice, maxPrice }) => [minPrice, maxPrice]),
        database,
      ).toEqual([
        [0, 9.99],
        [10, 24.99],
        [25, 49.99],
        [50, 99.99],
        [100, null],
      ]);
      expect(answer.headers['contract-extensions'], database).toContain('product-facets');
    }
  });

  it('count the whole catalogue by top category (a product in two of them in each, once in one), band and stock', async () => {
    for (const [database, shop] of each())
      expect(await facetsOf(shop, {}), database).toEqual({
        total: 7,
        categories: { Diagnostics: 4, 'First aid': 3, Empty: 0 },
        priceBands: [2, 1, 2, 1, 1],
        inStock: 5,
      });
  });

  it('on a category’s page, count its subcategories and its own products', async () => {
    for (const [database, shop] of each())
      expect(await facetsOf(shop, { category: 'Diagnostics' }), database).toEqual({
        total: 4,
        categories: { Thermometers: 3, 'Blood pressure': 1 },
        priceBands: [1, 0, 1, 1, 1],
        inStock: 3,
      });
  });

  it('count each band with the price bounds set aside, and the rest within them', async () => {
    for (const [database, shop] of each())
      expect(await facetsOf(shop, { category: 'Diagnostics', minPrice: 25, maxPrice: 49.99 }), database).toEqual({
        total: 1,
        categories: { Thermometers: 1, 'Blood pressure': 0 },
        priceBands: [1, 0, 1, 1, 1],
        inStock: 0,
      });
  });

  it('count "in stock" with the stock bounds set aside, and the rest within them', async () => {
    for (const [database, shop] of each())
      expect(await facetsOf(shop, { minQuantity: 1 }), database).toEqual({
        total: 5,
        categories: { Diagnostics: 3, 'First aid': 2, Empty: 0 },
        priceBands: [2, 0, 1, 1, 1],
        inStock: 5,
      });
  });

  it('count what a search finds, its typing mistakes corrected as the search does', async () => {
    for (const [database, shop] of each()) {
      const expected = {
        total: 3,
        categories: { Diagnostics: 3, 'First aid': 1, Empty: 0 },
        priceBands: [1, 0, 1, 0, 1],
        inStock: 2,
      };
      expect(await facetsOf(shop, { search: 'thermometers' }), database).toEqual(expected);
      expect(await facetsOf(shop, { search: 'thermomter' }), database).toEqual(expected);
      expect(await facetsOf(shop, { search: 'thermometer', name: 'travel' }), database).toEqual({
        total: 1,
        categories: { Diagnostics: 1, 'First aid': 1, Empty: 0 },
        priceBands: [0, 0, 0, 0, 1],
        inStock: 1,
      });
    }
  });

  it('count nothing for a search with no word in it, and for a category that does not exist', async () => {
    for (const [database, shop] of each()) {
      expect(await facetsOf(shop, { search: '@@ !!' }), database).toEqual({
        total: 0,
        categories: { Diagnostics: 0, 'First aid': 0, Empty: 0 },
        priceBands: [0, 0, 0, 0, 0],
        inStock: 0,
      });
      const missing = await shop.service.request<Facets>('GET', '/api/products/facets', {
        token: shop.token,
        query: { category: 999_999 },
      });
      expect(missing.status, database).toBe(200);
      expect(
        [missing.body.totalElements, missing.body.categories, missing.body.priceBands.map((band) => band.count)],
        database,
      ).toEqual([0, [], [0, 0, 0, 0, 0]]);
    }
  });

  it('follow a product’s change at once', async () => {
    for (const [database, shop] of each()) {
      const created = await shop.service.createProduct(shop.admin, {
        name: 'Spare Thermometer',
        price: 8,
        quantity: 0,
        categoryIds: [shop.ids['Empty']!],
      });
      expect((await facetsOf(shop, {})).categories, database).toEqual({ Diagnostics: 4, 'First aid': 3, Empty: 1 });
      await shop.service.request('DELETE', `/api/products/${created.id}`, { token: shop.admin });
      expect((await facetsOf(shop, {})).categories, database).toEqual({ Diagnostics: 4, 'First aid': 3, Empty: 0 });
    }
  });

  it('kept as products change agree with the products counted, after every kind of change', async () => {
    // Bounds that cut no product out but that the kept counts cannot read (a stock bound inside "in stock") make the
    // shop count the products themselves: the two must always agree.
    const counted = { maxQuantity: 1_000_000 };
    const agree = async (shop: Shop, database: string, after: string) => {
      for (const category of [undefined, ...Object.keys(shop.ids)]) {
        const query: Record<string, string | number> = category ? { category } : {};
        const kept = await facetsOf(shop, query);
        expect(kept, `${database}, after ${after}, ${category ?? 'everything'}`).toEqual(
          await facetsOf(shop, { ...query, ...counted }),
        );
      }
    };
    for (const [database, shop] of each()) {
      const { service, admin, ids } = shop;
      const pack = await service.createProduct(admin, {
        name: 'Cold Pack',
        price: 6,
        quantity: 1,
        categoryIds: [ids['Dressings']!, ids['First aid']!],
      });
      await agree(shop, database, 'a product created');
      expect((await facetsOf(shop, { category: 'First aid' })).total, database).toBe(4);

      const changed = await service.request('PUT', `/api/products/${pack.id}`, {
        token: admin,
        body: { name: 'Cold Pack', description: 'Gel', price: 30, quantity: 2, categoryIds: [ids['Blood pressure']] },
      });
      expect(changed.status, database).toBe(200);
      await agree(shop, database, 'its price, stock and category changed');

      // Its last units sold: counted out of stock; the order cancelled: in stock again.
      const buyer = await service.register(`facets-buyer-${database}`);
      await service.request('POST', '/api/cart/items', { token: buyer, body: { productId: pack.id, quantity: 2 } });
      const order = await service.request<{ id: number }>('POST', '/api/orders/checkout', {
        token: buyer,
        body: { shippingAddress: '1 Count Street' },
      });
      expect(order.status, database).toBe(201);
      expect((await facetsOf(shop, { category: 'Blood pressure' })).inStock, database).toBe(1);
      await agree(shop, database, 'its last units sold');
      await service.request('PUT', `/api/orders/${order.body.id}/status`, {
        token: admin,
        body: { status: 'CANCELLED' },
      });
      expect((await facetsOf(shop, { category: 'Blood pressure' })).inStock, database).toBe(2);
      await agree(shop, database, 'the order cancelled');

      // Blood pressure moved under First aid, then Dressings deleted, its products moved to Blood pressure.
      const moved = await service.request('PUT', `/api/categories/${ids['Blood pressure']}`, {
        token: admin,
        body: { name: 'Blood pressure', parentId: ids['First aid'] },
      });
      expect(moved.status, database).toBe(200);
      await agree(shop, database, 'a category moved');
      const deleted = await service.request('DELETE', `/api/categories/${ids['Dressings']}`, {
        token: admin,
        query: { moveProductsTo: ids['Blood pressure']! },
      });
      expect(deleted.status, database).toBe(200);
      await agree(shop, database, 'a category deleted, its products moved');

      const imported = await service.request<{ confirmation: string }>('POST', '/api/products/import', {
        token: admin,
        headers: { 'content-type': 'text/csv' },
        body: `id,name,description,price,quantity\n${pack.id},Cold Pack,Gel,150,0\n`,
      });
      await service.request('POST', '/api/products/import', {
        token: admin,
        headers: { 'content-type': 'text/csv' },
        body: `id,name,description,price,quantity\n${pack.id},Cold Pack,Gel,150,0\n`,
        query: { confirm: imported.body.confirmation },
      });
      await agree(shop, database, 'a CSV import');
      await service.request('DELETE', `/api/products/${pack.id}`, { token: admin });
      await agree(shop, database, 'a product deleted');
    }
  });

  it('refuse what a filter or a search refuses, with the same message', async () => {
    const cases: [Record<string, string | number>, object][] = [
      [
        { minPrice: 20, maxPrice: 10 },
        { message: 'Min price must not be greater than max price', field: 'minPrice' },
      ],
      [
        { search: 'one two three four five six seven eight nine ten eleven' },
        { message: 'Search takes at most 10 words', field: 'search' },
      ],
      [{ category: 'first-aid' }, { field: 'category' }],
      [{ minQuantity: -1 }, { field: 'minQuantity' }],
    ];
    for (const [database, shop] of each())
      for (const [query, problem] of cases) {
        const answer = await shop.service.request('GET', '/api/products/facets', { token: shop.token, query });
        expect(answer.status, `${database} ${JSON.stringify(query)}`).toBe(400);
        expect(answer.body, `${database} ${JSON.stringify(query)}`).toMatchObject(problem);
      }
  });

  it('are for logged-in callers, as the catalogue is', async () => {
    const answer = await shops.sqlite!.service.request('GET', '/api/products/facets');
    expect(answer.status).toBe(401);
  });
});
