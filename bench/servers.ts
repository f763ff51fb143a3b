// The servers the bench measures, each in its own Node process with NODE_ENV=production, as in production: the
// shop's own compiled (dist/, as `npm start` runs them), and the bench's own (the plain floor, Mesh, the bound without
// Apollo) compiled alike. Run through tsx instead, every function a request makes (a closure, a DataLoader's batch
// function) also has its name kept by a defineProperty call (esbuild's keepNames), which production never pays.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { type ServerProcess, freePort, startServer } from '../tests/helpers/server-process.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

let serversCompiled = false;

/** dist/'s entry of a server, the servers compiled first when the sources are newer (scripts/launch.mjs). */
function compiledShopEntry(entry: 'rest/src/server.js' | 'gateway/src/server.js'): string {
  if (!serversCompiled) {
    const prepared = spawnSync(process.execPath, [path.join(root, 'scripts/launch.mjs'), '--prepare'], {
      stdio: 'inherit',
    });
    if (prepared.status !== 0) throw new Error('node scripts/launch.mjs --prepare failed: see its lines above');
    serversCompiled = true;
  }
  return path.join(root, 'dist', entry);
}

type BenchServer = 'plain-rest.ts' | 'mesh-server.ts' | 'without-apollo.ts';

/**
 * A server of the bench's own (plain-rest.ts, mesh-server.ts, without-apollo.ts), compiled by TypeScript to JavaScript
 * beside the shop's (dist/bench/): it imports packages, and the shop's compiled modules by the same relative paths, so
 * each file compiles alone.
 */
function compiledBenchEntry(file: BenchServer): string {
  if (file === 'without-apollo.ts') compiledShopEntry('gateway/src/server.js');
  const source = fs.readFileSync(path.join(root, 'bench', file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  const out = path.join(root, 'dist/bench', file.replace(/\.ts$/, '.js'));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, outputText);
  return out;
}

/** A server of the bench's own, compiled, on a port of its own; `env` says what it serves (REST_URL, DATA_DIR …). */
export async function startBenchServer(file: BenchServer, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(compiledBenchEntry(file), { ...env, PORT: String(port) }, port);
}

/** The admin's password on every REST service the bench starts. */
const ADMIN_PASSWORD = 'bench-admin';

/** The bench is one client address playing thousands of people: the limits per address and user would stop it. */
const UNLIMITED = {
  REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_MINUTE: '1000000',
  MESSAGES_PER_USER_PER_MINUTE: '1000000',
};

export async function startRest(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    compiledShopEntry('rest/src/server.js'),
    { REST_PORT: String(port), ADMIN_PASSWORD, ...UNLIMITED, ...env },
    port,
  );
}

/**
 * The same for the gateway's cost allowance: one user (or address) sends thousands of listings a second, which its
 * 500 points a second would refuse. Each operation is still priced and charged, as in production.
 */
const UNLIMITED_ALLOWANCE = { COST_ALLOWANCE: '1000000000', COST_REFILL_PER_SECOND: '1000000000' };

export async function startGatewayProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    compiledShopEntry('gateway/src/server.js'),
    { PORT: String(port), SOCKETS_PER_USER: '10', ...UNLIMITED_ALLOWANCE, ...env },
    port,
  );
}

export async function adminToken(restUrl: string): Promise<string> {
  const login = await fetch(`${restUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return login.text();
}
