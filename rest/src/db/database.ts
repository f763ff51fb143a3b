// Opens the shop's database: SQLite through better-sqlite3 (the embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Database } from './schema.js';
import { readsDirectly } from './prepared-query.js';
import { readCount } from '../../../config/env.js';
import { databasePool } from '../../../config/metrics.js';
import { tracer, tracingOn } from '../../../config/tracing.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface ShopDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

/** COUNT(*) and SUM() answer int8/numeric, which pg hands out as strings; every such value here fits a double. */
function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser(oid, format) {
      if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  };
}

/** How many distinct statements stay prepared; the shop issues a few dozen shapes of query. */
const PREPARED_STATEMENTS_KEPT = 256;

/**
 * Kysely prepares every statement afresh, which costs more than running it; the same SQL text gets the same
 * prepared statement back here (least recently used ones are let go). Safe because Kysely's SQLite driver runs
 * one statement at a time on this one connection and never leaves one half-read.
 */
function withPreparedStatementCache(database: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (statement) {
        prepared.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (prepared.size >= PREPARED_STATEMENTS_KEPT) prepared.delete(prepared.keys().next().value!);
      }
      prepared.set(sql, statement);
      return statement;
    },
  };
}

/**
 * A transaction takes SQLite's write lock as it begins (BEGIN IMMEDIATE), waiting through busy_timeout while another
 * process holds it. A plain BEGIN would take it at the first write, and a transaction that read first then fails at
 * once (SQLITE_BUSY) when another process wrote meanwhile: two instances migrating one new file did.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite runs DDL in transactions: migrations run in one, so a second process waits for them and then finds them done.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ShopSqliteDialect extends SqliteDialect {
  constructor(private readonly shopConfig: SqliteDialectConfig) {
    super(shopConfig);
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.shopConfig);
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How long a SQLite write waits for another process's write lock before failing with "database is locked". */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

function openSqlite(file: string): { dialect: SqliteDialect; database: SQLite.Database } {
  if (file !== ':memory:') {
    // The shop's data is for this user alone: a new folder and a new file are made unreadable to others (SQLite gives
    // its -wal and -shm files the database file's permissions).
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return { dialect: new ShopSqliteDialect({ database: withPreparedStatementCache(database) }), database };
}

/** PostgreSQL's pool: how many connections, and how long a query may wait for one or run. */
export interface PoolSettings {
  /** Connections at most (PG_POOL_SIZE). */
  size: number;
  /**
   * How long getting a connection may take, queueing for a busy pool included, before the query fails
   * (PG_CONNECT_TIMEOUT_MS).
   */
  connectTimeoutMs: number;
  /** How long one statement may run before PostgreSQL cancels it (PG_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
}

/** PostgreSQL's pool as config/settings.ts declares its defaults (PG_POOL_SIZE, PG_*_TIMEOUT_MS). */
export const DEFAULT_POOL: PoolSettings = {
  size: readCount({}, 'PG_POOL_SIZE'),
  connectTimeoutMs: readCount({}, 'PG_CONNECT_TIMEOUT_MS'),
  statementTimeoutMs: readCount({}, 'PG_STATEMENT_TIMEOUT_MS'),
};

export interface DatabaseOptions {
  /** Told about connection failures that happen outside any query (the server restarted, killed the session). */
  onConnectionError?: (error: Error) => void;
  pool?: PoolSettings;
}

/** The database's address for messages: never its password. */
export function describeDatabase(databaseUrl: string): string {
  if (databaseUrl.startsWith('file:')) return `the SQLite file ${databaseUrl.slice('file:'.length)}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a valid URL)';
  }
}

/**
 * Why the database cannot be opened, in one line an operator can act on (the setting, and what to do); undefined
 * for a failure that is not about reaching or opening it.
 */
export function openingFailure(error: unknown, databaseUrl: string): string | undefined {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const where = describeDatabase(databaseUrl);
  const reasons: Record<string, string> = {
    ECONNREFUSED: `${where} refused the connection: start PostgreSQL, or correct the host and port in DATABASE_URL`,
    ENOTFOUND: `${where}: no such host; correct the host in DATABASE_URL`,
    EAI_AGAIN: `${where}: the host name could not be looked up; check DNS or correct DATABASE_URL`,
    ETIMEDOUT: `${where} did not answer in time; check that it runs and that this machine may reach it`,
    '28P01': `${where} refused the user name or password in DATABASE_URL`,
    '28000': `${where} refused this user (pg_hba.conf); allow it there or use another user in DATABASE_URL`,
    '3D000': `${where}: the database does not exist; create it (createdb) or correct its name in DATABASE_URL`,
    EACCES: `${where} cannot be created or written by this process: give it write access to DATA_DIR, or set DATA_DIR or DATABASE_URL elsewhere`,
    EROFS: `${where} is on a read-only file system: set DATA_DIR or DATABASE_URL elsewhere`,
    SQLITE_CANTOPEN: `${where} cannot be opened: check that DATA_DIR exists and is writable, or set DATABASE_URL elsewhere`,
    SQLITE_NOTADB: `${where} is not a SQLite database: point DATABASE_URL at the shop's database file`,
  };
  if (code && reasons[code]) return `DATABASE_URL: ${reasons[code]}`;
  if (/timeout exceeded when trying to connect/i.test(String((error as Error).message))) {
    return `DATABASE_URL: ${where} did not accept a connection within PG_CONNECT_TIMEOUT_MS; check that it runs and is reachable`;
  }
  return undefined;
}

/** The statement's verb and table, as its span is named (`SELECT products`): the SQL itself is an attribute. */
export function statementSummary(sql: string): { operation: string; table?: string } {
  const operation = (/^\s*(\w+)/.exec(sql)?.[1] ?? 'SQL').toUpperCase();
  const table = /\b(?:from|into|update|table)\s+"?(\w+)"?/i.exec(sql)?.[1];
  return table ? { operation, table } : { operation };
}

/**
 * A span per statement of a sampled request, told by Kysely once it has run (in the caller's context: the request's
 * span is its parent).
 * Its text is the parameterised SQL: the values — a password's hash, an address — never leave the process.
 */
function statementSpans(system: 'sqlite' | 'postgresql'): (event: LogEvent) => void {
  return (event) => {
    // A statement of a request that is not sampled (OTEL_TRACES_SAMPLER) would be dropped too: not even made.
    if (!trace.getActiveSpan()?.isRecording()) return;
    const { operation, table } = statementSummary(event.query.sql);
    const end = performance.timeOrigin + performance.now();
    const span = tracer().startSpan(table ? `${operation} ${table}` : operation, {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: {
        'db.system.name': system,
        'db.operation.name': operation,
        'db.query.text': event.query.sql,
        ...(table ? { 'db.collection.name': table } : {}),
      },
    });
    if (event.level === 'error') {
      span.recordException(event.error instanceof Error ? event.error : String(event.error));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end(end);
  };
}

export function openDatabase(databaseUrl: string, options: DatabaseOptions = {}): ShopDatabase {
  const plugins = [new CamelCasePlugin()];
  if (databaseUrl.startsWith('file:')) {
    const { dialect, database } = openSqlite(databaseUrl.slice('file:'.length));
    const db = new Kysely<Database>({
      dialect,
      plugins,
      ...(tracingOn() ? { log: statementSpans('sqlite') } : {}),
    });
    // Statements are traced through Kysely's log: with tracing on, every statement goes through Kysely.
    if (!tracingOn()) readsDirectly(db, database);
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const settings = options.pool ?? DEFAULT_POOL;
  // A starved pool or a stuck statement fails fast, rather than holding every request (and health check) behind it.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.size,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    // The shop's queries are short index reads; PostgreSQL's JIT compiles any whose estimated cost passes its
    // threshold, which the unread total over a user's thousands of rooms does: ~5 ms of compiling for 2 ms of work.
    options: '-c jit=off',
    types: postgresTypes(),
  });
  // An idle connection the server ends (a restart, an administrator) is an 'error' event; unheard, it would end the
  // process. The pool replaces such connections by itself, so telling is all there is to do. A client the pool has
  // already let go can still hear its session end: it gets a listener of its own.
  const report = options.onConnectionError ?? (() => undefined);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins,
    ...(tracingOn() ? { log: statementSpans('postgresql') } : {}),
  });
  const stopCounting = databasePool.add(() => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return {
    db,
    kind: 'postgres',
    close: () => {
      stopCounting();
      return db.destroy();
    },
  };
}
