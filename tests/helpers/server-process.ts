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
 * Ports a test's servers listen on are taken below Linux's ephemeral range (32768–60999 by default), where no
 * outgoing connection is given one: a port the system handed out as free (port 0) is one an outgoing connection (a
 * server's own to PostgreSQL or Redis, say) may take before the server that was to listen on it starts. A cluster
 * test picks eleven ports before its eleven processes start, and lost one so ("port 33389 is already in use").
 */
const LISTENING_PORTS = { lowest: 20_000, count: 12_000 };

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LISTENING_PORTS.lowest + Math.floor(Math.random() * LISTENING_PORTS.count);
    if (await listensOn(port)) return port;
  }
  throw new Error(
    `freePort: no free port found between ${LISTENING_PORTS.lowest} and ${LISTENING_PORTS.lowest + LISTENING_PORTS.count - 1} in 50 tries`,
  );
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
