// The recommended deployment, for real: Debian's nginx in front of two gateways, two REST services on one PostgreSQL,
// all sharing one Redis, each its own process (deploy/cluster.mjs). A shopper's journey through nginx with a live
// chat over its websocket; limits per client counted per real client behind it; and a rolling restart of every
// server, one at a time, under steady load: not one HTTP request fails, and every socket is back within seconds.
// Skipped, loudly, where nginx, PostgreSQL or Redis cannot be had (.ci/run installs and starts them).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, type ClusterPorts, startCluster } from '../../deploy/cluster.mjs';
import { type OtlpReceiver, startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { poll } from '../helpers/poll.js';
import { redisReachable } from '../helpers/redis.js';
import { freePort } from '../helpers/server-process.js';
import { WAIT_MS, listen } from '../helpers/socket-feed.js';
import { type TestDatabase, createTestDatabase, postgresReachable } from '../helpers/test-database.js';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [postgresUp, redisUp] = await Promise.all([postgresReachable(), redisReachable(redisUrl)]);
const missing = [!nginx && 'nginx (apt-get install nginx)', !postgresUp && 'PostgreSQL', !redisUp && 'Redis'].filter(
  Boolean,
);
if (missing.length > 0)
  console.warn(
    `\n!!! The cluster tests are SKIPPED: no ${missing.join(', ')} here. .ci/run installs and starts them.\n`,
  );

/**
 * A client's kept-alive connections, from its own address (127.0.0.x: every one of them is this machine's loopback).
 */
const clients = new Map<string, http.Agent>();
const agentAt = (address: string) => {
  let agent = clients.get(address);
  if (!agent) clients.set(address, (agent = new http.Agent({ keepAlive: true })));
  return agent;
};

/** A POST from `from`, as a browser there would send it. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  from: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        method: 'POST',
        agent: agentAt(from),
        localAddress: from,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe.skipIf(missing.length > 0)('the cluster behind nginx', () => {
  let cluster: Cluster;
  /** Each part's metrics port: rest-1, rest-2, gateway-1, gateway-2. */
  let metricsPorts: number[] = [];
  let database: TestDatabase;
  let dir: string;
  /** Where every part sends its spans, as to a collector. */
  let traces: OtlpReceiver;

  beforeAll(async () => {
    traces = await startOtlpReceiver();
    database = await createTestDatabase('postgres');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-cluster-'));
    const ports: ClusterPorts = {
      public: await freePort(),
      restProxy: await freePort(),
      gateways: [await freePort(), await freePort()],
      rest: [await freePort(), await freePort()],
      metrics: [await freePort(), await freePort(), await freePort(), await freePort()],
    };
    metricsPorts = ports.metrics!;
    cluster = await startCluster({
      dir,
      nginx,
      ports,
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
        SEED_DEMO: 'true',
        ADMIN_PASSWORD: 'admin-pass',
        REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '3',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: traces.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await traces?.close();
    await database?.drop();
    for (const agent of clients.values()) agent.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const wsUrl = () => `${cluster.url.replace('http', 'ws')}/graphql`;

  async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string, from = '127.0.0.1') {
    const answer = await post(
      `${cluster.url}/graphql`,
      JSON.stringify({ query, variables }),
      { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      from,
    );
    let body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = { errors: [{ message: `not JSON: ${answer.text.slice(0, 200)}` }] };
    }
    return { status: answer.status, body };
  }

  const REGISTER = 'mutation ($input: RegisterInput!) { register(input: $input) { userErrors { message code } } }';
  const register = (username: string, from: string) =>
    graphql(
      REGISTER,
      { input: { username, password: 'secret-pass', confirmPassword: 'secret-pass' } },
      undefined,
      from,
    ).then((answer) => answer.body.data?.register.userErrors as unknown[]);
  const login = async (username: string, password = 'secret-pass') =>
    (
      await graphql('mutation ($input: LoginInput!) { login(input: $input) { token } }', {
        input: { username, password },
      })
    ).body.data.login.token as string;

  function socket(token: string, from = '127.0.0.1'): Client {
    class FromAddress extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { localAddress: from });
      }
    }
    return createClient({
      url: wsUrl(),
      webSocketImpl: FromAddress,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: false,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      onNonLazyError: () => undefined,
    });
  }

  it('serves a shopper through nginx: the web app, an account, the catalogue, a checkout, and a live chat over its websocket', async () => {
    const page = await fetch(`${cluster.url}/`);
    expect(page.status).toBe(200);
    // Of inline code, only the page's own first requests run (web/src/app/early-requests.ts), by their hash.
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'self';script-src 'self' 'sha256-[\w+/]+=*';/,
    );
    expect(await page.text()).toContain('<div id="root"></div>');

    expect(await register('cluster-ann', '127.0.0.2')).toEqual([]);
    expect(await register('cluster-ben', '127.0.0.3')).toEqual([]);
    const [ann, ben] = [await login('cluster-ann'), await login('cluster-ben')];
    const listing = await graphql('{ products(first: 3) { totalCount edges { node { id name price } } } }', {}, ann);
    expect(listing.body.data.products.totalCount).toBe(32);
    const product = listing.body.data.products.edges[0].node;
    const added = await graphql(
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 2 }) { cart { totalPrice } userErrors { message } } }',
      { id: product.id },
      ann,
    );
    expect(added.body.data.addToCart.userErrors).toEqual([]);
    const placed = await graphql(
      'mutation ($input: CheckoutInput!) { checkout(input: $input) { order { totalAmount status } userErrors { message } } }',
      {
        input: {
          shippingAddress: '1 Cluster Road',
          expectedTotal: added.body.data.addToCart.cart.totalPrice,
          idempotencyKey: 'cluster-journey',
        },
      },
      ann,
    );
    expect(placed.body.data.checkout).toEqual({
      order: { totalAmount: product.price * 2, status: 'PENDING' },
      userErrors: [],
    });

    // Ben listens on one socket through nginx (whichever gateway it lands on); Ann writes through whichever gateway
    // her request lands on: Redis carries the message between them.
    const bensSocket = socket(ben, '127.0.0.3');
    const feed = listen(bensSocket, 'subscription { messageAdded { content senderUsername } }');
    await listen(bensSocket, '{ viewer { username } }').next();
    const room = await graphql(
      'mutation { createChatRoom(input: { participantUsername: "cluster-ben" }) { room { id } } }',
      {},
      ann,
    );
    const roomId = room.body.data.createChatRoom.room.id as string;
    const send = (content: string) =>
      graphql(
        'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { userErrors { message } } }',
        { input: { roomId, content } },
        ann,
      );
    // The socket's subscription is registered with Redis a moment after it answers: until it is, a message is missed.
    let arrived;
    for (let attempt = 1; !arrived && attempt <= 40; attempt += 1) {
      await send(`hello through nginx ${attempt}`);
      arrived = await feed.nextMatching((event) => /^hello through nginx/.test(event.data?.messageAdded?.content), 250);
    }
    expect(arrived?.data.messageAdded).toEqual({
      content: expect.stringMatching(/^hello through nginx \d+$/),
      senderUsername: 'cluster-ann',
    });
    feed.stop();
    await bensSocket.dispose();
  });

  it('traces a request through nginx, a gateway and a REST service down to PostgreSQL, in one trace', async () => {
    const admin = await login('admin', 'admin-pass');
    const answer = await graphql('query ClusterTraced { products(first: 2) { totalCount } }', {}, admin);
    expect(answer.body.data.products.totalCount).toBe(32);
    const operation = await traces.waitFor(() => traces.spans.find((span) => span.name === 'query ClusterTraced'));
    expect(operation.service).toBe('medshop-gateway');
    const inTrace = () => traces.spans.filter((span) => span.traceId === operation.traceId);
    const route = await traces.waitFor(() =>
      inTrace().find((span) => span.service === 'medshop-rest' && span.name === 'GET /api/products'),
    );
    const statement = await traces.waitFor(() =>
      inTrace().find((span) => span.parentSpanId === route.spanId && span.name === 'SELECT products'),
    );
    expect(statement.attributes['db.system.name']).toBe('postgresql');
    expect(String(statement.attributes['db.query.text'])).toContain('$1');
  });

  it('counts each client behind nginx at its own address: two clients do not share a registration limit', async () => {
    // REGISTRATIONS_PER_ADDRESS_PER_MINUTE is 3 in this cluster.
    for (const name of ['cluster-c1', 'cluster-c2', 'cluster-c3'])
      expect(await register(name, '127.0.0.4')).toEqual([]);
    expect(await register('cluster-c4', '127.0.0.4')).toEqual([
      { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
    ]);
    // Another client, the same nginx: its own count.
    expect(await register('cluster-d1', '127.0.0.5')).toEqual([]);
    // The refusal is counted where it was made: by one of the two REST services, each with its own metrics.
    const refusals = await Promise.all(
      metricsPorts.slice(0, 2).map(async (port) => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        return Number(
          /^rate_limit_refusals_total\{service="rest",limit="registrations"\} (\d+)$/m.exec(text)?.[1] ?? 0,
        );
      }),
    );
    expect(refusals.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('restarts every server, one at a time, under steady load: no HTTP request fails, and every socket is back', async () => {
    const users = ['cluster-load-1', 'cluster-load-2', 'cluster-load-3', 'cluster-load-4'];
    for (const [index, name] of users.entries()) expect(await register(name, `127.0.0.${10 + index}`)).toEqual([]);
    const tokens = await Promise.all(users.map((name) => login(name)));
    // Products with stock to spare: each shopper adds one, then takes it out again.
    const listing = await graphql(
      '{ products(first: 40, filter: { minQuantity: 20 }) { edges { node { id } } } }',
      {},
      tokens[0],
    );
    const products = listing.body.data.products.edges.map((edge: { node: { id: string } }) => edge.node.id) as string[];
    expect(products.length).toBeGreaterThan(4);

    // Open sockets, each following the catalogue; they reconnect as the web app's do.
    const sockets = tokens.flatMap((token) => [socket(token), socket(token)]);
    const states = sockets.map(() => ({ connected: false, reconnections: -1, closeCodes: [] as number[] }));
    sockets.forEach((client, index) => {
      client.on('connected', () =>
        Object.assign(states[index]!, { connected: true, reconnections: states[index]!.reconnections + 1 }),
      );
      client.on('closed', (event) => {
        states[index]!.connected = false;
        states[index]!.closeCodes.push((event as { code: number }).code);
      });
      client.subscribe(
        { query: 'subscription { productUpdated { id quantity } }' },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    });
    /** Until every socket is connected (polled, as a reconnection takes the client's back-off). */
    const everySocketConnected = async (what: string) => {
      if (
        !(await poll(
          async () => states.every((state) => state.connected),
          (all) => all,
          { within: WAIT_MS },
        ))
      )
        throw new Error(`${what}: not within ${WAIT_MS} ms`);
    };
    await everySocketConnected('every socket to connect');

    // Steady load: each shopper browses, puts a product in the cart and takes it out again, over and over.
    const failures: string[] = [];
    let requests = 0;
    let running = true;
    const BROWSE =
      '{ viewer { username cart { itemCount } } products(first: 5) { edges { node { id name price quantity } } } }';
    const ADD =
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { cart { itemCount } userErrors { message } } }';
    const REMOVE =
      'mutation ($id: ID!) { removeCartItem(input: { productId: $id }) { cart { itemCount } userErrors { message } } }';
    const shopper = async (token: string, index: number) => {
      for (let round = 0; running; round += 1) {
        const product = products[(index + Math.floor(round / 3)) % products.length]!;
        const [query, field] = [
          [BROWSE, 'viewer'],
          [ADD, 'addToCart'],
          [REMOVE, 'removeCartItem'],
        ][round % 3]!;
        const answer = await graphql(query!, { id: product }, token);
        requests += 1;
        const refused = answer.body.errors ?? answer.body.data?.[field!]?.userErrors;
        if (answer.status !== 200 || (refused && refused.length > 0))
          failures.push(`${answer.status} ${JSON.stringify(refused)}`);
      }
    };
    const load = tokens.map((token, index) => shopper(token, index));

    const restarted: string[] = [];
    const restartStarted = Date.now();
    await cluster.rollingRestart((name) => restarted.push(name));
    console.warn(
      `The rolling restart of the four servers under load took ${((Date.now() - restartStarted) / 1000).toFixed(1)} s.`,
    );
    expect(restarted).toEqual(['rest-1', 'rest-2', 'gateway-1', 'gateway-2']);
    // Every socket the gateways closed (1001, Going Away) is back, on the other gateway or the new one.
    await everySocketConnected('every socket to be back');
    running = false;
    await Promise.all(load);

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    expect(states.every((state) => state.reconnections >= 1 && state.closeCodes.every((code) => code === 1001))).toBe(
      true,
    );
    await Promise.all(sockets.map((client) => client.dispose()));
  });
});
