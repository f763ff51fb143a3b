// A throw-away database for one test: a SQLite file in a temporary folder, or a fresh PostgreSQL database
// that is dropped afterwards, so runs never see each other's data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** The database the suite runs on: SQLite, or PostgreSQL when TEST_DATABASE=postgres. */
export function suiteDatabaseKind(): TestDatabaseKind {
  const kind = process.env.TEST_DATABASE ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres')
    throw new Error(`TEST_DATABASE must be sqlite or postgres, got ${kind}`);
  return kind;
}

export const postgresAdminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  url: string;
  /** The folder for DATA_DIR (JWT secret, SQLite file). */
  dataDir: string;
  drop(): Promise<void>;
}

/** A connection as PostgreSQL's admin (TEST_POSTGRES_URL), for making and dropping databases; closed after `work`. */
export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the server of TEST_POSTGRES_URL. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a PostgreSQL database once the sessions of its closed pools have gone: they linger a moment on the server, and
 * dropping them by force would cut them off mid-goodbye.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdminClient(async (client) => {
    await untilNoSessions(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** Waits (up to 5 s) until no session is connected to the database `name`. */
export async function untilNoSessions(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query('select count(*)::int as sessions from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface TestDatabaseOptions {
  /**
   * PostgreSQL only: the new database is a copy of this one (CREATE DATABASE … TEMPLATE), e.g. a database already
   * migrated (tests/helpers/postgres-template.ts), instead of an empty one.
   */
  template?: string;
}

export async function createTestDatabase(
  kind: TestDatabaseKind = suiteDatabaseKind(),
  { template }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-test-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return { kind, url: `file:${path.join(dataDir, 'shop.db')}`, dataDir, drop: async () => removeDataDir() };
  }
  const name = `medshop_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    kind,
    url: postgresDatabaseUrl(name),
    dataDir,
    drop: async () => {
      await dropPostgresDatabase(name);
      removeDataDir();
    },
  };
}
