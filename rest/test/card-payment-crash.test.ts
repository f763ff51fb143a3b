// kill -9 of the REST service in the middle of card payments (issue 35), on the suite's database, the service in its
// own process as in production, Stripe a stand-in driven through the official SDK: killed after the buyer paid and
// before Stripe's webhook got through (Stripe's retries, as the stand-in makes them, meet a dead service), the payment
// is counted once Stripe delivers it again (nothing lost, nothing charged twice: one session, no refund); killed after
// a cancellation owed a refund Stripe had not taken, the restarted service's sweep sends it, once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { poll } from '../../tests/helpers/poll.js';
import { COMPILED_REST_SERVER, prepareBuild } from '../../tests/helpers/prepared-build.js';
import { type ServerProcess, freePort, restCaller, startServer } from '../../tests/helpers/server-process.js';
import { type StripeStandIn, startStripeStandIn } from '../../tests/helpers/stripe-stand-in.js';
import { type TestDatabase, createTestDatabase } from '../../tests/helpers/test-database.js';

interface Order {
  id: number;
  status: string;
  totalAmount: number;
  payment: { method: string; status: string; paidAt: string | null } | null;
}

let database: TestDatabase;
let stripe: StripeStandIn;
let port: number;
let server: ServerProcess | undefined;

const start = async () => {
  server = await startServer(
    COMPILED_REST_SERVER,
    {
      REST_PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'card-crash-admin',
      PAYMENT_SWEEP_MS: '200',
      ...stripe.env,
    },
    port,
  );
};

const call = restCaller(() => server!);

beforeAll(async () => {
  // Compiled, as production runs it: its three starts through tsx took about twice as long (prepared-build.ts).
  await prepareBuild();
  database = await createTestDatabase();
  stripe = await startStripeStandIn();
  port = await freePort();
  stripe.deliverTo(`http://127.0.0.1:${port}/api/payment/stripe-webhook`);
  await start();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await database?.drop();
});

it('loses no payment and charges nothing twice when the service is killed between the payment and its webhook, or before a refund went out', async () => {
  const admin = (
    await call<string>('POST', '/auth/login', undefined, { username: 'admin', password: 'card-crash-admin' })
  ).body;
  const product = (
    await call<{ id: number }>('POST', '/products', admin, {
      name: 'Crash-Test Stethoscope',
      description: 'Paid for once',
      price: 80,
      quantity: 10,
    })
  ).body.id;
  await call('POST', '/auth/register', undefined, { username: 'card-crash-buyer', password: 'pw-crash' });
  const buyer = (
    await call<string>('POST', '/auth/login', undefined, { username: 'card-crash-buyer', password: 'pw-crash' })
  ).body;
  await call('POST', '/cart/items', buyer, { productId: product, quantity: 2 });
  const order = (
    await call<Order>('POST', '/orders/checkout', buyer, { shippingAddress: '9 Crash Lane', paymentMethod: 'CARD' })
  ).body;
  const started = await call<{ url: string }>('POST', `/orders/${order.id}/card-payment`, buyer);
  expect(started.status).toBe(200);
  const sessionId = started.body.url.split('/pay/')[1]!;

  // The buyer pays; Stripe's webhook is on its way when the service dies.
  stripe.holdWebhooks();
  stripe.pay(sessionId);
  await server!.kill();
  stripe.releaseWebhooks();
  // Stripe keeps trying while nothing answers; then the service is back.
  await poll(
    async () => stripe.deliveries.filter((delivery) => delivery.status === 0).length,
    (failed) => failed >= 1,
  );
  await start();
  await poll(
    async () => stripe.pending(),
    (pending) => pending === 0,
  );
  const paid = (await call<Order>('GET', `/orders/${order.id}`, buyer)).body;
  expect([paid.status, paid.payment?.status]).toEqual(['PENDING', 'PAID']);
  // Its stock taken once, one session, no refund: charged once.
  expect((await call<{ quantity: number }>('GET', `/products/${product}`, admin)).body.quantity).toBe(8);
  expect(stripe.sessions.size).toBe(1);
  expect(stripe.refunds).toEqual([]);

  // Cancelled, its refund owed while Stripe fails; the service dies before it went out.
  stripe.failRefunds(1_000);
  const cancelled = await call<Order>('PUT', `/orders/${order.id}/status`, admin, { status: 'CANCELLED' });
  expect(cancelled.body.payment?.status).toBe('REFUNDED');
  await server!.kill();
  expect(stripe.refunds).toEqual([]);
  stripe.failRefunds(0);
  await start();
  // The restarted service's sweep sends it (Stripe, as its stand-in, would refuse a second refund of one payment).
  const refunds = await poll(
    async () => [...stripe.refunds],
    (made) => made.length === 1,
  );
  expect(refunds.map((refund) => [refund.payment_intent, refund.amount])).toEqual([
    [stripe.sessions.get(sessionId)!.payment_intent, 16_000],
  ]);
}, 120_000);
