// `npm run bench`: the budgets of DESIGN §8, measured on this machine; prints a table, writes bench/results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisReachable } from '../tests/helpers/redis.js';
import { createPairs, measureDelivery } from './chat-fanout.js';
import { measureOverhead } from './http-overhead.js';
import { freePort, startServer } from '../tests/helpers/server-process.js';
import { measureWebWeight } from './web-weight.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS = 1000;
const MESSAGES = 300;
/** Messages per second across all rooms during the delivery measurements. */
const MESSAGE_RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 50);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Row {
  measure: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-bench-'));
  const restPort = await freePort();
  const rest = await startServer(
    path.join(root, 'rest/src/server.ts'),
    {
      REST_PORT: String(restPort),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'bench-admin',
      // The bench is one client address playing a thousand people: the limits per address and user would stop it.
      REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1000000',
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000000',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000000',
      MESSAGES_PER_USER_PER_MINUTE: '1000000',
    },
    restPort,
  );
  const gatewayEnv = { REST_URL: rest.url };
  const gatewayPort = await freePort();
  const gateway = await startServer(path.join(root, 'gateway/src/server.ts'), { ...gatewayEnv, PORT: String(gatewayPort) }, gatewayPort);
  const stops = [gateway.stop, rest.stop];
  const rows: Row[] = [];
  const results: Record<string, unknown> = { date: new Date().toISOString(), cpus: os.cpus().length, node: process.version };
  try {
    const login = await fetch(`${rest.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-admin' }),
    });
    const token = await login.text();

    console.log(`Gateway overhead: products(first: 20), ${SECONDS} s per run …`);
    const overhead = await measureOverhead(rest.url, gateway.url, token, SECONDS);
    results.overhead = overhead;
    rows.push(
      { measure: 'REST GET /api/products (50 connections)', value: overhead.restThroughput.requestsPerSecond, unit: 'req/s', budget: '', pass: true },
      { measure: 'gateway products(first: 20) (50 connections)', value: overhead.gatewayThroughput.requestsPerSecond, unit: 'req/s', budget: '', pass: true },
      { measure: 'throughput ratio gateway / REST', value: overhead.throughputRatio, unit: '', budget: '≥ 0.6', pass: overhead.throughputRatio >= 0.6 },
      { measure: 'added latency p50 (1 connection)', value: overhead.addedP50, unit: 'ms', budget: '≤ 2', pass: overhead.addedP50 <= 2 },
      { measure: 'added latency p99 (1 connection)', value: overhead.addedP99, unit: 'ms', budget: '≤ 10', pass: overhead.addedP99 <= 10 },
      {
        measure: 'errors during the load runs',
        value: overhead.restThroughput.errors + overhead.gatewayThroughput.errors + overhead.restLatency.errors + overhead.gatewayLatency.errors,
        unit: '',
        budget: '0',
        pass: overhead.restThroughput.errors + overhead.gatewayThroughput.errors === 0,
      },
    );

    console.log(`Chat: ${SOCKETS} sockets on one gateway …`);
    const pairs = await createPairs(rest.url, SOCKETS / 2, 'bench-one');
    let rssWithSockets = 0;
    const single = await measureDelivery({
      pairs,
      senderGatewayWs: `${gateway.url.replace('http', 'ws')}/graphql`,
      receiverGatewayWs: `${gateway.url.replace('http', 'ws')}/graphql`,
      sendGatewayUrl: `${gateway.url}/graphql`,
      messages: MESSAGES,
      messagesPerSecond: MESSAGE_RATE,
      afterSubscribed: () => (rssWithSockets = gateway.rssMegabytes()),
    });
    results.chatOneGateway = { ...single, rssMegabytes: rssWithSockets };
    rows.push(
      { measure: `delivery p99, ${single.sockets} sockets, one gateway, ${MESSAGE_RATE} msg/s`, value: single.p99, unit: 'ms', budget: '≤ 50', pass: single.p99 <= 50 && single.delivered === single.messages },
      { measure: 'delivery p50, one gateway', value: single.p50, unit: 'ms', budget: '', pass: true },
      { measure: `gateway RSS with ${single.sockets} sockets`, value: rssWithSockets, unit: 'MB', budget: '≤ 300', pass: rssWithSockets <= 300 },
    );

    console.log('Web: initial JavaScript of a production build …');
    const weight = await measureWebWeight();
    results.webWeight = weight;
    rows.push({ measure: 'web initial JavaScript for / and /login (gzip)', value: weight.initialKilobytes, unit: 'KB', budget: '≤ 180', pass: weight.initialKilobytes <= 180 });

    if (await redisReachable(REDIS_URL)) {
      console.log(`Chat: ${SOCKETS} sockets over two gateways and Redis …`);
      const redisEnv = { ...gatewayEnv, REDIS_URL };
      const [portA, portB] = [await freePort(), await freePort()];
      const gatewayA = await startServer(path.join(root, 'gateway/src/server.ts'), { ...redisEnv, PORT: String(portA) }, portA);
      const gatewayB = await startServer(path.join(root, 'gateway/src/server.ts'), { ...redisEnv, PORT: String(portB) }, portB);
      stops.unshift(gatewayA.stop, gatewayB.stop);
      const redisPairs = await createPairs(rest.url, SOCKETS / 2, 'bench-two');
      const across = await measureDelivery({
        pairs: redisPairs,
        senderGatewayWs: `${gatewayA.url.replace('http', 'ws')}/graphql`,
        receiverGatewayWs: `${gatewayB.url.replace('http', 'ws')}/graphql`,
        sendGatewayUrl: `${gatewayA.url}/graphql`,
        messages: MESSAGES,
        messagesPerSecond: MESSAGE_RATE,
      });
      results.chatTwoGatewaysRedis = across;
      rows.push({
        measure: `delivery p99, two gateways over Redis, ${MESSAGE_RATE} msg/s`,
        value: across.p99,
        unit: 'ms',
        budget: '≤ 100',
        pass: across.p99 <= 100 && across.delivered === across.messages,
      });
    } else {
      console.warn(`Redis is not reachable at ${REDIS_URL}: the two-gateway measurement is skipped.`);
    }
  } finally {
    for (const stop of stops) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  results.rows = rows;
  fs.writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('');
  console.table(
    rows.map((row) => ({
      measure: row.measure,
      value: `${Number.isInteger(row.value) ? row.value : row.value.toFixed(2)} ${row.unit}`.trim(),
      budget: row.budget,
      '': row.budget ? (row.pass ? 'ok' : 'OVER BUDGET') : '',
    })),
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), path.join(here, 'results.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
