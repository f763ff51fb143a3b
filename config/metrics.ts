// Prometheus metrics of the servers in this process, in one registry (prom-client): under `npm start` the REST
// service and the gateway share it, so one endpoint serves both (each series says which, by `service`); run apart,
// each process has its own. Served on METRICS_PORT only (never on a public port), by startMetricsServer; without
// it nothing is counted, so that metrics cost nothing where nobody reads them.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, type LabelValues, Registry, collectDefaultMetrics } from 'prom-client';
import { fromRoot } from './paths.js';

export const registry = new Registry();
let collecting = false;
/** Whether anything is counted: from the moment an endpoint serves the metrics. */
export const metricsOn = () => collecting;

/**
 * Series to show at 0 from the moment the metrics are served: a rate or an alert needs the series before its first
 * event.
 */
const zeroes: (() => void)[] = [];

/** A counter that counts only while the metrics are served. */
class Counted<Label extends string> {
  constructor(private readonly counter: Counter<Label>) {}
  inc(labels: LabelValues<Label> = {}, by = 1): void {
    if (collecting) this.counter.inc(labels, by);
  }
  private readonly declared = new Set<string>();
  /** These series are there, at 0, from the start (an e-mail given up on is then a change from 0, not a new series). */
  declare(...series: LabelValues<Label>[]): void {
    const fresh = series.filter((labels) => !this.declared.has(JSON.stringify(labels)));
    if (fresh.length === 0) return;
    for (const labels of fresh) this.declared.add(JSON.stringify(labels));
    const show = () => {
      for (const labels of fresh) this.counter.inc(labels, 0);
    };
    if (collecting) show();
    else zeroes.push(show);
  }
}
/** A histogram that records only while the metrics are served. */
class Timed<Label extends string> {
  constructor(private readonly histogram: Histogram<Label>) {}
  observe(labels: LabelValues<Label>, seconds: number): void {
    if (collecting) this.histogram.observe(labels, seconds);
  }
}

/** From a millisecond to ten seconds: the shop's answers, and the deadline of its REST calls. */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counted(
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by server, method, route (its pattern) and status',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    registers: [registry],
  }),
);
export const httpDuration = new Timed(
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by server, method and route',
    labelNames: ['service', 'method', 'route'] as const,
    buckets: SECONDS,
    registers: [registry],
  }),
);
export const graphqlOperations = new Counted(
  new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations over HTTP, by name, type and outcome (ok, userErrors, or the first error code)',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [registry],
  }),
);
export const graphqlDuration = new Timed(
  new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'Time from a GraphQL request to its answer, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    buckets: SECONDS,
    registers: [registry],
  }),
);
export const upstreamRequests = new Counted(
  new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'REST calls the gateway made, by method, route and status (error: no answer)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  }),
);
export const upstreamDuration = new Timed(
  new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Time of a REST call the gateway made, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: [registry],
  }),
);
export const subscriptionEvents = new Counted(
  new Counter({
    name: 'gateway_subscription_events_total',
    help: 'Subscription events delivered to sockets',
    registers: [registry],
  }),
);
export const rateLimitRefusals = new Counted(
  new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a limit, by server and limit',
    labelNames: ['service', 'limit'] as const,
    registers: [registry],
  }),
);
export const catalogueCacheLookups = new Counted(
  new Counter({
    name: 'gateway_catalogue_cache_lookups_total',
    help: 'Catalogue queries answered from the gateway (hit) or sent on to REST (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
);

/** What is open now, read when scraped from every part that registered a source (a gateway, a database pool). */
type Reading = Record<string, number>;
function sourcedGauge(name: string, help: string, labelName: string) {
  const sources = new Set<() => Reading>();
  new Gauge({
    name,
    help,
    labelNames: [labelName],
    registers: [registry],
    collect() {
      this.reset();
      const totals: Reading = {};
      for (const read of sources)
        for (const [label, value] of Object.entries(read())) totals[label] = (totals[label] ?? 0) + value;
      for (const [label, value] of Object.entries(totals)) this.set({ [labelName]: label }, value);
    },
  });
  return {
    /** Adds a source; the function answered removes it. */
    add(read: () => Reading): () => void {
      sources.add(read);
      return () => void sources.delete(read);
    },
  };
}

/** REST calls one GraphQL operation over HTTP made (UPSTREAM_CALLS_PER_OPERATION is the most it may). */
export const operationUpstreamCalls = new Timed(
  new Histogram({
    name: 'graphql_operation_upstream_calls',
    help: 'REST calls made by one GraphQL operation over HTTP, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    buckets: [0, 1, 2, 3, 5, 10, 20, 50, 100],
    registers: [registry],
  }),
);

/** Which release runs, on which Node: 1, by service, version (package.json) and node. */
const buildInfo = new Gauge({
  name: 'medshop_build_info',
  help: 'The running release: always 1, by service, version and Node version',
  labelNames: ['service', 'version', 'node'] as const,
  registers: [registry],
});
let version: string | undefined;
/** Says which release this server is (each server calls it as it is built). */
export function announceBuild(service: 'rest' | 'gateway'): void {
  version ??= String(
    (JSON.parse(fs.readFileSync(fromRoot('package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown',
  );
  buildInfo.set({ service, version, node: process.version }, 1);
}

/** E-mails the REST service's sender delivered, will try again, or gave up on (`outcome`: sent, retry, failed). */
export const mailDeliveries = new Counted(
  new Counter({
    name: 'mail_deliveries_total',
    help: 'E-mail delivery attempts by outcome: sent, retry (tried again later), failed (given up on)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
);

/** E-mails waiting in the outbox, as each REST instance last counted them. */
export const mailOutboxPending = sourcedGauge(
  'mail_outbox_pending',
  'E-mails in the outbox not sent or given up on yet',
  'service',
);

/** The gateway's sockets and their live subscriptions (`what`: sockets, subscriptions). */
export const liveConnections = sourcedGauge(
  'gateway_live',
  'Open subscription sockets and their live subscriptions, by what',
  'what',
);
/** Each server's Redis connection (with REDIS_URL): 1 while it is connected, 0 while it is not (`service`). */
export const redisConnected = sourcedGauge(
  'redis_connected',
  'Whether the Redis connection is up (1) or not (0), by service',
  'service',
);
/** PostgreSQL's pool: connections in all, idle, and queries waiting for one (`state`). */
export const databasePool = sourcedGauge(
  'db_pool_connections',
  'PostgreSQL pool connections by state (total, idle, waiting)',
  'state',
);

/**
 * Operation names are the client's to choose, so only the operations the shop knows keep theirs: those of its trusted
 * documents (the web app's, the public ones, an operator's manifests: a bounded set, and no client can push them out).
 * Every other name is counted as "other", an operation without one as "anonymous".
 */
export function operationLabel(name: string | null | undefined, known: boolean): string {
  if (!name) return 'anonymous';
  return known ? name : 'other';
}

/**
 * The words of the contract's paths (and our extensions'); any other segment is an id or a username, counted as
 * :param. A test reads the REST service's OpenAPI document for every path, so a word missing here fails it.
 */
const PATH_WORDS = new Set([
  'api',
  'auth',
  'login',
  'register',
  'logout',
  'request-password-reset',
  'reset-password',
  'verify-email',
  'products',
  'filter',
  'facets',
  'low-stock',
  'export',
  'import',
  'pictures',
  'settings',
  'cart',
  'items',
  'orders',
  'checkout',
  'history',
  'admin',
  'all',
  'status',
  'cancel',
  'order-again',
  'addresses',
  'shipping-methods',
  'options',
  'tax-rates',
  'tax',
  'charges',
  'payment',
  'card-payment',
  'stripe-webhook',
  'invoice',
  'audit-events',
  'staff',
  'roles',
  'members',
  'two-factor',
  'blocks',
  'reports',
  'decision',
  'suspensions',
  'second-factor',
  'setup',
  'enable',
  'disable',
  'recovery-codes',
  'users',
  'profile',
  'password',
  'change-password',
  'account',
  'resend-email-verification',
  'chat',
  'rooms',
  'messages',
  'read',
  'mark-as-read',
  'unread-count',
  'create',
  'available-users-from-main',
  'cleanup-duplicates',
  'healthz',
  'images',
  'categories',
]);
/**
 * A REST path as a route label: `/api/products/12` → `/api/products/:param` (a label per product would be unbounded).
 */
export function routeLabel(path: string): string {
  return path
    .split('?', 1)[0]!
    .split('/')
    .map((segment) => (segment === '' || PATH_WORDS.has(segment) ? segment : ':param'))
    .join('/');
}

/** Serves the registry at GET /metrics on its own port (nothing else is answered there), and starts the counting. */
export async function startMetricsServer(port: number, host: string): Promise<http.Server> {
  if (!collecting) {
    collecting = true;
    for (const show of zeroes.splice(0)) show();
    // Node's own: CPU, memory, heap, event loop lag, handles, garbage collection.
    collectDefaultMetrics({ register: registry });
  }
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export const metricsAddress = (server: http.Server) => (server.address() as AddressInfo).port;
