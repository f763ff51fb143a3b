// The gateway's own cost: the same page of 20 products straight from the REST service, through our gateway, and
// through a gateway generated from the OpenAPI document by GraphQL Mesh (mesh-server.ts). Throughput at 50
// connections, REST and gateway alternating (REST, gateway, REST, gateway) so that drift on a shared machine
// touches both; latency at 1 connection, timed per request with sub-millisecond resolution. The load comes from
// this process; each server runs in its own.
import autocannon from 'autocannon';
import { Pool } from 'undici';

export interface LoadResult {
  requestsPerSecond: number;
  errors: number;
}

/** Requests a second under autocannon's load, and what failed (errors, non-2xx answers, timeouts). */
export async function throughput(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options });
  return { requestsPerSecond: result.requests.average, errors: result.errors + result.non2xx + result.timeouts };
}

export const PRODUCTS_QUERY = JSON.stringify({
  query: '{ products(first: 20) { totalCount edges { node { id name price quantity imageUrl description } } } }',
});
/** The same page and fields in the schema Mesh generates from the OpenAPI document. */
export const MESH_PRODUCTS_QUERY = JSON.stringify({
  query:
    '{ listProducts(page: 0, size: 20) { ... on listProducts_200_response { totalElements content { id name price quantity imageUrl description } } } }',
});

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

/** Per-request latency over one kept-alive connection: `count` requests one after the other, in milliseconds. */
async function latencies(target: Target, count: number): Promise<number[]> {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections: 1 });
  const times: number[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      const answer = await pool.request({
        path: url.pathname + url.search,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
      });
      await answer.body.text();
      times.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`${target.url} answered ${answer.statusCode}`);
    }
  } finally {
    await pool.close();
  }
  return times;
}

export interface OverheadResult {
  restRuns: LoadResult[];
  gatewayRuns: LoadResult[];
  meshRun: LoadResult | undefined;
  restRps: number;
  gatewayRps: number;
  ratio: number;
  meshRps: number | undefined;
  ratioVsMesh: number | undefined;
  rest: { p50: number; p99: number };
  gateway: { p50: number; p99: number };
  addedP50: number;
  addedP99: number;
  errors: number;
}

const LATENCY_ROUNDS = 6;
const LATENCY_REQUESTS_PER_ROUND = 500;

export async function measureOverhead(options: {
  restUrl: string;
  gatewayUrl: string;
  meshUrl?: string;
  token: string;
  seconds: number;
}): Promise<OverheadResult> {
  const auth = { authorization: `Bearer ${options.token}` };
  const rest: Target = { url: `${options.restUrl}/api/products?page=0&size=20`, headers: auth };
  const gateway: Target = {
    url: `${options.gatewayUrl}/graphql`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: PRODUCTS_QUERY,
  };
  const mesh: Target | undefined = options.meshUrl
    ? {
        url: `${options.meshUrl}/graphql`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: MESH_PRODUCTS_QUERY,
      }
    : undefined;
  // Warm every path (JIT, connection pools, document caches) before measuring.
  for (const target of [rest, gateway, mesh]) if (target) await throughput({ ...target, connections: 10, duration: 2 });

  const restRuns: LoadResult[] = [];
  const gatewayRuns: LoadResult[] = [];
  for (let round = 0; round < 2; round += 1) {
    restRuns.push(await throughput({ ...rest, connections: 50, duration: options.seconds }));
    gatewayRuns.push(await throughput({ ...gateway, connections: 50, duration: options.seconds }));
  }
  const meshRun = mesh ? await throughput({ ...mesh, connections: 50, duration: options.seconds }) : undefined;

  // Latency in alternating rounds too.
  const restTimes: number[] = [];
  const gatewayTimes: number[] = [];
  await latencies(rest, 200);
  await latencies(gateway, 200);
  for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
    restTimes.push(...(await latencies(rest, LATENCY_REQUESTS_PER_ROUND)));
    gatewayTimes.push(...(await latencies(gateway, LATENCY_REQUESTS_PER_ROUND)));
  }
  const sortedRest = restTimes.sort((a, b) => a - b);
  const sortedGateway = gatewayTimes.sort((a, b) => a - b);
  const restLatency = { p50: percentile(sortedRest, 0.5), p99: percentile(sortedRest, 0.99) };
  const gatewayLatency = { p50: percentile(sortedGateway, 0.5), p99: percentile(sortedGateway, 0.99) };

  const mean = (runs: LoadResult[]) => runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length;
  const restRps = mean(restRuns);
  const gatewayRps = mean(gatewayRuns);
  return {
    restRuns,
    gatewayRuns,
    meshRun,
    restRps,
    gatewayRps,
    ratio: gatewayRps / restRps,
    meshRps: meshRun?.requestsPerSecond,
    ratioVsMesh: meshRun ? gatewayRps / meshRun.requestsPerSecond : undefined,
    rest: restLatency,
    gateway: gatewayLatency,
    addedP50: gatewayLatency.p50 - restLatency.p50,
    addedP99: gatewayLatency.p99 - restLatency.p99,
    errors: [...restRuns, ...gatewayRuns, ...(meshRun ? [meshRun] : [])].reduce((sum, run) => sum + run.errors, 0),
  };
}
