// Traces as an operator collects them: the gateway and the REST service started apart, as in the cluster, export to
// an OTLP/HTTP receiver this test starts. One GraphQL request is one trace: the gateway's request span, the
// operation's, a span per REST call, the REST route's span (joined through traceparent) and its database
// statements; and every log line of the request quotes the trace id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Launched, launch } from '../helpers/launched.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { freePort } from '../helpers/server-process.js';

const SERVER = 2;
const CLIENT = 3;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-traces-'));
const launched: Launched[] = [];
let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  for (const process of launched) process.kill();
  await receiver.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function graphql(port: number, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

it('one request is one trace from the gateway through REST to the database, and its log lines name it', async () => {
  const [port, restPort] = [await freePort(), await freePort()];
  const tracing = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Sent every 100 ms rather than every 5 s: the test need not wait.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
  };
  const rest = launch(
    { direct: 'rest' },
    { ...tracing, DATA_DIR: folder, REST_PORT: String(restPort), ADMIN_PASSWORD: 'admin-pass', SEED_DEMO: 'true' },
  );
  launched.push(rest);
  await rest.said('traces sent to');
  const gateway = launch(
    { direct: 'gateway' },
    { ...tracing, PORT: String(port), REST_URL: `http://127.0.0.1:${restPort}` },
  );
  launched.push(gateway);
  await gateway.said('traces sent to');

  const login = await graphql(
    port,
    'mutation Login { login(input: { username: "admin", password: "admin-pass" }) { token } }',
  );
  const token = (login.data!.login as { token: string }).token;
  // A caller already tracing (a browser's or a proxy's span): the shop's spans join its trace.
  const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const listing = await graphql(port, 'query ProductListing { products(first: 2) { edges { node { name } } } }', {
    authorization: `Bearer ${token}`,
    traceparent: `00-${callerTrace}-00f067aa0ba902b7-01`,
  });
  expect((listing.data!.products as { edges: unknown[] }).edges).toHaveLength(2);

  const inTrace = (name: string, service: string) => (span: ReceivedSpan) =>
    span.traceId === callerTrace && span.name === name && span.service === service;
  const request = await receiver.waitFor(() => receiver.spans.find(inTrace('POST /graphql', 'medshop-gateway')));
  const operation = await receiver.waitFor(() =>
    receiver.spans.find(inTrace('query ProductListing', 'medshop-gateway')),
  );
  const restCall = await receiver.waitFor(() =>
    receiver.spans.find((span) => inTrace('GET /api/products', 'medshop-gateway')(span) && span.kind === CLIENT),
  );
  const restRoute = await receiver.waitFor(() =>
    receiver.spans.find((span) => inTrace('GET /api/products', 'medshop-rest')(span) && span.kind === SERVER),
  );
  const statement = await receiver.waitFor(() =>
    receiver.spans.find(
      (span) =>
        span.service === 'medshop-rest' && span.parentSpanId === restRoute.spanId && span.name === 'SELECT products',
    ),
  );

  // Each the child of the one before: the caller's span, the request, the operation, the call, the route, the
  // statement.
  expect(request).toMatchObject({
    kind: SERVER,
    parentSpanId: '00f067aa0ba902b7',
    attributes: { 'http.request.method': 'POST', 'http.route': '/graphql', 'http.response.status_code': 200 },
  });
  expect(operation).toMatchObject({
    parentSpanId: request.spanId,
    attributes: { 'graphql.operation.type': 'query', 'graphql.operation.name': 'ProductListing' },
    status: 0,
  });
  expect(restCall).toMatchObject({
    parentSpanId: operation.spanId,
    attributes: { 'http.request.method': 'GET', 'url.path': '/api/products', 'http.response.status_code': 200 },
  });
  expect(restRoute).toMatchObject({
    parentSpanId: restCall.spanId,
    attributes: { 'http.route': '/api/products', 'http.response.status_code': 200 },
  });
  expect(statement.traceId).toBe(callerTrace);
  expect(statement.attributes).toMatchObject({
    'db.system.name': 'sqlite',
    'db.operation.name': 'SELECT',
    'db.collection.name': 'products',
  });
  // The statement's text, never its values.
  expect(String(statement.attributes['db.query.text'])).toMatch(/^select .* from "products"/);
  expect(String(statement.attributes['db.query.text'])).toContain('?');

  // The login's statements carry no password nor its hash: only SQL with placeholders.
  const loginTrace = (await receiver.waitFor(() => receiver.spans.find((span) => span.name === 'mutation Login')))
    .traceId;
  const loginRoute = await receiver.waitFor(() =>
    receiver.spans.find(
      (span) => span.traceId === loginTrace && span.name === 'POST /api/auth/login' && span.service === 'medshop-rest',
    ),
  );
  // A route with a body: its statements are its children too.
  await receiver.waitFor(() =>
    receiver.spans.find((span) => span.parentSpanId === loginRoute.spanId && span.name === 'SELECT users'),
  );
  const loginText = JSON.stringify(receiver.spans.filter((span) => span.traceId === loginTrace));
  expect(loginText).not.toContain('admin-pass');
  expect(loginText).not.toContain('$argon2');

  // A caller that decided not to sample its trace: neither server records any of it.
  const unsampledTrace = '0af7651916cd43dd8448eb211c80319c';
  await graphql(port, 'query NotSampled { products(first: 1) { totalCount } }', {
    authorization: `Bearer ${token}`,
    traceparent: `00-${unsampledTrace}-b7ad6b7169203331-00`,
  });

  // A failed operation's span says so, with its code.
  await graphql(port, 'query Anonymous { products(first: 1) { totalCount } }');
  const refused = await receiver.waitFor(() => receiver.spans.find((span) => span.name === 'query Anonymous'));
  expect(refused).toMatchObject({ status: 2, attributes: { 'graphql.error.codes': 'UNAUTHENTICATED' } });
  // Its REST route's span came after anything of the unsampled request would have.
  await receiver.waitFor(() =>
    receiver.spans.find(
      (span) => span.traceId === refused.traceId && span.service === 'medshop-rest' && span.kind === SERVER,
    ),
  );
  expect(receiver.spans.filter((span) => span.traceId === unsampledTrace || span.name === 'query NotSampled')).toEqual(
    [],
  );

  // An operation over the socket is a trace of its own, with its REST calls.
  const socket = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const overSocket = await new Promise((resolve, reject) => {
    socket.subscribe(
      { query: 'query SocketProducts { products(first: 1) { totalCount } }' },
      { next: resolve, error: reject, complete: () => undefined },
    );
  });
  expect(overSocket).toMatchObject({ data: { products: { totalCount: expect.any(Number) } } });
  await socket.dispose();
  const socketOperation = await receiver.waitFor(() =>
    receiver.spans.find((span) => span.name === 'query SocketProducts'),
  );
  expect(socketOperation).toMatchObject({
    parentSpanId: undefined,
    attributes: { 'graphql.operation.type': 'query', 'graphql.operation.name': 'SocketProducts' },
  });
  await receiver.waitFor(() =>
    receiver.spans.find(
      (span) =>
        span.parentSpanId === socketOperation.spanId && span.name === 'GET /api/products' && span.kind === CLIENT,
    ),
  );

  // Every line of the request, on both servers, quotes the trace; the one-line summaries included.
  await gateway.said('ProductListing');
  await rest.said('GET /api/products 200');
  const summary = jsonLines(gateway.output()).find((line) => line.operation === 'ProductListing')!;
  expect(summary).toMatchObject({
    method: 'POST',
    path: '/graphql',
    status: 200,
    userId: 1,
    upstreamCalls: 1,
    traceId: callerTrace,
  });
  const ofRequest = (output: string) => jsonLines(output).filter((line) => line.reqId === summary.reqId);
  expect(ofRequest(gateway.output()).map((line) => line.traceId)).toEqual([callerTrace]);
  expect(ofRequest(rest.output()).map((line) => [line.msg, line.traceId])).toEqual([
    [expect.stringMatching(/^GET \/api\/products 200 [\d.]+ ms$/), callerTrace],
  ]);

  for (const part of [gateway, rest]) {
    part.child.kill('SIGTERM');
    expect(await part.ended).toBe(0);
  }
});

it('a checkout with a shipping method, tax by category and a reservation for a bank transfer runs at most 15 SQL statements, counted in its trace', async () => {
  const restPort = await freePort();
  const data = fs.mkdtempSync(path.join(folder, 'checkout-'));
  const rest = launch(
    { direct: 'rest' },
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
      DATA_DIR: data,
      REST_PORT: String(restPort),
      ADMIN_PASSWORD: 'admin-pass',
      SEED_DEMO: 'true',
    },
  );
  launched.push(rest);
  await rest.said('traces sent to');
  const call = async (method: string, route: string, token?: string, body?: unknown, headers = {}) => {
    const response = await fetch(`http://127.0.0.1:${restPort}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  };
  const login = async (username: string, password: string) =>
    String((await call('POST', '/api/auth/login', undefined, { username, password })).body);
  const admin = await login('admin', 'admin-pass');
  const method = await call('POST', '/api/shipping-methods', admin, {
    name: 'Standard',
    minDays: 2,
    maxDays: 4,
    rates: [{ countries: ['DE'], price: 4.9 }],
  });
  expect(method.status).toBe(201);
  expect(
    (await call('POST', '/api/auth/register', undefined, { username: 'traced', password: 'traced-pass' })).status,
  ).toBe(201);
  const buyer = await login('traced', 'traced-pass');
  const [first, second] = (await call('GET', '/api/products', buyer)).body as {
    id: number;
    price: number;
    categoryIds: number[];
  }[];
  // Taxed the most costly way: Germany's standard rate, and a reduced rate for the category above the first
  // product's (the category tree is read to find it).
  const categories = (await call('GET', '/api/categories', admin)).body as { id: number; parentId: number | null }[];
  const above = categories.find((category) => category.id === first!.categoryIds[0])!.parentId!;
  for (const rate of [
    { country: 'DE', rate: 19 },
    { country: 'DE', categoryId: above, rate: 7 },
  ])
    expect((await call('POST', '/api/tax-rates', admin, rate)).status).toBe(201);
  for (const product of [first!, second!])
    expect((await call('POST', '/api/cart/items', buyer, { productId: product.id, quantity: 1 })).status).toBe(200);
  // Paid by bank transfer: the order holds its stock while it waits (the shop's account read with the tax's inputs).
  const account = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000' };
  expect((await call('PUT', '/api/settings/payment', admin, { bankTransfer: account })).status).toBe(200);

  const checkoutTrace = '6e0c63257de34c92bf9efcd03927272e';
  const placed = await call(
    'POST',
    '/api/orders/checkout',
    buyer,
    {
      shippingAddress: '1 Traced Road',
      shippingMethodId: method.body.id,
      shippingCountry: 'DE',
      paymentMethod: 'BANK_TRANSFER',
      expectedTotal: Math.round((first!.price + second!.price + 4.9) * 100) / 100,
    },
    { traceparent: `00-${checkoutTrace}-00f067aa0ba902b7-01`, 'idempotency-key': 'traced-checkout' },
  );
  expect(placed.status).toBe(201);
  expect(placed.body.shippingCost).toBe(4.9);
  expect(placed.body.taxGroups.map((group: { rate: number }) => group.rate)).toContain(7);
  expect(placed.body.payment.status).toBe('AWAITING_PAYMENT');
  // Every statement of the request: each a span of the REST service in its trace, with the database's attributes.
  const route = await receiver.waitFor(() =>
    receiver.spans.find(
      (span) => span.traceId === checkoutTrace && span.service === 'medshop-rest' && span.kind === SERVER,
    ),
  );
  expect(route.attributes['http.response.status_code']).toBe(201);
  const statements = receiver.spans
    .filter((span) => span.traceId === checkoutTrace && span.attributes['db.system.name'] !== undefined)
    .map((span) => span.name);
  // The shipping method is read in the checkout's transaction.
  expect(statements).toContain('SELECT shipping_methods');
  expect(statements.length, statements.join(', ')).toBeLessThanOrEqual(15);
});

it("npm start sends OpenTelemetry's default, http/protobuf, and sends the last spans as it stops", async () => {
  const protobufReceiver = await startOtlpReceiver();
  try {
    const [port, restPort] = [await freePort(), await freePort()];
    const shop = launch(
      { npm: ['start'] },
      {
        DATA_DIR: folder,
        PORT: String(port),
        REST_PORT: String(restPort),
        ADMIN_PASSWORD: 'admin-pass',
        OTEL_EXPORTER_OTLP_ENDPOINT: protobufReceiver.url,
        // Nothing is sent on a schedule within the test: what arrives is what the stop sent.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        OTEL_SERVICE_NAME: 'shop-under-test',
        LOG_LEVEL: 'info',
      },
    );
    launched.push(shop);
    await shop.said('Medshop is running');
    await graphql(port, 'mutation SignIn { login(input: { username: "admin", password: "admin-pass" }) { token } }');
    expect(protobufReceiver.requests).toEqual([]);
    shop.child.kill('SIGTERM');
    expect(await shop.ended).toBe(0);
    expect(protobufReceiver.requests).toEqual([{ path: '/v1/traces', contentType: 'application/x-protobuf' }]);
    // Protobuf keeps strings as they are: the service, the operation and the REST route can be read in the bytes.
    const bytes = protobufReceiver.protobufBodies[0]!.toString('latin1');
    for (const text of ['shop-under-test', 'mutation SignIn', 'POST /api/auth/login']) expect(bytes).toContain(text);
  } finally {
    await protobufReceiver.close();
  }
});
