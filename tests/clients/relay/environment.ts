// The Relay client's environment, as a Relay app sets one up: relay-runtime's Environment over a Store and a Network
// whose queries and mutations are POSTed to the gateway with the token login gave (`Authorization: Bearer`), and whose
// subscriptions go over graphql-ws with that token in the connection's parameters (docs/graph.md).
import { type Client as SocketClient, createClient } from 'graphql-ws';
import {
  Environment,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  type RequestParameters,
  Store,
  type Variables,
} from 'relay-runtime';
import WebSocket from 'ws';

export interface RelayClientOptions {
  /** The gateway's http://…/graphql and ws://…/graphql. */
  url: string;
  wsUrl: string;
  /**
   * Send each operation as its persisted id alone (relay-compiler's SHA-256 of its text, `extensions.persistedQuery`),
   * never its text: a first-party client whose manifest the gateway was given (PERSISTED_DOCUMENTS). Otherwise the
   * text, as any third-party client sends it.
   */
  persisted?: boolean;
}

export interface RelayClient {
  environment: Environment;
  /** The token login gave: sent with every later request, and when the socket (re)connects. */
  token: string | undefined;
  /** The socket the subscriptions share (opened by the first one). */
  socket: SocketClient;
  close(): Promise<void>;
}

/** What relay-compiler made of a document: its text, or with persisting, the id the gateway knows it by. */
function operationOf(request: RequestParameters, persisted: boolean) {
  if (!persisted) return { operationName: request.name, query: request.text ?? '' };
  if (!request.id) throw new Error(`${request.name} has no persisted id: relay-compiler's persistConfig makes one`);
  return { operationName: request.name, extensions: { persistedQuery: { version: 1, sha256Hash: request.id } } };
}

/** graphql-ws ends a subscription with the server's errors, or with the socket's close event. */
function describeEnd(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error)
    return `socket closed with ${String(error.code)} ${String((error as { reason?: unknown }).reason ?? '')}`;
  return JSON.stringify(error);
}

export function createRelayClient({ url, wsUrl, persisted = false }: RelayClientOptions): RelayClient {
  const client = {} as RelayClient;
  const authorization = (): Record<string, string> => (client.token ? { authorization: `Bearer ${client.token}` } : {});

  const fetchOverHttp = async (request: RequestParameters, variables: Variables): Promise<GraphQLResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...authorization(),
      },
      body: JSON.stringify({ ...operationOf(request, persisted), variables }),
    });
    return (await response.json()) as GraphQLResponse;
  };

  client.socket = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: authorization });
  const subscribeOverSocket = (request: RequestParameters, variables: Variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      client.socket.subscribe(
        // Over the socket a persisted document is sent with an empty text (docs/graph.md, "Persisted documents").
        { query: '', ...operationOf(request, persisted), variables },
        {
          next: (result) => sink.next(result as GraphQLResponse),
          error: (error) =>
            sink.error(error instanceof Error ? error : new Error(`the subscription ended: ${describeEnd(error)}`)),
          complete: () => sink.complete(),
        },
      ),
    );

  client.environment = new Environment({
    network: Network.create(fetchOverHttp, subscribeOverSocket),
    store: new Store(new RecordSource()),
  });
  client.close = async () => {
    await client.socket.dispose();
  };
  return client;
}
