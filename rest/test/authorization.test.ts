// Who may call what: every endpoint of the contract × anonymous, the owner of the data, another user and an admin
// (DESIGN §3: everything but /api/auth/* needs a token; product writes and order status need ADMIN; a cart, an
// order and a room's messages belong to their users only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  DEFAULT_PASSWORD,
  type RestService,
  startRestService,
} from '../../tests/helpers/rest-service.js';

type Caller = 'anonymous' | 'user' | 'other user' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'other user', 'admin'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const OWNER = 'matrix-owner';
const OTHER = 'matrix-other';
const USERNAMES: Record<Exclude<Caller, 'anonymous'>, string> = { user: OWNER, 'other user': OTHER, admin: ADMIN_USERNAME };
const PASSWORDS: Record<Exclude<Caller, 'anonymous'>, string> = {
  user: DEFAULT_PASSWORD,
  'other user': DEFAULT_PASSWORD,
  admin: ADMIN_PASSWORD,
};

const AUTHENTICATION_REQUIRED = 'Authentication required';
const ADMINS_ONLY_PRODUCTS = 'Only administrators can manage products';
const NOT_A_PARTICIPANT = 'You are not a participant of this chat';

/** The stable code each refusal of this matrix carries beside its message. */
const CODE_OF: Record<string, string> = {
  [AUTHENTICATION_REQUIRED]: 'AUTHENTICATION_REQUIRED',
  [ADMINS_ONLY_PRODUCTS]: 'FORBIDDEN',
  'Only administrators can see every order': 'FORBIDDEN',
  'Only administrators can change an order’s status': 'FORBIDDEN',
  'Only administrators can read the audit record': 'FORBIDDEN',
  [NOT_A_PARTICIPANT]: 'NOT_A_PARTICIPANT',
  'This product is not in your cart': 'NOT_IN_CART',
  'Order not found': 'ORDER_NOT_FOUND',
  'You cannot start a chat with yourself': 'INVALID_INPUT',
  'You cannot send a message to yourself': 'INVALID_INPUT',
  'Your cart is empty': 'CART_EMPTY',
};

interface Fixture {
  productId: number;
  /** A product only the admin's DELETE row removes. */
  deletableProductId: number;
  /** The product every caller adds to and removes from their own cart. */
  spareProductId: number;
  orderId: number;
  roomId: number;
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
  expected: Record<Caller, Expected>;
  /** Runs after each call, e.g. to log in again once a password change revoked the caller's token. */
  after?: (caller: Caller) => Promise<void>;
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
  { method: 'GET', route: '/healthz', path: () => '/healthz', expected: everyone(200) },
  { method: 'GET', route: '/api/openapi.json', path: () => '/api/openapi.json', expected: everyone(200) },
  { method: 'GET', route: '/api/docs', path: () => '/api/docs', expected: everyone(200) },
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
    expected: { anonymous: [401, AUTHENTICATION_REQUIRED], user: 200, 'other user': [404, 'Order not found', 'id'], admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/orders/{id}/history',
    path: (f) => `/api/orders/${f.orderId}/history`,
    expected: { anonymous: [401, AUTHENTICATION_REQUIRED], user: 200, 'other user': [404, 'Order not found', 'id'], admin: 200 },
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
    route: '/api/chat/rooms/{receiver}/messages',
    path: (f) => `/api/chat/rooms/${f.roomId}/messages`,
    variant: 'to the room id',
    body: (_f, caller) => ({ content: `Sent into the room by ${caller}` }),
    expected: participantsOnly(201),
  },
  {
    method: 'POST',
    route: '/api/chat/rooms/{receiver}/messages',
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
  { method: 'POST', route: '/api/chat/cleanup-duplicates', path: () => '/api/chat/cleanup-duplicates', expected: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/chat/available-users-from-main',
    path: () => '/api/chat/available-users-from-main',
    expected: loggedIn(200),
  },
  // --- From here on the rows change what the callers own. -------------------------------------------------------
  {
    method: 'POST',
    route: '/api/orders/checkout',
    path: () => '/api/orders/checkout',
    body: () => ({ shippingAddress: '1 Matrix Road' }),
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

beforeAll(async () => {
  shop = await startRestService();
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
    body: { shippingAddress: '1 Owner Lane' },
  });
  expect(order.status).toBe(201);
  const cart = await shop.request('POST', '/api/cart/items', { token: tokens.user, body: { productId, quantity: 2 } });
  expect(cart.status).toBe(200);

  const message = await shop.request('POST', `/api/chat/rooms/${OWNER}/messages`, {
    token: admin,
    body: { content: 'Welcome!' },
  });
  expect(message.status).toBe(201);
  fixture = { productId, deletableProductId, spareProductId, orderId: order.body.id, roomId: message.body.chatRoomId };
});
afterAll(() => shop.close());

const call = (caller: Caller, method: Method, path: string, body?: unknown) =>
  shop.request(method, path, { token: caller === 'anonymous' ? undefined : tokens[caller], body });

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
    const answer = await call(caller, endpoint.method, endpoint.path(fixture), endpoint.body?.(fixture, caller));
    expect(answer.status, answer.text.slice(0, 200)).toBe(status);
    if (status >= 400) expect(typeof answer.body.message).toBe('string');
    if (message !== undefined) {
      const code = CODE_OF[message];
      expect(answer.body).toEqual(field === undefined ? { message, code } : { message, code, field });
    }
    await endpoint.after?.(caller);
  });
});
