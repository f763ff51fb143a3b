// The database (SQLite or PostgreSQL, by DATABASE_URL), migrated to the latest schema before anything is served
// (unless MIGRATE_ON_START=false: then it must be at it already), as `app.shopDatabase`; closed with the app.
import fp from 'fastify-plugin';
import { ConfigError } from '../../../config/env.js';
import { type PoolSettings, type ShopDatabase, openDatabase, openingFailure } from '../db/database.js';
import { MigrationMismatch, prepareDatabase } from '../db/migrations.js';

declare module 'fastify' {
  interface FastifyInstance {
    shopDatabase: ShopDatabase;
  }
}

export const databasePlugin = fp<{ databaseUrl: string; pool: PoolSettings; migrate: boolean }>(
  async (app, { databaseUrl, pool, migrate }) => {
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
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
