// A query the service runs on every request (who the caller is, the cart's lines), built and compiled by Kysely once
// rather than on every call: building one walks and freezes its whole operation tree, and for the cart that was
// about a seventh of the REST service's CPU per request. The compiled SQL is run with the call's own values in place
// of the sample's, through Kysely's executeQuery, so its plugins (camel case) still read the rows.
//
// On SQLite a reading query goes further: its own better-sqlite3 statement, prepared once, read as arrays and made
// into rows by its column names, worked out once per schema (camel case, as the plugin names them). Kysely's path
// costs a caller's lookup 6 µs more than the statement alone, and a cart's lines as much again: about a tenth of the
// cart's answer.
// Kysely still runs it inside a transaction (a read must wait for the transaction's connection, and must not see
// its writes before they are committed), and whenever statements are traced (db/database.ts: their spans are
// Kysely's log).
import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './schema.js';

/** Runs the compiled query with these values, on the database or a transaction (`on`). */
export type PreparedQuery<Parameters extends readonly unknown[], Row> = (
  parameters: Parameters,
  on?: Kysely<Database>,
) => Promise<Row[]>;

/** The SQLite database under a Kysely instance whose reads may skip Kysely (registered by openDatabase). */
const sqliteUnder = new WeakMap<Kysely<Database>, SQLite.Database>();

export function readsDirectly(db: Kysely<Database>, sqlite: SQLite.Database): void {
  sqliteUnder.set(db, sqlite);
}

/** Column names as the shop's CamelCasePlugin answers them (db/database.ts uses its defaults). */
class ColumnNames extends CamelCasePlugin {
  of(column: string): string {
    return this.camelCase(column);
  }
}

/** Each database's schema cookie, read by one statement of its own: SQLite changes it with every change of schema. */
const schemaVersions = new WeakMap<SQLite.Database, SQLite.Statement>();

function schemaVersionOf(sqlite: SQLite.Database): number {
  let statement = schemaVersions.get(sqlite);
  if (!statement) schemaVersions.set(sqlite, (statement = sqlite.prepare('pragma schema_version').pluck()));
  return statement.get() as number;
}

/**
 * The statement's rows as Kysely would answer them, or undefined for a statement that writes. Prepared on first use,
 * when the tables exist: a repository may be built before the migrations have run. Read as arrays, each column named
 * once; named again whenever the schema has changed since, because SQLite then prepares the statement again by itself
 * and a `*` brings the columns as they are now (a newer release migrating the shared file while this one still runs).
 */
function directReader(sqlite: SQLite.Database, sql: string): (parameters: readonly unknown[]) => unknown[] | undefined {
  let statement: SQLite.Statement | null | undefined;
  let names: string[] = [];
  let namedAt = -1;
  const columnNames = new ColumnNames();
  return (parameters) => {
    if (statement === undefined) {
      const prepared = sqlite.prepare(sql);
      statement = prepared.reader ? prepared.raw(true) : null;
    }
    if (!statement) return undefined;
    // The schema read before and after: the same, and the one the names were worked out for, the rows are in their
    // columns. Otherwise the statement's columns now are those of these rows (it is prepared again before it runs,
    // not after), named afresh, and named again next time if the schema moved during the read.
    const before = schemaVersionOf(sqlite);
    const rows = statement.all(...parameters) as unknown[][];
    const after = schemaVersionOf(sqlite);
    if (before !== namedAt || after !== before) {
      names = statement.columns().map((column) => columnNames.of(column.name));
      namedAt = after === before ? after : -1;
    }
    return rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index += 1) row[names[index]!] = values[index];
      return row;
    });
  };
}

export function preparedQuery<Parameters extends readonly unknown[], Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...parameters: Parameters) => Compilable<Row>,
  sample: Parameters,
): PreparedQuery<Parameters, Row> {
  const compiled = build(db, ...sample).compile();
  // Each value the call gives must be one of the compiled query's parameters, in order, and nothing else: a query
  // whose builder added values of its own (a literal limit, say) is refused here, when the service starts.
  if (
    compiled.parameters.length !== sample.length ||
    compiled.parameters.some((value, index) => value !== sample[index])
  ) {
    throw new Error(`preparedQuery: the parameters of "${compiled.sql}" are not the ones given, in order`);
  }
  const sqlite = sqliteUnder.get(db);
  const direct = sqlite && directReader(sqlite, compiled.sql);
  return async (parameters, on = db) => {
    const rows = direct && on === db && !sqlite.inTransaction ? direct(parameters) : undefined;
    if (rows) return rows as Row[];
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await on.executeQuery(query)).rows;
  };
}
