// Tax through the gateway (extension tax): admins set rates with saveTaxRate and deleteTaxRate (a country's standard
// rate, or its rate for a category and what lies under it; percent in and out) and say whether prices include tax
// with updateTaxSettings (refusals as userErrors, writing nothing); every shopper reads `taxRates` and `taxSettings`,
// and what their cart would cost shipped somewhere (`cart.charges`: lines, shipping, tax by rate, total) as the REST
// service's checkout works it out. Checkout's expectedTotalAmount is that total, and the order keeps its tax by rate.
// Against the plain contract (the gateway-plain project, restExtensions false) there is no tax: no rates, prices
// include it, a cart costs its lines, every order's tax is nothing, and the mutations are NOT_SUPPORTED.
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

const MONEY = '{ amount currencyCode minorUnits }';
const RATE = 'id country { code name } categoryId categoryName rate';
const SAVED = `taxRate { ${RATE} }`;
const SETTINGS = 'taxSettings { pricesIncludeTax }';
const TAX_LINES = `taxLines { rate taxed ${MONEY} tax ${MONEY} }`;
const CHARGES = `subtotal ${MONEY} shippingCost ${MONEY} shippingMethodName tax ${MONEY} ${TAX_LINES}
  pricesIncludeTax total ${MONEY}`;
const CHARGES_QUERY = `query ($country: String, $method: ID) {
  viewer { cart { charges(shippingCountry: $country, shippingMethodId: $method) { ${CHARGES} } } }
}`;
const ORDER = `id total ${MONEY} subtotal ${MONEY} shippingCost ${MONEY} shippingMethodName
  shippingCountry { code name } tax ${MONEY} ${TAX_LINES} pricesIncludeTax`;
const ORDER_BY_ID = `query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER} } } }`;
const NODE_ID = 'query ($id: ID!) { node(id: $id) { id } }';
const NOT_SUPPORTED = "The shop's REST service keeps no tax (it lacks the tax extension)";
const COUNTRY_REQUIRED = 'Say which country the order ships to: the shop taxes orders by where they go';

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

/**
 * A new shopper whose cart holds the worked example: 2 × a bandage at 10.70 (in `categoryIds`) and 1 × an
 * uncategorised gauze at 11.90, $33.30 of lines; both products this file's own, 50 in stock.
 */
async function buyer(categoryIds: number[] = []) {
  counter += 1;
  const token = await shop.user(`tax-buyer-${counter}`);
  const bandage = await shop.rest.createProduct(adminRest, {
    name: `Taxed Bandage ${counter}`,
    price: 10.7,
    quantity: 50,
    ...(categoryIds.length > 0 ? { categoryIds } : {}),
  });
  const gauze = await shop.rest.createProduct(adminRest, { name: `Taxed Gauze ${counter}`, price: 11.9, quantity: 50 });
  const productIds = [globalId('Product', bandage.id), globalId('Product', gauze.id)] as const;
  for (const [productId, quantity] of [
    [productIds[0], 2],
    [productIds[1], 1],
  ] as const)
    expect((await mutate('addToCart', { productId, quantity }, 'cart { id }', token)).userErrors).toEqual([]);
  return { token, productIds };
}

const chargesOf = async (token: string, country?: string, method?: string) =>
  (await read(CHARGES_QUERY, { country, method }, token)).viewer.cart.charges;
const ratesSeenBy = async (token: string) =>
  (await read<{ taxRates: unknown[] }>(`{ taxRates { ${RATE} } }`, {}, token)).taxRates;
const settingsSeenBy = async (token: string) =>
  (await read<{ taxSettings: { pricesIncludeTax: boolean } }>(`{ ${SETTINGS} }`, {}, token)).taxSettings;
const stockOf = async (productIds: readonly string[]) => {
  const byId = 'query ($id: ID!) { node(id: $id) { ... on Product { quantity } } }';
  const stock: number[] = [];
  for (const id of productIds) stock.push((await read(byId, { id }, admin)).node.quantity);
  return stock;
};
const ordersAndCartOf = async (token: string) =>
  (await read('{ viewer { orders(first: 5) { totalCount } cart { itemCount } } }', {}, token)).viewer;

/** The worked example's lines alone: no shipping, no tax. */
const LINES_ALONE = {
  subtotal: money('33.30', 3330),
  shippingCost: money('0.00', 0),
  shippingMethodName: null,
  tax: money('0.00', 0),
  taxLines: [],
  pricesIncludeTax: true,
  total: money('33.30', 3330),
};

// Before any rate is set, over either contract: nothing is taxed, and checkout needs no country. First in the file:
// once a rate is set here, every checkout needs one.
describe('before any rate is set', () => {
  it('no rates, prices include tax, a cart costs its lines to anywhere, and the order says it paid no tax', async () => {
    const { token, productIds } = await buyer();
    for (const reader of [token, admin])
      expect(await read(`{ taxRates { ${RATE} } ${SETTINGS} }`, {}, reader)).toEqual({
        taxRates: [],
        taxSettings: { pricesIncludeTax: true },
      });
    expect(await chargesOf(token)).toEqual(LINES_ALONE);
    expect(await chargesOf(token, 'de')).toEqual(LINES_ALONE);

    const placed = await mutate(
      'checkout',
      { shippingAddress: '1 Untaxed Road', expectedTotalAmount: (await chargesOf(token)).total.amount },
      `order { ${ORDER} } cart { itemCount }`,
      token,
    );
    const order = {
      id: expect.any(String),
      total: money('33.30', 3330),
      subtotal: money('33.30', 3330),
      shippingCost: money('0.00', 0),
      shippingMethodName: null,
      shippingCountry: null,
      tax: money('0.00', 0),
      taxLines: [],
      pricesIncludeTax: true,
    };
    expect(placed).toEqual({ order, cart: { itemCount: 0 }, userErrors: [], clientMutationId: null });
    expect((await read(ORDER_BY_ID, { id: placed.order.id }, token)).node).toEqual(placed.order);
    expect(await stockOf(productIds)).toEqual([48, 49]);
    expect((await read(NODE_ID, { id: globalId('TaxRate', 1) }, admin)).node).toBeNull();
  });
});

describe.runIf(restExtensions)('tax over our REST service', () => {
  /** Local ids of the categories: Bandages lies under Medicines. */
  let medicines: number;
  let bandages: number;
  /** Global ids of the rates saved, by country and category ("DE", "DE Medicines"). */
  const rateId: Record<string, string> = {};
  /** The shipping method "Parcel": $5.95 to Germany. */
  let parcel: string | undefined;
  /** The orders placed with tax, and their buyers, to read again once the rates have changed. */
  const placed: { token: string; order: { id: string } }[] = [];

  const PARCEL = { name: 'Parcel', minDays: 1, maxDays: 3, rates: [{ countries: ['DE'], priceAmount: '5.95' }] };
  const retireParcel = async () => {
    if (parcel === undefined) return;
    const retired = await mutate(
      'saveShippingMethod',
      { ...PARCEL, id: parcel, active: false },
      'shippingMethod { active }',
      admin,
    );
    expect(retired).toMatchObject({ shippingMethod: { active: false }, userErrors: [] });
    parcel = undefined;
  };

  beforeAll(async () => {
    const category = async (name: string, parentId?: number) => {
      const made = await shop.rest.request<{ id: number }>('POST', '/api/categories', {
        token: adminRest,
        body: { name, parentId },
      });
      expect(made.status, made.text).toBe(201);
      return made.body.id;
    };
    medicines = await category('Medicines');
    bandages = await category('Bandages', medicines);
  });
  // Tidy: no method left offered, prices back to including tax (each file has its own shop, but be tidy).
  afterAll(async () => {
    await retireParcel();
    await mutate('updateTaxSettings', { pricesIncludeTax: true }, SETTINGS, admin);
  });

  it('an admin sets a standard rate and a category’s: the country by name, the rate in percent, the category by its global id', async () => {
    const standard = await mutate(
      'saveTaxRate',
      { country: ' de ', rate: 19, clientMutationId: 'standard' },
      SAVED,
      admin,
    );
    expect(standard).toEqual({
      taxRate: {
        id: expect.any(String),
        country: { code: 'DE', name: 'Germany' },
        categoryId: null,
        categoryName: null,
        rate: 19,
      },
      userErrors: [],
      clientMutationId: 'standard',
    });
    rateId.DE = standard.taxRate.id;
    expect(Buffer.from(rateId.DE!, 'base64url').toString('utf8')).toMatch(/^TaxRate:\d+$/);

    const reduced = await mutate(
      'saveTaxRate',
      { country: 'DE', categoryId: globalId('Category', medicines), rate: 7.5 },
      SAVED,
      admin,
    );
    expect(reduced).toEqual({
      taxRate: {
        id: expect.any(String),
        country: { code: 'DE', name: 'Germany' },
        categoryId: globalId('Category', medicines),
        categoryName: 'Medicines',
        rate: 7.5,
      },
      userErrors: [],
      clientMutationId: null,
    });
    rateId['DE Medicines'] = reduced.taxRate.id;

    // Changed by its id, every field as given.
    const changed = await mutate(
      'saveTaxRate',
      { id: rateId['DE Medicines'], country: 'DE', categoryId: globalId('Category', medicines), rate: 7 },
      SAVED,
      admin,
    );
    expect(changed).toEqual({
      taxRate: { ...reduced.taxRate, rate: 7 },
      userErrors: [],
      clientMutationId: null,
    });
    expect(await ratesSeenBy(admin)).toEqual([standard.taxRate, changed.taxRate]);
  });

  it.each<[string, Record<string, unknown>, { message: string; field: string | null; code: string }]>([
    [
      'a rate over 100',
      { country: 'FR', rate: 100.5 },
      {
        message: 'Rate must be a percentage from 0 to 100, with at most two decimals',
        field: 'rate',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a rate under 0',
      { country: 'FR', rate: -1 },
      {
        message: 'Rate must be a percentage from 0 to 100, with at most two decimals',
        field: 'rate',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a rate of three decimals',
      { country: 'FR', rate: 19.125 },
      {
        message: 'Rate must be a percentage from 0 to 100, with at most two decimals',
        field: 'rate',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a text that is no country code',
      { country: 'Deutschland', rate: 19 },
      {
        message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
        field: 'country',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a second standard rate for a country',
      { country: 'de', rate: 16 },
      { message: 'Germany has a standard rate already', field: 'country', code: 'CONFLICT' },
    ],
    [
      'a second rate for a country’s category',
      { country: 'DE', inMedicines: true, rate: 5 },
      { message: 'Germany has a rate for Medicines already', field: 'categoryId', code: 'CONFLICT' },
    ],
    [
      'a category rate changed into a second standard rate',
      { id: 'DE Medicines', country: 'DE', rate: 7 },
      { message: 'Germany has a standard rate already', field: 'country', code: 'CONFLICT' },
    ],
    [
      'a category that does not exist',
      { country: 'DE', categoryId: globalId('Category', 999_999), rate: 5 },
      { message: 'Category not found', field: 'categoryId', code: 'INVALID_INPUT' },
    ],
    [
      'a categoryId of another type',
      { country: 'DE', categoryId: globalId('Product', 1), rate: 5 },
      { message: 'Category not found', field: 'categoryId', code: 'INVALID_INPUT' },
    ],
    [
      'an id that names no rate',
      { id: globalId('TaxRate', 999_999), country: 'FR', rate: 20 },
      { message: 'Tax rate not found', field: 'id', code: 'NOT_FOUND' },
    ],
    [
      'an id of another type',
      { id: globalId('Product', 1), country: 'FR', rate: 20 },
      { message: 'Tax rate not found', field: 'id', code: 'NOT_FOUND' },
    ],
  ])('saveTaxRate refuses %s as a userError on its field, keeping nothing', async (_case, given, userError) => {
    // `inMedicines`: the rate is for Medicines (its id is known once made); `id`: a rate saved above, by its key.
    const { inMedicines, id, ...rest } = given as { inMedicines?: boolean; id?: string } & Record<string, unknown>;
    const input = {
      ...rest,
      ...(inMedicines ? { categoryId: globalId('Category', medicines) } : {}),
      ...(id === undefined ? {} : { id: rateId[id] ?? id }),
    };
    const before = await ratesSeenBy(admin);
    expect(before).toHaveLength(2);
    expect(await refused('saveTaxRate', input, SAVED, admin)).toEqual(userError);
    expect(await ratesSeenBy(admin)).toEqual(before);
  });

  it('deleteTaxRate refuses an id that names no rate, or names something else: NOT_FOUND on id', async () => {
    const before = await ratesSeenBy(admin);
    for (const unknown of [globalId('TaxRate', 999_999), globalId('Category', medicines)])
      expect(await refused('deleteTaxRate', { id: unknown }, 'deletedTaxRateId', admin)).toEqual({
        message: 'Tax rate not found',
        field: 'id',
        code: 'NOT_FOUND',
      });
    expect(await ratesSeenBy(admin)).toEqual(before);
  });

  it('a shopper may not set, change or delete a rate, nor the setting: FORBIDDEN, nothing changed', async () => {
    const shopper = await shop.user('tax-not-admin');
    const forbidden = { message: 'Only administrators can manage tax', field: null, code: 'FORBIDDEN' };
    const before = await ratesSeenBy(admin);
    expect(await refused('saveTaxRate', { country: 'FR', rate: 20 }, SAVED, shopper)).toEqual(forbidden);
    expect(await refused('saveTaxRate', { id: rateId.DE, country: 'DE', rate: 0 }, SAVED, shopper)).toEqual(forbidden);
    expect(await refused('deleteTaxRate', { id: rateId.DE }, 'deletedTaxRateId', shopper)).toEqual(forbidden);
    expect(await refused('updateTaxSettings', { pricesIncludeTax: false }, SETTINGS, shopper)).toEqual(forbidden);
    expect(await ratesSeenBy(admin)).toEqual(before);
    expect(await settingsSeenBy(admin)).toEqual({ pricesIncludeTax: true });
  });

  it('taxRates: every shopper reads them, by country, its standard rate first, then its categories’ by name', async () => {
    // Saved in another order than they are listed in.
    for (const [key, input] of [
      ['AT Medicines', { country: 'at', categoryId: globalId('Category', medicines), rate: 12 }],
      ['AT Bandages', { country: 'AT', categoryId: globalId('Category', bandages), rate: 10 }],
      ['AT', { country: 'AT', rate: 20 }],
    ] as const) {
      const saved = await mutate('saveTaxRate', input, SAVED, admin);
      expect(saved.userErrors).toEqual([]);
      rateId[key] = saved.taxRate.id;
    }
    const austria = { code: 'AT', name: 'Austria' };
    const germany = { code: 'DE', name: 'Germany' };
    const shopper = await shop.user('tax-reader');
    const listed = [
      { id: rateId.AT, country: austria, categoryId: null, categoryName: null, rate: 20 },
      {
        id: rateId['AT Bandages'],
        country: austria,
        categoryId: globalId('Category', bandages),
        categoryName: 'Bandages',
        rate: 10,
      },
      {
        id: rateId['AT Medicines'],
        country: austria,
        categoryId: globalId('Category', medicines),
        categoryName: 'Medicines',
        rate: 12,
      },
      { id: rateId.DE, country: germany, categoryId: null, categoryName: null, rate: 19 },
      {
        id: rateId['DE Medicines'],
        country: germany,
        categoryId: globalId('Category', medicines),
        categoryName: 'Medicines',
        rate: 7,
      },
    ];
    expect(await ratesSeenBy(shopper)).toEqual(listed);
    expect(await ratesSeenBy(admin)).toEqual(listed);

    // node(id:) answers a rate to anyone signed in; an id that names none, null.
    const byId = `query ($id: ID!) { node(id: $id) { id ... on TaxRate { ${RATE} } } }`;
    expect((await read(byId, { id: rateId['AT Bandages'] }, shopper)).node).toEqual(listed[1]);
    expect((await read(byId, { id: globalId('TaxRate', 999_999) }, shopper)).node).toBeNull();
  });

  it('cart.charges, prices with tax: each line at its category’s rate (from above it), shipping at the standard rate', async () => {
    const saved = await mutate('saveShippingMethod', PARCEL, 'shippingMethod { id }', admin);
    expect(saved.userErrors).toEqual([]);
    parcel = saved.shippingMethod.id as string;

    const { token, productIds } = await buyer([bandages]);
    expect(await settingsSeenBy(token)).toEqual({ pricesIncludeTax: true });
    // 19 %: the gauze's 11.90 and shipping's 5.95, 17.85, of which 2.85 is tax; 7 % (Medicines, above Bandages): 21.40,
    // of which 1.40. Prices include it: the total is the lines and shipping.
    const charges = await chargesOf(token, 'de', parcel);
    expect(charges).toEqual({
      subtotal: money('33.30', 3330),
      shippingCost: money('5.95', 595),
      shippingMethodName: 'Parcel',
      tax: money('4.25', 425),
      taxLines: [
        { rate: 19, taxed: money('17.85', 1785), tax: money('2.85', 285) },
        { rate: 7, taxed: money('21.40', 2140), tax: money('1.40', 140) },
      ],
      pricesIncludeTax: true,
      total: money('39.25', 3925),
    });

    // Checkout charges the same: expectedTotalAmount is charges.total.
    const order = await mutate(
      'checkout',
      {
        shippingAddress: 'Hauptstraße 1, Berlin',
        shippingMethodId: parcel,
        shippingCountry: 'DE',
        expectedTotalAmount: charges.total.amount,
        clientMutationId: 'taxed',
      },
      `order { ${ORDER} } cart { itemCount }`,
      token,
    );
    expect(order).toEqual({
      order: {
        id: expect.any(String),
        total: money('39.25', 3925),
        subtotal: money('33.30', 3330),
        shippingCost: money('5.95', 595),
        shippingMethodName: 'Parcel',
        shippingCountry: { code: 'DE', name: 'Germany' },
        tax: money('4.25', 425),
        taxLines: charges.taxLines,
        pricesIncludeTax: true,
      },
      cart: { itemCount: 0 },
      userErrors: [],
      clientMutationId: 'taxed',
    });
    expect((await read(ORDER_BY_ID, { id: order.order.id }, token)).node).toEqual(order.order);
    expect((await read(ORDER_BY_ID, { id: order.order.id }, admin)).node).toEqual(order.order);
    expect(await stockOf(productIds)).toEqual([48, 49]);
    placed.push({ token, order: order.order });
  });

  it('prices without tax: an admin says so, shoppers read it, charges add tax on top, and checkout charges it', async () => {
    expect(
      await mutate('updateTaxSettings', { pricesIncludeTax: false, clientMutationId: 'net' }, SETTINGS, admin),
    ).toEqual({ taxSettings: { pricesIncludeTax: false }, userErrors: [], clientMutationId: 'net' });
    const { token, productIds } = await buyer([bandages]);
    expect(await settingsSeenBy(token)).toEqual({ pricesIncludeTax: false });
    // 19 % on 17.85: 3.3915, 3.39; 7 % on 21.40: 1.498, 1.50.
    const charges = await chargesOf(token, 'DE', parcel);
    expect(charges).toEqual({
      subtotal: money('33.30', 3330),
      shippingCost: money('5.95', 595),
      shippingMethodName: 'Parcel',
      tax: money('4.89', 489),
      taxLines: [
        { rate: 19, taxed: money('17.85', 1785), tax: money('3.39', 339) },
        { rate: 7, taxed: money('21.40', 2140), tax: money('1.50', 150) },
      ],
      pricesIncludeTax: false,
      total: money('44.14', 4414),
    });

    const choice = { shippingAddress: 'Hauptstraße 2, Berlin', shippingMethodId: parcel, shippingCountry: 'DE' };
    // The lines and shipping without the tax on top: PRICE_CHANGED, nothing ordered.
    const stale = await mutate(
      'checkout',
      { ...choice, expectedTotalAmount: '39.25' },
      'order { id } cart { itemCount }',
      token,
    );
    expect(stale).toEqual({
      order: null,
      cart: { itemCount: 3 },
      userErrors: [
        {
          message: 'The total is now $44.14, not the $39.25 you reviewed: check your order and place it again',
          field: 'expectedTotalAmount',
          code: 'PRICE_CHANGED',
        },
      ],
      clientMutationId: null,
    });
    expect(await ordersAndCartOf(token)).toEqual({ orders: { totalCount: 0 }, cart: { itemCount: 3 } });
    expect(await stockOf(productIds)).toEqual([50, 50]);

    const order = await mutate(
      'checkout',
      { ...choice, expectedTotalAmount: charges.total.amount },
      `order { ${ORDER} }`,
      token,
    );
    expect(order).toEqual({
      order: {
        id: expect.any(String),
        total: money('44.14', 4414),
        subtotal: money('33.30', 3330),
        shippingCost: money('5.95', 595),
        shippingMethodName: 'Parcel',
        shippingCountry: { code: 'DE', name: 'Germany' },
        tax: money('4.89', 489),
        taxLines: charges.taxLines,
        pricesIncludeTax: false,
      },
      userErrors: [],
      clientMutationId: null,
    });
    expect((await read(ORDER_BY_ID, { id: order.order.id }, token)).node).toEqual(order.order);
    expect(await stockOf(productIds)).toEqual([48, 49]);
    placed.push({ token, order: order.order });

    expect(await mutate('updateTaxSettings', { pricesIncludeTax: true }, SETTINGS, admin)).toEqual({
      taxSettings: { pricesIncludeTax: true },
      userErrors: [],
      clientMutationId: null,
    });
    expect(await settingsSeenBy(token)).toEqual({ pricesIncludeTax: true });
  });

  it('cart.charges taxes by the country given: the lowest of a line’s categories’ rates, and nothing where there is no rate', async () => {
    // No method offered from here on: checkout and charges need none.
    await retireParcel();
    const { token } = await buyer([bandages]);
    // Austria: the bandages at Bandages' 10 % (lower than Medicines' 12 %, above it), 21.40 of which 1.95; the gauze
    // at the standard 20 %, 11.90 of which 1.98.
    expect(await chargesOf(token, 'at')).toEqual({
      ...LINES_ALONE,
      tax: money('3.93', 393),
      taxLines: [
        { rate: 20, taxed: money('11.90', 1190), tax: money('1.98', 198) },
        { rate: 10, taxed: money('21.40', 2140), tax: money('1.95', 195) },
      ],
    });
    expect(await chargesOf(token, 'US')).toEqual(LINES_ALONE);
  });

  it('while the shop has a rate, checkout and charges need a country: refused on shippingCountry, nothing ordered', async () => {
    const { token, productIds } = await buyer([bandages]);
    expect(await refused('checkout', { shippingAddress: '2 Tax Street' }, 'order { id }', token)).toEqual({
      message: COUNTRY_REQUIRED,
      field: 'shippingCountry',
      code: 'INVALID_INPUT',
    });
    expect(await ordersAndCartOf(token)).toEqual({ orders: { totalCount: 0 }, cart: { itemCount: 3 } });
    expect(await stockOf(productIds)).toEqual([50, 50]);

    const charges = await shop.graphql(CHARGES_QUERY, {}, token);
    expect(charges.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
      ['BAD_USER_INPUT', COUNTRY_REQUIRED, ['viewer', 'cart', 'charges']],
    ]);
  });

  it('deleteTaxRate: gone for everyone, orders keep what they were charged, and with no rate left no country is needed', async () => {
    const deleted = await mutate(
      'deleteTaxRate',
      { id: rateId.DE, clientMutationId: 'standard' },
      'deletedTaxRateId',
      admin,
    );
    expect(deleted).toEqual({ deletedTaxRateId: rateId.DE, userErrors: [], clientMutationId: 'standard' });
    const shopper = await shop.user('tax-after-delete');
    expect((await read('{ taxRates { id } }', {}, shopper)).taxRates).toEqual([
      { id: rateId.AT },
      { id: rateId['AT Bandages'] },
      { id: rateId['AT Medicines'] },
      { id: rateId['DE Medicines'] },
    ]);
    expect((await read(NODE_ID, { id: rateId.DE }, admin)).node).toBeNull();
    expect(await refused('deleteTaxRate', { id: rateId.DE }, 'deletedTaxRateId', admin)).toEqual({
      message: 'Tax rate not found',
      field: 'id',
      code: 'NOT_FOUND',
    });

    // Germany now taxes the bandages alone, at 7 %.
    const { token } = await buyer([bandages]);
    expect(await chargesOf(token, 'DE')).toEqual({
      ...LINES_ALONE,
      tax: money('1.40', 140),
      taxLines: [{ rate: 7, taxed: money('21.40', 2140), tax: money('1.40', 140) }],
    });
    // The orders placed keep their tax.
    const [included, added] = placed;
    expect((await read(ORDER_BY_ID, { id: included!.order.id }, included!.token)).node).toEqual(included!.order);
    expect((await read(ORDER_BY_ID, { id: added!.order.id }, added!.token)).node).toEqual(added!.order);

    for (const key of ['AT', 'AT Bandages', 'AT Medicines', 'DE Medicines'])
      expect((await mutate('deleteTaxRate', { id: rateId[key] }, 'deletedTaxRateId', admin)).userErrors).toEqual([]);
    expect(await ratesSeenBy(admin)).toEqual([]);
    expect(await chargesOf(token)).toEqual(LINES_ALONE);
    const untaxed = await mutate(
      'checkout',
      { shippingAddress: '3 Tax Street', expectedTotalAmount: '33.30' },
      'order { tax { amount } taxLines { rate } shippingCountry { code } total { amount } }',
      token,
    );
    expect(untaxed).toEqual({
      order: { tax: { amount: '0.00' }, taxLines: [], shippingCountry: null, total: { amount: '33.30' } },
      userErrors: [],
      clientMutationId: null,
    });
  });
});

describe.runIf(restExtensions)('cart.charges refuses as checkout does', () => {
  it('a method that names none is NOT_FOUND on shippingMethodId, a text that is no country BAD_USER_INPUT on shippingCountry', async () => {
    const { token } = await buyer();
    const gone = await shop.graphql(
      CHARGES_QUERY,
      { country: 'DE', method: globalId('ShippingMethod', 999_999) },
      token,
    );
    expect(gone.errors?.map((error) => [error.extensions?.code, error.extensions?.field, error.message])).toEqual([
      ['NOT_FOUND', 'shippingMethodId', 'This shipping method is no longer offered: choose another'],
    ]);
    const nowhere = await shop.graphql(CHARGES_QUERY, { country: 'Germany' }, token);
    expect(nowhere.errors?.map((error) => [error.extensions?.code, error.extensions?.field])).toEqual([
      ['BAD_USER_INPUT', 'shippingCountry'],
    ]);
  });
});

describe.runIf(!restExtensions)('tax over the plain contract', () => {
  it('no rates and prices with tax, to shoppers and admins alike; no rate is a node', async () => {
    const shopper = await shop.user('tax-plain-reader');
    for (const reader of [shopper, admin])
      expect(await read(`{ taxRates { ${RATE} } ${SETTINGS} }`, {}, reader)).toEqual({
        taxRates: [],
        taxSettings: { pricesIncludeTax: true },
      });
    expect((await read(NODE_ID, { id: globalId('TaxRate', 1) }, admin)).node).toBeNull();
  });

  it('a cart costs its lines to any country, and checkout with a country charges no tax', async () => {
    const { token } = await buyer();
    for (const country of [undefined, 'DE', 'us']) expect(await chargesOf(token, country)).toEqual(LINES_ALONE);
    const placed = await mutate(
      'checkout',
      { shippingAddress: '1 Plain Road', shippingCountry: 'DE', expectedTotalAmount: '33.30' },
      'order { total { amount } subtotal { amount } tax { amount } taxLines { rate } pricesIncludeTax }',
      token,
    );
    expect(placed).toEqual({
      order: {
        total: { amount: '33.30' },
        subtotal: { amount: '33.30' },
        tax: { amount: '0.00' },
        taxLines: [],
        pricesIncludeTax: true,
      },
      userErrors: [],
      clientMutationId: null,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['saveTaxRate', { country: 'DE', rate: 19 }, SAVED],
    ['saveTaxRate', { id: globalId('TaxRate', 1), country: 'DE', rate: 19 }, SAVED],
    ['deleteTaxRate', { id: globalId('TaxRate', 1) }, 'deletedTaxRateId'],
    ['updateTaxSettings', { pricesIncludeTax: false }, SETTINGS],
  ])('%s is NOT_SUPPORTED, for an admin and a shopper alike', async (name, input, selection) => {
    counter += 1;
    const shopper = await shop.user(`tax-plain-${counter}`);
    for (const token of [admin, shopper]) {
      const answer = await send(name, input, selection, token);
      expect(answer.data?.[name] ?? null).toBeNull();
      expect(answer.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
        ['NOT_SUPPORTED', NOT_SUPPORTED, [name]],
      ]);
    }
    expect(await settingsSeenBy(admin)).toEqual({ pricesIncludeTax: true });
  });
});

describe('a login is needed', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['saveTaxRate', { country: 'DE', rate: 19 }, SAVED],
    ['deleteTaxRate', { id: globalId('TaxRate', 1) }, 'deletedTaxRateId'],
    ['updateTaxSettings', { pricesIncludeTax: false }, SETTINGS],
  ])('to run %s: UNAUTHENTICATED without a token', async (name, input, selection) => {
    const answer = await send(name, input, selection);
    expect(answer.data?.[name] ?? null).toBeNull();
    expect(errorCodes(answer)).toEqual(['UNAUTHENTICATED']);
  });

  it('to read the rates or the setting: UNAUTHENTICATED without a token', async () => {
    for (const query of ['{ taxRates { id } }', `{ ${SETTINGS} }`])
      expect(errorCodes(await shop.graphql(query)), query).toEqual(['UNAUTHENTICATED']);
  });
});
