// Each screen through the gateway against the one REST call a client of the REST service would make for it: the
// listing, the cart, the orders and an opened chat room, each the web app's own document sent as the web sends it (by
// its trusted document's hash), through a gateway with its catalogue cache off, so that every request crosses to REST.
// For each: throughput at 50 connections in alternating rounds (REST, gateway, REST, gateway …: drift on a shared
// machine touches both), the ratio per round (its spread is the noise), CPU per request of each process from
// /proc/<pid>/stat (steadier here than throughput), and the latency the gateway adds at 1 connection.
import type { DocumentNode } from 'graphql';
import { toGlobalId } from '../gateway/src/global-id.js';
import type { ServerProcess } from '../tests/helpers/server-process.js';
import {
  CartPageDocument,
  ChatRoomMessagesDocument,
  OrdersPageDocument,
  ProductListingDocument,
} from '../web/src/gql/graphql.js';
import { type Target, cpuMilliseconds, latencies, percentile, throughput } from './http-overhead.js';
import { persistedHashOf } from './web-documents.js';

/** The screens and the page sizes the web app asks for (web/src/features/*). */
const LISTING_PAGE = 24;
const ORDERS_PAGE = 10;
const MESSAGES_PAGE = 30;

export interface ScreenFigures {
  restRps: number;
  gatewayRps: number;
  /** The gateway's requests a second over REST's, the mean of the rounds' ratios; and the lowest and highest. */
  ratio: number;
  ratioSpread: [number, number];
  /** Microseconds of CPU per request: REST answering the call directly; the gateway; REST behind the gateway. */
  restCpuUs: number;
  gatewayCpuUs: number;
  restBehindGatewayCpuUs: number;
  /** REST's CPU per request over the gateway's: what bounds the ratio when the two cores are the limit. */
  cpuRatio: number;
  addedP50Ms: number;
  addedP99Ms: number;
  errors: number;
  /**
   * The same document through the shop's resolvers on graphql-jit and a bare Fastify route, without Apollo Server and
   * the gateway's plugins (without-apollo.ts): its requests a second over REST's (the mean of the rounds), and its CPU
   * per request. What stands between the gateway and this bound is Apollo Server's pipeline and the plugins.
   */
  withoutApolloRatio: number;
  withoutApolloCpuUs: number;
  withoutApolloErrors: number;
}

export type ScreenName = 'listing' | 'cart' | 'orders' | 'chat_room';

/** A shopper with a cart of three lines, three orders, and a room of 40 messages, made through the REST service. */
async function shopperWithHistory(restUrl: string): Promise<{ token: string; roomId: number }> {
  const call = async (method: string, route: string, token: string | undefined, body?: unknown) => {
    const answer = await fetch(`${restUrl}/api${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${text}`);
    return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  };
  const register = async (username: string) => {
    await call('POST', '/auth/register', undefined, { username, password: 'bench-screens' });
    return (await call('POST', '/auth/login', undefined, { username, password: 'bench-screens' })) as string;
  };
  const token = await register('bench-screens-buyer');
  for (const productId of [1, 2, 3]) {
    await call('POST', '/cart/items', token, { productId, quantity: 1 });
    await call('POST', '/orders/checkout', token, { shippingAddress: '1 Bench Street' });
  }
  for (const productId of [4, 5, 6]) await call('POST', '/cart/items', token, { productId, quantity: 2 });
  const friend = await register('bench-screens-friend');
  for (let index = 0; index < 40; index += 1) {
    const [from, to] = index % 2 ? [friend, 'bench-screens-buyer'] : [token, 'bench-screens-friend'];
    await call('POST', `/chat/rooms/${to}/messages`, from, { content: `Message ${index}` });
  }
  const rooms = (await call('GET', '/chat/rooms', token)) as { id: number }[];
  return { token, roomId: rooms[0]!.id };
}

/** A load run, with the CPU each process used per request meanwhile. */
async function timedRun(target: Target, seconds: number, processes: ServerProcess[]) {
  const before = processes.map((server) => cpuMilliseconds(server.pid));
  const run = await throughput({ ...target, connections: 50, duration: seconds });
  const cpuUs = processes.map(
    (server, index) => ((cpuMilliseconds(server.pid) - before[index]!) * 1000) / run.requests,
  );
  return { run, cpuUs };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function measureScreens(options: {
  rest: ServerProcess;
  /** A gateway with CATALOGUE_CACHE=false over that REST service. */
  gateway: ServerProcess;
  /** without-apollo.ts over the same REST service. */
  withoutApollo: ServerProcess;
  seconds: number;
  rounds: number;
}): Promise<Record<ScreenName, ScreenFigures>> {
  const { token, roomId } = await shopperWithHistory(options.rest.url);
  const auth = { authorization: `Bearer ${token}` };
  const restCall = (route: string): Target => ({
    url: `${options.rest.url}/api${route}`,
    method: 'GET',
    headers: auth,
  });
  const graphql = (
    document: DocumentNode,
    variables: Record<string, unknown>,
    server: ServerProcess = options.gateway,
  ): Target => ({
    url: `${server.url}/graphql`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: persistedHashOf(document) } },
    }),
  });
  const documents: Record<ScreenName, { rest: Target; document: DocumentNode; variables: Record<string, unknown> }> = {
    listing: {
      rest: restCall(`/products?page=0&size=${LISTING_PAGE}`),
      document: ProductListingDocument,
      variables: { first: LISTING_PAGE },
    },
    cart: { rest: restCall('/cart'), document: CartPageDocument, variables: {} },
    orders: {
      rest: restCall(`/orders?page=0&size=${ORDERS_PAGE}`),
      document: OrdersPageDocument,
      variables: { first: ORDERS_PAGE },
    },
    chat_room: {
      rest: restCall(`/chat/rooms/${roomId}/messages?page=0&size=${MESSAGES_PAGE}&include=room`),
      document: ChatRoomMessagesDocument,
      variables: { roomId: toGlobalId('ChatRoom', roomId), last: MESSAGES_PAGE },
    },
  };
  const screens = Object.fromEntries(
    Object.entries(documents).map(([name, { rest, document, variables }]) => [
      name,
      {
        rest,
        gateway: graphql(document, variables),
        withoutApollo: graphql(document, variables, options.withoutApollo),
      },
    ]),
  ) as Record<ScreenName, { rest: Target; gateway: Target; withoutApollo: Target }>;

  const figures = {} as Record<ScreenName, ScreenFigures>;
  for (const [name, { rest, gateway, withoutApollo }] of Object.entries(screens) as [
    ScreenName,
    (typeof screens)['listing'],
  ][]) {
    // Each answer checked once (a refusal would be measured as a fast request), then every path warmed. The bound
    // must answer the gateway's data (the same JSON).
    const data: string[] = [];
    for (const target of [rest, gateway, withoutApollo]) {
      const answer = await fetch(target.url, target);
      const text = await answer.text();
      if (answer.status !== 200 || text.includes('"errors"'))
        throw new Error(`${name}: ${target.url} answered ${answer.status} ${text.slice(0, 300)}`);
      if (target !== rest) data.push(JSON.stringify((JSON.parse(text) as { data: unknown }).data));
      await throughput({ ...target, connections: 10, duration: 1 });
    }
    if (data[0] !== data[1]) throw new Error(`${name}: without Apollo the data differ:\n${data[0]}\n${data[1]}`);
    const restRuns: Awaited<ReturnType<typeof timedRun>>[] = [];
    const gatewayRuns: Awaited<ReturnType<typeof timedRun>>[] = [];
    const boundRuns: Awaited<ReturnType<typeof timedRun>>[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      restRuns.push(await timedRun(rest, options.seconds, [options.rest]));
      gatewayRuns.push(await timedRun(gateway, options.seconds, [options.gateway, options.rest]));
      boundRuns.push(await timedRun(withoutApollo, options.seconds, [options.withoutApollo]));
    }
    const ratios = gatewayRuns.map((run, index) => run.run.requestsPerSecond / restRuns[index]!.run.requestsPerSecond);
    const restTimes: number[] = [];
    const gatewayTimes: number[] = [];
    await latencies(rest, 100);
    await latencies(gateway, 100);
    for (let round = 0; round < 3; round += 1) {
      restTimes.push(...(await latencies(rest, 300)));
      gatewayTimes.push(...(await latencies(gateway, 300)));
    }
    restTimes.sort((a, b) => a - b);
    gatewayTimes.sort((a, b) => a - b);
    const restCpuUs = mean(restRuns.map((run) => run.cpuUs[0]!));
    const gatewayCpuUs = mean(gatewayRuns.map((run) => run.cpuUs[0]!));
    figures[name] = {
      restRps: mean(restRuns.map((run) => run.run.requestsPerSecond)),
      gatewayRps: mean(gatewayRuns.map((run) => run.run.requestsPerSecond)),
      ratio: mean(ratios),
      ratioSpread: [Math.min(...ratios), Math.max(...ratios)],
      restCpuUs,
      gatewayCpuUs,
      restBehindGatewayCpuUs: mean(gatewayRuns.map((run) => run.cpuUs[1]!)),
      cpuRatio: restCpuUs / gatewayCpuUs,
      addedP50Ms: percentile(gatewayTimes, 0.5) - percentile(restTimes, 0.5),
      addedP99Ms: percentile(gatewayTimes, 0.99) - percentile(restTimes, 0.99),
      errors: [...restRuns, ...gatewayRuns].reduce((sum, run) => sum + run.run.errors, 0),
      withoutApolloErrors: boundRuns.reduce((sum, run) => sum + run.run.errors, 0),
      withoutApolloRatio: mean(
        boundRuns.map((run, index) => run.run.requestsPerSecond / restRuns[index]!.run.requestsPerSecond),
      ),
      withoutApolloCpuUs: mean(boundRuns.map((run) => run.cpuUs[0]!)),
    };
  }
  return figures;
}
