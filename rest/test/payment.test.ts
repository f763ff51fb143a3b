// Payment by bank transfer (issue 35, extension payment): admins give the account transfers pay into; checkout then
// asks how the buyer pays, holds the order's stock for the shop's days, and states the account and the reference to
// quote; an admin records the transfer that arrived (audited), and only then may the order move on; a paid order
// cancelled is refunded; an order whose transfer did not come in time is cancelled by the sweep, its stock back once
// however many instances sweep. Bad input writes nothing. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { poll } from '../../tests/helpers/poll.js';
import { type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { suiteDatabaseKind } from '../../tests/helpers/test-database.js';

let shop: RestService;
let admin: string;

beforeAll(async () => {
  shop = await startRestService({ env: { PAYMENT_SWEEP_MS: '100' } });
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const ACCOUNT = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

interface Payment {
  method: string;
  status: string;
  reference: string | null;
  account: typeof ACCOUNT | null;
  reservedUntil: string | null;
  paidAt: string | null;
}
interface Order {
  id: number;
  orderDate: string;
  status: string;
  totalAmount: number;
  payment: Payment | null;
}

const stockOf = async (id: number) =>
  (await shop.request<{ quantity: number }>('GET', `/api/products/${id}`, { token: admin })).body.quantity;
const cartCount = async (token: string) =>
  (await shop.request<{ items: unknown[] }>('GET', '/api/cart', { token })).body.items.length;
const fill = async (token: string, productId: number, quantity: number) => {
  const added = await shop.request('POST', '/api/cart/items', { token, body: { productId, quantity } });
  expect(added.status, added.text).toBe(200);
};
const checkout = (token: string, body: object = {}) =>
  shop.request<Order>('POST', '/api/orders/checkout', {
    token,
    body: { shippingAddress: '3 Quay Street\nDublin', ...body },
  });
const auditOf = async (subjectType: string, subjectId: number) =>
  (
    await shop.request<{ content: { action: string; actor: { username: string }; changes: object }[] }>(
      'GET',
      '/api/audit-events',
      { token: admin, query: { subjectType, subjectId } },
    )
  ).body.content.map((event) => [event.action, event.actor.username, event.changes]);
const setPayment = (token: string, bankTransfer: object | null) =>
  shop.request('PUT', '/api/settings/payment', { token, body: { bankTransfer } });
const recordPayment = (token: string, id: number) =>
  shop.request<Order>('POST', `/api/orders/${id}/payment`, { token });
const move = (id: number, status: string) =>
  shop.request<Order>('PUT', `/api/orders/${id}/status`, { token: admin, body: { status } });

describe('payment by bank transfer', () => {
  let buyer: string;
  let product: number;
  let unpaidBefore: Order;

  it('is set by admins alone, its account checked and audited; until then the shop takes no payment', async () => {
    buyer = await shop.register('transfer-buyer');
    product = (await shop.createProduct(admin, { name: 'Sterile Gauze', price: 12.5, quantity: 10 })).id;
    expect((await shop.request('GET', '/api/settings/payment', { token: buyer })).body).toEqual({
      methods: [],
      bankTransfer: null,
    });
    // No payment taken: an order is placed as before, with none, and a method asked for is refused.
    await fill(buyer, product, 1);
    const refused = await checkout(buyer, { paymentMethod: 'BANK_TRANSFER' });
    expect([refused.status, refused.body]).toEqual([
      400,
      { message: 'This shop takes no bank transfers', code: 'PAYMENT_METHOD_NOT_OFFERED', field: 'paymentMethod' },
    ]);
    const placed = await checkout(buyer);
    expect([placed.status, placed.body.payment]).toEqual([201, null]);
    unpaidBefore = placed.body;

    const forbidden = await setPayment(buyer, ACCOUNT);
    expect([forbidden.status, forbidden.body]).toEqual([
      403,
      { message: 'Only administrators can manage payment', code: 'FORBIDDEN' },
    ]);
    for (const [bankTransfer, expected] of [
      [
        { ...ACCOUNT, iban: 'DE89370400440532013001' },
        {
          message: 'IBAN must be an account number in IBAN form, its check digits right: DE89 3704 0044 0532 0130 00',
          field: 'bankTransfer.iban',
        },
      ],
      [
        { ...ACCOUNT, accountHolder: '  ' },
        { message: 'Account holder must be 1 to 70 characters', field: 'bankTransfer.accountHolder' },
      ],
      [
        { ...ACCOUNT, days: 45 },
        { message: 'Days to pay must be a whole number from 1 to 30', field: 'bankTransfer.days' },
      ],
    ] as const) {
      const answer = await setPayment(admin, bankTransfer);
      expect([answer.status, answer.body]).toEqual([400, { ...expected, code: 'INVALID_INPUT' }]);
    }
    expect((await shop.request('GET', '/api/settings/payment', { token: admin })).body).toEqual({
      methods: [],
      bankTransfer: null,
    });

    const set = await setPayment(admin, { ...ACCOUNT, iban: 'de89 3704 0044 0532 0130 00', days: 3 });
    const settings = { methods: ['BANK_TRANSFER'], bankTransfer: { ...ACCOUNT, days: 3 } };
    expect([set.status, set.body]).toEqual([200, settings]);
    expect((await shop.request('GET', '/api/settings/payment', { token: buyer })).body).toEqual(settings);
    // The same again changes nothing, and records nothing.
    expect((await setPayment(admin, { ...ACCOUNT, days: 3 })).status).toBe(200);
    expect((await auditOf('shop', 1)).filter(([action]) => action === 'settings.updated')).toEqual([
      ['settings.updated', 'admin', { bankTransfer: { from: null, to: { ...ACCOUNT, days: 3 } } }],
    ]);
  });

  let order: Order;

  it('asks how the buyer pays, holds the stock for the shop’s days, and states the account and the reference', async () => {
    await fill(buyer, product, 2);
    for (const [body, expected] of [
      [{}, { message: 'Choose how to pay', code: 'PAYMENT_METHOD_REQUIRED', field: 'paymentMethod' }],
      [
        { paymentMethod: 'CARD' },
        { message: 'This shop takes no card payments', code: 'PAYMENT_METHOD_NOT_OFFERED', field: 'paymentMethod' },
      ],
    ] as const) {
      const refused = await checkout(buyer, body);
      expect([refused.status, refused.body]).toEqual([400, expected]);
    }
    // Nothing written: the cart and the stock as they were.
    expect([await cartCount(buyer), await stockOf(product)]).toEqual([1, 9]);

    const placed = await checkout(buyer, { paymentMethod: 'BANK_TRANSFER' });
    expect(placed.status, placed.text).toBe(201);
    order = placed.body;
    expect(order.payment).toEqual({
      method: 'BANK_TRANSFER',
      status: 'AWAITING_PAYMENT',
      reference: expect.stringMatching(new RegExp(`^RF\\d\\dMS${order.id}$`)),
      account: ACCOUNT,
      reservedUntil: new Date(Date.parse(order.orderDate) + 3 * 24 * 3600_000).toISOString(),
      paidAt: null,
    });
    expect(await stockOf(product)).toBe(7);
    // As read back, on the buyer's list too.
    const listed = await shop.request<Order[]>('GET', '/api/orders', { token: buyer });
    expect(listed.body.find((each) => each.id === order.id)?.payment).toEqual(order.payment);
  });

  it('lets the order move on only once an admin has recorded its payment, which is audited and said once', async () => {
    const early = await move(order.id, 'CONFIRMED');
    expect([early.status, early.body]).toEqual([
      409,
      {
        message: 'This order waits for its payment: record the payment first',
        code: 'PAYMENT_AWAITED',
        field: 'status',
      },
    ]);
    const notAdmin = await recordPayment(buyer, order.id);
    expect([notAdmin.status, notAdmin.body]).toEqual([
      403,
      { message: 'Only administrators can record a payment', code: 'FORBIDDEN' },
    ]);
    expect((await recordPayment(admin, 999_999)).status).toBe(404);
    const noPayment = await recordPayment(admin, unpaidBefore.id);
    expect([noPayment.status, noPayment.body]).toEqual([
      409,
      {
        message: 'This order is not paid through the shop: there is no payment to record',
        code: 'NO_PAYMENT_AWAITED',
        field: 'id',
      },
    ]);

    // Two admins recording it at once: it is paid, once.
    const recorded = await Promise.all([recordPayment(admin, order.id), recordPayment(admin, order.id)]);
    expect(recorded.map((answer) => answer.status)).toEqual([200, 200]);
    // As the contract documents it (the authorization matrix cannot reach this success).
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    expect(answerChecker(document).problems('POST', '/api/orders/{id}/payment', recorded[0]!)).toEqual([]);
    const paid = recorded[0]!.body.payment!;
    expect(paid).toEqual({ ...order.payment, status: 'PAID', reservedUntil: null, paidAt: expect.any(String) });
    expect(recorded[1]!.body.payment).toEqual(paid);
    expect(await auditOf('order', order.id)).toEqual([
      ['order.payment_recorded', 'admin', { paymentStatus: { from: 'AWAITING_PAYMENT', to: 'PAID' } }],
    ]);
    expect((await move(order.id, 'CONFIRMED')).body.status).toBe('CONFIRMED');
  });

  it('refunds a paid order that is cancelled, and records no payment for a cancelled order', async () => {
    const cancelled = await move(order.id, 'CANCELLED');
    expect([cancelled.body.status, cancelled.body.payment?.status]).toEqual(['CANCELLED', 'REFUNDED']);
    expect(await stockOf(product)).toBe(9);
    expect((await auditOf('order', order.id))[0]).toEqual([
      // the newest first
      'order.status_changed',
      'admin',
      { status: { from: 'CONFIRMED', to: 'CANCELLED' }, paymentStatus: { from: 'PAID', to: 'REFUNDED' } },
    ]);
    const late = await recordPayment(admin, order.id);
    expect([late.status, late.body]).toEqual([
      409,
      {
        message: 'This order was cancelled and its stock went back: return the payment to the buyer instead',
        code: 'ORDER_CANCELLED',
        field: 'id',
      },
    ]);
  });

  it('cancels an order whose transfer did not come in time, its stock back once, though two instances sweep', async () => {
    // A second instance on the same database, sweeping as often.
    const other = await startRestService({
      env: { PAYMENT_SWEEP_MS: '100' },
      reuse: { databaseUrl: shop.databaseUrl, dataDir: shop.dataDir },
    });
    try {
      await fill(buyer, product, 3);
      const placed = await checkout(buyer, { paymentMethod: 'BANK_TRANSFER' });
      expect(placed.status, placed.text).toBe(201);
      const { id } = placed.body;
      expect(await stockOf(product)).toBe(6);
      // Its days pass: the reservation ends a moment ago.
      const past = new Date(Date.now() - 1000).toISOString();
      await sql`update orders set reserved_until = ${past} where id = ${id}`.execute(shop.app.shopDatabase.db);
      const cancelled = await poll(
        async () => (await shop.request<Order>('GET', `/api/orders/${id}`, { token: buyer })).body,
        (answer) => answer.status === 'CANCELLED',
      );
      expect(cancelled.payment?.status).toBe('AWAITING_PAYMENT');
      expect(await stockOf(product)).toBe(9);
      expect(await auditOf('order', id)).toEqual([
        ['order.status_changed', 'system', { status: { from: 'PENDING', to: 'CANCELLED' } }],
      ]);
      const history = await shop.request('GET', `/api/orders/${id}/history`, { token: admin });
      expect(history.body).toEqual([
        { status: 'PENDING', at: placed.body.orderDate },
        { status: 'CANCELLED', at: expect.any(String), by: 'system' },
      ]);
      // A transfer that arrives now is returned, not recorded.
      expect((await recordPayment(admin, id)).body).toMatchObject({ code: 'ORDER_CANCELLED' });
    } finally {
      await other.close({ keepData: true });
    }
  });

  // On PostgreSQL an admin's cancellation and another admin's payment run at once: both read the order waiting before
  // either writes. The order's row is held by the test until both wait on it, so that they meet exactly there: one
  // wins, the other is refused, and the order is never cancelled and paid at once (its refund skipped).
  it.runIf(suiteDatabaseKind() === 'postgres')(
    'a cancellation and a payment at once, meeting at the order’s row: one of them, never an order both cancelled and paid',
    async () => {
      await fill(buyer, product, 2);
      const racing = await checkout(buyer, { paymentMethod: 'BANK_TRANSFER' });
      expect(racing.status).toBe(201);
      const stock = await stockOf(product);
      const db = shop.app.shopDatabase.db;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = db.transaction().execute(async (trx) => {
        await sql`select id from orders where id = ${racing.body.id} for update`.execute(trx);
        await held;
      });
      const answers = Promise.all([move(racing.body.id, 'CANCELLED'), recordPayment(admin, racing.body.id)]);
      const waiting = () =>
        sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`
          .execute(db)
          .then((result) => result.rows[0]!.n);
      expect(await poll(waiting, (count) => count === 2)).toBe(2);
      release();
      await holding;
      const [cancelling, paying] = await answers;
      const after = (await shop.request<Order>('GET', `/api/orders/${racing.body.id}`, { token: admin })).body;
      if (cancelling.status === 200) {
        expect([paying.status, paying.body]).toMatchObject([409, { code: 'ORDER_CANCELLED' }]);
        expect([after.status, after.payment?.status]).toEqual(['CANCELLED', 'AWAITING_PAYMENT']);
        expect(await stockOf(product)).toBe(stock + 2);
      } else {
        expect([cancelling.status, cancelling.body]).toMatchObject([409, { code: 'CHANGED_MEANWHILE' }]);
        expect(paying.status).toBe(200);
        expect([after.status, after.payment?.status]).toEqual(['PENDING', 'PAID']);
        expect(await stockOf(product)).toBe(stock);
      }
    },
  );

  it('stops taking transfers when the account is taken away; orders waiting for one still wait', async () => {
    await fill(buyer, product, 1);
    const waiting = await checkout(buyer, { paymentMethod: 'BANK_TRANSFER' });
    expect(waiting.status).toBe(201);
    expect((await setPayment(admin, null)).body).toEqual({ methods: [], bankTransfer: null });
    await fill(buyer, product, 1);
    const placed = await checkout(buyer);
    expect([placed.status, placed.body.payment]).toEqual([201, null]);
    const kept = await shop.request<Order>('GET', `/api/orders/${waiting.body.id}`, { token: buyer });
    expect(kept.body.payment).toEqual(waiting.body.payment);
    expect((await recordPayment(admin, waiting.body.id)).body.payment?.status).toBe('PAID');
  });
});
