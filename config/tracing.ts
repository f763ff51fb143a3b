// Traces with OpenTelemetry, configured by its own variables and off unless an OTLP endpoint is set. When on, a
// request is one trace across both servers: the gateway's HTTP span, the GraphQL operation's span, a span per REST
// call it makes (their W3C traceparent header carries the trace to the REST service), and there the route's span
// and one per database statement. When off, nothing of the SDK is loaded and the API's no-op spans cost next to
// nothing (the bench measures both).
import {
  type Context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ConfigError, declaredChoices, readText } from './env.js';

/** The instrumentation's name, as spans name the code that made them. */
const TRACER_NAME = 'medshop';

let tracing = false;

/** Whether spans are being recorded and sent (startTracing found an endpoint). */
export const tracingOn = (): boolean => tracing;

export const tracer = () => trace.getTracer(TRACER_NAME);

/** The OTLP protocols this shop speaks; OpenTelemetry's default is http/protobuf. */
const PROTOCOLS = declaredChoices('OTEL_EXPORTER_OTLP_PROTOCOL');

export interface Tracing {
  /** Where spans go, for the start-up line: the collector's origin, without credentials or query. */
  destination: string;
  /** Sends what is still buffered, then stops: called once the servers have stopped. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set (and neither
 * OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none says otherwise); undefined when it stays off. The service is
 * named by OTEL_SERVICE_NAME, `defaultServiceName` otherwise; OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG),
 * OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TIMEOUT and OTEL_BSP_* are read by the SDK itself.
 */
export async function startTracing(defaultServiceName: string): Promise<Tracing | undefined> {
  // The process's own variables: the SDK's exporter and batch processor read them too.
  const env = process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const protocolSetting = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = readText(env, protocolSetting) ?? (readText({}, 'OTEL_EXPORTER_OTLP_PROTOCOL') as string);
  if (!PROTOCOLS.includes(protocol)) {
    throw new ConfigError(
      `${protocolSetting}: "${protocol}" is not supported here; use http/protobuf (the default) or http/json`,
    );
  }
  if (!URL.canParse(endpoint) || !['http:', 'https:'].includes(new URL(endpoint).protocol)) {
    const setting = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
      : 'OTEL_EXPORTER_OTLP_ENDPOINT';
    throw new ConfigError(
      `${setting}: "${endpoint}" is not an http:// or https:// URL; set it to the collector's OTLP/HTTP address, e.g. http://localhost:4318`,
    );
  }
  // Loaded only now: a shop that does not trace does not carry the SDK.
  const [
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { detectResources, envDetector, resourceFromAttributes },
    exporterModule,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name.
  const resource = resourceFromAttributes({ 'service.name': defaultServiceName }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new exporterModule.OTLPTraceExporter())],
  });
  // The async-hooks context manager and the W3C trace-context propagator (traceparent, tracestate).
  provider.register();
  tracing = true;
  return {
    destination: new URL(endpoint).origin,
    async shutdown() {
      tracing = false;
      await provider.shutdown();
    },
  };
}

const headerGetter: TextMapGetter<FastifyRequest['headers']> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span and the context it runs in, while tracing is on. */
    traceContext?: Context;
  }
}

/**
 * A server span per request, named by its route (`GET /api/products/:id`), continuing the caller's trace when its
 * traceparent says so and the caller is one of `trustedProxies` (nginx, a gateway: TRUSTED_PROXIES); anyone else
 * starts a trace of its own, so that no client decides what is sampled or joins its requests to a trace it names.
 * The handler (and the hooks from preValidation on) run in the span's context, so that what they do — REST calls,
 * database statements — are its children. Its id joins the request's log lines. Nothing when tracing is off.
 */
export function traceRequests(app: FastifyInstance, trustedProxies: string[]): void {
  if (!tracing) return;
  const trusted = proxyAddr.compile(trustedProxies);
  app.addHook('onRequest', (request, reply, done) => {
    const fromTrusted = trusted(request.socket.remoteAddress ?? '', 0);
    const parent = fromTrusted ? propagation.extract(ROOT_CONTEXT, request.headers, headerGetter) : ROOT_CONTEXT;
    const route = request.routeOptions?.url;
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?', 1)[0],
          ...(route ? { 'http.route': route } : {}),
          'client.address': request.ip,
        },
      },
      parent,
    );
    request.traceContext = trace.setSpan(parent, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
    context.with(request.traceContext, done);
  });
  // The body has been read by now, in whatever context the socket's events ran: the rest runs in the span's again.
  app.addHook('preValidation', (request, reply, done) => {
    if (request.traceContext) context.with(request.traceContext, done);
    else done();
  });
  app.addHook('onError', async (request, reply, error) => {
    const span = request.traceContext && trace.getSpan(request.traceContext);
    span?.recordException(error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = request.traceContext && trace.getSpan(request.traceContext);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
