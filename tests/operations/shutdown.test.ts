// Stopping the shop as a deploy does, in production mode (the compiled servers, started as an operator starts them):
// SIGTERM (and Ctrl-C) stops taking connections, answers what is in flight, closes sockets with 1001 Going Away so
// that clients reconnect to another gateway, and exits 0, leaving no process behind.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Launched, PROJECT_ROOT, alive, launch } from '../helpers/launched.js';
import { withoutCost } from '../helpers/answers.js';
import { redisReachable } from '../helpers/redis.js';
import { freePort } from '../helpers/server-process.js';
import { poll } from '../helpers/poll.js';
import { WAIT_MS, within } from '../helpers/socket-feed.js';

const launched: Launched[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const each of launched) each.kill();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const dataFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-ops-'));
  folders.push(folder);
  return folder;
};

/** Whether something accepts connections on the port. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  if (!(await poll(condition, (held) => held, { within: WAIT_MS })))
    throw new Error(`${what}: not within ${WAIT_MS} ms`);
}

async function graphql(port: number, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

/** A request sent in two halves: its headers and the start of its body now, the rest on `finish`. */
function requestInTwoHalves(port: number, body: string, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
        () => resolve(),
      );
    }),
  );
  return { sent, finish: () => socket.write(body.slice(10)), answer };
}

describe('npm start, stopped while busy', () => {
  it.each([
    ['SIGTERM to npm, as a service manager sends it', (shop: Launched) => shop.child.kill('SIGTERM')],
    [
      'Ctrl-C, which the terminal sends to npm and the shop together',
      (shop: Launched) => process.kill(-shop.child.pid!, 'SIGINT'),
    ],
  ])(
    '%s: answers the request in flight, closes sockets with 1001, takes no new connection, exits 0',
    async (_how, signal) => {
      const [port, restPort] = [await freePort(), await freePort()];
      const shop = launch(
        { npm: ['start'] },
        {
          DATA_DIR: dataFolder(),
          PORT: String(port),
          REST_PORT: String(restPort),
          HOST: '127.0.0.1',
          ADMIN_PASSWORD: 'admin-pass',
        },
      );
      launched.push(shop);
      await shop.said(`Medshop is running: http://127.0.0.1:${port}`);
      // npm runs the script with exec: the shop's process is npm's own child.
      const shopPid = Number(execSync(`pgrep -P ${shop.child.pid}`).toString().trim());

      const token = (
        await graphql(port, 'mutation { login(input: { username: "admin", password: "admin-pass" }) { token } }')
      ).data.login.token as string;
      const socket = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
      });
      const closeCode = new Promise<number>((resolve) =>
        socket.on('closed', (event) => resolve((event as { code: number }).code)),
      );
      await within(new Promise((resolve) => socket.on('connected', resolve)), 'the socket to connect');

      const inFlight = requestInTwoHalves(port, JSON.stringify({ query: '{ viewer { username } }' }), token);
      await inFlight.sent;
      signal(shop);
      await until(async () => !(await accepts(port)), 'the gateway to stop taking connections');
      expect(await within(closeCode, 'the socket to be closed')).toBe(1001);
      inFlight.finish();
      const answer = await within(inFlight.answer, 'the answer to the request in flight');
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(withoutCost(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)))).toEqual({
        data: { viewer: { username: 'admin' } },
      });

      expect(await shop.ended).toBe(0);
      expect(shop.output()).toContain('Medshop stopped.');
      expect(alive(shopPid)).toBe(false);
      await socket.dispose();
    },
  );
});

describe('one part alone', async () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUp = await redisReachable(redisUrl);
  if (!redisUp) console.warn(`\n!!! Redis is not reachable at ${redisUrl}: the gateway-over-Redis stop is SKIPPED.\n`);

  it.runIf(redisUp)('start:gateway over Redis, idle: SIGTERM exits 0', async () => {
    const port = await freePort();
    const gateway = launch(
      { npm: ['run', 'start:gateway'] },
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        REST_URL: 'http://127.0.0.1:9',
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: `ops-${port}:`,
      },
    );
    launched.push(gateway);
    await until(
      async () =>
        await fetch(`http://127.0.0.1:${port}/healthz`)
          .then((response) => response.ok)
          .catch(() => false),
      'the gateway to answer',
    );
    gateway.child.kill('SIGTERM');
    expect(await gateway.ended).toBe(0);
  });

  it('nohup npm run start:rest: runs on when the shell sends its jobs SIGHUP and npm dies of it, saying so once', async () => {
    const port = await freePort();
    // As `nohup npm run start:rest &` in a shell: a job in a process group of its own, its output not a terminal.
    const { NODE_ENV: _testMode, ...shell } = process.env;
    const job = spawn('nohup', ['npm', 'run', 'start:rest'], {
      cwd: PROJECT_ROOT,
      env: {
        ...shell,
        REST_PORT: String(port),
        DATA_DIR: dataFolder(),
        ADMIN_PASSWORD: 'admin-pass',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    job.stdout!.on('data', (chunk) => (output += chunk));
    job.stderr!.on('data', (chunk) => (output += chunk));
    const npmEnded = new Promise<string | number | null>((resolve) =>
      job.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    let server = 0;
    try {
      await until(
        async () =>
          await fetch(`http://127.0.0.1:${port}/livez`)
            .then((response) => response.ok)
            .catch(() => false),
        'the REST service to answer',
      );
      server = Number(execSync(`pgrep -P ${job.pid}`).toString().trim());
      // The shell exits (or its terminal closes): it sends SIGHUP to the job's whole process group.
      process.kill(-job.pid!, 'SIGHUP');
      // npm (Node resets what nohup asked) dies of it; the server runs on, and says why it ignored it.
      expect(await npmEnded).toBe('SIGHUP');
      await until(
        async () =>
          output.includes(
            'SIGHUP ignored: the terminal or shell that started this server has gone; it runs on (SIGTERM stops it)',
          ),
        'the line about SIGHUP',
      );
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      expect(alive(server)).toBe(true);
      expect(output).not.toContain('shutting down');
      // Stopped as a service manager stops it.
      process.kill(server, 'SIGTERM');
      await until(async () => !alive(server), 'the server to stop');
      expect(output).toContain('shutting down: finishing what is in flight');
      expect(output.match(/SIGHUP ignored/g)).toHaveLength(1);
    } finally {
      if (server && alive(server)) process.kill(server, 'SIGKILL');
    }
  });

  it('start:rest: SIGTERM exits 0', async () => {
    const port = await freePort();
    const rest = launch(
      { npm: ['run', 'start:rest'] },
      { REST_PORT: String(port), DATA_DIR: dataFolder(), ADMIN_PASSWORD: 'admin-pass' },
    );
    launched.push(rest);
    await until(
      async () =>
        await fetch(`http://127.0.0.1:${port}/healthz`)
          .then((response) => response.ok)
          .catch(() => false),
      'the REST service to answer',
    );
    rest.child.kill('SIGTERM');
    expect(await rest.ended).toBe(0);
  });
});
