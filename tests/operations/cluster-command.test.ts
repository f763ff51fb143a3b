// `npm run cluster` as an operator runs it: a SIGHUP sent to npm (which dies of it, passing on only SIGINT and
// SIGTERM) still reloads the cluster; the supervisor killed with -9 takes its servers along (each stops when its
// channel to the supervisor closes) but leaves nginx running, and the next `npm run cluster` says so in one line
// instead of claiming to run while another nginx answers on its ports. Skipped, loudly, without nginx, PostgreSQL or
// Redis.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { poll } from '../helpers/poll.js';
import { type Launched, alive, launch, ownLines } from '../helpers/launched.js';
import { redisReachable } from '../helpers/redis.js';
import { HANDED_OUT_PORTS, listenable } from '../helpers/server-process.js';
import { type TestDatabase, createTestDatabase, postgresReachable } from '../helpers/test-database.js';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [postgresUp, redisUp] = await Promise.all([postgresReachable(), redisReachable(redisUrl)]);
const missing = [!nginx && 'nginx (apt-get install nginx)', !postgresUp && 'PostgreSQL', !redisUp && 'Redis'].filter(
  Boolean,
);
if (missing.length > 0)
  console.warn(
    `\n!!! The npm run cluster test is SKIPPED: no ${missing.join(', ')} here. .ci/run installs and starts them.\n`,
  );

/**
 * A CLUSTER_PORT whose ports (it, +1, +2, +80 to +82, +90 to +94) are all free now, all below the kernel's ephemeral
 * range as freePort's are: a CI run once saw its METRICS_PORT (base + 92 in that range) taken by a test's listen(0)
 * before the cluster's server bound it.
 */
async function clusterPort(): Promise<number> {
  const offsets = [0, 1, 2, 80, 81, 82, 90, 91, 92, 93, 94];
  const span = HANDED_OUT_PORTS.to - 94 - HANDED_OUT_PORTS.from;
  for (;;) {
    const base = HANDED_OUT_PORTS.from + Math.floor(Math.random() * span);
    if ((await Promise.all(offsets.map((offset) => listenable(base + offset)))).every(Boolean)) return base;
  }
}

const children = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((entry) => Number(entry.trim()))
    .filter(Boolean);

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  if (
    !(await poll(
      async () => condition(),
      (held) => held,
      { within: ms },
    ))
  )
    throw new Error(`${what}: not within ${ms / 1000} s`);
}

describe.skipIf(missing.length > 0)('npm run cluster', () => {
  const launched: Launched[] = [];
  const left: number[] = [];
  let database: TestDatabase | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    for (const each of launched) each.kill();
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reloads on a SIGHUP sent to npm; killed with -9 it takes its servers along, and the nginx it leaves stops the next start in one line', async () => {
    database = await createTestDatabase('postgres');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-cluster-command-'));
    const base = await clusterPort();
    const env = {
      CLUSTER_PORT: String(base),
      CLUSTER_DIR: dir,
      NGINX: nginx!,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_CHANNEL_PREFIX: `command-${base}:`,
      ADMIN_PASSWORD: 'admin-pass',
    };
    const npm = launch({ npm: ['run', 'cluster'] }, env);
    launched.push(npm);
    await npm.said(`Medshop cluster is running: http://127.0.0.1:${base}`);
    // The script `exec`s node: the supervisor is npm's own child, and says its pid.
    const [supervisor] = children(npm.child.pid!);
    expect(npm.output()).toContain(`kill -HUP ${supervisor} (${path.join(dir, 'cluster.pid')})`);
    expect(fs.readFileSync(path.join(dir, 'cluster.pid'), 'utf8')).toBe(`${supervisor}\n`);
    const servers = children(supervisor!);
    const nginxPid = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8'));
    expect(servers).toContain(nginxPid);
    expect(servers).toHaveLength(5);
    left.push(...servers);

    // A SIGHUP for the cluster, sent to npm: npm dies of it; the supervisor sees it go and reloads.
    const npmEnded = new Promise((resolve) => npm.child.once('exit', (code, signal) => resolve(signal ?? code)));
    process.kill(npm.child.pid!, 'SIGHUP');
    expect(await npmEnded).toBe('SIGHUP');
    await npm.said(
      `npm (pid ${npm.child.pid}), which ran npm run cluster, has ended (npm dies of a SIGHUP rather than pass it on): reloading as for a SIGHUP; from now on signal the cluster itself: kill -HUP ${supervisor}`,
    );
    await npm.said(/cluster: reload done in \d+(\.\d)? s: every server replaced/);
    const replaced = children(supervisor!).filter((pid) => pid !== nginxPid);
    left.push(...replaced);
    expect(replaced).toHaveLength(4);
    expect(replaced.filter((pid) => servers.includes(pid))).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${base}/`)).status).toBe(200);

    // The supervisor killed: its servers stop by themselves; nginx, a process of its own, runs on.
    process.kill(supervisor!, 'SIGKILL');
    await until(() => replaced.every((pid) => !alive(pid)), 'the servers to stop with their supervisor');
    expect(alive(nginxPid)).toBe(true);
    for (const part of ['rest-1', 'gateway-1']) {
      expect(fs.readFileSync(path.join(dir, 'logs', `${part}.log`), 'utf8')).toContain(
        'shutting down: the process that supervised this server (its IPC channel) has gone; finishing what is in flight',
      );
    }

    // The next cluster does not claim to run while that nginx answers on its ports.
    const again = launch({ npm: ['run', 'cluster'] }, env);
    launched.push(again);
    const code = await again.ended;
    expect([code, ownLines(again.output())]).toEqual([
      1,
      [
        `cluster: an nginx of an earlier cluster still runs from ${dir} (pid ${nginxPid}, ${path.join(dir, 'nginx.pid')}) and holds its ports: stop it (kill -QUIT ${nginxPid}) and start again`,
      ],
    ]);
    process.kill(nginxPid, 'SIGQUIT');
    await until(() => !alive(nginxPid), 'the nginx left behind to stop');
  });
});
