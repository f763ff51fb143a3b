// A server in its own Node process, as in production: started, measured (RSS) and stopped by the bench, and
// killed outright (SIGKILL) by the crash test.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { poll } from './poll.js';

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the process, from /proc (Linux). */
  rssMegabytes(): number;
  stop(): Promise<void>;
  /** kill -9: no shutdown, whatever was in flight is cut off. */
  kill(): Promise<void>;
}

/**
 * Below the kernel's ephemeral range (32768–60999 here): a port handed out is free now, and no test's listen(0) nor
 * any outgoing connection takes it before the process it is meant for binds it (a port from listen(0) could be taken
 * meanwhile by the next listen(0) of a test beside it: CI saw 'REST_PORT: port … is already in use' once).
 */
export const HANDED_OUT_PORTS = { from: 20_000, to: 32_767 };
/** Ports this test file was handed: `[await freePort(), await freePort()]` never gets one port twice. */
const handedOut = new Set<number>();

/** Whether a server could listen on this port of 127.0.0.1 now. */
export function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const span = HANDED_OUT_PORTS.to - HANDED_OUT_PORTS.from + 1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = HANDED_OUT_PORTS.from + Math.floor(Math.random() * span);
    if (!handedOut.has(port) && (await listenable(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free port between ${HANDED_OUT_PORTS.from} and ${HANDED_OUT_PORTS.to} after 100 tries`);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const healthy = async () => {
    try {
      return (await fetch(`${url}/healthz`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  const state = await poll(
    async () => (child.exitCode !== null ? 'exited' : (await healthy()) ? 'healthy' : 'starting'),
    (now) => now !== 'starting',
    { within: 60_000, every: 100 },
  );
  if (state === 'healthy') return;
  if (state === 'exited') throw new Error(`server exited (${child.exitCode}):\n${output()}`);
  throw new Error(`server at ${url} did not become healthy:\n${output()}`);
}

export async function startServer(entry: string, env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  // A compiled entry (dist/…/*.js) runs on Node alone, as in production; a TypeScript one through tsx.
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return {
    url,
    pid: child.pid!,
    rssMegabytes() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kilobytes / 1024;
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

export interface CalledAnswer<T> {
  status: number;
  /** Parsed where the answer is JSON, else its text. */
  body: T;
  text: string;
}

/**
 * Calls `/api{route}` of the REST service `server()` names now (a killed and restarted one included) over HTTP, a
 * JSON body and a bearer token where given.
 */
export const restCaller =
  (server: () => { url: string }) =>
  async <T = any>(method: string, route: string, token?: string, body?: unknown): Promise<CalledAnswer<T>> => {
    const response = await fetch(`${server().url}/api${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
      text,
    };
  };
