import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { preparedQuery } from './prepared-query.js';

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
});
