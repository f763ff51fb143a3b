// Where the metrics are served: with METRICS_PORT, `npm start` serves one endpoint for both of its parts (each series
// names its service), on that port only; `start:rest` and `start:gateway` each their own. Without it, none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PROJECT_ROOT, type Launched, launch } from '../helpers/launched.js';
import { redisReachable } from '../helpers/redis.js';
import { freePort } from '../helpers/server-process.js';

/** The public Login operation's hash (gateway/public-documents.json, as docs/graph.md publishes it). */
const PUBLIC_LOGIN_HASH = Object.entries(
  JSON.parse(fs.readFileSync('gateway/public-documents.json', 'utf8')) as Record<string, string>,
).find(([, text]) => text.startsWith('mutation Login('))![0];
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-metrics-'));
const launched: Launched[] = [];
afterAll(() => {
  for (const process of launched) process.kill();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('npm start with METRICS_PORT serves both parts on that port; start:rest and start:gateway each their own', async () => {
  const [port, restPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const shop = launch(
    { npm: ['start'] },
    {
      DATA_DIR: folder,
      PORT: String(port),
      REST_PORT: String(restPort),
      METRICS_PORT: String(metricsPort),
      ADMIN_PASSWORD: 'admin-pass',
      LOG_LEVEL: 'info',
    },
  );
  launched.push(shop);
  await shop.said('Medshop is running');
  expect(shop.output()).toContain(`metrics at http://127.0.0.1:${metricsPort}/metrics`);
  // Before any request: which release runs, and the e-mail outcomes at 0 (an alert on failures needs the series).
  const version = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  const first = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  for (const service of ['rest', 'gateway'])
    expect(first).toMatch(
      new RegExp(
        `^medshop_build_info\\{service="${service}",version="${version}",node="${process.version}"\\} 1$`,
        'm',
      ),
    );
  for (const outcome of ['sent', 'retry', 'failed'])
    expect(first).toMatch(new RegExp(`^mail_deliveries_total\\{outcome="${outcome}"\\} 0$`, 'm'));
  // No REDIS_URL: no Redis connection to report.
  expect(first).not.toContain('redis_connected{');
  // The public Login of docs/graph.md, by its hash: an operation the shop knows, so counted by its name.
  await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'Login',
      variables: { input: { username: 'admin', password: 'admin-pass' } },
      extensions: { persistedQuery: { version: 1, sha256Hash: PUBLIC_LOGIN_HASH } },
    }),
  });
  // A name the shop does not know is counted as other, however many there are.
  for (const name of ['JunkOne', 'JunkTwo']) {
    await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query ${name} { __typename }` }),
    });
  }
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(text).toMatch(/^http_requests_total\{service="gateway",method="POST",route="\/graphql",status="200"\} 3$/m);
  expect(text).toMatch(
    /^http_requests_total\{service="rest",method="POST",route="\/api\/auth\/login",status="200"\} 1$/m,
  );
  expect(text).toMatch(/^graphql_operations_total\{operation="Login",type="mutation",outcome="ok"\} 1$/m);
  expect(text).toMatch(/^graphql_operations_total\{operation="other",type="query",outcome="ok"\} 2$/m);
  expect(text).not.toContain('Junk');
  // The REST calls of each operation: the public Login made two (the login, then the viewer it answers with).
  expect(text).toMatch(/^graphql_operation_upstream_calls_bucket\{le="1",operation="Login",type="mutation"\} 0$/m);
  expect(text).toMatch(/^graphql_operation_upstream_calls_bucket\{le="2",operation="Login",type="mutation"\} 1$/m);
  expect(text).toMatch(/^graphql_operation_upstream_calls_sum\{operation="Login",type="mutation"\} 2$/m);
  shop.child.kill('SIGTERM');
  expect(await shop.ended).toBe(0);

  // Apart: each process its own endpoint, with its own series only; on Redis, where there is one, each says it is
  // connected.
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = (await redisReachable(redisUrl))
    ? { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `metrics-${port}:` }
    : {};
  if (!redis.REDIS_URL) console.warn(`\n!!! Redis is not reachable at ${redisUrl}: redis_connected is not checked.\n`);
  const [restMetrics, gatewayMetrics] = [await freePort(), await freePort()];
  const rest = launch(
    { npm: ['run', 'start:rest'] },
    {
      DATA_DIR: folder,
      REST_PORT: String(restPort),
      METRICS_PORT: String(restMetrics),
      ADMIN_PASSWORD: 'admin-pass',
      LOG_LEVEL: 'info',
      ...redis,
    },
  );
  launched.push(rest);
  await rest.said(`metrics at http://127.0.0.1:${restMetrics}/metrics`);
  const gateway = launch(
    { npm: ['run', 'start:gateway'] },
    {
      PORT: String(port),
      REST_URL: `http://127.0.0.1:${restPort}`,
      METRICS_PORT: String(gatewayMetrics),
      LOG_LEVEL: 'info',
      ...redis,
    },
  );
  launched.push(gateway);
  await gateway.said(`metrics at http://127.0.0.1:${gatewayMetrics}/metrics`);
  await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products { totalCount } }' }),
  });
  const restText = await (await fetch(`http://127.0.0.1:${restMetrics}/metrics`)).text();
  const gatewayText = await (await fetch(`http://127.0.0.1:${gatewayMetrics}/metrics`)).text();
  expect(restText).toMatch(
    /^http_requests_total\{service="rest",method="GET",route="\/api\/products",status="401"\} 1$/m,
  );
  expect(restText).not.toContain('service="gateway"');
  expect(gatewayText).toMatch(
    /^graphql_operations_total\{operation="anonymous",type="query",outcome="UNAUTHENTICATED"\} 1$/m,
  );
  expect(gatewayText).not.toContain('service="rest"');
  if (redis.REDIS_URL) {
    expect(restText).toMatch(/^redis_connected\{service="rest"\} 1$/m);
    expect(gatewayText).toMatch(/^redis_connected\{service="gateway"\} 1$/m);
  }
  for (const part of [gateway, rest]) {
    part.child.kill('SIGTERM');
    expect(await part.ended).toBe(0);
  }
});
