// The only place that speaks HTTP to the REST contract: one keep-alive undici Pool per upstream, a deadline per call
// (to connect, for the answer to start, and between its parts), the caller's bearer token and request id passed on,
// and failures turned into GraphQL errors.
import { Pool } from 'undici';
import { type Context, type Span, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { metricsOn, routeLabel, upstreamDuration, upstreamRequests } from '../../../config/metrics.js';
import { tracer, tracingOn } from '../../../config/tracing.js';
import { OperationTooLarge, UpstreamRejection, UpstreamUnavailable, retryAfterSecondsOf } from '../errors.js';
import type { CallDeadline } from './operation-deadline.js';
import { fieldOfPlainRefusal } from './plain-contract/refusals.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestCall {
  method: HttpMethod;
  /** Path below REST_URL, e.g. /api/products/3. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A body that is not JSON: a file, sent as it is (a CSV import, a picture). */
  file?: { contentType: string; body: string | Buffer } | undefined;
  /** Headers of this call beyond those every call carries (an Idempotency-Key). */
  headers?: Record<string, string> | undefined;
}

/** Who the call is made for: every call carries the caller's token and the request id of the GraphQL request. */
export interface Caller {
  token?: string | undefined;
  requestId?: string | undefined;
  /** The GraphQL operation's deadline, shared by all its calls: aborts what is still running when it passes. */
  deadline?: CallDeadline | undefined;
  /** The client's address, passed on as x-forwarded-for: the REST service's limits per address need it. */
  clientAddress?: string | undefined;
  /** How many more REST calls the operation may make (UPSTREAM_CALLS_PER_OPERATION), shared by all its calls. */
  budget?: UpstreamBudget | undefined;
  /** Where the calls are counted and timed, for the request's log line. */
  upstream?: { calls: number; ms: number } | undefined;
  /** Set once the REST service answered one of this caller's calls with success: it accepted the token. */
  tokenAccepted?: boolean;
  /**
   * Who the token is, as the REST service named them on an answer (extension caller-username): the viewer's name
   * without asking for the profile.
   */
  username?: string;
  /** The trace the calls belong to (the GraphQL operation's span), while tracing is on. */
  trace?: OperationTrace | undefined;
}

/** Where an operation's span is found by the REST calls it makes: set once the span has started. */
export interface OperationTrace {
  context?: Context | undefined;
}

export interface UpstreamBudget {
  limit: number;
  remaining: number;
}

export interface RestClientOptions {
  /** Deadline to connect, for the answer's headers to arrive, and between two parts of its body. */
  timeoutMs: number;
  connections?: number;
}

function queryString(query: RestCall['query']): string {
  if (!query) return '';
  let text = '';
  for (const key in query) {
    const value = query[key];
    if (value !== undefined) text += `${text ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
  }
  return text;
}

/**
 * The REST service's `{ message, code?, field? }`, or its plain-text body (spec §8: some answers are the text itself).
 * An answer with neither code nor field (the plain contract) gets the field its message is about (plain-contract/).
 */
function rejectionOf(
  call: RestCall,
  status: number,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): UpstreamRejection {
  // A limit's refusal says when to try again: passed on as a number, not only in the message's words.
  const retryAfter = status === 429 ? retryAfterSecondsOf(headers['retry-after']) : undefined;
  const plain = (message: string) =>
    new UpstreamRejection(status, message, fieldOfPlainRefusal(call, status, message), undefined, retryAfter);
  try {
    const parsed = JSON.parse(body) as { message?: unknown; field?: unknown; code?: unknown; challenge?: unknown };
    if (typeof parsed?.message === 'string' && parsed.message.trim()) {
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const [field, code] = [text(parsed.field), text(parsed.code)];
      if (field === undefined && code === undefined) return plain(parsed.message);
      return new UpstreamRejection(status, parsed.message, field, code, retryAfter, text(parsed.challenge));
    }
  } catch {
    if (body.trim() && body.length <= 300 && !body.trimStart().startsWith('<')) return plain(body.trim());
  }
  return new UpstreamRejection(status, `The request was refused (${status})`, undefined, undefined, retryAfter);
}

/** The connection went away under the call (reset, or closed by the other side), rather than the call failing. */
function closedUnder(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export class RestClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  readonly origin: string;
  /** host:port of REST_URL, as the log names it. */
  readonly host: string;

  constructor(restUrl: string, options: RestClientOptions) {
    const url = new URL(restUrl);
    this.origin = url.origin;
    this.host = url.host;
    this.basePath = url.pathname.replace(/\/+$/, '');
    // undici's own timers, not an AbortSignal per call: they cost nothing per request.
    this.pool = new Pool(url.origin, {
      connections: options.connections ?? 128,
      keepAliveTimeout: 30_000,
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /**
   * What the contract's implementation says it offers beyond the contract, read off its answers' Contract-Extensions
   * header (ours sends `checkout-integrity`; the plain contract sends none): the latest answer's word.
   */
  private extensions = new Set<string>();

  offers(extension: string): boolean {
    return this.extensions.has(extension);
  }

  /** Whether any answer has been read yet: until then `offers` knows nothing and answers false. */
  private heardFrom = false;

  get hasAnswered(): boolean {
    return this.heardFrom;
  }

  async call<T>(caller: Caller, call: RestCall): Promise<T> {
    return (await this.answer<T>(caller, call)).body;
  }

  /** The answer with its headers (a replayed checkout says so in one). */
  async answer<T>(
    caller: Caller,
    call: RestCall,
  ): Promise<{ body: T; headers: Record<string, string | string[] | undefined> }> {
    const headers: Record<string, string> = { ...call.headers, accept: 'application/json, text/plain' };
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    if (caller.requestId) headers['x-request-id'] = caller.requestId;
    if (caller.clientAddress) headers['x-forwarded-for'] = caller.clientAddress;
    let body: string | Buffer | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    } else if (call.file) {
      body = call.file.body;
      headers['content-type'] = call.file.contentType;
    }
    const what = `${call.method} ${call.path}`;
    if (caller.deadline?.passed)
      throw new UpstreamUnavailable(`${what}: not started, the operation's deadline had passed`, this.host);
    if (caller.budget) {
      if (caller.budget.remaining <= 0) throw new OperationTooLarge(caller.budget.limit);
      caller.budget.remaining -= 1;
    }
    let status: number;
    let contentType: string;
    let text: string;
    let answerHeaders: Record<string, string | string[] | undefined>;
    let span: Span | undefined;
    if (tracingOn()) {
      // A client span per call, and its traceparent header: the REST service's spans join the operation's trace. An
      // operation that is not sampled passes its trace on as it is (flagged unsampled: REST records nothing either).
      const parent = caller.trace?.context ?? context.active();
      const parentSpan = trace.getSpan(parent);
      if (parentSpan && !parentSpan.isRecording()) {
        propagation.inject(parent, headers);
      } else {
        span = tracer().startSpan(
          `${call.method} ${routeLabel(call.path)}`,
          {
            kind: SpanKind.CLIENT,
            attributes: { 'http.request.method': call.method, 'url.path': call.path, 'server.address': this.origin },
          },
          parent,
        );
        propagation.inject(trace.setSpan(parent, span), headers);
      }
    }
    const started = performance.now();
    // A kept-alive connection the other side closed just as this call went out on it (nginx closes its idle ones when
    // it reloads its configuration) fails the call with no answer: a call that is safe to make twice is made once more,
    // on a fresh connection. A POST is only when it carries an Idempotency-Key (the REST service answers a repeat as
    // the first): a message or a cart line must not be added twice.
    const repeatable = call.method !== 'POST' || 'idempotency-key' in (call.headers ?? {});
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const response = await this.pool.request({
            method: call.method,
            path: `${this.basePath}${call.path}${queryString(call.query)}`,
            headers,
            body,
            ...(caller.deadline ? { signal: caller.deadline.signal } : {}),
          });
          status = response.statusCode;
          answerHeaders = response.headers;
          contentType = String(response.headers['content-type'] ?? '');
          text = await response.body.text();
          break;
        } catch (error) {
          if (attempt > 1 || !repeatable || caller.deadline?.passed || !closedUnder(error)) throw error;
        }
      }
    } catch (error) {
      const failure = caller.deadline?.passed
        ? new UpstreamUnavailable(`${what}: the operation's deadline passed`, this.host)
        : new UpstreamUnavailable(`${what}: ${describeFailure(error)}`, this.host);
      span?.setStatus({ code: SpanStatusCode.ERROR, message: failure.detail });
      throw failure;
    } finally {
      if (span) {
        if (status! !== undefined) span.setAttribute('http.response.status_code', status!);
        if (status! >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      const ms = performance.now() - started;
      if (caller.upstream) {
        caller.upstream.calls += 1;
        caller.upstream.ms += ms;
      }
      if (metricsOn()) {
        const route = routeLabel(call.path);
        upstreamRequests.inc({ method: call.method, route, status: status! === undefined ? 'error' : String(status!) });
        upstreamDuration.observe({ method: call.method, route }, ms / 1000);
      }
    }
    if (status >= 500) {
      // A proxy in front (the cluster's nginx) names the instance it passed the call to, or tried.
      const passedTo = answerHeaders['x-upstream-address'];
      throw new UpstreamUnavailable(
        `${what}: answered ${status}`,
        typeof passedTo === 'string' && passedTo ? `${passedTo} (through ${this.host})` : this.host,
      );
    }
    const named = answerHeaders['caller-username'];
    if (typeof named === 'string' && caller.token && status < 300) caller.username = named;
    this.heardFrom = true;
    const offered = answerHeaders['contract-extensions'];
    this.extensions = new Set(typeof offered === 'string' ? offered.split(',').map((name) => name.trim()) : []);
    if (status >= 400) throw rejectionOf(call, status, text, answerHeaders);
    caller.tokenAccepted = true;
    if (status === 204 || text === '') return { body: undefined as T, headers: answerHeaders };
    if (contentType.includes('json')) {
      try {
        return { body: JSON.parse(text) as T, headers: answerHeaders };
      } catch {
        throw new UpstreamUnavailable(`${what}: answered invalid JSON`);
      }
    }
    return { body: text as T, headers: answerHeaders };
  }

  /**
   * Streams a shop path (demo images, the catalogue's CSV export) through, for the web app that only knows the
   * gateway's origin; with the caller's token where the path needs one.
   */
  stream(path: string, requestId: string | undefined, token?: string) {
    return this.pool.request({
      method: 'GET',
      path: `${this.basePath}${path}`,
      headers: {
        ...(requestId ? { 'x-request-id': requestId } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  }

  /**
   * Passes a request on as it came, for a caller the graph does not stand between (Stripe's webhook, whose signature
   * covers the body's bytes): its body and the headers given, untouched, with the request id and the client's address.
   * Answers the REST service's status, headers and body as they are, whatever the status; UpstreamUnavailable only
   * when no answer came.
   */
  async passThrough(
    caller: Caller,
    call: { method: HttpMethod; path: string; headers: Record<string, string>; body: Buffer },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    const headers: Record<string, string> = { ...call.headers };
    if (caller.requestId) headers['x-request-id'] = caller.requestId;
    if (caller.clientAddress) headers['x-forwarded-for'] = caller.clientAddress;
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await this.pool.request({
        method: call.method,
        path: `${this.basePath}${call.path}`,
        headers,
        body: call.body,
      });
      status = response.statusCode;
      return { status, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
    } catch (error) {
      throw new UpstreamUnavailable(`${call.method} ${call.path}: ${describeFailure(error)}`, this.host);
    } finally {
      if (metricsOn()) {
        const route = routeLabel(call.path);
        upstreamRequests.inc({ method: call.method, route, status: status === undefined ? 'error' : String(status) });
        upstreamDuration.observe({ method: call.method, route }, (performance.now() - started) / 1000);
      }
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
