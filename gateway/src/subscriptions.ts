// graphql-ws on the same /graphql path: the token in connectionParams.authorization is checked at connection_init
// (a bad or missing one closes the socket with 4403, an unreachable REST service with 1013), and again while the
// socket lives: a password change or account deletion through any gateway ends the user's sockets at once, and
// every socket's token is re-checked periodically (expiry, revocations made elsewhere). Each operation passes the
// same limits as over HTTP.
import { randomUUID } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { Span } from '@opentelemetry/api';
import { useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { sameUsername } from '../../shop-rules/account-rules.js';
import { seesEveryOrder } from '../../shop-rules/staff-rules.js';
import { permissionsOfProfile } from './permissions.js';
import { bearerToken } from '../../config/server.js';
import { liveConnections, rateLimitRefusals, subscriptionEvents } from '../../config/metrics.js';
import { type GatewayContext, createContext, upstreamBudget } from './context.js';
import { endOperationSpan, nameOperationSpan, startOperationSpan } from './operation-tracing.js';
import { tracingOn } from '../../config/tracing.js';
import { UpstreamRejection, UpstreamUnavailable, upstreamUnavailableLine } from './errors.js';
import { type ShopPubSub, userAudience } from './pubsub.js';
import { createRestApi } from './rest/rest-api.js';
import type { RestClient, UpstreamBudget } from './rest/rest-client.js';
import { operationCost, refusalOfCost } from './query-cost.js';
import type { CostAllowances } from './cost-allowance.js';
import { type CostCharging, type CostReport, chargeOf, costReport, throttled, withCost } from './cost-plugin.js';
import {
  MAX_VARIABLES_DEPTH,
  VARIABLES_TOO_DEEP,
  jsonTextNestsDeeperThan,
  variablesTooDeep,
} from './variables-depth.js';
import { checkDocument, withoutSuggestions } from './security.js';
import type { SocketCounts } from './socket-counts.js';
import {
  type TrustedDocumentPolicy,
  type TrustedDocuments,
  persistedHashOf,
  trustedDocumentRefusal,
} from './trusted-documents.js';

/** WebSocket close code 1013: a server condition the client may retry after (RFC 6455 registry). */
const TRY_AGAIN_LATER = 1013;

function hideSuggestions(error: GraphQLError): GraphQLError {
  error.message = withoutSuggestions(error.message);
  return error;
}

interface SocketUser {
  token: string;
  username: string;
  /** Where the REST service's profile tells it. */
  id: number | undefined;
  followsEveryOrder: boolean;
}

/** Whether a session that ended is this socket's: by id where both are known (a username can be taken again). */
const isSessionOf = (ended: { username: string; userId?: number | undefined }, user: SocketUser) =>
  ended.userId !== undefined && user.id !== undefined
    ? ended.userId === user.id
    : sameUsername(ended.username, user.username);

/**
 * What a socket client sees of an unexpected error in production: no message that might carry internals, as
 * Apollo Server's formatError does over HTTP. Errors with a code of ours are meant for clients and pass as they are.
 */
function maskUnexpected(error: GraphQLFormattedError): GraphQLFormattedError {
  const code = error.extensions?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return error;
  return {
    message: 'Internal server error',
    ...(error.path ? { path: error.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

export interface SubscriptionServerOptions {
  server: Server;
  schema: GraphQLSchema;
  rest: RestClient;
  pubsub: ShopPubSub;
  log: FastifyBaseLogger;
  production: boolean;
  introspection: boolean;
  maxPayloadBytes: number;
  sessionRecheckMs: number;
  /** The deadline of a query or mutation sent over the socket; a subscription lives as long as it is wanted. */
  requestTimeoutMs: number;
  upstreamCallsPerOperation: number;
  /** Operations a socket may start per second, with a burst of twice that. */
  socketOperationsPerSecond: number;
  /** Sockets one user may hold open, on every gateway together where they share Redis. */
  socketsPerUser: number;
  /** Live subscriptions one socket may hold at once. */
  subscriptionsPerSocket: number;
  /** Addresses whose x-forwarded-for is believed (nginx in front), as over HTTP. */
  trustedProxies: string[];
  socketCounts: SocketCounts;
  /** Each operation's price is taken from its user's allowance, the one their HTTP operations take from. */
  costs: CostCharging;
  allowances: CostAllowances;
  /** The shop's currency, for the Money of the operations' answers. */
  currency: string;
  /** Documents a client may name by hash alone (an empty query and `extensions.persistedQuery`), as over HTTP. */
  trustedDocuments: TrustedDocuments;
  /**
   * Who may run other documents: a socket's token is one the REST service accepted, so only `everyone` refuses them
   * here.
   */
  trustedDocumentPolicy: TrustedDocumentPolicy;
}

/** What the gateway keeps per socket, beside graphql-ws's own. */
type SocketState = {
  viewer: SocketUser;
  allowance?: () => boolean;
  /** The ids of its live subscriptions (graphql-ws forgets an id once it ends; so does this, at the next count). */
  subscriptionIds?: Set<string>;
  /**
   * Each event's budget of REST calls, shared by all its subscriptions (events are the same object for all of them).
   */
  eventBudgets?: WeakMap<object, UpstreamBudget>;
  /** While tracing is on: the span of each operation being started or run, by its id. */
  operationSpans?: Map<string, Span>;
  /** What each query or mutation was charged, by its id, told in its answer's `extensions.cost`. */
  costs?: Map<string, CostReport>;
};

const tooManySubscriptions = (max: number) =>
  new GraphQLError(`At most ${max} live subscriptions per connection: complete one before starting another`, {
    extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
  });

const tooManyOperations = (rate: number) =>
  new GraphQLError(`Too many operations on this connection: at most ${rate} a second. Try again in a moment.`, {
    extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 },
  });

/** A token bucket: `rate` a second, up to `burst` at once. */
function operationAllowance(rate: number, burst: number) {
  let tokens = burst;
  let refilledAt = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** A message's id, where it is its first field (as graphql-ws clients write `{"id":…,"type":"subscribe",…}`). */
const LEADING_ID = /^\s*\{\s*"id"\s*:\s*"([\w.:-]{1,100})"/;

/**
 * Messages nested deeper than variables may be (variables-depth.ts: the message and its payload are two levels more)
 * are never parsed — JSON.parse would hold the event loop for as long as it takes to build them. The operation such a
 * message starts on an authenticated socket is refused with VARIABLES_TOO_DEEP, as over HTTP; any other (an init, a
 * message whose id is not where graphql-ws clients put it) closes the socket with 4400, as graphql-ws closes on a
 * message it cannot read. graphql-ws listens for messages itself (graphql-ws/use/ws), so its listener is wrapped here,
 * before it is added.
 */
function refuseDeepMessages(client: WebSocket, acknowledged: () => boolean): void {
  const on = client.on.bind(client) as (event: string, listener: (...args: unknown[]) => void) => WebSocket;
  client.on = ((event: string, listener: (...args: unknown[]) => void) => {
    if (event !== 'message') return on(event, listener);
    return on('message', (data: unknown, ...rest: unknown[]) => {
      const text = String(data);
      if (!jsonTextNestsDeeperThan(text, MAX_VARIABLES_DEPTH + 2)) {
        listener(data, ...rest);
        return;
      }
      const id = LEADING_ID.exec(text)?.[1];
      if (id !== undefined && acknowledged())
        client.send(JSON.stringify({ id, type: 'error', payload: [variablesTooDeep().toJSON()] }));
      else
        client.close(
          CloseCode.BadRequest,
          `${VARIABLES_TOO_DEEP}: at most ${MAX_VARIABLES_DEPTH} levels of objects and lists`,
        );
    });
  }) as WebSocket['on'];
}

export function startSubscriptionServer(options: SubscriptionServerOptions) {
  // Upgrades are handed over here rather than the server given to ws: ws would re-emit the HTTP server's own errors (a
  // port in use) as its own, which graphql-ws prints as a stack trace before the start's one-line refusal.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });
  options.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://gateway/').pathname !== '/graphql') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      refuseDeepMessages(client, () => viewers.has(client));
      sockets.emit('connection', client, request);
    });
  });
  // The user behind each authenticated socket, to end their sessions.
  const viewers = new Map<WebSocket, SocketUser>();
  const endSession = (socket: WebSocket, reason: string) => socket.close(CloseCode.Forbidden, reason);
  // 1012 (Service Restart): clients reconnect at once, as after a restart, and subscribe anew with what they may see.
  const reconnect = (socket: WebSocket, reason: string) => socket.close(1012, reason);
  const trust = proxyAddr.compile(options.trustedProxies);
  // For the metrics: the authenticated sockets, and the subscriptions live on them, read when scraped.
  const liveContexts = new Set<{ extra: Partial<SocketState>; subscriptions: Record<string, unknown> }>();
  const stopCounting = liveConnections.add(() => {
    let subscriptions = 0;
    for (const context of liveContexts)
      for (const id of context.extra.subscriptionIds ?? []) if (id in context.subscriptions) subscriptions += 1;
    return { sockets: liveContexts.size, subscriptions };
  });
  const serverHandle = useServer<Record<string, unknown>, SocketState>(
    {
      schema: options.schema,
      isProd: options.production,
      onConnect: async (context) => {
        const token = bearerToken(context.connectionParams?.authorization);
        if (!token) return false;
        try {
          const profile = await createRestApi(options.rest, { token, requestId: randomUUID() }).users.profile();
          const viewer: SocketUser = {
            token,
            username: profile.username,
            id: profile.id ?? undefined,
            followsEveryOrder: seesEveryOrder(permissionsOfProfile(profile)),
          };
          const user = userAudience(viewer);
          const socketId = randomUUID();
          if (!(await options.socketCounts.admit(user, socketId, options.socketsPerUser))) {
            rateLimitRefusals.inc({ service: 'gateway', limit: 'sockets-per-user' });
            // 1013, not a 44xx: graphql-ws clients retry it with back-off (4429 they treat as final).
            context.extra.socket.close(
              TRY_AGAIN_LATER,
              `At most ${options.socketsPerUser} connections per user: close one, or wait`,
            );
            return false;
          }
          context.extra.viewer = viewer;
          viewers.set(context.extra.socket, viewer);
          liveContexts.add(context);
          context.extra.socket.once('close', () => {
            liveContexts.delete(context);
            viewers.delete(context.extra.socket);
            options.socketCounts.release(user, socketId);
            // What was still being set up or run when the socket closed; onOperation may still come for it: forgotten.
            for (const span of context.extra.operationSpans?.values() ?? []) span.end();
            context.extra.operationSpans?.clear();
          });
          return true;
        } catch (error) {
          // A refused token is the client's problem (4403); an unreachable REST service is ours, and the client should
          // come back. A thrown error would close with 4500, after which graphql-ws clients never retry; 1013 (Try
          // Again Later) they do. graphql-ws's own 4403 close that `false` asks for is then a no-op on a closing
          // socket.
          if (error instanceof UpstreamRejection) return false;
          options.log.warn({ err: error }, 'socket refused: the REST service could not check its token');
          context.extra.socket.close(TRY_AGAIN_LATER, 'The shop is temporarily unavailable');
          return false;
        }
      },
      onSubscribe: async (context, id, payload) => {
        // One socket may not run operations as fast as it can send them: each one may cost REST calls.
        const allowance = (context.extra.allowance ??= operationAllowance(
          options.socketOperationsPerSecond,
          options.socketOperationsPerSecond * 2,
        ));
        if (!allowance()) {
          rateLimitRefusals.inc({ service: 'gateway', limit: 'socket-operations' });
          return [tooManyOperations(options.socketOperationsPerSecond)];
        }
        // A persisted document named by its hash, with no text: the text the gateway has for it.
        const hash = persistedHashOf(payload.extensions);
        const query = payload.query === '' && hash !== undefined ? options.trustedDocuments.get(hash) : payload.query;
        if (query === undefined)
          return [new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
        // The socket's token was accepted by the REST service at connection_init (and is checked again while it lives).
        const untrusted = trustedDocumentRefusal(options.trustedDocumentPolicy, options.trustedDocuments, {
          text: query,
          hash,
          tokenAccepted: true,
        });
        if (untrusted) return [untrusted];
        const checked = checkDocument(options.schema, query, { introspection: options.introspection });
        // Apollo Server hides "Did you mean …?" over HTTP in production (hideSchemaDetailsFromClientErrors); the socket
        // validates on its own, so it must too, or the schema could be read here field by field.
        if (checked.errors) return options.production ? checked.errors.map(hideSuggestions) : checked.errors;
        // Variables are checked here, as Apollo Server checks them over HTTP: a client's mistake answered as
        // BAD_USER_INPUT with its message, not executed into an error that would read "Internal server error".
        const operation = getOperationAST(checked.document, payload.operationName);
        if (operation) {
          const coerced = getVariableValues(
            options.schema,
            operation.variableDefinitions ?? [],
            payload.variables ?? {},
          );
          if (coerced.errors) {
            return coerced.errors.map((error) => {
              const refusal = new GraphQLError(error.message, {
                nodes: error.nodes,
                extensions: { code: 'BAD_USER_INPUT' },
              });
              return options.production ? hideSuggestions(refusal) : refusal;
            });
          }
          const cost = operationCost(
            options.schema,
            checked.document,
            payload.operationName,
            payload.variables ?? undefined,
          );
          const tooCostly = refusalOfCost(cost, options.costs.maxCost);
          if (tooCostly) return [tooCostly];
          // Taken from the user's allowance, as over HTTP: the socket is no way around it. A subscription pays once, at
          // its start.
          const charge = chargeOf(cost);
          const allowance = await options.allowances.take(options.costs.socketBucket(context.extra.viewer!), charge);
          if (!allowance.taken) return [throttled(options.allowances.settings, charge, allowance)];
          if (operation.operation !== 'subscription')
            (context.extra.costs ??= new Map()).set(id, costReport(options.allowances.settings, charge, allowance));
          if (operation.operation === 'subscription') {
            const live = (context.extra.subscriptionIds ??= new Set());
            for (const liveId of live) if (!(liveId in context.subscriptions)) live.delete(liveId);
            if (live.size >= options.subscriptionsPerSocket) {
              rateLimitRefusals.inc({ service: 'gateway', limit: 'subscriptions-per-socket' });
              return [tooManySubscriptions(options.subscriptionsPerSocket)];
            }
            live.add(id);
          }
        }
        const viewer = context.extra.viewer!;
        const socket = context.extra.socket;
        const contextValue = createContext({
          rest: options.rest,
          currency: options.currency,
          pubsub: options.pubsub,
          log: options.log,
          token: viewer.token,
          requestId: randomUUID(),
          socketViewer: {
            username: viewer.username,
            id: viewer.id,
            followsEveryOrder: viewer.followsEveryOrder,
            endSession: (reason) => endSession(socket, reason),
          },
          deadlineMs: operation?.operation === 'subscription' ? undefined : options.requestTimeoutMs,
          upstreamCallLimit: options.upstreamCallsPerOperation,
          eventBudget: (event) => {
            const budgets = (context.extra.eventBudgets ??= new WeakMap());
            let budget = budgets.get(event);
            if (!budget) budgets.set(event, (budget = upstreamBudget(options.upstreamCallsPerOperation)));
            return budget;
          },
          clientAddress: proxyAddr(context.extra.request, trust),
        });
        if (tracingOn()) {
          // A socket's operation starts a trace of its own; a subscription's lasts until it is set up (its events'
          // REST calls are traces of their own, not children of a span hours long).
          const span = startOperationSpan(contextValue.trace);
          nameOperationSpan(span, operation?.operation, payload.operationName ?? operation?.name?.value);
          const spans = (context.extra.operationSpans ??= new Map());
          // An id used again before its operation got going (refused by graphql-ws itself): its span ends here.
          spans.get(id)?.end();
          spans.set(id, span);
        }
        return {
          schema: options.schema,
          document: checked.document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          contextValue,
        };
      },
      onOperation: async (context, id, _payload, args, result) => {
        const span = context.extra.operationSpans?.get(id);
        if (!span) return;
        context.extra.operationSpans!.delete(id);
        const settled = await result;
        const errors = Symbol.asyncIterator in settled ? undefined : settled.errors?.map((error) => error.toJSON());
        endOperationSpan(span, errors);
        (args.contextValue as GatewayContext).trace.context = undefined;
      },
      onNext: (context, id, _payload, _args, result) => {
        if (context.extra.subscriptionIds?.has(id)) subscriptionEvents.inc();
        // A query's or mutation's one answer says what it was charged, as over HTTP (a subscription's events do not).
        const cost = context.extra.costs?.get(id);
        if (cost) {
          context.extra.costs!.delete(id);
          result = withCost(result, cost);
        }
        if (!result.errors) return cost ? result : undefined;
        // What clients are not told is logged, as over HTTP.
        for (const error of result.errors) {
          const original = error.originalError;
          if (original instanceof UpstreamUnavailable)
            options.log.warn(
              { upstream: original.detail, restInstance: original.instance },
              upstreamUnavailableLine(original),
            );
          else if (original && !(original as { extensions?: unknown }).extensions)
            options.log.error({ err: original }, 'resolver failed');
        }
        if (options.production)
          return { ...result, errors: result.errors.map((error) => maskUnexpected(error.toJSON())) };
        return cost ? result : undefined;
      },
    },
    sockets,
  );

  // Sessions ended through any gateway instance (the event travels through the PubSub, so Redis reaches them all).
  const sessionEvents = options.pubsub.subscribe('SESSION_ENDED');
  void (async () => {
    for await (const ended of sessionEvents) {
      for (const [socket, viewer] of viewers) if (isSessionOf(ended, viewer)) endSession(socket, 'Session ended');
    }
  })().catch((error: unknown) => options.log.error({ err: error }, 'session events stopped'));

  // Staff roles given or taken through any gateway: the person's sockets subscribed with what they might see then.
  const roleEvents = options.pubsub.subscribe('ROLES_CHANGED');
  void (async () => {
    for await (const changed of roleEvents) {
      for (const [socket, viewer] of viewers) if (isSessionOf(changed, viewer)) reconnect(socket, 'Roles changed');
    }
  })().catch((error: unknown) => options.log.error({ err: error }, 'role events stopped'));

  // Tokens expire, and may be revoked by another client of the REST service: each is checked again now and then,
  // and at once when Redis comes back after an outage (a session ended through another gateway meanwhile).
  const recheckSessions = async () => {
    const byToken = new Map<string, WebSocket[]>();
    for (const [socket, viewer] of viewers) byToken.set(viewer.token, [...(byToken.get(viewer.token) ?? []), socket]);
    for (const [token, socketsOfToken] of byToken) {
      try {
        const profile = await createRestApi(options.rest, { token, requestId: randomUUID() }).users.profile();
        // Roles changed behind this gateway's back (a role's permissions edited, or a change straight at the REST
        // service): the sockets subscribed with what they might see then reconnect.
        const followsEveryOrder = seesEveryOrder(permissionsOfProfile(profile));
        for (const socket of socketsOfToken)
          if (viewers.get(socket)?.followsEveryOrder !== followsEveryOrder) reconnect(socket, 'Roles changed');
      } catch (error) {
        // Only a refusal ends a session; an unreachable REST service is no reason to drop everyone.
        if (error instanceof UpstreamRejection)
          for (const socket of socketsOfToken) endSession(socket, 'Session expired');
      }
    }
  };
  const recheck = setInterval(() => void recheckSessions(), options.sessionRecheckMs);
  recheck.unref();
  options.pubsub.onRecovered(() => void recheckSessions());

  let closed: Promise<void> | undefined;
  return {
    sockets,
    /** Closes every socket with 1001 Going Away (clients reconnect, elsewhere) and stops taking new ones; once. */
    close(): Promise<void> {
      closed ??= (async () => {
        clearInterval(recheck);
        stopCounting();
        await sessionEvents.return?.();
        await roleEvents.return?.();
        await serverHandle.dispose();
        await new Promise<void>((resolve) => sockets.close(() => resolve()));
      })();
      return closed;
    },
  };
}
