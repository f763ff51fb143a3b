// What an operation costs, told and charged: each HTTP operation is priced once its variables are known
// (query-cost.ts), refused over MAX_QUERY_COST (MAX_COST), then takes its price from the caller's allowance
// (cost-allowance.ts) or is refused (429 THROTTLED, with Retry-After). Every answer says what it was priced at and how
// the allowance stands, in `extensions.cost` and in the RateLimit / RateLimit-Policy headers of the IETF draft
// (draft-ietf-httpapi-ratelimit- headers), as Shopify's and GitHub's graphs tell their clients.
//
// Whose allowance: a user's once the REST service has accepted their token (the gateway cannot check a token itself,
// so it remembers for a while whose each accepted token is), and otherwise the client's address — anonymous callers,
// and a token's first operation before REST has said whose it is. A made-up token thus spends its address's points,
// never a user's.
import { createHash } from 'node:crypto';
import { type ApolloServerPlugin, HeaderMap } from '@apollo/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { bearerToken } from '../../config/server.js';
import { rateLimitRefusals } from '../../config/metrics.js';
import type { GatewayContext } from './context.js';
import type { AllowanceSettings, AllowanceState, CostAllowances } from './cost-allowance.js';
import { MAX_QUERY_COST, operationCost, refusalOfCost } from './query-cost.js';

/** What `extensions.cost` holds. */
export interface CostReport {
  /** The operation's price (query-cost.ts), at least 1; 0 when it was refused before it was priced. */
  requested: number;
  allowance: {
    /** Points a full allowance holds (COST_ALLOWANCE). */
    capacity: number;
    /** Points left after this operation. */
    remaining: number;
    /** Points that come back each second (COST_REFILL_PER_SECOND). */
    refillPerSecond: number;
  };
}

export const costReport = (settings: AllowanceSettings, requested: number, state: AllowanceState): CostReport => ({
  requested,
  allowance: { capacity: settings.capacity, remaining: state.remaining, refillPerSecond: settings.refillPerSecond },
});

/** The draft's name for the one policy: cost points, not requests. */
const POLICY = '"cost"';

/**
 * RateLimit-Policy: the quota (`q`, the allowance's points) and the window (`w`, the seconds an empty allowance takes
 * to fill); RateLimit: what remains (`r`) and the seconds until it is full again (`t`).
 */
export function rateLimitHeaders(settings: AllowanceSettings, state: AllowanceState): [string, string][] {
  const window = Math.ceil(settings.capacity / settings.refillPerSecond);
  return [
    ['ratelimit-policy', `${POLICY};q=${settings.capacity};w=${window}`],
    ['ratelimit', `${POLICY};r=${state.remaining};t=${state.fullInSeconds}`],
  ];
}

/** Every operation costs at least this: `{ __typename }` asks for no object, but it is still a request served. */
export const MIN_OPERATION_COST = 1;

/** The price of an operation, as its allowance is charged. */
export const chargeOf = (cost: number) => Math.max(MIN_OPERATION_COST, cost);

/**
 * An operation over the caller's allowance: the same over both transports, with the HTTP status and headers over HTTP.
 */
export function throttled(
  settings: AllowanceSettings,
  cost: number,
  state: AllowanceState,
  http?: { headers: HeaderMap },
): GraphQLError {
  rateLimitRefusals.inc({ service: 'gateway', limit: 'cost-allowance' });
  const seconds = state.retryAfterSeconds;
  return new GraphQLError(
    `This operation costs ${cost} points and ${state.remaining} of your allowance are left (${settings.capacity}, ${settings.refillPerSecond} more each second): try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or ask for less`,
    {
      // Apollo Server takes the status and headers from `http` (a HeaderMap, whatever other packages' typings say).
      extensions: {
        code: 'THROTTLED',
        cost,
        remaining: state.remaining,
        retryAfterSeconds: seconds,
        ...(http ? { http: { status: 429, headers: http.headers } } : {}),
      } as Record<string, unknown>,
    },
  );
}

export interface CostPluginOptions {
  allowances: CostAllowances;
  /**
   * The user a token names (its claims), for a token the REST service accepted or issued, whose claims are therefore
   * its own; undefined for a token that names none (another implementation's).
   */
  userIdOf(token: string): number | undefined;
}

/**
 * A copy of an answer with its cost among its extensions. Object.assign, not `{ ...result, extensions }`: V8 builds a
 * spread followed by a property by its slow path, about a microsecond an answer here.
 */
export const withCost = <Result extends { extensions?: Record<string, unknown> }>(
  result: Result,
  cost: CostReport,
): Result => Object.assign({}, result, { extensions: Object.assign({}, result.extensions, { cost }) });

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createCostCharging({ allowances, userIdOf }: CostPluginOptions) {
  const { settings } = allowances;
  /** The bucket of a caller: its user's where REST accepted the token before, else its address's. */
  const bucketOf = async (token: string | undefined, address: string | undefined) =>
    (token && (await allowances.ownerOf(tokenDigest(token)))) || `address:${address ?? 'unknown'}`;
  /** An operation's price may not be more than a whole allowance: such an operation could never run. */
  const maxCost = Math.min(MAX_QUERY_COST, settings.capacity);

  const plugin: ApolloServerPlugin<GatewayContext> = {
    async requestDidStart({ contextValue: { token: tokenSent } }) {
      let requested = 0;
      let state: AllowanceState | undefined;
      return {
        async didResolveOperation({ operation, document, request, schema, contextValue }) {
          // A subscription over HTTP is refused as such (app.ts), and runs nothing.
          if (operation?.operation === 'subscription') return;
          const cost = operationCost(schema, document, request.operationName, request.variables);
          const tooCostly = refusalOfCost(cost, maxCost);
          if (tooCostly) {
            throw new GraphQLError(tooCostly.message, {
              extensions: { ...tooCostly.extensions, http: { status: 400 } },
            });
          }
          requested = chargeOf(cost);
          state = await allowances.take(
            await bucketOf(contextValue.token, contextValue.caller.clientAddress),
            requested,
          );
          if (!state.taken)
            throw throttled(settings, requested, state, {
              headers: new HeaderMap([['retry-after', String(state.retryAfterSeconds)]]),
            });
        },
        async willSendResponse({ response, contextValue }) {
          // Refused before it was priced (a document over a limit, a persisted query not found): nothing was taken.
          state ??= await allowances.take(await bucketOf(contextValue.token, contextValue.caller.clientAddress), 0);
          const cost = costReport(settings, requested, state);
          // A new object: the catalogue cache may keep the one it was given, and must not keep this caller's figures.
          if (response.body.kind === 'single') response.body.singleResult = withCost(response.body.singleResult, cost);
          else response.body.initialResult = withCost(response.body.initialResult, cost);
          for (const [name, value] of rateLimitHeaders(settings, state)) response.http.headers.set(name, value);
          // Whose the token is, once REST accepted it, or issued it in this operation (a login, a password change):
          // its next operations take from its user's allowance.
          const token = contextValue.token;
          if (token && (contextValue.caller.tokenAccepted || token !== tokenSent)) {
            const userId = userIdOf(token);
            await allowances.rememberOwner(
              tokenDigest(token),
              userId === undefined ? `token:${tokenDigest(token)}` : `user:${userId}`,
            );
          }
        },
      };
    },
  };

  /**
   * The answers Apollo Server gives without running the plugins (a document refused by the screen or as untrusted,
   * a CSRF refusal): their `extensions.cost` and headers, added as they leave. Answers the plugin saw are left alone.
   */
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (
      reply.hasHeader('ratelimit') ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').includes('json')
    )
      return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('errors' in body || 'data' in body))
      return payload;
    const state = await allowances.take(await bucketOf(bearerToken(request.headers.authorization), request.ip), 0);
    for (const [name, value] of rateLimitHeaders(settings, state)) reply.header(name, value);
    const answer = body as { extensions?: Record<string, unknown> };
    return JSON.stringify({ ...answer, extensions: { ...answer.extensions, cost: costReport(settings, 0, state) } });
  };

  /** The bucket of a socket's user (a socket is always authenticated: REST accepted its token at connection). */
  const socketBucket = (user: { id?: number | undefined; username: string }) =>
    user.id === undefined ? `username:${user.username.toLocaleLowerCase('en')}` : `user:${user.id}`;

  return { plugin, onSend, socketBucket, maxCost };
}

export type CostCharging = ReturnType<typeof createCostCharging>;
