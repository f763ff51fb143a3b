// The shop as a GraphQL client meets it: the real REST service and a real gateway over it, both listening on
// 127.0.0.1. TEST_REST_EXTENSIONS=false (the "gateway-plain" vitest project) runs the same tests against the
// plain contract, to prove the gateway's fallbacks.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { buildGateway } from '../../gateway/src/app.js';
import { loadGatewayConfig } from '../../gateway/src/config.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  DEFAULT_PASSWORD,
  type RestService,
  type RestServiceOptions,
  startRestService,
} from './rest-service.js';

/** Whether the REST service under test offers the DESIGN §4 extensions. */
export const restExtensions = process.env.TEST_REST_EXTENSIONS !== 'false';

export interface GraphQLAnswer<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[];
  headers: Headers;
}

export { withoutCost } from './answers.js';

export interface GatewayOptions {
  env?: NodeJS.ProcessEnv;
  /** Another upstream than the shop's REST service, e.g. a fault-injecting proxy in front of it. */
  restUrl?: string;
  /** The port to listen on (0, the default: any free one); a restarted gateway takes its predecessor's. */
  port?: number;
  /** Fastify's logger options (a test reading the log gives it a stream); no logging by default. */
  logger?: FastifyServerOptions['logger'];
  /** The time the gateway's cost allowances refill by: a test drives it instead of waiting. */
  clock?: () => number;
}

export interface Gateway {
  app: FastifyInstance;
  url: string;
  wsUrl: string;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>>;
  /** A graphql-ws client authenticated with the token (Node has no WebSocket of its own: ws). */
  socket(token: string | undefined, options?: Partial<Parameters<typeof createClient>[0]>): Client;
  close(): Promise<void>;
}

export async function startGateway(restUrl: string, options: GatewayOptions = {}): Promise<Gateway> {
  const config = loadGatewayConfig({
    REST_URL: options.restUrl ?? restUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    // Every operation compiled by graphql-jit from its first run (production compiles it at its second): the suites
    // check the compiled executor's answers, not graphql-js's.
    GRAPHQL_JIT_COMPILE_AFTER: '0',
    ...options.env,
  });
  const app = await buildGateway(config, { logger: options.logger ?? false, clock: options.clock });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/graphql`;
  const sockets: Client[] = [];
  return {
    app,
    url,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    async graphql(query, variables, token) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: any; errors?: any[] };
      return { status: response.status, data: body.data ?? undefined, errors: body.errors, headers: response.headers };
    },
    socket(token, socketOptions = {}) {
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: false,
        ...socketOptions,
      });
      sockets.push(client);
      return client;
    },
    async close() {
      await Promise.all(sockets.map((client) => client.dispose()));
      await app.close();
    },
  };
}

export interface Shop {
  rest: RestService;
  gateway: Gateway;
  graphql: Gateway['graphql'];
  /** Upstream calls recorded since the last reset. */
  calls: string[];
  resetCalls(): void;
  /** Registers through the REST service and logs in through the gateway; answers the token. */
  user(username: string, password?: string): Promise<string>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export async function startShop(options: { rest?: RestServiceOptions; gateway?: GatewayOptions } = {}): Promise<Shop> {
  const rest = await startRestService({ extensions: restExtensions, listen: true, recordCalls: true, ...options.rest });
  const gateway = await startGateway(rest.url, options.gateway);
  const login = async (username: string, password: string) => {
    const answer = await gateway.graphql<{ login: { token: string | null; userErrors: unknown[] } }>(
      'mutation ($input: LoginInput!) { login(input: $input) { token userErrors { message } } }',
      { input: { username, password } },
    );
    const token = answer.data?.login.token;
    if (!token) throw new Error(`login ${username} failed: ${JSON.stringify(answer)}`);
    return token;
  };
  return {
    rest,
    gateway,
    graphql: gateway.graphql,
    calls: rest.calls,
    resetCalls: () => {
      rest.calls.length = 0;
      rest.callRequestIds.length = 0;
    },
    async user(username, password = DEFAULT_PASSWORD) {
      await rest.register(username, password);
      return login(username, password);
    },
    adminToken: () => login(ADMIN_USERNAME, ADMIN_PASSWORD),
    async close() {
      await gateway.close();
      await rest.close();
    },
  };
}

export { ADMIN_USERNAME };
