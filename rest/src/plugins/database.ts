// The database (SQLite or PostgreSQL, by DATABASE_URL), migrated to the latest schema before anything is served,
// as `app.shopDatabase`; closed with the app.
import fp from 'fastify-plugin';
import { type ShopDatabase, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations.js';

declare module 'fastify' {
  interface FastifyInstance {
    shopDatabase: ShopDatabase;
  }
}

export const databasePlugin = fp<{ databaseUrl: string }>(
  async (app, { databaseUrl }) => {
    const database = openDatabase(databaseUrl, {
      onConnectionError: (error) => app.log.warn({ err: error }, 'a database connection ended outside any query'),
    });
    try {
      await migrateToLatest(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    app.decorate('shopDatabase', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
