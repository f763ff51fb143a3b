// The gateway's configuration, read and validated once (DESIGN §2).
import {
  ConfigError,
  type HttpTimeouts,
  loadHttpTimeouts,
  parseLogLevel,
  parseTrustedProxies,
  readCount,
  readFlag,
  readText,
} from '../../config/env.js';
import path from 'node:path';
import { parseCurrency } from '../../config/currency.js';
import { fromRoot } from '../../config/paths.js';
import { type TrustedDocumentPolicy, parseTrustedDocumentPolicy } from './trusted-documents.js';
import type { CatalogueCacheSettings } from './catalogue-cache.js';
import type { AllowanceSettings } from './cost-allowance.js';

/**
 * The web app's persisted documents, and the shop's public operations (those docs/graph.md publishes, for clients of
 * their own), as `npm run codegen` writes them.
 */
export const DEFAULT_PERSISTED_DOCUMENTS = (readText({}, 'PERSISTED_DOCUMENTS') as string)
  .split(',')
  .map((file) => fromRoot(...file.split('/')))
  .join(',');

/** Where `npm run build:web` puts the web app: the declared default, below the project's root wherever it runs. */
export const DEFAULT_WEB_DIST = fromRoot(...(readText({}, 'WEB_DIST') as string).split('/'));

export interface GatewayConfig {
  host: string;
  port: number;
  /** Where the REST contract lives; any implementation of it. */
  restUrl: string;
  /** Deadline for each REST call (spec §9: 10 s). */
  restTimeoutMs: number;
  /** One deadline per GraphQL operation (query or mutation), shared by all the REST calls it makes. */
  requestTimeoutMs: number;
  /** REST calls one GraphQL operation may make before it is refused (OPERATION_TOO_LARGE). */
  upstreamCallsPerOperation: number;
  /** Operations one socket may start per second (a burst of twice that); more are refused with TOO_MANY_REQUESTS. */
  socketOperationsPerSecond: number;
  /**
   * Each caller's allowance of cost points (cost-allowance.ts): a user's, or an address's without a token REST
   * accepted; shared by every gateway with Redis. COST_ALLOWANCE points at most, COST_REFILL_PER_SECOND back each
   * second.
   */
  costAllowance: AllowanceSettings;
  /** Subscription sockets one user may hold open (on every gateway together, with Redis); more are closed with 1013. */
  socketsPerUser: number;
  /** Live subscriptions one socket may hold; more are refused with TOO_MANY_SUBSCRIPTIONS. */
  subscriptionsPerSocket: number;
  /** Addresses whose x-forwarded-for is believed (nginx in front): the client's own address is passed on to REST. */
  trustedProxies: string[];
  /** How long the gateway waits on a client (RECEIVE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, CONNECTION_TIMEOUT_MS). */
  httpTimeouts: HttpTimeouts;
  /** Manifests of trusted documents (hash → text), answered by hash alone (PERSISTED_DOCUMENTS). */
  persistedDocuments: string[];
  /** Who may run documents outside them (TRUSTED_DOCUMENTS): everyone (off), callers with a token, or no one. */
  trustedDocuments: TrustedDocumentPolicy;
  /** Automatic persisted queries in Redis: how long each is kept, and how many at most. */
  persistedQueries: { ttlSeconds: number; maxEntries: number };
  /** Answers to catalogue-only queries kept in this gateway (catalogue-cache.ts). */
  catalogueCache: CatalogueCacheSettings;
  /** Set → subscription events go through Redis, so every gateway instance sees every event. */
  redisUrl: string | undefined;
  /** Prefix of this shop's Redis channels: shops sharing one Redis must each have their own. */
  redisChannelPrefix: string;
  /** How often the tokens of open sockets are checked again (expiry, revocation made elsewhere). */
  sessionRecheckMs: number;
  /**
   * Operations over HTTP run compiled by graphql-jit (jit-executor.ts), once they have run `compileAfter` times on
   * graphql-js; not enabled: graphql-js runs them all.
   */
  graphqlJit: { enabled: boolean; compileAfter: number };
  /** Introspection (and with it the explorers, Sandbox and GraphiQL, where they are on). */
  introspection: boolean;
  /**
   * Apollo Sandbox on GET /graphql in a browser: its scripts come from Apollo's CDN, so off in production by default.
   */
  sandbox: boolean;
  /**
   * GraphiQL at /graphiql, built with the web app and served from the shop's own origin (nothing from a CDN), so on in
   * production too; served only while introspection is on.
   */
  explorer: boolean;
  /** TLS is in front: Strict-Transport-Security, and the web app's requests upgraded to https. */
  hsts: boolean;
  /** Origins (scheme://host[:port]) whose pages may call the graph from a browser. */
  corsOrigins: string[];
  logLevel: string;
  production: boolean;
  /** The built web app served on this address (with the SPA fallback); nothing is served when it is not built. */
  webDist: string | undefined;
  /** The shop's currency (SHOP_CURRENCY), named by every Money the graph answers. */
  currency: string;
}

/** CORS_ORIGINS: a comma-separated list of origins, each exactly scheme://host[:port] (what a browser sends). */
function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
      throw new ConfigError(
        `CORS_ORIGINS must list origins such as https://shop.example or http://localhost:5173, got "${origin}"`,
      );
    }
  }
  return origins;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const restUrl = readText(env, 'REST_URL') as string;
  try {
    const url = new URL(restUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`REST_URL must be an http(s) URL, got "${restUrl}"`);
  }
  const redisUrl = readText(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  // Declared a number above 0, fractions allowed (the subscription tests recheck every 0.2 s).
  const recheckSeconds = readCount(env, 'SESSION_RECHECK_SECONDS');
  return {
    host: readText(env, 'HOST') as string,
    port: readCount(env, 'PORT'),
    restUrl,
    restTimeoutMs: readCount(env, 'REST_TIMEOUT_MS'),
    requestTimeoutMs: readCount(env, 'REQUEST_TIMEOUT_MS'),
    upstreamCallsPerOperation: readCount(env, 'UPSTREAM_CALLS_PER_OPERATION'),
    socketOperationsPerSecond: readCount(env, 'SOCKET_OPERATIONS_PER_SECOND'),
    costAllowance: {
      capacity: readCount(env, 'COST_ALLOWANCE'),
      refillPerSecond: readCount(env, 'COST_REFILL_PER_SECOND'),
    },
    socketsPerUser: readCount(env, 'SOCKETS_PER_USER'),
    subscriptionsPerSocket: readCount(env, 'SUBSCRIPTIONS_PER_SOCKET'),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    httpTimeouts: loadHttpTimeouts(env),
    persistedDocuments: (env.PERSISTED_DOCUMENTS || DEFAULT_PERSISTED_DOCUMENTS)
      .split(',')
      .map((file) => file.trim())
      .filter(Boolean)
      .map((file) => path.resolve(file)),
    trustedDocuments: parseTrustedDocumentPolicy(env.TRUSTED_DOCUMENTS),
    persistedQueries: {
      ttlSeconds: readCount(env, 'PERSISTED_QUERIES_TTL_SECONDS'),
      maxEntries: readCount(env, 'PERSISTED_QUERIES_MAX'),
    },
    catalogueCache: {
      enabled: readFlag(env, 'CATALOGUE_CACHE'),
      ttlSeconds: readCount(env, 'CATALOGUE_CACHE_TTL_SECONDS'),
      maxMegabytes: readCount(env, 'CATALOGUE_CACHE_MAX_MB'),
    },
    redisUrl,
    redisChannelPrefix: readText(env, 'REDIS_CHANNEL_PREFIX') as string,
    sessionRecheckMs: recheckSeconds * 1000,
    graphqlJit: { enabled: readFlag(env, 'GRAPHQL_JIT'), compileAfter: readCount(env, 'GRAPHQL_JIT_COMPILE_AFTER') },
    introspection: readFlag(env, 'GRAPHQL_INTROSPECTION'),
    // Off in production unless asked for: its scripts come from Apollo's CDN.
    sandbox: readFlag(env, 'GRAPHQL_SANDBOX', env.NODE_ENV !== 'production'),
    explorer: readFlag(env, 'GRAPHQL_EXPLORER'),
    hsts: readFlag(env, 'HSTS'),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    production: env.NODE_ENV === 'production',
    webDist: env.WEB_DIST === undefined ? DEFAULT_WEB_DIST : env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    currency: parseCurrency(env.SHOP_CURRENCY),
  };
}
