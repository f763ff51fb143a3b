// `npm run migrate`: the database of DATABASE_URL (or DATA_DIR's SQLite file) brought to this release's schema;
// `npm run migrate -- --down` reverts the latest migration it has been through, one per run; `-- --status` lists
// them. Safe while the shop runs on SQLite (migrations take the write lock); on PostgreSQL each runs in a
// transaction of its own. Every refusal is one line on stderr and exit status 1.
import { ConfigError } from '../../../config/env.js';
import { loadRestConfig } from '../config.js';
import { describeDatabase, openDatabase, openingFailure } from './database.js';
import { MigrationMismatch, migrateDown, migrateToLatest, migrationState } from './migrations.js';

const USAGE = 'Usage: npm run migrate [-- --down | --status]';

async function main(argv: string[]): Promise<void> {
  // Under scripts/launch.mjs the part's name comes first.
  const args = argv[0] === 'migrate' ? argv.slice(1) : argv;
  const action = args[0] ?? '--up';
  if (args.length > 1 || !['--up', '--down', '--status'].includes(action))
    throw new ConfigError(`Unknown arguments "${args.join(' ')}". ${USAGE}`);
  const config = loadRestConfig(process.env);
  const where = describeDatabase(config.databaseUrl);
  // No statement deadline: a migration on a big table (an index over a million rows) takes longer than a request.
  const database = openDatabase(config.databaseUrl, { pool: { ...config.pool, size: 1, statementTimeoutMs: 0 } });
  try {
    if (action === '--status') {
      const state = await migrationState(database);
      for (const name of state.applied)
        console.log(`  applied   ${name}${state.unknown.includes(name) ? '  (of a newer release)' : ''}`);
      for (const name of state.pending) console.log(`  pending   ${name}`);
      console.log(`${where}: ${state.applied.length} applied, ${state.pending.length} pending`);
    } else if (action === '--down') {
      const reverted = await migrateDown(database);
      const now = (await migrationState(database)).applied.at(-1);
      console.log(
        reverted
          ? `Reverted ${reverted} on ${where}; it is now at ${now ?? 'no migration (empty)'}`
          : `Nothing to revert: ${where} has no migrations`,
      );
    } else {
      const ran = await migrateToLatest(database);
      const now = (await migrationState(database)).applied.at(-1);
      console.log(
        ran.length ? `Migrated ${where} to ${now}: ran ${ran.join(', ')}` : `${where} is up to date (${now})`,
      );
    }
  } catch (error) {
    const reason = openingFailure(error, config.databaseUrl);
    throw reason ? new ConfigError(reason) : error;
  } finally {
    await database.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof MigrationMismatch) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
