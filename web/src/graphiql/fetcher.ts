// How the explorer reaches the graph: queries and mutations over HTTP POST to /graphql, subscriptions over the
// websocket at the same address (graphql-ws), both on the page's own origin. The headers editor's content goes with
// every request, and as the socket's connectionParams.
import { type Fetcher, type FetcherOpts, createGraphiQLFetcher } from '@graphiql/toolkit';
import { type DocumentNode, GraphQLError, getOperationAST } from 'graphql';

/** The graph at the page's own address: http(s) for operations, ws(s) for subscriptions. */
export function graphEndpoints(page: Location | URL): { url: string; subscriptionUrl: string } {
  const url = new URL('/graphql', page.href);
  const socket = new URL(url);
  socket.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return { url: url.href, subscriptionUrl: socket.href };
}

/**
 * Header names in lower case. HTTP does not mind, but the socket's connectionParams are a plain object and the gateway
 * reads `authorization` there: "Authorization", as people write it, would leave the socket without its token.
 */
function lowerCaseNames(headers: FetcherOpts['headers']): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

const BEARER = /^Bearer\s+\S+\s*$/i;
/** The placeholder of the headers editor, left as it is: no token yet. */
const NO_TOKEN_YET = /^\s*(Bearer\s*)?$/i;

/**
 * Why a request would not do what its sender means, before it leaves: the gateway reads a token only from
 * `Bearer <token>` and treats anything else as no token at all (UNAUTHENTICATED, later, on every field but login,
 * register and viewer), and a socket without a token is closed (4403). Undefined when it may go.
 */
export function requestProblem(headers: Record<string, unknown>, subscription: boolean): string | undefined {
  const authorization = headers.authorization;
  const noToken =
    authorization === undefined || (typeof authorization === 'string' && NO_TOKEN_YET.test(authorization));
  if (!noToken && (typeof authorization !== 'string' || !BEARER.test(authorization))) {
    return 'Request not sent: the authorization header must read "Bearer <token>" (the shop ignores anything else). Paste the token LogIn answers after "Bearer ".';
  }
  if (noToken && subscription) {
    return 'Subscription not started: subscriptions need a token. Run LogIn, then paste its token into Headers after "Bearer ".';
  }
  return undefined;
}

function isSubscription(document: DocumentNode | undefined, operationName: string | null | undefined): boolean {
  if (!document) return false;
  try {
    return getOperationAST(document, operationName ?? undefined)?.operation === 'subscription';
  } catch {
    return false;
  }
}

/** What GraphiQL names the query it reads the schema with: answered without a token, whatever the headers say. */
const INTROSPECTION = 'IntrospectionQuery';

export function createShopFetcher(page: Location | URL): Fetcher {
  // No incremental delivery: the gateway answers every operation whole, as JSON.
  const fetcher = createGraphiQLFetcher({ ...graphEndpoints(page), enableIncrementalDelivery: false });
  return (params, options) => {
    const headers = lowerCaseNames(options?.headers);
    const problem =
      params.operationName === INTROSPECTION
        ? undefined
        : requestProblem(headers, isSubscription(options?.documentAST, params.operationName));
    // Answered like a refusal from the graph, in the response pane (a thrown error would show its stack there).
    if (problem) return { errors: [new GraphQLError(problem)] };
    return fetcher(params, { ...options, headers });
  };
}
