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
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

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

/** SQLite runs DDL in transactions: migrations run in one, so a second process waits for them and then finds them done. */
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

function openSqlite(file: string): SqliteDialect {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new ShopSqliteDialect({ database: withPreparedStatementCache(database) });
}

export interface DatabaseOptions {
  /** Told about connection failures that happen outside any query (the server restarted, killed the session). */
  onConnectionError?: (error: Error) => void;
}

export function openDatabase(databaseUrl: string, options: DatabaseOptions = {}): ShopDatabase {
  const plugins = [new CamelCasePlugin()];
  if (databaseUrl.startsWith('file:')) {
    const db = new Kysely<Database>({ dialect: openSqlite(databaseUrl.slice('file:'.length)), plugins });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: postgresTypes() });
  // An idle connection the server ends (a restart, an administrator) is an 'error' event; unheard, it would end the
  // process. The pool replaces such connections by itself, so telling is all there is to do. A client the pool has
  // already let go can still hear its session end: it gets a listener of its own.
  const report = options.onConnectionError ?? (() => undefined);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
