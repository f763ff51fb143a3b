// The REST service outlives its database connections: PostgreSQL may end idle sessions (a restart, an
// administrator); the service must neither crash nor stop answering. Runs whenever PostgreSQL is reachable.
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startRestService } from '../../tests/helpers/rest-service.js';
import { postgresAdminUrl, postgresReachable } from '../../tests/helpers/test-database.js';

const postgresUp = await postgresReachable();
if (!postgresUp)
  console.warn('\n!!! PostgreSQL is not reachable at 127.0.0.1:5432: the connection-loss test is SKIPPED.\n');

it.runIf(postgresUp)('keeps answering after PostgreSQL ends all of its idle connections', async () => {
  const shop = await startRestService({ database: 'postgres' });
  try {
    const token = await shop.register('survivor-of-restarts');
    // Several requests at once, so the pool holds several connections that then sit idle.
    await Promise.all(Array.from({ length: 5 }, () => shop.request('GET', '/api/products', { token })));
    const database = new URL(shop.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(rows[0].ended).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool notices the ended sessions as they fail; within a few requests it answers from fresh ones.
    let answer = await shop.request('GET', '/api/users/profile', { token });
    for (let attempt = 0; attempt < 10 && answer.status !== 200; attempt += 1) {
      expect(answer.status).toBe(500); // a query that met a dead session: refused cleanly, not a crash
      answer = await shop.request('GET', '/api/users/profile', { token });
    }
    expect(answer.status).toBe(200);
    expect(answer.body.username).toBe('survivor-of-restarts');
  } finally {
    await shop.close();
  }
});

it.runIf(postgresUp)(
  'fails fast when its pool is starved or a statement hangs: PG_POOL_SIZE, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS',
  async () => {
    const shop = await startRestService({
      database: 'postgres',
      env: { PG_POOL_SIZE: '1', PG_CONNECT_TIMEOUT_MS: '300', PG_STATEMENT_TIMEOUT_MS: '1000' },
    });
    const database = new URL(shop.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresAdminUrl().replace(/\/[^/]*$/, `/${database}`) });
    await admin.connect();
    try {
      const token = await shop.register('starved-pool');
      // Another session holds the products table: the service's one connection waits on it with the listing.
      await admin.query('begin');
      await admin.query('lock table products in access exclusive mode');
      const listing = shop.request('GET', '/api/products', { token });
      // The pool's only connection is taken: the health check gets none within 300 ms and says so, rather than wait.
      let health = await shop.request('GET', '/healthz');
      while (health.status === 200) health = await shop.request('GET', '/healthz');
      expect([health.status, health.body]).toEqual([
        503,
        { status: 'unavailable', message: 'The database cannot be reached' },
      ]);
      // The waiting statement is cancelled after a second, while the lock is still held.
      expect((await listing).status).toBe(500);
      await admin.query('rollback');
      expect((await shop.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await admin.end();
      await shop.close();
    }
  },
);

it.runIf(postgresUp)('asks PostgreSQL not to JIT-compile its short queries', async () => {
  const shop = await startRestService({ database: 'postgres' });
  try {
    const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(shop.app.shopDatabase.db);
    expect(rows).toEqual([{ jit: 'off' }]);
  } finally {
    await shop.close();
  }
});
