// Who may call what: every endpoint of the contract × anonymous, the owner of the data, another user and an admin
// (DESIGN §3: everything but /api/auth/* needs a token; product writes and order status need ADMIN; a cart, an
// order and a room's messages belong to their users only). Every answer, and the refusals the matrix does not reach
// (400, 409, 413, 415, 429), is checked against the service's OpenAPI document: what it promises is what clients get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerChecker, type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  DEFAULT_PASSWORD,
  type ApiAnswer,
  type RestService,
  startRestService,
} from '../../tests/helpers/rest-service.js';

type Caller = 'anonymous' | 'user' | 'other user' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'other user', 'admin'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const OWNER = 'matrix-owner';
const OTHER = 'matrix-other';
const USERNAMES: Record<Exclude<Caller, 'anonymous'>, string> = {
  user: OWNER,
  'other user': OTHER,
  admin: ADMIN_USERNAME,
};
const PASSWORDS: Record<Exclude<Caller, 'anonymous'>, string> = {
  user: DEFAULT_PASSWORD,
  'other user': DEFAULT_PASSWORD,
  admin: ADMIN_PASSWORD,
};

const AUTHENTICATION_REQUIRED = 'Authentication required';
const ADMINS_ONLY_PRODUCTS = 'Only administrators can manage products';
const ADMINS_ONLY_CATEGORIES = 'Only administrators can manage categories';
const ADMINS_ONLY_SHIPPING = 'Only administrators can manage shipping methods';
const ADMINS_ONLY_TAX = 'Only administrators can manage tax';
const NOT_A_PARTICIPANT = 'You are not a participant of this chat';
const STAFF_MANAGERS_ONLY = 'Only staff who manage staff can see or change roles';
const MODERATORS_ONLY = 'Only staff who moderate chat can see or decide reports';

/** The stable code each refusal of this matrix carries beside its message. */
/** A 1 × 1 PNG picture. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const CODE_OF: Record<string, string> = {
  [AUTHENTICATION_REQUIRED]: 'AUTHENTICATION_REQUIRED',
  [ADMINS_ONLY_PRODUCTS]: 'FORBIDDEN',
  [ADMINS_ONLY_CATEGORIES]: 'FORBIDDEN',
  [ADMINS_ONLY_SHIPPING]: 'FORBIDDEN',
  [ADMINS_ONLY_TAX]: 'FORBIDDEN',
  [STAFF_MANAGERS_ONLY]: 'FORBIDDEN',
  [MODERATORS_ONLY]: 'FORBIDDEN',
  'Message not found': 'MESSAGE_NOT_FOUND',
  'Report not found': 'REPORT_NOT_FOUND',
  [`${OTHER}'s chat is not suspended`]: 'NOT_SUSPENDED',
  'You cannot report your own message': 'INVALID_INPUT',
  'Only administrators can manage payment': 'FORBIDDEN',
  'Only administrators can record a payment': 'FORBIDDEN',
  'This order is not paid through the shop: there is no payment to record': 'NO_PAYMENT_AWAITED',
  'This order has no invoice: one is issued once the order is paid': 'INVOICE_NOT_FOUND',
  'Only administrators can see which products are low in stock': 'FORBIDDEN',
  'Only administrators can export and import the catalogue': 'FORBIDDEN',
  'Only administrators can upload pictures': 'FORBIDDEN',
  'Only administrators can manage the shop’s settings': 'FORBIDDEN',
  'Only administrators can see every order': 'FORBIDDEN',
  'Only administrators can change an order’s status': 'FORBIDDEN',
  'Only administrators can read the audit record': 'FORBIDDEN',
  [NOT_A_PARTICIPANT]: 'NOT_A_PARTICIPANT',
  'This product is not in your cart': 'NOT_IN_CART',
  'Order not found': 'ORDER_NOT_FOUND',
  'Address not found': 'ADDRESS_NOT_FOUND',
  'You cannot start a chat with yourself': 'INVALID_INPUT',
  'You cannot block yourself': 'INVALID_INPUT',
  'You cannot send a message to yourself': 'INVALID_INPUT',
  'Your cart is empty': 'CART_EMPTY',
  'Only an order waiting for confirmation can be cancelled by its buyer; this one is CONFIRMED: ask the shop':
    'STATUS_NOT_ALLOWED',
};

interface Fixture {
  productId: number;
  /** A product only the admin's DELETE row removes. */
  deletableProductId: number;
  /** The product every caller adds to and removes from their own cart. */
  spareProductId: number;
  orderId: number;
  roomId: number;
  /** The admin's message to the user, in the fixture's room. */
  messageId: number;
  categoryId: number;
  /** A category only the admin's DELETE row removes. */
  deletableCategoryId: number;
  /** An address of the user's book. */
  addressId: number;
  shippingMethodId: number;
  /** A shipping method only the admin's DELETE row removes. */
  deletableShippingMethodId: number;
  taxRateId: number;
  deletableTaxRateId: number;
}

/**
 * A status, or a status and the exact message of the answer, and the request field it names when one is at fault
 * (the answer is then exactly `{ message, code, field }`, else exactly `{ message, code }`; the code is the one
 * CODE_OF gives the message).
 */
type Expected = number | [number, string] | [number, string, string];

interface Endpoint {
  method: Method;
  /** The route as the OpenAPI document names it; public routes outside the document are named as called. */
  route: string;
  path: (fixture: Fixture) => string;
  /** Tells apart rows of the same route, e.g. "?scope=all". */
  variant?: string;
  body?: (fixture: Fixture, caller: Caller) => unknown;
  /** The body's type, when it is not JSON (a CSV import). */
  contentType?: string;
  expected: Record<Caller, Expected>;
  /** Runs after each call, e.g. to log in again once a password change revoked the caller's token. */
  after?: (caller: Caller) => Promise<void>;
  /** Served beside the contract, not part of its OpenAPI document (health, the document itself, its page). */
  undocumented?: true;
}

const everyone = (status: number): Record<Caller, Expected> => ({
  anonymous: status,
  user: status,
  'other user': status,
  admin: status,
});
const loggedIn = (status: number): Record<Caller, Expected> => ({
  anonymous: [401, AUTHENTICATION_REQUIRED],
  user: status,
  'other user': status,
  admin: status,
});
const adminOnly = (status: number, message: string): Record<Caller, Expected> => ({
  anonymous: [401, AUTHENTICATION_REQUIRED],
  user: [403, message],
  'other user': [403, message],
  admin: status,
});
/** What only its owner (the matrix's user) reaches: anyone else is told it is not found. */
const ownerOnly = (status: number, notFoundMessage: string): Record<Caller, Expected> => ({
  anonymous: [401, AUTHENTICATION_REQUIRED],
  user: status,
  'other user': [404, notFoundMessage, 'id'],
  admin: [404, notFoundMessage, 'id'],
});
const MATRIX_ADDRESS = { name: 'Matrix Owner', line1: '1 Owner Lane', city: 'Matrixville', country: 'GB' };
const MATRIX_SHIPPING = { minDays: 1, maxDays: 3, active: false, rates: [{ countries: ['DE'], price: 4.9 }] };
const participantsOnly = (status: number): Record<Caller, Expected> => ({
  anonymous: [401, AUTHENTICATION_REQUIRED],
  user: status,
  'other user': [403, NOT_A_PARTICIPANT],
  admin: status,
});

let registrations = 0;
const productFields = { name: 'Matrix gauze', description: 'Sterile gauze pads', price: 3.25, quantity: 50 };

let shop: RestService;
const tokens: Partial<Record<Caller, string>> = {};

/** Rows run in this order; the ones that empty carts, change passwords or delete accounts come last. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/healthz', path: () => '/healthz', expected: everyone(200), undocumented: true },
  {
    method: 'GET',
    route: '/api/openapi.json',
    path: () => '/api/openapi.json',
    expected: everyone(200),
    undocumented: true,
  },
  { method: 'GET', route: '/api/docs', path: () => '/api/docs', expected: everyone(200), undocumented: true },
  {
    method: 'POST',
    route: '/api/auth/register',
    path: () => '/api/auth/register',
    body: () => ({ username: `matrix-new-${++registrations}`, password: 'pw1' }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    path: () => '/api/auth/login',
    body: () => ({ username: OWNER, password: DEFAULT_PASSWORD }),
    expected: everyone(200),
  },
  // A login's second step: open to everyone, its challenge is the proof (a made-up one proves nothing).
  {
    method: 'POST',
    route: '/api/auth/login/second-factor',
    path: () => '/api/auth/login/second-factor',
    body: () => ({ challenge: 'not-a-challenge', code: '123456' }),
    expected: everyone(401),
  },
  // A forgotten password: open to everyone, answered alike whoever asks (the link's token is what opens the account).
  {
    method: 'POST',
    route: '/api/auth/request-password-reset',
    path: () => '/api/auth/request-password-reset',
    body: () => ({ usernameOrEmail: OWNER }),
    expected: everyone(202),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    path: () => '/api/auth/reset-password',
    body: () => ({ token: 'not-a-link-we-sent', newPassword: 'pw1', confirmPassword: 'pw1' }),
    expected: everyone(400),
  },
  // The link that verifies an address: open to everyone (its token is the proof), refused for a token never sent.
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    path: () => '/api/auth/verify-email',
    body: () => ({ token: 'not-a-link-we-sent' }),
    expected: everyone(400),
  },
  { method: 'GET', route: '/api/users/profile', path: () => '/api/users/profile', expected: loggedIn(200) },
  // Each caller's own address book: a user adds one (the fixture's, for the two rows after), nobody reaches another's.
  { method: 'GET', route: '/api/users/addresses', path: () => '/api/users/addresses', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/users/addresses',
    path: () => '/api/users/addresses',
    // Not the fixture's: the user's book holds that one already, and would answer it (200).
    body: () => ({ ...MATRIX_ADDRESS, line1: '2 Caller Lane' }),
    expected: loggedIn(201),
  },
  {
    method: 'PUT',
    route: '/api/users/addresses/{id}',
    path: (f) => `/api/users/addresses/${f.addressId}`,
    body: () => MATRIX_ADDRESS,
    expected: ownerOnly(200, 'Address not found'),
  },
  {
    method: 'DELETE',
    route: '/api/users/addresses/{id}',
    path: (f) => `/api/users/addresses/${f.addressId}`,
    expected: ownerOnly(204, 'Address not found'),
  },
  // Each caller's own second factor (extension two-factor): a setup started, nothing turned on by the rows' bad input.
  { method: 'GET', route: '/api/users/two-factor', path: () => '/api/users/two-factor', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/users/two-factor/setup',
    path: () => '/api/users/two-factor/setup',
    expected: loggedIn(200),
  },
  {
    method: 'POST',
    route: '/api/users/two-factor/enable',
    path: () => '/api/users/two-factor/enable',
    body: () => ({ code: 'abc' }),
    expected: loggedIn(400),
  },
  {
    method: 'POST',
    route: '/api/users/two-factor/disable',
    path: () => '/api/users/two-factor/disable',
    body: () => ({ password: 'not-the-password' }),
    expected: loggedIn(400),
  },
  {
    method: 'POST',
    route: '/api/users/two-factor/recovery-codes',
    path: () => '/api/users/two-factor/recovery-codes',
    body: () => ({ password: 'not-the-password' }),
    expected: loggedIn(400),
  },
  // Blocking (extension chat-blocking): each caller blocks the other user and unblocks them at once, so the chat rows
  // below find everyone talking; the other user, blocking themselves, is refused.
  { method: 'GET', route: '/api/chat/blocks', path: () => '/api/chat/blocks', expected: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/chat/blocks/{username}',
    path: () => `/api/chat/blocks/${OTHER}`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 200,
      'other user': [400, 'You cannot block yourself', 'username'],
      admin: 200,
    },
  },
  {
    method: 'DELETE',
    route: '/api/chat/blocks/{username}',
    path: () => `/api/chat/blocks/${OTHER}`,
    expected: loggedIn(204),
  },
  // The fixture's accounts have no address: there is nothing to send the link to.
  {
    method: 'POST',
    route: '/api/users/resend-email-verification',
    path: () => '/api/users/resend-email-verification',
    expected: loggedIn(400),
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    path: () => '/api/users/profile',
    body: () => ({ address: '1 Matrix Road' }),
    expected: loggedIn(200),
  },
  { method: 'GET', route: '/api/products', path: () => '/api/products', expected: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/products/filter',
    path: () => '/api/products/filter?name=gauze&maxPrice=10',
    expected: loggedIn(200),
  },
  {
    method: 'GET',
    route: '/api/products/low-stock',
    path: () => '/api/products/low-stock?page=0&size=5',
    expected: adminOnly(200, 'Only administrators can see which products are low in stock'),
  },
  {
    method: 'GET',
    route: '/api/products/export',
    path: () => '/api/products/export',
    expected: adminOnly(200, 'Only administrators can export and import the catalogue'),
  },
  // A picture: the same bytes each time, kept once.
  {
    method: 'POST',
    route: '/api/pictures',
    path: () => '/api/pictures',
    body: () => TINY_PNG,
    contentType: 'image/png',
    expected: adminOnly(201, 'Only administrators can upload pictures'),
  },
  // A preview: it writes nothing, so every caller meets the same catalogue.
  {
    method: 'POST',
    route: '/api/products/import',
    path: () => '/api/products/import',
    body: () => 'name,description,price,quantity\nMatrix gauze,Sterile,1.00,1\n',
    contentType: 'text/csv',
    expected: adminOnly(200, 'Only administrators can export and import the catalogue'),
  },
  {
    method: 'GET',
    route: '/api/settings/low-stock',
    path: () => '/api/settings/low-stock',
    expected: adminOnly(200, 'Only administrators can manage the shop’s settings'),
  },
  {
    method: 'PUT',
    route: '/api/settings/low-stock',
    path: () => '/api/settings/low-stock',
    body: () => ({ threshold: 5 }),
    expected: adminOnly(200, 'Only administrators can manage the shop’s settings'),
  },
  {
    method: 'GET',
    route: '/api/products/facets',
    path: () => '/api/products/facets?search=gauze&maxPrice=10',
    expected: loggedIn(200),
  },
  { method: 'GET', route: '/api/products/{id}', path: (f) => `/api/products/${f.productId}`, expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/products',
    path: () => '/api/products',
    body: () => ({ ...productFields, name: 'Matrix swabs' }),
    expected: adminOnly(201, ADMINS_ONLY_PRODUCTS),
  },
  {
    method: 'PUT',
    route: '/api/products/{id}',
    path: (f) => `/api/products/${f.productId}`,
    body: () => productFields,
    expected: adminOnly(200, ADMINS_ONLY_PRODUCTS),
  },
  {
    method: 'DELETE',
    route: '/api/products/{id}',
    path: (f) => `/api/products/${f.deletableProductId}`,
    expected: adminOnly(204, ADMINS_ONLY_PRODUCTS),
  },
  { method: 'GET', route: '/api/categories', path: () => '/api/categories', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/categories',
    path: () => '/api/categories',
    body: () => ({ name: 'Matrix kits' }),
    expected: adminOnly(201, ADMINS_ONLY_CATEGORIES),
  },
  {
    method: 'PUT',
    route: '/api/categories/{id}',
    path: (f) => `/api/categories/${f.categoryId}`,
    body: () => ({ name: 'Matrix dressings' }),
    expected: adminOnly(200, ADMINS_ONLY_CATEGORIES),
  },
  {
    method: 'DELETE',
    route: '/api/categories/{id}',
    path: (f) => `/api/categories/${f.deletableCategoryId}`,
    expected: adminOnly(200, ADMINS_ONLY_CATEGORIES),
  },
  // Shipping methods: everyone logged in reads them and what they cost; admins alone change them. The matrix's are
  // retired (active: false), so that its checkouts need none.
  { method: 'GET', route: '/api/shipping-methods', path: () => '/api/shipping-methods', expected: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/shipping-methods/options',
    path: () => '/api/shipping-methods/options?country=DE',
    expected: loggedIn(200),
  },
  {
    method: 'POST',
    route: '/api/shipping-methods',
    path: () => '/api/shipping-methods',
    body: () => ({ ...MATRIX_SHIPPING, name: 'Matrix courier' }),
    expected: adminOnly(201, ADMINS_ONLY_SHIPPING),
  },
  {
    method: 'PUT',
    route: '/api/shipping-methods/{id}',
    path: (f) => `/api/shipping-methods/${f.shippingMethodId}`,
    body: () => ({ ...MATRIX_SHIPPING, name: 'Matrix parcel' }),
    expected: adminOnly(200, ADMINS_ONLY_SHIPPING),
  },
  {
    method: 'DELETE',
    route: '/api/shipping-methods/{id}',
    path: (f) => `/api/shipping-methods/${f.deletableShippingMethodId}`,
    expected: adminOnly(204, ADMINS_ONLY_SHIPPING),
  },
  // Tax: everyone logged in reads the rates and the setting, and what their cart would cost; admins alone change them.
  // The file's checkouts say where they ship (a shop with rates taxes by it), to a country without a rate.
  { method: 'GET', route: '/api/tax-rates', path: () => '/api/tax-rates', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/tax-rates',
    path: () => '/api/tax-rates',
    body: () => ({ country: 'FR', rate: 20 }),
    expected: adminOnly(201, ADMINS_ONLY_TAX),
  },
  {
    method: 'PUT',
    route: '/api/tax-rates/{id}',
    path: (f) => `/api/tax-rates/${f.taxRateId}`,
    body: () => ({ country: 'IT', rate: 22 }),
    expected: adminOnly(200, ADMINS_ONLY_TAX),
  },
  {
    method: 'DELETE',
    route: '/api/tax-rates/{id}',
    path: (f) => `/api/tax-rates/${f.deletableTaxRateId}`,
    expected: adminOnly(204, ADMINS_ONLY_TAX),
  },
  { method: 'GET', route: '/api/settings/tax', path: () => '/api/settings/tax', expected: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/settings/tax',
    path: () => '/api/settings/tax',
    body: () => ({ pricesIncludeTax: true }),
    expected: adminOnly(200, ADMINS_ONLY_TAX),
  },
  // Payment: everyone logged in reads how the shop takes it; admins alone set the account (here: none, so that the
  // file's checkouts need no method) and record a transfer (the file's order takes no payment: nothing to record).
  { method: 'GET', route: '/api/settings/payment', path: () => '/api/settings/payment', expected: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/settings/payment',
    path: () => '/api/settings/payment',
    body: () => ({ bankTransfer: null }),
    expected: adminOnly(200, 'Only administrators can manage payment'),
  },
  {
    method: 'GET',
    route: '/api/cart/charges',
    path: () => '/api/cart/charges?shippingCountry=DE',
    expected: loggedIn(200),
  },
  { method: 'GET', route: '/api/cart', path: () => '/api/cart', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/cart/items',
    path: () => '/api/cart/items',
    body: (f) => ({ productId: f.spareProductId, quantity: 1 }),
    expected: loggedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/cart/items/{productId}',
    path: (f) => `/api/cart/items/${f.spareProductId}`,
    expected: loggedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/cart/items/{productId}',
    path: (f) => `/api/cart/items/${f.productId}?quantity=3`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 200,
      'other user': [404, 'This product is not in your cart', 'productId'],
      admin: [404, 'This product is not in your cart', 'productId'],
    },
  },
  { method: 'GET', route: '/api/orders', path: () => '/api/orders', expected: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/orders',
    path: () => '/api/orders?scope=all',
    variant: '?scope=all',
    expected: adminOnly(200, 'Only administrators can see every order'),
  },
  {
    method: 'GET',
    route: '/api/orders/{id}',
    path: (f) => `/api/orders/${f.orderId}`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 200,
      'other user': [404, 'Order not found', 'id'],
      admin: 200,
    },
  },
  {
    method: 'GET',
    route: '/api/orders/{id}/history',
    path: (f) => `/api/orders/${f.orderId}/history`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 200,
      'other user': [404, 'Order not found', 'id'],
      admin: 200,
    },
  },
  {
    method: 'POST',
    route: '/api/orders/{id}/payment',
    path: (f) => `/api/orders/${f.orderId}/payment`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [403, 'Only administrators can record a payment'],
      'other user': [403, 'Only administrators can record a payment'],
      admin: [409, 'This order is not paid through the shop: there is no payment to record', 'id'],
    },
  },
  {
    // The file's order is not paid: it has no invoice yet, for its buyer and for admins alike.
    method: 'GET',
    route: '/api/orders/{id}/invoice',
    path: (f) => `/api/orders/${f.orderId}/invoice`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [404, 'This order has no invoice: one is issued once the order is paid', 'id'],
      'other user': [404, 'Order not found', 'id'],
      admin: [404, 'This order has no invoice: one is issued once the order is paid', 'id'],
    },
  },
  // Staff (extension staff-roles): only those who manage staff; a role made and deleted by the admin's rows alone.
  {
    method: 'GET',
    route: '/api/staff/roles',
    path: () => '/api/staff/roles',
    expected: adminOnly(200, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'POST',
    route: '/api/staff/roles',
    path: () => '/api/staff/roles',
    body: () => ({ name: 'MATRIX_ROLE', permissions: ['READ_AUDIT'] }),
    expected: adminOnly(201, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'PUT',
    route: '/api/staff/roles/{name}',
    path: () => '/api/staff/roles/MATRIX_ROLE',
    body: () => ({ permissions: ['READ_AUDIT', 'MANAGE_ORDERS'] }),
    expected: adminOnly(200, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'GET',
    route: '/api/staff/members',
    path: () => '/api/staff/members',
    expected: adminOnly(200, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'PUT',
    route: '/api/staff/members/{username}',
    path: () => `/api/staff/members/${OTHER}`,
    body: () => ({ roles: [] }),
    expected: adminOnly(200, STAFF_MANAGERS_ONLY),
  },
  {
    // The other user's setup, started by a row above, is what the reset ends.
    method: 'DELETE',
    route: '/api/staff/members/{username}/two-factor',
    path: () => `/api/staff/members/${OTHER}/two-factor`,
    expected: adminOnly(200, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'DELETE',
    route: '/api/staff/roles/{name}',
    path: () => '/api/staff/roles/MATRIX_ROLE',
    expected: adminOnly(204, STAFF_MANAGERS_ONLY),
  },
  {
    method: 'GET',
    route: '/api/audit-events',
    path: () => '/api/audit-events',
    expected: adminOnly(200, 'Only administrators can read the audit record'),
  },
  {
    method: 'PUT',
    route: '/api/orders/{id}/status',
    path: (f) => `/api/orders/${f.orderId}/status`,
    body: () => ({ status: 'CONFIRMED' }),
    expected: adminOnly(200, 'Only administrators can change an order’s status'),
  },
  {
    // After the row above confirmed the order: the buyer can no longer cancel it; nobody else may at all.
    method: 'POST',
    route: '/api/orders/{id}/cancel',
    path: (f) => `/api/orders/${f.orderId}/cancel`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [
        409,
        'Only an order waiting for confirmation can be cancelled by its buyer; this one is CONFIRMED: ask the shop',
        'id',
      ],
      'other user': [404, 'Order not found', 'id'],
      admin: [404, 'Order not found', 'id'],
    },
  },
  {
    method: 'POST',
    route: '/api/orders/{id}/order-again',
    path: (f) => `/api/orders/${f.orderId}/order-again`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 200,
      'other user': [404, 'Order not found', 'id'],
      admin: [404, 'Order not found', 'id'],
    },
  },
  { method: 'GET', route: '/api/chat/rooms', path: () => '/api/chat/rooms', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/chat/rooms/create',
    path: () => '/api/chat/rooms/create',
    body: () => ({ participantUsername: OWNER }),
    expected: { ...loggedIn(200), user: [400, 'You cannot start a chat with yourself', 'participantUsername'] },
  },
  {
    method: 'GET',
    route: '/api/chat/rooms/{roomId}/messages',
    path: (f) => `/api/chat/rooms/${f.roomId}/messages`,
    expected: participantsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/chat/rooms/{roomId}/messages',
    path: (f) => `/api/chat/rooms/${f.roomId}/messages`,
    variant: 'to the room id',
    body: (_f, caller) => ({ content: `Sent into the room by ${caller}` }),
    expected: participantsOnly(201),
  },
  {
    method: 'POST',
    route: '/api/chat/rooms/{roomId}/messages',
    path: () => `/api/chat/rooms/${OWNER}/messages`,
    variant: 'to the owner’s username',
    body: (_f, caller) => ({ content: `Sent to the owner by ${caller}` }),
    expected: { ...loggedIn(201), user: [400, 'You cannot send a message to yourself', 'receiver'] },
  },
  {
    method: 'GET',
    route: '/api/chat/rooms/{roomId}/unread-count',
    path: (f) => `/api/chat/rooms/${f.roomId}/unread-count`,
    expected: participantsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/chat/rooms/{roomId}/mark-as-read',
    path: (f) => `/api/chat/rooms/${f.roomId}/mark-as-read`,
    expected: participantsOnly(204),
  },
  { method: 'GET', route: '/api/chat/unread-count', path: () => '/api/chat/unread-count', expected: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/chat/cleanup-duplicates',
    path: () => '/api/chat/cleanup-duplicates',
    expected: loggedIn(200),
  },
  {
    method: 'GET',
    route: '/api/chat/available-users-from-main',
    path: () => '/api/chat/available-users-from-main',
    expected: loggedIn(200),
  },
  // Reporting and moderation (extension chat-reports): the user reports the admin's message (the admin cannot report
  // their own, the other user is in no room with it); the queue and decisions are the moderators'.
  {
    method: 'POST',
    route: '/api/chat/messages/{messageId}/reports',
    path: (f) => `/api/chat/messages/${f.messageId}/reports`,
    body: () => ({ reason: 'SPAM' }),
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 201,
      'other user': [404, 'Message not found', 'messageId'],
      admin: [400, 'You cannot report your own message', 'messageId'],
    },
  },
  {
    method: 'GET',
    route: '/api/chat/reports',
    path: () => '/api/chat/reports',
    expected: adminOnly(200, MODERATORS_ONLY),
  },
  {
    method: 'GET',
    route: '/api/chat/reports/{reportId}',
    path: () => '/api/chat/reports/999999',
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [403, MODERATORS_ONLY],
      'other user': [403, MODERATORS_ONLY],
      admin: [404, 'Report not found', 'reportId'],
    },
  },
  {
    method: 'DELETE',
    route: '/api/chat/suspensions/{username}',
    path: () => `/api/chat/suspensions/${OTHER}`,
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [403, MODERATORS_ONLY],
      'other user': [403, MODERATORS_ONLY],
      admin: [409, `${OTHER}'s chat is not suspended`, 'username'],
    },
  },
  {
    method: 'POST',
    route: '/api/chat/reports/{reportId}/decision',
    path: () => '/api/chat/reports/999999/decision',
    body: () => ({ decision: 'DISMISS' }),
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: [403, MODERATORS_ONLY],
      'other user': [403, MODERATORS_ONLY],
      admin: [404, 'Report not found', 'reportId'],
    },
  },
  // --- From here on the rows change what the callers own. -------------------------------------------------------
  {
    method: 'POST',
    route: '/api/orders/checkout',
    path: () => '/api/orders/checkout',
    body: () => ({ shippingAddress: '1 Matrix Road', shippingCountry: 'DE' }),
    expected: {
      anonymous: [401, AUTHENTICATION_REQUIRED],
      user: 201,
      'other user': [400, 'Your cart is empty'],
      admin: [400, 'Your cart is empty'],
    },
  },
  { method: 'DELETE', route: '/api/cart', path: () => '/api/cart', expected: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/users/change-password',
    path: () => '/api/users/change-password',
    body: (_f, caller) => {
      const password = caller === 'anonymous' ? 'whatever' : PASSWORDS[caller];
      return { currentPassword: password, newPassword: password, confirmPassword: password };
    },
    expected: loggedIn(200),
    after: async (caller) => {
      if (caller !== 'anonymous') tokens[caller] = await shop.login(USERNAMES[caller], PASSWORDS[caller]);
    },
  },
  { method: 'DELETE', route: '/api/users/account', path: () => '/api/users/account', expected: loggedIn(204) },
];

let fixture: Fixture;
/** Every answer of this file to a documented operation is checked against the service's own OpenAPI document. */
let openApi: AnswerChecker;

beforeAll(async () => {
  shop = await startRestService();
  openApi = answerChecker((await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body);
  tokens.admin = await shop.adminToken();
  tokens.user = await shop.register(OWNER);
  tokens['other user'] = await shop.register(OTHER);
  const admin = tokens.admin;

  const productId = (await shop.createProduct(admin, productFields)).id;
  const deletableProductId = (await shop.createProduct(admin, { name: 'Matrix tape' })).id;
  const spareProductId = (await shop.createProduct(admin, { name: 'Matrix gloves' })).id;

  await shop.request('POST', '/api/cart/items', { token: tokens.user, body: { productId, quantity: 1 } });
  const order = await shop.request('POST', '/api/orders/checkout', {
    token: tokens.user,
    body: { shippingAddress: '1 Owner Lane', shippingCountry: 'DE' },
  });
  expect(order.status).toBe(201);
  const cart = await shop.request('POST', '/api/cart/items', { token: tokens.user, body: { productId, quantity: 2 } });
  expect(cart.status).toBe(200);

  const message = await shop.request('POST', `/api/chat/rooms/${OWNER}/messages`, {
    token: admin,
    body: { content: 'Welcome!' },
  });
  expect(message.status).toBe(201);
  const shippingMethod = async (name: string) =>
    (
      await shop.request<{ id: number }>('POST', '/api/shipping-methods', {
        token: admin,
        body: { ...MATRIX_SHIPPING, name },
      })
    ).body.id;
  const taxRate = async (country: string) =>
    (await shop.request<{ id: number }>('POST', '/api/tax-rates', { token: admin, body: { country, rate: 10 } })).body
      .id;
  const category = async (name: string) =>
    (await shop.request<{ id: number }>('POST', '/api/categories', { token: admin, body: { name } })).body.id;
  fixture = {
    productId,
    deletableProductId,
    spareProductId,
    orderId: order.body.id,
    roomId: message.body.chatRoomId,
    messageId: message.body.id,
    categoryId: await category('Matrix dressings'),
    deletableCategoryId: await category('Matrix leftovers'),
    addressId: (
      await shop.request<{ id: number }>('POST', '/api/users/addresses', { token: tokens.user, body: MATRIX_ADDRESS })
    ).body.id,
    shippingMethodId: await shippingMethod('Matrix post'),
    deletableShippingMethodId: await shippingMethod('Matrix leftovers'),
    taxRateId: await taxRate('AT'),
    deletableTaxRateId: await taxRate('CH'),
  };
});
afterAll(() => shop.close());

const call = (caller: Caller, method: Method, path: string, body?: unknown, contentType?: string) =>
  shop.request(method, path, {
    token: caller === 'anonymous' ? undefined : tokens[caller],
    body,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });

describe('the matrix', () => {
  it('lists every operation of the OpenAPI document', async () => {
    const document = await shop.request('GET', '/api/openapi.json');
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
    );
    const inTable = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.route}`));
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((operation) => !inTable.has(operation))).toEqual([]);
  });
});

// Declared before the matrix so it runs on the untouched fixture: the matrix's own rows change data.
describe('refused writes leave the data unchanged', () => {
  async function snapshot() {
    const { productId, orderId, roomId } = fixture;
    const [product, products, cart, order, messages, unread, profile] = await Promise.all([
      call('admin', 'GET', `/api/products/${productId}`),
      call('admin', 'GET', '/api/products'),
      call('user', 'GET', '/api/cart'),
      call('user', 'GET', `/api/orders/${orderId}`),
      call('user', 'GET', `/api/chat/rooms/${roomId}/messages`),
      call('user', 'GET', `/api/chat/rooms/${roomId}/unread-count`),
      call('user', 'GET', '/api/users/profile'),
    ]);
    return [product, products, cart, order, messages, unread, profile].map((answer) => answer.body);
  }

  it('after a round of writes by callers who may not make them', async () => {
    const before = await snapshot();
    const { productId, orderId, roomId } = fixture;
    const refused: [Caller, Method, string, unknown, number][] = [
      ['anonymous', 'POST', '/api/products', productFields, 401],
      ['user', 'PUT', `/api/products/${productId}`, { ...productFields, name: 'Hacked', price: 0 }, 403],
      ['other user', 'DELETE', `/api/products/${productId}`, undefined, 403],
      ['other user', 'PUT', `/api/cart/items/${productId}?quantity=5`, undefined, 404],
      ['other user', 'DELETE', `/api/cart/items/${productId}`, undefined, 404],
      ['anonymous', 'DELETE', '/api/cart', undefined, 401],
      ['user', 'PUT', `/api/orders/${orderId}/status`, { status: 'CANCELLED' }, 403],
      ['other user', 'PUT', `/api/orders/${orderId}/status`, { status: 'DELIVERED' }, 403],
      ['other user', 'POST', `/api/chat/rooms/${roomId}/messages`, { content: 'Intruding' }, 403],
      ['other user', 'POST', `/api/chat/rooms/${roomId}/mark-as-read`, undefined, 403],
      ['anonymous', 'POST', `/api/chat/rooms/${OWNER}/messages`, { content: 'Anonymous note' }, 401],
      ['anonymous', 'PUT', '/api/users/profile', { address: 'Nowhere' }, 401],
      ['anonymous', 'DELETE', '/api/users/account', undefined, 401],
    ];
    for (const [caller, method, path, body, status] of refused) {
      const answer = await call(caller, method, path, body);
      expect(answer.status, `${method} ${path} as ${caller}`).toBe(status);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await snapshot()).toEqual(before);
  });
});

// --- The answers the matrix does not reach, each checked against the OpenAPI document as well. -------------------
// Declared before the matrix, whose last rows delete the accounts. Every operation refuses a NUL in a query (400);
// every one that reads a body refuses one over 1 MB (413) and one that is not JSON (415), before anything runs; then
// the contract's validation messages, unknowns and conflicts; then the limits (429) on a service whose limits are low.

/** Each documented operation once (the matrix's first row of it). */
const documentedOperations = () => [
  ...new Map(
    ENDPOINTS.filter((endpoint) => !endpoint.undocumented).map((endpoint) => [
      `${endpoint.method} ${endpoint.route}`,
      endpoint,
    ]),
  ).values(),
];
const BODY_METHODS: Method[] = ['POST', 'PUT', 'DELETE'];

interface Refusal {
  label: string;
  caller: Caller;
  method: Method;
  route: string;
  path: (fixture: Fixture) => string;
  /** The body, or what makes it from the fixture. */
  body?: unknown;
  status: number;
  /** The exact answer, when it says something the test can know in advance. */
  answer?: { message: string; code: string; field?: string };
}

const MISSING = 999_999;
const REFUSALS: Refusal[] = [
  {
    label: 'a taken username, in another case',
    caller: 'anonymous',
    method: 'POST',
    route: '/api/auth/register',
    path: () => '/api/auth/register',
    body: { username: OWNER.toUpperCase(), password: 'pw1' },
    status: 409,
    answer: {
      message: `Username "${OWNER.toUpperCase()}" is already taken`,
      code: 'USERNAME_TAKEN',
      field: 'username',
    },
  },
  {
    // The schema's own message (errorMessage), which the document does not publish.
    label: 'a username with a space',
    caller: 'anonymous',
    method: 'POST',
    route: '/api/auth/register',
    path: () => '/api/auth/register',
    body: { username: 'two words', password: 'pw1' },
    status: 400,
    answer: {
      message: 'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter',
      code: 'INVALID_INPUT',
      field: 'username',
    },
  },
  {
    label: 'a wrong password',
    caller: 'anonymous',
    method: 'POST',
    route: '/api/auth/login',
    path: () => '/api/auth/login',
    body: { username: OWNER, password: 'not-the-password' },
    status: 401,
    answer: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
  },
  {
    label: 'no username or e-mail',
    caller: 'anonymous',
    method: 'POST',
    route: '/api/auth/request-password-reset',
    path: () => '/api/auth/request-password-reset',
    body: {},
    status: 400,
    answer: { message: 'Username or email is required', code: 'INVALID_INPUT', field: 'usernameOrEmail' },
  },
  {
    label: 'SMS notifications as text',
    caller: 'user',
    method: 'PUT',
    route: '/api/users/profile',
    path: () => '/api/users/profile',
    body: { preferences: { smsNotifications: 'yes' } },
    status: 400,
    answer: { message: 'SMS notifications must be true or false', code: 'INVALID_INPUT', field: 'smsNotifications' },
  },
  {
    label: 'a wrong current password',
    caller: 'user',
    method: 'PUT',
    route: '/api/users/change-password',
    path: () => '/api/users/change-password',
    body: { currentPassword: 'not-the-password', newPassword: 'pw2', confirmPassword: 'pw2' },
    status: 400,
    answer: { message: 'Current password is incorrect', code: 'INVALID_INPUT', field: 'currentPassword' },
  },
  {
    label: 'a page of no products',
    caller: 'user',
    method: 'GET',
    route: '/api/products',
    path: () => '/api/products?page=0&size=0',
    status: 400,
    answer: { message: 'Size must be at least 1', code: 'INVALID_INPUT', field: 'size' },
  },
  {
    label: 'a price bound that is no number',
    caller: 'user',
    method: 'GET',
    route: '/api/products/filter',
    path: () => '/api/products/filter?minPrice=abc',
    status: 400,
    answer: { message: 'Min price must be a number', code: 'INVALID_INPUT', field: 'minPrice' },
  },
  {
    label: 'an unknown product',
    caller: 'user',
    method: 'GET',
    route: '/api/products/{id}',
    path: () => `/api/products/${MISSING}`,
    status: 404,
    answer: { message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' },
  },
  {
    label: 'a negative price',
    caller: 'admin',
    method: 'POST',
    route: '/api/products',
    path: () => '/api/products',
    body: { ...productFields, price: -1 },
    status: 400,
  },
  {
    label: 'an unknown product',
    caller: 'admin',
    method: 'PUT',
    route: '/api/products/{id}',
    path: () => `/api/products/${MISSING}`,
    body: productFields,
    status: 404,
    answer: { message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' },
  },
  {
    label: 'an unknown product',
    caller: 'admin',
    method: 'DELETE',
    route: '/api/products/{id}',
    path: () => `/api/products/${MISSING}`,
    status: 404,
    answer: { message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' },
  },
  {
    label: 'an unknown product',
    caller: 'user',
    method: 'POST',
    route: '/api/cart/items',
    path: () => '/api/cart/items',
    body: { productId: MISSING, quantity: 1 },
    status: 404,
    answer: { message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'productId' },
  },
  {
    label: 'more than the stock',
    caller: 'user',
    method: 'POST',
    route: '/api/cart/items',
    path: () => '/api/cart/items',
    body: (f: Fixture) => ({ productId: f.productId, quantity: 1000 }),
    status: 400,
    // 50 made, 1 bought by the fixture's order, 2 in the owner's cart.
    answer: {
      message: 'Only 49 of Matrix gauze in stock and your cart already holds 2',
      code: 'INSUFFICIENT_STOCK',
      field: 'quantity',
    },
  },
  {
    label: 'a quantity of 0',
    caller: 'user',
    method: 'PUT',
    route: '/api/cart/items/{productId}',
    path: (f) => `/api/cart/items/${f.productId}?quantity=0`,
    status: 400,
  },
  {
    label: 'a product not in the cart',
    caller: 'user',
    method: 'DELETE',
    route: '/api/cart/items/{productId}',
    path: (f) => `/api/cart/items/${f.deletableProductId}`,
    status: 404,
    answer: { message: 'This product is not in your cart', code: 'NOT_IN_CART', field: 'productId' },
  },
  {
    label: 'a total other than the one reviewed',
    caller: 'user',
    method: 'POST',
    route: '/api/orders/checkout',
    path: () => '/api/orders/checkout',
    body: { shippingAddress: '1 Matrix Road', shippingCountry: 'DE', expectedTotal: 1 },
    status: 409,
    answer: {
      message: 'The total is now $6.50, not the $1.00 you reviewed: check your order and place it again',
      code: 'PRICE_CHANGED',
      field: 'expectedTotal',
    },
  },
  {
    label: 'no shipping address',
    caller: 'user',
    method: 'POST',
    route: '/api/orders/checkout',
    path: () => '/api/orders/checkout',
    body: {},
    status: 400,
    answer: { message: 'Please enter a shipping address', code: 'INVALID_INPUT', field: 'shippingAddress' },
  },
  {
    label: 'an unknown scope',
    caller: 'user',
    method: 'GET',
    route: '/api/orders',
    path: () => '/api/orders?scope=bogus',
    status: 400,
    answer: { message: 'Scope must be one of mine, all', code: 'INVALID_INPUT', field: 'scope' },
  },
  {
    label: 'an unknown order',
    caller: 'admin',
    method: 'GET',
    route: '/api/orders/{id}',
    path: () => `/api/orders/${MISSING}`,
    status: 404,
    answer: { message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' },
  },
  {
    label: 'an unknown order',
    caller: 'admin',
    method: 'GET',
    route: '/api/orders/{id}/history',
    path: () => `/api/orders/${MISSING}/history`,
    status: 404,
    answer: { message: 'Order not found', code: 'ORDER_NOT_FOUND', field: 'id' },
  },
  {
    label: 'a delivered order cancelled',
    caller: 'admin',
    method: 'PUT',
    route: '/api/orders/{id}/status',
    path: () => `/api/orders/${deliveredOrderId}/status`,
    body: { status: 'CANCELLED' },
    status: 409,
  },
  {
    label: 'an unknown status',
    caller: 'admin',
    method: 'PUT',
    route: '/api/orders/{id}/status',
    path: (f) => `/api/orders/${f.orderId}/status`,
    body: { status: 'LOST' },
    status: 400,
  },
  {
    label: 'an empty page',
    caller: 'admin',
    method: 'GET',
    route: '/api/audit-events',
    path: () => '/api/audit-events?size=0',
    status: 400,
    answer: { message: 'Size must be at least 1', code: 'INVALID_INPUT', field: 'size' },
  },
  {
    label: 'room ids that are not ids',
    caller: 'user',
    method: 'GET',
    route: '/api/chat/rooms',
    path: () => '/api/chat/rooms?ids=abc',
    status: 400,
    answer: { message: 'IDs must be up to 100 comma-separated room ids', code: 'INVALID_INPUT', field: 'ids' },
  },
  {
    label: 'an unknown user',
    caller: 'user',
    method: 'POST',
    route: '/api/chat/rooms/create',
    path: () => '/api/chat/rooms/create',
    body: { participantUsername: 'nobody-here' },
    status: 404,
    answer: { message: 'User "nobody-here" not found', code: 'USER_NOT_FOUND', field: 'participantUsername' },
  },
  {
    label: 'an unknown room',
    caller: 'user',
    method: 'GET',
    route: '/api/chat/rooms/{roomId}/messages',
    path: () => `/api/chat/rooms/${MISSING}/messages`,
    status: 404,
    answer: { message: 'Chat room not found', code: 'CHAT_ROOM_NOT_FOUND', field: 'roomId' },
  },
  {
    // The document names the segment roomId; the route, and so the answer's field, receiver.
    label: 'an unknown receiver',
    caller: 'user',
    method: 'POST',
    route: '/api/chat/rooms/{roomId}/messages',
    path: () => '/api/chat/rooms/nobody-here/messages',
    body: { content: 'Hello?' },
    status: 404,
    answer: { message: 'User "nobody-here" not found', code: 'USER_NOT_FOUND', field: 'receiver' },
  },
  {
    label: 'an unknown room',
    caller: 'user',
    method: 'GET',
    route: '/api/chat/rooms/{roomId}/unread-count',
    path: () => `/api/chat/rooms/${MISSING}/unread-count`,
    status: 404,
    answer: { message: 'Chat room not found', code: 'CHAT_ROOM_NOT_FOUND', field: 'roomId' },
  },
  {
    label: 'an unknown room',
    caller: 'user',
    method: 'POST',
    route: '/api/chat/rooms/{roomId}/mark-as-read',
    path: () => `/api/chat/rooms/${MISSING}/mark-as-read`,
    status: 404,
    answer: { message: 'Chat room not found', code: 'CHAT_ROOM_NOT_FOUND', field: 'roomId' },
  },
];

/** An order already delivered: it can no longer be cancelled (409). */
let deliveredOrderId: number;

describe('answers beyond the matrix fit the OpenAPI document', () => {
  /** A new buyer's order of one spare product: its id, and the buyer's token. */
  async function newOrder(username: string): Promise<{ buyer: string; orderId: number }> {
    const buyer = await shop.register(username);
    await shop.request('POST', '/api/cart/items', {
      token: buyer,
      body: { productId: fixture.spareProductId, quantity: 1 },
    });
    const order = await shop.request('POST', '/api/orders/checkout', {
      token: buyer,
      body: { shippingAddress: '1 Buyer Way', shippingCountry: 'DE' },
    });
    expect(order.status).toBe(201);
    return { buyer, orderId: order.body.id };
  }

  beforeAll(async () => {
    deliveredOrderId = (await newOrder('matrix-buyer')).orderId;
    const delivered = await call('admin', 'PUT', `/api/orders/${deliveredOrderId}/status`, { status: 'DELIVERED' });
    expect(delivered.status).toBe(200);
  });

  /** Sends each operation the same kind of bad request as the admin; what differs from `expected` or the document. */
  async function sweep(
    operations: Endpoint[],
    send: (endpoint: Endpoint) => Promise<ApiAnswer>,
    status: number,
    expected: object,
  ) {
    const wrong: string[] = [];
    for (const endpoint of operations) {
      const answer = await send(endpoint);
      const name = `${endpoint.method} ${endpoint.route}`;
      if (answer.status !== status) wrong.push(`${name} answered ${answer.status}: ${answer.text.slice(0, 120)}`);
      else if (JSON.stringify(answer.body) !== JSON.stringify(expected))
        wrong.push(`${name} answered ${answer.text.slice(0, 120)}`);
      wrong.push(...openApi.problems(endpoint.method, endpoint.route, answer));
    }
    expect(wrong).toEqual([]);
  }

  it('a buyer’s cancellation of their own order still waiting for confirmation: 200, as documented', async () => {
    const { buyer, orderId } = await newOrder('matrix-canceller');
    const answer = await shop.request('POST', `/api/orders/${orderId}/cancel`, { token: buyer });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('CANCELLED');
    expect(openApi.problems('POST', '/api/orders/{id}/cancel', answer)).toEqual([]);
  });

  it('a NUL in a query parameter: 400 from every operation', async () => {
    await sweep(
      documentedOperations(),
      (endpoint) => {
        const path = endpoint.path(fixture);
        return shop.request(endpoint.method, `${path}${path.includes('?') ? '&' : '?'}note=%00`, {
          token: tokens.admin,
        });
      },
      400,
      { message: 'Note must not contain NUL characters', code: 'INVALID_INPUT', field: 'note' },
    );
  });

  it('a body over 1 MB: 413 from every operation that reads a JSON body', async () => {
    const large = JSON.stringify({ content: 'x'.repeat(1024 * 1024) });
    await sweep(
      documentedOperations().filter((endpoint) => BODY_METHODS.includes(endpoint.method) && !endpoint.contentType),
      (endpoint) =>
        shop.request(endpoint.method, endpoint.path(fixture), {
          token: tokens.admin,
          body: large,
          headers: { 'content-type': 'application/json' },
        }),
      413,
      { message: 'Request body is too large: the limit is 1 MB', code: 'BODY_TOO_LARGE' },
    );
  });

  // The CSV import's own (10 MB, CSV only) are in catalogue-csv.test.ts.
  it('a body that is not JSON: 415 from every operation that reads a JSON body', async () => {
    await sweep(
      documentedOperations().filter((endpoint) => BODY_METHODS.includes(endpoint.method) && !endpoint.contentType),
      (endpoint) =>
        shop.request(endpoint.method, endpoint.path(fixture), {
          token: tokens.admin,
          body: 'quantity=1',
          headers: { 'content-type': 'text/plain' },
        }),
      415,
      {
        message: 'Unsupported content type: send JSON with Content-Type: application/json',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    );
  });

  it.each(REFUSALS.map((refusal) => ({ ...refusal, name: `${refusal.method} ${refusal.route}` })))(
    '$name: $label → $status',
    async ({ caller, method, route, path, body, status, answer: expected }) => {
      const answer = await call(caller, method, path(fixture), typeof body === 'function' ? body(fixture) : body);
      expect(answer.status, answer.text.slice(0, 200)).toBe(status);
      if (expected) expect(answer.body).toEqual(expected);
      else
        expect(answer.body).toEqual({
          message: expect.any(String),
          code: expect.any(String),
          ...(answer.body.field ? { field: expect.any(String) } : {}),
        });
      expect(openApi.problems(method, route, answer)).toEqual([]);
    },
  );

  it('a limit reached: 429 with Retry-After from every operation that has one', async () => {
    const limited = await startRestService({
      env: {
        REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1',
        LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1',
        PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '1',
        MESSAGES_PER_USER_PER_MINUTE: '1',
      },
    });
    try {
      const admin = await limited.adminToken();
      const twice = async (route: string, path: string, body: object, token?: string) => {
        const first = await limited.request('POST', path, { token, body });
        expect(first.status, first.text).toBeLessThan(300);
        return { route, answer: await limited.request('POST', path, { token, body }) };
      };
      const refused = [
        await twice('/api/auth/register', '/api/auth/register', { username: 'limited-one', password: 'pw1' }),
        {
          route: '/api/auth/login',
          answer: await limited.request('POST', '/api/auth/login', {
            body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
          }),
        },
        await twice('/api/auth/request-password-reset', '/api/auth/request-password-reset', {
          usernameOrEmail: 'limited-one',
        }),
        // The same allowance per address as the request before it.
        {
          route: '/api/auth/reset-password',
          answer: await limited.request('POST', '/api/auth/reset-password', {
            body: { token: 'x', newPassword: 'pw2' },
          }),
        },
        await twice(
          '/api/chat/rooms/{roomId}/messages',
          '/api/chat/rooms/limited-one/messages',
          { content: 'Hello' },
          admin,
        ),
      ];
      for (const { route, answer } of refused) {
        expect(answer.status, `${route}: ${answer.text}`).toBe(429);
        expect(answer.body).toEqual({
          message: expect.stringMatching(/ Try again in \d+ seconds?\.$|minutes?\.$/),
          code: 'TOO_MANY_ATTEMPTS',
        });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(openApi.problems('POST', route, answer)).toEqual([]);
      }
    } finally {
      await limited.close();
    }
  });
});

const labelled = ENDPOINTS.map((endpoint) => ({
  ...endpoint,
  label: [endpoint.method, endpoint.route, endpoint.variant].filter(Boolean).join(' '),
}));

describe.each(labelled)('$label', (endpoint) => {
  const cells = CALLERS.map((caller) => {
    const expected = endpoint.expected[caller];
    const [status, message, field] = typeof expected === 'number' ? [expected, undefined, undefined] : expected;
    return { caller, status, message, field };
  });

  it.each(cells)('as $caller answers $status', async ({ caller, status, message, field }) => {
    const answer = await call(
      caller,
      endpoint.method,
      endpoint.path(fixture),
      endpoint.body?.(fixture, caller),
      endpoint.contentType,
    );
    expect(answer.status, answer.text.slice(0, 200)).toBe(status);
    if (status >= 400) expect(typeof answer.body.message).toBe('string');
    if (message !== undefined) {
      const code = CODE_OF[message];
      expect(answer.body).toEqual(field === undefined ? { message, code } : { message, code, field });
    }
    if (!endpoint.undocumented) expect(openApi.problems(endpoint.method, endpoint.route, answer)).toEqual([]);
    await endpoint.after?.(caller);
  });
});

/** Successes this file cannot reach, checked against the document where they can be. */
const SUCCESS_CHECKED_ELSEWHERE: Record<string, string> = {
  'POST /api/auth/reset-password':
    'password-reset.test.ts, "sets the new password…": it takes the link an e-mail carries',
  'POST /api/auth/verify-email':
    'email-verification.test.ts, "verifies the address once…": it takes the link an e-mail carries',
  'POST /api/users/resend-email-verification':
    'email-verification.test.ts, "sends a new link…": it needs an account with an address',
  'POST /api/orders/{id}/payment':
    'payment.test.ts, "lets the order move on only once…": it needs an order waiting for a bank transfer',
  'GET /api/orders/{id}/invoice': 'invoices.test.ts, "are issued when an order is paid…": it needs a paid order',
  'POST /api/auth/login/second-factor':
    'two-factor.test.ts, "asks for the code after the right password…": it needs the code of an app set up',
  'POST /api/users/two-factor/enable':
    'two-factor.test.ts, "answers a secret and the URI an app scans…": it needs the code of the secret set up',
  'POST /api/users/two-factor/disable': 'two-factor.test.ts, "turns off with the password only…"',
  'POST /api/chat/reports/{reportId}/decision':
    'chat-reports.test.ts, "dismisses a report…": it needs a report of a message between two other people',
  'DELETE /api/chat/suspensions/{username}':
    'chat-reports.test.ts, "suspends the sender’s chat…": it needs a suspension',
  'GET /api/chat/reports/{reportId}':
    'chat-reports.test.ts, "dismisses a report…": it needs a report of a message between two other people',
  'POST /api/users/two-factor/recovery-codes':
    'two-factor.test.ts, "new recovery codes replace the old ones": it needs the second factor on',
};

// Last: what the calls above showed of the document, over every operation.
describe('the OpenAPI document', () => {
  it('was checked against a success and an error of every operation, and against every error status the contract has', () => {
    const operations = documentedOperations().map((endpoint) => `${endpoint.method} ${endpoint.route}`);
    const statuses = (operation: string) => [...(openApi.seen.get(operation) ?? [])];
    const succeeded = (operation: string) =>
      operation in SUCCESS_CHECKED_ELSEWHERE || statuses(operation).some((status) => status < 300);
    expect(operations.filter((operation) => !succeeded(operation))).toEqual([]);
    expect(operations.filter((operation) => !statuses(operation).some((status) => status >= 400))).toEqual([]);
    const seen = new Set(operations.flatMap(statuses));
    expect([400, 401, 403, 404, 409, 413, 415, 429].filter((status) => !seen.has(status))).toEqual([]);
  });
});
