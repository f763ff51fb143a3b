// The one Apollo Client of the app: queries and mutations over HTTP, subscriptions over graphql-ws, both at
// /graphql, with the session's token on each. UNAUTHENTICATED from any operation ends the session (the route
// guards then show /login), and the cache follows the session: emptied at logout, refetched when another tab
// logs in as someone else.
import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { forgetCartNotes } from '../lib/cart';
import { forgetNewOrders } from '../lib/orders';
import { clearToken, pendingSessionChange, readToken, subscribeToToken } from '../lib/session';
import { createShopCache } from './cache';
import { GRAPHQL_PATH } from './endpoints';
import { earlyAnswersLink } from './early-answers';
import { persistedDocumentsLink, sendingHashes } from './persisted-documents';
import { type ShopSocket, createShopSocket, isRetriedServerError, retryDelayMs } from './socket';

export interface ShopClient {
  client: ApolloClient;
  socket: ShopSocket;
  /** Stops following the session (tests build many clients in one page). */
  stop(): void;
}

/** Where the client's operations go; tests replace the network edge and keep everything else. */
export interface ShopClientOptions {
  /** Queries and mutations (default: HTTP to /graphql). */
  httpLink?: ApolloLink;
  /** Subscriptions (default: graphql-ws over the shop's socket). */
  subscriptionLink?: ApolloLink;
  /** The socket's WebSocket, where the environment has none of its own. */
  webSocketImpl?: unknown;
}

/** Whether an error is the gateway saying the token is missing, expired or revoked. */
export function isUnauthenticated(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((graphQLError) => graphQLError.extensions?.code === 'UNAUTHENTICATED')
  );
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

export function createShopClient(options: ShopClientOptions = {}): ShopClient {
  const cache = createShopCache();
  // The socket's callbacks only run once it connects, by when the client exists.
  const clientHolder: { client?: ApolloClient } = {};

  const socket = createShopSocket({
    url: socketUrl(),
    readToken,
    onRefused: () => clearToken('expired'),
    pendingSessionChange,
    onReconnected: () => void clientHolder.client?.refetchObservableQueries(),
    onTokenStored: (listener) => subscribeToToken(listener),
    webSocketImpl: options.webSocketImpl,
  });

  const authLink = new SetContextLink((previous) => {
    const token = readToken();
    return token ? { headers: { ...previous.headers, authorization: `Bearer ${token}` } } : {};
  });
  const sessionEndsOnUnauthenticated = new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) clearToken('expired');
  });
  // Each operation goes as its persisted document's hash (persisted-documents.ts); tests replace the whole edge.
  const http = options.httpLink ?? ApolloLink.from([persistedDocumentsLink(), new HttpLink({ uri: GRAPHQL_PATH })]);
  // graphql-ws ends every subscription for good on a server error close (1011, 4500): they are asked for again,
  // with the socket's back-off, for as long as it takes.
  const resubscribeAfterServerError = new RetryLink({
    delay: (count) => retryDelayMs(count - 1),
    attempts: (_count, _operation, error) => isRetriedServerError(error),
  });
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    ApolloLink.from([
      resubscribeAfterServerError,
      options.subscriptionLink ?? new GraphQLWsLink(sendingHashes(socket.client)),
    ]),
    // The page may have asked for the first screen before this script arrived (early-requests.ts): those answers
    // are taken once, in place of the same requests.
    ApolloLink.from([sessionEndsOnUnauthenticated, earlyAnswersLink(), authLink, http]),
  );

  const client = new ApolloClient({ cache, link, dataMasking: true });
  clientHolder.client = client;
  // What the app keeps beside the cache belongs to the session too: it goes with the cache.
  const forgetSessionNotes = async () => {
    forgetCartNotes();
    forgetNewOrders();
  };
  client.onClearStore(forgetSessionNotes);
  client.onResetStore(forgetSessionNotes);
  const stop = followSession(client, socket);
  return { client, socket, stop };
}

/**
 * The cache belongs to one session. A session that ends (here or in another tab) empties it; a token stored by
 * another tab may belong to someone else, so everything on screen is fetched again and the socket reconnects.
 * A token replaced in this tab (a password change) is the same person: nothing to do.
 */
function followSession(client: ApolloClient, socket: ShopSocket): () => void {
  let known = readToken();
  return subscribeToToken((change) => {
    const token = readToken();
    if (token === known) return;
    const hadSession = known !== null;
    known = token;
    if (token === null) {
      void client.clearStore();
    } else if (hadSession && change.source === 'other-tab') {
      socket.restart();
      void client.resetStore();
    }
  });
}
