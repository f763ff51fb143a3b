// Who did what: every admin action — a product created, changed, deleted; an order moved — is recorded with who, when
// and what changed, in the transaction of the change itself; an order's history is its buyer's to read, and the
// admins' with who moved it (extensions: /api/audit-events, /api/orders/:id/history).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let adminId: number;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  adminId = (await shop.request<{ id: number }>('GET', '/api/users/profile', { token: admin })).body.id;
});
afterAll(() => shop.close());

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
let counter = 0;

const eventsOf = async (type: 'product' | 'order', id: number) => {
  const answer = await shop.request<{ content: any[]; totalElements: number }>('GET', '/api/audit-events', {
    token: admin,
    query: { subjectType: type, subjectId: id },
  });
  expect(answer.status).toBe(200);
  // Newest first, as the record is read; oldest first here, as a story is told.
  return answer.body.content.reverse();
};

const FIELDS = { description: 'Sterile, single use', imageUrl: null, imageUrls: null };

describe('products', () => {
  it('a product created, changed and deleted is three records: who, when, and exactly what changed', async () => {
    const name = `Audited Gauze ${++counter}`;
    const product = await shop.createProduct(admin, { name, price: 10, quantity: 5, ...FIELDS });
    const put = (fields: object) =>
      shop.request('PUT', `/api/products/${product.id}`, {
        token: admin,
        body: { name, price: 10, quantity: 5, ...FIELDS, ...fields },
      });
    const sku = `AUD-${counter}`;
    expect((await put({ price: 12.5, quantity: 4, sku })).status).toBe(200);
    // Saved as it was (the SKU left out stays): nothing to tell.
    expect((await put({ price: 12.5, quantity: 4 })).status).toBe(200);
    expect((await shop.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(204);

    const events = await eventsOf('product', product.id);
    const actor = { id: adminId, username: 'admin' };
    expect(events).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(ISO_TIMESTAMP),
        actor,
        action: 'product.created',
        subject: { type: 'product', id: product.id },
        changes: {
          name: { to: name },
          description: { to: 'Sterile, single use' },
          price: { to: 10 },
          quantity: { to: 5 },
          imageUrl: { to: null },
          imageUrls: { to: [] },
          imageAlts: { to: [] },
          sku: { to: null },
          categoryIds: { to: [] },
          lowStockThreshold: { to: null },
        },
      },
      {
        id: expect.any(Number),
        at: expect.stringMatching(ISO_TIMESTAMP),
        actor,
        action: 'product.updated',
        subject: { type: 'product', id: product.id },
        changes: { price: { from: 10, to: 12.5 }, quantity: { from: 5, to: 4 }, sku: { from: null, to: sku } },
      },
      {
        id: expect.any(Number),
        at: expect.stringMatching(ISO_TIMESTAMP),
        actor,
        action: 'product.deleted',
        subject: { type: 'product', id: product.id },
        changes: {
          name: { from: name },
          description: { from: 'Sterile, single use' },
          price: { from: 12.5 },
          quantity: { from: 4 },
          imageUrl: { from: null },
          imageUrls: { from: [] },
          imageAlts: { from: [] },
          sku: { from: sku },
          categoryIds: { from: [] },
          lowStockThreshold: { from: null },
        },
      },
    ]);
    expect(events[0].at <= events[1].at && events[1].at <= events[2].at).toBe(true);
  });

  it('two admins changing one product at once: each record starts where the other ended', async () => {
    const name = `Contended Gauze ${++counter}`;
    const product = await shop.createProduct(admin, { name, price: 10, quantity: 5, ...FIELDS });
    const put = (price: number) =>
      shop.request('PUT', `/api/products/${product.id}`, {
        token: admin,
        body: { name, price, quantity: 5, ...FIELDS },
      });
    const answers = await Promise.all([put(11), put(12), put(13)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const prices = (await eventsOf('product', product.id)).slice(1).map((event) => event.changes.price);
    // A chain: 10 → a → b → c, whatever order the three took.
    expect(prices[0].from).toBe(10);
    expect(prices[1].from).toBe(prices[0].to);
    expect(prices[2].from).toBe(prices[1].to);
    expect(prices.map((price: { to: number }) => price.to).sort()).toEqual([11, 12, 13]);
  });

  it('a refused change records nothing', async () => {
    const product = await shop.createProduct(admin, {
      name: `Refused Change ${++counter}`,
      price: 3,
      quantity: 1,
      ...FIELDS,
    });
    expect(
      (
        await shop.request('PUT', `/api/products/${product.id}`, {
          token: admin,
          body: { name: '', description: 'x', price: 3, quantity: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await shop.request('PUT', '/api/products/999999', {
          token: admin,
          body: { name: 'Nothing Here', description: 'x', price: 3, quantity: 1 },
        })
      ).status,
    ).toBe(404);
    expect((await shop.request('DELETE', '/api/products/999999', { token: admin })).status).toBe(404);
    expect((await eventsOf('product', product.id)).map((event) => event.action)).toEqual(['product.created']);
    expect(await eventsOf('product', 999999)).toEqual([]);
  });

  it('a change whose record cannot be written is not made', async () => {
    const product = await shop.createProduct(admin, {
      name: `Atomic Change ${++counter}`,
      price: 7,
      quantity: 2,
      ...FIELDS,
    });
    const { db } = shop.app.shopDatabase;
    await sql`alter table audit_events rename to audit_events_away`.execute(db);
    try {
      const answer = await shop.request('PUT', `/api/products/${product.id}`, {
        token: admin,
        body: { name: product.name, description: 'x', price: 99, quantity: 2 },
      });
      expect(answer.status).toBe(500);
      const created = await shop.request('POST', '/api/products', {
        token: admin,
        body: { name: `Never Made ${counter}`, description: 'x', price: 1, quantity: 1 },
      });
      expect(created.status).toBe(500);
    } finally {
      await sql`alter table audit_events_away rename to audit_events`.execute(db);
    }
    expect(
      (await shop.request<{ price: number }>('GET', `/api/products/${product.id}`, { token: admin })).body.price,
    ).toBe(7);
    const catalogue = await shop.request<{ name: string }[]>('GET', '/api/products', { token: admin });
    expect(catalogue.body.map((each) => each.name)).not.toContain(`Never Made ${counter}`);
    expect(catalogue.body.map((each) => each.name)).toContain(product.name);
  });
});

describe('orders', () => {
  async function placeOrder(): Promise<{ buyer: string; orderId: number; productId: number }> {
    const buyer = await shop.register(`history-buyer-${++counter}`);
    const product = await shop.createProduct(admin, {
      name: `History Item ${counter}`,
      price: 4,
      quantity: 10,
      ...FIELDS,
    });
    expect(
      (await shop.request('POST', '/api/cart/items', { token: buyer, body: { productId: product.id, quantity: 3 } }))
        .status,
    ).toBe(200);
    const order = await shop.request<{ id: number }>('POST', '/api/orders/checkout', {
      token: buyer,
      body: { shippingAddress: '1 Main Street' },
    });
    expect(order.status).toBe(201);
    return { buyer, orderId: order.body.id, productId: product.id };
  }
  const move = (orderId: number, status: string) =>
    shop.request('PUT', `/api/orders/${orderId}/status`, { token: admin, body: { status } });

  it('each move is recorded; the buyer reads the history with times, admins with who moved it', async () => {
    const { buyer, orderId } = await placeOrder();
    const placedAt = (await shop.request<{ orderDate: string }>('GET', `/api/orders/${orderId}`, { token: buyer })).body
      .orderDate;
    expect((await move(orderId, 'CONFIRMED')).status).toBe(200);
    expect((await move(orderId, 'SHIPPED')).status).toBe(200);
    // Asked twice: already done, nothing more to record.
    expect((await move(orderId, 'SHIPPED')).status).toBe(200);
    // Refused: nothing recorded.
    expect((await move(orderId, 'PENDING')).status).toBe(400);
    expect((await move(orderId, 'CONFIRMED')).status).toBe(409);

    const forBuyer = await shop.request<any[]>('GET', `/api/orders/${orderId}/history`, { token: buyer });
    expect(forBuyer.status).toBe(200);
    expect(forBuyer.body).toEqual([
      { status: 'PENDING', at: placedAt },
      { status: 'CONFIRMED', at: expect.stringMatching(ISO_TIMESTAMP) },
      { status: 'SHIPPED', at: expect.stringMatching(ISO_TIMESTAMP) },
    ]);
    const forAdmin = await shop.request<any[]>('GET', `/api/orders/${orderId}/history`, { token: admin });
    expect(forAdmin.body.map((step) => [step.status, step.by])).toEqual([
      ['PENDING', undefined],
      ['CONFIRMED', 'admin'],
      ['SHIPPED', 'admin'],
    ]);
    expect((await eventsOf('order', orderId)).map((event) => [event.action, event.changes])).toEqual([
      ['order.status_changed', { status: { from: 'PENDING', to: 'CONFIRMED' } }],
      ['order.status_changed', { status: { from: 'CONFIRMED', to: 'SHIPPED' } }],
    ]);
  });

  it("another customer cannot read an order's history, nor anyone but admins the record", async () => {
    const { orderId } = await placeOrder();
    const stranger = await shop.register(`history-stranger-${++counter}`);
    expect(await shop.request('GET', `/api/orders/${orderId}/history`, { token: stranger })).toMatchObject({
      status: 404,
      body: { message: 'Order not found', code: 'ORDER_NOT_FOUND' },
    });
    expect(await shop.request('GET', '/api/audit-events', { token: stranger })).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can read the audit record' },
    });
    expect(
      await shop.request('GET', '/api/audit-events', { token: admin, query: { subjectType: 'order' } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'subjectType and subjectId go together: send both, or neither', field: 'subjectId' },
    });
  });

  it('the whole record pages newest first', async () => {
    const { orderId } = await placeOrder();
    expect((await move(orderId, 'CANCELLED')).status).toBe(200);
    const newest = await shop.request<{ content: any[]; totalElements: number }>('GET', '/api/audit-events', {
      token: admin,
      query: { page: 0, size: 2 },
    });
    expect(newest.body.content.map((event) => [event.action, event.subject])).toEqual([
      ['order.status_changed', { type: 'order', id: orderId }],
      ['product.created', { type: 'product', id: expect.any(Number) }],
    ]);
    expect(newest.body.content[0].changes).toEqual({ status: { from: 'PENDING', to: 'CANCELLED' } });
    expect(newest.body.totalElements).toBeGreaterThanOrEqual(2);
  });
});
