// A small OTLP/HTTP trace receiver, as a collector would be: it takes what the shop's exporter POSTs to /v1/traces
// and keeps it — spans decoded from http/json, and the raw bodies of http/protobuf (whose strings are readable in
// the bytes). Listens on 127.0.0.1 only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { poll } from './poll.js';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
}
type OtlpAttributes = { key: string; value: OtlpValue }[];

const valueOf = (value: OtlpValue) =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ''));
const attributesOf = (list: OtlpAttributes | undefined) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** The bodies of protobuf exports, as they came. */
  protobufBodies: Buffer[];
  /** Every request's path and content type. */
  requests: { path: string; contentType: string }[];
  /** Polls until `find` returns something, within `waitMs`. */
  waitFor<T>(find: () => T | undefined, waitMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const protobufBodies: Buffer[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = String(request.headers['content-type'] ?? '');
      requests.push({ path: request.url ?? '', contentType });
      if (request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (contentType.includes('json')) {
        const parsed = JSON.parse(body.toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: OtlpAttributes };
            scopeSpans: { spans: Record<string, unknown>[] }[];
          }[];
        };
        for (const resourceSpans of parsed.resourceSpans) {
          const service = String(attributesOf(resourceSpans.resource.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                service,
                traceId: String(span.traceId),
                spanId: String(span.spanId),
                parentSpanId: span.parentSpanId ? String(span.parentSpanId) : undefined,
                name: String(span.name),
                kind: Number(span.kind),
                attributes: attributesOf(span.attributes as OtlpAttributes),
                status: Number((span.status as { code?: number } | undefined)?.code ?? 0),
              });
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        protobufBodies.push(body);
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    protobufBodies,
    requests,
    async waitFor(find, waitMs = 20_000) {
      const found = await poll(
        async () => find(),
        (value) => value !== undefined,
        { within: waitMs },
      );
      if (found === undefined)
        throw new Error(
          `not received within ${waitMs} ms; spans so far: ${spans.map((span) => `${span.service} ${span.name}`).join(', ')}`,
        );
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
