// Tax through the gateway (extension tax): admins set rates with saveTaxRate / deleteTaxRate and say whether prices
// include tax with updateTaxSettings (refusals as userErrors, writing nothing); every shopper reads `taxRates` and
// `taxSettings`, and what their cart would cost with shipping and tax (`cart.charges`), worked out by the REST service
// as its checkout does; checkout charges it, and the order says its tax by rate. Against the plain contract (the
// gateway-plain project, restExtensions false) there is no tax: no rates, prices include it, a cart costs its lines,
// and the mutations are NOT_SUPPORTED.
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
const money = (amount: string) => ({ amount, currencyCode: 'USD', minorUnits: Math.round(Number(amount) * 100) });
const MONEY = '{ amount currencyCode minorUnits }';
const RATE = 'id country { code name } categoryId categoryName rate';
const CHARGES = `subtotal ${MONEY} shippingCost ${MONEY} shippingMethodName tax ${MONEY}
  taxLines { rate taxed ${MONEY} tax ${MONEY} } pricesIncludeTax total ${MONEY}`;
const CHARGES_QUERY = `query ($country: String, $method: ID) {
  viewer { cart { charges(shippingCountry: $country, shippingMethodId: $method) { ${CHARGES} } } }
}`;
const NOT_SUPPORTED = "The shop's REST service keeps no tax (it lacks the tax extension)";

function send(name: string, input: Record<string, unknown>, selection: string, token?: string): Promise<GraphQLAnswer> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  return shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
}

async function mutate(name: string, input: Record<string, unknown>, selection: string, token: string): Promise<any> {
  const answer = await send(name, input, selection, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

/** One userError and nothing else in the payload. */
async function refused(name: string, input: Record<string, unknown>, selection: string, token: string) {
  const payload = await mutate(name, input, selection, token);
  expect(payload.userErrors).toHaveLength(1);
  for (const [key, value] of Object.entries(payload))
    if (key !== 'userErrors' && key !== 'clientMutationId') expect(value, key).toBeNull();
  return payload.userErrors[0] as { message: string; field: string | null; code: string };
}

async function read<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const answer = await shop.graphql<T>(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!;
}

/** A shopper with two bandages at 10.70 in `categoryIds` and one plain item at 11.90 in the cart. */
async function buyer(categoryIds: number[]) {
  counter += 1;
  const token = await shop.user(`tax-buyer-${counter}`);
  const bandage = await shop.rest.createProduct(adminRest, {
    name: `Taxed Bandage ${counter}`,
    price: 10.7,
    quantity: 50,
    ...(categoryIds.length > 0 ? { categoryIds } : {}),
  });
  const plain = await shop.rest.createProduct(adminRest, { name: `Taxed Gauge ${counter}`, price: 11.9, quantity: 50 });
  for (const [made, quantity] of [
    [bandage, 2],
    [plain, 1],
  ] as const)
    expect(
      (await mutate('addToCart', { productId: globalId('Product', made.id), quantity }, 'cart { id }', token))
        .userErrors,
    ).toEqual([]);
  return token;
}

describe('read by every shopper', () => {
  it('no rates yet, prices include tax, and a cart costs its lines', async () => {
    const token = await buyer([]);
    expect(await read(`{ taxRates { ${RATE} } taxSettings { pricesIncludeTax } }`, {}, token)).toEqual({
      taxRates: [],
      taxSettings: { pricesIncludeTax: true },
    });
    expect((await read(CHARGES_QUERY, {}, token)).viewer.cart.charges).toEqual({
      subtotal: money('33.30'),
      shippingCost: money('0.00'),
      shippingMethodName: null,
      tax: money('0.00'),
      taxLines: [],
      pricesIncludeTax: true,
      total: money('33.30'),
    });
  });
});

describe.runIf(restExtensions)('tax over our REST service', () => {
  let medicines: number;
  let bandages: number;
  let standard: string;
  let parcel: string;

  beforeAll(async () => {
    const category = async (name: string, parentId?: number) =>
      (
        await shop.rest.request<{ id: number }>('POST', '/api/categories', {
          token: adminRest,
          body: { name, parentId },
        })
      ).body.id;
    medicines = await category('Medicines');
    bandages = await category('Bandages', medicines);
  });
  afterAll(async () => {
    if (parcel)
      await mutate(
        'saveShippingMethod',
        {
          id: parcel,
          name: 'Parcel',
          minDays: 1,
          maxDays: 3,
          active: false,
          rates: [{ countries: ['DE'], priceAmount: '5.95' }],
        },
        'shippingMethod { id }',
        admin,
      );
  });

  it('an admin sets rates: a country’s standard rate and its rate for a category, read back by everyone', async () => {
    const saved = await mutate(
      'saveTaxRate',
      { country: 'de', rate: 19, clientMutationId: 'standard' },
      `taxRate { ${RATE} }`,
      admin,
    );
    expect(saved).toEqual({
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
    standard = saved.taxRate.id;
    const reduced = await mutate(
      'saveTaxRate',
      { country: 'DE', categoryId: globalId('Category', medicines), rate: 7 },
      `taxRate { ${RATE} }`,
      admin,
    );
    expect(reduced.taxRate).toMatchObject({
      categoryId: globalId('Category', medicines),
      categoryName: 'Medicines',
      rate: 7,
    });
    const shopper = await shop.user('tax-reader');
    expect(
      (await read(`{ taxRates { country { code } categoryName rate } }`, {}, shopper)).taxRates.map(
        (rate: { country: { code: string }; categoryName: string | null; rate: number }) => [
          rate.country.code,
          rate.categoryName,
          rate.rate,
        ],
      ),
    ).toEqual([
      ['DE', null, 19],
      ['DE', 'Medicines', 7],
    ]);
    const byId = `query ($id: ID!) { node(id: $id) { ... on TaxRate { ${RATE} } } }`;
    expect((await read(byId, { id: standard }, shopper)).node).toEqual(saved.taxRate);
  });

  it('refuses bad rates as userErrors at their field, and shoppers as FORBIDDEN, writing nothing', async () => {
    const selection = `taxRate { id }`;
    expect(await refused('saveTaxRate', { country: 'DE', rate: 150 }, selection, admin)).toEqual({
      message: 'Rate must be a percentage from 0 to 100, with at most two decimals',
      field: 'rate',
      code: 'INVALID_INPUT',
    });
    expect(await refused('saveTaxRate', { country: 'DE', rate: 16 }, selection, admin)).toEqual({
      message: 'Germany has a standard rate already',
      field: 'country',
      code: 'CONFLICT',
    });
    expect(
      await refused(
        'saveTaxRate',
        { country: 'DE', categoryId: globalId('Category', medicines), rate: 5 },
        selection,
        admin,
      ),
    ).toEqual({ message: 'Germany has a rate for Medicines already', field: 'categoryId', code: 'CONFLICT' });
    expect(await refused('deleteTaxRate', { id: globalId('TaxRate', 999_999) }, 'deletedTaxRateId', admin)).toEqual({
      message: 'Tax rate not found',
      field: 'id',
      code: 'NOT_FOUND',
    });
    const shopper = await shop.user('tax-not-admin');
    expect(await refused('saveTaxRate', { country: 'FR', rate: 20 }, selection, shopper)).toEqual({
      message: 'Only administrators can manage tax',
      field: null,
      code: 'FORBIDDEN',
    });
    expect(
      await refused('updateTaxSettings', { pricesIncludeTax: false }, 'taxSettings { pricesIncludeTax }', shopper),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect((await read('{ taxRates { id } taxSettings { pricesIncludeTax } }', {}, admin)).taxRates).toHaveLength(2);
  });

  it('cart.charges and checkout: each line at its category’s rate (from above it), shipping at the standard rate', async () => {
    parcel = (
      await mutate(
        'saveShippingMethod',
        { name: 'Parcel', minDays: 1, maxDays: 3, rates: [{ countries: ['DE'], priceAmount: '5.95' }] },
        'shippingMethod { id }',
        admin,
      )
    ).shippingMethod.id;
    const token = await buyer([bandages]);
    const choice = { country: 'DE', method: parcel };
    // Prices with tax: of 11.90 + 5.95, 2.85 is tax at 19 %; of 21.40, 1.40 at 7 %.
    expect((await read(CHARGES_QUERY, choice, token)).viewer.cart.charges).toEqual({
      subtotal: money('33.30'),
      shippingCost: money('5.95'),
      shippingMethodName: 'Parcel',
      tax: money('4.25'),
      taxLines: [
        { rate: 19, taxed: money('17.85'), tax: money('2.85') },
        { rate: 7, taxed: money('21.40'), tax: money('1.40') },
      ],
      pricesIncludeTax: true,
      total: money('39.25'),
    });

    // Prices without tax: 3.39 and 1.50 on top.
    expect(
      await mutate('updateTaxSettings', { pricesIncludeTax: false }, 'taxSettings { pricesIncludeTax }', admin),
    ).toEqual({ taxSettings: { pricesIncludeTax: false }, userErrors: [], clientMutationId: null });
    try {
      const charged = (await read(CHARGES_QUERY, choice, token)).viewer.cart.charges;
      expect([charged.tax, charged.total]).toEqual([money('4.89'), money('44.14')]);
      const input = { shippingAddress: '1 Tax Street', shippingMethodId: parcel, shippingCountry: 'DE' };
      // The total without the tax: refused, nothing ordered.
      expect(
        await refused('checkout', { ...input, expectedTotalAmount: '39.25' }, 'order { id }', token),
      ).toMatchObject({ field: 'expectedTotalAmount', code: 'PRICE_CHANGED' });
      // Where it ships is needed while the shop taxes: refused on it.
      expect(
        await refused(
          'checkout',
          { shippingAddress: '1 Tax Street', expectedTotalAmount: '44.14' },
          'order { id }',
          token,
        ),
      ).toMatchObject({ field: 'shippingMethodId', code: 'INVALID_INPUT' });
      const placed = await mutate(
        'checkout',
        { ...input, expectedTotalAmount: '44.14' },
        `order { total ${MONEY} subtotal ${MONEY} shippingCost ${MONEY} tax ${MONEY}
          taxLines { rate taxed ${MONEY} tax ${MONEY} } pricesIncludeTax }`,
        token,
      );
      expect(placed.order).toEqual({
        total: money('44.14'),
        subtotal: money('33.30'),
        shippingCost: money('5.95'),
        tax: money('4.89'),
        taxLines: [
          { rate: 19, taxed: money('17.85'), tax: money('3.39') },
          { rate: 7, taxed: money('21.40'), tax: money('1.50') },
        ],
        pricesIncludeTax: false,
      });
    } finally {
      await mutate('updateTaxSettings', { pricesIncludeTax: true }, 'taxSettings { pricesIncludeTax }', admin);
    }
  });

  it('a checkout without a country while the shop taxes is refused on shippingCountry', async () => {
    // Parcel retired: no method needed, and the country alone is asked for.
    await mutate(
      'saveShippingMethod',
      {
        id: parcel,
        name: 'Parcel',
        minDays: 1,
        maxDays: 3,
        active: false,
        rates: [{ countries: ['DE'], priceAmount: '5.95' }],
      },
      'shippingMethod { id }',
      admin,
    );
    const token = await buyer([]);
    expect(await refused('checkout', { shippingAddress: '2 Tax Street' }, 'order { id }', token)).toEqual({
      message: 'Say which country the order ships to: the shop taxes orders by where they go',
      field: 'shippingCountry',
      code: 'INVALID_INPUT',
    });
    const charges = await shop.graphql(CHARGES_QUERY, {}, token);
    expect(charges.errors?.map((error) => [error.extensions?.code, error.path])).toEqual([
      ['BAD_USER_INPUT', ['viewer', 'cart', 'charges']],
    ]);
  });

  it('deleteTaxRate: gone for everyone', async () => {
    expect(await mutate('deleteTaxRate', { id: standard }, 'deletedTaxRateId', admin)).toEqual({
      deletedTaxRateId: standard,
      userErrors: [],
      clientMutationId: null,
    });
    expect((await read('{ taxRates { rate } }', {}, admin)).taxRates).toEqual([{ rate: 7 }]);
  });
});

describe.runIf(!restExtensions)('tax over the plain contract', () => {
  it('the mutations are NOT_SUPPORTED', async () => {
    for (const [name, input, selection] of [
      ['saveTaxRate', { country: 'DE', rate: 19 }, 'taxRate { id }'],
      ['deleteTaxRate', { id: globalId('TaxRate', 1) }, 'deletedTaxRateId'],
      ['updateTaxSettings', { pricesIncludeTax: false }, 'taxSettings { pricesIncludeTax }'],
    ] as const) {
      const answer = await send(name, input, selection, admin);
      expect(answer.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
        ['NOT_SUPPORTED', NOT_SUPPORTED],
      ]);
    }
    const byId = `query ($id: ID!) { node(id: $id) { id } }`;
    expect((await read(byId, { id: globalId('TaxRate', 1) }, admin)).node).toBeNull();
  });
});

describe('a login is needed', () => {
  it('to read the charges or change tax: UNAUTHENTICATED without a token', async () => {
    const saved = await send('saveTaxRate', { country: 'DE', rate: 19 }, 'taxRate { id }');
    expect(saved.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    const rates = await shop.graphql('{ taxRates { id } }');
    expect(rates.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });
});
