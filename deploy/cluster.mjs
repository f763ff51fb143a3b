// The recommended deployment on one machine, each part its own process: nginx in front, two gateways, two REST
// services on one PostgreSQL, all sharing one Redis. `npm run cluster` starts it and keeps it running; SIGHUP restarts
// every server, one at a time, without failing a request (a deploy); SIGTERM or Ctrl-C stops it all. The tests start
// it through `startCluster`. Plain JavaScript: it runs where only the production dependencies are installed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(root, 'deploy/nginx/medshop.conf.template');

/** The whole nginx.conf of a cluster: the template, filled in, with paths of its own (no root, no system files). */
export function nginxConf(dir, addresses) {
  let site = fs.readFileSync(TEMPLATE, 'utf8');
  for (const [name, value] of Object.entries(addresses)) site = site.replaceAll(`\${${name}}`, value);
  const temp = (name) => path.join(dir, 'temp', name);
  return `# Written by deploy/cluster.mjs from deploy/nginx/medshop.conf.template.
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
    access_log ${path.join(dir, 'logs', 'nginx-access.log')};
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
${site.replace(/^/gm, '    ')}
}
`;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `ready()` holds, polling; fails with what the process wrote when it ends or `ms` pass first. */
async function until(ready, what, part, ms = 60_000) {
  const started = Date.now();
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (part?.exited) throw new Error(`${what}: the process ended (${part.exited}); see ${part.logFile}`);
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms / 1000} s${part ? `; see ${part.logFile}` : ''}`);
    await wait(100);
  }
}

const answers = (url) => fetch(url).then((response) => response.ok);
const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * Starts the cluster. `env` is every part's environment (DATABASE_URL and REDIS_URL at least); `ports` where each
 * listens (`ports.metrics`, optional: each part's METRICS_PORT, in the order rest-1, rest-2, gateway-1, gateway-2); `dir`
 * holds nginx's configuration, its logs and each part's log (logs/<part>.log), and the REST services'
 * shared DATA_DIR (their JWT secret, when none is given).
 */
export async function startCluster({ dir, env, ports, publicHost = '127.0.0.1', nginx = 'nginx' }) {
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  const parts = new Map();
  const shared = { ...env, DATA_DIR: env.DATA_DIR ?? dir, NODE_ENV: env.NODE_ENV ?? 'production' };
  const restUrl = `http://127.0.0.1:${ports.restProxy}`;

  const definitions = {
    'rest-1': { entry: 'rest', env: { REST_PORT: String(ports.rest[0]), REST_HOST: '127.0.0.1' }, health: `http://127.0.0.1:${ports.rest[0]}/healthz` },
    'rest-2': { entry: 'rest', env: { REST_PORT: String(ports.rest[1]), REST_HOST: '127.0.0.1' }, health: `http://127.0.0.1:${ports.rest[1]}/healthz` },
    'gateway-1': { entry: 'gateway', env: { PORT: String(ports.gateways[0]), HOST: '127.0.0.1', REST_URL: restUrl }, health: `http://127.0.0.1:${ports.gateways[0]}/readyz` },
    'gateway-2': { entry: 'gateway', env: { PORT: String(ports.gateways[1]), HOST: '127.0.0.1', REST_URL: restUrl }, health: `http://127.0.0.1:${ports.gateways[1]}/readyz` },
  };
  // Each process its own metrics endpoint, on this machine only.
  for (const [index, name] of ['rest-1', 'rest-2', 'gateway-1', 'gateway-2'].entries()) {
    if (ports.metrics?.[index]) definitions[name].env.METRICS_PORT = String(ports.metrics[index]);
  }

  function startPart(name) {
    const definition = definitions[name];
    const logFile = path.join(dir, 'logs', `${name}.log`);
    const log = fs.openSync(logFile, 'a');
    // A process group of its own: a terminal's Ctrl-C reaches the cluster command, which stops the parts in order.
    const child = spawn(process.execPath, [path.join(root, 'scripts/launch.mjs'), definition.entry], {
      cwd: root,
      env: { ...process.env, ...shared, ...definition.env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    fs.closeSync(log);
    const part = { name, child, logFile, exited: undefined, health: definition.health };
    part.ended = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        part.exited = code ?? signal;
        resolve(part.exited);
      }),
    );
    parts.set(name, part);
    return part;
  }

  async function startAndWait(name) {
    const part = startPart(name);
    await until(() => answers(part.health), `${name} to be ready`, part);
    return part;
  }

  // nginx first: it takes requests as soon as a server behind it answers.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConf(dir, {
      PUBLIC_ADDRESS: `${publicHost}:${ports.public}`,
      REST_ADDRESS: `127.0.0.1:${ports.restProxy}`,
      GATEWAY_1: `127.0.0.1:${ports.gateways[0]}`,
      GATEWAY_2: `127.0.0.1:${ports.gateways[1]}`,
      REST_1: `127.0.0.1:${ports.rest[0]}`,
      REST_2: `127.0.0.1:${ports.rest[1]}`,
    }),
  );
  const nginxLog = fs.openSync(path.join(dir, 'logs', 'nginx.log'), 'a');
  const proxy = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', nginxLog, nginxLog], detached: true });
  fs.closeSync(nginxLog);
  const proxyPart = { exited: undefined, logFile: path.join(dir, 'logs', 'nginx-error.log') };
  const proxyEnded = new Promise((resolve) => proxy.once('exit', (code, signal) => resolve((proxyPart.exited = code ?? signal))));
  proxy.once('error', (error) => (proxyPart.exited = error.message));
  const everything = async () => {
    // The REST services first (the gateways need them to be ready), each pair together.
    await Promise.all(['rest-1', 'rest-2'].map(startAndWait));
    await Promise.all(['gateway-1', 'gateway-2'].map(startAndWait));
    await until(() => accepts(ports.public), 'nginx to listen', proxyPart);
  };

  async function stopPart(name) {
    const part = parts.get(name);
    if (!part || part.exited !== undefined) return;
    part.child.kill('SIGTERM');
    await part.ended;
  }

  const cluster = {
    url: `http://${publicHost}:${ports.public}`,
    /** The process of each part: rest-1, rest-2, gateway-1, gateway-2. */
    parts,
    /** Stops one server (draining it) and starts it again on the same port; resolves once it is ready. */
    async restart(name) {
      await stopPart(name);
      const part = await startAndWait(name);
      return part;
    },
    /** Every server, one at a time: the REST services, then the gateways. */
    async rollingRestart(onEach = () => undefined) {
      for (const name of ['rest-1', 'rest-2', 'gateway-1', 'gateway-2']) {
        await cluster.restart(name);
        onEach(name);
      }
    },
    /** The gateways (their sockets go first), then the REST services, then nginx. */
    async stop() {
      await Promise.all(['gateway-1', 'gateway-2'].map(stopPart));
      await Promise.all(['rest-1', 'rest-2'].map(stopPart));
      if (proxyPart.exited === undefined) {
        proxy.kill('SIGQUIT');
        await proxyEnded;
      }
    },
  };
  try {
    await everything();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
  return cluster;
}

/** One setting for the cluster command, or its default; a number where one is wanted. */
function setting(name, fallback) {
  const value = process.env[name] || fallback;
  if (value === undefined) {
    console.error(`${name} is required: ${name === 'DATABASE_URL' ? 'postgres://user:pass@host:5432/db' : 'redis://host:6379'} (the cluster's parts share it)`);
    process.exit(1);
  }
  return value;
}

async function main() {
  const databaseUrl = setting('DATABASE_URL');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('DATABASE_URL must be a PostgreSQL URL: two REST services share one database (SQLite is for one process)');
    process.exit(1);
  }
  const base = Number(setting('CLUSTER_PORT', '8000'));
  const dir = path.resolve(setting('CLUSTER_DIR', path.join(root, 'data', 'cluster')));
  const ports = { public: base, restProxy: base + 80, gateways: [base + 1, base + 2], rest: [base + 81, base + 82], metrics: [base + 91, base + 92, base + 93, base + 94] };
  const cluster = await startCluster({
    dir,
    env: { DATABASE_URL: databaseUrl, REDIS_URL: setting('REDIS_URL'), SEED_DEMO: process.env.SEED_DEMO ?? 'true' },
    ports,
    publicHost: setting('CLUSTER_HOST', '127.0.0.1'),
    nginx: setting('NGINX', 'nginx'),
  });
  console.log(
    `\n  Medshop cluster is running: ${cluster.url}\n` +
      `  nginx → gateways on ${ports.gateways.join(', ')} → nginx ${ports.restProxy} → REST services on ${ports.rest.join(', ')}\n` +
      `  Metrics (Prometheus) of rest-1, rest-2, gateway-1, gateway-2 on 127.0.0.1 ports ${ports.metrics.join(', ')}, at /metrics\n` +
      `  Logs in ${path.join(dir, 'logs')}. kill -HUP ${process.pid} restarts every server, one at a time; Ctrl-C stops it all.\n`,
  );
  let busy = false;
  process.on('SIGHUP', async () => {
    if (busy) return;
    busy = true;
    console.log('  Rolling restart…');
    await cluster.rollingRestart((name) => console.log(`  ${name} restarted`));
    console.log('  Rolling restart done.');
    busy = false;
  });
  const stop = async () => {
    console.log('  Stopping the cluster…');
    await cluster.stop();
    console.log('  Medshop cluster stopped.');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
