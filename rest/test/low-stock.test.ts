// Low stock (issue 34, extension product-low-stock): a product is low in stock at its own threshold or fewer units, or
// at the shop's (5 until an admin sets it); admins list such products, the fewest units first, and set the shop's
// threshold (audited). A bad threshold is refused with the rules' message and writes nothing. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let shopper: string;

interface LowStockPage {
  content: { name: string; quantity: number; lowStockThreshold: number | null; appliedThreshold: number }[];
  totalElements: number;
}

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('low-stock-shopper');
  for (const [name, quantity, lowStockThreshold] of [
    ['Plenty', 100, null],
    ['Five left', 5, null],
    ['Six left', 6, null],
    ['None left', 0, null],
    ['Twenty left, watched at 25', 20, 25],
    ['Three left, watched at 2', 3, 2],
  ] as const)
    await shop.createProduct(admin, { name, quantity, lowStockThreshold });
});
afterAll(() => shop.close());

const lowStock = async (query: Record<string, number> = {}) => {
  const answer = await shop.request<LowStockPage>('GET', '/api/products/low-stock', { token: admin, query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const rows = (page: LowStockPage) =>
  page.content.map((product) => [product.name, product.quantity, product.appliedThreshold]);

describe('low stock', () => {
  it('lists the products at or under their own threshold, else the shop’s (5), the fewest units first', async () => {
    const page = await lowStock();
    expect(rows(page)).toEqual([
      ['None left', 0, 5],
      ['Five left', 5, 5],
      ['Twenty left, watched at 25', 20, 25],
    ]);
    expect(page.totalElements).toBe(3);
    expect(rows(await lowStock({ page: 1, size: 2 }))).toEqual([['Twenty left, watched at 25', 20, 25]]);
    const setting = await shop.request('GET', '/api/settings/low-stock', { token: admin });
    expect(setting.body).toEqual({ threshold: 5 });
  });

  it('follows the shop’s threshold once an admin sets it, and audits the change', async () => {
    const saved = await shop.request('PUT', '/api/settings/low-stock', { token: admin, body: { threshold: 6 } });
    expect([saved.status, saved.body]).toEqual([200, { threshold: 6 }]);
    expect(rows(await lowStock())).toEqual([
      ['None left', 0, 6],
      ['Five left', 5, 6],
      ['Six left', 6, 6],
      ['Twenty left, watched at 25', 20, 25],
    ]);
    // The same again changes nothing, and records nothing.
    await shop.request('PUT', '/api/settings/low-stock', { token: admin, body: { threshold: 6 } });
    const audit = await shop.request<{ content: { action: string; actor: { username: string }; changes: object }[] }>(
      'GET',
      '/api/audit-events',
      { token: admin, query: { subjectType: 'shop', subjectId: 1 } },
    );
    expect(audit.body.content.map((event) => [event.action, event.changes])).toEqual([
      ['settings.updated', { lowStockThreshold: { from: 5, to: 6 } }],
    ]);
  });

  it('refuses a threshold that is not a whole number from 0 to 1,000,000, writing nothing', async () => {
    for (const [threshold, message] of [
      [-1, 'Low stock threshold must be from 0 to 1,000,000'],
      [1_000_001, 'Low stock threshold must be from 0 to 1,000,000'],
      [2.5, 'Low stock threshold must be a whole number'],
      ['7', 'Low stock threshold must be a whole number'],
      [null, 'Low stock threshold must be a whole number'],
    ] as const) {
      const refused = await shop.request('PUT', '/api/settings/low-stock', { token: admin, body: { threshold } });
      expect([refused.status, refused.body], String(threshold)).toEqual([
        400,
        expect.objectContaining({ message, field: 'threshold' }),
      ]);
    }
    expect((await shop.request('GET', '/api/settings/low-stock', { token: admin })).body).toEqual({ threshold: 6 });
    const product = await shop.request('POST', '/api/products', {
      token: admin,
      body: { name: 'Bad threshold', description: 'x', price: 1, quantity: 1, lowStockThreshold: -2 },
    });
    expect(product.status).toBe(400);
    expect(product.body).toMatchObject({ field: 'lowStockThreshold' });
  });

  it('keeps a product’s own threshold when an update leaves it out, and clears it with null', async () => {
    const created = await shop.createProduct(admin, { name: 'Kept', quantity: 8, lowStockThreshold: 9 });
    const path = `/api/products/${created.id}`;
    const form = { name: 'Kept', description: 'x', price: 1, quantity: 8 };
    const kept = await shop.request<{ lowStockThreshold: number | null }>('PUT', path, { token: admin, body: form });
    expect(kept.body.lowStockThreshold).toBe(9);
    const cleared = await shop.request<{ lowStockThreshold: number | null }>('PUT', path, {
      token: admin,
      body: { ...form, lowStockThreshold: null },
    });
    expect(cleared.body.lowStockThreshold).toBeNull();
  });

  it('is for admins only', async () => {
    for (const [method, path] of [
      ['GET', '/api/products/low-stock'],
      ['GET', '/api/settings/low-stock'],
      ['PUT', '/api/settings/low-stock'],
    ] as const) {
      const answer = await shop.request(method, path, { token: shopper, body: { threshold: 1 } });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});
