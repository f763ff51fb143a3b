// Orders: checkout turns the cart into an order in one transaction; buyers see their own orders; admins move
// an order through its statuses (spec §5, §7; DESIGN §3–§4).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ORDER_FIELDS = [
  'id',
  'items',
  'orderDate',
  'payment',
  'pricesIncludeTax',
  'shippingAddress',
  'shippingCost',
  'shippingCountry',
  'shippingMethod',
  'status',
  'subtotal',
  'tax',
  'taxGroups',
  'totalAmount',
  'userId',
  'username',
];
const STATUS_ADMINS_ONLY = 'Only administrators can change an order’s status';

let counter = 0;
/** A new account per test, so carts and order lists never mix between tests. */
const newBuyer = async () => {
  const username = `order-buyer-${++counter}`;
  return { username, token: await shop.register(username) };
};
const newProduct = (fields: { price?: number; quantity?: number; sku?: string } = {}) =>
  shop.createProduct(admin, { name: `Order Item ${++counter}`, ...fields });

async function addToCart(token: string, productId: number, quantity: number): Promise<void> {
  const answer = await shop.request('POST', '/api/cart/items', { token, body: { productId, quantity } });
  expect(answer.status).toBe(200);
}
const checkout = (token: string, body: unknown = { shippingAddress: '1 Main Street' }) =>
  shop.request('POST', '/api/orders/checkout', { token, body });
/** Fills the cart with one unit of a fresh product and checks out. */
async function placeOrder(token: string, units = 1): Promise<any> {
  const product = await newProduct({ quantity: 100 });
  await addToCart(token, product.id, units);
  const answer = await checkout(token);
  expect(answer.status).toBe(201);
  return answer.body;
}
/** A product as GET /api/products/{id} answers it now: what an order's line carries (extension line-products). */
const productNow = async (productId: number) =>
  (await shop.request('GET', `/api/products/${productId}`, { token: admin })).body;
/** The order with its lines' products as they are now. */
const withProductsNow = async (order: any) => ({
  ...order,
  items: await Promise.all(
    order.items.map(async (item: any) => ({ ...item, product: await productNow(item.productId) })),
  ),
});
const stockOf = async (productId: number) =>
  (await shop.request('GET', `/api/products/${productId}`, { token: admin })).body.quantity as number;
const cartOf = async (token: string) => (await shop.request('GET', '/api/cart', { token })).body;
const ordersOf = async (token: string, query?: Record<string, string | number>) => {
  const answer = await shop.request('GET', '/api/orders', { token, ...(query ? { query } : {}) });
  expect(answer.status).toBe(200);
  return answer.body;
};
const setStatus = (token: string, orderId: number | string, status: unknown) =>
  shop.request('PUT', `/api/orders/${orderId}/status`, { token, body: { status } });

describe('every orders call', () => {
  it('needs a token and answers 401 without one, changing nothing', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    const product = await newProduct();
    await addToCart(buyer.token, product.id, 1);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/orders/checkout', { shippingAddress: '1 Main Street' }],
      ['GET', '/api/orders', undefined],
      ['GET', `/api/orders/${order.id}`, undefined],
      ['PUT', `/api/orders/${order.id}/status`, { status: 'CANCELLED' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await shop.request(method as 'GET', path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ message: 'Authentication required', code: 'AUTHENTICATION_REQUIRED' });
    }
    expect(await ordersOf(buyer.token)).toEqual([order]);
    expect((await cartOf(buyer.token)).items).toHaveLength(1);
  });
});

describe('POST /api/orders/checkout', () => {
  it('places a PENDING order (201) with name and price snapshots, takes the stock and empties the cart', async () => {
    const buyer = await newBuyer();
    const pricey = await newProduct({ price: 19.99, quantity: 10 });
    const dime = await newProduct({ price: 0.1, quantity: 5 });
    await addToCart(buyer.token, pricey.id, 3);
    await addToCart(buyer.token, dime.id, 3);

    const answer = await checkout(buyer.token, { shippingAddress: '  12 Harbour Lane\nPort Town  ' });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(ORDER_FIELDS);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      orderDate: expect.stringMatching(ISO_TIMESTAMP),
      totalAmount: 60.27,
      // A shop that offers no shipping method charges none (shipping.test.ts has those that do).
      subtotal: 60.27,
      shippingCost: 0,
      shippingMethod: null,
      shippingCountry: null,
      // Nor tax where it has no rates (tax.test.ts has those).
      tax: 0,
      taxGroups: [],
      pricesIncludeTax: true,
      payment: null,
      status: 'PENDING',
      shippingAddress: '12 Harbour Lane\nPort Town',
      username: buyer.username,
      userId: (await shop.request('GET', '/api/users/profile', { token: buyer.token })).body.id,
      items: [
        {
          id: expect.any(Number),
          productId: pricey.id,
          productName: pricey.name,
          sku: null,
          product: await productNow(pricey.id),
          price: 19.99,
          quantity: 3,
          subtotal: 59.97,
        },
        {
          id: expect.any(Number),
          productId: dime.id,
          productName: dime.name,
          sku: null,
          product: await productNow(dime.id),
          price: 0.1,
          quantity: 3,
          subtotal: 0.3,
        },
      ],
    });
    expect(new Date(answer.body.orderDate).toISOString()).toBe(answer.body.orderDate);

    expect(await stockOf(pricey.id)).toBe(7);
    expect(await stockOf(dime.id)).toBe(2);
    expect(await cartOf(buyer.token)).toEqual({ id: expect.any(Number), items: [], totalItems: 0, totalPrice: 0 });

    const reread = await shop.request('GET', `/api/orders/${answer.body.id}`, { token: buyer.token });
    expect(reread.status).toBe(200);
    expect(reread.body).toEqual(answer.body);
  });

  it('keeps the order as placed when the products are later renamed, repriced or deleted', async () => {
    const buyer = await newBuyer();
    const renamed = await newProduct({ price: 5, quantity: 10 });
    const deleted = await newProduct({ price: 7.25, quantity: 10 });
    await addToCart(buyer.token, renamed.id, 2);
    await addToCart(buyer.token, deleted.id, 1);
    const placed = await checkout(buyer.token);
    expect(placed.status).toBe(201);

    const update = await shop.request('PUT', `/api/products/${renamed.id}`, {
      token: admin,
      body: { name: 'Completely New Name', description: 'Changed', price: 99, quantity: 1 },
    });
    expect(update.status).toBe(200);
    expect((await shop.request('DELETE', `/api/products/${deleted.id}`, { token: admin })).status).toBe(204);

    const reread = await shop.request('GET', `/api/orders/${placed.body.id}`, { token: buyer.token });
    // The lines as bought; their products (extension line-products) as they are now: renamed, and gone.
    const [renamedLine, deletedLine] = placed.body.items;
    expect(reread.body).toEqual({
      ...placed.body,
      items: [
        { ...renamedLine, product: update.body },
        { ...deletedLine, product: null },
      ],
    });
    expect(reread.body.items.map((item: any) => [item.productName, item.price])).toEqual([
      [renamed.name, 5],
      [deleted.name, 7.25],
    ]);
    expect(reread.body.totalAmount).toBe(17.25);
  });

  it.each<[string, unknown, string]>([
    ['an empty address', { shippingAddress: '' }, 'Please enter a shipping address'],
    ['a whitespace-only address', { shippingAddress: '  \n\t ' }, 'Please enter a shipping address'],
    ['a missing address', {}, 'Please enter a shipping address'],
    ['a null address', { shippingAddress: null }, 'Please enter a shipping address'],
    ['an address that is not text', { shippingAddress: 42 }, 'Please enter a shipping address'],
    [
      'an address of 501 characters',
      { shippingAddress: 'x'.repeat(501) },
      'Shipping address must be at most 500 characters long',
    ],
  ])('refuses %s with 400 and changes nothing: no order, same cart, same stock', async (_case, body, message) => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 5 });
    await addToCart(buyer.token, product.id, 2);
    const cartBefore = await cartOf(buyer.token);

    const answer = await checkout(buyer.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'shippingAddress', code: 'INVALID_INPUT' });
    expect(await ordersOf(buyer.token)).toEqual([]);
    expect(await cartOf(buyer.token)).toEqual(cartBefore);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('refuses an empty cart with 400 "Your cart is empty" and places no order', async () => {
    const buyer = await newBuyer();
    const answer = await checkout(buyer.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Your cart is empty', code: 'CART_EMPTY' });
    expect(await ordersOf(buyer.token)).toEqual([]);
  });

  it('answers 409 naming the product when the stock dropped below the cart quantity, and changes nothing', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ price: 4, quantity: 5 });
    await addToCart(buyer.token, product.id, 3);
    const lowered = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: product.name, description: 'Nearly sold out', price: 4, quantity: 1 },
    });
    expect(lowered.status).toBe(200);
    const cartBefore = await cartOf(buyer.token);

    const answer = await checkout(buyer.token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: `Not enough stock for ${product.name}: 1 left, your cart holds 3`,
      code: 'INSUFFICIENT_STOCK',
    });
    expect(await stockOf(product.id)).toBe(1);
    expect(await cartOf(buyer.token)).toEqual(cartBefore);
    expect(await ordersOf(buyer.token)).toEqual([]);
  });

  it('rolls the whole checkout back when only the second line is short: the first line’s stock is untouched', async () => {
    const buyer = await newBuyer();
    const plenty = await newProduct({ quantity: 10 });
    const scarce = await newProduct({ quantity: 5 });
    expect(plenty.id).toBeLessThan(scarce.id);
    await addToCart(buyer.token, plenty.id, 4);
    await addToCart(buyer.token, scarce.id, 5);
    await shop.request('PUT', `/api/products/${scarce.id}`, {
      token: admin,
      body: { name: scarce.name, description: 'Short', price: 10, quantity: 2 },
    });
    const cartBefore = await cartOf(buyer.token);

    const answer = await checkout(buyer.token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: `Not enough stock for ${scarce.name}: 2 left, your cart holds 5`,
      code: 'INSUFFICIENT_STOCK',
    });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await cartOf(buyer.token)).toEqual(cartBefore);
    expect(await ordersOf(buyer.token)).toEqual([]);
  });

  it('answers 409 with "0 left" when another buyer took the last unit first, and the cart stays', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 1 });
    await addToCart(buyer.token, product.id, 1);
    const rival = await newBuyer();
    await addToCart(rival.token, product.id, 1);
    expect((await checkout(rival.token)).status).toBe(201);

    const answer = await checkout(buyer.token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: `Not enough stock for ${product.name}: 0 left, your cart holds 1`,
      code: 'INSUFFICIENT_STOCK',
    });
    expect((await cartOf(buyer.token)).items).toHaveLength(1);
    expect(await ordersOf(buyer.token)).toEqual([]);
  });
});

describe('orders within what the graph carries (shop-rules’ limits, issue 30)', () => {
  it('refuses a cart whose prices rose beyond what an order may cost with 400 CART_TOO_LARGE, writing nothing', async () => {
    const buyer = await newBuyer();
    const monitor = await newProduct({ price: 100_000, quantity: 50 });
    await addToCart(buyer.token, monitor.id, 22);
    const raised = await shop.request('PUT', `/api/products/${monitor.id}`, {
      token: admin,
      body: { name: monitor.name, description: 'Raised', price: 999_999.99, quantity: 50 },
    });
    expect(raised.status).toBe(200);
    const cartBefore = await cartOf(buyer.token);

    // The limit is said before a reviewed total that no longer matches: it is what the buyer must change.
    const answer = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal: 2_200_000 });
    expect([answer.status, answer.body]).toEqual([
      400,
      {
        message:
          'Your cart’s total, $21,999,999.78, is over the $10,000,000.00 an order may cost: take some items out to check out',
        code: 'CART_TOO_LARGE',
      },
    ]);
    expect(await ordersOf(buyer.token)).toEqual([]);
    expect(await cartOf(buyer.token)).toEqual(cartBefore);
    expect(await stockOf(monitor.id)).toBe(50);
  });

  it('answers an order stored with a total beyond a 32-bit integer exactly, listed and alone', async () => {
    const buyer = await newBuyer();
    const db = shop.app.shopDatabase.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', buyer.username)
      .executeTakeFirstOrThrow();
    // As placed before the limits: 22 × $999,999.99, written straight into the database.
    const { id } = await db
      .insertInto('orders')
      .values({
        userId,
        orderDate: '2026-11-20T10:00:00.000Z',
        status: 'PENDING',
        shippingAddress: '1 Old Order Street',
        totalCents: 2_199_999_978,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orderItems')
      .values({
        orderId: id,
        productId: 999_999,
        productName: 'Scanner',
        priceCents: 99_999_999,
        quantity: 22,
        subtotalCents: 2_199_999_978,
      })
      .execute();

    const order = {
      id,
      orderDate: '2026-11-20T10:00:00.000Z',
      totalAmount: 21_999_999.78,
      subtotal: 21_999_999.78,
      shippingCost: 0,
      shippingMethod: null,
      shippingCountry: null,
      tax: 0,
      taxGroups: [],
      pricesIncludeTax: true,
      payment: null,
      status: 'PENDING',
      shippingAddress: '1 Old Order Street',
      username: buyer.username,
      userId,
      items: [
        {
          id: expect.any(Number),
          productId: 999_999,
          productName: 'Scanner',
          sku: null,
          product: null,
          price: 999_999.99,
          quantity: 22,
          subtotal: 21_999_999.78,
        },
      ],
    };
    expect(await ordersOf(buyer.token)).toEqual([order]);
    expect((await shop.request('GET', `/api/orders/${id}`, { token: buyer.token })).body).toEqual(order);
  });
});

describe('extension: checkout charges only what the buyer reviewed (expectedTotal)', () => {
  it('places the order when the cart’s total is the one expected', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ price: 10.25, quantity: 5 });
    await addToCart(buyer.token, product.id, 2);
    const answer = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal: 20.5 });
    expect(answer.status).toBe(201);
    expect(answer.body.totalAmount).toBe(20.5);
  });

  it('answers 409 PRICE_CHANGED when an admin raised a price meanwhile, and writes nothing', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ price: 10, quantity: 5 });
    await addToCart(buyer.token, product.id, 1);
    const raised = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: product.name, description: 'Now dearer', price: 990, quantity: 5 },
    });
    expect(raised.status).toBe(200);
    const answer = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal: 10 });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: 'The total is now $990.00, not the $10.00 you reviewed: check your order and place it again',
      code: 'PRICE_CHANGED',
      field: 'expectedTotal',
    });
    expect(await ordersOf(buyer.token)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
    expect(
      (await cartOf(buyer.token)).items.map((item: { productId: number; quantity: number }) => [
        item.productId,
        item.quantity,
      ]),
    ).toEqual([[product.id, 1]]);
    // Asked again with the new total, it is placed at the price the buyer now saw.
    const again = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal: 990 });
    expect([again.status, again.body.totalAmount]).toEqual([201, 990]);
  });

  it('answers 409 PRICE_CHANGED when the quantity changed in another tab', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ price: 4, quantity: 5 });
    await addToCart(buyer.token, product.id, 1);
    await addToCart(buyer.token, product.id, 2);
    const answer = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal: 4 });
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([
      409,
      'PRICE_CHANGED',
      'The total is now $12.00, not the $4.00 you reviewed: check your order and place it again',
    ]);
  });

  it.each([
    [-1, 'a negative total'],
    [10.001, 'more than two decimals'],
    ['ten', 'text'],
  ] as [unknown, string][])('refuses an expectedTotal of %j (%s) with 400, writing nothing', async (expectedTotal) => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 5 });
    await addToCart(buyer.token, product.id, 1);
    const answer = await checkout(buyer.token, { shippingAddress: '1 Main Street', expectedTotal });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'The expected total must be an amount of at least 0 with at most 2 decimals',
      code: 'INVALID_INPUT',
      field: 'expectedTotal',
    });
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe('extension: a retried checkout never orders twice (Idempotency-Key)', () => {
  const checkoutWithKey = (token: string, key: string, body: unknown = { shippingAddress: '1 Main Street' }) =>
    shop.request('POST', '/api/orders/checkout', { token, body, headers: { 'idempotency-key': key } });

  it('says on every answer that checkout checks the total and answers keys itself (Contract-Extensions)', async () => {
    const offered =
      'checkout-integrity, order-history, two-way-paging, product-keyset, email-verification, cart-limits, ' +
      'product-sku, line-products, caller-username, messages-room, product-sort, product-search, product-categories, product-facets, product-low-stock, product-csv, product-pictures, buyer-cancellation, order-again, address-book, shipping, tax, payment, invoices, staff-roles, chat-links, two-factor, chat-blocking, chat-reports';
    expect((await shop.request('GET', '/api/cart', { token: admin })).headers['contract-extensions']).toBe(offered);
    expect((await shop.request('GET', '/api/no-such-thing')).headers['contract-extensions']).toBe(offered);
  });

  it('names the caller on every answer to a token (Caller-Username), and nobody on an answer to none', async () => {
    const buyer = await newBuyer();
    for (const [method, path] of [
      ['GET', '/api/cart'],
      ['GET', '/api/orders'],
      ['GET', '/api/products/987654'],
    ] as const) {
      const answer = await shop.request(method, path, { token: buyer.token });
      expect(answer.headers['caller-username'], path).toBe(buyer.username);
    }
    expect((await shop.request('GET', '/api/cart')).headers['caller-username']).toBeUndefined();
    expect(
      (await shop.request('GET', '/api/cart', { token: 'not-a-token' })).headers['caller-username'],
    ).toBeUndefined();
  });

  it('answers the order the key created, marked as replayed, and places no second one', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ price: 3, quantity: 10 });
    await addToCart(buyer.token, product.id, 2);
    const first = await checkoutWithKey(buyer.token, 'attempt-1');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The answer was lost; the client asks again with the same key (and has put something new in the cart since).
    await addToCart(buyer.token, product.id, 1);
    const retried = await checkoutWithKey(buyer.token, 'attempt-1');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toEqual(first.body);
    expect((await ordersOf(buyer.token)).map((order: { id: number }) => order.id)).toEqual([first.body.id]);
    expect(await stockOf(product.id)).toBe(8);
    // A new attempt, a new key: a new order.
    const next = await checkoutWithKey(buyer.token, 'attempt-2');
    expect([next.status, next.body.totalAmount]).toEqual([201, 3]);
  });

  it('places one order for five checkouts sent at once with the same key, and answers it to all five', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 10 });
    await addToCart(buyer.token, product.id, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkoutWithKey(buyer.token, 'double-click')));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await ordersOf(buyer.token)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it('keeps keys apart per user, and lets a key whose checkout failed be used again', async () => {
    const [ann, bob] = [await newBuyer(), await newBuyer()];
    const product = await newProduct({ quantity: 10 });
    await addToCart(ann.token, product.id, 1);
    // Nothing in Bob's cart: the attempt fails, and its key is not used up.
    expect((await checkoutWithKey(bob.token, 'shared-key')).status).toBe(400);
    const anns = await checkoutWithKey(ann.token, 'shared-key');
    expect(anns.status).toBe(201);
    await addToCart(bob.token, product.id, 2);
    const bobs = await checkoutWithKey(bob.token, 'shared-key');
    expect(bobs.status).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.body.id).not.toBe(anns.body.id);
  });

  it('answers the key’s order for 24 hours; after that the key places a new order', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 10 });
    await addToCart(buyer.token, product.id, 1);
    const first = await checkoutWithKey(buyer.token, 'day-old');
    await addToCart(buyer.token, product.id, 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 23 * 3600_000);
      expect((await checkoutWithKey(buyer.token, 'day-old')).body.id).toBe(first.body.id);
      vi.setSystemTime(Date.now() + 2 * 3600_000);
      // (Tokens last 24 hours too.)
      const later = await checkoutWithKey(await shop.login(buyer.username), 'day-old');
      expect(later.status).toBe(201);
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['', 'with space', 'x'.repeat(201), 'ünïcode'])(
    'refuses the key %j with 400, writing nothing',
    async (key) => {
      const buyer = await newBuyer();
      const product = await newProduct({ quantity: 10 });
      await addToCart(buyer.token, product.id, 1);
      const answer = await checkoutWithKey(buyer.token, key);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'The idempotency key must be 1 to 200 visible ASCII characters (a UUID, say)',
        code: 'INVALID_INPUT',
        field: 'idempotencyKey',
      });
      expect(await stockOf(product.id)).toBe(10);
    },
  );
});

describe('GET /api/orders', () => {
  it('lists only the caller’s own orders, newest first', async () => {
    const alice = await newBuyer();
    const bob = await newBuyer();
    const first = await placeOrder(alice.token);
    const bobs = await placeOrder(bob.token);
    const second = await placeOrder(alice.token);

    expect(await ordersOf(alice.token)).toEqual([second, first]);
    expect(await ordersOf(bob.token)).toEqual([bobs]);
    expect(await ordersOf((await newBuyer()).token)).toEqual([]);
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers 404 "Order not found" for someone else’s order and for an unknown id', async () => {
    const owner = await newBuyer();
    const stranger = await newBuyer();
    const order = await placeOrder(owner.token);
    for (const id of [order.id, 987654]) {
      const answer = await shop.request('GET', `/api/orders/${id}`, { token: stranger.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' });
    }
  });

  it('answers 400 for the id "abc"', async () => {
    const answer = await shop.request('GET', '/api/orders/abc', { token: (await newBuyer()).token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'ID must be a whole number', field: 'id', code: 'INVALID_INPUT' });
  });

  it('lets an admin read any customer’s order (admins move orders along)', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    const answer = await shop.request('GET', `/api/orders/${order.id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(order);
  });
});

describe('PUT /api/orders/{id}/status', () => {
  it('moves an order PENDING → CONFIRMED → SHIPPED → DELIVERED, and the buyer sees each status', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
      const answer = await setStatus(admin, order.id, status);
      expect(answer.status, status).toBe(200);
      expect(answer.body).toEqual({ ...order, status });
      const reread = await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token });
      expect(reread.body.status).toBe(status);
    }
  });

  it('answers the order unchanged when asked for the status it already has', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    await setStatus(admin, order.id, 'CONFIRMED');
    const again = await setStatus(admin, order.id, 'CONFIRMED');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...order, status: 'CONFIRMED' });
  });

  it('refuses to cancel a SHIPPED order with 409 and keeps its status and the stock', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 10 });
    await addToCart(buyer.token, product.id, 3);
    const order = (await checkout(buyer.token)).body;
    await setStatus(admin, order.id, 'SHIPPED');

    const answer = await setStatus(admin, order.id, 'CANCELLED');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: 'An order that is SHIPPED cannot become CANCELLED',
      code: 'STATUS_NOT_ALLOWED',
      field: 'status',
    });
    expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.status).toBe('SHIPPED');
    expect(await stockOf(product.id)).toBe(7);
  });

  it('refuses every move away from DELIVERED or CANCELLED with 409', async () => {
    const buyer = await newBuyer();
    const delivered = await placeOrder(buyer.token);
    await setStatus(admin, delivered.id, 'DELIVERED');
    const cancelled = await placeOrder(buyer.token);
    await setStatus(admin, cancelled.id, 'CANCELLED');

    const cases: [any, string, string][] = [
      [delivered, 'DELIVERED', 'CONFIRMED'],
      [delivered, 'DELIVERED', 'SHIPPED'],
      [delivered, 'DELIVERED', 'CANCELLED'],
      [cancelled, 'CANCELLED', 'CONFIRMED'],
      [cancelled, 'CANCELLED', 'SHIPPED'],
      [cancelled, 'CANCELLED', 'DELIVERED'],
    ];
    for (const [order, current, target] of cases) {
      const answer = await setStatus(admin, order.id, target);
      expect(answer.status, `${current} → ${target}`).toBe(409);
      expect(answer.body).toEqual({
        message: `An order that is ${current} cannot become ${target}`,
        code: 'STATUS_NOT_ALLOWED',
        field: 'status',
      });
      expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.status).toBe(current);
    }
  });

  it.each<[string, unknown, string]>([
    ['PENDING', 'PENDING', 'Status must be one of CONFIRMED, SHIPPED, DELIVERED, CANCELLED'],
    ['a lower-case status', 'confirmed', 'Status must be one of CONFIRMED, SHIPPED, DELIVERED, CANCELLED'],
    ['an unknown status', 'LOST', 'Status must be one of CONFIRMED, SHIPPED, DELIVERED, CANCELLED'],
    ['a missing status', undefined, 'Status is required'],
  ])('refuses %s as the target with 400 and leaves the order as it was', async (_case, status, message) => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    const answer = await shop.request('PUT', `/api/orders/${order.id}/status`, {
      token: admin,
      body: status === undefined ? {} : { status },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'status', code: 'INVALID_INPUT' });
    expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body).toEqual(order);
  });

  it('returns the stock when an order is cancelled, exactly once even when cancelled twice', async () => {
    const buyer = await newBuyer();
    const first = await newProduct({ quantity: 10 });
    const second = await newProduct({ quantity: 6 });
    await addToCart(buyer.token, first.id, 4);
    await addToCart(buyer.token, second.id, 6);
    const order = (await checkout(buyer.token)).body;
    expect(await stockOf(first.id)).toBe(6);
    expect(await stockOf(second.id)).toBe(0);

    const cancelled = await setStatus(admin, order.id, 'CANCELLED');
    expect(cancelled.status).toBe(200);
    // Its lines' products have their stock back.
    expect(cancelled.body).toEqual(await withProductsNow({ ...order, status: 'CANCELLED' }));
    expect(await stockOf(first.id)).toBe(10);
    expect(await stockOf(second.id)).toBe(6);

    const again = await setStatus(admin, order.id, 'CANCELLED');
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('CANCELLED');
    expect(await stockOf(first.id)).toBe(10);
    expect(await stockOf(second.id)).toBe(6);
  });

  it('returns the stock when a CONFIRMED order is cancelled', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 3 });
    await addToCart(buyer.token, product.id, 3);
    const order = (await checkout(buyer.token)).body;
    await setStatus(admin, order.id, 'CONFIRMED');
    expect((await setStatus(admin, order.id, 'CANCELLED')).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('cancels an order whose product was deleted meanwhile, keeping the order’s lines', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 3 });
    await addToCart(buyer.token, product.id, 2);
    const order = (await checkout(buyer.token)).body;
    expect((await shop.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(204);
    const answer = await setStatus(admin, order.id, 'CANCELLED');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...order,
      status: 'CANCELLED',
      items: order.items.map((item: any) => ({ ...item, product: null })),
    });
  });

  it('answers 404 "Order not found" for an unknown order and 400 for the id "abc"', async () => {
    const unknown = await setStatus(admin, 987654, 'CONFIRMED');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' });
    const malformed = await setStatus(admin, 'abc', 'CONFIRMED');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'ID must be a whole number', field: 'id', code: 'INVALID_INPUT' });
  });

  it('answers 403 to a regular user, even for their own order, and changes nothing', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 5 });
    await addToCart(buyer.token, product.id, 2);
    const order = (await checkout(buyer.token)).body;
    for (const status of ['CANCELLED', 'DELIVERED']) {
      const answer = await setStatus(buyer.token, order.id, status);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: STATUS_ADMINS_ONLY, code: 'FORBIDDEN' });
    }
    expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body).toEqual(order);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe('extension: the buyer cancels their own order (POST /api/orders/{id}/cancel)', () => {
  const cancelOwn = (token: string, orderId: number | string) =>
    shop.request('POST', `/api/orders/${orderId}/cancel`, { token });
  const historyOf = async (token: string, orderId: number) =>
    (await shop.request('GET', `/api/orders/${orderId}/history`, { token })).body as { status: string; by?: string }[];

  it('cancels a PENDING order, returns its stock once, and records the buyer as who moved it', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 5 });
    await addToCart(buyer.token, product.id, 2);
    const order = (await checkout(buyer.token)).body;
    expect(await stockOf(product.id)).toBe(3);

    const cancelled = await cancelOwn(buyer.token, order.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual(await withProductsNow({ ...order, status: 'CANCELLED' }));
    expect(await stockOf(product.id)).toBe(5);
    expect((await historyOf(admin, order.id)).map((step) => [step.status, step.by])).toEqual([
      ['PENDING', undefined],
      ['CANCELLED', buyer.username],
    ]);

    // Asked again (a second tab, a retry): the order as it is, the stock returned once.
    const again = await cancelOwn(buyer.token, order.id);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('CANCELLED');
    expect(await stockOf(product.id)).toBe(5);
    expect(await historyOf(admin, order.id)).toHaveLength(2);
  });

  it('refuses once the shop confirmed the order with 409, and changes nothing', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 5 });
    await addToCart(buyer.token, product.id, 1);
    const order = (await checkout(buyer.token)).body;
    for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
      expect((await setStatus(admin, order.id, status)).status).toBe(200);
      const refused = await cancelOwn(buyer.token, order.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: `Only an order waiting for confirmation can be cancelled by its buyer; this one is ${status}: ask the shop`,
        code: 'STATUS_NOT_ALLOWED',
        field: 'id',
      });
    }
    expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.status).toBe(
      'DELIVERED',
    );
    expect(await stockOf(product.id)).toBe(4);
  });

  it('answers 404 for someone else’s order (an admin’s call too), an unknown one, and 400 for "abc"', async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const order = await placeOrder(buyer.token);
    for (const token of [other.token, admin]) {
      const refused = await cancelOwn(token, order.id);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' });
    }
    expect((await cancelOwn(buyer.token, 987654)).status).toBe(404);
    expect((await cancelOwn(buyer.token, 'abc')).body).toEqual({
      message: 'ID must be a whole number',
      field: 'id',
      code: 'INVALID_INPUT',
    });
    expect((await cancelOwn('', order.id)).status).toBe(401);
    expect((await shop.request('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.status).toBe('PENDING');
  });

  it('returns the stock once when the buyer and an admin cancel at the same time', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ quantity: 4 });
    await addToCart(buyer.token, product.id, 4);
    const order = (await checkout(buyer.token)).body;
    const answers = await Promise.all([cancelOwn(buyer.token, order.id), setStatus(admin, order.id, 'CANCELLED')]);
    // Each either cancelled it or found it cancelled (or, on PostgreSQL, changed meanwhile): never twice.
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await stockOf(product.id)).toBe(4);
    expect((await historyOf(admin, order.id)).map((step) => step.status)).toEqual(['PENDING', 'CANCELLED']);
  });
});

describe('extension: the buyer orders an old order again (POST /api/orders/{id}/order-again)', () => {
  const orderAgain = (token: string, orderId: number | string) =>
    shop.request('POST', `/api/orders/${orderId}/order-again`, { token });

  it('puts each line into the cart as it was, beside what the cart holds, and says what did not go in whole', async () => {
    const buyer = await newBuyer();
    const plenty = await newProduct({ price: 2, quantity: 50 });
    const few = await newProduct({ price: 3, quantity: 10 });
    const gone = await newProduct({ price: 4, quantity: 10 });
    const soldOut = await newProduct({ price: 5, quantity: 10 });
    await addToCart(buyer.token, plenty.id, 3);
    await addToCart(buyer.token, few.id, 4);
    await addToCart(buyer.token, gone.id, 1);
    await addToCart(buyer.token, soldOut.id, 2);
    const order = (await checkout(buyer.token)).body;
    // Since then: a product deleted, another sold out, another down to 5 of which the cart already holds 2.
    expect((await shop.request('DELETE', `/api/products/${gone.id}`, { token: admin })).status).toBe(204);
    for (const [product, quantity] of [
      [soldOut, 0],
      [few, 5],
    ] as const) {
      const changed = await shop.request('PUT', `/api/products/${product.id}`, {
        token: admin,
        body: { name: product.name, description: 'Changed since', price: product.price, quantity },
      });
      expect(changed.status).toBe(200);
    }
    await addToCart(buyer.token, few.id, 2);

    const answer = await orderAgain(buyer.token, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body.cart.items.map((item: any) => [item.productId, item.quantity])).toEqual([
      [few.id, 5],
      [plenty.id, 3],
    ]);
    expect(answer.body.cart).toEqual((await shop.request('GET', '/api/cart', { token: buyer.token })).body);
    expect(answer.body.notAdded).toEqual([
      {
        productId: few.id,
        productName: few.name,
        wanted: 4,
        added: 3,
        reason: 'LIMITED_STOCK',
        message: `3 of 4 ${few.name} added: only 5 in stock and your cart already held 2`,
      },
      {
        productId: null,
        productName: gone.name,
        wanted: 1,
        added: 0,
        reason: 'NO_LONGER_SOLD',
        message: `${gone.name} is no longer sold`,
      },
      {
        productId: soldOut.id,
        productName: soldOut.name,
        wanted: 2,
        added: 0,
        reason: 'OUT_OF_STOCK',
        message: `${soldOut.name} is out of stock`,
      },
    ]);
  });

  it('answers 404 for someone else’s order (an admin’s call too) and an unknown one, and changes no cart', async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const order = await placeOrder(buyer.token);
    for (const token of [other.token, admin]) {
      const refused = await orderAgain(token, order.id);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' });
    }
    expect((await orderAgain(buyer.token, 987654)).status).toBe(404);
    expect((await orderAgain(buyer.token, 'abc')).status).toBe(400);
    expect((await orderAgain('', order.id)).status).toBe(401);
    expect((await cartOf(other.token)).items).toEqual([]);
    expect((await cartOf(buyer.token)).items).toEqual([]);
  });
});

describe('extension: page and size on GET /api/orders', () => {
  it('answers a page object of the caller’s orders, newest first', async () => {
    const buyer = await newBuyer();
    const first = await placeOrder(buyer.token);
    const second = await placeOrder(buyer.token);
    const third = await placeOrder(buyer.token);
    await placeOrder((await newBuyer()).token);

    expect(await ordersOf(buyer.token, { page: 0, size: 2 })).toEqual({
      content: [third, second],
      totalElements: 3,
      totalPages: 2,
      number: 0,
      size: 2,
    });
    expect(await ordersOf(buyer.token, { page: 1, size: 2 })).toEqual({
      content: [first],
      totalElements: 3,
      totalPages: 2,
      number: 1,
      size: 2,
    });
    expect(await ordersOf(buyer.token, { page: 0 })).toEqual({
      content: [third, second, first],
      totalElements: 3,
      totalPages: 1,
      number: 0,
      size: 20,
    });
  });

  it.each([
    [{ page: -1 }, 'Page must be at least 0', 'page'],
    [{ size: 101 }, 'Size must be at most 100', 'size'],
    [{ scope: 'everyone' }, 'Scope must be one of mine, all', 'scope'],
  ])('refuses %j with 400 "%s" naming the field %s', async (query, message, field) => {
    const answer = await shop.request('GET', '/api/orders', { token: (await newBuyer()).token, query });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
  });
});

describe('extension: scope=all on GET /api/orders', () => {
  it('shows an admin every customer’s orders, newest first, also as pages', async () => {
    const alice = await newBuyer();
    const bob = await newBuyer();
    const alices = await placeOrder(alice.token);
    const bobs = await placeOrder(bob.token);

    const all = await ordersOf(admin, { scope: 'all' });
    const ids = all.map((order: any) => order.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(all.slice(0, 2)).toEqual([bobs, alices]);
    expect(new Set(all.map((order: any) => order.username))).toContain(alice.username);

    const page = await ordersOf(admin, { scope: 'all', page: 0, size: 1 });
    const countsByStatus = Object.fromEntries(
      ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'].map((status) => [
        status,
        all.filter((order: any) => order.status === status).length,
      ]),
    );
    expect(page).toEqual({
      content: [bobs],
      totalElements: all.length,
      totalPages: all.length,
      number: 0,
      size: 1,
      countsByStatus,
    });

    expect(await ordersOf(admin, { scope: 'mine' })).toEqual(await ordersOf(admin));
  });

  it('narrows every customer’s orders to one status, counting each status whatever it narrows', async () => {
    const buyer = await newBuyer();
    const confirmed = await placeOrder(buyer.token);
    const pending = await placeOrder(buyer.token);
    expect((await setStatus(admin, confirmed.id, 'CONFIRMED')).status).toBe(200);
    const all = await ordersOf(admin, { scope: 'all' });
    const count = (status: string) => all.filter((order: any) => order.status === status).length;

    const onlyConfirmed = await ordersOf(admin, { scope: 'all', status: 'CONFIRMED', page: 0, size: 100 });
    expect(onlyConfirmed.content.map((order: any) => order.status)).toEqual(
      Array(count('CONFIRMED')).fill('CONFIRMED'),
    );
    expect(onlyConfirmed.content[0]).toEqual({ ...confirmed, status: 'CONFIRMED' });
    expect(onlyConfirmed.totalElements).toBe(count('CONFIRMED'));
    expect(onlyConfirmed.countsByStatus).toEqual({
      PENDING: count('PENDING'),
      CONFIRMED: count('CONFIRMED'),
      SHIPPED: count('SHIPPED'),
      DELIVERED: count('DELIVERED'),
      CANCELLED: count('CANCELLED'),
    });
    expect(count('PENDING') + count('CONFIRMED') + count('SHIPPED') + count('DELIVERED') + count('CANCELLED')).toBe(
      all.length,
    );
    // The buyer's own list narrows too, and counts nothing.
    const mine = await ordersOf(buyer.token, { status: 'PENDING', page: 0, size: 10 });
    expect(mine).toEqual({ content: [pending], totalElements: 1, totalPages: 1, number: 0, size: 10 });
    const refused = await shop.request('GET', '/api/orders', { token: admin, query: { scope: 'all', status: 'LOST' } });
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        message: 'Status must be one of PENDING, CONFIRMED, SHIPPED, DELIVERED, CANCELLED',
        code: 'INVALID_INPUT',
        field: 'status',
      },
    ]);
  });

  it('answers 403 to a regular user; scope=mine is their own list', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer.token);
    const answer = await shop.request('GET', '/api/orders', { token: buyer.token, query: { scope: 'all' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: 'Only administrators can see every order', code: 'FORBIDDEN' });
    expect(await ordersOf(buyer.token, { scope: 'mine' })).toEqual([order]);
  });
});

describe('extension: search on GET /api/orders', () => {
  const ZERO_COUNTS = { PENDING: 0, CONFIRMED: 0, SHIPPED: 0, DELIVERED: 0, CANCELLED: 0 };
  // Names chosen so that a wildcard taken as one would find too much: "_" stands for any character in LIKE, and
  // "srchXadaXlovelace" is what "srch_ada_" would wrongly find.
  let ada: { username: string; token: string };
  let adaX: { username: string; token: string };
  let adasFirst: any;
  let adasSecond: any;
  let adaXs: any;
  let bens: any;
  beforeAll(async () => {
    ada = { username: 'Srch_Ada_Lovelace', token: await shop.register('Srch_Ada_Lovelace') };
    adaX = { username: 'srchXadaXlovelace', token: await shop.register('srchXadaXlovelace') };
    const ben = await shop.register('srch-ben');
    adasFirst = await placeOrder(ada.token);
    adaXs = await placeOrder(adaX.token);
    bens = await placeOrder(ben);
    adasSecond = await placeOrder(ada.token);
    expect((await setStatus(admin, adasFirst.id, 'CONFIRMED')).status).toBe(200);
    adasFirst = { ...adasFirst, status: 'CONFIRMED' };
  });
  const search = (search: string, query: Record<string, string | number> = {}) =>
    ordersOf(admin, { scope: 'all', page: 0, size: 20, search, ...query });

  it('finds an order by its number, with or without #, and counts only it', async () => {
    for (const text of [String(bens.id), `#${bens.id}`, `  #${bens.id}\t`]) {
      expect(await search(text), JSON.stringify(text)).toEqual({
        content: [bens],
        totalElements: 1,
        totalPages: 1,
        number: 0,
        size: 20,
        countsByStatus: { ...ZERO_COUNTS, PENDING: 1 },
        search: text.trim(),
      });
    }
    // A number no order has, even one beyond what the database can hold, finds nothing (and is no error).
    for (const text of ['987654', '#99999999999999999999']) {
      expect(await search(text)).toEqual({
        content: [],
        totalElements: 0,
        totalPages: 0,
        number: 0,
        size: 20,
        countsByStatus: ZERO_COUNTS,
        search: text,
      });
    }
  });

  it('finds the orders of buyers whose username contains the text, in any case, newest first', async () => {
    expect(await search('SRCH_ADA')).toEqual({
      content: [adasSecond, adasFirst],
      totalElements: 2,
      totalPages: 1,
      number: 0,
      size: 20,
      countsByStatus: { ...ZERO_COUNTS, PENDING: 1, CONFIRMED: 1 },
      search: 'SRCH_ADA',
    });
    expect((await search('lovelace')).content).toEqual([adasSecond, adaXs, adasFirst]);
    expect((await search('AdaX')).content).toEqual([adaXs]);
    expect((await search('ben')).content).toEqual([bens]);
    // Digits that are part of a username are no order number once anything else is typed with them.
    expect((await search('srch-')).content).toEqual([bens]);
  });

  it('takes %, _ and \\ as the characters they are, not as wildcards', async () => {
    expect((await search('srch_ada_')).content).toEqual([adasSecond, adasFirst]);
    expect((await search('_')).content.map((order: any) => order.username)).toEqual([
      'Srch_Ada_Lovelace',
      'Srch_Ada_Lovelace',
    ]);
    for (const text of ['srch%ada', '%', 'srch\\', '\\%', 'ada\\_']) {
      expect(await search(text), text).toMatchObject({ content: [], totalElements: 0, countsByStatus: ZERO_COUNTS });
    }
  });

  it('narrows a status as well; the counts stay those of every status the search finds', async () => {
    expect(await search('srch_ada', { status: 'CONFIRMED' })).toEqual({
      content: [adasFirst],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 20,
      countsByStatus: { ...ZERO_COUNTS, PENDING: 1, CONFIRMED: 1 },
      search: 'srch_ada',
    });
    expect((await search(`#${adasFirst.id}`, { status: 'PENDING' })).content).toEqual([]);
  });

  it('answers what it finds a page at a time', async () => {
    const pages = [await search('LOVELACE', { page: 0, size: 2 }), await search('LOVELACE', { page: 1, size: 2 })];
    expect(pages.map(({ countsByStatus: _counts, ...page }) => page)).toEqual([
      { content: [adasSecond, adaXs], totalElements: 3, totalPages: 2, number: 0, size: 2, search: 'LOVELACE' },
      { content: [adasFirst], totalElements: 3, totalPages: 2, number: 1, size: 2, search: 'LOVELACE' },
    ]);
  });

  it('finds the orders with a line of a SKU, whole and in any case, as it was when ordered', async () => {
    const buyer = await shop.register('srch-sku-buyer');
    const product = await newProduct({ quantity: 10, sku: `SRCH-SKU-${++counter}` });
    await addToCart(buyer, product.id, 2);
    const placed = (await checkout(buyer)).body;
    expect(placed.items.map((line: any) => line.sku)).toEqual([product.sku]);
    // The product's SKU changes afterwards: the order keeps the one it was bought under, and is found by it.
    const renamed = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: product.name, description: 'd', price: 10, quantity: 8, sku: `${product.sku}-NEW` },
    });
    expect(renamed.status).toBe(200);
    expect((await search(product.sku.toLowerCase())).content).toEqual([
      { ...placed, items: [{ ...placed.items[0], product: renamed.body }] },
    ]);
    expect((await search(`${product.sku}-NEW`)).content).toEqual([]);
    expect((await search(product.sku.slice(0, -1))).content).toEqual([]);
  });

  it('finds a deleted account’s orders by number only: they have no buyer to match', async () => {
    const leaver = await shop.register('srch-leaver');
    const order = await placeOrder(leaver);
    expect((await shop.request('DELETE', '/api/users/account', { token: leaver })).status).toBe(204);
    expect((await search('srch-leaver')).content).toEqual([]);
    expect((await search(`#${order.id}`)).content).toEqual([{ ...order, username: null, userId: null }]);
  });

  it('searches only what the caller may see: a buyer’s own orders', async () => {
    expect(await ordersOf(ada.token, { search: `#${adasSecond.id}`, page: 0, size: 10 })).toEqual({
      content: [adasSecond],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 10,
      search: `#${adasSecond.id}`,
    });
    expect(await ordersOf(ada.token, { search: `#${bens.id}` })).toEqual([]);
    expect(await ordersOf(ada.token, { search: 'srch-ben' })).toEqual([]);
  });

  it('takes a blank search as none, and 100 characters once trimmed', async () => {
    const blank = await search('   ');
    expect(blank.search).toBeUndefined();
    expect(blank).toEqual(await ordersOf(admin, { scope: 'all', page: 0, size: 20 }));
    expect(await search(` ${'a'.repeat(100)} `)).toMatchObject({
      content: [],
      totalElements: 0,
      search: 'a'.repeat(100),
    });
  });

  it.each([
    ['101 characters', 'a'.repeat(101), 'Search must be at most 100 characters long', 'search'],
    ['a NUL character', 'ada\u0000', 'Search must not contain NUL characters', 'search'],
  ])('refuses %s with 400', async (_case, text, message, field) => {
    for (const query of [
      { scope: 'all', search: text },
      { scope: 'all', search: text, page: 0 },
      { search: text },
    ] as Record<string, string | number>[]) {
      const answer = await shop.request('GET', '/api/orders', { token: admin, query });
      expect([answer.status, answer.body], JSON.stringify(query)).toEqual([
        400,
        { message, field, code: 'INVALID_INPUT' },
      ]);
    }
  });
});

describe('with the extensions switched off (REST_EXTENSIONS=false)', () => {
  let plain: RestService;
  let plainAdmin: string;
  let buyer: string;
  let orders: any[];
  beforeAll(async () => {
    plain = await startRestService({ extensions: false });
    plainAdmin = await plain.adminToken();
    buyer = await plain.register('plain-orders-buyer');
    const product = await plain.createProduct(plainAdmin, { quantity: 10 });
    orders = [];
    for (let i = 0; i < 2; i += 1) {
      await plain.request('POST', '/api/cart/items', { token: buyer, body: { productId: product.id, quantity: 1 } });
      const placed = await plain.request('POST', '/api/orders/checkout', {
        token: buyer,
        body: { shippingAddress: '2 Plain Road' },
      });
      expect(placed.status).toBe(201);
      orders.unshift(placed.body);
    }
  });
  afterAll(() => plain.close());

  it('ignores expectedTotal and Idempotency-Key, which the plain contract does not have', async () => {
    const shopper = await plain.register('plain-checkout-buyer');
    const product = await plain.createProduct(plainAdmin, { price: 5, quantity: 10 });
    const place = () =>
      plain.request('POST', '/api/orders/checkout', {
        token: shopper,
        body: { shippingAddress: '3 Plain Road', expectedTotal: 1 },
        headers: { 'idempotency-key': 'plain-key' },
      });
    await plain.request('POST', '/api/cart/items', { token: shopper, body: { productId: product.id, quantity: 1 } });
    const placed = await place();
    expect([placed.status, placed.body.totalAmount]).toEqual([201, 5]);
    expect(placed.headers['contract-extensions']).toBeUndefined();
    expect(placed.headers['caller-username']).toBeUndefined();
    // The same key again is a second checkout, of an empty cart.
    expect((await place()).status).toBe(400);
  });

  it('answers a plain list, newest first, ignoring page and size', async () => {
    for (const query of [{}, { page: 0, size: 1 }, { page: 'x' }] as Record<string, string | number>[]) {
      const answer = await plain.request('GET', '/api/orders', { token: buyer, query });
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(answer.body).toEqual(orders);
    }
  });

  it('has no cancellation by the buyer: 404 on its route, and the order stays PENDING', async () => {
    const answer = await plain.request('POST', `/api/orders/${orders[0].id}/cancel`, { token: buyer });
    expect(answer.status).toBe(404);
    expect((await plain.request('GET', `/api/orders/${orders[0].id}`, { token: buyer })).body.status).toBe('PENDING');
  });

  it('has no ordering again: 404 on its route, and the cart stays empty', async () => {
    const answer = await plain.request('POST', `/api/orders/${orders[0].id}/order-again`, { token: buyer });
    expect(answer.status).toBe(404);
    expect((await plain.request('GET', '/api/cart', { token: buyer })).body.items).toEqual([]);
  });

  it('ignores search: the caller’s own list, whole, whatever is searched for', async () => {
    // No SKU, nor the line's product (extensions product-sku and line-products), on an order's line or a cart's.
    expect(Object.keys(orders[0].items[0]).sort()).toEqual([
      'id',
      'price',
      'productId',
      'productName',
      'quantity',
      'subtotal',
    ]);
    const product = await plain.createProduct(plainAdmin, { quantity: 10 });
    const cart = await plain.request('POST', '/api/cart/items', {
      token: buyer,
      body: { productId: product.id, quantity: 1 },
    });
    expect(Object.keys(cart.body.items[0]).sort()).toEqual([
      'price',
      'productId',
      'productName',
      'quantity',
      'subtotal',
    ]);
    await plain.request('DELETE', '/api/cart', { token: buyer });
    for (const search of [String(orders[0].id), 'nobody-has-this-name', 'a'.repeat(101)]) {
      const answer = await plain.request('GET', '/api/orders', { token: buyer, query: { search } });
      expect([answer.status, answer.body], search).toEqual([200, orders]);
    }
    const admins = await plain.request('GET', '/api/orders', {
      token: plainAdmin,
      query: { scope: 'all', search: 'plain-orders-buyer' },
    });
    expect([admins.status, admins.body]).toEqual([200, []]);
  });

  it('ignores scope=all: a user gets their own list, an admin only their own orders', async () => {
    const mine = await plain.request('GET', '/api/orders', { token: buyer, query: { scope: 'all' } });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(orders);
    const admins = await plain.request('GET', '/api/orders', { token: plainAdmin, query: { scope: 'all' } });
    expect(admins.status).toBe(200);
    expect(admins.body).toEqual([]);
  });
});
