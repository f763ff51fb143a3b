// How the servers log: one JSON object a line for whatever collects the logs, or — when a person watches the
// terminal (stdout is a TTY) — pino-pretty's readable lines. LOG_FORMAT=json or pretty overrides the guess.
import type { FastifyServerOptions } from 'fastify';
import { parseLogFormat } from './env.js';

export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  singleLine: true,
  ignore: 'pid,hostname,method,path,status,durationMs,operation,outcome',
};

export function serverLogger(
  level: string,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): FastifyServerOptions['logger'] {
  const format = parseLogFormat(env.LOG_FORMAT);
  const pretty = format ? format === 'pretty' : process.stdout.isTTY === true;
  // No pid and hostname on every line (pino's default): whatever collects the lines knows where they came from
  // (journald records both, the cluster writes each part to a file of its own), and they were a tenth of the volume.
  if (!pretty) return { level, name, base: {} };
  return {
    level,
    name,
    base: {},
    // One line per entry: what the message says already is not repeated after it (server.ts: logRequests).
    transport: { target: 'pino-pretty', options: PRETTY_OPTIONS },
  };
}
