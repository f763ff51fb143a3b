// What both servers (rest/ and gateway/) share around Fastify: the options every instance is built with, the
// request id echoed to the caller, the bearer token read from a header, and the start-up of a server alone.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import net from 'node:net';
import { ConfigError, type HttpTimeouts, misspelledSetting, readCount, readNumber, readText } from './env.js';
import { httpDuration, httpRequests, metricsOn, startMetricsServer } from './metrics.js';
import { requestIdOf } from './request-id.js';
import { startTracing } from './tracing.js';

/** The largest body either server reads: a request over it is refused before it is parsed (413). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How often Node looks for requests that took too long to arrive: its default (30 s) would let a client trickling a
 * body at a byte every 10 s hold its connection for up to 30 s more than the receive timeout.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export function serverOptions(logger: FastifyServerOptions['logger'], timeouts: HttpTimeouts) {
  return {
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client must send its whole request in time (408 and the connection closed otherwise: a body trickled a byte
    // at a time would keep its connection, and a file descriptor, for as long as the sender liked), and an idle
    // connection does not stay open. Node checks the first two itself; Fastify sets what it knows of them again.
    http: {
      requestTimeout: timeouts.receiveMs,
      headersTimeout: timeouts.receiveMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, timeouts.receiveMs),
    },
    requestTimeout: timeouts.receiveMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.connectionMs,
    // x-request-id is read by requestIdOf, which refuses what does not look like an id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Fastify's own two multi-line entries per request are replaced by logRequests' one line.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  } satisfies FastifyHttpOptions<Server>;
}

/** What a request's log line carries beyond method, path, status and time, where the server knows it. */
export interface RequestLogDetails {
  /** The GraphQL operation's name (`anonymous query` without one). */
  operation?: string | undefined;
  /** What a GraphQL answer said, as its 200 does not: `userErrors`, or the error codes (`errors: UNAUTHENTICATED`). */
  outcome?: string | undefined;
  /**
   * The answer failed for the server's sake (an internal error, REST unreachable), not the client's: logged at warn.
   */
  serverFault?: boolean | undefined;
  /** Who asked, when the token said so (never the token). */
  userId?: number | undefined;
  /** The REST calls a gateway request made, and the milliseconds they took together. */
  upstream?: { calls: number; ms: number } | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    logDetails: RequestLogDetails;
  }
}

/** Asked by load balancers every few seconds: at debug, so that they do not drown what people do. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/livez']);

/**
 * A dependency check for a probe: it answers within `timeoutMs` whatever the dependency does (false when it has not
 * answered by then: to a load balancer a slow dependency is as good as none), probes arriving while one check is under
 * way share it, and with `cacheMs` its result is kept that long (probes from many places cost one check a while).
 */
export function boundedCheck(
  check: (signal: AbortSignal) => Promise<boolean>,
  options: { timeoutMs: number; cacheMs?: number },
): () => Promise<boolean> {
  let underWay: Promise<boolean> | undefined;
  let last: { at: number; ok: boolean } | undefined;
  return () => {
    if (last && options.cacheMs && Date.now() - last.at < options.cacheMs) return Promise.resolve(last.ok);
    underWay ??= (async () => {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(false);
        }, options.timeoutMs);
      });
      try {
        const ok = await Promise.race([check(controller.signal).catch(() => false), late]);
        last = { at: Date.now(), ok };
        return ok;
      } finally {
        clearTimeout(timer);
        underWay = undefined;
      }
    })();
    return underWay;
  };
}
/** The web app's files (hashed, each page load fetches a dozen): at debug too, unless they fail. */
const QUIET_PREFIXES = ['/assets/', '/images/'];

const roundedMs = (ms: number) => Math.round(ms * 10) / 10;

/** Whether the logger writes this level (pino's check; a logger without it, as when logging is off, writes nothing). */
export function logs(log: FastifyBaseLogger, level: string): boolean {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(log, level) : false;
}

/**
 * One line per request, when its answer has gone (and its count and time in the metrics, when they are served):
 * `POST /graphql ProductListing 200 12.3 ms`, with the request id (on every line of the request, as pino's child
 * logger adds it), and in JSON the operation, outcome, user id and upstream time. Server errors at error, GraphQL
 * answers that failed for the server's sake at warn (a client's mistake is the client's: info), health probes and web
 * files at debug.
 */
export function logRequests(
  app: FastifyInstance,
  service: 'rest' | 'gateway',
  userIdOf?: (request: FastifyRequest) => number | undefined,
): void {
  app.decorateRequest('logDetails', null as unknown as RequestLogDetails);
  // Hooks that do not wait for anything take Fastify's callback, not a promise: every request runs them, and a
  // resolved promise costs each one a turn of the microtask queue (issue 33: REST near its floor).
  app.addHook('onRequest', (request, _reply, done) => {
    request.logDetails = {};
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    logAnswer(request, reply);
    done();
  });

  function logAnswer(request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?', 1)[0]!;
    const status = reply.statusCode;
    const details = request.logDetails ?? {};
    const quiet = status < 400 && (QUIET_PATHS.has(path) || QUIET_PREFIXES.some((prefix) => path.startsWith(prefix)));
    const level = status >= 500 ? 'error' : quiet ? 'debug' : details.serverFault ? 'warn' : 'info';
    // The route's pattern, not the path: a label per product or per mistyped address would be unbounded.
    if (metricsOn()) {
      const route = request.routeOptions?.url ?? 'unmatched';
      httpRequests.inc({ service, method: request.method, route, status: String(status) });
      httpDuration.observe({ service, method: request.method, route }, reply.elapsedTime / 1000);
    }
    if (!logs(request.log, level)) return;
    const userId = details.userId ?? userIdOf?.(request);
    const durationMs = roundedMs(reply.elapsedTime);
    const words = [
      request.method,
      path,
      details.operation,
      String(status),
      details.outcome && `(${details.outcome})`,
      `${durationMs} ms`,
    ];
    request.log[level](
      {
        method: request.method,
        path,
        status,
        durationMs,
        ...(details.operation ? { operation: details.operation } : {}),
        ...(details.outcome ? { outcome: details.outcome } : {}),
        ...(userId !== undefined ? { userId } : {}),
        ...(details.upstream
          ? { upstreamCalls: details.upstream.calls, upstreamMs: roundedMs(details.upstream.ms) }
          : {}),
      },
      words.filter(Boolean).join(' '),
    );
  }
}

/** Every answer names its request id, so a caller can quote it and find the log lines (both servers log it). */
export function echoRequestId(app: FastifyInstance): void {
  // Set as the request arrives: an error answer keeps the headers set before it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/** The token of an `Authorization: Bearer …` header (or a socket's connectionParams value); undefined otherwise. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the server is being stopped: it takes no new connections and answers with Connection: close. */
    draining: boolean;
    /** What to do as soon as the server stops taking connections (the gateway closes its WebSockets). */
    goingAway: (() => Promise<void>)[];
  }
}

/** Makes a server one that `drain` can stop without cutting a request. Both servers' builders call it. */
export function drainable(app: FastifyInstance): void {
  app.decorate('draining', false);
  app.decorate('goingAway', []);
  // The proxy (or client) opens its next connection elsewhere: this one closes after the answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Stops a server without cutting a request, by `deadline` at the latest. It stops taking connections (a proxy's next
 * attempt goes to another instance), runs its goingAway hooks (the gateway's WebSockets close with 1001 Going Away,
 * and their clients reconnect elsewhere), answers what still arrives on open connections with Connection: close, and
 * waits until its clients have closed them — a proxy closes its idle ones after its own keep-alive timeout. Only then,
 * or at the deadline, does Fastify close it. http.Server's own close would drop idle kept-alive connections at once,
 * and a proxy that picked one of them for a request in that very moment would fail it: net.Server's close leaves
 * them to their clients.
 */
export async function drain(app: FastifyInstance, deadline: number): Promise<void> {
  app.draining = true;
  const connectionsEnded = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
  for (const hook of app.goingAway) await hook();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))),
  );
  if ((await Promise.race([connectionsEnded, graceOver])) === 'late') {
    app.log.warn('shutdown grace period over: closing the connections still open');
    app.server.closeAllConnections();
  }
  clearTimeout(timer);
  await app.close();
}

/** SHUTDOWN_GRACE_MS's default: how long a stopping server waits for what is in flight. */
export const DEFAULT_SHUTDOWN_GRACE_MS = readCount({}, 'SHUTDOWN_GRACE_MS');
/** A stopping server ends itself at once this long after its grace period, should draining hang. */
export const HARD_STOP_AFTER_GRACE_MS = 5_000;

/** What stops the servers: Ctrl-C, and a service manager's or orchestrator's stop. */
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
/** Copies of one signal arrive within this of each other (from the terminal and from npm passing it on). */
const REPEATED_SIGNAL_MS = 2_000;

/** A built server, where it listens, and the settings that say so (for messages). */
export interface ServerToRun {
  app: FastifyInstance;
  host: string;
  port: number;
  /** The variable that sets the port (PORT, REST_PORT). */
  portSetting: string;
}

/** Why a server cannot listen, in one line that names the setting and what to do; undefined for anything else. */
export function listenFailure(
  error: unknown,
  server: Pick<ServerToRun, 'host' | 'port' | 'portSetting'>,
): string | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return `${server.portSetting}: port ${server.port} is already in use. Stop what listens there, or set ${server.portSetting} to a free port.`;
  if (code === 'EACCES')
    return `${server.portSetting}: port ${server.port} needs privileges this process lacks. Choose a port above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const hostSetting = server.portSetting === 'METRICS_PORT' ? 'METRICS_HOST' : 'HOST';
    return `${hostSetting}: "${server.host}" is not an address of this machine. Set ${hostSetting} to localhost, 0.0.0.0 (every interface) or one of its addresses.`;
  }
  return undefined;
}

/** What a failed start prints: one line for what an operator can fix, the error itself for anything else. */
function startFailure(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Runs servers until SIGINT or SIGTERM (`npm run start:rest`, `npm run start:gateway`, and `npm start` with both):
 * they listen in the order given and are drained in the reverse one (the gateway before the REST service it calls),
 * within SHUTDOWN_GRACE_MS together, and the process exits 0. A configuration mistake or a server that cannot
 * listen ends the process with one line that says what to do.
 */
export function runServers(
  /** What traces name the process unless OTEL_SERVICE_NAME does (medshop, medshop-rest, medshop-gateway). */
  serviceName: string,
  start: () => Promise<ServerToRun[]>,
  onListening?: (servers: ServerToRun[]) => void,
  onStopped?: () => void,
): void {
  let servers: ServerToRun[] = [];
  let listening = false;
  let stop: ((reason: { signal?: NodeJS.Signals; err?: unknown; why?: string }) => void) | undefined;
  const main = async () => {
    // Started by a parent that keeps a channel open to it (the cluster's supervisor, deploy/cluster.mjs; `node
    // --watch` under npm run dev): should that parent die without stopping it (kill -9), the channel closes and the
    // server stops rather than run on, orphaned, holding its port. Started any other way (npm, nohup, systemd), a
    // server has no such channel and outlives whatever started it.
    if (process.channel) {
      process.channel.unref();
      // The cluster's servers are workers of Node's cluster module, which would end a worker on the spot when its
      // primary goes, cutting what is in flight: this one drains instead, as on SIGTERM (the flag is what the module
      // looks at to tell an expected disconnect from that).
      if (cluster.worker) cluster.worker.exitedAfterDisconnect = true;
      process.once('disconnect', () =>
        stop ? stop({ why: 'the process that supervised this server (its IPC channel) has gone' }) : process.exit(1),
      );
      // The supervisor's probes (deploy/cluster.mjs), over the channel: its instances share one port with the instance
      // they replace, so an HTTP probe could not choose which of them answers. /livez is answered from the event loop
      // at once; /started once the servers listen; /readyz as the servers answer it (503 until they listen). Listening
      // from the start: a question asked while the servers are being built is answered, not lost.
      process.on('message', (message: unknown) => {
        const probe = message as { medshop?: string; id?: number; path?: string } | null;
        if (probe?.medshop !== 'probe') return;
        const answer = (status: number) => {
          if (process.connected)
            process.send?.({ medshop: 'probe', id: probe.id, status }, undefined, {}, () => undefined);
        };
        if (probe.path === '/livez') return answer(200);
        if (!listening) return answer(503);
        // Listening (after a crash, the supervisor wants it serving again, whether or not what it needs answers yet).
        if (probe.path === '/started') return answer(200);
        Promise.all(servers.map(({ app }) => app.inject({ method: 'GET', url: '/readyz' }))).then(
          (answers) => answer(Math.max(...answers.map((ready) => ready.statusCode))),
          () => answer(500),
        );
      });
    }
    const typo = misspelledSetting(process.env);
    if (typo) throw new ConfigError(typo);
    // Before the servers are built: they trace their requests and statements only when it is on.
    const tracing = await startTracing(serviceName);
    const graceMs = readCount(process.env, 'SHUTDOWN_GRACE_MS');
    // Unset: no metrics at all (nothing counted).
    const metricsPort = readNumber(process.env, 'METRICS_PORT');
    const metricsHost = readText(process.env, 'METRICS_HOST') as string;
    servers = await start();
    const log = servers.at(-1)!.app.log;
    let stopping: { at: number } | undefined;
    stop = (reason) => {
      if (stopping) {
        // Ctrl-C reaches npm and the shop together, and npm passes it on too: one stop, not two. A signal sent again
        // later is someone insisting: stop at once.
        if (reason.err || Date.now() - stopping.at < REPEATED_SIGNAL_MS) return;
        log.warn({ signal: reason.signal }, 'stopping at once: the signal came again');
        process.exit(1);
      }
      stopping = { at: Date.now() };
      if (reason.err) log.error({ err: reason.err }, 'shutting down after an error');
      else if (reason.why) log.warn({ graceMs }, `shutting down: ${reason.why}; finishing what is in flight`);
      else log.info({ signal: reason.signal, graceMs }, 'shutting down: finishing what is in flight');
      // The hard stop, should draining itself hang: a little after the grace period.
      setTimeout(() => {
        log.error({ graceMs }, 'shutdown took longer than the grace period: stopping at once');
        process.exit(1);
      }, graceMs + HARD_STOP_AFTER_GRACE_MS).unref();
      const deadline = Date.now() + graceMs;
      void (async () => {
        for (const { app } of [...servers].reverse()) await drain(app, deadline);
        // The last requests' spans are sent before the process ends.
        await tracing
          ?.shutdown()
          .catch((error: unknown) => log.warn({ err: error }, 'the last traces could not be sent'));
        onStopped?.();
      })().then(
        () => process.exit(reason.err ? 1 : 0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    // Listeners that stay: a signal never finds the process without one (which would end it on the spot).
    for (const signal of STOP_SIGNALS) process.on(signal, () => stop?.({ signal }));
    process.on('uncaughtException', (err) => stop?.({ err }));
    process.on('unhandledRejection', (err) => stop?.({ err }));
    // SIGHUP: the terminal or the shell that started this server has gone (a closed window, an ssh session ended,
    // `nohup … &` and the shell's exit). On a terminal that is the end of its session: stop as Ctrl-C would. Otherwise
    // (nohup, output to a file) it is no reason to stop: say so once and run on (Node itself would end the process on
    // the spot, whatever nohup asked). A server has nothing to reload: SIGTERM stops it.
    process.on('SIGHUP', () => {
      if (process.stdout.isTTY) stop?.({ why: 'SIGHUP (the terminal closed)' });
      else
        log.warn(
          'SIGHUP ignored: the terminal or shell that started this server has gone; it runs on (SIGTERM stops it)',
        );
    });
    for (const server of servers) {
      try {
        await server.app.listen({ host: server.host, port: server.port });
      } catch (error) {
        const reason = listenFailure(error, server);
        throw reason ? new ConfigError(reason) : error;
      }
    }
    if (metricsPort !== undefined) {
      try {
        await startMetricsServer(metricsPort, metricsHost);
      } catch (error) {
        const reason = listenFailure(error, { host: metricsHost, port: metricsPort, portSetting: 'METRICS_PORT' });
        throw reason ? new ConfigError(reason) : error;
      }
      log.info(`metrics at http://${metricsHost}:${metricsPort}/metrics`);
    }
    if (tracing) log.info(`traces sent to ${tracing.destination}`);
    listening = true;
    onListening?.(servers);
  };
  main().catch((error: unknown) => {
    console.error(startFailure(error));
    process.exit(1);
  });
}
