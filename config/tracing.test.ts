// Whose trace context a server continues: a caller among TRUSTED_PROXIES (nginx, a gateway) joins its trace; anyone
// else starts a new one, so that no client chooses what is sampled or names the trace its requests land in. Spans go
// to an OTLP/HTTP receiver this test starts.
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OtlpReceiver, startOtlpReceiver } from '../tests/helpers/otlp-receiver.js';
import { type Tracing, startTracing, traceRequests } from './tracing.js';

let receiver: OtlpReceiver;
let tracing: Tracing | undefined;
const settings = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_BSP_SCHEDULE_DELAY'] as const;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The SDK's exporter and batch processor read the process's own variables, as they do in the servers.
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '50',
  });
  tracing = await startTracing('tracing-unit');
});
afterAll(async () => {
  await tracing?.shutdown();
  for (const setting of settings) delete process.env[setting];
  await receiver.close();
});

it('continues the trace of a trusted proxy, and starts a new one for anyone else', async () => {
  expect(tracing?.destination).toBe(receiver.url);
  const app = Fastify();
  traceRequests(app, ['10.0.0.5']);
  app.get('/where/:id', async () => ({ ok: true }));
  await app.ready();
  const trace = (id: string) => `00-${id}-00f067aa0ba902b7-01`;
  const [proxied, direct] = ['4bf92f3577b34da6a3ce929d0e0e4736', '0af7651916cd43dd8448eb211c80319c'];
  await app.inject({
    method: 'GET',
    url: '/where/1',
    remoteAddress: '10.0.0.5',
    headers: { traceparent: trace(proxied) },
  });
  await app.inject({
    method: 'GET',
    url: '/where/2',
    remoteAddress: '203.0.113.9',
    headers: { traceparent: trace(direct) },
  });
  const spans = await receiver.waitFor(() => (receiver.spans.length >= 2 ? receiver.spans : undefined));
  const byPath = (path: string) => spans.find((span) => span.attributes['url.path'] === path)!;
  expect(byPath('/where/1')).toMatchObject({
    name: 'GET /where/:id',
    traceId: proxied,
    parentSpanId: '00f067aa0ba902b7',
    service: 'tracing-unit',
  });
  expect(byPath('/where/2').traceId).not.toBe(direct);
  expect(byPath('/where/2').parentSpanId).toBeUndefined();
  await app.close();
});
