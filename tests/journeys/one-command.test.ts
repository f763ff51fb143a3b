// Journey 0: a newcomer's one command. `npm start` on an empty data folder compiles the servers and builds the web app
// when they are missing or stale, and starts the whole shop in production mode — the REST service with the demo
// catalogue and an admin account whose generated password it shows once (on a terminal; here, with the output
// captured as a log collector would, in a file of DATA_DIR only this user may read), the gateway with the built web
// app — and says where it is. Ctrl-C stops it cleanly; the second start keeps every account and order, and shows no
// password. Runs with or without Chromium: no browser is needed here.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.js';
import { poll } from '../helpers/poll.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface RunningShop {
  child: ChildProcess;
  output: () => string;
  /** Resolves with npm's exit code (or signal) once it and everything writing to its output have ended. */
  exited: Promise<number | string>;
}

/** `npm start`, as the README gives it, on this run's ports and data folder, in a process group of its own (Ctrl-C). */
async function npmStart(env: NodeJS.ProcessEnv, port: number): Promise<RunningShop> {
  // A newcomer's shell has no NODE_ENV (vitest sets one): npm start must choose production by itself.
  const { NODE_ENV: _testMode, ...shell } = process.env;
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...shell, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // 'close': the shop's own process writes to npm's output to its last line, even after npm itself has ended.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const running = `Medshop is running: http://127.0.0.1:${port}`;
  await poll(
    async () => output.includes(running) || child.exitCode !== null,
    (settled) => settled,
    { within: 150_000, every: 100 },
  );
  if (!output.includes(running)) {
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${output}`);
    throw new Error(`npm start did not say it runs within 150 s:\n${output}`);
  }
  return { child, output: () => output, exited };
}

async function graphql(port: number, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: any;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { token userErrors { message } } }';
const login = async (port: number, username: string, password: string) =>
  (await graphql(port, LOGIN, { input: { username, password } })).data?.login?.token as string | null;

describe('journey: npm start on a fresh machine', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-one-command-'));
  const running: RunningShop[] = [];
  afterAll(() => {
    for (const shop of running)
      if (shop.child.exitCode === null && shop.child.signalCode === null) process.kill(-shop.child.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the whole shop, keeps everything across a restart and stops cleanly on Ctrl-C', async () => {
    const [port, restPort] = [await freePort(), await freePort()];
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      REST_PORT: String(restPort),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: '',
    };

    const first = await npmStart(env, port);
    running.push(first);
    // No terminal watches: the password is not in the output (a log collector's), but in a file only this user reads.
    const passwordFile = path.join(dataDir, 'admin-password');
    expect(first.output()).toContain(
      `Admin account created: username "admin"; its password is in ${passwordFile} (readable by this user only).`,
    );
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(first.output()).not.toContain(password);
    // The shop's data is this user's alone.
    for (const file of ['admin-password', 'jwt-secret', 'shop.db'])
      expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    expect(fs.statSync(dataDir).mode & 0o077).toBe(0);

    // The web app, its deep links and the graph, at one address.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect([home.status, home.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await home.text()).toContain('<div id="root">');
    expect((await fetch(`http://127.0.0.1:${port}/products/1`)).status).toBe(200);
    const admin = await login(port, 'admin', password!);
    expect(admin).toMatch(/^ey/);
    const catalogue = await graphql(port, '{ products(first: 1) { totalCount } }', {}, admin!);
    expect(catalogue.data).toEqual({ products: { totalCount: 32 } });
    // Production mode: an error tells no stack trace.
    const refused = await graphql(port, '{ viewer { username } }', {}, 'not-a-token');
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    const registered = await graphql(
      port,
      'mutation ($input: RegisterInput!) { register(input: $input) { token userErrors { message } } }',
      {
        input: { username: 'newcomer', password: 'first-day', confirmPassword: 'first-day' },
      },
    );
    expect(registered.data.register.userErrors).toEqual([]);

    // Ctrl-C: the terminal signals npm and the shop together (their process group), and npm passes it on too: one
    // clean stop.
    process.kill(-first.child.pid!, 'SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Medshop stopped.');
    expect(first.output()).not.toMatch(/Error|error/);

    // The second start: the same shop, nothing printed about the admin's password.
    const second = await npmStart(env, port);
    running.push(second);
    expect(second.output()).not.toContain('Admin account created');
    expect(await login(port, 'newcomer', 'first-day')).toMatch(/^ey/);
    expect(await login(port, 'admin', password!)).toMatch(/^ey/);
    expect((await graphql(port, '{ products(first: 1) { totalCount } }', {}, admin!)).data).toEqual({
      products: { totalCount: 32 },
    });
    // A service manager signals npm alone: it passes the signal on, and the shop stops cleanly.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('Medshop stopped.');
  });
});
