// `npm run backup -- PATH`: a consistent copy of the shop's SQLite database, taken while the shop runs, with SQLite's
// online backup API (a plain copy of shop.db misses what is still in its -wal file). The copy is written beside PATH
// and moved into place once whole and checked, so PATH is never a half-written backup; an existing PATH is left
// alone, and so is a symbolic link there, even one that leads nowhere. PostgreSQL is backed up with its own tools
// (pg_dump; the README says how). Every refusal is one line on stderr and exit status 1.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError } from '../../../config/env.js';
import { loadRestConfig } from '../config.js';
import { SQLITE_BUSY_TIMEOUT_MS } from './database.js';

const USAGE = 'Usage: npm run backup -- PATH (a new file: the copy of the SQLite database)';
/** What the summary counts, so the operator sees at once that the copy holds the shop. */
const COUNTED_TABLES = ['users', 'products', 'orders', 'order_items', 'chat_messages'];

/**
 * What is at PATH already, without following a symbolic link (fs.existsSync follows it: a dangling one is "nothing").
 */
function existing(target: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function backUpSqlite(sourceFile: string, target: string): Promise<Record<string, number>> {
  const there = existing(target);
  if (there?.isSymbolicLink()) {
    throw new ConfigError(
      `${target} is a symbolic link (to ${fs.readlinkSync(target)}): name a new file (a backup never writes through a link, nor over a file)`,
    );
  }
  if (there) throw new ConfigError(`${target} exists already: name a new file (a backup never overwrites one)`);
  if (!fs.existsSync(path.dirname(path.resolve(target))))
    throw new ConfigError(`${path.dirname(path.resolve(target))} does not exist: create the folder first`);
  if (!fs.existsSync(sourceFile))
    throw new ConfigError(`${sourceFile} does not exist: set DATA_DIR or DATABASE_URL to the shop's database`);
  const draft = `${target}.partial`;
  fs.rmSync(draft, { force: true });
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // A first step of the default size, then the rest in one: each step reads in one transaction, and SQLite starts
    // again by itself when another process wrote between steps, so the copy is of one moment.
    await source.backup(draft, { progress: ({ totalPages }) => totalPages });
  } finally {
    source.close();
  }
  const copy = new SQLite(draft, { fileMustExist: true });
  let counts: Record<string, number>;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new Error(`the copy failed SQLite's check (${String(check)}); nothing was written to ${target}`);
    counts = Object.fromEntries(
      COUNTED_TABLES.map((table) => [
        table,
        Number((copy.prepare(`select count(*) as count from ${table}`).get() as { count: number }).count),
      ]),
    );
  } catch (error) {
    copy.close();
    fs.rmSync(draft, { force: true });
    throw error;
  }
  copy.close();
  fs.chmodSync(draft, 0o600);
  fs.renameSync(draft, target);
  return counts;
}

async function main(argv: string[]): Promise<void> {
  // Under scripts/launch.mjs the part's name comes first.
  const args = argv[0] === 'backup' ? argv.slice(1) : argv;
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new ConfigError(USAGE);
  const target = path.resolve(args[0]!);
  const config = loadRestConfig(process.env);
  if (!config.databaseUrl.startsWith('file:')) {
    throw new ConfigError(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump -Fc (docs/operations.md: "What to back up, and how to restore"); npm run backup copies SQLite',
    );
  }
  const sourceFile = config.databaseUrl.slice('file:'.length);
  const started = Date.now();
  const counts = await backUpSqlite(sourceFile, target);
  const megabytes = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
  const summary = Object.entries(counts)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
  console.log(
    `Backed up ${sourceFile} to ${target} (${megabytes} MB in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary})`,
  );
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
