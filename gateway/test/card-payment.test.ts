// Card payments through the gateway (extension payment, the shop connected to a stand-in of Stripe): checkout with
// CARD places an order that waits 30 minutes; startCardPayment answers Stripe's page for it, the same page while it is
// open; Stripe's signed webhook, sent to the GATEWAY's /api/payment/stripe-webhook (the shop's one address, as Stripe
// and `stripe listen` reach it), is passed through to the REST service byte for byte and marks the order paid, which
// the buyer reads again (no orderUpdated is sent for it); a forged one is refused with the REST service's own answer.
// Someone else's order is NOT_FOUND, a paid one CONFLICT, and a Stripe that does not answer UPSTREAM_UNAVAILABLE.
// Against the plain contract (gateway-plain) there is no payment: startCardPayment is NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { poll } from '../../tests/helpers/poll.js';
import { type StripeStandIn, startStripeStandIn } from '../../tests/helpers/stripe-stand-in.js';
import { STRIPE_WEBHOOK_PATH } from '../src/plugins/stripe-webhook.js';

let stripe: StripeStandIn;
let shop: Shop;
let adminRest: string;
let counter = 0;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  shop = await startShop({ rest: { env: { ...stripe.env, SHOP_URL: 'https://shop.example' } } });
  // Stripe's events come to the gateway, as they do to a shop in production (SHOP_URL/api/payment/stripe-webhook).
  stripe.deliverTo(`${new URL(shop.gateway.url).origin}${STRIPE_WEBHOOK_PATH}`);
  adminRest = await shop.rest.adminToken();
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
});

const USER_ERRORS = 'userErrors { message field code } clientMutationId';
const PAYMENT = 'payment { method status reference account { iban } reservedUntil paidAt }';
const globalId = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');

async function ok(query: string, variables: Record<string, unknown>, token: string): Promise<any> {
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}
const startCardPayment = (orderId: string, token: string | undefined, clientMutationId?: string) =>
  shop.graphql(
    `mutation ($input: StartCardPaymentInput!) { startCardPayment(input: $input) { url expiresAt ${USER_ERRORS} } }`,
    { input: { orderId, ...(clientMutationId === undefined ? {} : { clientMutationId }) } },
    token,
  );
const orderById = async (id: string, token: string) =>
  (await ok(`query ($id: ID!) { node(id: $id) { ... on Order { id status ${PAYMENT} } } }`, { id }, token)).node;
const sessionIdOf = (url: string) => url.split('/pay/')[1]!;

/** A new shopper with one unit of a $12.50 product of their own in the cart. */
async function buyer(): Promise<{ token: string; productName: string }> {
  counter += 1;
  const token = await shop.user(`card-buyer-${counter}`);
  const productName = `Card Gauze ${counter}`;
  const product = await shop.rest.createProduct(adminRest, { name: productName, price: 12.5, quantity: 5 });
  await ok(
    `mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }`,
    { id: globalId('Product', product.id) },
    token,
  );
  return { token, productName };
}

/** Checkout through the graph, paying by card: answers the order placed. */
async function cardOrder(token: string): Promise<{ id: string; number: number; orderDate: string; payment: any }> {
  const placed = await ok(
    `mutation ($input: CheckoutInput!) { checkout(input: $input) { order { id number orderDate ${PAYMENT} } ${USER_ERRORS} } }`,
    { input: { shippingAddress: '3 Quay Street\nDublin', paymentMethod: 'CARD' } },
    token,
  );
  expect(placed.checkout.userErrors).toEqual([]);
  return placed.checkout.order;
}

/** The REST service's own answer to a webhook sent to it directly, to compare the gateway's with. */
const restWebhookUrl = () => `${shop.rest.url}${STRIPE_WEBHOOK_PATH}`;

describe.runIf(restExtensions)('card payment through Stripe Checkout, over our REST service', () => {
  it('is offered; the order waits 30 minutes; its page is Stripe’s, the same page when asked again', async () => {
    const shopper = await buyer();
    expect((await ok('{ paymentSettings { methods } }', {}, shopper.token)).paymentSettings).toEqual({
      methods: ['CARD'],
    });
    const order = await cardOrder(shopper.token);
    expect(order.payment).toEqual({
      method: 'CARD',
      status: 'AWAITING_PAYMENT',
      reference: null,
      account: null,
      reservedUntil: new Date(Date.parse(order.orderDate) + 30 * 60_000).toISOString(),
      paidAt: null,
    });
    const sessionsBefore = stripe.sessions.size;
    const started = await startCardPayment(order.id, shopper.token, 'pay');
    expect(started.errors).toBeUndefined();
    const { url, expiresAt } = started.data.startCardPayment;
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_[0-9a-f]{24}$`));
    const session = stripe.sessions.get(sessionIdOf(url))!;
    expect(started.data.startCardPayment).toEqual({
      url,
      expiresAt: new Date(session.expires_at * 1000).toISOString(),
      userErrors: [],
      clientMutationId: 'pay',
    });
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(session).toMatchObject({
      status: 'open',
      amount_total: 1250,
      client_reference_id: String(order.number),
      success_url: `https://shop.example/orders?order=${order.number}&card=paid`,
      cancel_url: `https://shop.example/orders?order=${order.number}&card=cancelled`,
    });
    // Asked again: the same page, no second way to pay.
    expect((await startCardPayment(order.id, shopper.token)).data.startCardPayment).toEqual({
      url,
      expiresAt,
      userErrors: [],
      clientMutationId: null,
    });
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
  });

  it('refuses someone else’s order, an id that names no order, and an admin’s recording of a card payment', async () => {
    const shopper = await buyer();
    const order = await cardOrder(shopper.token);
    const stranger = await shop.user(`card-stranger-${counter}`);
    const notFound = {
      url: null,
      expiresAt: null,
      userErrors: [{ message: 'Order not found', field: 'orderId', code: 'NOT_FOUND' }],
      clientMutationId: null,
    };
    for (const [id, token] of [
      [order.id, stranger],
      [globalId('Order', 999_999), shopper.token],
      [globalId('Product', order.number), shopper.token],
      ['not-an-id', shopper.token],
    ] as const)
      expect((await startCardPayment(id, token)).data?.startCardPayment, id).toEqual(notFound);
    // Stripe's webhook marks it paid, never an admin.
    const recorded = await shop.graphql(
      `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { order { id } ${USER_ERRORS} } }`,
      { input: { orderId: order.id } },
      await shop.adminToken(),
    );
    expect(recorded.data?.recordPayment).toEqual({
      order: null,
      userErrors: [
        { message: 'A card payment is confirmed by Stripe, not recorded by hand', field: 'orderId', code: 'CONFLICT' },
      ],
      clientMutationId: null,
    });
    expect((await orderById(order.id, shopper.token)).payment.status).toBe('AWAITING_PAYMENT');
  });

  it('is paid once Stripe’s webhook, passed through the gateway, says so; then there is nothing left to pay', async () => {
    const shopper = await buyer();
    const order = await cardOrder(shopper.token);
    const { url } = (await startCardPayment(order.id, shopper.token)).data.startCardPayment;
    const deliveredBefore = stripe.deliveries.length;
    const event = stripe.pay(sessionIdOf(url));
    const paid = await poll(
      () => orderById(order.id, shopper.token),
      (now) => now.payment.status === 'PAID',
    );
    expect(paid).toEqual({
      id: order.id,
      status: 'PENDING',
      payment: {
        ...order.payment,
        status: 'PAID',
        reservedUntil: null,
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      },
    });
    // Taken at its first delivery, through the gateway, with the REST service's own answer.
    expect(stripe.deliveries.slice(deliveredBefore)).toEqual([{ eventId: event.id, status: 200 }]);
    expect(await stripe.sendOnce(event)).toMatchObject({ status: 200, body: { received: true } });
    expect((await startCardPayment(order.id, shopper.token)).data.startCardPayment).toEqual({
      url: null,
      expiresAt: null,
      userErrors: [{ message: 'This order is paid already', field: 'orderId', code: 'CONFLICT' }],
      clientMutationId: null,
    });
  });

  it('passes a forged webhook on unchanged and answers the REST service’s refusal, 400, changing nothing', async () => {
    const shopper = await buyer();
    const order = await cardOrder(shopper.token);
    const { url } = (await startCardPayment(order.id, shopper.token)).data.startCardPayment;
    const session = { ...stripe.sessions.get(sessionIdOf(url))!, status: 'complete' as const };
    const forged = {
      id: 'evt_test_forged_through_gateway',
      type: 'checkout.session.completed',
      session: { ...session, payment_status: 'paid' as const, payment_intent: 'pi_test_forged' },
    };
    const signedElsewhere = await stripe.sendOnce(forged, { secret: 'whsec_not_the_shops' });
    expect(signedElsewhere.status).toBe(400);
    expect(signedElsewhere.body).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    // Word for word what the REST service answers the same request sent to it directly: unsigned, signed wrongly, and
    // of a type it does not read (fetch sends a text as text/plain).
    for (const [headers, status] of [
      [{ 'content-type': 'application/json' }, 400],
      [{ 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, 400],
      [{ 'stripe-signature': 't=1,v1=00' }, 415],
    ] as const) {
      const body = '{"id":"evt_test_unsigned","type":"checkout.session.completed"}';
      const [throughGateway, direct] = await Promise.all(
        [`${new URL(shop.gateway.url).origin}${STRIPE_WEBHOOK_PATH}`, restWebhookUrl()].map(async (address) => {
          const answer = await fetch(address, { method: 'POST', headers, body });
          return [answer.status, answer.headers.get('content-type'), await answer.json()];
        }),
      );
      expect(throughGateway).toEqual(direct);
      expect(throughGateway![0], JSON.stringify(headers)).toBe(status);
    }
    const unsigned = await fetch(`${new URL(shop.gateway.url).origin}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([unsigned.status, await unsigned.json()]).toEqual([
      400,
      { message: 'The webhook has no Stripe-Signature header', code: 'WEBHOOK_SIGNATURE_INVALID' },
    ]);
    expect((await orderById(order.id, shopper.token)).payment.status).toBe('AWAITING_PAYMENT');
  });

  it('refuses a webhook body over 1 MB itself, before passing anything on', async () => {
    const answer = await fetch(`${new URL(shop.gateway.url).origin}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: `{"padding":"${'x'.repeat(1024 * 1024)}"}`,
    });
    expect([answer.status, await answer.json()]).toEqual([
      413,
      { message: 'The body is too large: the limit is 1048576 bytes', code: 'PAYLOAD_TOO_LARGE' },
    ]);
  });
});

describe.runIf(restExtensions)('card payment while Stripe does not answer', () => {
  it('is UPSTREAM_UNAVAILABLE, and the order still waits', async () => {
    const down = await startShop({
      rest: {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_unreachable',
          STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
          // Nothing listens on port 9 (discard) here: every call fails at once.
          STRIPE_API_URL: 'http://127.0.0.1:9',
        },
      },
    });
    try {
      const token = await down.user('card-down');
      const product = await down.rest.createProduct(await down.rest.adminToken(), { price: 12.5, quantity: 5 });
      await down.graphql(
        `mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }`,
        { id: globalId('Product', product.id) },
        token,
      );
      const placed = await down.graphql(
        `mutation { checkout(input: { shippingAddress: "1 Main St", paymentMethod: CARD }) { order { id } ${USER_ERRORS} } }`,
        {},
        token,
      );
      const orderId = placed.data.checkout.order.id as string;
      const refused = await down.graphql(
        `mutation ($input: StartCardPaymentInput!) { startCardPayment(input: $input) { url ${USER_ERRORS} } }`,
        { input: { orderId } },
        token,
      );
      expect(refused.data ?? null).toBeNull();
      expect(refused.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
        [
          'UPSTREAM_UNAVAILABLE',
          'The shop is temporarily unavailable. Please try again in a moment.',
          ['startCardPayment'],
        ],
      ]);
      const order = await down.graphql(
        `query ($id: ID!) { node(id: $id) { ... on Order { status payment { status } } } }`,
        { id: orderId },
        token,
      );
      expect(order.data.node).toEqual({ status: 'PENDING', payment: { status: 'AWAITING_PAYMENT' } });
    } finally {
      await down.close();
    }
  });
});

describe.runIf(!restExtensions)('card payment, over the plain contract', () => {
  it('is NOT_SUPPORTED: the plain contract takes no payment', async () => {
    const shopper = await buyer();
    const placed = await ok(
      `mutation { checkout(input: { shippingAddress: "3 Quay Street" }) { order { id } ${USER_ERRORS} } }`,
      {},
      shopper.token,
    );
    const answer = await startCardPayment(placed.checkout.order.id, shopper.token);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.map((error) => [error.extensions?.code, error.message, error.path])).toEqual([
      [
        'NOT_SUPPORTED',
        "The shop's REST service takes no payment (it lacks the payment extension)",
        ['startCardPayment'],
      ],
    ]);
  });
});
