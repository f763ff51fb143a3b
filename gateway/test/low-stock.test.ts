// Low stock through the gateway (extension product-low-stock): admins read and set the shop's threshold
// (`shopSettings`, `updateShopSettings`, a bad value a userError on its field), list the products at or under their
// threshold (`lowStockProducts`, the fewest units first), and give a product its own (`lowStockThreshold`); anyone
// else is FORBIDDEN. Against the plain contract (the gateway-plain project) it is NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let admin: string;
let shopper: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.rest.adminToken();
  for (const [name, quantity] of [
    ['Plenty', 50],
    ['Two left', 2],
    ['None left', 0],
  ] as const)
    await shop.rest.createProduct(admin, { name, quantity });
  shopper = await shop.user('low-stock-reader');
});
afterAll(() => shop.close());

const LOW_STOCK = `query LowStock { shopSettings { lowStockThreshold } lowStockProducts(first: 10) {
  totalCount edges { node { name quantity lowStockThreshold } } } }`;
const UPDATE = `mutation Update($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) {
  shopSettings { lowStockThreshold } userErrors { message field code } } }`;

type Answer = { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };

describe.runIf(restExtensions)('low stock over our REST service', () => {
  it('lists the products at or under the shop’s threshold (5), the fewest units first', async () => {
    const answer = (await shop.graphql(LOW_STOCK, {}, admin)) as Answer;
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      shopSettings: { lowStockThreshold: 5 },
      lowStockProducts: {
        totalCount: 2,
        edges: [
          { node: { name: 'None left', quantity: 0, lowStockThreshold: null } },
          { node: { name: 'Two left', quantity: 2, lowStockThreshold: null } },
        ],
      },
    });
  });

  it('sets the shop’s threshold, refusing a bad one on its field, and lists by it', async () => {
    const refused = (await shop.graphql(UPDATE, { input: { lowStockThreshold: -1 } }, admin)) as Answer;
    expect(refused.data).toEqual({
      updateShopSettings: {
        shopSettings: null,
        userErrors: [
          {
            message: 'Low stock threshold must be from 0 to 1,000,000',
            field: 'lowStockThreshold',
            code: 'INVALID_INPUT',
          },
        ],
      },
    });
    const saved = (await shop.graphql(UPDATE, { input: { lowStockThreshold: 50 } }, admin)) as Answer;
    expect(saved.data).toEqual({ updateShopSettings: { shopSettings: { lowStockThreshold: 50 }, userErrors: [] } });
    const answer = (await shop.graphql(LOW_STOCK, {}, admin)) as Answer;
    expect((answer.data!.lowStockProducts as { totalCount: number }).totalCount).toBe(3);
  });

  it('answers FORBIDDEN to anyone but admins', async () => {
    const answer = (await shop.graphql(LOW_STOCK, {}, shopper)) as Answer;
    expect(answer.errors?.map((error) => error.extensions.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    const update = (await shop.graphql(UPDATE, { input: { lowStockThreshold: 1 } }, shopper)) as Answer;
    expect(update.data).toEqual({
      updateShopSettings: {
        shopSettings: null,
        userErrors: [expect.objectContaining({ code: 'FORBIDDEN' })],
      },
    });
  });
});

describe.runIf(!restExtensions)('low stock over the plain contract', () => {
  it('is NOT_SUPPORTED', async () => {
    const answer = (await shop.graphql(LOW_STOCK, {}, admin)) as Answer;
    expect(answer.errors?.map((error) => [error.message, error.extensions.code])).toEqual([
      [
        "The shop's REST service keeps no low-stock thresholds (it lacks the product-low-stock extension)",
        'NOT_SUPPORTED',
      ],
      [
        "The shop's REST service keeps no low-stock thresholds (it lacks the product-low-stock extension)",
        'NOT_SUPPORTED',
      ],
    ]);
  });
});
