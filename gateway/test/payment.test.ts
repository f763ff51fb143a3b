// Payment through the gateway (extension payment): an admin gives the account bank transfers pay into with
// updatePaymentSettings (a wrong field refused on it, writing nothing); every shopper reads `paymentSettings`;
// checkout then asks how the buyer pays (refusals on `paymentMethod`, placing nothing), and the order's `payment` says
// where to pay, what to quote and until when its stock is held. The order cannot move on until an admin records its
// payment with recordPayment, which the buyer and every admin hear through orderUpdated; a payment for an order that
// takes none, was cancelled or is not there is refused on `orderId`, and a paid order cancelled is refunded. Against
// the plain contract (the gateway-plain project, restExtensions false) there is no payment: no methods, every order's
// payment null, a paymentMethod refused placing nothing, and the mutations NOT_SUPPORTED. Over either, a login is
// needed. This shop is not connected to Stripe: no card (card-payment.test.ts has one that is).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { type GraphQLAnswer, type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
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

const USER_ERRORS = 'userErrors { message field code } clientMutationId';
const SETTINGS = 'paymentSettings { methods bankTransfer { accountHolder iban bic days } }';
const PAYMENT = 'payment { method status reference account { accountHolder iban bic } reservedUntil paidAt }';
const ORDER = `id number orderDate status ${PAYMENT}`;
const NOT_SUPPORTED = "The shop's REST service takes no payment (it lacks the payment extension)";
const ACCOUNT = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const NO_PAYMENT = { methods: [], bankTransfer: null };
const globalId = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');
const errorCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

async function ok(query: string, variables: Record<string, unknown>, token: string): Promise<any> {
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}
const settingsSeenBy = async (token: string) => (await ok(`{ ${SETTINGS} }`, {}, token)).paymentSettings;
/** As an admin unless told; `null`: without a login. */
const updateSettings = (bankTransfer: object | null, token: string | null = admin, clientMutationId?: string) =>
  shop.graphql(
    `mutation ($input: UpdatePaymentSettingsInput!) { updatePaymentSettings(input: $input) { ${SETTINGS} ${USER_ERRORS} } }`,
    { input: { bankTransfer, ...(clientMutationId === undefined ? {} : { clientMutationId }) } },
    token ?? undefined,
  );
/** As an admin unless told; `null`: without a login. */
const recordPayment = (orderId: string, token: string | null = admin) =>
  shop.graphql(
    `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { order { ${ORDER} } ${USER_ERRORS} } }`,
    { input: { orderId } },
    token ?? undefined,
  );
const checkout = (token: string, extra: Record<string, unknown> = {}) =>
  ok(
    `mutation ($input: CheckoutInput!) { checkout(input: $input) { order { ${ORDER} } ${USER_ERRORS} } }`,
    { input: { shippingAddress: '3 Quay Street', ...extra } },
    token,
  );
const moveOrder = async (orderId: string, status: string) =>
  (
    await ok(
      `mutation ($id: ID!, $status: OrderStatus!) { updateOrderStatus(input: { orderId: $id, status: $status }) { order { status ${PAYMENT} } ${USER_ERRORS} } }`,
      { id: orderId, status },
      admin,
    )
  ).updateOrderStatus;
/** The buyer's orders and cart as the gateway reads them now: what a refused checkout must have left alone. */
const ordersAndCart = async (token: string) =>
  (
    await ok(
      `{ viewer { orders(first: 5) { edges { node { id ${PAYMENT} } } } cart { items { productName quantity } } } }`,
      {},
      token,
    )
  ).viewer;
const orderById = async (id: string, token: string) =>
  (await ok(`query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER} } } }`, { id }, token)).node;

/** A new shopper with one unit of a product of their own in the cart. */
async function buyer(): Promise<{ token: string; username: string; productName: string }> {
  counter += 1;
  const username = `pay-buyer-${counter}`;
  const token = await shop.user(username);
  const productName = `Paid Gauze ${counter}`;
  const product = await shop.rest.createProduct(adminRest, { name: productName, price: 12.5, quantity: 5 });
  await ok(
    `mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }`,
    { id: globalId('Product', product.id) },
    token,
  );
  return { token, username, productName };
}

/** Once a query on the same socket has come back, its subscriptions are live (a socket's operations go in order). */
async function live(socket: Client): Promise<void> {
  const ready = listen(socket, '{ viewer { username } }');
  expect((await ready.next()).errors).toBeUndefined();
}

describe.runIf(restExtensions)('payment by bank transfer, over our REST service', () => {
  const settings = { methods: ['BANK_TRANSFER'], bankTransfer: { ...ACCOUNT, days: 4 } };

  it('is set by admins, its fields checked; shoppers read it; checkout asks how to pay and the order says how', async () => {
    const shopper = await buyer();
    expect(await settingsSeenBy(shopper.token)).toEqual(NO_PAYMENT);
    expect((await updateSettings(ACCOUNT, shopper.token)).data?.updatePaymentSettings).toEqual({
      paymentSettings: null,
      userErrors: [{ message: 'Only administrators can manage payment', field: null, code: 'FORBIDDEN' }],
      clientMutationId: null,
    });
    for (const [bankTransfer, message, field] of [
      [
        { ...ACCOUNT, iban: 'DE89370400440532013001' },
        'IBAN must be an account number in IBAN form, its check digits right: DE89 3704 0044 0532 0130 00',
        'bankTransfer.iban',
      ],
      [{ ...ACCOUNT, accountHolder: '  ' }, 'Account holder must be 1 to 70 characters', 'bankTransfer.accountHolder'],
      [{ ...ACCOUNT, days: 45 }, 'Days to pay must be a whole number from 1 to 30', 'bankTransfer.days'],
    ] as const) {
      expect((await updateSettings(bankTransfer)).data?.updatePaymentSettings, field).toEqual({
        paymentSettings: null,
        userErrors: [{ message, field, code: 'INVALID_INPUT' }],
        clientMutationId: null,
      });
    }
    // Refused, written nothing.
    expect(await settingsSeenBy(admin)).toEqual(NO_PAYMENT);

    const set = await updateSettings({ ...ACCOUNT, iban: 'de89 3704 0044 0532 0130 00', days: 4 }, admin, 'bank');
    expect(set.data?.updatePaymentSettings).toEqual({
      paymentSettings: settings,
      userErrors: [],
      clientMutationId: 'bank',
    });
    expect(await settingsSeenBy(shopper.token)).toEqual(settings);

    // None chosen, or one the shop does not take: refused on the field, nothing placed, the cart as it was.
    expect((await checkout(shopper.token)).checkout).toEqual({
      order: null,
      userErrors: [{ message: 'Choose how to pay', field: 'paymentMethod', code: 'INVALID_INPUT' }],
      clientMutationId: null,
    });
    expect((await checkout(shopper.token, { paymentMethod: 'CARD' })).checkout).toEqual({
      order: null,
      userErrors: [{ message: 'This shop takes no card payments', field: 'paymentMethod', code: 'INVALID_INPUT' }],
      clientMutationId: null,
    });
    expect(await ordersAndCart(shopper.token)).toEqual({
      orders: { edges: [] },
      cart: { items: [{ productName: shopper.productName, quantity: 1 }] },
    });

    const { order } = (await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout;
    expect(order.status).toBe('PENDING');
    expect(order.payment).toEqual({
      method: 'BANK_TRANSFER',
      status: 'AWAITING_PAYMENT',
      reference: transferReference(order.number),
      account: ACCOUNT,
      reservedUntil: new Date(Date.parse(order.orderDate) + 4 * 24 * 3600_000).toISOString(),
      paidAt: null,
    });
    expect(order.payment.reference).toMatch(new RegExp(`^RF\\d\\dMS${order.number}$`));
    // Read again, as the REST service keeps it.
    expect(await orderById(order.id, shopper.token)).toEqual(order);
    expect(await ordersAndCart(shopper.token)).toEqual({
      orders: { edges: [{ node: { id: order.id, payment: order.payment } }] },
      cart: { items: [] },
    });
  });

  it('lets the order move on once an admin records its payment, which its buyer and the admins hear at once', async () => {
    const shopper = await buyer();
    const { order } = (await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout;
    expect(await moveOrder(order.id, 'CONFIRMED')).toEqual({
      order: null,
      userErrors: [
        { message: 'This order waits for its payment: record the payment first', field: 'status', code: 'CONFLICT' },
      ],
      clientMutationId: null,
    });
    expect((await recordPayment(order.id, shopper.token)).data?.recordPayment).toEqual({
      order: null,
      userErrors: [{ message: 'Only administrators can record a payment', field: null, code: 'FORBIDDEN' }],
      clientMutationId: null,
    });
    expect((await orderById(order.id, shopper.token)).payment).toEqual(order.payment);

    const ORDER_UPDATED = `subscription { orderUpdated { id status ${PAYMENT} } }`;
    const [buyerSocket, adminSocket] = [shop.gateway.socket(shopper.token), shop.gateway.socket(admin)];
    let paid: any;
    try {
      const buyerFeed = listen(buyerSocket, ORDER_UPDATED);
      const adminFeed = listen(adminSocket, ORDER_UPDATED);
      await Promise.all([live(buyerSocket), live(adminSocket)]);
      const recorded = await recordPayment(order.id);
      expect(recorded.errors).toBeUndefined();
      paid = recorded.data?.recordPayment.order;
      expect(recorded.data?.recordPayment).toEqual({
        order: {
          ...order,
          payment: {
            ...order.payment,
            status: 'PAID',
            reservedUntil: null,
            paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
          },
        },
        userErrors: [],
        clientMutationId: null,
      });
      const heard = { id: order.id, status: 'PENDING', payment: paid.payment };
      expect((await buyerFeed.next()).data?.orderUpdated).toEqual(heard);
      expect((await adminFeed.next()).data?.orderUpdated).toEqual(heard);
      buyerFeed.stop();
      adminFeed.stop();
    } finally {
      await Promise.all([buyerSocket.dispose(), adminSocket.dispose()]);
    }
    // Asked again: the order as it is.
    expect((await recordPayment(order.id)).data?.recordPayment).toEqual({
      order: paid,
      userErrors: [],
      clientMutationId: null,
    });
    expect(await moveOrder(order.id, 'CONFIRMED')).toEqual({
      order: { status: 'CONFIRMED', payment: paid.payment },
      userErrors: [],
      clientMutationId: null,
    });
    // Cancelled once paid: the payment goes back, and cannot be recorded again.
    expect(await moveOrder(order.id, 'CANCELLED')).toEqual({
      order: { status: 'CANCELLED', payment: { ...paid.payment, status: 'REFUNDED' } },
      userErrors: [],
      clientMutationId: null,
    });
    expect((await recordPayment(order.id)).data?.recordPayment).toEqual({
      order: null,
      userErrors: [
        {
          message: 'This order was cancelled and its stock went back: return the payment to the buyer instead',
          field: 'orderId',
          code: 'CONFLICT',
        },
      ],
      clientMutationId: null,
    });
  });

  it('refuses a payment for an order cancelled unpaid, one not there, and one that takes none', async () => {
    const refusal = (message: string, code: string) => ({
      order: null,
      userErrors: [{ message, field: 'orderId', code }],
      clientMutationId: null,
    });
    const shopper = await buyer();
    const { order } = (await checkout(shopper.token, { paymentMethod: 'BANK_TRANSFER' })).checkout;
    expect(await moveOrder(order.id, 'CANCELLED')).toEqual({
      order: { status: 'CANCELLED', payment: order.payment },
      userErrors: [],
      clientMutationId: null,
    });
    expect((await recordPayment(order.id)).data?.recordPayment).toEqual(
      refusal('This order was cancelled and its stock went back: return the payment to the buyer instead', 'CONFLICT'),
    );
    for (const id of [globalId('Order', 999_999), globalId('Product', order.number), 'not-an-id'])
      expect((await recordPayment(id)).data?.recordPayment, id).toEqual(refusal('Order not found', 'NOT_FOUND'));

    // The shop stops taking transfers (tidy too: the other files' shops are their own, but this one ends as it began).
    expect((await updateSettings(null, admin, 'stop')).data?.updatePaymentSettings).toEqual({
      paymentSettings: NO_PAYMENT,
      userErrors: [],
      clientMutationId: 'stop',
    });
    const later = await buyer();
    expect(await settingsSeenBy(later.token)).toEqual(NO_PAYMENT);
    expect((await checkout(later.token, { paymentMethod: 'BANK_TRANSFER' })).checkout).toEqual({
      order: null,
      userErrors: [{ message: 'This shop takes no bank transfers', field: 'paymentMethod', code: 'INVALID_INPUT' }],
      clientMutationId: null,
    });
    const unpaid = (await checkout(later.token)).checkout.order;
    expect(unpaid.payment).toBeNull();
    expect((await recordPayment(unpaid.id)).data?.recordPayment).toEqual(
      refusal('This order is not paid through the shop: there is no payment to record', 'CONFLICT'),
    );
  });
});

describe.runIf(restExtensions)('card payment where the operator has not connected the shop to Stripe', () => {
  it('is not offered, and startCardPayment is refused on the order, for a card order placed before too', async () => {
    const shopper = await buyer();
    expect(await settingsSeenBy(shopper.token)).toEqual(NO_PAYMENT);
    expect((await checkout(shopper.token, { paymentMethod: 'CARD' })).checkout.userErrors).toEqual([
      { message: 'This shop takes no card payments', field: 'paymentMethod', code: 'INVALID_INPUT' },
    ]);
    const { order } = (await checkout(shopper.token)).checkout;
    const answer = await shop.graphql(
      `mutation ($input: StartCardPaymentInput!) { startCardPayment(input: $input) { url expiresAt ${USER_ERRORS} } }`,
      { input: { orderId: order.id, clientMutationId: 'card' } },
      shopper.token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.startCardPayment).toEqual({
      url: null,
      expiresAt: null,
      userErrors: [{ message: 'This shop takes no card payments', field: 'orderId', code: 'CONFLICT' }],
      clientMutationId: 'card',
    });
  });
});

describe.runIf(!restExtensions)('payment, over the plain contract', () => {
  it('offers no method, and a checkout naming one is refused, placing nothing', async () => {
    const shopper = await buyer();
    for (const token of [shopper.token, admin]) expect(await settingsSeenBy(token)).toEqual(NO_PAYMENT);
    for (const [paymentMethod, message] of [
      ['BANK_TRANSFER', 'This shop takes no bank transfers'],
      ['CARD', 'This shop takes no card payments'],
    ]) {
      expect((await checkout(shopper.token, { paymentMethod })).checkout).toEqual({
        order: null,
        userErrors: [{ message, field: 'paymentMethod', code: 'INVALID_INPUT' }],
        clientMutationId: null,
      });
    }
    expect(await ordersAndCart(shopper.token)).toEqual({
      orders: { edges: [] },
      cart: { items: [{ productName: shopper.productName, quantity: 1 }] },
    });
    // Without one, placed as ever, paid outside the shop.
    const { order } = (await checkout(shopper.token)).checkout;
    expect(order.payment).toBeNull();
    expect((await orderById(order.id, shopper.token)).payment).toBeNull();
    expect(await ordersAndCart(shopper.token)).toEqual({
      orders: { edges: [{ node: { id: order.id, payment: null } }] },
      cart: { items: [] },
    });
  });

  it('answers updatePaymentSettings and recordPayment NOT_SUPPORTED, for an admin and a shopper alike', async () => {
    const shopper = await buyer();
    const { order } = (await checkout(shopper.token)).checkout;
    for (const token of [admin, shopper.token]) {
      for (const [name, answer] of [
        ['updatePaymentSettings', await updateSettings(ACCOUNT, token)],
        ['updatePaymentSettings', await updateSettings(null, token)],
        ['recordPayment', await recordPayment(order.id, token)],
      ] as const) {
        expect(answer.data?.[name] ?? null).toBeNull();
        expect(answer.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
          ['NOT_SUPPORTED', NOT_SUPPORTED, [name]],
        ]);
      }
    }
    expect(await settingsSeenBy(admin)).toEqual(NO_PAYMENT);
    expect((await orderById(order.id, admin)).payment).toBeNull();
  });
});

describe('a login is needed', () => {
  it('to read how the shop takes payment, change it, record a payment or start one: UNAUTHENTICATED without a token', async () => {
    expect(errorCodes(await shop.graphql(`{ ${SETTINGS} }`))).toEqual(['UNAUTHENTICATED']);
    for (const [name, answer] of [
      ['updatePaymentSettings', await updateSettings(ACCOUNT, null)],
      ['recordPayment', await recordPayment(globalId('Order', 1), null)],
      [
        'startCardPayment',
        await shop.graphql('mutation ($input: StartCardPaymentInput!) { startCardPayment(input: $input) { url } }', {
          input: { orderId: globalId('Order', 1) },
        }),
      ],
    ] as const) {
      expect(answer.data?.[name] ?? null, name).toBeNull();
      expect(errorCodes(answer), name).toEqual(['UNAUTHENTICATED']);
    }
  });
});
