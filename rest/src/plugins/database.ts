// The database (SQLite or PostgreSQL, by DATABASE_URL), migrated to the latest schema before anything is served
// (unless MIGRATE_ON_START=false: then it must be at it already), as `app.shopDatabase`; closed with the app.
import fp from 'fastify-plugin';
import { ConfigError } from '../../../config/env.js';
import { type PoolSettings, type ShopDatabase, openDatabase, openingFailure } from '../db/database.js';
import { MigrationMismatch, migrationState, migrationsFor, prepareDatabase } from '../db/migrations.js';

declare module 'fastify' {
  interface FastifyInstance {
    shopDatabase: ShopDatabase;
  }
}

/** How often a running instance looks for migrations of a newer release (a rolling upgrade's first new instance). */
export const MIGRATION_WATCH_MS = 5_000;

export const databasePlugin = fp<{
  databaseUrl: string;
  pool: PoolSettings;
  migrate: boolean;
  migrationWatchMs?: number | undefined;
}>(
  async (app, { databaseUrl, pool, migrate, migrationWatchMs = MIGRATION_WATCH_MS }) => {
    let database: ShopDatabase;
    try {
      database = openDatabase(databaseUrl, {
        pool,
        onConnectionError: (error) => app.log.warn({ err: error }, 'a database connection ended outside any query'),
      });
    } catch (error) {
      const reason = openingFailure(error, databaseUrl);
      throw reason ? new ConfigError(reason) : error;
    }
    try {
      await prepareDatabase(database, migrate);
    } catch (error) {
      await database.close();
      if (error instanceof MigrationMismatch) throw new ConfigError(error.message);
      // The first query is where an unreachable PostgreSQL shows: say so in one line, not a stack.
      const reason = openingFailure(error, databaseUrl);
      throw reason ? new ConfigError(reason) : error;
    }
    app.decorate('shopDatabase', database);
    // A rolling upgrade: the new release's first instance migrates the shared database while this one still serves.
    // It runs on (the newer release's migrations keep what older code needs for a while), and says so once per change,
    // so that an operator knows it is stranded and why; nothing is logged while the database cannot be asked.
    let reported = '';
    const known = Object.keys(migrationsFor(database.kind)).sort();
    const watch = setInterval(() => {
      migrationState(database).then(
        ({ unknown }) => {
          const newer = unknown.join(', ');
          if (!newer || newer === reported) return;
          reported = newer;
          app.log.warn(
            `the database has moved on: a newer release migrated it (${newer}; this release knows up to ${known.at(-1)}). ` +
              'This instance runs on as it is; replace it with the newer release',
          );
        },
        () => undefined,
      );
    }, migrationWatchMs);
    watch.unref();
    app.addHook('onClose', () => {
      clearInterval(watch);
      return database.close();
    });
  },
  { name: 'database' },
);
