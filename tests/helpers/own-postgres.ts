// A PostgreSQL of the test's own, in a temporary folder on a free port (initdb and pg_ctl from
// /usr/lib/postgresql/*/bin), that the test may stop and start again: the machine's PostgreSQL on 5432 is shared and
// is never stopped. PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (or `nobody`).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/medshop — an empty database the shop may fill. */
  url: string;
  stop(): void;
  start(): void;
  /** Stops it and removes its folder. */
  close(): void;
}

/** The newest PostgreSQL's programs here, or undefined. */
function binaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter(
      (version) =>
        fs.existsSync(path.join(base, version, 'bin', 'pg_ctl')) &&
        fs.existsSync(path.join(base, version, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

/** Why there can be none here (for a loud skip), or undefined. */
export function ownPostgresMissing(): string | undefined {
  return binaries() ? undefined : "PostgreSQL's initdb and pg_ctl (apt-get install postgresql)";
}

/** Who runs it: this user, or as root an unprivileged one. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const entry = spawnSync('getent', ['passwd', name], { encoding: 'utf8' }).stdout.trim();
    if (entry) {
      const [, , uid, gid] = entry.split(':');
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root, and there is neither a postgres nor a nobody user to run PostgreSQL as');
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binaries();
  if (!bin) throw new Error(`no ${ownPostgresMissing()}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-own-postgres-'));
  const user = runAs();
  if (user) fs.chownSync(folder, user.uid, user.gid);
  const data = path.join(folder, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(bin, program), args, {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
      ...(user ?? {}),
    });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    void run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(folder, 'postgres.log'), '-w', 'start']);
  const stop = () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database medshop');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/medshop`,
    stop,
    start,
    close() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
