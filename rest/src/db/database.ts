// Opens the shop's database: SQLite through better-sqlite3 (the embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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

function openSqlite(file: string): SqliteDialect {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}

export function openDatabase(databaseUrl: string): ShopDatabase {
  const plugins = [new CamelCasePlugin()];
  if (databaseUrl.startsWith('file:')) {
    const db = new Kysely<Database>({ dialect: openSqlite(databaseUrl.slice('file:'.length)), plugins });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: postgresTypes() });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
