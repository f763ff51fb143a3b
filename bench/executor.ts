// The gateway's executor measured against graphql-js on the same machine at the same time (`npx tsx
// bench/executor.ts`, about 4 minutes): one REST service, two gateways alike but for GRAPHQL_JIT (true and false),
// both with CATALOGUE_CACHE=false so that every request executes. Each query is sent to each gateway at 50
// connections in alternating runs (the order swapped every round, so drift touches both), and each gateway's CPU time
// per request is read from /proc around its runs: on shared cores requests a second follow the neighbours' load, the
// CPU one request takes much less. The queries: the bench's listing (`http-overhead.ts`), and two screens as the web
// app sends them, the listing of 24 (`ProductListing`) and the order desk's 20 orders of 3 lines (`OrderDesk`).
// AB_SECONDS (default 8) and AB_ROUNDS (default 4) tune it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTS_QUERY, cpuMilliseconds, throughput } from './http-overhead.js';
import { adminToken, startGatewayProcess, startRest } from './servers.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.AB_SECONDS ?? 8);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);

const webDocuments = JSON.parse(
  fs.readFileSync(path.join(root, 'web/src/gql/persisted-documents.json'), 'utf8'),
) as Record<string, string>;
const webDocument = (name: string) => {
  const text = Object.values(webDocuments).find((document) => document.includes(`query ${name}(`));
  if (!text) throw new Error(`the web app has no query ${name}`);
  return text;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percent = (after: number, before: number) => `${(((after - before) / before) * 100).toFixed(1)} %`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-executor-'));
const rest = await startRest({
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${path.join(dataDir, 'shop.db')}`,
  SEED_DEMO: 'true',
});
const gateways = {
  'graphql-js': await startGatewayProcess({ REST_URL: rest.url, CATALOGUE_CACHE: 'false', GRAPHQL_JIT: 'false' }),
  'graphql-jit': await startGatewayProcess({ REST_URL: rest.url, CATALOGUE_CACHE: 'false', GRAPHQL_JIT: 'true' }),
};
try {
  const token = await adminToken(rest.url);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const graphql = async (url: string, body: string) =>
    (await (await fetch(`${url}/graphql`, { method: 'POST', headers, body })).json()) as {
      data?: {
        products?: { edges: { node: { id: string } }[] };
        checkout?: { order: { id: string } | null };
      };
      errors?: unknown[];
    };
  // The desk's orders: 20 of 3 lines, placed by the admin.
  const setUp = (query: string, variables: object = {}) =>
    graphql(gateways['graphql-js'].url, JSON.stringify({ query, variables }));
  const products = await setUp('{ products(first: 10) { edges { node { id } } } }');
  const ids = products.data!.products!.edges.map((edge) => edge.node.id);
  for (let order = 0; order < 20; order += 1) {
    for (let line = 0; line < 3; line += 1)
      await setUp('mutation ($id: ID!) { addToCart(input: { productId: $id }) { userErrors { message } } }', {
        id: ids[(order + line) % ids.length],
      });
    const placed = await setUp('mutation { checkout(input: { shippingAddress: "1 Bench Street" }) { order { id } } }');
    if (!placed.data?.checkout?.order) throw new Error(`checkout: ${JSON.stringify(placed)}`);
  }

  const queries: Record<string, string> = {
    'the bench listing': PRODUCTS_QUERY,
    'ProductListing (24)': JSON.stringify({ query: webDocument('ProductListing'), variables: { first: 24 } }),
    'OrderDesk (20 orders)': JSON.stringify({ query: webDocument('OrderDesk'), variables: { first: 20 } }),
  };
  const names = Object.keys(gateways) as (keyof typeof gateways)[];
  for (const [query, body] of Object.entries(queries)) {
    for (const name of names) {
      const answer = await graphql(gateways[name].url, body);
      if (answer.errors) throw new Error(`${query} on ${name}: ${JSON.stringify(answer.errors)}`);
      await throughput({
        url: `${gateways[name].url}/graphql`,
        method: 'POST',
        headers,
        body,
        connections: 10,
        duration: 2,
      });
    }
    const runs: Record<keyof typeof gateways, { rps: number; cpuMs: number }[]> = {
      'graphql-js': [],
      'graphql-jit': [],
    };
    let errors = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const gateway = gateways[name];
        const before = cpuMilliseconds(gateway.pid);
        const run = await throughput({
          url: `${gateway.url}/graphql`,
          method: 'POST',
          headers,
          body,
          connections: 50,
          duration: SECONDS,
        });
        runs[name].push({ rps: run.requestsPerSecond, cpuMs: (cpuMilliseconds(gateway.pid) - before) / run.requests });
        errors += run.errors;
      }
    }
    console.log(query);
    for (const name of names)
      console.log(
        `  ${name.padEnd(11)} CPU ms/request ${runs[name].map((run) => run.cpuMs.toFixed(3)).join(' ')}` +
          ` (median ${median(runs[name].map((run) => run.cpuMs)).toFixed(3)}); req/s ${runs[name].map((run) => Math.round(run.rps)).join(' ')}`,
      );
    const cpu = (name: keyof typeof gateways) => median(runs[name].map((run) => run.cpuMs));
    const rps = (name: keyof typeof gateways) => median(runs[name].map((run) => run.rps));
    console.log(
      `  graphql-jit: CPU per request ${percent(cpu('graphql-jit'), cpu('graphql-js'))}, req/s ${percent(rps('graphql-jit'), rps('graphql-js'))}${errors ? `; ${errors} errors` : ''}`,
    );
  }
} finally {
  for (const gateway of Object.values(gateways)) await gateway.stop();
  await rest.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
