// Tax (issue 35, extension tax): admins set a country's standard rate and reduced rates for categories (covering what
// lies under them), and whether prices include tax; GET /cart/charges answers what the cart would cost; checkout
// taxes the order inside its transaction, exact to the cent, grouped by rate with shipping at the standard rate, and
// refuses (writing nothing) a total that changed or an order without a country while the shop taxes. Each change is
// audited. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

interface Rate {
  id: number;
  country: string;
  categoryId: number | null;
  categoryName: string | null;
  rate: number;
}

const createCategory = async (name: string, parentId?: number) => {
  const answer = await shop.request<{ id: number }>('POST', '/api/categories', {
    token: admin,
    body: { name, parentId },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id;
};
const createRate = async (body: object) => {
  const answer = await shop.request<Rate>('POST', '/api/tax-rates', { token: admin, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};
const auditOf = async (subjectType: string, subjectId: number) =>
  (
    await shop.request<{ content: { action: string; changes: object }[] }>('GET', '/api/audit-events', {
      token: admin,
      query: { subjectType, subjectId },
    })
  ).body.content.map((event) => [event.action, event.changes]);

describe('tax', () => {
  let medicines: number;
  let bandages: number;
  let standardDE: Rate;
  let reducedDE: Rate;

  it('rates are set by admins alone, checked, audited, and read by every shopper', async () => {
    medicines = await createCategory('Medicines');
    bandages = await createCategory('Bandages', medicines);
    const shopper = await shop.register('tax-reader');
    const refused = await shop.request('POST', '/api/tax-rates', {
      token: shopper,
      body: { country: 'DE', rate: 19 },
    });
    expect([refused.status, refused.body]).toEqual([
      403,
      { message: 'Only administrators can manage tax', code: 'FORBIDDEN' },
    ]);

    standardDE = await createRate({ country: 'de', rate: 19 });
    expect(standardDE).toEqual({
      id: expect.any(Number),
      country: 'DE',
      categoryId: null,
      categoryName: null,
      rate: 19,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    reducedDE = await createRate({ country: 'DE', categoryId: medicines, rate: 7 });
    await createRate({ country: 'AT', rate: 20 });

    // Bad input: a clear answer on its field, and nothing written.
    const badRate = {
      message: 'Rate must be a percentage from 0 to 100, with at most two decimals',
      code: 'INVALID_INPUT',
      field: 'rate',
    };
    for (const [body, status, expected] of [
      [{ country: 'DE', rate: 120 }, 400, badRate],
      [{ country: 'DE', rate: 7.125 }, 400, badRate],
      [
        { country: 'XX', rate: 5 },
        400,
        {
          message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
          code: 'INVALID_INPUT',
          field: 'country',
        },
      ],
      [
        { country: 'FR', categoryId: 999_999, rate: 5 },
        400,
        { message: 'Category not found', code: 'INVALID_INPUT', field: 'categoryId' },
      ],
      [
        { country: 'DE', rate: 16 },
        409,
        { message: 'Germany has a standard rate already', code: 'TAX_RATE_TAKEN', field: 'country' },
      ],
      [
        { country: 'de', categoryId: medicines, rate: 5 },
        409,
        { message: 'Germany has a rate for Medicines already', code: 'TAX_RATE_TAKEN', field: 'categoryId' },
      ],
    ] as const) {
      const answer = await shop.request('POST', '/api/tax-rates', { token: admin, body });
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([status, expected]);
    }

    // Two admins setting one country's standard rate at once: one is kept, the other told it is taken (never a 500).
    const racing = await Promise.all(
      [21, 22].map((rate) => shop.request('POST', '/api/tax-rates', { token: admin, body: { country: 'PL', rate } })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const kept = racing.find((answer) => answer.status === 201)!.body as Rate;
    expect((await shop.request('DELETE', `/api/tax-rates/${kept.id}`, { token: admin })).status).toBe(204);

    const seen = await shop.request<Rate[]>('GET', '/api/tax-rates', { token: shopper });
    expect(seen.body.map((rate) => [rate.country, rate.categoryName, rate.rate])).toEqual([
      ['AT', null, 20],
      ['DE', null, 19],
      ['DE', 'Medicines', 7],
    ]);
    expect(await auditOf('tax_rate', reducedDE.id)).toEqual([
      ['tax_rate.created', { country: { to: 'DE' }, categoryId: { to: medicines }, basisPoints: { to: 700 } }],
    ]);
  });

  it('prices include tax until an admin says otherwise; the change is audited', async () => {
    const shopper = await shop.register('tax-settings-reader');
    expect((await shop.request('GET', '/api/settings/tax', { token: shopper })).body).toEqual({
      pricesIncludeTax: true,
    });
    const refused = await shop.request('PUT', '/api/settings/tax', {
      token: shopper,
      body: { pricesIncludeTax: false },
    });
    expect(refused.status).toBe(403);
    const bad = await shop.request('PUT', '/api/settings/tax', { token: admin, body: { pricesIncludeTax: 'no' } });
    expect(bad.status).toBe(400);
    expect((await shop.request('GET', '/api/settings/tax', { token: admin })).body).toEqual({
      pricesIncludeTax: true,
    });
  });

  /** A buyer with two units of a bandage at 10.70 and one plain item at 11.90. */
  async function buyer(name: string) {
    const token = await shop.register(name);
    const bandage = await shop.createProduct(admin, {
      name: `Bandage for ${name}`,
      price: 10.7,
      quantity: 20,
      categoryIds: [bandages],
    });
    const plain = await shop.createProduct(admin, { name: `Thermometer for ${name}`, price: 11.9, quantity: 20 });
    for (const [productId, quantity] of [
      [bandage.id, 2],
      [plain.id, 1],
    ])
      expect((await shop.request('POST', '/api/cart/items', { token, body: { productId, quantity } })).status).toBe(
        200,
      );
    return { token, bandage, plain };
  }
  const stockOf = async (id: number) =>
    (await shop.request<{ quantity: number }>('GET', `/api/products/${id}`, { token: admin })).body.quantity;
  const cartCount = async (token: string) =>
    (await shop.request<{ items: unknown[] }>('GET', '/api/cart', { token })).body.items.length;

  it('refuses an order without a country while the shop taxes, writing nothing', async () => {
    const { token, bandage } = await buyer('tax-no-country');
    const refused = await shop.request('POST', '/api/orders/checkout', {
      token,
      body: { shippingAddress: 'Somewhere 1, Berlin' },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        message: 'Say which country the order ships to: the shop taxes orders by where they go',
        code: 'SHIPPING_COUNTRY_REQUIRED',
        field: 'shippingCountry',
      },
    ]);
    expect([await cartCount(token), await stockOf(bandage.id)]).toEqual([2, 20]);
    const charges = await shop.request('GET', '/api/cart/charges', { token });
    expect(charges.status).toBe(400);
  });

  describe('with shipping', () => {
    let standard: { id: number };
    beforeAll(async () => {
      const created = await shop.request<{ id: number }>('POST', '/api/shipping-methods', {
        token: admin,
        body: { name: 'Parcel', minDays: 1, maxDays: 3, rates: [{ countries: ['DE', 'US'], price: 5.95 }] },
      });
      standard = created.body;
    });
    // Retired: the other files' checkouts need no method (each file has its database, but be tidy).
    afterAll(async () => {
      await shop.request('PUT', `/api/shipping-methods/${standard.id}`, {
        token: admin,
        body: { name: 'Parcel', minDays: 1, maxDays: 3, active: false, rates: [{ countries: ['DE'], price: 5.95 }] },
      });
    });

    it('taxes each line at its category’s rate (from above it) and shipping at the standard rate, prices with tax', async () => {
      const { token, bandage, plain } = await buyer('tax-included');
      const query = { shippingCountry: 'de', shippingMethodId: standard.id };
      const charges = await shop.request('GET', '/api/cart/charges', { token, query });
      // 19 %: 11.90 + 5.95 = 17.85, of which 2.85 is tax; 7 %: 21.40, of which 1.40.
      expect(charges.body).toEqual({
        subtotal: 33.3,
        shippingCost: 5.95,
        shippingMethod: 'Parcel',
        shippingCountry: 'DE',
        tax: 4.25,
        taxGroups: [
          { rate: 19, amount: 17.85, tax: 2.85 },
          { rate: 7, amount: 21.4, tax: 1.4 },
        ],
        pricesIncludeTax: true,
        total: 39.25,
      });
      const placed = await shop.request('POST', '/api/orders/checkout', {
        token,
        body: { shippingAddress: 'Hauptstraße 1, Berlin', ...query, expectedTotal: 39.25 },
      });
      expect(placed.status, placed.text).toBe(201);
      expect(placed.body).toMatchObject({
        totalAmount: 39.25,
        subtotal: 33.3,
        shippingCost: 5.95,
        tax: 4.25,
        taxGroups: [
          { rate: 19, amount: 17.85, tax: 2.85 },
          { rate: 7, amount: 21.4, tax: 1.4 },
        ],
        pricesIncludeTax: true,
        shippingCountry: 'DE',
      });
      expect([await stockOf(bandage.id), await stockOf(plain.id)]).toEqual([18, 19]);
    });

    it('adds tax on top when prices are without it, and refuses the total without it, writing nothing', async () => {
      const set = await shop.request('PUT', '/api/settings/tax', { token: admin, body: { pricesIncludeTax: false } });
      expect(set.body).toEqual({ pricesIncludeTax: false });
      expect(await auditOf('shop', 1)).toContainEqual([
        'settings.updated',
        { pricesIncludeTax: { from: true, to: false } },
      ]);
      try {
        const { token, bandage } = await buyer('tax-excluded');
        const body = { shippingAddress: 'Hauptstraße 2, Berlin', shippingCountry: 'DE', shippingMethodId: standard.id };
        const stale = await shop.request('POST', '/api/orders/checkout', {
          token,
          body: { ...body, expectedTotal: 39.25 },
        });
        expect([stale.status, (stale.body as { code: string }).code]).toEqual([409, 'PRICE_CHANGED']);
        expect([await cartCount(token), await stockOf(bandage.id)]).toEqual([2, 20]);
        // 19 % on 17.85: 3.3915 → 3.39; 7 % on 21.40: 1.498 → 1.50.
        const placed = await shop.request('POST', '/api/orders/checkout', {
          token,
          body: { ...body, expectedTotal: 44.14 },
        });
        expect(placed.status, placed.text).toBe(201);
        expect(placed.body).toMatchObject({
          totalAmount: 44.14,
          subtotal: 33.3,
          shippingCost: 5.95,
          tax: 4.89,
          taxGroups: [
            { rate: 19, amount: 17.85, tax: 3.39 },
            { rate: 7, amount: 21.4, tax: 1.5 },
          ],
          pricesIncludeTax: false,
        });
        const id = (placed.body as { id: number }).id;
        // As kept: read again, the same.
        expect((await shop.request('GET', `/api/orders/${id}`, { token })).body).toMatchObject({
          totalAmount: 44.14,
          tax: 4.89,
          pricesIncludeTax: false,
        });
      } finally {
        await shop.request('PUT', '/api/settings/tax', { token: admin, body: { pricesIncludeTax: true } });
      }
    });

    it('charges no tax where the country has no rate', async () => {
      const { token } = await buyer('tax-abroad');
      const charges = await shop.request('GET', '/api/cart/charges', {
        token,
        query: { shippingCountry: 'US', shippingMethodId: standard.id },
      });
      expect(charges.body).toMatchObject({ subtotal: 33.3, tax: 0, taxGroups: [], total: 39.25 });
    });

    it('changes and deletes rates (audited); a category’s rates go with it', async () => {
      const changed = await shop.request<Rate>('PUT', `/api/tax-rates/${standardDE.id}`, {
        token: admin,
        body: { country: 'DE', rate: 16 },
      });
      expect(changed.body).toMatchObject({ id: standardDE.id, rate: 16 });
      expect(await auditOf('tax_rate', standardDE.id)).toEqual([
        ['tax_rate.updated', { basisPoints: { from: 1900, to: 1600 } }],
        ['tax_rate.created', { country: { to: 'DE' }, categoryId: { to: null }, basisPoints: { to: 1900 } }],
      ]);
      const gone = await shop.request('DELETE', `/api/tax-rates/${standardDE.id}`, { token: admin });
      expect(gone.status).toBe(204);
      const again = await shop.request('DELETE', `/api/tax-rates/${standardDE.id}`, { token: admin });
      expect([again.status, again.body]).toEqual([
        404,
        { message: 'Tax rate not found', code: 'TAX_RATE_NOT_FOUND', field: 'id' },
      ]);
      const bandagesRate = await createRate({ country: 'DE', categoryId: bandages, rate: 5 });
      const deleted = await shop.request('DELETE', `/api/categories/${bandages}`, {
        token: admin,
        query: { moveProductsTo: medicines },
      });
      expect(deleted.status, deleted.text).toBe(200);
      const left = (await shop.request<Rate[]>('GET', '/api/tax-rates', { token: admin })).body;
      expect(left.map((rate) => rate.id)).not.toContain(bandagesRate.id);
      expect(left.map((rate) => [rate.country, rate.categoryName, rate.rate])).toEqual([
        ['AT', null, 20],
        ['DE', 'Medicines', 7],
      ]);
    });
  });
});
