// What both servers (rest/ and gateway/) share around Fastify: the options every instance is built with, the
// request id echoed to the caller, the bearer token read from a header, and the start-up of a server alone.
import closeWithGrace from 'close-with-grace';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyServerOptions } from 'fastify';
import { ConfigError, type HttpTimeouts } from './env.js';
import { requestIdOf } from './request-id.js';

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
    routerOptions: { ignoreTrailingSlash: true },
  } satisfies FastifyHttpOptions<Server>;
}

/** Every answer names its request id, so a caller can quote it and find the log lines (both servers log it). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** The token of an `Authorization: Bearer …` header (or a socket's connectionParams value); undefined otherwise. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** A built server and where it listens. */
export interface ServerToRun {
  app: FastifyInstance;
  host: string;
  port: number;
}

/**
 * Runs servers until SIGINT or SIGTERM (`npm run start:rest`, `npm run start:gateway`, and `npm start` with both):
 * they listen in the order given and close in the reverse one (10 s at most), so that a server is never left
 * without what it calls. A configuration mistake ends the process with its message and no stack.
 */
export function runServers(start: () => Promise<ServerToRun[]>, onListening?: (servers: ServerToRun[]) => void): void {
  const main = async () => {
    const servers = await start();
    closeWithGrace({ delay: 10_000 }, async ({ err }) => {
      if (err) servers.at(-1)?.app.log.error({ err }, 'shutting down after an error');
      for (const { app } of [...servers].reverse()) await app.close();
    });
    for (const { app, host, port } of servers) await app.listen({ host, port });
    onListening?.(servers);
  };
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  });
}
