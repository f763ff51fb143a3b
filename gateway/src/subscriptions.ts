// graphql-ws on the same /graphql path: the token in connectionParams.authorization is checked once, at
// connection_init (a bad or missing one closes the socket with 4403, an unreachable REST service with 1013), and
// each operation passes the same limits as over HTTP.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { bearerToken, createContext } from './context.js';
import { UpstreamRejection } from './errors.js';
import type { ShopPubSub } from './pubsub.js';
import { createRestApi } from './rest/rest-api.js';
import type { RestClient } from './rest/rest-client.js';
import { checkDocument } from './security.js';

/** WebSocket close code 1013: a server condition the client may retry after (RFC 6455 registry). */
const TRY_AGAIN_LATER = 1013;

/** The same rewrite as Apollo Server's ApolloServerPluginDisableSuggestions. */
function withoutSuggestions(error: GraphQLError): GraphQLError {
  error.message = error.message.replace(/ ?Did you mean(.+?)\?$/, '');
  return error;
}

interface SocketViewer {
  token: string;
  username: string;
}

export interface SubscriptionServerOptions {
  server: Server;
  schema: GraphQLSchema;
  rest: RestClient;
  pubsub: ShopPubSub;
  log: FastifyBaseLogger;
  production: boolean;
  maxPayloadBytes: number;
}

export function startSubscriptionServer(options: SubscriptionServerOptions) {
  const sockets = new WebSocketServer({ server: options.server, path: '/graphql', maxPayload: options.maxPayloadBytes });
  const serverHandle = useServer<Record<string, unknown>, { viewer: SocketViewer }>(
    {
      schema: options.schema,
      isProd: options.production,
      onConnect: async (context) => {
        const token = bearerToken(context.connectionParams?.authorization);
        if (!token) return false;
        try {
          const profile = await createRestApi(options.rest, { token, requestId: randomUUID() }).users.profile();
          context.extra.viewer = { token, username: profile.username };
          return true;
        } catch (error) {
          // A refused token is the client's problem (4403); an unreachable REST service is ours, and the client should
          // come back. A thrown error would close with 4500, after which graphql-ws clients never retry; 1013 (Try
          // Again Later) they do. graphql-ws's own 4403 close that `false` asks for is then a no-op on a closing socket.
          if (error instanceof UpstreamRejection) return false;
          options.log.warn({ err: error }, 'socket refused: the REST service could not check its token');
          context.extra.socket.close(TRY_AGAIN_LATER, 'The shop is temporarily unavailable');
          return false;
        }
      },
      onSubscribe: (context, _id, payload) => {
        const checked = checkDocument(options.schema, payload.query);
        // Apollo Server hides "Did you mean …?" over HTTP in production (hideSchemaDetailsFromClientErrors); the socket
        // validates on its own, so it must too, or the schema could be read here field by field.
        if (checked.errors) return options.production ? checked.errors.map(withoutSuggestions) : checked.errors;
        const viewer = context.extra.viewer!;
        return {
          schema: options.schema,
          document: checked.document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          contextValue: createContext({
            rest: options.rest,
            pubsub: options.pubsub,
            log: options.log,
            token: viewer.token,
            requestId: randomUUID(),
            socketUsername: viewer.username,
          }),
        };
      },
    },
    sockets,
  );
  return {
    sockets,
    async close(): Promise<void> {
      await serverHandle.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
