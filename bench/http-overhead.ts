// The gateway's own cost: the same page of 20 products straight from the REST service and through the gateway.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export interface OverheadResult {
  restThroughput: LoadResult;
  gatewayThroughput: LoadResult;
  restLatency: LoadResult;
  gatewayLatency: LoadResult;
  throughputRatio: number;
  addedP50: number;
  addedP99: number;
}

const PRODUCTS_QUERY = JSON.stringify({
  query: '{ products(first: 20) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name price quantity imageUrl description } } } }',
});

export async function measureOverhead(restUrl: string, gatewayUrl: string, token: string, seconds: number): Promise<OverheadResult> {
  const rest = { url: `${restUrl}/api/products?page=0&size=20`, headers: { authorization: `Bearer ${token}` } };
  const gateway = {
    url: `${gatewayUrl}/graphql`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: PRODUCTS_QUERY,
  };
  // Warm both paths (JIT, connection pools, Apollo's document cache) before measuring.
  await load({ ...rest, connections: 10, duration: 2 });
  await load({ ...gateway, connections: 10, duration: 2 });
  const restThroughput = await load({ ...rest, connections: 50, duration: seconds });
  const gatewayThroughput = await load({ ...gateway, connections: 50, duration: seconds });
  const restLatency = await load({ ...rest, connections: 1, duration: seconds });
  const gatewayLatency = await load({ ...gateway, connections: 1, duration: seconds });
  return {
    restThroughput,
    gatewayThroughput,
    restLatency,
    gatewayLatency,
    throughputRatio: gatewayThroughput.requestsPerSecond / restThroughput.requestsPerSecond,
    addedP50: gatewayLatency.p50 - restLatency.p50,
    addedP99: gatewayLatency.p99 - restLatency.p99,
  };
}
