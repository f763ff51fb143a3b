// The indexes and counters of migration 0004 answer exactly what the queries they replace answered: the same
// products for a name search (the trigram index against LIKE on the lower-cased name), the same counts of the
// catalogue and of the orders per status (the triggers' counters against count(*)), on SQLite and PostgreSQL; and
// the migration adds them to a database that already holds rows, and takes them away again, losing none.
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrationsFor } from '../src/db/migrations.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { createTestDatabase } from '../../tests/helpers/test-database.js';

let shop: RestService;
let admin: string;
let shopper: string;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('scale-shopper');
});
afterAll(() => shop.close());

/** Names that try the search's edges: case, wildcards, quotes, accents, names shorter than a trigram. */
const NAMES = [
  'Digital Thermometer',
  'Infrared EAR thermometer',
  'Thermo Flask',
  '100% Cotton Bandage',
  '100 Cotton Swabs',
  'Gauze_Pad (10 x 10)',
  'GauzePad Mini',
  'Ärztliche Schere',
  'Arztkoffer',
  'The "Quiet" Nebulizer',
  'Ox',
  'o',
  'Back\\slash Brace',
];

/** What the shop answers for a name filter: ids in order, and the total it counts. */
async function searched(name: string): Promise<{ ids: number[]; total: number }> {
  const answer = await shop.request('GET', '/api/products/filter', { token: shopper, query: { name, size: 100 } });
  expect(answer.status).toBe(200);
  const body = answer.body as { content: { id: number }[]; totalElements: number };
  return { ids: body.content.map((product) => product.id), total: body.totalElements };
}

/** The query the index replaced: LIKE on the lower-cased name, its wildcards escaped, in id order. */
async function likeBefore(name: string): Promise<number[]> {
  const { db } = shop.app.shopDatabase;
  const text = `%${name.toLocaleLowerCase('en').replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await sql<{
    id: number;
  }>`select id from products where name_key like ${text} escape '\\' order by id`.execute(db);
  return rows.rows.map((row) => Number(row.id));
}

describe('the name search', () => {
  const created: number[] = [];
  beforeAll(async () => {
    for (const name of NAMES) created.push((await shop.createProduct(admin, { name })).id);
  });

  it.each([
    'therm',
    'THERMOMETER',
    'ear th',
    '100%',
    '100',
    '0%',
    'gauze_',
    'e_p',
    'ärzt',
    'ÄRZTLICHE',
    'arzt',
    '"quiet"',
    'quiet" neb',
    'ox',
    'o',
    'k\\s',
    'brace',
    'no such product anywhere',
  ])('finds for %j exactly the products LIKE found, in the same order, with the same count', async (term) => {
    const expected = (await likeBefore(term)).filter((id) => created.includes(id));
    const { ids, total } = await searched(term);
    expect(ids.filter((id) => created.includes(id))).toEqual(expected);
    expect(total).toBe((await likeBefore(term)).length);
    expect(ids).toEqual(await likeBefore(term));
  });

  it('follows renames and deletions at once', async () => {
    const product = await shop.createProduct(admin, { name: 'Zircon Splint' });
    expect((await searched('zircon')).ids).toEqual([product.id]);
    const renamed = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: 'Quartz Splint', description: 'Renamed', price: 5, quantity: 3, imageUrl: null, imageUrls: [] },
    });
    expect(renamed.status).toBe(200);
    expect((await searched('zircon')).ids).toEqual([]);
    expect((await searched('quartz')).ids).toEqual([product.id]);
    expect((await shop.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBeLessThan(300);
    expect((await searched('quartz')).ids).toEqual([]);
  });
});

describe('the counts', () => {
  async function countedRows(): Promise<{ products: number; byStatus: Record<string, number> }> {
    const { db } = shop.app.shopDatabase;
    const products = await sql<{ count: number }>`select count(*) as count from products`.execute(db);
    const statuses = await sql<{
      status: string;
      count: number;
    }>`select status, count(*) as count from orders group by status`.execute(db);
    return {
      products: Number(products.rows[0]!.count),
      byStatus: Object.fromEntries(statuses.rows.map((row) => [row.status, Number(row.count)])),
    };
  }

  async function answered(): Promise<{ products: number; byStatus: Record<string, number>; all: number }> {
    const catalogue = await shop.request('GET', '/api/products', { token: shopper, query: { page: 0, size: 1 } });
    const desk = await shop.request('GET', '/api/orders', { token: admin, query: { scope: 'all', page: 0, size: 1 } });
    const body = desk.body as { totalElements: number; countsByStatus: Record<string, number> };
    return {
      products: (catalogue.body as { totalElements: number }).totalElements,
      byStatus: Object.fromEntries(Object.entries(body.countsByStatus).filter(([, count]) => count > 0)),
      all: body.totalElements,
    };
  }

  it('of the catalogue and of the orders per status stay what count(*) says through checkouts, moves and deletions', async () => {
    const product = await shop.createProduct(admin, { name: 'Counted Gauze', quantity: 50 });
    const buyers = [await shop.register('scale-buyer-1'), await shop.register('scale-buyer-2')];
    const placed: number[] = [];
    for (const [index, buyer] of [...buyers, ...buyers].entries()) {
      expect(
        (
          await shop.request('POST', '/api/cart/items', {
            token: buyer,
            body: { productId: product.id, quantity: index + 1 },
          })
        ).status,
      ).toBe(200);
      const order = await shop.request('POST', '/api/orders/checkout', {
        token: buyer,
        body: { shippingAddress: `${index} Count Road` },
      });
      expect(order.status).toBe(201);
      placed.push((order.body as { id: number }).id);
    }
    const move = (id: number, status: string) =>
      shop.request('PUT', `/api/orders/${id}/status`, { token: admin, body: { status } });
    expect((await move(placed[0]!, 'CONFIRMED')).status).toBe(200);
    expect((await move(placed[0]!, 'SHIPPED')).status).toBe(200);
    expect((await move(placed[1]!, 'CANCELLED')).status).toBe(200);
    expect((await move(placed[2]!, 'CONFIRMED')).status).toBe(200);
    const extra = await shop.createProduct(admin, { name: 'Counted Tape' });
    expect((await shop.request('DELETE', `/api/products/${extra.id}`, { token: admin })).status).toBeLessThan(300);

    const rows = await countedRows();
    const shown = await answered();
    expect(shown.products).toBe(rows.products);
    expect(shown.byStatus).toEqual(rows.byStatus);
    expect(shown.all).toBe(Object.values(rows.byStatus).reduce((sum, count) => sum + count, 0));
    expect(rows.byStatus).toMatchObject({ SHIPPED: 1, CANCELLED: 1, CONFIRMED: 1 });
    // Per status, the desk's total is the counter's.
    const pending = await shop.request('GET', '/api/orders', {
      token: admin,
      query: { scope: 'all', status: 'PENDING', page: 0, size: 1 },
    });
    expect((pending.body as { totalElements: number }).totalElements).toBe(rows.byStatus.PENDING);
  });
});

describe('migration 0004 on a database that already holds rows', () => {
  it('adds the indexes and counters with the right counts, finds the existing names, and reverts without losing a row', async () => {
    const database = await createTestDatabase();
    const opened = openDatabase(database.url);
    try {
      const plain = opened.db.withoutPlugins() as Kysely<any>;
      const migrator = () =>
        new Migrator({ db: plain, provider: { getMigrations: async () => migrationsFor(opened.kind) } });
      expect((await migrator().migrateTo('0003_checkout_requests')).error).toBeUndefined();
      const now = new Date().toISOString();
      for (const [index, name] of ['Old Thermometer', 'Old Gauze', 'Older Brace'].entries()) {
        await sql`insert into products (name, name_key, description, price_cents, quantity, image_urls, created_at, updated_at)
                  values (${name}, ${name.toLowerCase()}, 'from before', ${100 + index}, 5, '[]', ${now}, ${now})`.execute(
          plain,
        );
      }
      for (const status of ['PENDING', 'PENDING', 'DELIVERED']) {
        await sql`insert into orders (user_id, order_date, status, shipping_address, total_cents) values (null, ${now}, ${status}, 'Old Road', 100)`.execute(
          plain,
        );
      }

      await migrateToLatest(opened);
      const counts = await sql<{
        name: string;
        count: number;
      }>`select name, count from row_counts order by name`.execute(plain);
      expect(counts.rows.map((row) => [row.name, Number(row.count)])).toEqual([
        ['orders:DELIVERED', 1],
        ['orders:PENDING', 2],
        ['products', 3],
      ]);
      if (opened.kind === 'sqlite') {
        const found = await sql<{
          rowid: number;
        }>`select rowid from products_name_search where products_name_search match '"old"' order by rowid`.execute(
          plain,
        );
        expect(found.rows.map((row) => Number(row.rowid))).toEqual([1, 2, 3]);
      }

      expect((await migrator().migrateTo('0003_checkout_requests')).error).toBeUndefined();
      const left = await sql<{ count: number }>`select count(*) as count from products`.execute(plain);
      expect(Number(left.rows[0]!.count)).toBe(3);
      const orders = await sql<{ count: number }>`select count(*) as count from orders`.execute(plain);
      expect(Number(orders.rows[0]!.count)).toBe(3);
      await expect(sql`select count(*) from row_counts`.execute(plain)).rejects.toThrow(/row_counts/);
      // And up again: the counters start from the rows as they are.
      await migrateToLatest(opened);
      const again = await sql<{ count: number }>`select count from row_counts where name = 'products'`.execute(plain);
      expect(Number(again.rows[0]!.count)).toBe(3);
    } finally {
      await opened.close();
      await database.drop();
    }
  });
});
