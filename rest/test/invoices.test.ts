// Invoices (issue 35, item 5; extension invoices): a paid order's invoice is a PDF the buyer and admins download,
// printing what the order kept (lines, charges, total) and how it was paid; the shop's invoices are numbered 1, 2, 3…
// in the order their orders were paid, without gaps: payments recorded at once take the next numbers in turn, and a
// payment refused takes none. Read back by pdf.js, as a reader would see it. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import { pdfLines } from '../../tests/helpers/pdf-text.js';
import { suiteDatabaseKind } from '../../tests/helpers/test-database.js';
import { sql } from 'kysely';

let shop: RestService;
let admin: string;
let buyer: string;
let product: number;

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  buyer = await shop.register('invoice-buyer');
  const account = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
  expect(
    (await shop.request('PUT', '/api/settings/payment', { token: admin, body: { bankTransfer: account } })).status,
  ).toBe(200);
  product = (
    await shop.createProduct(admin, {
      name: 'Sterile Gauze Swabs, 10 × 10 cm, eight-ply, in a box of a hundred, for wound care',
      sku: 'GZ-100',
      price: 12.5,
      quantity: 100,
    })
  ).id;
});
afterAll(() => shop.close());

interface Order {
  id: number;
  orderDate: string;
  payment: { paidAt: string | null } | null;
}

/** An order of `quantity` units the buyer places, to pay by bank transfer. */
async function transferOrder(quantity = 1): Promise<Order> {
  await shop.request('POST', '/api/cart/items', { token: buyer, body: { productId: product, quantity } });
  const placed = await shop.request<Order>('POST', '/api/orders/checkout', {
    token: buyer,
    body: { shippingAddress: 'Greta Buyer\nHauptstraße 5\n10115 Berlin', paymentMethod: 'BANK_TRANSFER' },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body;
}
const pay = (id: number) => shop.request<Order>('POST', `/api/orders/${id}/payment`, { token: admin });
const invoiceOf = (id: number, token = buyer) =>
  shop.app.inject({ method: 'GET', url: `/api/orders/${id}/invoice`, headers: { authorization: `Bearer ${token}` } });
/** The invoice numbers of these orders, as their files are named. */
const numbersOf = async (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => /INV-\d{6}/.exec(String((await invoiceOf(id)).headers['content-disposition']))?.[0]),
  );

const orderOf = async (id: number) => (await shop.request<Order>('GET', `/api/orders/${id}`, { token: admin })).body;

/** From now on the audit record of `orderId`'s payment is refused by the database (a fault injected into it). */
async function failAuditOf(orderId: number) {
  const db = shop.app.shopDatabase.db;
  if (suiteDatabaseKind() === 'postgres') {
    await sql
      .raw(
        `create function fail_payment_audit() returns trigger as $$ begin
      if new.subject_id = ${orderId} and new.action = 'order.payment_recorded' then raise exception 'injected fault'; end if;
      return new; end $$ language plpgsql`,
      )
      .execute(db);
    await sql`create trigger fail_payment_audit before insert on audit_events for each row execute function fail_payment_audit()`.execute(
      db,
    );
  } else
    await sql
      .raw(
        `create trigger fail_payment_audit before insert on audit_events
      when new.subject_id = ${orderId} and new.action = 'order.payment_recorded'
      begin select raise(abort, 'injected fault'); end`,
      )
      .execute(db);
}
async function stopFailingAudits() {
  const db = shop.app.shopDatabase.db;
  if (suiteDatabaseKind() === 'postgres') {
    await sql`drop trigger fail_payment_audit on audit_events`.execute(db);
    await sql`drop function fail_payment_audit()`.execute(db);
  } else await sql`drop trigger fail_payment_audit`.execute(db);
}

describe('invoices', () => {
  let first: Order;

  it('are issued when an order is paid, and download as a PDF saying what the order kept and how it was paid', async () => {
    first = await transferOrder(3);
    const unpaid = await invoiceOf(first.id);
    expect([unpaid.statusCode, unpaid.json()]).toEqual([
      404,
      {
        message: 'This order has no invoice: one is issued once the order is paid',
        code: 'INVOICE_NOT_FOUND',
        field: 'id',
      },
    ]);
    const paid = await pay(first.id);
    expect(paid.status).toBe(200);
    const answer = await invoiceOf(first.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="medshop-invoice-INV-000001.pdf"');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const day = (iso: string) => iso.slice(0, 10);
    expect(await pdfLines(answer.rawPayload)).toEqual([
      'Medshop',
      'Invoice INV-000001',
      `Issued ${day(paid.body.payment!.paidAt!)} for order #${first.id}, placed ${day(first.orderDate)}`,
      'Billed and shipped to',
      'Greta Buyer',
      'Hauptstraße 5',
      '10115 Berlin',
      'Item Qty Unit price Amount',
      // A long name wraps within its column; its figures stay on its first line.
      'Sterile Gauze Swabs, 10 × 10 cm, eight-ply, in a box of 3 $12.50 $37.50',
      'a hundred, for wound care (SKU GZ-100)',
      'Subtotal $37.50',
      'Total $37.50',
      `Paid by bank transfer on ${day(paid.body.payment!.paidAt!)}.`,
      `Medshop · ${shop.config.mail.shopUrl}`,
    ]);
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    expect(
      answerChecker(document).problems('GET', '/api/orders/{id}/invoice', {
        status: answer.statusCode,
        headers: answer.headers,
        text: '',
      }),
    ).toEqual([]);
  });

  it('are the buyer’s own and every admin’s to read, nobody else’s', async () => {
    const asAdmin = await invoiceOf(first.id, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect((await pdfLines(asAdmin.rawPayload))[1]).toBe('Invoice INV-000001');
    const stranger = await shop.register('invoice-stranger');
    expect((await invoiceOf(first.id, stranger)).json()).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
      field: 'id',
    });
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${first.id}/invoice` })).statusCode).toBe(401);
  });

  it('are numbered without gaps in the order orders were paid, payments at once and refused ones included', async () => {
    const orders = [];
    for (let index = 0; index < 6; index += 1) orders.push(await transferOrder());
    // The last placed is paid first; then four at once.
    expect((await pay(orders[5]!.id)).status).toBe(200);
    const together = await Promise.all(orders.slice(1, 5).map((order) => pay(order.id)));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // A payment refused (its order cancelled) takes no number.
    await shop.request('PUT', `/api/orders/${orders[0]!.id}/status`, { token: admin, body: { status: 'CANCELLED' } });
    expect((await pay(orders[0]!.id)).body).toMatchObject({ code: 'ORDER_CANCELLED' });
    // A payment whose transaction fails after its number was taken (its audit record refused here) gives it back.
    const failing = await transferOrder();
    await failAuditOf(failing.id);
    try {
      expect((await pay(failing.id)).status).toBe(500);
    } finally {
      await stopFailingAudits();
    }
    expect((await orderOf(failing.id)).payment?.paidAt).toBeNull();
    const next = await transferOrder();
    expect((await pay(next.id)).status).toBe(200);

    expect(await numbersOf([orders[5]!.id])).toEqual(['INV-000002']);
    expect((await numbersOf(orders.slice(1, 5).map((order) => order.id))).sort()).toEqual([
      'INV-000003',
      'INV-000004',
      'INV-000005',
      'INV-000006',
    ]);
    expect(await numbersOf([next.id])).toEqual(['INV-000007']);
    expect((await invoiceOf(orders[0]!.id)).statusCode).toBe(404);
    expect((await invoiceOf(failing.id)).statusCode).toBe(404);
  });

  it('say when a paid order was cancelled and its payment refunded', async () => {
    await shop.request('PUT', `/api/orders/${first.id}/status`, { token: admin, body: { status: 'CANCELLED' } });
    const lines = await pdfLines((await invoiceOf(first.id)).rawPayload);
    expect(lines.slice(-3)).toEqual([
      expect.stringMatching(/^Paid by bank transfer on \d{4}-\d\d-\d\d\.$/),
      'The order was cancelled and the $37.50 paid was refunded.',
      `Medshop · ${shop.config.mail.shopUrl}`,
    ]);
  });
});
