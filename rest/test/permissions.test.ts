// Each permission against every staff call (issue 36): a person whose one role holds only that permission reaches the
// calls it opens, and is refused every other with 403 and its message; a shopper none, the owner all. The calls it
// opens are sent with a body the rules refuse, or for something that does not exist, so an allowed call answers 400 or
// 404 and writes nothing (the permission is checked before the body is read), or they only read. The table is the
// statement of who may do what: docs/product.md says the same in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../shop-rules/staff-rules.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

/** A 1 × 1 PNG picture. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MISSING = 999_999;

interface StaffCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | ((fixture: Fixture) => string);
  body?: unknown;
  contentType?: string;
  /** The permissions that open it (any one does). */
  opens: readonly Permission[];
  /** What a caller it opens to gets. */
  allowed: number;
  /** The message of an allowed 404 when it is not the refusal's (an order without an invoice yet). */
  allowedMessage?: string;
  /** What anyone else is told, with 403 FORBIDDEN (or, for someone else's order, 404 "Order not found"). */
  refused: string | { status: 404; message: string };
}

interface Fixture {
  /** An order of the shop's buyer. */
  orderId: number;
}

const CATALOGUE = 'Only administrators can manage products';
const CATEGORIES = 'Only administrators can manage categories';
const CSV = 'Only administrators can export and import the catalogue';
const SHIPPING = 'Only administrators can manage shipping methods';
const TAX = 'Only administrators can manage tax';
const STAFF = 'Only staff who manage staff can see or change roles';
const MODERATORS = 'Only staff who moderate chat can see or decide reports';
const ORDER_NOT_FOUND = { status: 404 as const, message: 'Order not found' };

const CALLS: StaffCall[] = [
  // The catalogue.
  { method: 'POST', path: '/api/products', body: {}, opens: ['MANAGE_CATALOGUE'], allowed: 400, refused: CATALOGUE },
  {
    method: 'PUT',
    path: `/api/products/${MISSING}`,
    body: {},
    opens: ['MANAGE_CATALOGUE'],
    allowed: 400,
    refused: CATALOGUE,
  },
  { method: 'DELETE', path: `/api/products/${MISSING}`, opens: ['MANAGE_CATALOGUE'], allowed: 404, refused: CATALOGUE },
  {
    method: 'GET',
    path: '/api/products/low-stock',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 200,
    refused: 'Only administrators can see which products are low in stock',
  },
  { method: 'GET', path: '/api/products/export', opens: ['MANAGE_CATALOGUE'], allowed: 200, refused: CSV },
  {
    method: 'POST',
    path: '/api/products/import',
    // A preview: it writes nothing.
    body: 'name\n',
    contentType: 'text/csv',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 200,
    refused: CSV,
  },
  {
    method: 'POST',
    path: '/api/pictures',
    body: TINY_PNG,
    contentType: 'image/png',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 201,
    refused: 'Only administrators can upload pictures',
  },
  {
    method: 'GET',
    path: '/api/settings/low-stock',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 200,
    refused: 'Only administrators can manage the shop’s settings',
  },
  {
    method: 'PUT',
    path: '/api/settings/low-stock',
    body: { threshold: -1 },
    opens: ['MANAGE_CATALOGUE'],
    allowed: 400,
    refused: 'Only administrators can manage the shop’s settings',
  },
  { method: 'POST', path: '/api/categories', body: {}, opens: ['MANAGE_CATALOGUE'], allowed: 400, refused: CATEGORIES },
  {
    method: 'PUT',
    path: `/api/categories/${MISSING}`,
    body: {},
    opens: ['MANAGE_CATALOGUE'],
    allowed: 400,
    refused: CATEGORIES,
  },
  {
    method: 'DELETE',
    path: `/api/categories/${MISSING}`,
    opens: ['MANAGE_CATALOGUE'],
    allowed: 404,
    refused: CATEGORIES,
  },
  // Orders and their payments.
  {
    method: 'GET',
    path: '/api/orders?scope=all',
    opens: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'],
    allowed: 200,
    refused: 'Only administrators can see every order',
  },
  {
    method: 'GET',
    path: (f) => `/api/orders/${f.orderId}`,
    opens: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'],
    allowed: 200,
    refused: ORDER_NOT_FOUND,
  },
  {
    method: 'GET',
    path: (f) => `/api/orders/${f.orderId}/history`,
    opens: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'],
    allowed: 200,
    refused: ORDER_NOT_FOUND,
  },
  {
    method: 'GET',
    path: (f) => `/api/orders/${f.orderId}/invoice`,
    opens: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'],
    allowed: 404,
    allowedMessage: 'This order has no invoice: one is issued once the order is paid',
    refused: ORDER_NOT_FOUND,
  },
  {
    method: 'PUT',
    path: (f) => `/api/orders/${f.orderId}/status`,
    body: { status: 'NOT_A_STATUS' },
    opens: ['MANAGE_ORDERS'],
    allowed: 400,
    refused: 'Only administrators can change an order’s status',
  },
  {
    method: 'POST',
    path: `/api/orders/${MISSING}/payment`,
    opens: ['RECORD_PAYMENTS'],
    allowed: 404,
    refused: 'Only administrators can record a payment',
  },
  // The shop's settings.
  {
    method: 'POST',
    path: '/api/shipping-methods',
    body: {},
    opens: ['MANAGE_SETTINGS'],
    allowed: 400,
    refused: SHIPPING,
  },
  {
    method: 'PUT',
    path: `/api/shipping-methods/${MISSING}`,
    body: {},
    opens: ['MANAGE_SETTINGS'],
    allowed: 400,
    refused: SHIPPING,
  },
  {
    method: 'DELETE',
    path: `/api/shipping-methods/${MISSING}`,
    opens: ['MANAGE_SETTINGS'],
    allowed: 404,
    refused: SHIPPING,
  },
  { method: 'POST', path: '/api/tax-rates', body: {}, opens: ['MANAGE_SETTINGS'], allowed: 400, refused: TAX },
  {
    method: 'PUT',
    path: `/api/tax-rates/${MISSING}`,
    body: {},
    opens: ['MANAGE_SETTINGS'],
    allowed: 400,
    refused: TAX,
  },
  { method: 'DELETE', path: `/api/tax-rates/${MISSING}`, opens: ['MANAGE_SETTINGS'], allowed: 404, refused: TAX },
  { method: 'PUT', path: '/api/settings/tax', body: {}, opens: ['MANAGE_SETTINGS'], allowed: 400, refused: TAX },
  {
    method: 'PUT',
    path: '/api/settings/payment',
    body: {},
    opens: ['MANAGE_SETTINGS'],
    allowed: 400,
    refused: 'Only administrators can manage payment',
  },
  // The audit trail.
  {
    method: 'GET',
    path: '/api/audit-events',
    opens: ['READ_AUDIT'],
    allowed: 200,
    refused: 'Only administrators can read the audit record',
  },
  // Moderating chat.
  { method: 'GET', path: '/api/chat/reports', opens: ['MODERATE_CHAT'], allowed: 200, refused: MODERATORS },
  { method: 'GET', path: `/api/chat/reports/${MISSING}`, opens: ['MODERATE_CHAT'], allowed: 404, refused: MODERATORS },
  {
    method: 'DELETE',
    path: '/api/chat/suspensions/nobody-by-this-name',
    opens: ['MODERATE_CHAT'],
    allowed: 404,
    refused: MODERATORS,
  },
  {
    method: 'POST',
    path: `/api/chat/reports/${MISSING}/decision`,
    body: { decision: 'DISMISS' },
    opens: ['MODERATE_CHAT'],
    allowed: 404,
    refused: MODERATORS,
  },
  // Staff.
  { method: 'GET', path: '/api/staff/roles', opens: ['MANAGE_STAFF'], allowed: 200, refused: STAFF },
  { method: 'POST', path: '/api/staff/roles', body: {}, opens: ['MANAGE_STAFF'], allowed: 400, refused: STAFF },
  {
    method: 'PUT',
    path: '/api/staff/roles/NO_SUCH_ROLE',
    body: {},
    opens: ['MANAGE_STAFF'],
    allowed: 400,
    refused: STAFF,
  },
  { method: 'DELETE', path: '/api/staff/roles/NO_SUCH_ROLE', opens: ['MANAGE_STAFF'], allowed: 404, refused: STAFF },
  { method: 'GET', path: '/api/staff/members', opens: ['MANAGE_STAFF'], allowed: 200, refused: STAFF },
  {
    method: 'DELETE',
    path: '/api/staff/members/nobody-here/two-factor',
    opens: ['MANAGE_STAFF'],
    allowed: 404,
    refused: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/staff/members/nobody-here',
    body: {},
    opens: ['MANAGE_STAFF'],
    allowed: 400,
    refused: STAFF,
  },
];

let shop: RestService;
let fixture: Fixture;
/** Each permission's holder (a role holding it alone), a shopper (null) and the owner ('ADMIN'). */
const tokens = new Map<Permission | null | 'ADMIN', string>();

beforeAll(async () => {
  shop = await startRestService();
  const admin = await shop.adminToken();
  tokens.set('ADMIN', admin);
  tokens.set(null, await shop.register('permission-shopper'));
  for (const permission of PERMISSIONS) {
    const role = `ONLY_${permission}`;
    const created = await shop.request('POST', '/api/staff/roles', {
      token: admin,
      body: { name: role, permissions: [permission] },
    });
    expect(created.status, created.text).toBe(201);
    const username = `holder-of-${permission.toLowerCase().replaceAll('_', '-')}`;
    tokens.set(permission, await shop.register(username));
    const given = await shop.request('PUT', `/api/staff/members/${username}`, {
      token: admin,
      body: { roles: [role] },
    });
    expect(given.status, given.text).toBe(200);
  }
  const buyer = await shop.register('permission-buyer');
  const product = await shop.createProduct(admin, { price: 3, quantity: 5 });
  await shop.request('POST', '/api/cart/items', { token: buyer, body: { productId: product.id, quantity: 1 } });
  const order = await shop.request<{ id: number }>('POST', '/api/orders/checkout', {
    token: buyer,
    body: { shippingAddress: '1 Table Row, Leeds' },
  });
  expect(order.status, order.text).toBe(201);
  fixture = { orderId: order.body.id };
});
afterAll(() => shop.close());

const send = (call: StaffCall, token: string) =>
  shop.request(call.method, typeof call.path === 'string' ? call.path : call.path(fixture), {
    token,
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.contentType ? { headers: { 'content-type': call.contentType } } : {}),
  });

/** What the caller holding `holder` is answered: its status, and the refusal's message and code. */
async function answerTo(call: StaffCall, holder: Permission | null | 'ADMIN') {
  const answer = await send(call, tokens.get(holder)!);
  return answer.status === 403 || (answer.status === 404 && typeof call.refused !== 'string')
    ? { status: answer.status, message: answer.body?.message }
    : { status: answer.status };
}

function expectedFor(call: StaffCall, holder: Permission | null | 'ADMIN') {
  const opened = holder === 'ADMIN' || (holder !== null && call.opens.includes(holder));
  if (opened)
    return call.allowed === 404 && typeof call.refused !== 'string'
      ? { status: 404, message: call.allowedMessage ?? call.refused.message }
      : { status: call.allowed };
  return typeof call.refused === 'string'
    ? { status: 403, message: call.refused }
    : { status: call.refused.status, message: call.refused.message };
}

const label = (call: StaffCall) =>
  `${call.method} ${typeof call.path === 'string' ? call.path : call.path({ orderId: 0 }).replace('/0', '/{order}')}`;

describe.each([...PERMISSIONS, null, 'ADMIN' as const])('a holder of %s', (holder) => {
  it('reaches the calls it opens and is refused every other', async () => {
    const answers: Record<string, object> = {};
    const expected: Record<string, object> = {};
    for (const call of CALLS) {
      answers[label(call)] = await answerTo(call, holder);
      expected[label(call)] = expectedFor(call, holder);
    }
    expect(answers).toEqual(expected);
  });
});

it('every permission opens at least one call, and the owner every one', () => {
  for (const permission of PERMISSIONS)
    expect(
      CALLS.some((call) => call.opens.includes(permission)),
      permission,
    ).toBe(true);
});
