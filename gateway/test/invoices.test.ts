// A paid order's invoice through the gateway (plugins/order-invoices.ts), as the web app fetches it: by the order's id
// in the graph, with the session's token, the PDF streamed through with its file name, the REST service's refusals
// passed on as they came. Against the plain contract (gateway-plain) there are no invoices: 501.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { pdfLines } from '../../tests/helpers/pdf-text.js';
import { toGlobalId } from '../src/global-id.js';

let shop: Shop;
let buyer: string;

beforeAll(async () => {
  shop = await startShop();
  buyer = await shop.user('invoice-gateway-buyer');
});
afterAll(() => shop.close());

const invoice = (orderGlobalId: string, token: string | undefined) =>
  fetch(`${shop.gateway.url.replace(/\/graphql$/, '')}/orders/${encodeURIComponent(orderGlobalId)}/invoice.pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe.runIf(restExtensions)('an order’s invoice', () => {
  it('downloads once the order is paid, for its buyer; the REST service’s refusals pass on as they came', async () => {
    const restAdmin = await shop.rest.adminToken();
    await shop.rest.request('PUT', '/api/settings/payment', {
      token: restAdmin,
      body: { bankTransfer: { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000' } },
    });
    const product = await shop.rest.createProduct(restAdmin, { name: 'Invoiced Tape', price: 3.2, quantity: 5 });
    await shop.rest.request('POST', '/api/cart/items', { token: buyer, body: { productId: product.id, quantity: 2 } });
    const placed = await shop.rest.request<{ id: number }>('POST', '/api/orders/checkout', {
      token: buyer,
      body: { shippingAddress: '1 Main Street', paymentMethod: 'BANK_TRANSFER' },
    });
    expect(placed.status).toBe(201);
    const id = toGlobalId('Order', placed.body.id);

    const unpaid = await invoice(id, buyer);
    expect([unpaid.status, await unpaid.json()]).toEqual([
      404,
      {
        message: 'This order has no invoice: one is issued once the order is paid',
        code: 'INVOICE_NOT_FOUND',
        field: 'id',
      },
    ]);
    await shop.rest.request('POST', `/api/orders/${placed.body.id}/payment`, { token: restAdmin });
    const answer = await invoice(id, buyer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="medshop-invoice-INV-000001.pdf"');
    const lines = await pdfLines(new Uint8Array(await answer.arrayBuffer()));
    expect(lines.slice(0, 2)).toEqual(['Medshop', 'Invoice INV-000001']);
    expect(lines).toContain('Invoiced Tape 2 $3.20 $6.40');

    const stranger = await shop.user('invoice-gateway-stranger');
    expect(await (await invoice(id, stranger)).json()).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
      field: 'id',
    });
    expect((await invoice(id, undefined)).status).toBe(401);
    expect(await (await invoice('not-an-order', buyer)).json()).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
    });
  });
});

describe.runIf(!restExtensions)('an order’s invoice over the plain contract', () => {
  it('is not there: 501', async () => {
    const answer = await invoice(toGlobalId('Order', 1), buyer);
    expect([answer.status, await answer.json()]).toEqual([
      501,
      {
        message: 'This shop’s REST service issues no invoices (it lacks the invoices extension)',
        code: 'NOT_SUPPORTED',
      },
    ]);
  });
});
