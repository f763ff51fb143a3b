// `npm run backup -- PATH` as an operator runs it (its command, as a process of its own) against a shop taking
// orders: the copy is of one moment, restores into a fresh data folder where the service starts on it and finds
// every order acknowledged before the backup began, with stock and sales adding up. PostgreSQL is refused in one line.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startRestService } from '../../tests/helpers/rest-service.js';
import { poll } from '../../tests/helpers/poll.js';
import { suiteDatabaseKind } from '../../tests/helpers/test-database.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function backupCommand(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'rest/src/db/backup-command.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, NODE_ENV: 'production' },
      },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const STOCK = 1000;
const BUYERS = 8;

describe.runIf(suiteDatabaseKind() === 'sqlite')('npm run backup on SQLite', () => {
  it('copies the database while orders are placed; restored into a fresh folder, the shop has every acknowledged order', async () => {
    const shop = await startRestService();
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-backups-'));
    const target = path.join(backups, 'shop-backup.db');
    try {
      const admin = await shop.adminToken();
      const products: { id: number }[] = [];
      for (let index = 0; index < 4; index += 1)
        products.push(await shop.createProduct(admin, { name: `Backed Up Item ${index}`, quantity: STOCK }));
      const buyers = await Promise.all(
        Array.from({ length: BUYERS }, (_, index) => shop.register(`backup-buyer-${index}`)),
      );

      // The load: every buyer buys one unit after another until told to stop.
      const acknowledged: number[] = [];
      let stop = false;
      const buying = buyers.map(async (token, buyer) => {
        for (let round = 0; !stop; round += 1) {
          const product = products[(buyer + round) % products.length]!;
          await shop.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
          const order = await shop.request<{ id: number }>('POST', '/api/orders/checkout', {
            token,
            body: { shippingAddress: `${buyer} Backup Lane` },
          });
          if (order.status === 200 || order.status === 201) acknowledged.push(order.body.id);
        }
      });
      const ordered = await poll(
        async () => acknowledged.length,
        (count) => count >= 40,
        { within: 30_000, every: 20 },
      );
      expect(ordered, 'orders acknowledged before the backup').toBeGreaterThanOrEqual(40);

      const beforeBackup = [...acknowledged];
      const env = { DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl };
      const backup = await backupCommand(env, target);
      const duringBackup = acknowledged.length - beforeBackup.length;
      stop = true;
      await Promise.all(buying);

      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backed up ${shop.databaseUrl.slice('file:'.length)} to ${target} \\(\\d+\\.\\d MB in \\d+\\.\\d s: ${BUYERS + 1} users, 4 products, \\d+ orders, \\d+ order_items, 0 chat_messages\\)\\n$`,
        ),
      );
      expect(duringBackup).toBeGreaterThan(0);
      expect(fs.statSync(target).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(`${target}.partial`)).toBe(false);

      // Restore as the README says: the copy as shop.db in a fresh DATA_DIR, with the old jwt-secret.
      const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-restored-'));
      fs.copyFileSync(target, path.join(restoredDir, 'shop.db'));
      fs.copyFileSync(path.join(shop.dataDir, 'jwt-secret'), path.join(restoredDir, 'jwt-secret'));
      const copy = new SQLite(path.join(restoredDir, 'shop.db'), { readonly: true });
      const orderIds = new Set((copy.prepare('select id from orders').all() as { id: number }[]).map((row) => row.id));
      const sold = copy
        .prepare(
          'select p.quantity as quantity, coalesce(sum(i.quantity), 0) as sold from products p left join order_items i on i.product_id = p.id group by p.id',
        )
        .all() as { quantity: number; sold: number }[];
      const lines = (copy.prepare('select count(*) as count from order_items').get() as { count: number }).count;
      copy.close();
      expect(beforeBackup.filter((id) => !orderIds.has(id))).toEqual([]);
      expect(sold.map((row) => row.quantity + row.sold)).toEqual([STOCK, STOCK, STOCK, STOCK]);
      expect(lines).toBe(orderIds.size);

      const restored = await startRestService({
        reuse: { databaseUrl: `file:${path.join(restoredDir, 'shop.db')}`, dataDir: restoredDir },
      });
      try {
        // A buyer's token from before still works (same jwt-secret), and their orders are there.
        const mine = await restored.request<{ id: number }[]>('GET', '/api/orders', { token: buyers[0] });
        expect(mine.status).toBe(200);
        const theirs = new Set(mine.body.map((order) => order.id));
        expect([...orderIds].filter((id) => theirs.has(id)).length).toBe(theirs.size);
        const listing = await restored.request<{ name: string }[]>('GET', '/api/products', { token: buyers[1] });
        expect(listing.body.map((product) => product.name).sort()).toEqual([
          'Backed Up Item 0',
          'Backed Up Item 1',
          'Backed Up Item 2',
          'Backed Up Item 3',
        ]);
      } finally {
        await restored.close();
        fs.rmSync(restoredDir, { recursive: true, force: true });
      }

      // Never over an existing file.
      expect(await backupCommand(env, target)).toEqual({
        status: 1,
        stdout: '',
        stderr: `${target} exists already: name a new file (a backup never overwrites one)\n`,
      });
      expect(await backupCommand(env)).toEqual({
        status: 1,
        stdout: '',
        stderr: 'Usage: npm run backup -- PATH (a new file: the copy of the SQLite database)\n',
      });
    } finally {
      await shop.close();
      fs.rmSync(backups, { recursive: true, force: true });
    }
  });
});

describe.runIf(suiteDatabaseKind() === 'sqlite')('npm run backup to a symbolic link', () => {
  it('refuses one in one line, whether it leads nowhere or to a file, and writes nothing through it', async () => {
    const shop = await startRestService();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-backup-link-'));
    try {
      const env = { DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl };
      const dangling = path.join(folder, 'latest.db');
      const nowhere = path.join(folder, 'elsewhere', 'never-made.db');
      fs.symlinkSync(nowhere, dangling);
      expect(await backupCommand(env, dangling)).toEqual({
        status: 1,
        stdout: '',
        stderr: `${dangling} is a symbolic link (to ${nowhere}): name a new file (a backup never writes through a link, nor over a file)\n`,
      });
      expect(fs.readlinkSync(dangling)).toBe(nowhere);
      expect(fs.readdirSync(folder).sort()).toEqual(['latest.db']);

      const existing = path.join(folder, 'kept.txt');
      fs.writeFileSync(existing, 'keep me');
      const toFile = path.join(folder, 'to-file.db');
      fs.symlinkSync(existing, toFile);
      expect((await backupCommand(env, toFile)).stderr).toBe(
        `${toFile} is a symbolic link (to ${existing}): name a new file (a backup never writes through a link, nor over a file)\n`,
      );
      expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    } finally {
      await shop.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('npm run backup on PostgreSQL', () => {
  it('is refused in one line that says to use pg_dump', async () => {
    expect(
      await backupCommand({ DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' }, '/tmp/never-written.db'),
    ).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'DATABASE_URL is PostgreSQL: back it up with pg_dump -Fc (docs/operations.md: "What to back up, and how to restore"); npm run backup copies SQLite\n',
    });
  });
});
