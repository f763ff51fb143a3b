// What every resolver gets: the caller's token, data sources bound to it, per-request loaders, and the PubSub.
import type { FastifyBaseLogger } from 'fastify';
import type { RequestLogDetails } from '../../config/server.js';
import { OperationDeadline } from './rest/operation-deadline.js';
import type { ShopPubSub } from './pubsub.js';
import { type Loaders, createLoaders } from './rest/loaders.js';
import { type RestApi, createRestApi } from './rest/rest-api.js';
import type { Context } from '@opentelemetry/api';
import type { Caller, OperationTrace, RestClient, UpstreamBudget } from './rest/rest-client.js';

/** The user a subscription socket was authenticated as (at connection_init), and how to end its session. */
export interface SocketViewer {
  username: string;
  /** Where the REST service's profile tells it. */
  id?: number | undefined;
  /** Whether the user follows every order (MANAGE_ORDERS or RECORD_PAYMENTS), as their profile said at connection. */
  followsEveryOrder: boolean;
  /** Closes the socket with 4403: its user no longer exists or its token no longer works. */
  endSession(reason: string): void;
}

export interface GatewayContext {
  token: string | undefined;
  requestId: string;
  /** Who the REST calls are made for; it records whether the REST service accepted the token. */
  caller: Caller;
  api: RestApi;
  loaders: Loaders;
  pubsub: ShopPubSub;
  log: FastifyBaseLogger;
  /** Over HTTP: what the request's log line tells (its operation, outcome and REST calls). */
  logDetails?: RequestLogDetails | undefined;
  /** On a subscription socket: the user it was authenticated as (checked at connection_init). */
  socketViewer?: SocketViewer | undefined;
  /** Where the operation's span is put for its REST calls (config/tracing.ts), while tracing is on. */
  trace: OperationTrace;
  /** The shop's currency (SHOP_CURRENCY): what every Money names. */
  currency: string;
  /** After login or a password change the rest of the request acts with the new token. */
  actAs(token: string): void;
  /** The operation has answered: its deadline has nothing left to cut. */
  finished(): void;
  /**
   * Fresh loaders, and a fresh budget of REST calls, for a subscription event: it must see the state after it, not
   * what an earlier event cached. All the subscriptions of one socket share one budget per event.
   */
  refreshLoaders(event: object): void;
}

export interface ContextOptions {
  rest: RestClient;
  /** The shop's currency (SHOP_CURRENCY). */
  currency: string;
  pubsub: ShopPubSub;
  log: FastifyBaseLogger;
  token: string | undefined;
  requestId: string;
  socketViewer?: SocketViewer | undefined;
  /**
   * One deadline for the whole operation (REQUEST_TIMEOUT_MS), all its REST calls included; none for a subscription.
   */
  deadlineMs?: number | undefined;
  /** The address the operation came from, for the REST service's limits per client. */
  clientAddress?: string | undefined;
  /** Over HTTP: the request's log line, which counts the REST calls and their time. */
  logDetails?: RequestLogDetails | undefined;
  /** REST calls one operation may make (a subscription: each of its events); unlimited when unset. */
  upstreamCallLimit?: number | undefined;
  /**
   * A subscription's budget for one event, shared by every subscription of its socket: without it, a socket holding
   * 200 subscriptions would make 200 budgets of REST calls out of one chat message.
   */
  eventBudget?: ((event: object) => UpstreamBudget) | undefined;
  /** Over HTTP, while tracing is on: the request's span, parent of the operation's. */
  traceContext?: Context | undefined;
}

export const upstreamBudget = (limit: number): UpstreamBudget => ({ limit, remaining: limit });

export function createContext(options: ContextOptions): GatewayContext {
  const deadline = options.deadlineMs
    ? new OperationDeadline(options.deadlineMs, options.upstreamCallLimit ?? 0)
    : undefined;
  const budget = options.upstreamCallLimit ? upstreamBudget(options.upstreamCallLimit) : undefined;
  const upstream = options.logDetails ? (options.logDetails.upstream = { calls: 0, ms: 0 }) : undefined;
  const operationTrace: OperationTrace = { context: options.traceContext };
  const bind = (token: string | undefined, budget: UpstreamBudget | undefined) => {
    const caller: Caller = {
      token,
      requestId: options.requestId,
      deadline,
      budget,
      clientAddress: options.clientAddress,
      upstream,
      trace: operationTrace,
    };
    const api = createRestApi(options.rest, caller);
    return { token, caller, api, loaders: createLoaders(api) };
  };
  const bound = bind(options.token, budget);
  // Each property named, not `...bound`: an object literal that spreads one object and then adds properties is built
  // by V8's slow path (createContext took 30 µs, 4 now, in a microbenchmark of the compiled code).
  const context: GatewayContext = {
    token: bound.token,
    caller: bound.caller,
    api: bound.api,
    loaders: bound.loaders,
    requestId: options.requestId,
    pubsub: options.pubsub,
    log: options.log,
    logDetails: options.logDetails,
    socketViewer: options.socketViewer,
    trace: operationTrace,
    currency: options.currency,
    // `this`, not `context`: Apollo Server hands resolvers a shallow copy of the context it was given.
    actAs(this: GatewayContext, token) {
      Object.assign(this, bind(token, budget));
    },
    finished() {
      deadline?.finish();
    },
    refreshLoaders(this: GatewayContext, event) {
      const limit = options.upstreamCallLimit;
      Object.assign(
        this,
        bind(this.token, options.eventBudget?.(event) ?? (limit ? upstreamBudget(limit) : undefined)),
      );
    },
  };
  return context;
}
