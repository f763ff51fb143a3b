// The cart: one per user, a line per product, quantities from 1 up to the stock, every answer the whole cart (spec §5,
// §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const NOT_IN_CART = 'This product is not in your cart';

let counter = 0;
/** A new account per test, so no test sees another's cart. */
const newShopper = () => shop.register(`cart-shopper-${++counter}`);
const newProduct = (fields: { price?: number; quantity?: number; name?: string } = {}) =>
  shop.createProduct(admin, { name: `Cart Item ${++counter}`, ...fields });

const cartOf = async (token: string) => {
  const answer = await shop.request('GET', '/api/cart', { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const add = (token: string, productId: unknown, quantity?: unknown) =>
  shop.request('POST', '/api/cart/items', {
    token,
    body: quantity === undefined ? { productId } : { productId, quantity },
  });
const setQuantity = (token: string, productId: number | string, quantity?: string | number) =>
  shop.request('PUT', `/api/cart/items/${productId}`, {
    token,
    ...(quantity === undefined ? {} : { query: { quantity } }),
  });

describe('every cart call', () => {
  it('needs a token and answers 401 without one, changing nothing', async () => {
    const token = await newShopper();
    const product = await newProduct();
    await add(token, product.id, 2);
    const before = await cartOf(token);
    const calls: [string, string, unknown, Record<string, string>?][] = [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/items', { productId: product.id, quantity: 1 }],
      ['PUT', `/api/cart/items/${product.id}`, undefined, { quantity: '1' }],
      ['DELETE', `/api/cart/items/${product.id}`, undefined],
      ['DELETE', '/api/cart', undefined],
    ];
    for (const [method, path, body, query] of calls) {
      const answer = await shop.request(method as 'GET', path, { body, ...(query ? { query } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ message: 'Authentication required', code: 'AUTHENTICATION_REQUIRED' });
    }
    expect(await cartOf(token)).toEqual(before);
  });
});

describe('GET /api/cart', () => {
  it('answers an empty cart as {id, items: [], totalItems: 0, totalPrice: 0}', async () => {
    const cart = await cartOf(await newShopper());
    expect(cart).toEqual({ id: expect.any(Number), items: [], totalItems: 0, totalPrice: 0 });
  });
});

describe('POST /api/cart/items', () => {
  it('adds one unit when no quantity is given and answers the whole cart with subtotals and total', async () => {
    const token = await newShopper();
    const product = await newProduct({ price: 12.5, quantity: 5 });
    const answer = await add(token, product.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      items: [{ productId: product.id, productName: product.name, price: 12.5, quantity: 1, subtotal: 12.5, product }],
      totalItems: 1,
      totalPrice: 12.5,
    });
    expect(await cartOf(token)).toEqual(answer.body);
  });

  it('merges units of the same product into its line and keeps lines in the order they were added', async () => {
    const token = await newShopper();
    const first = await newProduct({ price: 2, quantity: 10 });
    const second = await newProduct({ price: 3, quantity: 10 });
    await add(token, first.id, 2);
    await add(token, second.id, 1);
    const answer = await add(token, first.id, 3);
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([
      { productId: first.id, productName: first.name, price: 2, quantity: 5, subtotal: 10, product: first },
      { productId: second.id, productName: second.name, price: 3, quantity: 1, subtotal: 3, product: second },
    ]);
    expect(answer.body).toMatchObject({ totalItems: 6, totalPrice: 13 });
    expect(await cartOf(token)).toEqual(answer.body);
  });

  it('accepts exactly the stock, also as the sum with the existing line', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 5 });
    expect((await add(token, product.id, 3)).status).toBe(200);
    const answer = await add(token, product.id, 2);
    expect(answer.status).toBe(200);
    expect(answer.body.items[0].quantity).toBe(5);
  });

  it.each<[string, unknown, string]>([
    ['0', 0, 'Quantity must be at least 1'],
    ['-1', -1, 'Quantity must be at least 1'],
    ['1.5', 1.5, 'Quantity must be a whole number'],
    ['"2" (text)', '2', 'Quantity must be a whole number, not text'],
    ['null', null, 'Quantity must be a whole number'],
    ['1000001', 1_000_001, 'Quantity must be at most 1000000'],
  ])('refuses the quantity %s with 400 and leaves the cart unchanged', async (_case, quantity, message) => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 10 });
    await add(token, product.id, 1);
    const before = await cartOf(token);
    const answer = await add(token, product.id, quantity);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'quantity', code: 'INVALID_INPUT' });
    expect(await cartOf(token)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no productId', { quantity: 1 }, 'Product ID is required'],
    ['a productId that is not a number', { productId: 'abc' }, 'Product ID must be a whole number, not text'],
    ['productId 0', { productId: 0 }, 'Product ID must be at least 1'],
  ])('refuses %s with 400 and leaves the cart empty', async (_case, body, message) => {
    const token = await newShopper();
    const answer = await shop.request('POST', '/api/cart/items', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'productId', code: 'INVALID_INPUT' });
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('refuses more units than in stock with 400 naming the product, and the cart stays unchanged', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 5 });
    const answer = await add(token, product.id, 6);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `Only 5 of ${product.name} in stock`,
      field: 'quantity',
      code: 'INSUFFICIENT_STOCK',
    });
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('refuses units that together with the existing line exceed the stock, keeping the line as it was', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 5 });
    await add(token, product.id, 3);
    const before = await cartOf(token);
    const answer = await add(token, product.id, 3);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `Only 5 of ${product.name} in stock and your cart already holds 3`,
      field: 'quantity',
      code: 'INSUFFICIENT_STOCK',
    });
    expect(await cartOf(token)).toEqual(before);
    expect(before.items[0].quantity).toBe(3);
  });

  it('refuses a product that is out of stock', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 0 });
    const answer = await add(token, product.id, 1);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `${product.name} is out of stock`,
      field: 'quantity',
      code: 'INSUFFICIENT_STOCK',
    });
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('answers 404 "Product not found" for an unknown product and leaves the cart unchanged', async () => {
    const token = await newShopper();
    const product = await newProduct();
    await add(token, product.id, 1);
    const before = await cartOf(token);
    const answer = await add(token, 987654, 1);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'productId' });
    expect(await cartOf(token)).toEqual(before);
  });
});

describe('PUT /api/cart/items/{productId}?quantity=n', () => {
  it('sets the line to the quantity, up to exactly the stock, and answers the whole cart', async () => {
    const token = await newShopper();
    const product = await newProduct({ price: 1.5, quantity: 6 });
    const other = await newProduct({ price: 1, quantity: 6 });
    await add(token, product.id, 1);
    await add(token, other.id, 2);

    const answer = await setQuantity(token, product.id, 4);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      items: [
        { productId: product.id, productName: product.name, price: 1.5, quantity: 4, subtotal: 6, product },
        { productId: other.id, productName: other.name, price: 1, quantity: 2, subtotal: 2, product: other },
      ],
      totalItems: 6,
      totalPrice: 8,
    });
    expect(await cartOf(token)).toEqual(answer.body);

    const down = await setQuantity(token, product.id, 1);
    expect(down.body.items[0].quantity).toBe(1);
    const full = await setQuantity(token, product.id, 6);
    expect(full.status).toBe(200);
    expect(full.body.items[0].quantity).toBe(6);
  });

  it.each<[string, string | undefined, string]>([
    ['0', '0', 'Quantity must be at least 1'],
    ['-2', '-2', 'Quantity must be at least 1'],
    ['1.5', '1.5', 'Quantity must be a whole number'],
    ['"many"', 'many', 'Quantity must be a whole number'],
    ['missing', undefined, 'Quantity is required'],
    ['empty', '', 'Quantity is required'],
  ])('refuses the quantity %s with 400 and leaves the line unchanged', async (_case, quantity, message) => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 10 });
    await add(token, product.id, 2);
    const before = await cartOf(token);
    const answer = await setQuantity(token, product.id, quantity);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'quantity', code: 'INVALID_INPUT' });
    expect(await cartOf(token)).toEqual(before);
  });

  it('refuses a quantity above the stock with 400 naming the product, leaving the line unchanged', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 4 });
    await add(token, product.id, 2);
    const before = await cartOf(token);
    const answer = await setQuantity(token, product.id, 5);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `Only 4 of ${product.name} in stock`,
      field: 'quantity',
      code: 'INSUFFICIENT_STOCK',
    });
    expect(await cartOf(token)).toEqual(before);
  });

  it('answers 404 for a product that is not in the cart (existing or unknown) and adds nothing', async () => {
    const token = await newShopper();
    const inCart = await newProduct();
    const notInCart = await newProduct();
    await add(token, inCart.id, 1);
    const before = await cartOf(token);
    for (const productId of [notInCart.id, 987654]) {
      const answer = await setQuantity(token, productId, 1);
      expect(answer.status, String(productId)).toBe(404);
      expect(answer.body).toEqual({ message: NOT_IN_CART, code: 'NOT_IN_CART', field: 'productId' });
    }
    expect(await cartOf(token)).toEqual(before);
  });

  it('answers 400 for the product id "abc"', async () => {
    const answer = await setQuantity(await newShopper(), 'abc', 1);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Product ID must be a whole number',
      field: 'productId',
      code: 'INVALID_INPUT',
    });
  });
});

describe('DELETE /api/cart/items/{productId}', () => {
  it('removes the line and answers the rest of the cart', async () => {
    const token = await newShopper();
    const removed = await newProduct({ price: 5 });
    const kept = await newProduct({ price: 2.25 });
    await add(token, removed.id, 2);
    await add(token, kept.id, 2);
    const answer = await shop.request('DELETE', `/api/cart/items/${removed.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      items: [{ productId: kept.id, productName: kept.name, price: 2.25, quantity: 2, subtotal: 4.5, product: kept }],
      totalItems: 2,
      totalPrice: 4.5,
    });
    expect(await cartOf(token)).toEqual(answer.body);
  });

  it('answers 404 for a line that is not there, whether removed before or never added, and changes nothing', async () => {
    const token = await newShopper();
    const product = await newProduct();
    const kept = await newProduct();
    await add(token, product.id, 1);
    await add(token, kept.id, 1);
    await shop.request('DELETE', `/api/cart/items/${product.id}`, { token });
    const before = await cartOf(token);
    for (const productId of [product.id, 987654]) {
      const answer = await shop.request('DELETE', `/api/cart/items/${productId}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: NOT_IN_CART, code: 'NOT_IN_CART', field: 'productId' });
    }
    expect(await cartOf(token)).toEqual(before);
  });

  it('answers 400 for the product id "abc"', async () => {
    const answer = await shop.request('DELETE', '/api/cart/items/abc', { token: await newShopper() });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Product ID must be a whole number',
      field: 'productId',
      code: 'INVALID_INPUT',
    });
  });
});

describe('DELETE /api/cart', () => {
  it('empties the cart and answers the empty cart; clearing an empty cart is fine too', async () => {
    const token = await newShopper();
    await add(token, (await newProduct()).id, 2);
    await add(token, (await newProduct()).id, 1);
    const answer = await shop.request('DELETE', '/api/cart', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.any(Number), items: [], totalItems: 0, totalPrice: 0 });
    expect(await cartOf(token)).toEqual(answer.body);
    const again = await shop.request('DELETE', '/api/cart', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
  });

  it('leaves the products’ stock alone', async () => {
    const token = await newShopper();
    const product = await newProduct({ quantity: 7 });
    await add(token, product.id, 3);
    await shop.request('DELETE', '/api/cart', { token });
    const reread = await shop.request('GET', `/api/products/${product.id}`, { token });
    expect(reread.body.quantity).toBe(7);
  });
});

describe('money', () => {
  it('computes subtotals and the total exactly in cents (3 × 0.10 = 0.30, 19.99 × 3 = 59.97, 1.15 × 7 = 8.05)', async () => {
    const token = await newShopper();
    const dime = await newProduct({ price: 0.1, quantity: 10 });
    const pricey = await newProduct({ price: 19.99, quantity: 10 });
    const odd = await newProduct({ price: 1.15, quantity: 10 });
    await add(token, dime.id, 3);
    await add(token, pricey.id, 3);
    const answer = await add(token, odd.id, 7);
    expect(answer.body.items.map((item: any) => item.subtotal)).toEqual([0.3, 59.97, 8.05]);
    expect(answer.body.totalPrice).toBe(68.32);
    expect(answer.body.totalItems).toBe(13);
  });
});

describe('ownership', () => {
  it('keeps carts apart: another user neither sees nor changes someone’s cart', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    const product = await newProduct({ quantity: 10 });
    await add(alice, product.id, 2);
    const aliceCart = await cartOf(alice);

    const bobCart = await cartOf(bob);
    expect(bobCart.items).toEqual([]);
    expect(bobCart.id).not.toBe(aliceCart.id);

    const put = await setQuantity(bob, product.id, 5);
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: NOT_IN_CART, code: 'NOT_IN_CART', field: 'productId' });
    const removed = await shop.request('DELETE', `/api/cart/items/${product.id}`, { token: bob });
    expect(removed.status).toBe(404);
    const cleared = await shop.request('DELETE', '/api/cart', { token: bob });
    expect(cleared.status).toBe(200);
    const added = await add(bob, product.id, 1);
    expect(added.body.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 1 })]);

    expect(await cartOf(alice)).toEqual(aliceCart);
  });
});

describe('product changes', () => {
  it('show in the cart: a new price or name changes the line, subtotal and total', async () => {
    const token = await newShopper();
    const product = await newProduct({ price: 10, quantity: 10 });
    await add(token, product.id, 2);
    const renamed = `Renamed ${product.name}`;
    const updated = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: renamed, description: 'Updated', price: 12.5, quantity: 10 },
    });
    expect(updated.status).toBe(200);
    const cart = await cartOf(token);
    // The line's product (extension line-products) is the product as it is now.
    expect(cart.items).toEqual([
      { productId: product.id, productName: renamed, price: 12.5, quantity: 2, subtotal: 25, product: updated.body },
    ]);
    expect(cart.totalPrice).toBe(25);
  });
});

describe('limits: every amount within what the graph carries (shop-rules, issue 30)', () => {
  const raisePrice = (product: { id: number; [key: string]: unknown }, price: number) =>
    shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { name: product.name, description: 'Raised', price, quantity: 100 },
    });

  it('refuses 22 × $999,999.99 with 400 CART_TOO_LARGE on quantity, adding nothing; ten fit, an eleventh does not', async () => {
    const token = await newShopper();
    const scanner = await newProduct({ price: 999_999.99, quantity: 100 });
    const tooMuch = (total: string) => ({
      message: `That would make your cart’s total ${total}: a cart may cost at most $10,000,000.00`,
      code: 'CART_TOO_LARGE',
      field: 'quantity',
    });

    const refused = await add(token, scanner.id, 22);
    expect([refused.status, refused.body]).toEqual([400, tooMuch('$21,999,999.78')]);
    expect((await cartOf(token)).items).toEqual([]);

    expect((await add(token, scanner.id, 10)).status).toBe(200);
    const eleventh = await add(token, scanner.id, 1);
    expect([eleventh.status, eleventh.body]).toEqual([400, tooMuch('$10,999,999.89')]);
    const set = await setQuantity(token, scanner.id, 22);
    expect([set.status, set.body]).toEqual([400, tooMuch('$21,999,999.78')]);
    const cart = await cartOf(token);
    expect([cart.totalItems, cart.totalPrice]).toEqual([10, 9_999_999.9]);
  });

  it('refuses a 101st product with 400 CART_TOO_LARGE on productId; more of a product already there is fine', async () => {
    const token = await newShopper();
    // A hundred products and lines written straight into the database: a hundred calls would say nothing more.
    const db = shop.app.shopDatabase.db;
    const now = new Date().toISOString();
    const products = await db
      .insertInto('products')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Swab ${counter}-${i}`,
          nameKey: `swab ${counter}-${i}`,
          description: 'One of many',
          priceCents: 100,
          quantity: 10,
          imageUrl: null,
          imageUrls: '[]',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning('id')
      .execute();
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', `cart-shopper-${counter}`)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cartItems')
      .values(products.slice(0, 100).map(({ id }) => ({ userId, productId: id, quantity: 1, addedAt: now })))
      .execute();

    const refused = await add(token, products[100]!.id, 1);
    expect([refused.status, refused.body]).toEqual([
      400,
      { message: 'A cart can hold at most 100 different products', code: 'CART_TOO_LARGE', field: 'productId' },
    ]);
    expect((await add(token, products[0]!.id, 1)).status).toBe(200);
    const cart = await cartOf(token);
    expect([cart.items.length, cart.totalItems, cart.totalPrice]).toEqual([100, 101, 101]);
  });

  it('lets a cart whose prices rose beyond the limit be made smaller, never larger', async () => {
    const token = await newShopper();
    const monitor = await newProduct({ price: 100_000, quantity: 100 });
    expect((await add(token, monitor.id, 22)).status).toBe(200);
    expect((await raisePrice(monitor, 999_999.99)).status).toBe(200);
    expect((await cartOf(token)).totalPrice).toBe(21_999_999.78);

    expect((await add(token, monitor.id, 1)).status).toBe(400);
    const smaller = await setQuantity(token, monitor.id, 15);
    expect([smaller.status, smaller.body.totalPrice]).toEqual([200, 14_999_999.85]);
    expect((await setQuantity(token, monitor.id, 16)).body.code).toBe('CART_TOO_LARGE');
  });
});
