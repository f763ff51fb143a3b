// Migrations as an operator runs them: every one goes down and up again leaving the schema exactly as it was (on the
// suite's database: SQLite, or PostgreSQL with TEST_DATABASE=postgres); `npm run migrate` (its command, run as a
// process) migrates, reverts and lists; a service told not to migrate refuses a database that is behind, and every
// release refuses one a newer release migrated, each in one line.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ShopDatabase, openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrationsFor } from '../src/db/migrations.js';
import { ProductRepository } from '../src/products/product.repository.js';
import { startRestService } from '../../tests/helpers/rest-service.js';
import { createTestDatabase } from '../../tests/helpers/test-database.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Tables, columns, indexes and triggers as the database describes them (Kysely's own bookkeeping aside). */
async function schemaOf({ db, kind }: ShopDatabase): Promise<string[]> {
  const plain = db.withoutPlugins() as Kysely<any>;
  if (kind === 'sqlite') {
    const rows = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'kysely_%' and name not like 'sqlite_%' order by type, name`.execute(
      plain,
    );
    return rows.rows.map((row) => `${row.type} ${row.name}: ${row.sql ?? ''}`);
  }
  const columns = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = current_schema() and table_name not like 'kysely_%' order by 1`.execute(
    plain,
  );
  const indexes = await sql<{ line: string }>`
    select indexdef as line from pg_indexes where schemaname = current_schema() and tablename not like 'kysely_%' order by 1`.execute(
    plain,
  );
  const triggers = await sql<{ line: string }>`
    select event_object_table || ' ' || trigger_name || ' ' || event_manipulation as line
    from information_schema.triggers where trigger_schema = current_schema() order by 1`.execute(plain);
  // Extensions' own functions aside: 0004 leaves pg_trgm installed (the database may use it for more than the shop).
  const functions = await sql<{ line: string }>`
    select proname as line from pg_proc p join pg_namespace n on n.oid = p.pronamespace where nspname = current_schema()
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`.execute(plain);
  return [...columns.rows, ...indexes.rows, ...triggers.rows, ...functions.rows].map((row) => row.line);
}

/** `npm run migrate` as the compiled command runs it, from source (tsx) so that the test needs no build. */
async function migrateCommand(databaseUrl: string, dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'rest/src/db/migrate-command.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production' },
      },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('migrations', () => {
  it('each goes down and up again, leaving the schema exactly as it was before and after it', async () => {
    const database = await createTestDatabase();
    const opened = openDatabase(database.url);
    try {
      const names = Object.keys(migrationsFor(opened.kind)).sort();
      const migrator = new Migrator({
        db: opened.db.withoutPlugins(),
        provider: { getMigrations: async () => migrationsFor(opened.kind) },
      });
      const levels = [await schemaOf(opened)];
      for (const name of names) {
        expect((await migrator.migrateUp()).results).toEqual([
          { migrationName: name, direction: 'Up', status: 'Success' },
        ]);
        levels.push(await schemaOf(opened));
      }
      expect(levels[0]).toEqual([]);
      for (let level = names.length; level >= 1; level -= 1) {
        expect((await migrator.migrateDown()).results).toEqual([
          { migrationName: names[level - 1], direction: 'Down', status: 'Success' },
        ]);
        expect(await schemaOf(opened)).toEqual(levels[level - 1]);
      }
      expect(await migrateToLatest(opened)).toEqual(names);
      expect(await schemaOf(opened)).toEqual(levels[names.length]);
    } finally {
      await opened.close();
      await database.drop();
    }
  });

  it('0009 takes every address stored before it as unverified; its way down keeps the addresses and drops the links and their e-mails', async () => {
    const database = await createTestDatabase();
    const opened = openDatabase(database.url);
    const plain = opened.db.withoutPlugins() as Kysely<any>;
    try {
      const migrator = new Migrator({ db: plain, provider: { getMigrations: async () => migrationsFor(opened.kind) } });
      await migrator.migrateTo('0008_password_resets');
      const at = new Date().toISOString();
      await sql`insert into users (username, username_key, password_hash, email, created_at, updated_at)
        values ('earlier', 'earlier', 'x', 'earlier@people.example', ${at}, ${at})`.execute(plain);
      await sql`insert into mail_outbox (kind, recipient, subject, text_body, html_body, created_at, next_attempt_at)
        values ('order-placed', 'earlier@people.example', 'Your order', 'text', 'html', ${at}, ${at})`.execute(plain);
      await migrator.migrateTo('0009_email_verification');
      expect(
        (
          await sql<{
            email: string;
            email_verified_at: string | null;
          }>`select email, email_verified_at from users`.execute(plain)
        ).rows,
      ).toEqual([{ email: 'earlier@people.example', email_verified_at: null }]);
      // Verified and sent a link since: the way down forgets both, the address and the other e-mails stay.
      await sql`update users set email_verified_at = ${at}`.execute(plain);
      await sql`insert into email_verifications (user_id, email, token_hash, created_at, expires_at)
        select id, email, 'hash', ${at}, ${at} from users`.execute(plain);
      await sql`insert into mail_outbox (kind, recipient, subject, text_body, html_body, created_at, next_attempt_at, expires_at)
        values ('email-verification', 'earlier@people.example', 'Verify', 'link', 'link', ${at}, ${at}, ${at})`.execute(
        plain,
      );
      await migrator.migrateDown();
      expect(
        (await sql`select * from users`.execute(plain)).rows.map((row: any) => [row.email, 'email_verified_at' in row]),
      ).toEqual([['earlier@people.example', false]]);
      expect((await sql<{ kind: string }>`select kind from mail_outbox`.execute(plain)).rows).toEqual([
        { kind: 'order-placed' },
      ]);
    } finally {
      await opened.close();
      await database.drop();
    }
  });

  it('0012 indexes the catalogue already there, so that a search finds it at once, with its words to correct to', async () => {
    const database = await createTestDatabase();
    const opened = openDatabase(database.url);
    const plain = opened.db.withoutPlugins() as Kysely<any>;
    try {
      const migrator = new Migrator({ db: plain, provider: { getMigrations: async () => migrationsFor(opened.kind) } });
      await migrator.migrateTo('0011_product_sorts');
      const at = new Date().toISOString();
      await sql`insert into products (name, name_key, description, price_cents, quantity, image_urls, sku, created_at, updated_at)
        values ('Digital Thermometer', 'digital thermometer', 'Oral readings.', 999, 3, '[]', 'THM-1', ${at}, ${at}),
               ('Gauze Pads', 'gauze pads', 'Sterile pads.', 549, 5, '[]', null, ${at}, ${at})`.execute(plain);
      await migrator.migrateTo('0012_product_search');
      const search = new ProductRepository(opened.db, opened.kind).search;
      const resolved = await search.resolve([{ typed: 'thermomter', stem: 'thermomt' }]);
      expect(resolved).toEqual({
        words: ['thermometer'],
        stems: ['thermomet'],
        corrections: [{ typed: 'thermomter', suggested: 'thermometer' }],
      });
      const found = await sql<{
        id: number;
      }>`select id from products where id in (${search.matchingIds(['oral', 'thm'])})`.execute(plain);
      expect(found.rows.map((row) => Number(row.id))).toEqual([1]);
      const words = await sql<{ word: string; products: number }>`
        select word, products from search_words order by word`.execute(plain);
      expect(words.rows.map((row) => [row.word, Number(row.products)])).toEqual([
        ['digital', 1],
        ['gauze', 1],
        ['oral', 1],
        ['pads', 1],
        ['readings', 1],
        ['sterile', 1],
        ['thermometer', 1],
        ['thm', 1],
      ]);
    } finally {
      await opened.close();
      await database.drop();
    }
  });

  it('npm run migrate brings a database to the latest, -- --down reverts one at a time, -- --status lists them', async () => {
    const database = await createTestDatabase();
    const where =
      database.kind === 'sqlite'
        ? `the SQLite file ${database.url.slice('file:'.length)}`
        : `PostgreSQL at ${new URL(database.url).hostname}:${new URL(database.url).port || 5432}${new URL(database.url).pathname}`;
    const names = Object.keys(migrationsFor(database.kind)).sort();
    const latest = names.at(-1)!;
    try {
      expect(await migrateCommand(database.url, database.dataDir)).toEqual({
        status: 0,
        stdout: `Migrated ${where} to ${latest}: ran ${names.join(', ')}\n`,
        stderr: '',
      });
      expect((await migrateCommand(database.url, database.dataDir)).stdout).toBe(
        `${where} is up to date (${latest})\n`,
      );
      expect((await migrateCommand(database.url, database.dataDir, '--down')).stdout).toBe(
        `Reverted ${latest} on ${where}; it is now at ${names.at(-2)}\n`,
      );
      expect((await migrateCommand(database.url, database.dataDir, '--status')).stdout).toBe(
        `${names
          .slice(0, -1)
          .map((name) => `  applied   ${name}\n`)
          .join('')}  pending   ${latest}\n${where}: ${names.length - 1} applied, 1 pending\n`,
      );
      expect(await migrateCommand(database.url, database.dataDir, '--sideways')).toEqual({
        status: 1,
        stdout: '',
        stderr: 'Unknown arguments "--sideways". Usage: npm run migrate [-- --down | --status]\n',
      });
      expect((await migrateCommand(database.url, database.dataDir)).stdout).toBe(
        `Migrated ${where} to ${latest}: ran ${latest}\n`,
      );
    } finally {
      await database.drop();
    }
  }, 60_000); // six processes, each compiling the CLI: ~20 s alone, more beside other files

  it('with MIGRATE_ON_START=false the service refuses a database that is behind, in one line, and starts once it is migrated', async () => {
    const database = await createTestDatabase();
    const names = Object.keys(migrationsFor(database.kind)).sort();
    try {
      const opened = openDatabase(database.url);
      await new Migrator({
        db: opened.db.withoutPlugins(),
        provider: { getMigrations: async () => migrationsFor(opened.kind) },
      }).migrateTo(names[2]!);
      await opened.close();
      const reuse = { databaseUrl: database.url, dataDir: database.dataDir };
      await expect(startRestService({ reuse, env: { MIGRATE_ON_START: 'false' } })).rejects.toThrow(
        `The database needs migrations ${names.slice(3).join(', ')} and MIGRATE_ON_START is false: run \`npm run migrate\` first`,
      );
      expect((await migrateCommand(database.url, database.dataDir)).status).toBe(0);
      const service = await startRestService({ reuse, env: { MIGRATE_ON_START: 'false' } });
      expect((await service.request('GET', '/healthz')).status).toBe(200);
      await service.close({ keepData: true });
    } finally {
      await database.drop();
    }
  });

  it('a running instance whose database a newer release migrates (a rolling upgrade) says so in one line, and runs on', async () => {
    const lines: { level: number; msg: string }[] = [];
    const service = await startRestService({ migrationWatchMs: 50, onLogLine: (line) => lines.push(line) });
    const latest = Object.keys(migrationsFor(service.app.shopDatabase.kind)).sort().at(-1);
    try {
      expect((await service.request('GET', '/readyz')).status).toBe(200);
      // The newer release's first instance migrates the shared database as it starts.
      await sql`insert into kysely_migration (name, timestamp) values ('9002_of_the_next_release', '2027-01-01T00:00:00.000Z')`.execute(
        service.app.shopDatabase.db.withoutPlugins(),
      );
      const movedOn = () => lines.filter((line) => line.msg.startsWith('the database has moved on'));
      await expect.poll(() => movedOn().length, { timeout: 5000, interval: 20 }).toBe(1);
      expect(movedOn()[0]).toMatchObject({
        level: 40,
        msg:
          `the database has moved on: a newer release migrated it (9002_of_the_next_release; this release knows up to ${latest}). ` +
          'This instance runs on as it is; replace it with the newer release',
      });
      // The instance still answers; it says it again only when the database moves on again, not at every look.
      expect((await service.request('GET', '/api/products', { token: await service.adminToken() })).status).toBe(200);
      await sql`insert into kysely_migration (name, timestamp) values ('9003_of_the_one_after', '2027-02-01T00:00:00.000Z')`.execute(
        service.app.shopDatabase.db.withoutPlugins(),
      );
      await expect.poll(() => movedOn().length, { timeout: 5000, interval: 20 }).toBe(2);
      expect(movedOn().map((line) => /\(([^;]+);/.exec(line.msg)?.[1])).toEqual([
        '9002_of_the_next_release',
        '9002_of_the_next_release, 9003_of_the_one_after',
      ]);
    } finally {
      await service.close();
    }
  });

  it('a release that meets a database migrated by a newer one refuses to start, and to migrate it, in one line', async () => {
    const database = await createTestDatabase();
    const latest = Object.keys(migrationsFor(database.kind)).sort().at(-1);
    try {
      const opened = openDatabase(database.url);
      await migrateToLatest(opened);
      await sql`insert into kysely_migration (name, timestamp) values ('9001_from_a_newer_release', '2027-01-01T00:00:00.000Z')`.execute(
        opened.db.withoutPlugins(),
      );
      await opened.close();
      const refusal =
        `The database was migrated by a newer release (it has 9001_from_a_newer_release; this release knows migrations up to ${latest}): ` +
        'run that release, or revert the database with its `npm run migrate -- --down` first';
      await expect(
        startRestService({ reuse: { databaseUrl: database.url, dataDir: database.dataDir } }),
      ).rejects.toThrow(refusal);
      expect(await migrateCommand(database.url, database.dataDir, '--down')).toEqual({
        status: 1,
        stdout: '',
        stderr: `${refusal}\n`,
      });
    } finally {
      await database.drop();
    }
  });
});
