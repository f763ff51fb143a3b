// How failures reach a GraphQL client (DESIGN §5), end to end: a REST service that is down, slow, failing (5xx) or
// dropping connections is UPSTREAM_UNAVAILABLE with one generic message; 401 is UNAUTHENTICATED, 403 FORBIDDEN,
// 404 null, 400/409 userErrors; a failing field leaves its siblings' data; production answers show no internals.
// Faults come from a proxy in front of the real REST service (tests/helpers/fault-proxy.ts).
import net from 'node:net';
import type { Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HASH_MISMATCH } from '../src/app.js';
import { type FaultProxy, startFaultProxy } from '../../tests/helpers/fault-proxy.js';
import { forgedAdminToken, within } from '../../tests/helpers/socket-feed.js';
import { type Gateway, type Shop, startGateway, startShop, withoutCost } from '../../tests/helpers/shop.js';

const UNAVAILABLE = 'The shop is temporarily unavailable. Please try again in a moment.';
/** Short, so that a slow answer is provoked quickly; the shop's default is 10 s. */
const REST_TIMEOUT_MS = '300';

/**
 * A port nothing listens on: 1023, the last privileged port, checked closed. A port taken from the system and let go
 * could be taken by another test file's server meanwhile (the files run side by side); no test server takes a port
 * below 1024.
 */
async function closedPort(): Promise<number> {
  const port = 1023;
  const refused = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
  if (!refused) throw new Error(`Something listens on 127.0.0.1:${port}: this test needs a port nothing listens on`);
  return port;
}

/** The errors a socket operation is refused with. */
function refusalOf(
  client: Client,
  query: string,
): Promise<readonly { message: string; extensions?: Record<string, unknown> }[]> {
  return within(
    new Promise((resolve, reject) => {
      client.subscribe(
        { query },
        {
          next: (event) => reject(new Error(`the operation was executed: ${JSON.stringify(event)}`)),
          error: (errors) =>
            Array.isArray(errors) ? resolve(errors) : reject(new Error(`the socket failed: ${String(errors)}`)),
          complete: () => reject(new Error('the operation completed without an error')),
        },
      );
    }),
    'a refusal',
  );
}

let shop: Shop;
let proxy: FaultProxy;
/** In front of the fault proxy, with a short REST deadline. */
let proxied: Gateway;
/** The same, with NODE_ENV=production. */
let production: Gateway;
let admin: string;
let buyer: string;
let productId: string;

beforeAll(async () => {
  shop = await startShop();
  proxy = await startFaultProxy(shop.rest.url);
  proxied = await startGateway(shop.rest.url, { restUrl: proxy.url, env: { REST_TIMEOUT_MS } });
  production = await startGateway(shop.rest.url, {
    restUrl: proxy.url,
    env: { REST_TIMEOUT_MS, NODE_ENV: 'production' },
  });
  admin = await shop.adminToken();
  buyer = await shop.user('error-buyer');
  await shop.rest.createProduct(admin, { name: 'Elastic Bandage', price: 4.5, quantity: 20 });
  const listing = await shop.graphql(
    '{ products(first: 1, filter: { name: "Elastic Bandage" }) { edges { node { id } } } }',
    {},
    buyer,
  );
  productId = listing.data.products.edges[0].node.id;
});
afterEach(() => proxy.heal());
afterAll(async () => {
  await production?.close();
  await proxied?.close();
  await proxy?.close();
  await shop?.close();
});

describe('the REST service is down', () => {
  let restUrl: string;
  let down: Gateway;
  let productionDown: Gateway;
  beforeAll(async () => {
    restUrl = `http://127.0.0.1:${await closedPort()}`;
    down = await startGateway(restUrl);
    productionDown = await startGateway(restUrl, { env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await down?.close();
    await productionDown?.close();
  });

  it('tells a load balancer it is not ready (/readyz 503) while staying alive (/healthz 200); ready again with the REST service', async () => {
    const readyz = async (gateway: Gateway) => {
      const response = await fetch(gateway.url.replace('/graphql', '/readyz'));
      return [response.status, await response.json()];
    };
    expect(await readyz(down)).toEqual([503, { status: 'unavailable', rest: 'unreachable', redis: 'ok' }]);
    expect((await fetch(down.url.replace('/graphql', '/healthz'))).status).toBe(200);
    expect(await readyz(proxied)).toEqual([200, { status: 'ready', rest: 'ok', redis: 'ok' }]);
  });

  it('answers a query with UPSTREAM_UNAVAILABLE and the generic message, the field being null', async () => {
    const answer = await down.graphql('{ products(first: 5) { totalCount } }', {}, buyer);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ products: null });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({
      message: UNAVAILABLE,
      path: ['products'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('answers a mutation with UPSTREAM_UNAVAILABLE as a GraphQL error, not as a userError', async () => {
    const answer = await down.graphql(
      'mutation { login(input: { username: "error-buyer", password: "secret1" }) { token userErrors { message } } }',
    );
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
      [UNAVAILABLE, 'UPSTREAM_UNAVAILABLE'],
    ]);
  });

  it('names no upstream address or socket error; in production there is no stack trace either, where development shows one', async () => {
    const { port } = new URL(restUrl);
    const query = '{ products(first: 5) { totalCount } viewer { cart { itemCount } } }';
    const developmentAnswer = await down.graphql(query, {}, buyer);
    for (const error of developmentAnswer.errors!) {
      expect(error.message).toBe(UNAVAILABLE);
      // Development shows where the error was raised (so the production check below can fail)…
      expect(error.extensions?.stacktrace).toEqual(expect.any(Array));
    }

    const productionAnswer = await productionDown.graphql(query, {}, buyer);
    expect(productionAnswer.errors).toHaveLength(2);
    for (const error of productionAnswer.errors!) {
      expect(error).toEqual({
        message: UNAVAILABLE,
        path: expect.any(Array),
        locations: expect.any(Array),
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
    }
    // …and neither mode tells where the REST service lives or how reaching it failed.
    for (const answer of [developmentAnswer, productionAnswer]) {
      const text = JSON.stringify(answer);
      for (const secret of ['127.0.0.1', `:${port}`, 'ECONNREFUSED', '/api/']) expect(text).not.toContain(secret);
    }
  });

  it('closes a socket with 1013 (try again later) rather than 4403, naming nothing of the upstream', async () => {
    const closed = await within(
      new Promise<{ code: number; reason: string }>((resolve) => {
        const client = productionDown.socket(buyer, { onNonLazyError: () => undefined });
        client.on('closed', (event) => resolve(event as { code: number; reason: string }));
      }),
      'the socket closing',
    );
    expect(closed.code).toBe(1013);
    expect(closed.reason).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });
});

describe('the REST service misbehaves', () => {
  const PRODUCT = 'query ($id: ID!) { product(id: $id) { name } }';

  it('answers UPSTREAM_UNAVAILABLE when the REST service answers later than REST_TIMEOUT_MS', async () => {
    proxy.inject({ delayMs: 5_000 });
    const answer = await proxied.graphql(PRODUCT, { id: productId }, buyer);
    expect(answer.data).toEqual({ product: null });
    expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
      [UNAVAILABLE, 'UPSTREAM_UNAVAILABLE'],
    ]);
  });

  it('gives the whole operation one deadline (REQUEST_TIMEOUT_MS): calls that each answer in time cannot add up past it', async () => {
    const ADD_THREE = `mutation ($input: AddToCartInput!) {
      a: addToCart(input: $input) { cart { itemCount } }
      b: addToCart(input: $input) { cart { itemCount } }
      c: addToCart(input: $input) { cart { itemCount } }
    }`;
    const deadlined = await startGateway(shop.rest.url, {
      restUrl: proxy.url,
      env: { REST_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '3000' },
    });
    const patient = await startGateway(shop.rest.url, { restUrl: proxy.url, env: { REST_TIMEOUT_MS: '5000' } });
    const shopper = await shop.user('deadline-buyer');
    try {
      // Each change of the cart answers in 1.1 s, well within REST_TIMEOUT_MS; the mutation's fields run one after
      // another. (The reads a gateway may make first, to check the cart limits, are not slowed: one each request.)
      // a and b end near 2.2 s, 0.8 s before the deadline; c would end near 3.3 s, and is cut at 3 s: room for a busy
      // machine either way (at 800 ms and 2 s, b was cut in a CI run; at 500 ms and 1.2 s, at load 8).
      proxy.inject({ delayMs: 1100 }, /\/api\/cart\/items/);
      const input = { productId, quantity: 1 };
      const cut = await deadlined.graphql(ADD_THREE, { input }, shopper);
      // a and b ran (2.2 s); c ran into the deadline, and its non-null payload takes the data with it.
      expect(cut.errors!.map((error) => [error.path, error.extensions?.code])).toEqual([
        [['c'], 'UPSTREAM_UNAVAILABLE'],
      ]);
      expect(cut.data).toBeUndefined();
      // Without the operation's deadline the same three calls all finish: each one was within its own.
      const whole = await patient.graphql(ADD_THREE, { input }, shopper);
      expect(whole.errors).toBeUndefined();
      expect(Object.keys(whole.data)).toEqual(['a', 'b', 'c']);
    } finally {
      await deadlined.close();
      await patient.close();
    }
  });

  it('answers UPSTREAM_UNAVAILABLE to a 503, and what the REST service said stays out of the answer', async () => {
    proxy.inject({ status: 503, body: { message: 'PSQLException: connection to db-primary.internal:5432 refused' } });
    const answer = await proxied.graphql(PRODUCT, { id: productId }, buyer);
    expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
      [UNAVAILABLE, 'UPSTREAM_UNAVAILABLE'],
    ]);
    expect(JSON.stringify(answer)).not.toMatch(/PSQLException|db-primary|5432/);
  });

  it('sends a GET again once when its connection is closed under it (a proxy closing idle ones), but not a POST without an idempotency key', async () => {
    // A shopper of its own: the cart line it adds stays out of the other tests' way.
    const shopper = await shop.user('dropped-connection');
    const cart = '{ viewer { cart { itemCount } } }';
    const before = (await proxied.graphql(cart, {}, shopper)).data.viewer.cart.itemCount as number;
    shop.resetCalls();
    proxy.inject({ drop: true, once: true }, /^\/api\/cart$/);
    expect((await proxied.graphql(cart, {}, shopper)).data).toEqual({ viewer: { cart: { itemCount: before } } });
    // The dropped one never reached the REST service; the second did.
    expect(shop.calls.filter((call) => call === 'GET /api/cart')).toHaveLength(1);

    proxy.inject({ drop: true, once: true }, /^\/api\/cart\/items/);
    const add =
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { cart { itemCount } userErrors { message } } }';
    const refused = await proxied.graphql(add, { id: productId }, shopper);
    expect(refused.errors!.map((error) => error.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
    // Not sent again: the cart is as it was, and the same mutation, sent by the client again, adds one.
    expect((await proxied.graphql(cart, {}, shopper)).data.viewer.cart.itemCount).toBe(before);
    expect((await proxied.graphql(add, { id: productId }, shopper)).data.addToCart.cart.itemCount).toBe(before + 1);
  });

  it('answers UPSTREAM_UNAVAILABLE when the connection is dropped, and serves again once the REST service does', async () => {
    proxy.inject({ drop: true });
    const failed = await proxied.graphql(PRODUCT, { id: productId }, buyer);
    expect(failed.errors!.map((error) => error.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);

    proxy.heal();
    const served = await proxied.graphql(PRODUCT, { id: productId }, buyer);
    expect(served).toMatchObject({ data: { product: { name: 'Elastic Bandage' } } });
    expect(served.errors).toBeUndefined();
  });

  it('keeps the data of a root field when its sibling fails upstream', async () => {
    proxy.inject({ status: 503 }, /^\/api\/cart/);
    const answer = await proxied.graphql(
      `query ($id: ID!) { product(id: $id) { name price } viewer { cart { itemCount } } }`,
      { id: productId },
      buyer,
    );
    expect(answer.data).toEqual({ product: { name: 'Elastic Bandage', price: 4.5 }, viewer: null });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({
      message: UNAVAILABLE,
      path: ['viewer', 'cart'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('closes a socket it cannot check the token of with 1013, and the client reconnects by itself once the REST service answers', async () => {
    proxy.inject({ status: 503 }, /^\/api\/users\/profile/);
    const closeCodes: number[] = [];
    let client: Client | undefined;
    try {
      await within(
        new Promise<void>((resolve) => {
          client = proxied.socket(buyer, {
            retryAttempts: 3,
            // Immediately: the REST service is healed when the first close arrives.
            retryWait: async () => undefined,
            onNonLazyError: () => undefined,
            on: {
              closed: (event) => {
                closeCodes.push((event as { code: number }).code);
                proxy.heal();
              },
              connected: () => resolve(),
            },
          });
        }),
        'the socket connecting again',
      );
      expect(closeCodes).toEqual([1013]);
    } finally {
      await client?.dispose();
    }
  });
});

describe('probes while the REST service is slow', () => {
  it('answers /livez at once, and /readyz within a second (503) with one REST call for every probe, kept a second', async () => {
    // A proxy of its own (the socket test above heals the shared one as its client closes), and the shop's own REST
    // deadline (10 s): the probe's bound is its own.
    const slow = await startFaultProxy(shop.rest.url);
    const patient = await startGateway(shop.rest.url, { restUrl: slow.url });
    try {
      let restCalls = 0;
      slow.inject(
        {
          meanwhile: async () => {
            restCalls += 1;
            await new Promise((resolve) => setTimeout(resolve, 3000));
          },
        },
        /^\/healthz/,
      );
      const probe = async (path: string) => {
        const started = performance.now();
        const response = await fetch(patient.url.replace('/graphql', path));
        return { status: response.status, body: await response.json(), ms: performance.now() - started };
      };
      const together = await Promise.all([probe('/readyz'), probe('/readyz'), probe('/readyz'), probe('/livez')]);
      expect(together.map(({ status, body }) => [status, body])).toEqual([
        [503, { status: 'unavailable', rest: 'unreachable', redis: 'ok' }],
        [503, { status: 'unavailable', rest: 'unreachable', redis: 'ok' }],
        [503, { status: 'unavailable', rest: 'unreachable', redis: 'ok' }],
        [200, { status: 'alive' }],
      ]);
      for (const readiness of together.slice(0, 3)) expect(readiness.ms).toBeGreaterThan(900);
      for (const readiness of together.slice(0, 3)) expect(readiness.ms).toBeLessThan(2500);
      expect(together[3]!.ms).toBeLessThan(500);
      expect(restCalls).toBe(1);
      // Asked again straight away: the answer kept, no new call.
      const again = await probe('/readyz');
      expect([again.status, again.ms < 500, restCalls]).toEqual([503, true, 1]);
      // REST answers promptly again: ready once the kept answer is a second old.
      slow.heal();
      await expect.poll(async () => (await probe('/readyz')).status, { timeout: 5000, interval: 100 }).toBe(200);
    } finally {
      await patient.close();
      await slow.close();
    }
  });
});

describe('refusals of the REST service', () => {
  it('answers a forged token with UNAUTHENTICATED where the viewer is read', async () => {
    const answer = await shop.graphql('{ viewer { username } }', {}, forgedAdminToken());
    expect(answer.data).toEqual({ viewer: null });
    expect(answer.errors!.map((error) => [error.path, error.extensions?.code])).toEqual([
      [['viewer', 'username'], 'UNAUTHENTICATED'],
    ]);
  });

  it('answers a mutation with a refused token with UNAUTHENTICATED, not with a userError', async () => {
    const answer = await shop.graphql(
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { cart { itemCount } userErrors { message } } }',
      { id: productId },
      forgedAdminToken(),
    );
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors!.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });

  it('answers the viewer without a token with null, not with an error', async () => {
    const answer = await shop.graphql('{ viewer { username cart { itemCount } } }');
    expect(answer).toMatchObject({ status: 200, data: { viewer: null } });
    expect(answer.errors).toBeUndefined();
  });

  it('answers a user changing a product with a FORBIDDEN userError, and the product stays as it was', async () => {
    const answer = await shop.graphql(
      'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { price } userErrors { message field code } } }',
      { input: { id: productId, name: 'Elastic Bandage', description: 'Free now', price: 0, quantity: 20 } },
      buyer,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.updateProduct.product).toBeNull();
    expect(answer.data.updateProduct.userErrors).toEqual([
      { message: expect.any(String), field: null, code: 'FORBIDDEN' },
    ]);
    const after = await shop.graphql('query ($id: ID!) { product(id: $id) { price } }', { id: productId }, buyer);
    expect(after.data.product.price).toBe(4.5);
  });

  it('answers marking someone else’s chat room read with a FORBIDDEN userError', async () => {
    const [ann, ben, eve] = await Promise.all(['room-ann', 'room-ben', 'room-eve'].map((name) => shop.user(name)));
    const created = await shop.graphql(
      'mutation { createChatRoom(input: { participantUsername: "room-ben" }) { room { id } userErrors { message } } }',
      {},
      ann,
    );
    const roomId = created.data.createChatRoom.room.id;
    const answer = await shop.graphql(
      'mutation ($id: ID!) { markRoomRead(input: { roomId: $id }) { room { id } userErrors { message field code } } }',
      { id: roomId },
      eve,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.markRoomRead).toEqual({
      room: null,
      userErrors: [{ message: 'You are not a participant of this chat', field: null, code: 'FORBIDDEN' }],
    });
    // The participants themselves may.
    const own = await shop.graphql(
      'mutation ($id: ID!) { markRoomRead(input: { roomId: $id }) { userErrors { code } } }',
      { id: roomId },
      ben,
    );
    expect(own.data.markRoomRead.userErrors).toEqual([]);
  });

  it('answers a 403 outside a mutation with FORBIDDEN and the REST service’s own message', async () => {
    // Our REST service answers no read with 403 (what is not yours is not in your lists), but another implementation
    // of the contract may, e.g. Spring Security's "Access Denied".
    proxy.inject({ status: 403, body: { message: 'Access Denied' } }, /^\/api\/cart/);
    const answer = await proxied.graphql('{ viewer { cart { itemCount } } }', {}, buyer);
    expect(answer.data).toEqual({ viewer: null });
    expect(answer.errors!.map((error) => [error.message, error.path, error.extensions?.code])).toEqual([
      ['Access Denied', ['viewer', 'cart'], 'FORBIDDEN'],
    ]);
  });

  it('refuses a search with NOT_SUPPORTED when the implementation lists every order but ignores search', async () => {
    // Another implementation of the contract with scope=all and paging, but no search: it answers a page of every
    // order, which must not be shown as what was found. Ours says what it searched for; this one does not.
    const everything = {
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 20,
      countsByStatus: { PENDING: 0 },
    };
    proxy.inject({ status: 200, body: everything }, /^\/api\/orders\?/);
    const answer = await proxied.graphql(
      'query ($search: String) { orders(search: $search) { totalCount } }',
      { search: 'ada' },
      admin,
    );
    expect(answer.data).toEqual({ orders: null });
    expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
      [
        "The shop's REST service cannot search orders (it lacks the GET /api/orders?search= extension)",
        'NOT_SUPPORTED',
      ],
    ]);
    // Unsearched, the same answer is the list it is.
    expect((await proxied.graphql('{ orders { totalCount } }', {}, admin)).data).toEqual({ orders: { totalCount: 0 } });
  });

  it('answers an unknown product with null, not with an error', async () => {
    const unknown = Buffer.from('Product:987654').toString('base64url');
    const answer = await shop.graphql('query ($id: ID!) { product(id: $id) { name } }', { id: unknown }, buyer);
    expect(answer).toMatchObject({ data: { product: null } });
    expect(answer.errors).toBeUndefined();
  });

  it('points a userError at the field the REST service names, and reads the message only when it names none', async () => {
    const ADD =
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message field code } } }';
    // A message that reads like it is about the product, with the field saying it is the quantity: the field wins.
    proxy.inject(
      { status: 400, body: { message: 'That product is limited per customer', field: 'quantity' } },
      /^\/api\/cart\/items/,
    );
    expect((await proxied.graphql(ADD, { id: productId }, buyer)).data.addToCart.userErrors).toEqual([
      { message: 'That product is limited per customer', field: 'quantity', code: 'INVALID_INPUT' },
    ]);
    // A field the input does not have is no field of the input.
    proxy.heal();
    proxy.inject(
      { status: 400, body: { message: 'Quantity is limited per customer', field: 'customerTier' } },
      /^\/api\/cart\/items/,
    );
    expect((await proxied.graphql(ADD, { id: productId }, buyer)).data.addToCart.userErrors).toEqual([
      { message: 'Quantity is limited per customer', field: null, code: 'INVALID_INPUT' },
    ]);
    // An implementation that names no field: the message tells.
    proxy.heal();
    proxy.inject({ status: 400, body: { message: 'Quantity is limited per customer' } }, /^\/api\/cart\/items/);
    expect((await proxied.graphql(ADD, { id: productId }, buyer)).data.addToCart.userErrors).toEqual([
      { message: 'Quantity is limited per customer', field: 'quantity', code: 'INVALID_INPUT' },
    ]);
  });

  it('answers more than the stock with a userError on the quantity', async () => {
    const answer = await shop.graphql(
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 999 }) { cart { itemCount } userErrors { message field code } } }',
      { id: productId },
      buyer,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.addToCart).toEqual({
      cart: null,
      userErrors: [{ message: 'Only 20 of Elastic Bandage in stock', field: 'quantity', code: 'INVALID_INPUT' }],
    });
  });
});

describe('production (NODE_ENV=production) and development', () => {
  it('refusals carry no stack trace in production, where development shows one', async () => {
    const query = '{ viewer { username } }';
    const productionAnswer = await production.graphql(query, {}, forgedAdminToken());
    expect(productionAnswer.errors).toEqual([
      {
        message: expect.any(String),
        path: ['viewer', 'username'],
        locations: expect.any(Array),
        extensions: { code: 'UNAUTHENTICATED' },
      },
    ]);
    const developmentAnswer = await proxied.graphql(query, {}, forgedAdminToken());
    expect(developmentAnswer.errors![0]!.extensions?.stacktrace).toEqual(expect.any(Array));
  });

  it('answers a subscription sent over HTTP with a 400 that says where subscriptions are, and logs nothing', async () => {
    const logLines: { level: number }[] = [];
    const logged = await startGateway(shop.rest.url, {
      env: { NODE_ENV: 'production' },
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
    });
    try {
      for (const token of [undefined, buyer]) {
        const answer = await logged.graphql('subscription { productUpdated { id } }', {}, token);
        expect(answer.status).toBe(400);
        expect(answer.errors).toEqual([
          {
            message: 'Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP',
            extensions: { code: 'BAD_REQUEST' },
          },
        ]);
      }
      expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('suggests no field for a misspelled one in production; development does', async () => {
    const query = '{ prodcts(first: 1) { totalCount } }';
    const productionAnswer = await production.graphql(query, {}, buyer);
    expect(productionAnswer.status).toBe(400);
    expect(productionAnswer.errors!.map((error) => error.message)).toEqual([
      'Cannot query field "prodcts" on type "Query".',
    ]);
    expect(JSON.stringify(productionAnswer)).not.toContain('stacktrace');

    const developmentAnswer = await proxied.graphql(query, {}, buyer);
    expect(developmentAnswer.errors).toHaveLength(1);
    expect(developmentAnswer.errors![0]!.message).toMatch(
      /^Cannot query field "prodcts" on type "Query"\. Did you mean "products"/,
    );
  });

  it('answers bad variable values as BAD_USER_INPUT with a clear message, over HTTP and sockets, suggesting nothing in production', async () => {
    const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { token } }';
    const variables = { input: { usernme: 'ann', password: 'secret1' } };
    const expected = [
      'Variable "$input" got invalid value { usernme: "ann", password: "secret1" }; Field "username" of required type "String!" was not provided.',
      'Variable "$input" got invalid value { usernme: "ann", password: "secret1" }; Field "usernme" is not defined by type "LoginInput".',
    ];
    const overHttp = await production.graphql(LOGIN, variables);
    expect(overHttp.errors!.map((error) => [error.message, error.extensions?.code])).toEqual(
      expected.map((message) => [message, 'BAD_USER_INPUT']),
    );

    const productionSocket = production.socket(buyer);
    const developmentSocket = proxied.socket(buyer);
    try {
      const overSocket = await new Promise<readonly { message: string; extensions?: Record<string, unknown> }[]>(
        (resolve) => {
          productionSocket.subscribe(
            { query: LOGIN, variables },
            { next: () => undefined, error: (errors) => resolve(errors as never), complete: () => undefined },
          );
        },
      );
      expect(overSocket.map((error) => [error.message, error.extensions?.code])).toEqual(
        expected.map((message) => [message, 'BAD_USER_INPUT']),
      );
      const inDevelopment = await new Promise<readonly { message: string }[]>((resolve) => {
        developmentSocket.subscribe(
          { query: LOGIN, variables },
          { next: () => undefined, error: (errors) => resolve(errors as never), complete: () => undefined },
        );
      });
      expect(inDevelopment[1]!.message).toBe(`${expected[1]} Did you mean "username"?`);
    } finally {
      await productionSocket.dispose();
      await developmentSocket.dispose();
    }
  });

  it('answers a persisted query whose hash is not its query’s as the client’s mistake, in production too', async () => {
    const body = {
      query: '{ viewer { username } }',
      extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } },
    };
    for (const gateway of [production, proxied]) {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([response.status, withoutCost(await response.json())]).toEqual([
        400,
        { errors: [{ message: HASH_MISMATCH, extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' } }] },
      ]);
    }
  });

  it('suggests no field over the socket in production either; development does', async () => {
    const productionSocket = production.socket(buyer);
    const developmentSocket = proxied.socket(buyer);
    try {
      const query = 'subscription { mesageAdded { id } }';
      const productionErrors = await refusalOf(productionSocket, query);
      expect(productionErrors.map((error) => error.message)).toEqual([
        'Cannot query field "mesageAdded" on type "Subscription".',
      ]);
      expect(JSON.stringify(productionErrors)).not.toContain('stacktrace');

      const developmentErrors = await refusalOf(developmentSocket, query);
      expect(developmentErrors.map((error) => error.message)).toEqual([
        'Cannot query field "mesageAdded" on type "Subscription". Did you mean "messageAdded"?',
      ]);
    } finally {
      await Promise.all([productionSocket.dispose(), developmentSocket.dispose()]);
    }
  });
});
