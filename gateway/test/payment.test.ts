// Payment through the gateway (extension payment): an admin gives the account bank transfers pay into with
// updatePaymentSettings (a wrong IBAN refused on its field, writing nothing); every shopper reads `paymentSettings`;
// checkout then asks how the buyer pays, and the order's `payment` says where to pay, what to quote and until when its
// stock is held. The order cannot move on until an admin records its payment with recordPayment, which the buyer hears
// through orderUpdated. Against the plain contract (the gateway-plain project, restExtensions false) there is no
// payment: no methods, every order's payment null, a paymentMethod refused, and the mutations NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { listen } from '../../tests/helpers/socket-feed.js';
import { transferReference } from '../../shop-rules/payment-rules.js';

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

const USER_ERRORS = 'userErrors { message field code }';
const SETTINGS = 'paymentSettings { methods bankTransfer { accountHolder iban bic days } }';
const PAYMENT = 'payment { method status reference account { accountHolder iban bic } reservedUntil paidAt }';
const ORDER = `id number orderDate status ${PAYMENT}`;
const NOT_SUPPORTED = "The shop's REST service takes no payment (it lacks the payment extension)";
const ACCOUNT = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

async function ok(query: string, variables: Record<string, unknown>, token: string): Promise<any> {
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}
const updateSettings = (bankTransfer: object | null, token = admin) =>
  shop.graphql(
    `mutation ($input: UpdatePaymentSettingsInput!) { updatePaymentSettings(input: $input) { ${SETTINGS} ${USER_ERRORS} } }`,
    { input: { bankTransfer } },
    token,
  );
const recordPayment = (orderId: string, token = admin) =>
  shop.graphql(
    `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { order { ${ORDER} } ${USER_ERRORS} } }`,
    { input: { orderId } },
    token,
  );
const checkout = (token: string, extra: Record<string, unknown> = {}) =>
  ok(
    `mutation ($input: CheckoutInput!) { checkout(input: $input) { order { ${ORDER} } ${USER_ERRORS} } }`,
    { input: { shippingAddress: '3 Quay Street', ...extra } },
    token,
  );

/** A new shopper with one unit of a product of their own in the cart. */
async function buyer(): Promise<{ token: string; username: string; productId: number }> {
  counter += 1;
  const username = `pay-buyer-${counter}`;
  const token = await shop.user(username);
  const product = await shop.rest.createProduct(adminRest, { name: `Paid Gauze ${counter}`, price: 12.5, quantity: 5 });
  const productId = Buffer.from(`Product:${product.id}`, 'utf8').toString('base64url');
  await ok(
    `mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { ${USER_ERRORS} } }`,
    { id: productId },
    token,
  );
  return { token, username, productId: product.id };
}

describe.runIf(restExtensions)('payment by bank transfer, over our REST service', () => {
  it('is set by admins, its IBAN checked; shoppers read it; checkout asks how to pay and the order says how', async () => {
    const shopper = await buyer();
    expect((await ok(`{ ${SETTINGS} }`, {}, shopper.token)).paymentSettings).toEqual({
      methods: [],
      bankTransfer: null,
    });
    expect((await updateSettings(ACCOUNT, shopper.token)).data?.updatePaymentSettings.userErrors).toEqual([
      { message: 'Only administrators can manage payment', field: null, code: 'FORBIDDEN' },
    ]);
    const wrong = await updateSettings({ ...ACCOUNT, iban: 'DE89370400440532013001' });
    expect(wrong.data?.updatePaymentSettings).toEqual({
      paymentSettings: null,
      userErrors: [
        {
          message: 'IBAN must be an account number in IBAN form, its check digits right: DE89 3704 0044 0532 0130 00',
          field: 'bankTransfer.iban',
          code: 'INVALID_INPUT',
        },
      ],
    });
    const set = await updateSettings({ ...ACCOUNT, iban: 'de89 3704 0044 0532 0130 00', days: 4 });
    const settings = { methods: ['BANK_TRANSFER'], bankTransfer: { ...ACCOUNT, days: 4 } };
    expect(set.data?.updatePaymentSettings).toEqual({ paymentSettings: settings, userErrors: [] });
    expect((await ok(`{ ${SETTINGS} }`, {}, shopper.token)).paymentSettings).toEqual(settings);

    // None chosen: refused on the field, nothing placed.
    expect((await checkout(shopper.token)).checkout).toEqual({
      order: null,
      userErrors: [{ message: 'Choose how to pay', field: 'paymentMethod', code: 'INVALID_INPUT' }],
    });
    expect((await checkout(shopper.token, { paymentMethod: 'CARD' })).checkout.userErrors).toEqual([
      { message: 'This shop takes no card payments', field: 'paymentMethod', code: 'INVALID_INPUT' },
    ]);
    const { order } = (await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout;
    expect(order.payment).toEqual({
      method: 'BANK_TRANSFER',
      status: 'AWAITING_PAYMENT',
      reference: transferReference(order.number),
      account: ACCOUNT,
      reservedUntil: new Date(Date.parse(order.orderDate) + 4 * 24 * 3600_000).toISOString(),
      paidAt: null,
    });
  });

  it('lets the order move on once an admin records its payment, which its buyer hears at once', async () => {
    const shopper = await buyer();
    const { order } = (await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout;
    const move = await ok(
      'mutation ($id: ID!) { updateOrderStatus(input: { orderId: $id, status: CONFIRMED }) { order { status } userErrors { message field code } } }',
      { id: order.id },
      admin,
    );
    expect(move.updateOrderStatus).toEqual({
      order: null,
      userErrors: [
        { message: 'This order waits for its payment: record the payment first', field: 'status', code: 'CONFLICT' },
      ],
    });
    expect((await recordPayment(order.id, shopper.token)).data?.recordPayment.userErrors).toEqual([
      { message: 'Only administrators can record a payment', field: null, code: 'FORBIDDEN' },
    ]);

    const socket = shop.gateway.socket(shopper.token);
    try {
      const feed = listen(socket, `subscription { orderUpdated { id status ${PAYMENT} } }`);
      // Live once a query on the same socket has come back (the server takes a socket's operations in order).
      const ready = listen(socket, '{ viewer { username } }');
      await ready.next();
      const recorded = await recordPayment(order.id);
      expect(recorded.errors).toBeUndefined();
      const paid = recorded.data?.recordPayment.order;
      expect(paid.payment).toEqual({
        ...order.payment,
        status: 'PAID',
        reservedUntil: null,
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect((await feed.next()).data?.orderUpdated).toEqual({
        id: order.id,
        status: 'PENDING',
        payment: paid.payment,
      });
      feed.stop();
    } finally {
      await socket.dispose();
    }
    // Asked again: the order as it is.
    expect((await recordPayment(order.id)).data?.recordPayment.userErrors).toEqual([]);
    const confirmed = await ok(
      'mutation ($id: ID!) { updateOrderStatus(input: { orderId: $id, status: CONFIRMED }) { order { status } userErrors { message } } }',
      { id: order.id },
      admin,
    );
    expect(confirmed.updateOrderStatus).toEqual({ order: { status: 'CONFIRMED' }, userErrors: [] });
    // Tidy: the other tests of this file's shop place orders without a method.
    expect((await updateSettings(null)).data?.updatePaymentSettings).toEqual({
      paymentSettings: { methods: [], bankTransfer: null },
      userErrors: [],
    });
  });
});

describe.runIf(!restExtensions)('payment, over the plain contract', () => {
  it('offers no method, orders carry none, a method is refused, and the mutations are NOT_SUPPORTED', async () => {
    const shopper = await buyer();
    expect((await ok(`{ ${SETTINGS} }`, {}, shopper.token)).paymentSettings).toEqual({
      methods: [],
      bankTransfer: null,
    });
    expect((await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout).toEqual({
      order: null,
      userErrors: [{ message: 'This shop takes no bank transfers', field: 'paymentMethod', code: 'INVALID_INPUT' }],
    });
    const { order } = (await checkout(shopper.token)).checkout;
    expect(order.payment).toBeNull();
    for (const answer of [await updateSettings(ACCOUNT), await recordPayment(order.id)]) {
      expect(answer.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
        [NOT_SUPPORTED, 'NOT_SUPPORTED'],
      ]);
    }
  });
});
