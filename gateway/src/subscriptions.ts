// graphql-ws on the same /graphql path: the token in connectionParams.authorization is checked once, at
// connection_init (a bad or missing one closes the socket with 4403), and each operation passes the same
// limits as over HTTP.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { bearerToken, createContext } from './context.js';
import { UpstreamRejection } from './errors.js';
import type { ShopPubSub } from './pubsub.js';
import { createRestApi } from './rest/rest-api.js';
import type { RestClient } from './rest/rest-client.js';
import { checkDocument } from './security.js';

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
          // A refused token is the client's problem (4403); an unreachable REST service is ours (4500, retry).
          if (error instanceof UpstreamRejection) return false;
          options.log.warn({ err: error }, 'socket refused: the REST service could not check its token');
          throw error;
        }
      },
      onSubscribe: (context, _id, payload) => {
        const checked = checkDocument(options.schema, payload.query);
        if (checked.errors) return checked.errors;
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
