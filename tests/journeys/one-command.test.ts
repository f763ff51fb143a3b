// Journey 0: a newcomer's one command. `npm start` (scripts/start.ts) on an empty data folder starts the whole shop
// in production mode — the REST service with the demo catalogue and an admin account whose password it prints
// once, the gateway with the built web app — and says where it is. Ctrl-C stops it cleanly; the second start keeps
// every account and order, and prints no password. Runs with or without Chromium: no browser is needed here.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface RunningShop {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

/** `npm start`, as the README gives it: the same script, on this run's ports and data folder. */
async function npmStart(env: NodeJS.ProcessEnv, port: number): Promise<RunningShop> {
  // A newcomer's shell has no NODE_ENV (vitest sets one): npm start must choose production by itself.
  const { NODE_ENV: _testMode, ...shell } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...shell, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const running = `Medshop is running: http://127.0.0.1:${port}`;
  for (let waited = 0; !output.includes(running); waited += 100) {
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${output}`);
    if (waited > 150_000) throw new Error(`npm start did not say it runs within 150 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exited };
}

async function graphql(port: number, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { token userErrors { message } } }';
const login = async (port: number, username: string, password: string) =>
  (await graphql(port, LOGIN, { input: { username, password } })).data?.login?.token as string | null;

describe('journey: npm start on a fresh machine', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-one-command-'));
  const running: RunningShop[] = [];
  afterAll(() => {
    for (const shop of running) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the whole shop, keeps everything across a restart and stops cleanly on Ctrl-C', async () => {
    const [port, restPort] = [await freePort(), await freePort()];
    const env = { DATA_DIR: dataDir, PORT: String(port), REST_PORT: String(restPort), HOST: '127.0.0.1', ADMIN_PASSWORD: '' };

    const first = await npmStart(env, port);
    running.push(first);
    const password = /Admin account created: username "admin", password "([^"]+)"/.exec(first.output())?.[1];
    expect(password, first.output()).toMatch(/^[\w-]{16}$/);

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
    const registered = await graphql(port, 'mutation ($input: RegisterInput!) { register(input: $input) { token userErrors { message } } }', {
      input: { username: 'newcomer', password: 'first-day', confirmPassword: 'first-day' },
    });
    expect(registered.data.register.userErrors).toEqual([]);

    // Ctrl-C.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toMatch(/Error|error/);

    // The second start: the same shop, nothing printed about the admin's password.
    const second = await npmStart(env, port);
    running.push(second);
    expect(second.output()).not.toContain('Admin account created');
    expect(await login(port, 'newcomer', 'first-day')).toMatch(/^ey/);
    expect(await login(port, 'admin', password!)).toMatch(/^ey/);
    expect((await graphql(port, '{ products(first: 1) { totalCount } }', {}, admin!)).data).toEqual({ products: { totalCount: 32 } });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
