import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  SqliteDialect,
} from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { preparedQuery, readsDirectly } from './prepared-query.js';
import type { Database } from './schema.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-prepared-'));
const shop = openDatabase(`file:${path.join(folder, 'shop.db')}`);
afterAll(async () => {
  await shop.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('preparedQuery', () => {
  it('runs the query compiled once with each call’s values, its rows read as Kysely reads them (camel case)', async () => {
    await migrateToLatest(shop);
    const at = new Date().toISOString();
    for (const username of ['ada', 'grace'])
      await shop.db
        .insertInto('users')
        .values({ username, usernameKey: username, passwordHash: 'x', createdAt: at, updatedAt: at })
        .execute();
    const byKey = preparedQuery(
      shop.db,
      (db, key: string) => db.selectFrom('users').select(['username', 'usernameKey']).where('usernameKey', '=', key),
      ['sample'],
    );
    expect(await byKey(['grace'])).toEqual([{ username: 'grace', usernameKey: 'grace' }]);
    expect(await byKey(['ada'])).toEqual([{ username: 'ada', usernameKey: 'ada' }]);
    expect(await byKey(['nobody'])).toEqual([]);
  });

  it('refuses, when built, a query whose parameters are not the values given, in order', () => {
    expect(() =>
      preparedQuery(
        shop.db,
        (db, key: string) => db.selectFrom('users').selectAll().where('usernameKey', '=', key).limit(5),
        ['sample'],
      ),
    ).toThrow(
      /preparedQuery: the parameters of "select \* from "users" where "username_key" = \? limit \?" are not the ones given, in order/,
    );
  });

  it('reads on SQLite without Kysely, the same rows as Kysely answers; inside a transaction through Kysely', async () => {
    // The same file under a Kysely of the test's own, which counts the results Kysely reads.
    const sqlite = new SQLite(path.join(folder, 'shop.db'));
    let readByKysely = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs) => args.node,
      transformResult: async (args: PluginTransformResultArgs) => {
        readByKysely += 1;
        return args.result;
      },
    };
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin(), counting],
    });
    readsDirectly(db, sqlite);
    try {
      const at = new Date().toISOString();
      await db
        .insertInto('users')
        .values({ username: 'edsger', usernameKey: 'edsger', passwordHash: 'y', createdAt: at, updatedAt: at })
        .execute();
      const everyColumn = preparedQuery(
        db,
        (db, key: string) => db.selectFrom('users').selectAll().where('usernameKey', '=', key),
        ['sample'],
      );
      const asKyselyReadsIt = await db.selectFrom('users').selectAll().where('usernameKey', '=', 'edsger').execute();
      readByKysely = 0;
      const direct = await everyColumn(['edsger']);
      expect(readByKysely).toBe(0);
      expect(direct).toEqual(asKyselyReadsIt);
      expect(Object.keys(direct[0]!)).toEqual(Object.keys(asKyselyReadsIt[0]!));
      expect(direct[0]).toMatchObject({ username: 'edsger', usernameKey: 'edsger', passwordHash: 'y', email: null });

      // Another process changes the schema (a newer release migrating the shared file): SQLite prepares the statement
      // again, its `*` brings the new column, and the rows are named as they now are.
      const other = new SQLite(path.join(folder, 'shop.db'));
      other.exec('alter table users add column nick_name text');
      other.exec("update users set nick_name = 'ed' where username_key = 'edsger'");
      other.close();
      const afterChange = await everyColumn(['edsger']);
      expect(afterChange).toEqual(
        await db.selectFrom('users').selectAll().where('usernameKey', '=', 'edsger').execute(),
      );
      expect(afterChange[0]).toMatchObject({ username: 'edsger', nickName: 'ed', email: null });

      // A read beside an open transaction waits for it, and sees nothing of what it rolled back; the transaction's
      // own reads see its writes.
      let beside: Promise<unknown[]> | undefined;
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({ username: 'barbara', usernameKey: 'barbara', passwordHash: 'z', createdAt: at, updatedAt: at })
            .execute();
          readByKysely = 0;
          beside = everyColumn(['barbara']);
          expect((await everyColumn(['barbara'], trx)).map((row) => row.username)).toEqual(['barbara']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await beside).toEqual([]);
      expect(readByKysely).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});
