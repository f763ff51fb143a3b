// The global setup of the REST suite on PostgreSQL (TEST_DATABASE=postgres): the shop's migrations run once, into a
// database of this run's own, and each test service's fresh database is a copy of it (CREATE DATABASE … TEMPLATE, in
// startRestService) instead of an empty one it migrates as it starts. The suite makes about a hundred such services:
// made, migrated at start and dropped, each database took 2.6 s on a busy machine (0.9 s on a quiet one); copied,
// 0.9 s (0.45 s). The service still runs its migrations at start and finds none pending, as an instance started on a
// migrated database does. The tests of migrations themselves, and a service told not to migrate, get empty databases
// as before (createTestDatabase without a template). Dropped when the run ends.
import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import {
  dropPostgresDatabase,
  postgresDatabaseUrl,
  suiteDatabaseKind,
  untilNoSessions,
  withAdminClient,
} from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database the REST suite's services copy theirs from, on PostgreSQL ('' on SQLite). */
    migratedPostgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  project.provide('migratedPostgresTemplate', '');
  if (suiteDatabaseKind() !== 'postgres') return;
  // Loaded only here: `npm test` (SQLite) runs this setup too, and needs none of it.
  const { openDatabase } = await import('../../rest/src/db/database.js');
  const { migrateToLatest } = await import('../../rest/src/db/migrations.js');
  const name = `medshop_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  try {
    const database = openDatabase(postgresDatabaseUrl(name));
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    // Copied only while no one is connected to it (PostgreSQL refuses otherwise): the migration's sessions gone, and
    // no one let in afterwards.
    await withAdminClient(async (client) => {
      await untilNoSessions(client, name);
      await client.query(`alter database ${name} with allow_connections false`);
    });
  } catch (error) {
    await dropPostgresDatabase(name);
    throw error;
  }
  project.provide('migratedPostgresTemplate', name);
  return () => dropPostgresDatabase(name);
}
