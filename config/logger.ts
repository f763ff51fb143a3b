// How the servers log: one JSON object a line for whatever collects the logs, or — when a person watches the
// terminal (stdout is a TTY) — pino-pretty's readable lines. LOG_FORMAT=json or pretty overrides the guess.
import type { FastifyServerOptions } from 'fastify';

export function serverLogger(level: string, name: string, env: NodeJS.ProcessEnv = process.env): FastifyServerOptions['logger'] {
  const pretty = env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : process.stdout.isTTY === true;
  if (!pretty) return { level, name };
  return {
    level,
    name,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
