// Hostile and malformed requests: malformed JSON, wrong shapes and types, bad ids, huge bodies, odd content types and
// tokens all answer a 4xx with a clean `{ message }`, plus `field` when one request field is at fault (never a 5xx,
// never a stack trace) and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../rest/src/shared/http-errors.js';
import {
  type ApiAnswer,
  DEFAULT_PASSWORD,
  type RestService,
  startRestService,
} from '../../tests/helpers/rest-service.js';

const ONE_MEGABYTE = 1024 * 1024;
const TOO_LARGE = { message: 'Request body is too large: the limit is 1 MB', code: 'BODY_TOO_LARGE' };
const NOT_JSON = { message: 'Request body is not valid JSON', code: 'MALFORMED_REQUEST' };
const NOT_AN_OBJECT = { message: 'Request body must be a JSON object', code: 'INVALID_INPUT' };
const UNSUPPORTED_TYPE = {
  message: 'Unsupported content type: send JSON with Content-Type: application/json',
  code: 'UNSUPPORTED_MEDIA_TYPE',
};
const JSON_HEADERS = { 'content-type': 'application/json' };

const USER = 'hostile-user';
const OTHER = 'hostile-other';
const productFields = { name: 'Hostile thermometer', description: 'Digital, 10 s reading', price: 12.5, quantity: 40 };

type Caller = 'anonymous' | 'user' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Fixture {
  productId: number;
  orderId: number;
  roomId: number;
}

let shop: RestService;
const tokens: Record<Exclude<Caller, 'anonymous'>, string> = { user: '', admin: '' };
let fixture: Fixture;

beforeAll(async () => {
  shop = await startRestService();
  tokens.admin = await shop.adminToken();
  tokens.user = await shop.register(USER);
  await shop.register(OTHER);
  const productId = (await shop.createProduct(tokens.admin, productFields)).id;
  await shop.request('POST', '/api/cart/items', { token: tokens.user, body: { productId, quantity: 1 } });
  const order = await shop.request('POST', '/api/orders/checkout', {
    token: tokens.user,
    body: { shippingAddress: '1 Safe Street' },
  });
  expect(order.status).toBe(201);
  // The user keeps a cart line, so a checkout that got through would show.
  await shop.request('POST', '/api/cart/items', { token: tokens.user, body: { productId, quantity: 2 } });
  const message = await shop.request('POST', `/api/chat/rooms/${OTHER}/messages`, {
    token: tokens.user,
    body: { content: 'Hello' },
  });
  fixture = { productId, orderId: order.body.id, roomId: message.body.chatRoomId };
});
afterAll(() => shop.close());

function send(
  caller: Caller,
  method: Method,
  path: string,
  raw?: string,
  headers: Record<string, string> = JSON_HEADERS,
) {
  return shop.request(method, path, {
    token: caller === 'anonymous' ? undefined : tokens[caller],
    ...(raw === undefined ? {} : { body: raw, headers }),
  });
}

/**
 * Calls "caller METHOD path" (e.g. "admin PUT /api/products/{productId}") with the fixture's ids filled in and the
 * body sent as JSON.
 */
function call(spec: string, body?: unknown) {
  return callRaw(spec, body === undefined ? undefined : JSON.stringify(body));
}

function callRaw(spec: string, raw: string | undefined) {
  const [caller, method, path] = spec.split(' ') as [Caller, Method, string];
  const filled = path.replace(/\{(productId|orderId|roomId)\}/g, (_match, key: keyof Fixture) => String(fixture[key]));
  return send(caller, method, filled, raw);
}

/**
 * The 4xx `status` with a body of exactly `{ message, code }` (a code of the documented list), or exactly
 * `{ message, code, field }` when `field` (the request field at fault) is given, the message a sentence for people: no
 * stack, no file paths, no error class names.
 */
function expectCleanRefusal(answer: ApiAnswer<any>, status: 400 | 401, context: string, field?: string): void {
  expect(answer.status, `${context}: ${answer.text.slice(0, 200)}`).toBe(status);
  expect(answer.headers['content-type'], context).toMatch(/^application\/json/);
  expect(Object.keys(answer.body), context).toEqual(
    field === undefined ? ['message', 'code'] : ['message', 'code', 'field'],
  );
  if (field !== undefined) expect(answer.body.field, context).toBe(field);
  expect(Object.keys(ERROR_CODES), context).toContain(answer.body.code);
  const message: unknown = answer.body.message;
  expect(typeof message, context).toBe('string');
  expect(message, context).not.toMatch(/\bat\s+\S+\s+\(|\n\s+at\s/);
  expect(message, context).not.toMatch(/[\w-]+\.(ts|js|mjs|cjs):\d+/);
  expect(message, context).not.toMatch(/\/(work|home|usr|tmp)\//);
  expect(message, context).not.toContain('Error:');
  expect(message, context).not.toContain('node_modules');
}

/** What a client can see of the shop's data; equal before and after means nothing was written. */
async function snapshot() {
  const reads: [Caller, string][] = [
    ['admin', '/api/products'],
    ['admin', '/api/cart'],
    ['user', '/api/cart'],
    ['user', '/api/users/profile'],
    ['admin', '/api/orders?scope=all'],
    ['user', '/api/chat/rooms'],
    ['user', `/api/chat/rooms/${fixture.roomId}/messages`],
    ['admin', '/api/chat/available-users-from-main'],
  ];
  const answers = await Promise.all(reads.map(([caller, path]) => send(caller, 'GET', path)));
  for (const answer of answers) expect(answer.status).toBe(200);
  return answers.map((answer) => answer.body);
}

// --- Bodies every POST and PUT endpoint must refuse ----------------------------------------------------------------

const deeplyNestedArray = '['.repeat(100_000) + ']'.repeat(100_000);
const deeplyNestedPoison = '{"a":'.repeat(20_000) + '{"__proto__":{"isAdmin":true}}' + '}'.repeat(20_000);

/** Text no JSON parser accepts: refused before any route runs, whether or not the route takes a body. */
const UNPARSEABLE = [
  '{',
  '{"a":',
  'not json',
  '{"a":1,}',
  "{'a':1}",
  '[',
  '{"a":1}}',
  'NaN',
  '{"a":undefined}',
  '{"a":"\\x"}',
  '\u0000',
];
/** Parseable, but no request body of the contract looks like this. */
const WRONG_SHAPE = ['[]', '[{}]', '"text"', '42', 'null', 'true', '', deeplyNestedArray];
const PROTOTYPE_POISON = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  deeplyNestedPoison,
];
/** Raw JSON values that are wrong for any field of the contract's bodies (every one is text, number or enum). */
const HOSTILE_VALUES = ['[]', '{}', 'true', '-1', '1e309', '{"$ne":null}', JSON.stringify('x'.repeat(100_000))];

/** "caller METHOD path" and, when the route takes a body, a valid one whose fields are made hostile one at a time. */
const WRITE_ENDPOINTS: [string, ((f: Fixture) => Record<string, unknown>)?][] = [
  ['anonymous POST /api/auth/register', () => ({ username: 'hostile-new', password: 'pw1' })],
  ['anonymous POST /api/auth/login', () => ({ username: USER, password: DEFAULT_PASSWORD })],
  ['user PUT /api/users/profile', () => ({ firstName: 'Hostile', address: '1 Bad Street' })],
  [
    'user PUT /api/users/change-password',
    () => ({ currentPassword: DEFAULT_PASSWORD, newPassword: 'hostile-pw', confirmPassword: 'hostile-pw' }),
  ],
  ['admin POST /api/products', () => productFields],
  ['admin PUT /api/products/{productId}', () => productFields],
  ['user POST /api/cart/items', (f) => ({ productId: f.productId, quantity: 1 })],
  ['user PUT /api/cart/items/{productId}?quantity=1'],
  ['user POST /api/orders/checkout', () => ({ shippingAddress: '1 Bad Street' })],
  ['admin PUT /api/orders/{orderId}/status', () => ({ status: 'CANCELLED' })],
  ['user POST /api/chat/rooms/create', () => ({ participantUsername: OTHER })],
  [`user POST /api/chat/rooms/${OTHER}/messages`, () => ({ content: 'hostile' })],
  ['user POST /api/chat/rooms/{roomId}/messages', () => ({ content: 'hostile' })],
  ['user POST /api/chat/rooms/{roomId}/mark-as-read'],
  ['user POST /api/chat/cleanup-duplicates'],
  // DELETEs take no body either, but a malformed one must still stop them before they run.
  ['user DELETE /api/cart/items/{productId}'],
  ['user DELETE /api/cart'],
  ['admin DELETE /api/products/{productId}'],
  ['user DELETE /api/users/account'],
];

/** The template with one field's value replaced by raw JSON text. */
function withRawField(template: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...template, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw);
}

describe('refused input', () => {
  let before: unknown[];
  beforeAll(async () => {
    before = await snapshot();
  });

  describe('malformed and misshapen JSON', () => {
    it.each(UNPARSEABLE.map((raw) => [raw]))('answers 400 "Request body is not valid JSON" to %j', async (raw) => {
      const answer = await send('user', 'POST', '/api/cart/items', raw);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(NOT_JSON);
    });

    it.each(['', 'null'].map((raw) => [raw]))('answers 400 "Request body is required" to %j', async (raw) => {
      const answer = await send('user', 'POST', '/api/cart/items', raw);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Request body is required', code: 'INVALID_INPUT' });
    });

    it.each(['[]', '[{"productId":1}]', '42', 'true'].map((raw) => [raw]))(
      'answers 400 "Request body must be a JSON object" to %j',
      async (raw) => {
        const answer = await send('user', 'POST', '/api/cart/items', raw);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(NOT_AN_OBJECT);
      },
    );

    it('says that a JSON text is text, not an object', async () => {
      const answer = await send('user', 'POST', '/api/cart/items', '"text"');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Request body must be a JSON object, not text', code: 'INVALID_INPUT' });
    });

    it('refuses a request with no body at all as a missing body', async () => {
      const answer = await shop.request('POST', '/api/cart/items', { token: tokens.user });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Request body is required', code: 'INVALID_INPUT' });
    });

    it('refuses __proto__ and constructor.prototype keys, and nothing gets polluted', async () => {
      for (const raw of PROTOTYPE_POISON) {
        const answer = await send('user', 'PUT', '/api/users/profile', raw);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(NOT_JSON);
      }
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect((await send('user', 'POST', '/api/products', JSON.stringify(productFields))).status).toBe(403);
    });
  });

  describe('wrong field types', () => {
    it.each<[string, string, (f: Fixture) => unknown, string, string]>([
      [
        'a product id as text',
        'user POST /api/cart/items',
        (f) => ({ productId: `${f.productId}` }),
        'Product ID must be a whole number, not text',
        'productId',
      ],
      [
        'a fractional product id',
        'user POST /api/cart/items',
        () => ({ productId: 1.5 }),
        'Product ID must be a whole number',
        'productId',
      ],
      [
        'a quantity as text',
        'user POST /api/cart/items',
        (f) => ({ productId: f.productId, quantity: '2' }),
        'Quantity must be a whole number, not text',
        'quantity',
      ],
      [
        'a price as text',
        'admin POST /api/products',
        () => ({ ...productFields, price: '12' }),
        'Price must be a number, not text',
        'price',
      ],
      [
        'a fractional stock',
        'admin POST /api/products',
        () => ({ ...productFields, quantity: 1.5 }),
        'Quantity must be a whole number',
        'quantity',
      ],
      [
        'a list as name',
        'admin PUT /api/products/{productId}',
        () => ({ ...productFields, name: ['x'] }),
        'Name must be text',
        'name',
      ],
      [
        'image URLs as text',
        'admin POST /api/products',
        () => ({ ...productFields, imageUrls: '/a.png' }),
        'Image URLs must be a list, not text',
        'imageUrls',
      ],
      [
        'a number as shipping address',
        'user POST /api/orders/checkout',
        () => ({ shippingAddress: 12 }),
        'Please enter a shipping address',
        'shippingAddress',
      ],
      [
        'a number as status',
        'admin PUT /api/orders/{orderId}/status',
        () => ({ status: 1 }),
        'Status must be one of CONFIRMED, SHIPPED, DELIVERED, CANCELLED',
        'status',
      ],
      [
        'a number as first name',
        'user PUT /api/users/profile',
        () => ({ firstName: 5 }),
        'First name must be text',
        'firstName',
      ],
      [
        'a number as current password',
        'user PUT /api/users/change-password',
        () => ({ currentPassword: 1, newPassword: 'abc', confirmPassword: 'abc' }),
        'Current password must be text',
        'currentPassword',
      ],
      [
        'a list as participant',
        'user POST /api/chat/rooms/create',
        () => ({ participantUsername: [OTHER] }),
        'Participant username must be text',
        'participantUsername',
      ],
      [
        'an object as message content',
        'user POST /api/chat/rooms/{roomId}/messages',
        () => ({ content: {} }),
        'Content must be text',
        'content',
      ],
      [
        'a number as password',
        'anonymous POST /api/auth/login',
        () => ({ username: USER, password: 123 }),
        'Password must be text',
        'password',
      ],
      [
        'a boolean as username',
        'anonymous POST /api/auth/register',
        () => ({ username: true, password: 'pw1' }),
        'Username must be text',
        'username',
      ],
    ])('refuses %s with 400, its message and the field at fault', async (_case, spec, body, message, field) => {
      const answer = await call(spec, body(fixture));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    });
  });

  describe('NUL characters, which PostgreSQL cannot store', () => {
    it.each<[string, string, unknown, number, string, string]>([
      [
        'a profile name',
        'user PUT /api/users/profile',
        { lastName: 'a\u0000b' },
        400,
        'Last name must not contain NUL characters',
        'lastName',
      ],
      [
        'a chat message',
        'user POST /api/chat/rooms/{roomId}/messages',
        { content: 'a\u0000b' },
        400,
        'Content must not contain NUL characters',
        'content',
      ],
      [
        'a login username',
        'anonymous POST /api/auth/login',
        { username: 'a\u0000b', password: 'pw1' },
        400,
        'Username must not contain NUL characters',
        'username',
      ],
      [
        'a room’s participant',
        'user POST /api/chat/rooms/create',
        { participantUsername: 'a\u0000b' },
        400,
        'Participant username must not contain NUL characters',
        'participantUsername',
      ],
      [
        'a receiver in the path',
        'user POST /api/chat/rooms/a%00b/messages',
        { content: 'hi' },
        400,
        'Receiver must not contain NUL characters',
        'receiver',
      ],
    ])('in %s answer a 4xx on every database', async (_case, spec, body, status, message, field) => {
      const answer = await call(spec, body);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    });
  });

  describe('ids', () => {
    /**
     * Routes with an id in the path ({id}), the path parameter's name (the answer's `field`), the label their messages
     * use, and a valid body where one is needed.
     */
    const ID_ROUTES: [string, string, string, unknown?][] = [
      ['user GET /api/products/{id}', 'id', 'ID'],
      ['admin PUT /api/products/{id}', 'id', 'ID', productFields],
      ['admin DELETE /api/products/{id}', 'id', 'ID'],
      ['user PUT /api/cart/items/{id}?quantity=1', 'productId', 'Product ID'],
      ['user DELETE /api/cart/items/{id}', 'productId', 'Product ID'],
      ['user GET /api/orders/{id}', 'id', 'ID'],
      ['admin PUT /api/orders/{id}/status', 'id', 'ID', { status: 'CONFIRMED' }],
      ['user GET /api/chat/rooms/{id}/messages', 'roomId', 'Room ID'],
      ['user GET /api/chat/rooms/{id}/unread-count', 'roomId', 'Room ID'],
      ['user POST /api/chat/rooms/{id}/mark-as-read', 'roomId', 'Room ID'],
    ];
    const BAD_IDS: [string, (label: string) => string][] = [
      ['abc', (label) => `${label} must be a whole number`],
      ['1.5', (label) => `${label} must be a whole number`],
      ['-1', (label) => `${label} must be at least 1`],
      ['0', (label) => `${label} must be at least 1`],
      ['2147483648', (label) => `${label} must be at most 2147483647`],
      ['99999999999999999999', (label) => `${label} must be at most 2147483647`],
    ];
    const cases = ID_ROUTES.flatMap(([spec, field, label, body]) =>
      BAD_IDS.map(([id, message]) => [spec, id, field, label, body, message] as const),
    );

    it.each(cases)('%s refuses id %s with 400 naming the field %s', async (spec, id, field, label, body, message) => {
      const answer = await call(spec.replace('{id}', id), body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: message(label), field, code: 'INVALID_INPUT' });
    });

    const UNKNOWN = 2_147_483_647;
    it.each<[string, unknown, string, string, string]>([
      [`user GET /api/products/${UNKNOWN}`, undefined, 'Product not found', 'PRODUCT_NOT_FOUND', 'id'],
      [`admin PUT /api/products/${UNKNOWN}`, productFields, 'Product not found', 'PRODUCT_NOT_FOUND', 'id'],
      [`admin DELETE /api/products/${UNKNOWN}`, undefined, 'Product not found', 'PRODUCT_NOT_FOUND', 'id'],
      ['user POST /api/cart/items', { productId: UNKNOWN }, 'Product not found', 'PRODUCT_NOT_FOUND', 'productId'],
      [
        `user PUT /api/cart/items/${UNKNOWN}?quantity=1`,
        undefined,
        'This product is not in your cart',
        'NOT_IN_CART',
        'productId',
      ],
      [
        `user DELETE /api/cart/items/${UNKNOWN}`,
        undefined,
        'This product is not in your cart',
        'NOT_IN_CART',
        'productId',
      ],
      [`user GET /api/orders/${UNKNOWN}`, undefined, 'Order not found', 'ORDER_NOT_FOUND', 'id'],
      [`admin PUT /api/orders/${UNKNOWN}/status`, { status: 'CONFIRMED' }, 'Order not found', 'ORDER_NOT_FOUND', 'id'],
      [
        `user GET /api/chat/rooms/${UNKNOWN}/messages`,
        undefined,
        'Chat room not found',
        'CHAT_ROOM_NOT_FOUND',
        'roomId',
      ],
      [
        `user GET /api/chat/rooms/${UNKNOWN}/unread-count`,
        undefined,
        'Chat room not found',
        'CHAT_ROOM_NOT_FOUND',
        'roomId',
      ],
      [
        `user POST /api/chat/rooms/${UNKNOWN}/mark-as-read`,
        undefined,
        'Chat room not found',
        'CHAT_ROOM_NOT_FOUND',
        'roomId',
      ],
      [
        `user POST /api/chat/rooms/${UNKNOWN}/messages`,
        { content: 'hi' },
        'Chat room not found',
        'CHAT_ROOM_NOT_FOUND',
        'receiver',
      ],
      [
        'user POST /api/chat/rooms/2147483648/messages',
        { content: 'hi' },
        'Chat room not found',
        'CHAT_ROOM_NOT_FOUND',
        'receiver',
      ],
      ['user POST /api/chat/rooms/-1/messages', { content: 'hi' }, 'User "-1" not found', 'USER_NOT_FOUND', 'receiver'],
    ])('%s answers 404 for an id that names nothing', async (spec, body, message, code, field) => {
      const answer = await call(spec, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message, code, field });
    });

    it.each<[unknown, string]>([
      [-1, 'Product ID must be at least 1'],
      [0, 'Product ID must be at least 1'],
      [2_147_483_648, 'Product ID must be at most 2147483647'],
      [1e20, 'Product ID must be at most 2147483647'],
    ])('refuses product id %s in a body with 400', async (productId, message) => {
      const answer = await call('user POST /api/cart/items', { productId });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, field: 'productId', code: 'INVALID_INPUT' });
    });
  });

  describe('numbers that are no numbers in paths and query strings', () => {
    // Text such as "Infinity" becomes an infinite number when parameters are read; none is a valid id, page or bound.
    const NOT_FINITE = ['Infinity', '-Infinity', '1e400'];
    it.each<[string, string, string, string]>([
      ['admin GET /api/products/{x}', 'id', 'ID', 'a whole number'],
      ['admin PUT /api/products/{x}', 'id', 'ID', 'a whole number'],
      ['admin DELETE /api/products/{x}', 'id', 'ID', 'a whole number'],
      ['admin GET /api/products?page={x}', 'page', 'Page', 'a whole number'],
      ['admin GET /api/products?size={x}', 'size', 'Size', 'a whole number'],
      ['admin GET /api/products/filter?minPrice={x}', 'minPrice', 'Min price', 'a number'],
      ['admin GET /api/products/filter?maxPrice={x}', 'maxPrice', 'Max price', 'a number'],
      ['admin GET /api/products/filter?minQuantity={x}', 'minQuantity', 'Min quantity', 'a whole number'],
      ['admin GET /api/products/filter?maxQuantity={x}', 'maxQuantity', 'Max quantity', 'a whole number'],
      ['admin GET /api/products/filter?page={x}', 'page', 'Page', 'a whole number'],
      ['user PUT /api/cart/items/{x}?quantity=1', 'productId', 'Product ID', 'a whole number'],
      ['user PUT /api/cart/items/{productId}?quantity={x}', 'quantity', 'Quantity', 'a whole number'],
      ['user DELETE /api/cart/items/{x}', 'productId', 'Product ID', 'a whole number'],
      ['admin GET /api/orders?page={x}', 'page', 'Page', 'a whole number'],
      ['admin GET /api/orders?size={x}', 'size', 'Size', 'a whole number'],
      ['admin GET /api/orders/{x}', 'id', 'ID', 'a whole number'],
      ['admin PUT /api/orders/{x}/status', 'id', 'ID', 'a whole number'],
      ['user GET /api/chat/rooms/{x}/messages', 'roomId', 'Room ID', 'a whole number'],
      ['user GET /api/chat/rooms/{roomId}/messages?page={x}', 'page', 'Page', 'a whole number'],
      ['user GET /api/chat/rooms/{roomId}/messages?size={x}', 'size', 'Size', 'a whole number'],
      ['user GET /api/chat/rooms/{roomId}/messages?before={x}', 'before', 'Before', 'a whole number'],
      ['user GET /api/chat/rooms/{x}/unread-count', 'roomId', 'Room ID', 'a whole number'],
      ['user POST /api/chat/rooms/{x}/mark-as-read', 'roomId', 'Room ID', 'a whole number'],
    ])('%s answers 400 for Infinity, -Infinity and 1e400, naming the field %s', async (spec, field, label, kind) => {
      for (const value of NOT_FINITE) {
        const body = /(PUT \/api\/products|PUT \/api\/orders)/.test(spec)
          ? { ...productFields, status: 'SHIPPED' }
          : undefined;
        const answer = await call(spec.replace('{x}', encodeURIComponent(value)), body);
        expect(answer.status, `${spec} with ${value}`).toBe(400);
        expect(answer.body).toEqual({ message: `${label} must be ${kind}`, field, code: 'INVALID_INPUT' });
      }
    });
  });

  describe('size and content type', () => {
    it('refuses a body just over 1 MB with 413 and says the limit', async () => {
      const raw = JSON.stringify({ address: 'Too far' });
      const padded = raw + ' '.repeat(ONE_MEGABYTE + 1 - raw.length);
      expect(Buffer.byteLength(padded)).toBe(ONE_MEGABYTE + 1);
      const answer = await send('user', 'PUT', '/api/users/profile', padded);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual(TOO_LARGE);
    });

    it('refuses a far larger body the same way', async () => {
      const answer = await call('user POST /api/chat/rooms/{roomId}/messages', {
        content: 'x'.repeat(5 * ONE_MEGABYTE),
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual(TOO_LARGE);
    });

    it.each([
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'image/png',
      '',
    ])('answers 415 to content type %j', async (contentType) => {
      const answer = await send('user', 'POST', '/api/cart/items', '{"productId":1}', { 'content-type': contentType });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual(UNSUPPORTED_TYPE);
    });

    it('refuses JSON sent as text/plain as an unsupported type', async () => {
      const body = JSON.stringify({ productId: fixture.productId });
      const answer = await send('user', 'POST', '/api/cart/items', body, { 'content-type': 'text/plain' });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual(UNSUPPORTED_TYPE);
    });

    it('refuses a Content-Length that does not match the body', async () => {
      const headers = { ...JSON_HEADERS, 'content-length': '5' };
      const answer = await send('user', 'PUT', '/api/users/profile', '{"address":"Short"}', headers);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Content-Length does not match the body', code: 'MALFORMED_REQUEST' });
    });
  });

  describe('unknown endpoints and tokens', () => {
    it.each<[Method, string, string]>([
      ['GET', '/api/nope', 'No such endpoint: GET /api/nope'],
      ['GET', '/api/nope?token=secret', 'No such endpoint: GET /api/nope'],
      ['PATCH', '/api/products/1', 'No such endpoint: PATCH /api/products/1'],
      ['POST', '/api/chat/rooms/1/unknown', 'No such endpoint: POST /api/chat/rooms/1/unknown'],
      ['DELETE', '/api/orders/1', 'No such endpoint: DELETE /api/orders/1'],
    ])('answers 404 {message} to %s %s, without echoing the query', async (method, path, message) => {
      const answer = await send('anonymous', method, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message, code: 'NO_SUCH_ENDPOINT' });
    });

    it('answers 401 with a clean message to missing, malformed and forged tokens', async () => {
      const forged = `${tokens.user.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
      const headers = [
        '',
        'Bearer',
        'Bearer ',
        'Basic YWRtaW46YWRtaW4=',
        'Bearer null',
        'Bearer a.b.c',
        `Bearer ${forged}`,
        `Bearer ${'a'.repeat(20_000)}`,
        `Bearer ${tokens.user} extra`,
      ];
      for (const authorization of headers) {
        const answer = await shop.request('PUT', '/api/users/profile', {
          headers: { authorization, ...JSON_HEADERS },
          body: '{"address":"Forged"}',
        });
        expectCleanRefusal(answer, 401, authorization.slice(0, 40));
      }
    });
  });

  describe('hostile bodies to every endpoint that writes', () => {
    it.each(WRITE_ENDPOINTS)('%s answers each with a clean 400', async (spec, template) => {
      // Each raw body, and the field the answer names: none for a body that is wrong as a whole.
      const bodies: [string, string?][] = UNPARSEABLE.map((raw) => [raw]);
      if (template) {
        const valid = template(fixture);
        bodies.push(...[...WRONG_SHAPE, ...PROTOTYPE_POISON].map((raw): [string] => [raw]));
        for (const field of Object.keys(valid)) {
          for (const raw of HOSTILE_VALUES) bodies.push([withRawField(valid, field, raw), field]);
        }
      }
      for (const [raw, field] of bodies) {
        expectCleanRefusal(await callRaw(spec, raw), 400, `${spec} ${raw.slice(0, 60)}`, field);
      }
    });
  });

  it('wrote nothing: products, carts, orders, profile, rooms and accounts are as before', async () => {
    expect(await snapshot()).toEqual(before);
  });
});

describe('requests that are large or unusual but valid', () => {
  it('accepts a body of exactly 1 MB', async () => {
    const token = await shop.register('large-body');
    const raw = JSON.stringify({ address: '1 Big Street' });
    const padded = raw + ' '.repeat(ONE_MEGABYTE - raw.length);
    expect(Buffer.byteLength(padded)).toBe(ONE_MEGABYTE);
    const answer = await shop.request('PUT', '/api/users/profile', { token, body: padded, headers: JSON_HEADERS });
    expect(answer.status).toBe(200);
    expect(answer.body.address).toBe('1 Big Street');
  });

  it('accepts a product with every field at its maximum size', async () => {
    const imageUrls = Array.from({ length: 20 }, (_, i) => `https://images.example.com/${i}/${'p'.repeat(2000)}.png`);
    const body = {
      name: 'N'.repeat(200),
      description: 'D'.repeat(5000),
      price: 1_000_000,
      quantity: 1_000_000,
      imageUrls,
    };
    const answer = await shop.request('POST', '/api/products', { token: tokens.admin, body });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: body.name,
      description: body.description,
      imageUrl: imageUrls[0],
      imageUrls,
    });
  });

  it('accepts JSON with a charset parameter', async () => {
    const token = await shop.register('charset-user');
    const answer = await shop.request('POST', '/api/cart/items', {
      token,
      body: JSON.stringify({ productId: fixture.productId }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(1);
  });

  it('runs a DELETE sent with Content-Type: application/json and an empty body', async () => {
    const token = await shop.register('delete-json');
    await shop.request('POST', '/api/cart/items', { token, body: { productId: fixture.productId, quantity: 1 } });
    const line = await shop.request('DELETE', `/api/cart/items/${fixture.productId}`, { token, headers: JSON_HEADERS });
    expect(line.status).toBe(200);
    expect(line.body.items).toEqual([]);

    await shop.request('POST', '/api/cart/items', { token, body: { productId: fixture.productId, quantity: 1 } });
    const cart = await shop.request('DELETE', '/api/cart', { token, headers: JSON_HEADERS });
    expect(cart.status).toBe(200);
    expect(cart.body.items).toEqual([]);

    const product = await shop.createProduct(tokens.admin);
    const deleted = await shop.request('DELETE', `/api/products/${product.id}`, {
      token: tokens.admin,
      headers: JSON_HEADERS,
    });
    expect(deleted.status).toBe(204);
    expect((await shop.request('GET', `/api/products/${product.id}`, { token })).status).toBe(404);

    const account = await shop.request('DELETE', '/api/users/account', { token, headers: JSON_HEADERS });
    expect(account.status).toBe(204);
    expect((await shop.request('GET', '/api/users/profile', { token })).status).toBe(401);
  });
});

// Once-open bugs of the whole service (a NUL character reached PostgreSQL; a malformed URL answered Fastify's raw
// error).
describe('input refused before any query runs', () => {
  it('refuses a NUL character in a product name with 400 on every database', async () => {
    const answer = await send(
      'admin',
      'POST',
      '/api/products',
      JSON.stringify({ ...productFields, name: 'Ther\u0000mometer' }),
    );
    expect(answer.status).toBe(400);
  });

  it('refuses a NUL character in a shipping address with 400 on every database', async () => {
    const token = await shop.register('nul-buyer');
    await shop.request('POST', '/api/cart/items', { token, body: { productId: fixture.productId, quantity: 1 } });
    const answer = await shop.request('POST', '/api/orders/checkout', {
      token,
      body: { shippingAddress: '1 Nul\u0000Street' },
    });
    expect(answer.status).toBe(400);
  });

  it('refuses a NUL character in the product filter with 400 on every database', async () => {
    const answer = await send('user', 'GET', '/api/products/filter?name=a%00b');
    expect(answer.status).toBe(400);
  });

  it('answers a malformed percent-encoding in the path with exactly {message, code}, like every other error', async () => {
    const answer = await send('user', 'POST', '/api/chat/rooms/%E0%A4%A/messages', JSON.stringify({ content: 'hi' }));
    expectCleanRefusal(answer, 400, 'bad URL');
  });
});
