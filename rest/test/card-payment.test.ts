// Card payments through Stripe Checkout (issue 35, item 4; extension payment), against a stand-in of Stripe's API
// driven through Stripe's official SDK, its webhooks signed by the SDK's own test helper: checkout offers cards once
// the shop has Stripe's settings; the buyer is sent to one session per order; the order is marked paid by the signed
// webhook alone, each event acted on once; a forged, altered or stale webhook is refused and changes nothing; a paid
// order cancelled is refunded, and so is a payment that arrives for a cancelled order, a second payment of a paid one,
// or one of another amount: never both a sale and a refund, never neither. A refund Stripe did not take is sent again
// by the sweep, once. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { poll } from '../../tests/helpers/poll.js';
import { type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import { pdfLines } from '../../tests/helpers/pdf-text.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { loadRestConfig } from '../src/config.js';
import { type StripeStandIn, startStripeStandIn } from '../../tests/helpers/stripe-stand-in.js';

let stripe: StripeStandIn;
let shop: RestService;
let admin: string;
let buyer: string;
let product: number;

interface Order {
  id: number;
  orderDate: string;
  status: string;
  totalAmount: number;
  payment: {
    method: string;
    status: string;
    reference: string | null;
    account: unknown;
    reservedUntil: string | null;
    paidAt: string | null;
  } | null;
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  shop = await startRestService({
    listen: true,
    env: { ...stripe.env, PAYMENT_SWEEP_MS: '100', SHOP_URL: 'https://shop.example' },
  });
  stripe.deliverTo(`${shop.url}/api/payment/stripe-webhook`);
  admin = await shop.adminToken();
  buyer = await shop.register('card-buyer');
  // An address of the buyer's own, taken as verified (verifying it by its link is mail.test.ts's): the e-mails go out.
  const profile = await shop.request('PUT', '/api/users/profile', {
    token: buyer,
    body: { email: 'card-buyer@people.example' },
  });
  expect(profile.status, profile.text).toBe(200);
  await sql`update users set email_verified_at = ${new Date().toISOString()} where username = 'card-buyer'`.execute(
    shop.app.shopDatabase.db,
  );
  product = (await shop.createProduct(admin, { name: 'Pulse Oximeter', price: 24.99, quantity: 50 })).id;
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
});

const stockOf = async () =>
  (await shop.request<{ quantity: number }>('GET', `/api/products/${product}`, { token: admin })).body.quantity;
const orderOf = async (id: number) => (await shop.request<Order>('GET', `/api/orders/${id}`, { token: admin })).body;
/** A card order of `quantity` units, placed by the buyer. */
async function cardOrder(quantity = 1): Promise<Order> {
  const added = await shop.request('POST', '/api/cart/items', { token: buyer, body: { productId: product, quantity } });
  expect(added.status, added.text).toBe(200);
  const placed = await shop.request<Order>('POST', '/api/orders/checkout', {
    token: buyer,
    body: { shippingAddress: '3 Quay Street\nDublin', paymentMethod: 'CARD' },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body;
}
const startPayment = (id: number, token = buyer) =>
  shop.request<{ url: string; expiresAt: string }>('POST', `/api/orders/${id}/card-payment`, { token });
const sessionIdOf = (url: string) => url.split('/pay/')[1]!;
const auditOf = async (id: number) =>
  (
    await shop.request<{ content: { action: string; actor: { username: string }; changes: object }[] }>(
      'GET',
      '/api/audit-events',
      { token: admin, query: { subjectType: 'order', subjectId: id } },
    )
  ).body.content.map((event) => [event.action, event.actor.username, event.changes]);
/** The subjects and texts of the e-mails written to the buyer about an order, oldest first. */
const mailsAbout = async (id: number) =>
  (
    await sql<{ subject: string; text: string }>`select subject, text_body as text from mail_outbox
      where recipient = 'card-buyer@people.example' and subject like ${`%order #${id} %`} order by id`.execute(
      shop.app.shopDatabase.db,
    )
  ).rows;
/** A session paid at the stand-in as if by another way than its page (a second payment, another amount). */
function paidSession(orderId: number, amountCents: number) {
  const session = {
    ...[...stripe.sessions.values()][0]!,
    id: `cs_test_other_${orderId}_${amountCents}`,
    status: 'complete' as const,
    payment_status: 'paid' as const,
    payment_intent: `pi_test_other_${orderId}_${amountCents}`,
    amount_total: amountCents,
    client_reference_id: String(orderId),
    metadata: { medshop_order_id: String(orderId) },
    url: null,
  };
  stripe.sessions.set(session.id, session);
  return session;
}

describe('card payments through Stripe Checkout', () => {
  let order: Order;
  let sessionUrl: string;

  it('are offered once the shop has Stripe settings, and reserve the stock for 30 minutes', async () => {
    expect((await shop.request('GET', '/api/settings/payment', { token: buyer })).body).toEqual({
      methods: ['CARD'],
      bankTransfer: null,
    });
    const before = await stockOf();
    order = await cardOrder(2);
    expect(order.payment).toEqual({
      method: 'CARD',
      status: 'AWAITING_PAYMENT',
      reference: null,
      account: null,
      reservedUntil: new Date(Date.parse(order.orderDate) + 30 * 60_000).toISOString(),
      paidAt: null,
    });
    expect(order.totalAmount).toBe(49.98);
    expect(await stockOf()).toBe(before - 2);
  });

  it('send the buyer to one Stripe session for the order, the same while it is open; nobody else may', async () => {
    const started = await startPayment(order.id);
    expect(started.status, started.text).toBe(200);
    sessionUrl = started.body.url;
    expect(sessionUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_[0-9a-f]{24}$`));
    const session = stripe.sessions.get(sessionIdOf(sessionUrl))!;
    expect(session).toMatchObject({
      status: 'open',
      amount_total: 4998,
      currency: 'usd',
      client_reference_id: String(order.id),
      metadata: { medshop_order_id: String(order.id) },
      success_url: `https://shop.example/orders?order=${order.id}&card=paid`,
      cancel_url: `https://shop.example/orders?order=${order.id}&card=cancelled`,
    });
    expect(started.body.expiresAt).toBe(new Date(session.expires_at * 1000).toISOString());
    // Open for Stripe's shortest session (30 minutes, to the next minute), not its 24 hours: the stock is held so long.
    expect(session.expires_at * 1000 - Date.now()).toBeLessThanOrEqual(31 * 60_000);
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
    // Asked again: the same session, no second way to pay.
    expect((await startPayment(order.id)).body.url).toBe(sessionUrl);
    expect(stripe.sessions.size).toBe(1);
    // A buyer's two clicks at once on an order with no session yet: one session between them.
    const clicked = await cardOrder(1);
    const twice = await Promise.all([startPayment(clicked.id), startPayment(clicked.id)]);
    expect(twice[0]!.body.url).toBe(twice[1]!.body.url);
    expect(stripe.sessions.size).toBe(2);
    await shop.request('POST', `/api/orders/${clicked.id}/cancel`, { token: buyer });
    // As the contract documents it, refusals included.
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    const anonymous = await shop.request('POST', `/api/orders/${order.id}/card-payment`);
    expect(anonymous.status).toBe(401);
    for (const answer of [started, anonymous, await startPayment(999_999)])
      expect(answerChecker(document).problems('POST', '/api/orders/{id}/card-payment', answer)).toEqual([]);
    const stranger = await shop.register('card-stranger');
    expect((await startPayment(order.id, stranger)).body).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
      field: 'id',
    });
    expect((await startPayment(999_999)).status).toBe(404);
  });

  it('refuses a webhook that is forged, altered, stale or unsigned, and changes nothing', async () => {
    const session = { ...stripe.sessions.get(sessionIdOf(sessionUrl))!, status: 'complete' as const };
    const forged = {
      id: 'evt_test_forged',
      type: 'checkout.session.completed',
      session: { ...session, payment_status: 'paid' as const, payment_intent: 'pi_test_forged' },
    };
    const refusals = [
      await stripe.sendOnce(forged, { secret: 'whsec_not_the_shops' }),
      await stripe.sendOnce(forged, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await stripe.sendOnce(forged, { signature: 't=1,v1=00' }),
    ];
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
      expect(answerChecker(document).problems('POST', '/api/payment/stripe-webhook', refusal)).toEqual([]);
    }
    const unsigned = await fetch(`${shop.url}/api/payment/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"evt_test_forged","type":"checkout.session.completed"}',
    });
    expect([unsigned.status, await unsigned.json()]).toEqual([
      400,
      { message: 'The webhook has no Stripe-Signature header', code: 'WEBHOOK_SIGNATURE_INVALID' },
    ]);
    expect((await orderOf(order.id)).payment?.status).toBe('AWAITING_PAYMENT');
    expect(await auditOf(order.id)).toEqual([]);
  });

  it('mark the order paid by the signed webhook alone, once however often Stripe delivers it', async () => {
    const event = stripe.pay(sessionIdOf(sessionUrl));
    const paid = await poll(
      async () => orderOf(order.id),
      (now) => now.payment?.status === 'PAID',
    );
    expect(paid.payment).toEqual({ ...order.payment, status: 'PAID', reservedUntil: null, paidAt: expect.any(String) });
    // Delivered again, and again at once: nothing more.
    const twice = await Promise.all([stripe.sendOnce(event), stripe.sendOnce(event)]);
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await orderOf(order.id)).toEqual(paid);
    // The buyer was told how to pay, and then, once, that it is paid.
    const mails = await mailsAbout(order.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Medshop order #${order.id} is placed`,
      `Your Medshop order #${order.id} is paid`,
    ]);
    expect(mails[0]!.text).toMatch(
      /\nUnless you have paid already: please pay \$49\.98 by card by .+, with 'Pay by Card' on your orders page; we hold your items until then\.\n/,
    );
    expect(await auditOf(order.id)).toEqual([
      [
        'order.payment_recorded',
        'stripe',
        { paymentStatus: { from: 'AWAITING_PAYMENT', to: 'PAID' }, paidBy: { to: event.session.payment_intent } },
      ],
    ]);
    // Its invoice says how it was paid.
    const invoice = await shop.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice`,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(await pdfLines(invoice.rawPayload)).toContain(`Paid by card on ${paid.payment!.paidAt!.slice(0, 10)}.`);
    // Paid: nothing left to pay; never recorded by hand; and now the goods may leave.
    expect((await startPayment(order.id)).body).toEqual({
      message: 'This order is paid already',
      code: 'ALREADY_PAID',
      field: 'id',
    });
    expect((await shop.request('POST', `/api/orders/${order.id}/payment`, { token: admin })).body).toMatchObject({
      code: 'CARD_PAYMENT_NOT_RECORDED',
    });
    const confirmed = await shop.request<Order>('PUT', `/api/orders/${order.id}/status`, {
      token: admin,
      body: { status: 'CONFIRMED' },
    });
    expect(confirmed.body.status).toBe('CONFIRMED');
  });

  it('refund a second payment of a paid order, and a payment of another amount, leaving the order as it was', async () => {
    const second = paidSession(order.id, 4998);
    await stripe.sendOnce({ id: 'evt_test_second', type: 'checkout.session.completed', session: second });
    const waiting = await cardOrder(1);
    const wrongAmount = paidSession(waiting.id, 100);
    await stripe.sendOnce({ id: 'evt_test_amount', type: 'checkout.session.completed', session: wrongAmount });
    await poll(
      async () => stripe.refunds.length,
      (count) => count === 2,
    );
    expect(stripe.refunds.map(({ payment_intent, amount }) => [payment_intent, amount])).toEqual([
      [second.payment_intent, 4998],
      [wrongAmount.payment_intent, 100],
    ]);
    expect((await orderOf(order.id)).payment?.status).toBe('PAID');
    expect((await orderOf(waiting.id)).payment?.status).toBe('AWAITING_PAYMENT');
    // Told again: no second refund. (The sweep may have asked at the same moment as the webhook: with the same
    // idempotency key, so Stripe answered it the same refund; a second refund would have been refused as such.)
    await stripe.sendOnce({ id: 'evt_test_second_again', type: 'checkout.session.completed', session: second });
    const calls = stripe.refundCalls.filter((call) => call.paymentIntent === second.payment_intent);
    expect(calls.every((call) => call.status === 200)).toBe(true);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === second.payment_intent)).toHaveLength(1);
    await shop.request('POST', `/api/orders/${waiting.id}/cancel`, { token: buyer });
  });

  it('refund a paid order that is cancelled, once; the sweep sends a refund Stripe did not take', async () => {
    const paidBefore = stripe.refunds.length;
    // Three failures: the call and the SDK's own two retries.
    stripe.failRefunds(3);
    const stock = await stockOf();
    const cancelled = await shop.request<Order>('PUT', `/api/orders/${order.id}/status`, {
      token: admin,
      body: { status: 'CANCELLED' },
    });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
    expect(await stockOf()).toBe(stock + 2);
    // Stripe failed the first call; the sweep (every 100 ms here) sends it again, and only once taken it stops.
    const refunds = await poll(
      async () => stripe.refunds.slice(paidBefore),
      (made) => made.length === 1,
    );
    const paidBy = stripe.sessions.get(sessionIdOf(sessionUrl))!.payment_intent;
    expect(refunds.map(({ payment_intent, amount }) => [payment_intent, amount])).toEqual([[paidBy, 4998]]);
    await poll(
      async () =>
        (
          await sql<{
            refundId: string | null;
          }>`select refund_id as "refundId" from payment_refunds where payment_intent = ${paidBy}`.execute(
            shop.app.shopDatabase.db,
          )
        ).rows[0]?.refundId,
      (refundId) => refundId === refunds[0]!.id,
    );
    // Asked for until Stripe took it: the three failures, then one refund (a call racing it, from the sweep, gets the
    // same refund back by its idempotency key).
    const calls = stripe.refundCalls.filter((call) => call.paymentIntent === paidBy).map((call) => call.status);
    expect(calls.slice(0, 4)).toEqual([500, 500, 500, 200]);
    expect(calls.slice(4).every((status) => status === 200)).toBe(true);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === paidBy)).toHaveLength(1);
  });

  it('close the session of an order cancelled before it was paid, and refund a payment that still arrives', async () => {
    const late = await cardOrder(3);
    const started = await startPayment(late.id);
    const sessionId = sessionIdOf(started.body.url);
    // The reservation runs out: the sweep cancels the order, its stock back, and closes its session.
    const stock = await stockOf();
    const past = new Date(Date.now() - 1000).toISOString();
    await sql`update orders set reserved_until = ${past} where id = ${late.id}`.execute(shop.app.shopDatabase.db);
    await poll(
      async () => orderOf(late.id),
      (now) => now.status === 'CANCELLED',
    );
    expect(await stockOf()).toBe(stock + 3);
    await poll(
      async () => stripe.sessions.get(sessionId)!.status,
      (status) => status === 'expired',
    );
    expect((await startPayment(late.id)).body).toMatchObject({ code: 'ORDER_CANCELLED' });
    // A payment made at the moment the session closed still arrives: it is given back, the stock stays released.
    const session = stripe.sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_late' });
    const event = stripe.queue('checkout.session.completed', session);
    const refund = await poll(
      async () => stripe.refunds.find((each) => each.payment_intent === 'pi_test_late'),
      (found) => found !== undefined,
    );
    expect(refund!.amount).toBe(Math.round(late.totalAmount * 100));
    const after = await orderOf(late.id);
    expect([after.status, after.payment?.status]).toEqual(['CANCELLED', 'REFUNDED']);
    expect(await stockOf()).toBe(stock + 3);
    expect((await auditOf(late.id)).map(([action, actor]) => [action, actor])).toEqual([
      ['order.payment_refunded', 'stripe'],
      ['order.status_changed', 'system'],
    ]);
    await stripe.sendOnce(event);
    expect(stripe.refunds.filter((each) => each.payment_intent === 'pi_test_late')).toHaveLength(1);
    // The buyer is told: cancelled, and the payment given back.
    expect((await mailsAbout(late.id)).map((mail) => mail.subject)).toEqual([
      `Your Medshop order #${late.id} is placed`,
      `Your Medshop order #${late.id} was cancelled`,
      `A payment for your Medshop order #${late.id} is refunded`,
    ]);
    expect((await mailsAbout(late.id))[2]!.text).toContain(
      `The $${late.totalAmount.toFixed(2)} is refunded to your card: the order was cancelled before the payment arrived. Your bank shows it within a few days.`,
    );
  });
});

describe('card payments while Stripe does not answer', () => {
  it('say so and change nothing: the order still waits, to be paid once Stripe is back', async () => {
    const down = await startRestService({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_WEBHOOK_SECRET: 'whsec_unreachable',
        // Nothing listens on port 9 (discard) here: every call fails at once.
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const token = await down.register('card-down');
      const id = (await down.createProduct(await down.adminToken(), { quantity: 5 })).id;
      await down.request('POST', '/api/cart/items', { token, body: { productId: id, quantity: 1 } });
      const placed = await down.request<Order>('POST', '/api/orders/checkout', {
        token,
        body: { shippingAddress: '1 Main St', paymentMethod: 'CARD' },
      });
      expect(placed.status).toBe(201);
      const refused = await down.request('POST', `/api/orders/${placed.body.id}/card-payment`, { token });
      expect([refused.status, refused.body]).toEqual([
        502,
        {
          message: 'The card payment service did not answer; try again in a moment',
          code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        },
      ]);
      const order = (await down.request<Order>('GET', `/api/orders/${placed.body.id}`, { token })).body;
      expect([order.status, order.payment?.status]).toEqual(['PENDING', 'AWAITING_PAYMENT']);
    } finally {
      await down.close();
    }
  });
});

describe('Stripe’s settings', () => {
  it.each([
    [
      // A shop that opened Stripe sessions but could not verify their webhooks would never mark an order paid.
      { STRIPE_SECRET_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc' },
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take cards, or neither (STRIPE_WEBHOOK_SECRET is missing)',
    ],
    [
      // Neither secret is repeated in the line.
      {
        STRIPE_SECRET_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
        STRIPE_WEBHOOK_SECRET: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
      },
      "STRIPE_WEBHOOK_SECRET must be a webhook endpoint's signing secret (whsec_…)",
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_test_4eC39HqLyjWDarjtT1zdp7dc', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)',
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'localhost:12111' },
      'STRIPE_API_URL must be an http(s) address without a path, such as http://127.0.0.1:12111, got "localhost:12111"',
    ],
  ])('refuses %o in one line, at start', (env, message) => {
    expect(() => loadRestConfig({ ...env })).toThrow(message);
  });

  it('takes both, or none: then the shop takes no cards', () => {
    expect(loadRestConfig({}).stripe).toBeUndefined();
    expect(loadRestConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
  });
});
