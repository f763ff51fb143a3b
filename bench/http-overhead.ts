// The gateway's own cost: the same page of 20 products straight from the REST service, through our gateway, and
// through a gateway generated from the OpenAPI document by GraphQL Mesh (mesh-server.ts). Throughput at 50
// connections, REST and gateway alternating (REST, gateway, REST, gateway) so that drift on a shared machine
// touches both; latency at 1 connection, timed per request with sub-millisecond resolution. The load comes from
// this process; each server runs in its own. The gateway's CPU time per request is read from /proc around its
// throughput runs: on a machine whose cores are shared, requests a second move with the neighbours' load, while the
// CPU one request takes moves much less.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { Pool } from 'undici';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  errors: number;
}

/** Requests a second under autocannon's load, and what failed (errors, non-2xx answers, timeouts). */
export async function throughput(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux almost everywhere). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time a process has used so far (user + system, all its threads), in milliseconds; Linux only. */
export function cpuMilliseconds(pid: number): number {
  // The command name (field 2) is in parentheses and may hold spaces: the fields are counted after its ")".
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** A throughput run, with the CPU time the process `pid` spent during it. */
async function measuredThroughput(options: autocannon.Options, pid: number | undefined) {
  const before = pid === undefined ? 0 : cpuMilliseconds(pid);
  const run = await throughput(options);
  return { run, cpuMs: pid === undefined ? 0 : cpuMilliseconds(pid) - before };
}

export const PRODUCTS_QUERY = JSON.stringify({
  query: '{ products(first: 20) { totalCount edges { node { id name price quantity imageUrl description } } } }',
});
/**
 * The same page in the schema Mesh generates from the OpenAPI document. Since the listing may also answer a search's
 * page (its products with their highlights), Mesh merges the listing's answers into one type whose `content` is its
 * JSON scalar: the products come whole, every field (selecting the six fields is refused as invalid).
 */
export const MESH_PRODUCTS_QUERY = JSON.stringify({
  query: '{ listProducts(page: 0, size: 20) { ... on listProducts_200_response { totalElements content } } }',
});

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * One request, which must be answered 200 with the page (GraphQL: `data` and no `errors`, which come with a 200 too):
 * a target that answers otherwise would be measured answering its error.
 */
async function checkAnswer(target: Target): Promise<void> {
  const answer = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
  });
  const text = await answer.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const answered =
    target.method === 'POST'
      ? typeof body === 'object' && body !== null && 'data' in body && body.data !== null && !('errors' in body)
      : body !== undefined;
  if (answer.status !== 200 || !answered)
    throw new Error(`${target.url} answered ${answer.status} ${text.slice(0, 500)} to ${target.body ?? 'GET'}`);
}

export const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

/** Per-request latency over one kept-alive connection: `count` requests one after the other, in milliseconds. */
export async function latencies(target: Target, count: number): Promise<number[]> {
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
  /** The gateway process's CPU time (user + system) per request over its throughput runs; given its pid. */
  gatewayCpuMsPerRequest: number | undefined;
  errors: number;
}

const LATENCY_ROUNDS = 6;
const LATENCY_REQUESTS_PER_ROUND = 500;

export async function measureOverhead(options: {
  restUrl: string;
  gatewayUrl: string;
  meshUrl?: string;
  /** The gateway's process, whose CPU time per request is then measured. */
  gatewayPid?: number;
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
  for (const target of [rest, gateway, mesh]) if (target) await checkAnswer(target);
  // Warm every path (JIT, connection pools, document caches) before measuring.
  for (const target of [rest, gateway, mesh]) if (target) await throughput({ ...target, connections: 10, duration: 2 });

  const restRuns: LoadResult[] = [];
  const gatewayRuns: LoadResult[] = [];
  let gatewayCpuMs = 0;
  for (let round = 0; round < 2; round += 1) {
    restRuns.push(await throughput({ ...rest, connections: 50, duration: options.seconds }));
    const measured = await measuredThroughput(
      { ...gateway, connections: 50, duration: options.seconds },
      options.gatewayPid,
    );
    gatewayRuns.push(measured.run);
    gatewayCpuMs += measured.cpuMs;
  }
  const gatewayRequests = gatewayRuns.reduce((sum, run) => sum + run.requests, 0);
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
    gatewayCpuMsPerRequest:
      options.gatewayPid === undefined || gatewayRequests === 0 ? undefined : gatewayCpuMs / gatewayRequests,
    errors: [...restRuns, ...gatewayRuns, ...(meshRun ? [meshRun] : [])].reduce((sum, run) => sum + run.errors, 0),
  };
}
