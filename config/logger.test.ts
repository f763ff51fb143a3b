// How the servers log: readable lines for a person at a terminal, JSON for a log collector; LOG_FORMAT decides
// when set, else whether stdout is a terminal.
import { afterEach, describe, expect, it } from 'vitest';
import { serverLogger } from './logger.js';

const PRETTY = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,method,path,status,durationMs,operation,outcome',
  },
};
const wasTTY = process.stdout.isTTY;
afterEach(() => {
  process.stdout.isTTY = wasTTY;
});

describe('serverLogger', () => {
  it.each([
    {
      why: 'LOG_FORMAT=json, even at a terminal',
      env: { LOG_FORMAT: 'json' },
      tty: true,
      expected: { level: 'info', name: 'rest', base: {} },
    },
    {
      why: 'LOG_FORMAT=pretty, even into a pipe',
      env: { LOG_FORMAT: 'pretty' },
      tty: false,
      expected: { level: 'info', name: 'rest', base: {}, transport: PRETTY },
    },
    { why: 'a terminal', env: {}, tty: true, expected: { level: 'info', name: 'rest', base: {}, transport: PRETTY } },
    { why: 'a pipe or a file', env: {}, tty: false, expected: { level: 'info', name: 'rest', base: {} } },
  ])('logs for $why as $expected', ({ env, tty, expected }) => {
    process.stdout.isTTY = tty;
    expect(serverLogger('info', 'rest', env)).toEqual(expected);
  });

  it('writes a JSON line without pid and hostname (whatever collects it knows where it came from)', async () => {
    const written: string[] = [];
    const { default: pino } = await import('pino');
    const options = serverLogger('info', 'gateway', { LOG_FORMAT: 'json' }) as object;
    pino(options, { write: (line: string) => void written.push(line) }).info({ status: 200 }, 'GET /x 200 1 ms');
    expect(Object.keys(JSON.parse(written[0]!))).toEqual(['level', 'time', 'name', 'status', 'msg']);
  });
});
