// The recommended deployment on one machine, each part its own process: nginx in front, two gateways, two REST
// services on one PostgreSQL, all sharing one Redis. `npm run cluster` starts it, and this file's supervisor keeps it
// running (deploy/README.md):
// - a part that ends by itself (a crash, kill -9) is started again after a back-off that doubles, one line saying
//   which part, how it ended and when it comes back; one that keeps ending soon after each start is given up on;
// - a server that stops answering (hung, or kill -STOP) is taken out of nginx within seconds, put back when it
//   answers again, and killed and started again when it stays silent for a minute;
// - SIGHUP (a deploy) replaces each server in turn by a new instance, which takes over its listening socket (Node's
//   cluster module shares it: SCHED_NONE), and lets the old one go only once the new one is ready. Not one
//   connection is refused, and nginx is not even reloaded (its configuration is loaded again only when it changed). A
//   new instance that cannot start leaves the old one serving, one line says why, and the next SIGHUP tries again;
// - SIGTERM or Ctrl-C stops the gateways, then the REST services, then nginx.
// Its own metrics (restarts, parts given up on, parts taken out, reloads, nginx's answers by status) are served on
// CLUSTER_PORT+90. The tests start it through `startCluster`. Plain JavaScript: it runs where only the production
// dependencies are installed.
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(root, 'deploy/nginx/medshop.conf.template');
const LAUNCH = path.join(root, 'scripts/launch.mjs');

/** How the supervisor keeps the parts running; `startCluster({ supervision })` may change any (the tests do). */
export const SUPERVISION = {
  /** The wait before a part that ended by itself is started again; it doubles with each end that follows soon. */
  firstRestartDelayMs: 1_000,
  maxRestartDelayMs: 30_000,
  /** Restarts in a row, each ended within `stableMs` of its start, before the part is given up on. */
  restartsBeforeGivingUp: 5,
  /** A part that ran this long before it ended starts its count of restarts afresh. */
  stableMs: 60_000,
  /** How often each server's /livez is asked, and how long an answer may take. */
  probeIntervalMs: 1_000,
  probeTimeoutMs: 1_000,
  /** A server that has not answered /livez for this long is taken out of nginx (while its twin serves). */
  shedAfterMs: 3_000,
  /** ... and put back once it has answered again for this long (a process just resumed still runs late timers). */
  restoreAfterMs: 2_000,
  /** ... and for this long, killed (-9) and started again. */
  killAfterMs: 60_000,
  /** A new instance must be ready (/readyz) within this. */
  readyTimeoutMs: 60_000,
};

/** The servers, in the order a reload replaces them: the REST services first (the gateways need them). */
const SERVERS = ['rest-1', 'rest-2', 'gateway-1', 'gateway-2'];

/** A start or a setting the cluster cannot work with: `npm run cluster` prints its message alone, as one line. */
export class ClusterError extends Error {}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** A GET on 127.0.0.1 that answers { status, body } or fails within `timeoutMs`. */
function get(port, pathname, { host, timeoutMs = 1_000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: pathname, headers: host ? { host } : {}, agent: false, timeout: timeoutMs },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        answer.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** Whether the port can be listened on (nothing else holds it). */
function free(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** How a process ended, for a person: `exit code 1`, `killed by SIGKILL`. */
const describeExit = ({ code, signal }) => (signal ? `killed by ${signal}` : `exit code ${code}`);

/** The process's command line, or '' (Linux: /proc). */
function commandOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * nginx's time-outs from the servers' own settings (see the template): a gateway gets its REQUEST_TIMEOUT_MS and 5 s
 * more, a REST service the gateway's REST_TIMEOUT_MS less 1 s (at least 1 s).
 */
export function nginxTimeouts(env) {
  const number = (name, fallback) => {
    const value = Number(env[name] || fallback);
    if (!Number.isInteger(value) || value < 1)
      throw new ClusterError(`${name} must be a whole number of milliseconds, got "${env[name]}"`);
    return value;
  };
  return {
    GATEWAY_TIMEOUT: `${number('REQUEST_TIMEOUT_MS', 10_000) + 5_000}ms`,
    REST_TIMEOUT: `${Math.max(1_000, number('REST_TIMEOUT_MS', 10_000) - 1_000)}ms`,
  };
}

/** The template with its ${…} filled in; a name it uses that `values` lacks is a mistake, not an empty string. */
export function fillTemplate(values) {
  const site = fs.readFileSync(TEMPLATE, 'utf8').replace(/\$\{([A-Z0-9_]+)\}/g, (_whole, name) => {
    if (!(name in values))
      throw new ClusterError(`deploy/nginx/medshop.conf.template uses \${${name}}, which the cluster does not fill in`);
    return values[name];
  });
  return site;
}

/**
 * A whole nginx.conf of its own around the site (the filled-in template) and `more` (other server blocks): paths in
 * `dir` only (its pid, its error log in dir/logs, its temporary folders), nothing of the system's.
 */
export function wholeNginxConf(dir, site, more = '') {
  const temp = (name) => path.join(dir, 'temp', name);
  return `# Written by deploy/cluster.mjs from deploy/nginx/medshop.conf.template.
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
    # Nothing is written here (bodies and answers stay in memory: see the template), but nginx wants the folders.
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
${`${site}\n${more}`.replace(/^(?=.)/gm, '    ')}
}
`;
}

/**
 * Starts the cluster and supervises it. `env` is every part's environment (DATABASE_URL and REDIS_URL at least);
 * `ports` where each listens (`metrics`, optional: each server's METRICS_PORT, in the order rest-1, rest-2, gateway-1,
 * gateway-2; `supervisor`, optional: the supervisor's own metrics). `dir` holds nginx's configuration, every log
 * (logs/<part>.log, logs/nginx-access.log, logs/cluster.log: the supervisor's lines) and the REST services' shared
 * DATA_DIR (their JWT secret, when none is given). `log` receives each of the supervisor's lines (printed by default).
 */
export async function startCluster({
  dir,
  env,
  ports,
  publicHost = '127.0.0.1',
  nginx = 'nginx',
  supervision = {},
  log,
}) {
  const rules = { ...SUPERVISION, ...supervision };
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  const clusterLog = path.join(dir, 'logs', 'cluster.log');
  const say = (line) => {
    fs.appendFileSync(clusterLog, `${new Date().toISOString()} ${line}\n`);
    (log ?? ((text) => console.log(`  cluster: ${text}`)))(line);
  };
  const timeouts = nginxTimeouts(env);
  const graceMs = Number(env.SHUTDOWN_GRACE_MS || 15_000);

  // Before anything is written or started: an nginx left behind by an earlier cluster (its supervisor killed), or
  // anything else holding a port, would answer in this cluster's place. Say so in one line.
  const nginxPidFile = path.join(dir, 'nginx.pid');
  const leftPid = fs.existsSync(nginxPidFile) ? Number(fs.readFileSync(nginxPidFile, 'utf8').trim()) : 0;
  if (leftPid && alive(leftPid) && commandOf(leftPid).startsWith('nginx')) {
    throw new ClusterError(
      `an nginx of an earlier cluster still runs from ${dir} (pid ${leftPid}, ${nginxPidFile}) and holds its ports: stop it (kill -QUIT ${leftPid}) and start again`,
    );
  }
  const wanted = [
    [ports.public, 'the shop (CLUSTER_PORT)', publicHost],
    [ports.restProxy, "nginx's REST address"],
    ...ports.gateways.map((port, index) => [port, `gateway-${index + 1}`]),
    ...ports.rest.map((port, index) => [port, `rest-${index + 1}`]),
    ...(ports.metrics ?? []).map((port, index) => [port, `the metrics of ${SERVERS[index]}`]),
    ...(ports.supervisor ? [[ports.supervisor, "the supervisor's metrics"]] : []),
  ];
  for (const [port, what, host] of wanted) {
    if (!(await free(port, host)))
      throw new ClusterError(
        `port ${port} (${what}) is already in use: stop what listens there (another cluster?), or choose another CLUSTER_PORT`,
      );
  }

  // What the supervisor counts, served on ports.supervisor.
  const counts = { exits: {}, restarts: {}, givenUp: {}, shed: {}, reloads: { done: 0, failed: 0 }, nginx: {} };
  for (const name of [...SERVERS, 'nginx']) {
    counts.exits[name] = 0;
    counts.restarts[name] = 0;
    counts.givenUp[name] = 0;
    counts.shed[name] = 0;
  }

  /** Each server: its port, the instance serving now, and what the supervisor knows of it. */
  const slots = new Map(
    SERVERS.map((name, index) => {
      const [kind, number] = name.split('-');
      const port = (kind === 'rest' ? ports.rest : ports.gateways)[Number(number) - 1];
      return [
        name,
        {
          name,
          kind,
          port,
          metricsPort: ports.metrics?.[index],
          current: undefined,
          successor: undefined,
          failures: 0,
          givenUp: false,
          shed: false,
          timer: undefined,
          replacing: false,
        },
      ];
    }),
  );
  const twinOf = (slot) => slots.get(`${slot.kind}-${slot.name.endsWith('1') ? 2 : 1}`);
  /** The live processes by part (rest-1 … gateway-2, nginx), as the tests see them. */
  const parts = new Map();
  const restUrl = `http://127.0.0.1:${ports.restProxy}`;
  let stopped = false;

  // --- nginx -------------------------------------------------------------------------------------------------------
  const runId = randomBytes(6).toString('hex');
  let generation = 0;
  let loaded = '';
  const confFile = path.join(dir, 'nginx.conf');
  const nginxConf = () => {
    const address = (slot) => `127.0.0.1:${slot.port}${slot.shed ? ' down' : ''}`;
    const site = fillTemplate({
      PUBLIC_ADDRESS: `${publicHost}:${ports.public}`,
      REST_ADDRESS: `127.0.0.1:${ports.restProxy}`,
      GATEWAY_1: address(slots.get('gateway-1')),
      GATEWAY_2: address(slots.get('gateway-2')),
      REST_1: address(slots.get('rest-1')),
      REST_2: address(slots.get('rest-2')),
      ACCESS_LOG: path.join(dir, 'logs', 'nginx-access.log'),
      ...timeouts,
    });
    return wholeNginxConf(
      dir,
      site,
      `# The supervisor's own question: which configuration does the nginx on these ports run (this cluster's, ${runId})?
server {
    listen 127.0.0.1:${ports.restProxy};
    server_name medshop-cluster-control;
    access_log off;
    location = /generation { return 200 "$medshop_cluster_generation"; }
}`,
    );
  };
  /** Writes the configuration (a new generation when it changed); answers the generation nginx should answer. */
  const writeNginxConf = () => {
    const text = nginxConf();
    if (text !== loaded || generation === 0) {
      generation += 1;
      loaded = text;
    }
    const marked = text.replace(
      'http {\n',
      `http {\n    map "" $medshop_cluster_generation { default "${runId}-${generation}"; }\n`,
    );
    fs.writeFileSync(confFile, marked);
    return `${runId}-${generation}`;
  };
  const runsConf = async (expected) =>
    (await get(ports.restProxy, '/generation', { host: 'medshop-cluster-control' }).catch(() => ({}))).body ===
    expected;

  const proxy = {
    name: 'nginx',
    child: undefined,
    pid: undefined,
    exited: undefined,
    ended: undefined,
    stopping: false,
    startedAt: 0,
    failures: 0,
    timer: undefined,
    givenUp: false,
    running: '',
  };
  const lastLineOf = (file) =>
    (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? '';

  async function startNginx() {
    const expected = writeNginxConf();
    const output = fs.openSync(path.join(dir, 'logs', 'nginx.log'), 'a');
    // A process group of its own: a terminal's Ctrl-C reaches the supervisor, which stops nginx last; and its workers
    // can be found (and ended) should the master die.
    const child = spawn(nginx, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
      stdio: ['ignore', output, output],
      detached: true,
    });
    fs.closeSync(output);
    Object.assign(proxy, { child, pid: child.pid, exited: undefined, stopping: false, startedAt: Date.now() });
    proxy.ended = new Promise((resolve) => {
      child.once('error', (error) => {
        proxy.exited = { code: error.message, signal: null };
        resolve();
      });
      child.once('exit', (code, signal) => {
        proxy.exited ??= { code, signal };
        resolve();
        if (child === proxy.child) nginxEnded();
      });
    });
    parts.set('nginx', {
      name: 'nginx',
      pid: child.pid,
      child,
      logFile: path.join(dir, 'logs', 'nginx-error.log'),
      exited: undefined,
    });
    const started = Date.now();
    while (!(await runsConf(expected))) {
      if (proxy.exited)
        throw new ClusterError(
          `nginx did not start (${describeExit(proxy.exited)}): ${lastLineOf(path.join(dir, 'logs', 'nginx.log')) || 'see logs/nginx-error.log'}`,
        );
      if (Date.now() - started > 10_000)
        throw new ClusterError(
          `nginx did not answer with this cluster's configuration within 10 s: see ${path.join(dir, 'logs', 'nginx-error.log')}`,
        );
      await wait(50);
    }
    proxy.running = expected;
  }

  /** nginx ended without being asked: its workers may live on, holding the ports; they go, and nginx comes back. */
  function nginxEnded() {
    parts.get('nginx').exited = proxy.exited.signal ?? proxy.exited.code;
    if (proxy.stopping || stopped) return;
    try {
      process.kill(-proxy.pid, 'SIGKILL');
    } catch {
      // no worker left
    }
    const ran = Date.now() - proxy.startedAt;
    counts.exits.nginx += 1;
    proxy.failures = ran >= rules.stableMs ? 1 : proxy.failures + 1;
    const how = describeExit(proxy.exited);
    if (proxy.failures > rules.restartsBeforeGivingUp) {
      proxy.givenUp = true;
      counts.givenUp.nginx = 1;
      say(
        `nginx (pid ${proxy.pid}) ended (${how}) again: ${proxy.failures} times in a row, each soon after its start; not started again (see logs/nginx-error.log); SIGHUP tries again`,
      );
      return;
    }
    const delay = Math.min(rules.firstRestartDelayMs * 2 ** (proxy.failures - 1), rules.maxRestartDelayMs);
    say(
      `nginx (pid ${proxy.pid}) ended (${how}) after ${seconds(ran)}: the shop is unreachable until it is back; starting it again in ${seconds(delay)}`,
    );
    proxy.timer = setTimeout(() => void restartNginx(), delay);
  }

  async function restartNginx() {
    proxy.timer = undefined;
    if (stopped) return;
    try {
      await startNginx();
      counts.restarts.nginx += 1;
      proxy.givenUp = false;
      counts.givenUp.nginx = 0;
      say(`nginx is back: pid ${proxy.pid}, ${seconds(Date.now() - proxy.startedAt)} after its start`);
    } catch (error) {
      say(`nginx did not come back: ${error.message}`);
      // Its end (if it ended) counted as one more and decided what next; if it runs, it answers with something else.
      if (!proxy.exited) proxy.child.kill('SIGKILL');
    }
  }

  /**
   * Has nginx load the configuration, when it changed (a server taken out or put back, a new template): SIGHUP, then
   * until it answers with it. Its old workers finish what they hold; a reload also closes idle kept-alive client
   * connections, which is why a deploy does not reload nginx unless something in its configuration changed.
   */
  let nginxQueue = Promise.resolve();
  function applyNginx() {
    const applied = nginxQueue.then(async () => {
      const expected = writeNginxConf();
      if (!proxy.child || proxy.exited || proxy.stopping || proxy.running === expected) return;
      process.kill(proxy.pid, 'SIGHUP');
      const started = Date.now();
      while (!(await runsConf(expected))) {
        if (Date.now() - started > 10_000)
          throw new Error(
            `nginx did not load its new configuration within 10 s: see ${path.join(dir, 'logs', 'nginx-error.log')}`,
          );
        await wait(20);
      }
      proxy.running = expected;
    });
    nginxQueue = applied.catch(() => undefined);
    return applied;
  }

  // --- the servers -------------------------------------------------------------------------------------------------
  const shared = { ...env, DATA_DIR: env.DATA_DIR ?? dir, NODE_ENV: env.NODE_ENV ?? 'production' };
  // Each server is a worker of Node's cluster module, whose listening sockets the supervisor holds and hands to every
  // instance on the same address (SCHED_NONE: each process accepts its own connections; the supervisor is not in
  // their way). An instance that replaces another shares its socket: the new one accepts as soon as it listens, the
  // old one stops accepting when it is let go, and no connection is ever refused in between.
  cluster.schedulingPolicy = cluster.SCHED_NONE;

  /** Starts an instance of the slot's server; it is not the slot's current one until someone says so. */
  function spawnInstance(slot) {
    const own =
      slot.kind === 'rest'
        ? { REST_PORT: String(slot.port), REST_HOST: '127.0.0.1' }
        : { PORT: String(slot.port), HOST: '127.0.0.1', REST_URL: restUrl };
    if (slot.metricsPort) own.METRICS_PORT = String(slot.metricsPort);
    const logFile = path.join(dir, 'logs', `${slot.name}.log`);
    const output = fs.openSync(logFile, 'a');
    cluster.setupPrimary({
      exec: LAUNCH,
      args: [slot.kind],
      execArgv: [],
      cwd: root,
      stdio: ['ignore', output, 'pipe', 'ipc'],
    });
    const worker = cluster.fork({ ...shared, ...own });
    fs.closeSync(output);
    const child = worker.process;
    const instance = {
      name: slot.name,
      worker,
      child,
      pid: child.pid,
      port: slot.port,
      logFile,
      startedAt: Date.now(),
      readyAt: undefined,
      exited: undefined,
      stopping: false,
      lastWords: [],
      silentSince: undefined,
      answeringSince: undefined,
      probing: false,
      asked: new Map(),
      asks: 0,
    };
    // What it writes to stderr (a failed start's one line, a crash's error) goes to its log, and its last lines are
    // kept: they say why it ended.
    const errors = fs.createWriteStream(logFile, { flags: 'a' });
    child.stderr.on('data', (chunk) => {
      errors.write(chunk);
      const lines = String(chunk)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      instance.lastWords = [...instance.lastWords, ...lines].slice(-3);
    });
    worker.on('message', (message) => {
      if (message?.medshop === 'probe') instance.asked.get(message.id)?.(message.status);
    });
    worker.on('error', () => undefined); // a probe sent as it died: its exit says what happened
    instance.ended = new Promise((resolve) => {
      // 'close': it ended and its stderr has been read to the end (its last line says why it ended).
      child.once('close', (code, signal) => {
        instance.exited = { code, signal };
        for (const answer of instance.asked.values()) answer(0);
        errors.end();
        resolve();
        instanceEnded(slot, instance);
      });
    });
    return instance;
  }

  /** Asks an instance over its channel how it is (/livez, /readyz): its status, or 0 without an answer in time. */
  function ask(instance, pathname, timeoutMs) {
    if (instance.exited || !instance.worker.isConnected()) return Promise.resolve(0);
    const id = (instance.asks += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(0), timeoutMs);
      const done = (status) => {
        clearTimeout(timer);
        instance.asked.delete(id);
        resolve(status);
      };
      instance.asked.set(id, done);
      try {
        instance.worker.send({ medshop: 'probe', id, path: pathname }, (error) => error && done(0));
      } catch {
        done(0);
      }
    });
  }

  /**
   * 'ready' once it answers /readyz (or, for `/started`, once it listens) with 200; 'ended' if it ends first; 'late'
   * after readyTimeoutMs.
   */
  async function readiness(instance, pathname = '/readyz') {
    for (;;) {
      if (instance.exited || stopped || instance.stopping) return 'ended';
      if (Date.now() - instance.startedAt > rules.readyTimeoutMs) return 'late';
      if ((await ask(instance, pathname, 1_000)) === 200) {
        instance.readyAt = Date.now();
        return 'ready';
      }
      await wait(100);
    }
  }

  const why = (instance) =>
    instance.lastWords.length > 0 && !instance.exited?.signal ? `: ${instance.lastWords.at(-1)}` : '';

  function makeCurrent(slot, instance) {
    slot.current = instance;
    parts.set(slot.name, {
      name: slot.name,
      pid: instance.pid,
      port: slot.port,
      child: instance.child,
      logFile: instance.logFile,
      exited: undefined,
    });
  }

  /** An instance ended. The slot's current one, not asked to: a crash — it comes back after a back-off. */
  function instanceEnded(slot, instance) {
    if (slot.current !== instance) return; // a new instance that did not start (reload says so), or one let go
    const part = parts.get(slot.name);
    if (part) part.exited = instance.exited.signal ?? instance.exited.code;
    if (instance.stopping || stopped) return;
    slot.current = undefined;
    counts.exits[slot.name] += 1;
    const ran = Date.now() - instance.startedAt;
    const how = `${describeExit(instance.exited)}${why(instance)}`;
    if (slot.replacing) {
      say(`${slot.name} (pid ${instance.pid}) ended (${how}) while being replaced: its new instance takes over`);
      return;
    }
    slot.failures = ran >= rules.stableMs ? 1 : slot.failures + 1;
    if (slot.failures > rules.restartsBeforeGivingUp) {
      slot.givenUp = true;
      counts.givenUp[slot.name] = 1;
      say(
        `${slot.name} (pid ${instance.pid}) ended (${how}) again: ${slot.failures} times in a row, each within ${seconds(rules.stableMs)} of its start; ` +
          `not started again (see logs/${slot.name}.log); SIGHUP tries again`,
      );
      return;
    }
    const delay = Math.min(rules.firstRestartDelayMs * 2 ** (slot.failures - 1), rules.maxRestartDelayMs);
    say(
      `${slot.name} (pid ${instance.pid}, port ${slot.port}) ended (${how}) after ${seconds(ran)}; ` +
        `starting it again in ${seconds(delay)} (restart ${slot.failures} of at most ${rules.restartsBeforeGivingUp} in a row)`,
    );
    slot.timer = setTimeout(() => void restart(slot), delay);
  }

  /** Starts the slot's server again, after it ended by itself. */
  async function restart(slot) {
    slot.timer = undefined;
    if (stopped || slot.current || slot.replacing) return;
    const instance = spawnInstance(slot);
    makeCurrent(slot, instance);
    // Nothing runs in its place: once it listens it is better than nothing, even while what it needs does not answer
    // (a gateway during a REST outage still answers, UPSTREAM_UNAVAILABLE), so that is all it is waited for here.
    const outcome = await readiness(instance, '/started');
    if (outcome === 'late') {
      say(
        `${slot.name} (pid ${instance.pid}) did not listen within ${seconds(rules.readyTimeoutMs)} of its start: killing it`,
      );
      instance.child.kill('SIGKILL');
      return;
    }
    if (outcome !== 'ready') return; // it ended: instanceEnded said so and decided what next
    counts.restarts[slot.name] += 1;
    say(
      `${slot.name} is back: pid ${instance.pid} on port ${slot.port}, serving ${seconds(instance.readyAt - instance.startedAt)} after its start`,
    );
    if (slot.shed) {
      slot.shed = false;
      counts.shed[slot.name] = 0;
      await applyNginx().catch((error) => say(error.message));
    }
  }

  /** Lets an instance go: SIGTERM (it drains: SHUTDOWN_GRACE_MS), then -9 should it outstay its grace. */
  async function letGo(instance) {
    if (!instance || instance.exited) return;
    instance.stopping = true;
    instance.child.kill('SIGTERM');
    const late = setTimeout(() => instance.child.kill('SIGKILL'), graceMs + 10_000);
    await instance.ended;
    clearTimeout(late);
  }

  /**
   * A reload's step: a new instance of the slot's server, sharing its socket; once it is ready, the old one is let go.
   * Answers what went wrong (one line), or undefined.
   */
  async function replace(slot) {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.replacing = true;
    const old = slot.current;
    try {
      const next = spawnInstance(slot);
      slot.successor = next;
      const outcome = await readiness(next);
      slot.successor = undefined;
      if (outcome !== 'ready') {
        if (!next.exited) {
          next.stopping = true;
          next.child.kill('SIGKILL');
          await next.ended;
        }
        return outcome === 'late'
          ? `its new instance was not ready within ${seconds(rules.readyTimeoutMs)}`
          : `its new instance ended (${describeExit(next.exited)}${why(next)})`;
      }
      makeCurrent(slot, next);
      slot.failures = 0;
      slot.givenUp = false;
      counts.givenUp[slot.name] = 0;
      if (slot.shed) {
        slot.shed = false;
        counts.shed[slot.name] = 0;
        await applyNginx().catch((error) => say(error.message));
      }
      const letGoAt = Date.now();
      await letGo(old);
      say(
        `${slot.name} replaced: ${old ? `pid ${old.pid}` : 'nothing was running'} → pid ${next.pid} on port ${slot.port} ` +
          `(ready ${seconds(next.readyAt - next.startedAt)} after its start${old ? `; the old one drained in ${seconds(Date.now() - letGoAt)}` : ''})`,
      );
      return undefined;
    } finally {
      slot.replacing = false;
      // The old instance died meanwhile and the new one did not start: the slot is empty; start it again.
      if (!slot.current && !stopped && !slot.timer && !slot.givenUp)
        slot.timer = setTimeout(() => void restart(slot), rules.firstRestartDelayMs);
    }
  }

  let reloading;
  let reloadAgain = false;
  /**
   * Every server replaced in turn (and nginx's configuration loaded again if it changed): a deploy. True when all were.
   */
  function reload(reason = 'SIGHUP') {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      const started = Date.now();
      say(
        `reload (${reason}): each server replaced in turn by a new instance; the old one goes once the new one is ready`,
      );
      if (!proxy.child || proxy.exited) {
        clearTimeout(proxy.timer);
        proxy.failures = 0;
        await restartNginx();
      } else await applyNginx().catch((error) => say(error.message));
      for (const name of SERVERS) {
        if (stopped) return false;
        const failure = await replace(slots.get(name)).catch((error) => error.message);
        if (failure) {
          counts.reloads.failed += 1;
          const serving = SERVERS.filter((other) => slots.get(other).current).join(', ');
          say(
            `reload stopped at ${name}: ${failure}. Serving as before: ${serving || 'nothing'}; the next SIGHUP tries again`,
          );
          return false;
        }
      }
      counts.reloads.done += 1;
      say(`reload done in ${seconds(Date.now() - started)}: every server replaced`);
      return true;
    })().finally(() => {
      reloading = undefined;
      if (reloadAgain && !stopped) {
        reloadAgain = false;
        void reload('asked again during the last one');
      }
    });
    return reloading;
  }

  // --- the watch: every server asked /livez every second -----------------------------------------------------------
  async function probe(slot) {
    const instance = slot.current;
    if (!instance?.readyAt || instance.stopping || instance.exited || instance.probing) return;
    instance.probing = true;
    const askedAt = Date.now();
    const answered = (await ask(instance, '/livez', rules.probeTimeoutMs)) === 200;
    instance.probing = false;
    if (slot.current !== instance || instance.stopping || instance.exited || stopped) return;
    if (answered) {
      if (instance.silentSince === undefined) return;
      if (slot.shed) {
        // Back in nginx once it has answered steadily for a while, not at its first answer.
        instance.answeringSince ??= askedAt;
        if (Date.now() - instance.answeringSince < rules.restoreAfterMs) return;
        slot.shed = false;
        counts.shed[slot.name] = 0;
        say(
          `${slot.name} (pid ${instance.pid}) answers again, for ${seconds(Date.now() - instance.answeringSince)} now, after ${seconds(instance.answeringSince - instance.silentSince)} of silence: back in nginx`,
        );
        await applyNginx().catch((error) => say(error.message));
      }
      instance.silentSince = undefined;
      instance.answeringSince = undefined;
      return;
    }
    instance.answeringSince = undefined;
    instance.silentSince ??= askedAt;
    const silent = Date.now() - instance.silentSince;
    const twin = twinOf(slot);
    if (!slot.shed && silent >= rules.shedAfterMs && twin.current?.readyAt && !twin.shed) {
      slot.shed = true;
      counts.shed[slot.name] = 1;
      say(
        `${slot.name} (pid ${instance.pid}, port ${slot.port}) has not answered for ${seconds(silent)}: taken out of nginx until it answers again`,
      );
      await applyNginx().catch((error) => say(error.message));
    }
    if (silent >= rules.killAfterMs) {
      say(
        `${slot.name} (pid ${instance.pid}) has not answered for ${seconds(silent)}: killing it (-9) to start it again`,
      );
      instance.child.kill('SIGKILL');
    }
  }
  const watch = setInterval(() => {
    for (const slot of slots.values()) void probe(slot);
    countNginxAnswers();
  }, rules.probeIntervalMs);

  // nginx's answers, by edge and status, read from its JSON access log as it grows (from its start after a rotation).
  const accessLog = path.join(dir, 'logs', 'nginx-access.log');
  let readUpTo = fs.existsSync(accessLog) ? fs.statSync(accessLog).size : 0;
  let partialLine = '';
  function countNginxAnswers() {
    let size;
    try {
      size = fs.statSync(accessLog).size;
    } catch {
      return;
    }
    if (size < readUpTo) readUpTo = 0;
    if (size === readUpTo) return;
    const file = fs.openSync(accessLog, 'r');
    const buffer = Buffer.alloc(Math.min(size - readUpTo, 16 * 1024 * 1024));
    const read = fs.readSync(file, buffer, 0, buffer.length, readUpTo);
    fs.closeSync(file);
    readUpTo += read;
    const lines = (partialLine + buffer.subarray(0, read).toString('utf8')).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      const status = /"edge":"(\w+)".*?"status":(\d+)/.exec(line);
      if (!status) continue;
      const key = `${status[1]} ${status[2]}`;
      counts.nginx[key] = (counts.nginx[key] ?? 0) + 1;
    }
  }

  // --- the supervisor's metrics ------------------------------------------------------------------------------------
  let metricsServer;
  function supervisorMetrics() {
    countNginxAnswers();
    const lines = [];
    const series = (name, type, help, samples) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
    };
    const byPart = (record) => Object.entries(record).map(([part, value]) => [`{part="${part}"}`, value]);
    const up = [
      ...SERVERS.map((name) => [name, slots.get(name).current?.readyAt && !slots.get(name).shed ? 1 : 0]),
      ['nginx', proxy.child && !proxy.exited ? 1 : 0],
    ];
    series(
      'cluster_part_up',
      'gauge',
      'Whether the part runs and, for a server, is ready and in nginx (1) or not (0)',
      up.map(([part, value]) => [`{part="${part}"}`, value]),
    );
    series(
      'cluster_part_exits_total',
      'counter',
      'Times a part ended without being asked to (a crash, kill -9, the watch killing a hung one)',
      byPart(counts.exits),
    );
    series(
      'cluster_part_restarts_total',
      'counter',
      'Times a part that ended by itself was started again and was ready',
      byPart(counts.restarts),
    );
    series(
      'cluster_part_given_up',
      'gauge',
      'Whether the supervisor gave up starting the part again after it kept ending (1) or not (0)',
      byPart(counts.givenUp),
    );
    series(
      'cluster_part_shed',
      'gauge',
      'Whether the server is out of nginx for not answering (1) or not (0)',
      byPart(counts.shed),
    );
    series(
      'cluster_reloads_total',
      'counter',
      'Reloads (SIGHUP) by outcome: done (every server replaced) or failed (stopped at a server, the rest as before)',
      Object.entries(counts.reloads).map(([outcome, value]) => [`{outcome="${outcome}"}`, value]),
    );
    series(
      'cluster_nginx_responses_total',
      'counter',
      "nginx's answers by edge (shop; rest, which logs only calls that failed or were retried) and status, from its access log",
      Object.entries(counts.nginx).map(([key, value]) => {
        const [edge, status] = key.split(' ');
        return [`{edge="${edge}",status="${status}"}`, value];
      }),
    );
    return `${lines.join('\n')}\n`;
  }

  async function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(watch);
    clearTimeout(proxy.timer);
    for (const slot of slots.values()) clearTimeout(slot.timer);
    if (metricsServer) await new Promise((resolve) => metricsServer.close(() => resolve()));
    const servers = (kind) =>
      [...slots.values()].filter((slot) => slot.kind === kind).flatMap((slot) => [slot.current, slot.successor]);
    // The gateways first (their sockets go, and they stop calling REST), then the REST services, then nginx.
    await Promise.all(servers('gateway').map(letGo));
    await Promise.all(servers('rest').map(letGo));
    if (proxy.child && !proxy.exited) {
      proxy.stopping = true;
      proxy.child.kill('SIGQUIT');
      const late = setTimeout(() => {
        try {
          process.kill(-proxy.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 10_000);
      await proxy.ended;
      clearTimeout(late);
    }
  }

  const supervised = {
    url: `http://${publicHost}:${ports.public}`,
    dir,
    /** The process of each part now: rest-1, rest-2, gateway-1, gateway-2, nginx. */
    parts,
    reload,
    /** A reload that must succeed: `onEach` hears of each server replaced. */
    async rollingRestart(onEach = () => undefined) {
      const before = new Map(SERVERS.map((name) => [name, parts.get(name)?.pid]));
      if (!(await reload('rolling restart'))) throw new Error(`the rolling restart failed: see ${clusterLog}`);
      for (const name of SERVERS) if (parts.get(name)?.pid !== before.get(name)) onEach(name);
    },
    stop,
  };

  try {
    await startNginx();
    // The REST services first (the gateways need them to be ready), each pair together.
    for (const kind of ['rest', 'gateway']) {
      await Promise.all(
        [...slots.values()]
          .filter((slot) => slot.kind === kind)
          .map(async (slot) => {
            const instance = spawnInstance(slot);
            makeCurrent(slot, instance);
            const outcome = await readiness(instance);
            if (outcome === 'late')
              throw new ClusterError(
                `${slot.name} was not ready within ${seconds(rules.readyTimeoutMs)}: see ${instance.logFile}`,
              );
            if (outcome !== 'ready')
              throw new ClusterError(
                `${slot.name} did not start (${describeExit(instance.exited)}${why(instance)}); see ${instance.logFile}`,
              );
          }),
      );
    }
    if (ports.supervisor) {
      metricsServer = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
          return;
        }
        response
          .writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
          .end(supervisorMetrics());
      });
      await new Promise((resolve, reject) => {
        metricsServer.once('error', reject);
        metricsServer.listen(ports.supervisor, '127.0.0.1', resolve);
      });
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return supervised;
}

/** One setting for the cluster command, or its default; a number where one is wanted. */
function setting(name, fallback) {
  const value = process.env[name] || fallback;
  if (value === undefined) {
    throw new ClusterError(
      `${name} is required: ${name === 'DATABASE_URL' ? 'postgres://user:pass@host:5432/db' : 'redis://host:6379'} (the cluster's parts share it)`,
    );
  }
  return value;
}

/** The ports of `npm run cluster`, all counted from CLUSTER_PORT. */
export function clusterPorts(base) {
  return {
    public: base,
    gateways: [base + 1, base + 2],
    restProxy: base + 80,
    rest: [base + 81, base + 82],
    supervisor: base + 90,
    metrics: [base + 91, base + 92, base + 93, base + 94],
  };
}

async function main() {
  // A closed terminal must not take the supervisor with it (a failed write to it would be an uncaught error).
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  const databaseUrl = setting('DATABASE_URL');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ClusterError(
      'DATABASE_URL must be a PostgreSQL URL: two REST services share one database (SQLite is for one process)',
    );
  const base = Number(setting('CLUSTER_PORT', '8000'));
  if (!Number.isInteger(base) || base < 1 || base > 65535 - 94)
    throw new ClusterError(
      `CLUSTER_PORT must be a port number up to ${65535 - 94} (the cluster uses it and the 94 after it), got "${process.env.CLUSTER_PORT}"`,
    );
  const dir = path.resolve(setting('CLUSTER_DIR', path.join(root, 'data', 'cluster')));
  const ports = clusterPorts(base);
  const stamp = (line) => console.log(`${new Date().toISOString()} cluster: ${line}`);
  const cluster = await startCluster({
    dir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: setting('REDIS_URL'),
      SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    },
    ports,
    publicHost: setting('CLUSTER_HOST', '127.0.0.1'),
    nginx: setting('NGINX', 'nginx'),
    log: stamp,
  });
  const pidFile = path.join(dir, 'cluster.pid');
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  console.log(
    `\n  Medshop cluster is running: ${cluster.url}\n` +
      `  nginx → gateways on ${ports.gateways.join(', ')} → nginx ${ports.restProxy} → REST services on ${ports.rest.join(', ')}\n` +
      `  Metrics (Prometheus) on 127.0.0.1 at /metrics: rest-1, rest-2, gateway-1, gateway-2 on ${ports.metrics.join(', ')}; the supervisor's on ${ports.supervisor}\n` +
      `  Logs in ${path.join(dir, 'logs')}. kill -HUP ${process.pid} (${pidFile}) replaces every server, one at a time; Ctrl-C stops it all.\n`,
  );
  process.on('SIGHUP', () => void cluster.reload('SIGHUP'));
  // Under `npm run cluster` npm is this process's parent, and npm passes on SIGINT and SIGTERM but dies of a SIGHUP.
  // A SIGHUP meant for the cluster and sent to npm would otherwise end npm and reload nothing: its end is taken as one.
  if (process.env.npm_lifecycle_event === 'cluster') {
    const npm = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === npm) return;
      clearInterval(watch);
      stamp(
        `npm (pid ${npm}), which ran npm run cluster, has ended (npm dies of a SIGHUP rather than pass it on): reloading as for a SIGHUP; from now on signal the cluster itself: kill -HUP ${process.pid}`,
      );
      void cluster.reload('npm ended');
    }, 200);
    watch.unref();
  }
  const stop = async () => {
    stamp('stopping the cluster…');
    await cluster.stop();
    fs.rmSync(pidFile, { force: true });
    stamp('stopped');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error) => {
    console.error(
      error instanceof ClusterError
        ? `cluster: ${error.message}`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    );
    process.exit(1);
  });
}
