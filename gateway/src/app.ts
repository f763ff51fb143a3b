// The GraphQL gateway as one Fastify instance: Apollo Server 5 on /graphql (HTTP) with graphql-ws on the same
// path, over the REST contract. Built here, started by server.ts, built by tests directly.
import fs from 'node:fs';
import { GraphQLError } from 'graphql';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import { makeExecutableSchema } from '@graphql-tools/schema';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { GatewayConfig } from './config.js';
import { type GatewayContext, createContext } from './context.js';
import { UpstreamRejection, UpstreamUnavailable, upstreamUnavailableLine } from './errors.js';
import { createPubSub } from './pubsub.js';
import { createCatalogueCache } from './catalogue-cache.js';
import { type TokenVerdicts, createTokenVerdicts } from './token-verdicts.js';
import { resolvers } from './resolvers/index.js';
import { RestClient } from './rest/rest-client.js';
import { redisPersistedQueries } from './persisted-queries.js';
import {
  type TrustedDocuments,
  loadTrustedDocuments,
  persistedHashOf,
  trustedDocumentRefusal,
  withTrustedDocuments,
} from './trusted-documents.js';
import { createCostAllowances } from './cost-allowance.js';
import { createCostCharging } from './cost-plugin.js';
import { limitCodeOf } from './limit-refusal.js';
import { variablesDepthRefusal } from './variables-depth.js';
import { graphqlBodyErrors, readJsonBodies } from './http-bodies.js';
import {
  QUERY_LIMITS,
  clarifyParseError,
  createDocumentScreen,
  isTokenLimitError,
  parseOptions,
  queryLimitRules,
  withoutSuggestions,
} from './security.js';
import { createSocketCounts } from './socket-counts.js';
import { startSubscriptionServer } from './subscriptions.js';
import { demoImagesPlugin } from './plugins/demo-images.js';
import { catalogueFilesPlugin } from './plugins/catalogue-files.js';
import { stripeWebhookPlugin } from './plugins/stripe-webhook.js';
import { orderInvoicesPlugin } from './plugins/order-invoices.js';
import {
  explorerAddressFor,
  inlineScriptHashes,
  prefersHtml,
  servesExplorer,
  webAppPlugin,
} from './plugins/web-app.js';
import { browserSecurityPlugin } from './plugins/browser-security.js';
import {
  BODY_LIMIT_BYTES,
  bearerToken,
  boundedCheck,
  drainable,
  echoRequestId,
  logRequests,
  logs,
  serverOptions,
} from '../../config/server.js';
import { serverLogger } from '../../config/logger.js';
import {
  announceBuild,
  graphqlDuration,
  graphqlOperations,
  metricsOn,
  operationLabel,
  operationUpstreamCalls,
  redisConnected,
} from '../../config/metrics.js';
import { traceRequests } from '../../config/tracing.js';
import { operationTracing } from './operation-tracing.js';
import { createJitExecutor, jitGateway } from './jit-executor.js';
import { deadlineOfSignal } from './rest/operation-deadline.js';
import { fromRoot } from '../../config/paths.js';

const schemaFile = fromRoot('schema.graphql');

export function loadSchema() {
  return makeExecutableSchema({ typeDefs: fs.readFileSync(schemaFile, 'utf8'), resolvers });
}

/**
 * What Apollo Server answers without a code (so INTERNAL_SERVER_ERROR) although the client is at fault: its own code.
 */
const APOLLO_CLIENT_MISTAKES: Record<string, { message: string; code: string }> = {
  'provided sha does not match query': {
    message: "The persisted query's sha256Hash is not the SHA-256 of its query: send the query's own hash",
    code: 'PERSISTED_QUERY_HASH_MISMATCH',
  },
  'Unsupported persisted query version': {
    message: 'Unsupported persisted query version: send extensions.persistedQuery.version 1',
    code: 'PERSISTED_QUERY_VERSION_NOT_SUPPORTED',
  },
};
export const HASH_MISMATCH = APOLLO_CLIENT_MISTAKES['provided sha does not match query']!.message;

/**
 * The document of an HTTP request, exactly as Apollo Server will read it, where it carries one (a persisted query's
 * hash alone does not). For a GET that is URLSearchParams over the URL's search, as the Fastify integration and
 * Apollo Server do: Fastify's own query parser decodes some malformed URLs otherwise, and a screen shown another text
 * than the one Apollo Server runs would screen nothing.
 */
function documentTextOf(request: FastifyRequest): string | undefined {
  if (request.method === 'GET') {
    const values = new URLSearchParams(new URL(request.url, 'http://gateway/').search).getAll('query');
    // More than one: Apollo Server refuses the request itself.
    return values.length === 1 ? values[0] : undefined;
  }
  const body = request.body;
  const query = body && typeof body === 'object' ? (body as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query : undefined;
}

/**
 * A request's `extensions` or `variables`, where it carries them: the body's, or for a GET the URL's JSON parameter
 * (JSON.parse does not recurse: a value nested 100,000 deep is read, then refused by variables-depth.ts).
 */
function jsonPartOf(request: FastifyRequest, part: 'extensions' | 'variables'): unknown {
  if (request.method === 'GET') {
    const text = new URLSearchParams(new URL(request.url, 'http://gateway/').search).get(part);
    try {
      return text === null ? undefined : JSON.parse(text);
    } catch {
      return undefined; // Apollo Server answers malformed JSON parameters itself.
    }
  }
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[part] : undefined;
}

/** A refusal answered over HTTP with 400 (over the socket the same error goes without a status). */
const badRequest = (error: GraphQLError) =>
  new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, http: { status: 400 } },
  });

/** Whether the REST service accepts the token (remembered, or asked now); its being unreachable answers 503. */
async function tokenAccepted(verdicts: TokenVerdicts, token: string, context: GatewayContext): Promise<boolean> {
  try {
    return await verdicts.accepts(token, context.caller);
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    context.log.warn({ upstream: error.detail, restInstance: error.instance }, upstreamUnavailableLine(error));
    throw new GraphQLError(error.message, { extensions: { code: 'UPSTREAM_UNAVAILABLE', http: { status: 503 } } });
  }
}

export interface GatewayOptions {
  logger?: FastifyServerOptions['logger'];
  /** The time the cost allowances refill by (Date.now); a test drives its own. */
  clock?: () => number;
}

/** The longest /readyz waits for the REST service, and how long its answer is kept. */
export const READINESS_TIMEOUT_MS = 1000;
export const READINESS_CACHE_MS = 1000;

/** Error codes that say the shop failed, not the client. */
const SERVER_FAULTS = new Set(['INTERNAL_SERVER_ERROR', 'UPSTREAM_UNAVAILABLE']);

/**
 * Who asked, for the log: the user id in the token's `sub` once the REST service accepted the token (so its claims
 * are the service's own); undefined for a token it refused, or one that is not a JWT (another implementation's).
 */
function acceptedUserId(context: GatewayContext): number | undefined {
  if (!context.caller.tokenAccepted || !context.token) return undefined;
  return claimedUserId(context.token);
}

/** The user id in a JWT's `sub`, unchecked: only for a token REST accepted or issued. */
function claimedUserId(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    const id = Number(claims.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the request's log line tells of a GraphQL operation (config/server.ts: logRequests), as its status (200)
 * does not: its name, and whether it ended in userErrors or errors (their codes). The metrics name only the operations
 * of trusted documents (by the hash of the document that ran); any other name is "other". Being the operation's last
 * word, it also tells the operation's deadline that nothing is left to cut (operation-deadline.ts).
 */
const operationLogging = (trustedDocuments: TrustedDocuments): ApolloServerPlugin<GatewayContext> => ({
  async requestDidStart() {
    const started = performance.now();
    return {
      async didResolveOperation({ operationName, operation, contextValue }) {
        if (contextValue.logDetails)
          contextValue.logDetails.operation = operationName ?? `anonymous ${operation?.operation ?? 'operation'}`;
      },
      async willSendResponse({ response, contextValue, operationName, operation, queryHash }) {
        contextValue.finished();
        const details = contextValue.logDetails;
        if (!details) return;
        if (logs(contextValue.log, 'info')) details.userId = acceptedUserId(contextValue);
        if (response.body.kind !== 'single') return;
        const { errors, data } = response.body.singleResult;
        let outcome = 'ok';
        if (errors?.length) {
          const codes = [...new Set(errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')))];
          details.outcome = `errors: ${codes.join(',')}`;
          details.serverFault = codes.some((code) => SERVER_FAULTS.has(code));
          outcome = codes[0]!;
        } else if (
          data &&
          Object.values(data).some((payload) => (payload as { userErrors?: unknown[] } | null)?.userErrors?.length)
        ) {
          details.outcome = 'userErrors';
          outcome = 'userErrors';
        }
        if (metricsOn()) {
          const known = queryHash !== undefined && trustedDocuments.has(queryHash);
          const labels = { operation: operationLabel(operationName, known), type: operation?.operation ?? 'none' };
          graphqlOperations.inc({ ...labels, outcome });
          graphqlDuration.observe(labels, (performance.now() - started) / 1000);
          if (details.upstream) operationUpstreamCalls.observe(labels, details.upstream.calls);
        }
      },
    };
  },
});

/** Logs what clients are not told: why the upstream failed, and unexpected errors with their stack. */
const errorLogging: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          const original = error.originalError;
          if (original instanceof UpstreamUnavailable)
            contextValue.log.warn(
              { upstream: original.detail, restInstance: original.instance },
              upstreamUnavailableLine(original),
            );
          else if (original && !(original as { extensions?: unknown }).extensions)
            contextValue.log.error({ err: original }, 'resolver failed');
        }
      },
    };
  },
};

/** Every token a REST call of the request accepted is remembered (token-verdicts.ts), so the next need not be asked. */
const rememberAcceptedTokens = (verdicts: TokenVerdicts): ApolloServerPlugin<GatewayContext> => ({
  async requestDidStart() {
    const stamp = verdicts.stamp();
    return {
      async willSendResponse({ contextValue }) {
        if (contextValue.token && contextValue.caller.tokenAccepted) verdicts.accepted(contextValue.token, stamp);
      },
    };
  },
});

/**
 * A subscription sent over HTTP, refused once the operation is known, before anything runs (so nothing is logged):
 * the client's mistake, answered 400 with where subscriptions are served. What an operation costs is refused (or
 * charged) by the cost plugin (cost-plugin.ts).
 */
const refusedBeforeExecution: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    };
  },
};

export async function buildGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions(options.logger ?? serverLogger(config.logLevel, 'gateway'), config.httpTimeouts),
    // Behind nginx every request comes from its address; the client's own is in x-forwarded-for (believed only from
    // TRUSTED_PROXIES). request.ip is then the client, passed on to the REST service for its limits per client.
    trustProxy: config.trustedProxies,
  });
  echoRequestId(app);
  drainable(app);
  readJsonBodies(app);
  traceRequests(app, config.trustedProxies);
  logRequests(app, 'gateway');
  announceBuild('gateway');
  const rest = new RestClient(config.restUrl, { timeoutMs: config.restTimeoutMs });
  const events = createPubSub(config.redisUrl, config.redisChannelPrefix, app.log);
  // What REST said of each token, for CATALOGUE_CACHE_TTL_SECONDS: the trusted-documents gate and the catalogue cache
  // ask it.
  const tokenVerdicts = createTokenVerdicts({ ttlSeconds: config.catalogueCache.ttlSeconds }, rest, events, app.log);
  const catalogueCache = createCatalogueCache({ ...config.catalogueCache }, events, tokenVerdicts, app.log);
  // Everything publishes through this one: a catalogue change empties this gateway's kept answers first.
  const pubsub = catalogueCache.watching(events);
  const socketCounts = createSocketCounts(config.redisUrl, config.redisChannelPrefix);
  const allowances = createCostAllowances(config.costAllowance, {
    redisUrl: config.redisUrl,
    keyPrefix: config.redisChannelPrefix,
    clock: options.clock,
  });
  const costs = createCostCharging({ allowances, userIdOf: claimedUserId });
  // Events between gateways travel while both of the pub/sub's connections are up.
  const forgetRedisGauge = config.redisUrl
    ? redisConnected.add(() => ({ gateway: pubsub.health() === 'ok' ? 1 : 0 }))
    : undefined;
  const schema = loadSchema();
  const trustedDocuments = loadTrustedDocuments(config.persistedDocuments);

  const subscriptions = startSubscriptionServer({
    server: app.server,
    schema,
    rest,
    pubsub,
    log: app.log,
    production: config.production,
    introspection: config.introspection,
    maxPayloadBytes: BODY_LIMIT_BYTES,
    sessionRecheckMs: config.sessionRecheckMs,
    requestTimeoutMs: config.requestTimeoutMs,
    upstreamCallsPerOperation: config.upstreamCallsPerOperation,
    socketOperationsPerSecond: config.socketOperationsPerSecond,
    socketsPerUser: config.socketsPerUser,
    subscriptionsPerSocket: config.subscriptionsPerSocket,
    trustedProxies: config.trustedProxies,
    socketCounts,
    costs,
    allowances,
    currency: config.currency,
    trustedDocuments,
    trustedDocumentPolicy: config.trustedDocuments,
  });

  const screenDocument = createDocumentScreen();
  const persistedQueries = config.redisUrl
    ? redisPersistedQueries(config.redisUrl, config.redisChannelPrefix, {
        ...config.persistedQueries,
        maxBytes: QUERY_LIMITS.maxDocumentBytes,
        admit: (text) => !screenDocument(text),
      })
    : undefined;
  const apollo = new ApolloServer<GatewayContext>({
    // Automatic persisted queries: in Apollo Server's bounded memory cache, or shared by every gateway through Redis.
    // The trusted documents are answered first, by hash alone, and never stored or evicted.
    persistedQueries: {
      ttl: config.persistedQueries.ttlSeconds,
      cache: withTrustedDocuments(trustedDocuments, persistedQueries?.cache ?? new InMemoryLRUCache<string>()),
    },
    // Operations run compiled by graphql-jit (jit-executor.ts), given as Apollo Server's `gateway`: its documented
    // place for an executor of one's own. GRAPHQL_JIT=false runs graphql-js, as before.
    ...(config.graphqlJit.enabled
      ? {
          gateway: jitGateway(
            schema,
            createJitExecutor(schema, { compileAfter: config.graphqlJit.compileAfter, log: app.log }),
          ),
        }
      : { schema }),
    // Introspection is refused by queryLimitRules when it is off: the same rule, and message, as over sockets.
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // Stopping is runServers' (config/server.ts): Apollo Server's own handler would stop Apollo and send the signal
    // again, which ends the process at once, with requests in flight.
    stopOnTerminationSignals: false,
    parseOptions,
    validationRules: queryLimitRules({ introspection: config.introspection }),
    includeStacktraceInErrorResponses: !config.production,
    // No "Did you mean …?" in production: it would reveal the schema field by field.
    hideSchemaDetailsFromClientErrors: config.production,
    formatError: (formatted, error) => {
      // A limit's refusal, which Apollo Server answers as GRAPHQL_VALIDATION_FAILED: the limit's own code
      // (limit-refusal.ts).
      const limit = limitCodeOf(error);
      if (limit && formatted.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')
        return { ...formatted, extensions: { ...formatted.extensions, code: limit } };
      // Apollo answers some of a client's mistakes with a bare error (no code, hence INTERNAL_SERVER_ERROR): each
      // says what it is.
      const clientMistake = APOLLO_CLIENT_MISTAKES[formatted.message];
      if (clientMistake && formatted.extensions?.code === 'INTERNAL_SERVER_ERROR')
        return { message: clientMistake.message, extensions: { code: clientMistake.code } };
      if (config.production && formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') {
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      if (formatted.extensions?.code === 'GRAPHQL_PARSE_FAILED') {
        const message = clarifyParseError(formatted.message);
        if (isTokenLimitError(message))
          return {
            ...formatted,
            message,
            extensions: { ...formatted.extensions, code: 'MAX_TOKENS', limit: QUERY_LIMITS.maxTokens },
          };
        return { ...formatted, message };
      }
      // Apollo hides suggestions in validation errors only; bad variable values (an input field misspelled) too.
      if (config.production && formatted.extensions?.code === 'BAD_USER_INPUT')
        return { ...formatted, message: withoutSuggestions(formatted.message) };
      return formatted;
    },
    // No drain plugin: Fastify drains HTTP itself on close (the integration's plugin would call app.close() again).
    plugins: [
      // The shop sets no cache hints; without this, Apollo wraps every field's resolver to collect them.
      ApolloServerPluginCacheControlDisabled(),
      config.introspection && config.sandbox
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })
        : ApolloServerPluginLandingPageDisabled(),
      errorLogging,
      operationLogging(trustedDocuments),
      operationTracing,
      refusedBeforeExecution,
      rememberAcceptedTokens(tokenVerdicts),
      catalogueCache.plugin,
      // After the catalogue cache: it keeps the answer it is given, and this puts a caller's own figures on a copy.
      costs.plugin,
    ],
  });
  await apollo.start();

  await app.register(browserSecurityPlugin, {
    hsts: config.hsts,
    corsOrigins: config.corsOrigins,
    inlineScripts: inlineScriptHashes(config.webDist),
  });

  // A person who opens /graphql in a browser where no Sandbox is served (production) is sent to the explorer that is
  // (GraphiQL), with the operation the address names, rather than shown the JSON of a refused request; without the
  // explorer, the graph answers as it would.
  const sendBrowsersToExplorer =
    !(config.introspection && config.sandbox) &&
    servesExplorer(config.webDist, config.introspection && config.explorer);
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    onSend: costs.onSend,
    // A body Fastify cannot read (not JSON, a form, too large, nested too deep) is answered as a GraphQL error.
    errorHandler: graphqlBodyErrors({ production: config.production }),
    ...(sendBrowsersToExplorer
      ? {
          preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
            if (request.method === 'GET' && prefersHtml(request.headers.accept))
              return reply.redirect(explorerAddressFor(request.url), 302);
            return undefined;
          },
        }
      : {}),
    handler: fastifyApolloHandler(apollo, {
      context: async (request) => {
        // Apollo Server's first call for a request, after its CSRF check and before it parses or validates anything:
        // variables nested too deep for anything to walk them, and a document whose checks would take long, are
        // refused here (answered 400 like any refused document).
        const extensions = jsonPartOf(request, 'extensions');
        const tooDeep = variablesDepthRefusal(jsonPartOf(request, 'variables'), extensions);
        if (tooDeep) throw badRequest(tooDeep);
        const text = documentTextOf(request);
        const refusal = text === undefined ? undefined : screenDocument(text);
        if (refusal) throw badRequest(refusal);
        const token = bearerToken(request.headers.authorization);
        const untrusted = trustedDocumentRefusal(config.trustedDocuments, trustedDocuments, {
          text,
          hash: persistedHashOf(extensions),
          tokenAccepted: false,
        });
        // Refused unless the caller's token opens it: then only a token the REST service accepted, asked before
        // anything runs (remembered for CATALOGUE_CACHE_TTL_SECONDS), refused exactly as no token when it is not.
        if (untrusted && (!token || config.trustedDocuments !== 'anonymous')) throw badRequest(untrusted);
        const context = createContext({
          rest,
          currency: config.currency,
          pubsub,
          log: request.log,
          token,
          requestId: request.id,
          deadlineMs: config.requestTimeoutMs,
          upstreamCallLimit: config.upstreamCallsPerOperation,
          clientAddress: request.ip,
          logDetails: request.logDetails,
          traceContext: request.traceContext,
        });
        if (untrusted && !(await tokenAccepted(tokenVerdicts, token!, context))) throw badRequest(untrusted);
        return context;
      },
    }),
  });

  // The probes (README, "Liveness and readiness"). /livez: the process answers, nothing else asked (a REST or Redis
  // outage never gets a gateway restarted). /healthz, as before: 200 while it serves, `degraded` without Redis.
  app.get('/livez', async () => ({ status: 'alive' }));
  app.get('/healthz', async () =>
    pubsub.health() === 'ok' ? { status: 'ok' } : { status: 'degraded', redis: 'unavailable' },
  );
  // /readyz, for a load balancer and the cluster's supervisor: can this instance answer the shop's questions now? The
  // REST service must answer (any answer: another implementation of the contract may have no /healthz) within a
  // second, and that answer is kept for a second, so a slow REST service makes no probe wait long and many probes
  // cost one call. Redis is reported but does not decide: without it queries and mutations go on. When REST is down
  // every gateway is unready at once: a load balancer should then keep sending to all of them (fail open), which
  // answer at once with UPSTREAM_UNAVAILABLE, rather than to none (README).
  const restAnswers = boundedCheck(
    (signal) =>
      rest.call({ deadline: deadlineOfSignal(signal) }, { method: 'GET', path: '/healthz' }).then(
        () => true,
        (error: unknown) => error instanceof UpstreamRejection,
      ),
    { timeoutMs: READINESS_TIMEOUT_MS, cacheMs: READINESS_CACHE_MS },
  );
  app.get('/readyz', async (_request, reply) => {
    // Being stopped: the load balancer should send nothing more here.
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    const restReachable = await restAnswers();
    const redis = pubsub.health();
    return reply
      .code(restReachable ? 200 : 503)
      .send({ status: restReachable ? 'ready' : 'unavailable', rest: restReachable ? 'ok' : 'unreachable', redis });
  });

  await app.register(demoImagesPlugin, { rest });
  await app.register(catalogueFilesPlugin, { rest, pubsub });
  // Stripe's events reach the REST service through the shop's one address (no token: their signature is the proof).
  await app.register(stripeWebhookPlugin, { rest });
  await app.register(orderInvoicesPlugin, { rest });
  // The web app, when it has been built: its files, index.html for its pages (deep links, reloads), and the graph
  // explorer (GraphiQL at /graphiql) while introspection is on: without it an explorer knows nothing of the graph.
  await app.register(webAppPlugin, { webDist: config.webDist, explorer: config.introspection && config.explorer });

  // Shutdown: sockets first (1001 Going Away: their clients reconnect to another gateway; an open websocket would also
  // keep the HTTP server from closing), then Apollo, then upstreams.
  app.goingAway.push(() => subscriptions.close());
  app.addHook('preClose', () => subscriptions.close());
  app.addHook('onClose', async () => {
    await apollo.stop();
    catalogueCache.close();
    tokenVerdicts.close();
    forgetRedisGauge?.();
    await pubsub.close();
    await socketCounts.close();
    await allowances.close();
    await persistedQueries?.close();
    await rest.close();
  });

  return app;
}
