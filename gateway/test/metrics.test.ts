// The metrics an operator scrapes (config/metrics.ts), from a real gateway over a real REST service, served on a
// port of their own: requests by route and status, GraphQL operations by name, type and outcome, the REST calls the
// gateway made, the catalogue cache, sockets, subscriptions and events, limits' refusals, and Node's own.
// Counted as differences: this file's process holds one registry for every server it starts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsAddress, startMetricsServer } from '../../config/metrics.js';
import { ask, listen } from '../../tests/helpers/socket-feed.js';
import { type Gateway, type Shop, startGateway, startShop } from '../../tests/helpers/shop.js';

/** The hash the web app sends an operation by: its entry in the trusted documents' manifest (npm run codegen). */
function hashOf(operation: string): string {
  const manifest = JSON.parse(fs.readFileSync('web/src/gql/persisted-documents.json', 'utf8')) as Record<
    string,
    string
  >;
  const hash = Object.keys(manifest).find((key) => manifest[key]!.startsWith(`query ${operation}(`));
  if (!hash) throw new Error(`web/src/gql/persisted-documents.json has no query ${operation}`);
  return hash;
}

/** The public Login operation as docs/graph.md publishes it (gateway/public-documents.json). */
const PUBLIC_LOGIN = Object.values(
  JSON.parse(fs.readFileSync('gateway/public-documents.json', 'utf8')) as Record<string, string>,
).find((text) => text.startsWith('mutation Login('))!;

let shop: Shop;
let gateway: Gateway;
let metricsUrl: string;
let closeMetrics: () => Promise<void>;

beforeAll(async () => {
  shop = await startShop();
  gateway = await startGateway(shop.rest.url, { env: { SUBSCRIPTIONS_PER_SOCKET: '1' } });
  const server = await startMetricsServer(0, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${metricsAddress(server)}/metrics`;
  closeMetrics = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await closeMetrics?.();
  await gateway?.close();
  await shop?.close();
});

/** Every sample of a scrape, by its series (`name{labels}`). */
async function scrape(): Promise<Map<string, number>> {
  const answer = await fetch(metricsUrl);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await answer.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** How much each of `series` grew between two scrapes. */
const grown = (before: Map<string, number>, after: Map<string, number>, series: string[]) =>
  Object.fromEntries(series.map((name) => [name, (after.get(name) ?? 0) - (before.get(name) ?? 0)]));

describe('metrics', () => {
  it('count requests, operations by outcome, REST calls and the catalogue cache, with their times', async () => {
    const buyer = await shop.user('metrics-buyer');
    const before = await scrape();
    const listing = 'query Listing { products(first: 2) { totalCount } }';
    expect((await gateway.graphql(listing, {}, buyer)).errors).toBeUndefined();
    expect((await gateway.graphql(listing, {}, buyer)).errors).toBeUndefined();
    await gateway.graphql(
      'mutation Wrong { changePassword(input: { currentPassword: "not-it", newPassword: "new-secret-1", confirmPassword: "new-secret-1" }) { userErrors { message } } }',
      {},
      buyer,
    );
    await gateway.graphql('{ products { totalCount } }');
    const after = await scrape();

    expect(
      grown(before, after, [
        'http_requests_total{service="gateway",method="POST",route="/graphql",status="200"}',
        'http_request_duration_seconds_count{service="gateway",method="POST",route="/graphql"}',
        'http_requests_total{service="rest",method="GET",route="/api/products",status="200"}',
        'http_requests_total{service="rest",method="GET",route="/api/products",status="401"}',
        // Named, but not operations of the shop's own clients: counted as other.
        'graphql_operations_total{operation="other",type="query",outcome="ok"}',
        'graphql_operations_total{operation="other",type="mutation",outcome="userErrors"}',
        'graphql_operations_total{operation="anonymous",type="query",outcome="UNAUTHENTICATED"}',
        'graphql_operation_duration_seconds_count{operation="other",type="query"}',
        'gateway_upstream_requests_total{method="GET",route="/api/products",status="200"}',
        'gateway_upstream_requests_total{method="GET",route="/api/products",status="401"}',
        'gateway_catalogue_cache_lookups_total{result="hit"}',
        'gateway_catalogue_cache_lookups_total{result="miss"}',
      ]),
    ).toEqual({
      'http_requests_total{service="gateway",method="POST",route="/graphql",status="200"}': 4,
      'http_request_duration_seconds_count{service="gateway",method="POST",route="/graphql"}': 4,
      // The second listing came from the gateway's catalogue cache.
      'http_requests_total{service="rest",method="GET",route="/api/products",status="200"}': 1,
      'http_requests_total{service="rest",method="GET",route="/api/products",status="401"}': 1,
      'graphql_operations_total{operation="other",type="query",outcome="ok"}': 2,
      'graphql_operations_total{operation="other",type="mutation",outcome="userErrors"}': 1,
      'graphql_operations_total{operation="anonymous",type="query",outcome="UNAUTHENTICATED"}': 1,
      'graphql_operation_duration_seconds_count{operation="other",type="query"}': 2,
      'gateway_upstream_requests_total{method="GET",route="/api/products",status="200"}': 1,
      'gateway_upstream_requests_total{method="GET",route="/api/products",status="401"}': 1,
      'gateway_catalogue_cache_lookups_total{result="hit"}': 1,
      'gateway_catalogue_cache_lookups_total{result="miss"}': 2,
    });
    // A REST call by id is counted by its route, not one series per product.
    const id = Buffer.from('Product:1').toString('base64url');
    await gateway.graphql('query One($id: ID!) { product(id: $id) { name } }', { id }, buyer);
    expect(
      [...(await scrape()).keys()].filter(
        (series) => series.startsWith('gateway_upstream_requests_total') && series.includes('/api/products/'),
      ),
    ).toEqual([
      expect.stringMatching(
        /^gateway_upstream_requests_total\{method="GET",route="\/api\/products\/:param",status="(200|404)"\}$/,
      ),
    ]);
  });

  it('name only the operations the shop knows (its trusted documents): 210 junk names count as other, ProductListing keeps its name', async () => {
    const buyer = await shop.user('metrics-browser');
    const before = await scrape();
    for (let index = 0; index < 210; index += 1)
      expect((await gateway.graphql(`query Junk${index} { __typename }`)).errors).toBeUndefined();
    // The web app's listing, by the hash of its trusted document, as the app sends it.
    const listing = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer}` },
      body: JSON.stringify({
        operationName: 'ProductListing',
        variables: { first: 2 },
        extensions: {
          persistedQuery: {
            version: 1,
            sha256Hash: hashOf('ProductListing'),
          },
        },
      }),
    });
    expect(((await listing.json()) as { errors?: unknown }).errors).toBeUndefined();
    // The public Login, by its text: known too.
    expect(
      (await gateway.graphql(PUBLIC_LOGIN, { input: { username: 'metrics-browser', password: 'not-it' } })).errors,
    ).toBeUndefined();
    const after = await scrape();
    expect(
      grown(before, after, [
        'graphql_operations_total{operation="other",type="query",outcome="ok"}',
        'graphql_operations_total{operation="ProductListing",type="query",outcome="ok"}',
        'graphql_operations_total{operation="Login",type="mutation",outcome="userErrors"}',
      ]),
    ).toEqual({
      'graphql_operations_total{operation="other",type="query",outcome="ok"}': 210,
      'graphql_operations_total{operation="ProductListing",type="query",outcome="ok"}': 1,
      'graphql_operations_total{operation="Login",type="mutation",outcome="userErrors"}': 1,
    });
    expect([...after.keys()].filter((series) => series.includes('operation="Junk'))).toEqual([]);
  });

  it('tell open sockets, live subscriptions, events delivered and refusals by limit', async () => {
    const watcher = gateway.socket(await shop.user('metrics-watcher'));
    try {
      const before = await scrape();
      const feed = listen(watcher, 'subscription { productUpdated { id } }');
      const refused = listen(watcher, 'subscription { productUpdated { id } }');
      expect((await refused.refusal())[0]!.extensions).toEqual({ code: 'TOO_MANY_SUBSCRIPTIONS' });
      await ask(watcher, '{ viewer { username } }');
      const live = await scrape();
      expect([live.get('gateway_live{what="sockets"}'), live.get('gateway_live{what="subscriptions"}')]).toEqual([
        1, 1,
      ]);

      await gateway.graphql(
        'mutation { createProduct(input: { name: "Metered", description: "Counted", price: 1, quantity: 1 }) { product { id } } }',
        {},
        await shop.adminToken(),
      );
      await feed.next();
      const after = await scrape();
      expect(
        grown(before, after, [
          'gateway_subscription_events_total',
          'rate_limit_refusals_total{service="gateway",limit="subscriptions-per-socket"}',
        ]),
      ).toEqual({
        gateway_subscription_events_total: 1,
        'rate_limit_refusals_total{service="gateway",limit="subscriptions-per-socket"}': 1,
      });
    } finally {
      await watcher.dispose();
    }
  });

  it('include Node’s own, answer nothing else on their port, and are not on the public one', async () => {
    const samples = await scrape();
    for (const series of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(samples.get(series), series).toBeGreaterThan(0);
    }
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    const publicPort = await fetch(gateway.url.replace('/graphql', '/metrics'));
    expect(await publicPort.text()).not.toContain('# HELP');
  });
});
