// Shipping (issue 35, extension shipping): admins manage methods with rates by country, free from an order value;
// shoppers read what each costs their cart to a country, or why it does not ship there; checkout charges the method
// chosen, exactly, inside its transaction, and refuses (writing nothing) no method while some are offered, one gone,
// one that does not ship there, or a total that changed. Each change of a method is audited. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let counter = 0;

interface Method {
  id: number;
  name: string;
  active: boolean;
}

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const STANDARD = {
  name: 'Standard',
  description: 'Tracked parcel',
  minDays: 2,
  maxDays: 4,
  rates: [
    { countries: ['de', 'AT'], price: 4.9, freeFrom: 50 },
    { countries: ['GB', 'US'], price: 12 },
  ],
};
const EXPRESS = { name: 'Express', minDays: 1, maxDays: 1, rates: [{ countries: ['DE'], price: 14.9 }] };
const PICKUP = {
  name: 'Pick-up',
  description: 'At our Berlin shop',
  minDays: 0,
  maxDays: 0,
  rates: [{ countries: ['DE'], price: 0 }],
};

const create = async (body: object) => {
  const answer = await shop.request<Method>('POST', '/api/shipping-methods', { token: admin, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const methodsSeenBy = async (token: string) =>
  (await shop.request<Method[]>('GET', '/api/shipping-methods', { token })).body;
const optionsFor = (token: string, country: string) =>
  shop.request<{ method: { name: string }; available: boolean; price: number | null; reason: string | null }[]>(
    'GET',
    '/api/shipping-methods/options',
    { token, query: { country } },
  );

/** A buyer with `quantity` of a new product at `price` in the cart. */
async function buyerWith(price: number, quantity: number) {
  const token = await shop.register(`shipping-buyer-${++counter}`);
  const product = await shop.createProduct(admin, { name: `Shipped Item ${counter}`, price, quantity: 100 });
  const added = await shop.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity } });
  expect(added.status).toBe(200);
  return { token, product };
}

describe('shipping methods', () => {
  let standard: Method;
  let express: Method;
  let pickup: Method;

  it('are created by admins alone, audited, and read by every shopper, the fastest first', async () => {
    const shopper = await shop.register('shipping-reader');
    const refused = await shop.request('POST', '/api/shipping-methods', { token: shopper, body: STANDARD });
    expect([refused.status, refused.body]).toEqual([
      403,
      { message: 'Only administrators can manage shipping methods', code: 'FORBIDDEN' },
    ]);
    expect(await methodsSeenBy(shopper)).toEqual([]);

    standard = await create(STANDARD);
    expect(standard).toEqual({
      id: expect.any(Number),
      name: 'Standard',
      description: 'Tracked parcel',
      minDays: 2,
      maxDays: 4,
      estimate: '2–4 business days',
      active: true,
      rates: [
        { countries: ['DE', 'AT'], price: 4.9, freeFrom: 50 },
        { countries: ['GB', 'US'], price: 12, freeFrom: null },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    express = await create(EXPRESS);
    pickup = await create(PICKUP);
    expect(
      (await methodsSeenBy(shopper)).map((method) => [method.name, (method as { estimate?: string }).estimate]),
    ).toEqual([
      ['Pick-up', 'Same day'],
      ['Express', '1 business day'],
      ['Standard', '2–4 business days'],
    ]);
    const audit = await shop.request<{ content: { action: string; changes: object }[] }>('GET', '/api/audit-events', {
      token: admin,
      query: { subjectType: 'shipping_method', subjectId: express.id },
    });
    expect(audit.body.content.map((event) => [event.action, event.changes])).toEqual([
      [
        'shipping_method.created',
        {
          name: { to: 'Express' },
          description: { to: null },
          minDays: { to: 1 },
          maxDays: { to: 1 },
          active: { to: true },
          rates: { to: [{ countries: ['DE'], priceCents: 1490, freeFromCents: null }] },
        },
      ],
    ]);
  });

  it.each([
    [{ ...EXPRESS, name: '  ' }, 'Name is required', 'name'],
    [{ ...EXPRESS, name: 'x'.repeat(61) }, 'Name must be at most 60 characters long', 'name'],
    [
      { ...EXPRESS, name: 'Over\nnight' },
      'Name must be a single line of text, without line breaks or control characters',
      'name',
    ],
    [{ ...EXPRESS, maxDays: 91 }, 'Delivery days must be whole numbers from 0 to 90', 'maxDays'],
    [{ ...EXPRESS, minDays: 3, maxDays: 2 }, 'The longest delivery cannot be shorter than the shortest', 'maxDays'],
    [{ ...EXPRESS, rates: [] }, 'A shipping method needs a rate for at least one country', 'rates'],
    [{ ...EXPRESS, rates: [{ countries: [], price: 1 }] }, 'A rate needs at least one country', 'rates[0].countries'],
    [
      { ...EXPRESS, rates: [{ countries: ['DE', 'XX'], price: 1 }] },
      'XX is not a country’s two-letter code (ISO 3166), such as DE or US',
      'rates[0].countries',
    ],
    [
      {
        ...EXPRESS,
        rates: [
          { countries: ['DE'], price: 1 },
          { countries: ['AT', 'de'], price: 2 },
        ],
      },
      'Germany has a rate already: a country can have one rate in a method',
      'rates[1].countries',
    ],
    [
      { ...EXPRESS, rates: [{ countries: ['DE'], price: 1.999 }] },
      'Price must be from 0 to $10,000.00 in whole cents',
      'rates[0].price',
    ],
    [
      { ...EXPRESS, rates: [{ countries: ['DE'], price: -1 }] },
      'Price must be from 0 to $10,000.00 in whole cents',
      'rates[0].price',
    ],
    [
      { ...EXPRESS, rates: [{ countries: ['DE'], price: 1, freeFrom: 0 }] },
      'Free from must be an order value over 0 in whole cents, or none',
      'rates[0].freeFrom',
    ],
  ])('refuses %j with 400 on its field, writing nothing', async (body, message, field) => {
    const before = await methodsSeenBy(admin);
    const answer = await shop.request('POST', '/api/shipping-methods', {
      token: admin,
      body: { ...body, name: body.name === EXPRESS.name ? 'Refused' : body.name },
    });
    expect([answer.status, answer.body]).toEqual([400, { message, code: 'INVALID_INPUT', field }]);
    expect(await methodsSeenBy(admin)).toEqual(before);
  });

  it('keeps one method a name, in any case', async () => {
    const taken = await shop.request('POST', '/api/shipping-methods', {
      token: admin,
      body: { ...EXPRESS, name: 'EXPRESS' },
    });
    expect([taken.status, taken.body]).toEqual([
      409,
      { message: 'A shipping method named EXPRESS exists already', code: 'SHIPPING_METHOD_NAME_TAKEN', field: 'name' },
    ]);
  });

  it('says what each costs the cart going to a country, free from its amount on, or why it does not ship there', async () => {
    const small = await buyerWith(9.99, 2);
    expect(
      (await optionsFor(small.token, 'de')).body.map((option) => [
        option.method.name,
        option.available,
        option.price,
        option.reason,
      ]),
    ).toEqual([
      ['Pick-up', true, 0, null],
      ['Express', true, 14.9, null],
      ['Standard', true, 4.9, null],
    ]);
    expect(
      (await optionsFor(small.token, 'LV')).body.map((option) => [option.available, option.price, option.reason]),
    ).toEqual([
      [false, null, 'Pick-up does not ship to Latvia'],
      [false, null, 'Express does not ship to Latvia'],
      [false, null, 'Standard does not ship to Latvia'],
    ]);
    // 50.00 exactly is free.
    const large = await buyerWith(25, 2);
    expect((await optionsFor(large.token, 'AT')).body.map((option) => [option.method.name, option.price])).toEqual([
      ['Pick-up', null],
      ['Express', null],
      ['Standard', 0],
    ]);
    const bad = await optionsFor(large.token, 'Germany');
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
        code: 'INVALID_INPUT',
        field: 'country',
      },
    ]);
  });

  it('charges the method chosen at checkout: subtotal, shipping and total, exact to the cent', async () => {
    const { token } = await buyerWith(10.01, 3);
    const placed = await shop.request('POST', '/api/orders/checkout', {
      token,
      body: {
        shippingAddress: 'Ada\n1 Road\nBerlin',
        shippingMethodId: standard.id,
        shippingCountry: 'de',
        expectedTotal: 34.93,
      },
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({
      totalAmount: 34.93,
      subtotal: 30.03,
      shippingCost: 4.9,
      shippingMethod: 'Standard',
      shippingCountry: 'DE',
    });
    const [listed] = (await shop.request('GET', '/api/orders', { token })).body;
    expect(listed).toMatchObject({
      totalAmount: 34.93,
      subtotal: 30.03,
      shippingCost: 4.9,
      shippingMethod: 'Standard',
    });
    // Pick-up costs nothing.
    const second = await buyerWith(10.01, 1);
    const collected = await shop.request('POST', '/api/orders/checkout', {
      token: second.token,
      body: { shippingAddress: 'Our shop', shippingMethodId: pickup.id, shippingCountry: 'DE', expectedTotal: 10.01 },
    });
    expect([collected.status, collected.body.shippingCost, collected.body.totalAmount]).toEqual([201, 0, 10.01]);
  });

  it.each([
    [{}, 400, 'Choose a shipping method', 'SHIPPING_METHOD_REQUIRED', 'shippingMethodId'],
    [{ method: 'express' }, 400, 'Say which country the order ships to', 'SHIPPING_METHOD_REQUIRED', 'shippingCountry'],
    [
      { method: 'express', country: 'LV' },
      400,
      'Express does not ship to Latvia',
      'SHIPPING_NOT_AVAILABLE',
      'shippingCountry',
    ],
    [
      { method: 999999, country: 'DE' },
      400,
      'This shipping method is no longer offered: choose another',
      'SHIPPING_METHOD_NOT_FOUND',
      'shippingMethodId',
    ],
    [
      { method: 'express', country: 'Deutschland' },
      400,
      'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
      'INVALID_INPUT',
      'shippingCountry',
    ],
    // The lines alone: the buyer did not see shipping.
    [
      { method: 'express', country: 'DE', expected: 5 },
      409,
      'The total is now $19.90, not the $5.00 you reviewed: check your order and place it again',
      'PRICE_CHANGED',
      'expectedTotal',
    ],
  ])(
    'refuses a checkout %j, writing nothing: the cart, the stock and the orders as they were',
    async (choice, status, message, code, field) => {
      const { token, product } = await buyerWith(5, 1);
      const { method, country, expected } = choice as { method?: string | number; country?: string; expected?: number };
      const methodId = method === 'express' ? express.id : method;
      const answer = await shop.request('POST', '/api/orders/checkout', {
        token,
        body: {
          shippingAddress: '1 Road',
          ...(methodId === undefined ? {} : { shippingMethodId: methodId }),
          ...(country === undefined ? {} : { shippingCountry: country }),
          ...(expected === undefined ? {} : { expectedTotal: expected }),
        },
      });
      expect([answer.status, answer.body]).toEqual([status, { message, code, field }]);
      expect((await shop.request('GET', '/api/orders', { token })).body).toEqual([]);
      expect((await shop.request('GET', '/api/cart', { token })).body.items).toHaveLength(1);
      expect((await shop.request('GET', `/api/products/${product.id}`, { token })).body.quantity).toBe(100);
    },
  );

  it('changes and retires a method for orders to come; placed orders keep what they paid, and its name once deleted', async () => {
    const { token } = await buyerWith(20, 1);
    const placed = await shop.request('POST', '/api/orders/checkout', {
      token,
      body: { shippingAddress: '1 Road', shippingMethodId: express.id, shippingCountry: 'DE' },
    });
    expect(placed.status).toBe(201);
    const changed = await shop.request<Method>('PUT', `/api/shipping-methods/${express.id}`, {
      token: admin,
      body: { ...EXPRESS, name: 'Express Plus', active: false, rates: [{ countries: ['DE'], price: 19.9 }] },
    });
    expect([changed.status, changed.body.name, changed.body.active]).toEqual([200, 'Express Plus', false]);
    // Retired: shoppers no longer see it and cannot order with it; admins still do.
    const shopper = await shop.register('shipping-after-change');
    expect((await methodsSeenBy(shopper)).map((method) => method.name)).toEqual(['Pick-up', 'Standard']);
    expect((await methodsSeenBy(admin)).map((method) => method.name)).toEqual(['Pick-up', 'Express Plus', 'Standard']);
    const next = await buyerWith(20, 1);
    const refused = await shop.request('POST', '/api/orders/checkout', {
      token: next.token,
      body: { shippingAddress: '1 Road', shippingMethodId: express.id, shippingCountry: 'DE' },
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'SHIPPING_METHOD_NOT_FOUND']);

    const deleted = await shop.request('DELETE', `/api/shipping-methods/${express.id}`, { token: admin });
    expect(deleted.status).toBe(204);
    const again = await shop.request('DELETE', `/api/shipping-methods/${express.id}`, { token: admin });
    expect([again.status, again.body]).toEqual([
      404,
      { message: 'Shipping method not found', code: 'SHIPPING_METHOD_NOT_FOUND', field: 'id' },
    ]);
    const [kept] = (await shop.request('GET', '/api/orders', { token })).body;
    expect(kept).toMatchObject({ shippingMethod: 'Express', shippingCost: 14.9, totalAmount: 34.9 });
    const audit = await shop.request<{ content: { action: string }[] }>('GET', '/api/audit-events', {
      token: admin,
      query: { subjectType: 'shipping_method', subjectId: express.id },
    });
    expect(audit.body.content.map((event) => event.action)).toEqual([
      'shipping_method.deleted',
      'shipping_method.updated',
      'shipping_method.created',
    ]);
  });
});
