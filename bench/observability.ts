// What metrics and tracing cost: `products(first: 20)` through four shops alike but for what they report — neither
// metrics nor traces, metrics only (METRICS_PORT; tracing configured off, as by default), metrics and traces (every
// span sent over OTLP/HTTP to a receiver in this process), and metrics with one trace in ten. Each shop is a REST
// service and a gateway of its own with the catalogue cache off, so that every request crosses both servers and the
// database: the most spans a request makes. 50 connections; six rounds of 5 s runs, each round in another order, and
// the median of each shop's runs.
import path from 'node:path';
import { startOtlpReceiver } from '../tests/helpers/otlp-receiver.js';
import { freePort } from '../tests/helpers/server-process.js';
import { PRODUCTS_QUERY, throughput } from './http-overhead.js';
import { adminToken, startGatewayProcess, startRest } from './servers.js';

export interface ObservabilityCost {
  plainRps: number;
  metricsRps: number;
  tracedRps: number;
  /** Traced, one request in ten sampled (OTEL_TRACES_SAMPLER=parentbased_traceidratio, _ARG=0.1). */
  sampledRps: number;
  /** Throughput lost to metrics with tracing off, in percent of the plain shop's. */
  offOverheadPct: number;
  /** Throughput lost to metrics and tracing on, every request traced, in percent. */
  onOverheadPct: number;
  /** The same with one request in ten traced. */
  sampledOverheadPct: number;
  spanBatchesReceived: number;
  errors: number;
}

/** Short runs, many rounds, each round in another order: a slow moment of the machine touches every shop alike. */
const ROUNDS = 6;
const SECONDS_PER_RUN = 5;

export async function measureObservabilityCost(options: { dataDir: string }): Promise<ObservabilityCost> {
  const receiver = await startOtlpReceiver();
  const stops: (() => Promise<void>)[] = [];
  try {
    let shopCount = 0;
    const shop = async (reporting: NodeJS.ProcessEnv, restReporting: NodeJS.ProcessEnv) => {
      // Each its own SQLite file with the demo catalogue: no shop's writes (or WAL) weigh on another's reads.
      const dataDir = path.join(options.dataDir, `observability-${(shopCount += 1)}`);
      const rest = await startRest({
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, 'shop.db')}`,
        SEED_DEMO: 'true',
        ...restReporting,
      });
      stops.unshift(rest.stop);
      const gateway = await startGatewayProcess({ REST_URL: rest.url, CATALOGUE_CACHE: 'false', ...reporting });
      stops.unshift(gateway.stop);
      return { gatewayUrl: gateway.url, token: await adminToken(rest.url) };
    };
    const metricsOn = async () => ({ METRICS_PORT: String(await freePort()) });
    const traces = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    // The gateway decides; REST follows the sampled flag of the traceparent it is sent.
    const sampled = { ...traces, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' };
    const targets = {
      plain: await shop({}, {}),
      metrics: await shop(await metricsOn(), await metricsOn()),
      traced: await shop({ ...(await metricsOn()), ...traces }, { ...(await metricsOn()), ...traces }),
      sampled: await shop({ ...(await metricsOn()), ...sampled }, { ...(await metricsOn()), ...sampled }),
    };
    const load = (target: { gatewayUrl: string; token: string }, seconds: number) =>
      throughput({
        url: `${target.gatewayUrl}/graphql`,
        method: 'POST',
        headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
        body: PRODUCTS_QUERY,
        connections: 50,
        duration: seconds,
      });
    for (const target of Object.values(targets)) await load(target, 2);
    const names = Object.keys(targets) as (keyof typeof targets)[];
    const runs: Record<keyof typeof targets, number[]> = { plain: [], metrics: [], traced: [], sampled: [] };
    let errors = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
        const run = await load(targets[name], SECONDS_PER_RUN);
        runs[name].push(run.requestsPerSecond);
        errors += run.errors;
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
    };
    const [plainRps, metricsRps, tracedRps, sampledRps] = [
      median(runs.plain),
      median(runs.metrics),
      median(runs.traced),
      median(runs.sampled),
    ];
    return {
      plainRps,
      metricsRps,
      tracedRps,
      sampledRps,
      offOverheadPct: (1 - metricsRps / plainRps) * 100,
      onOverheadPct: (1 - tracedRps / plainRps) * 100,
      sampledOverheadPct: (1 - sampledRps / plainRps) * 100,
      spanBatchesReceived: receiver.protobufBodies.length,
      errors,
    };
  } finally {
    for (const stop of stops) await stop();
    await receiver.close();
  }
}
