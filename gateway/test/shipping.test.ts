// Shipping through the gateway (extension shipping): admins save and delete methods with saveShippingMethod and
// deleteShippingMethod (Decimal amounts in, Money out; refusals as userErrors, writing nothing), shoppers read the
// ones offered (`shippingMethods`) and what each costs their cart to a country (`cart.shippingOptions`), and checkout
// charges the method chosen: the order says its subtotal, its shipping, by which method to which country. Against the
// plain contract (the gateway-plain project, restExtensions false) there are no methods: the lists are empty, the
// mutations NOT_SUPPORTED, a method chosen at checkout NOT_FOUND, and an order's lines are its whole total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLAnswer, type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let adminRest: string;
let admin: string;
let counter = 0;

beforeAll(async () => {
  shop = await startShop();
  adminRest = await shop.rest.adminToken();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const USER_ERRORS = 'userErrors { message field code } clientMutationId';
const globalId = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');
const money = (amount: string, minorUnits: number) => ({ amount, currencyCode: 'USD', minorUnits });
const errorCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

const METHOD = `id name description minDays maxDays estimate active
  rates { countries { code name } price { amount currencyCode minorUnits } freeFrom { amount currencyCode minorUnits } }`;
const SAVED = `shippingMethod { ${METHOD} }`;
const ORDER = `id total { amount currencyCode minorUnits } subtotal { amount currencyCode minorUnits }
  shippingCost { amount currencyCode minorUnits } shippingMethodName shippingCountry { code name }`;
const OPTIONS = `query ($country: String!) {
  viewer { cart { shippingOptions(country: $country) { method { name estimate } price { amount } unavailableReason } } }
}`;
const NOT_SUPPORTED = "The shop's REST service keeps no shipping methods (it lacks the shipping extension)";
const GONE = 'This shipping method is no longer offered: choose another';

/** Runs `mutation { name(input: $input) { selection userErrors … } }` and answers the whole GraphQL answer. */
function send(name: string, input: Record<string, unknown>, selection: string, token?: string): Promise<GraphQLAnswer> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  return shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
}

/** A mutation that must not fail as a GraphQL error: its payload (which may still carry userErrors). */
async function mutate(name: string, input: Record<string, unknown>, selection: string, token: string): Promise<any> {
  const answer = await send(name, input, selection, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

/** A mutation that must fail with exactly one userError: that error (the payload is checked to carry nothing else). */
async function refused(name: string, input: Record<string, unknown>, selection: string, token: string) {
  const payload = await mutate(name, { ...input, clientMutationId: `refused-${name}` }, selection, token);
  expect(payload.userErrors).toHaveLength(1);
  expect(payload.clientMutationId).toBe(`refused-${name}`);
  for (const [key, value] of Object.entries(payload))
    if (key !== 'userErrors' && key !== 'clientMutationId') expect(value, key).toBeNull();
  return payload.userErrors[0] as { message: string; field: string | null; code: string };
}

async function read<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const answer = await shop.graphql<T>(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!;
}

/** A new shopper with `quantity` of a new product (this file's own, 100 in stock) at `price` in the cart. */
async function buyerWith(price: number, quantity: number) {
  counter += 1;
  const token = await shop.user(`ship-buyer-${counter}`);
  const made = await shop.rest.createProduct(adminRest, { name: `Shipped Splint ${counter}`, price, quantity: 100 });
  const productId = globalId('Product', made.id);
  expect((await mutate('addToCart', { productId, quantity }, 'cart { id }', token)).userErrors).toEqual([]);
  return { token, productId };
}

const methodNamesSeenBy = async (token: string) =>
  (await read<{ shippingMethods: { name: string }[] }>('{ shippingMethods { name } }', {}, token)).shippingMethods.map(
    (method) => method.name,
  );
const optionsFor = async (token: string, country: string) =>
  (await read(OPTIONS, { country }, token)).viewer.cart.shippingOptions;
const stockOf = async (productId: string) =>
  (await read('query ($id: ID!) { product(id: $id) { quantity } }', { id: productId }, admin)).product.quantity;
const ordersAndCartOf = async (token: string) =>
  (await read('{ viewer { orders(first: 5) { totalCount } cart { itemCount } } }', {}, token)).viewer;

// Before any method is offered, over either contract: checkout takes none and charges no shipping. First in the file:
// once a method is offered here, every checkout needs one.
describe('before any shipping method is offered', () => {
  it('lists none, offers the cart none, and checkout charges the lines alone', async () => {
    const { token } = await buyerWith(9.99, 2);
    expect(await read('{ shippingMethods { id } }', {}, token)).toEqual({ shippingMethods: [] });
    expect(await read('{ shippingMethods { id } }', {}, admin)).toEqual({ shippingMethods: [] });
    expect(await optionsFor(token, 'DE')).toEqual([]);

    const payload = await mutate(
      'checkout',
      { shippingAddress: '1 Plain Road', expectedTotalAmount: '19.98' },
      `order { ${ORDER} }`,
      token,
    );
    expect(payload).toEqual({
      order: {
        id: expect.any(String),
        total: money('19.98', 1998),
        subtotal: money('19.98', 1998),
        shippingCost: money('0.00', 0),
        shippingMethodName: null,
        shippingCountry: null,
      },
      userErrors: [],
      clientMutationId: null,
    });
    const byId = `query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER} } } }`;
    expect((await read(byId, { id: payload.order.id }, token)).node).toEqual(payload.order);
  });
});

describe('shippingOptions(country:)', () => {
  it('of a text that is no country code is the request’s error, BAD_USER_INPUT', async () => {
    const { token } = await buyerWith(5, 1);
    const answer = await shop.graphql(OPTIONS, { country: 'Germany' }, token);
    expect(answer.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
      [
        'BAD_USER_INPUT',
        'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
        ['viewer', 'cart', 'shippingOptions'],
      ],
    ]);
  });
});

describe.runIf(restExtensions)('shipping over our REST service', () => {
  const STANDARD = {
    name: 'Standard',
    description: 'Tracked parcel',
    minDays: 2,
    maxDays: 4,
    rates: [
      { countries: ['de', 'AT'], priceAmount: '4.90', freeFromAmount: '50' },
      { countries: ['GB', 'us'], priceAmount: '12' },
    ],
  };
  const EXPRESS = { name: 'Express', minDays: 1, maxDays: 1, rates: [{ countries: ['DE'], priceAmount: '13.90' }] };
  const PICKUP = { name: 'Pick-up', minDays: 0, maxDays: 0, rates: [{ countries: ['DE'], priceAmount: '0' }] };
  /** Global ids of the methods saved. */
  const id: Record<string, string> = {};
  let pickupOrder: { token: string; id: string };

  it('an admin saves a method: its rates by country, price and free-from as Money, its estimate; active unless said', async () => {
    const saved = await mutate('saveShippingMethod', { ...STANDARD, clientMutationId: 'standard' }, SAVED, admin);
    expect(saved).toEqual({
      shippingMethod: {
        id: expect.any(String),
        name: 'Standard',
        description: 'Tracked parcel',
        minDays: 2,
        maxDays: 4,
        estimate: '2–4 business days',
        active: true,
        rates: [
          {
            countries: [
              { code: 'DE', name: 'Germany' },
              { code: 'AT', name: 'Austria' },
            ],
            price: money('4.90', 490),
            freeFrom: money('50.00', 5000),
          },
          {
            countries: [
              { code: 'GB', name: 'United Kingdom' },
              { code: 'US', name: 'United States' },
            ],
            price: money('12.00', 1200),
            freeFrom: null,
          },
        ],
      },
      userErrors: [],
      clientMutationId: 'standard',
    });
    id.Standard = saved.shippingMethod.id;
    expect(Buffer.from(id.Standard!, 'base64url').toString('utf8')).toMatch(/^ShippingMethod:\d+$/);

    const express = await mutate('saveShippingMethod', EXPRESS, SAVED, admin);
    expect(express.shippingMethod).toMatchObject({
      name: 'Express',
      description: null,
      estimate: '1 business day',
      active: true,
      rates: [{ countries: [{ code: 'DE', name: 'Germany' }], price: money('13.90', 1390), freeFrom: null }],
    });
    id.Express = express.shippingMethod.id;
    const pickup = await mutate('saveShippingMethod', PICKUP, SAVED, admin);
    expect(pickup.shippingMethod).toMatchObject({
      name: 'Pick-up',
      estimate: 'Same day',
      rates: [{ price: money('0.00', 0), freeFrom: null }],
    });
    id['Pick-up'] = pickup.shippingMethod.id;
  });

  it('an admin changes one by its id, every field as given', async () => {
    const changed = await mutate(
      'saveShippingMethod',
      { ...EXPRESS, id: id.Express, description: 'By courier', rates: [{ countries: ['de'], priceAmount: '14.9' }] },
      SAVED,
      admin,
    );
    expect(changed).toEqual({
      shippingMethod: {
        id: id.Express,
        name: 'Express',
        description: 'By courier',
        minDays: 1,
        maxDays: 1,
        estimate: '1 business day',
        active: true,
        rates: [{ countries: [{ code: 'DE', name: 'Germany' }], price: money('14.90', 1490), freeFrom: null }],
      },
      userErrors: [],
      clientMutationId: null,
    });
    const { shippingMethods } = await read(`{ shippingMethods { ${METHOD} } }`, {}, admin);
    expect(shippingMethods.find((method: { id: string }) => method.id === id.Express)).toEqual(changed.shippingMethod);

    // An id that names no method, or names something else, is NOT_FOUND on `id`.
    for (const unknown of [globalId('ShippingMethod', 999_999), globalId('Product', 1)])
      expect(await refused('saveShippingMethod', { ...EXPRESS, id: unknown }, SAVED, admin)).toEqual({
        message: 'Shipping method not found',
        field: 'id',
        code: 'NOT_FOUND',
      });
  });

  it.each<[string, Record<string, unknown>, { message: string; field: string; code: string }]>([
    [
      'a price of a fraction of a cent',
      { rates: [{ countries: ['DE'], priceAmount: '1.999' }] },
      {
        message: 'Price must be from 0 to $10,000.00 in whole cents',
        field: 'rates[0].priceAmount',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a price over $10,000.00 (the REST service’s rule, named as the input names it)',
      {
        rates: [
          { countries: ['DE'], priceAmount: '1' },
          { countries: ['AT'], priceAmount: '10000.01' },
        ],
      },
      {
        message: 'Price must be from 0 to $10,000.00 in whole cents',
        field: 'rates[1].priceAmount',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'free from nothing',
      { rates: [{ countries: ['DE'], priceAmount: '1', freeFromAmount: '0' }] },
      {
        message: 'Free from must be an order value over 0 in whole cents, or none',
        field: 'rates[0].freeFromAmount',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a country in two rates',
      {
        rates: [
          { countries: ['DE'], priceAmount: '1' },
          { countries: ['AT', 'de'], priceAmount: '2' },
        ],
      },
      {
        message: 'Germany has a rate already: a country can have one rate in a method',
        field: 'rates[1].countries',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'an unknown country',
      { rates: [{ countries: ['DE', 'XX'], priceAmount: '1' }] },
      {
        message: 'XX is not a country’s two-letter code (ISO 3166), such as DE or US',
        field: 'rates[0].countries',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'the longest delivery shorter than the shortest',
      { minDays: 3, maxDays: 2 },
      { message: 'The longest delivery cannot be shorter than the shortest', field: 'maxDays', code: 'INVALID_INPUT' },
    ],
    [
      'a name taken, in another case',
      { name: 'STANDARD' },
      { message: 'A shipping method named STANDARD exists already', field: 'name', code: 'CONFLICT' },
    ],
  ])('refuses %s as a userError on its field, keeping nothing', async (_case, change, userError) => {
    const before = await read(`{ shippingMethods { ${METHOD} } }`, {}, admin);
    expect(await refused('saveShippingMethod', { ...EXPRESS, name: 'Refused', ...change }, SAVED, admin)).toEqual(
      userError,
    );
    expect(await read(`{ shippingMethods { ${METHOD} } }`, {}, admin)).toEqual(before);
  });

  it('a shopper may not save, change or delete one: FORBIDDEN, nothing changed', async () => {
    const shopper = await shop.user('ship-not-admin');
    const forbidden = {
      message: 'Only administrators can manage shipping methods',
      field: null,
      code: 'FORBIDDEN',
    };
    expect(await refused('saveShippingMethod', { ...EXPRESS, name: 'Mine' }, SAVED, shopper)).toEqual(forbidden);
    expect(await refused('saveShippingMethod', { ...EXPRESS, id: id.Express, name: 'Mine' }, SAVED, shopper)).toEqual(
      forbidden,
    );
    expect(await refused('deleteShippingMethod', { id: id.Express }, 'deletedShippingMethodId', shopper)).toEqual(
      forbidden,
    );
    expect(await methodNamesSeenBy(admin)).toEqual(['Pick-up', 'Express', 'Standard']);
  });

  it('shippingMethods: a shopper sees the ones offered, the fastest first; an admin the retired ones too', async () => {
    const freight = await mutate(
      'saveShippingMethod',
      { name: 'Freight', minDays: 5, maxDays: 10, active: false, rates: [{ countries: ['DE'], priceAmount: '29' }] },
      SAVED,
      admin,
    );
    expect(freight.shippingMethod).toMatchObject({ estimate: '5–10 business days', active: false });
    id.Freight = freight.shippingMethod.id;

    const shopper = await shop.user('ship-reader');
    const listed = '{ shippingMethods { id name estimate active } }';
    expect((await read(listed, {}, shopper)).shippingMethods).toEqual([
      { id: id['Pick-up'], name: 'Pick-up', estimate: 'Same day', active: true },
      { id: id.Express, name: 'Express', estimate: '1 business day', active: true },
      { id: id.Standard, name: 'Standard', estimate: '2–4 business days', active: true },
    ]);
    expect((await read(listed, {}, admin)).shippingMethods).toEqual([
      { id: id['Pick-up'], name: 'Pick-up', estimate: 'Same day', active: true },
      { id: id.Express, name: 'Express', estimate: '1 business day', active: true },
      { id: id.Standard, name: 'Standard', estimate: '2–4 business days', active: true },
      { id: id.Freight, name: 'Freight', estimate: '5–10 business days', active: false },
    ]);
  });

  it('cart.shippingOptions: what each offered method costs the cart there, free from its amount on, or why not', async () => {
    const small = await buyerWith(9.99, 2);
    expect(await optionsFor(small.token, 'de')).toEqual([
      { method: { name: 'Pick-up', estimate: 'Same day' }, price: { amount: '0.00' }, unavailableReason: null },
      { method: { name: 'Express', estimate: '1 business day' }, price: { amount: '14.90' }, unavailableReason: null },
      {
        method: { name: 'Standard', estimate: '2–4 business days' },
        price: { amount: '4.90' },
        unavailableReason: null,
      },
    ]);
    expect(await optionsFor(small.token, ' lv ')).toEqual([
      {
        method: { name: 'Pick-up', estimate: 'Same day' },
        price: null,
        unavailableReason: 'Pick-up does not ship to Latvia',
      },
      {
        method: { name: 'Express', estimate: '1 business day' },
        price: null,
        unavailableReason: 'Express does not ship to Latvia',
      },
      {
        method: { name: 'Standard', estimate: '2–4 business days' },
        price: null,
        unavailableReason: 'Standard does not ship to Latvia',
      },
    ]);
    // $50.00 of lines, exactly Standard's free-from amount to Austria: free.
    const large = await buyerWith(25, 2);
    expect(await optionsFor(large.token, 'AT')).toEqual([
      {
        method: { name: 'Pick-up', estimate: 'Same day' },
        price: null,
        unavailableReason: 'Pick-up does not ship to Austria',
      },
      {
        method: { name: 'Express', estimate: '1 business day' },
        price: null,
        unavailableReason: 'Express does not ship to Austria',
      },
      {
        method: { name: 'Standard', estimate: '2–4 business days' },
        price: { amount: '0.00' },
        unavailableReason: null,
      },
    ]);
    // The admin's own cart: the retired method is not offered there either.
    expect((await optionsFor(admin, 'DE')).map((option: { method: { name: string } }) => option.method.name)).toEqual([
      'Pick-up',
      'Express',
      'Standard',
    ]);
  });

  it('checkout charges the method chosen: expectedTotalAmount is lines and shipping, and the order says each', async () => {
    const { token } = await buyerWith(10.01, 3);
    const choice = { shippingAddress: 'Ada\n1 Road\nBerlin', shippingMethodId: id.Standard, shippingCountry: 'de' };

    // The lines alone are not what the order costs: PRICE_CHANGED, nothing ordered.
    const linesOnly = await mutate(
      'checkout',
      { ...choice, expectedTotalAmount: '30.03' },
      `order { id } cart { itemCount }`,
      token,
    );
    expect(linesOnly).toEqual({
      order: null,
      cart: { itemCount: 3 },
      userErrors: [
        {
          message: 'The total is now $34.93, not the $30.03 you reviewed: check your order and place it again',
          field: 'expectedTotalAmount',
          code: 'PRICE_CHANGED',
        },
      ],
      clientMutationId: null,
    });

    const placed = await mutate(
      'checkout',
      { ...choice, expectedTotalAmount: '34.93', clientMutationId: 'shipped' },
      `order { ${ORDER} } cart { itemCount }`,
      token,
    );
    const order = {
      id: expect.any(String),
      total: money('34.93', 3493),
      subtotal: money('30.03', 3003),
      shippingCost: money('4.90', 490),
      shippingMethodName: 'Standard',
      shippingCountry: { code: 'DE', name: 'Germany' },
    };
    expect(placed).toEqual({ order, cart: { itemCount: 0 }, userErrors: [], clientMutationId: 'shipped' });
    // Read again, by the buyer and by an admin.
    const byId = `query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER} } } }`;
    expect((await read(byId, { id: placed.order.id }, token)).node).toEqual(placed.order);
    expect((await read(byId, { id: placed.order.id }, admin)).node).toEqual(placed.order);
    const { viewer } = await read(`{ viewer { orders(first: 5) { edges { node { ${ORDER} } } } } }`, {}, token);
    expect(viewer.orders.edges).toEqual([{ node: placed.order }]);

    // Pick-up costs nothing: the lines are the whole total.
    const collector = await buyerWith(10.01, 1);
    const collected = await mutate(
      'checkout',
      {
        shippingAddress: 'Our shop',
        shippingMethodId: id['Pick-up'],
        shippingCountry: 'DE',
        expectedTotalAmount: '10.01',
      },
      `order { ${ORDER} }`,
      collector.token,
    );
    expect(collected).toMatchObject({
      order: {
        total: money('10.01', 1001),
        subtotal: money('10.01', 1001),
        shippingCost: money('0.00', 0),
        shippingMethodName: 'Pick-up',
        shippingCountry: { code: 'DE', name: 'Germany' },
      },
      userErrors: [],
    });
    pickupOrder = { token: collector.token, id: collected.order.id };
  });

  it.each<[string, Record<string, unknown>, { message: string; field: string; code: string }]>([
    [
      'no method while some are offered',
      {},
      { message: 'Choose a shipping method', field: 'shippingMethodId', code: 'INVALID_INPUT' },
    ],
    [
      'a method without a country',
      { method: 'Express' },
      { message: 'Say which country the order ships to', field: 'shippingCountry', code: 'INVALID_INPUT' },
    ],
    [
      'a country the method does not ship to',
      { method: 'Express', shippingCountry: 'LV' },
      { message: 'Express does not ship to Latvia', field: 'shippingCountry', code: 'INVALID_INPUT' },
    ],
    [
      'a text that is no country code',
      { method: 'Express', shippingCountry: 'Deutschland' },
      {
        message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
        field: 'shippingCountry',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a retired method',
      { method: 'Freight', shippingCountry: 'DE' },
      { message: GONE, field: 'shippingMethodId', code: 'NOT_FOUND' },
    ],
    [
      'an id that names no method',
      { shippingMethodId: globalId('ShippingMethod', 999_999), shippingCountry: 'DE' },
      { message: GONE, field: 'shippingMethodId', code: 'NOT_FOUND' },
    ],
    [
      'an id of another type',
      { shippingMethodId: globalId('Product', 1), shippingCountry: 'DE' },
      { message: GONE, field: 'shippingMethodId', code: 'NOT_FOUND' },
    ],
  ])('refuses a checkout with %s, ordering nothing', async (_case, given, userError) => {
    const { token, productId } = await buyerWith(5, 1);
    const { method, ...rest } = given as { method?: string } & Record<string, unknown>;
    const input = {
      shippingAddress: '1 Road',
      ...(method === undefined ? {} : { shippingMethodId: id[method] }),
      ...rest,
    };
    expect(await refused('checkout', input, 'order { id } cart { itemCount }', token)).toEqual(userError);
    expect(await ordersAndCartOf(token)).toEqual({ orders: { totalCount: 0 }, cart: { itemCount: 1 } });
    expect(await stockOf(productId)).toBe(100);
  });

  it('node(id:) answers a method the viewer may see: an offered one to anyone, a retired one to admins alone', async () => {
    const shopper = await shop.user('ship-node');
    const byId = `query ($id: ID!) { node(id: $id) { id ... on ShippingMethod { name estimate active } } }`;
    expect((await read(byId, { id: id.Standard }, shopper)).node).toEqual({
      id: id.Standard,
      name: 'Standard',
      estimate: '2–4 business days',
      active: true,
    });
    expect((await read(byId, { id: id.Freight }, shopper)).node).toBeNull();
    expect((await read(byId, { id: id.Freight }, admin)).node).toEqual({
      id: id.Freight,
      name: 'Freight',
      estimate: '5–10 business days',
      active: false,
    });
    expect((await read(byId, { id: globalId('ShippingMethod', 999_999) }, admin)).node).toBeNull();
  });

  it('retiring a method (active: false) stops offering it: shoppers no longer see it, nor may check out with it', async () => {
    const retired = await mutate('saveShippingMethod', { ...EXPRESS, id: id.Express, active: false }, SAVED, admin);
    expect(retired.shippingMethod).toMatchObject({ id: id.Express, active: false });
    const { token } = await buyerWith(5, 1);
    expect(await methodNamesSeenBy(token)).toEqual(['Pick-up', 'Standard']);
    expect((await optionsFor(token, 'DE')).map((option: { method: { name: string } }) => option.method.name)).toEqual([
      'Pick-up',
      'Standard',
    ]);
    expect(
      await refused(
        'checkout',
        { shippingAddress: '1 Road', shippingMethodId: id.Express, shippingCountry: 'DE' },
        'order { id }',
        token,
      ),
    ).toEqual({ message: GONE, field: 'shippingMethodId', code: 'NOT_FOUND' });
    expect(await methodNamesSeenBy(admin)).toEqual(['Pick-up', 'Express', 'Standard', 'Freight']);
  });

  it('deleteShippingMethod: gone for everyone; an order placed with it keeps its name and what it paid', async () => {
    const deleted = await mutate(
      'deleteShippingMethod',
      { id: id['Pick-up'], clientMutationId: 'pickup' },
      'deletedShippingMethodId',
      admin,
    );
    expect(deleted).toEqual({ deletedShippingMethodId: id['Pick-up'], userErrors: [], clientMutationId: 'pickup' });
    expect(await methodNamesSeenBy(admin)).toEqual(['Express', 'Standard', 'Freight']);
    const byId = `query ($id: ID!) { node(id: $id) { id } }`;
    expect((await read(byId, { id: id['Pick-up'] }, admin)).node).toBeNull();
    for (const gone of [id['Pick-up'], globalId('Product', 1)])
      expect(await refused('deleteShippingMethod', { id: gone }, 'deletedShippingMethodId', admin)).toEqual({
        message: 'Shipping method not found',
        field: 'id',
        code: 'NOT_FOUND',
      });

    const { node } = await read(
      `query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER} } } }`,
      { id: pickupOrder.id },
      pickupOrder.token,
    );
    expect(node).toEqual({
      id: pickupOrder.id,
      total: money('10.01', 1001),
      subtotal: money('10.01', 1001),
      shippingCost: money('0.00', 0),
      shippingMethodName: 'Pick-up',
      shippingCountry: { code: 'DE', name: 'Germany' },
    });
  });
});

describe.runIf(!restExtensions)('shipping over the plain contract', () => {
  const FREIGHT = { name: 'Freight', minDays: 1, maxDays: 2, rates: [{ countries: ['DE'], priceAmount: '4.90' }] };

  it('lists no methods and offers the cart none, to shoppers and admins alike', async () => {
    const { token } = await buyerWith(9.99, 1);
    expect(await read('{ shippingMethods { id } }', {}, token)).toEqual({ shippingMethods: [] });
    expect(await read('{ shippingMethods { id } }', {}, admin)).toEqual({ shippingMethods: [] });
    expect(await optionsFor(token, 'de')).toEqual([]);
    expect(await optionsFor(admin, 'US')).toEqual([]);
    const byId = `query ($id: ID!) { node(id: $id) { id } }`;
    expect((await read(byId, { id: globalId('ShippingMethod', 1) }, admin)).node).toBeNull();
  });

  it('saveShippingMethod and deleteShippingMethod are NOT_SUPPORTED', async () => {
    const saved = await send('saveShippingMethod', FREIGHT, SAVED, admin);
    expect(saved.data?.saveShippingMethod ?? null).toBeNull();
    expect(saved.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
      ['NOT_SUPPORTED', NOT_SUPPORTED, ['saveShippingMethod']],
    ]);
    const changed = await send('saveShippingMethod', { ...FREIGHT, id: globalId('ShippingMethod', 1) }, SAVED, admin);
    expect(errorCodes(changed)).toEqual(['NOT_SUPPORTED']);
    const deleted = await send(
      'deleteShippingMethod',
      { id: globalId('ShippingMethod', 1) },
      'deletedShippingMethodId',
      admin,
    );
    expect(deleted.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
      ['NOT_SUPPORTED', NOT_SUPPORTED],
    ]);
  });

  it('a checkout choosing a method is NOT_FOUND on shippingMethodId, ordering nothing', async () => {
    const { token, productId } = await buyerWith(5, 2);
    expect(
      await refused(
        'checkout',
        { shippingAddress: '1 Road', shippingMethodId: globalId('ShippingMethod', 1), shippingCountry: 'DE' },
        'order { id }',
        token,
      ),
    ).toEqual({ message: GONE, field: 'shippingMethodId', code: 'NOT_FOUND' });
    expect(await ordersAndCartOf(token)).toEqual({ orders: { totalCount: 0 }, cart: { itemCount: 2 } });
    expect(await stockOf(productId)).toBe(100);
  });
});

describe('a login is needed', () => {
  it('to save or delete a method: UNAUTHENTICATED without a token', async () => {
    const input = { name: 'Anon', minDays: 1, maxDays: 1, rates: [{ countries: ['DE'], priceAmount: '1' }] };
    const saved = await send('saveShippingMethod', input, SAVED);
    expect(saved.data?.saveShippingMethod ?? null).toBeNull();
    expect(errorCodes(saved)).toEqual(['UNAUTHENTICATED']);
    const deleted = await send(
      'deleteShippingMethod',
      { id: globalId('ShippingMethod', 1) },
      'deletedShippingMethodId',
    );
    expect(deleted.data?.deleteShippingMethod ?? null).toBeNull();
    expect(errorCodes(deleted)).toEqual(['UNAUTHENTICATED']);
  });
});
