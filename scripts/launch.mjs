// `npm start`, `npm run start:rest`, `npm run start:gateway` and `npm run build`, in plain JavaScript so that they run
// where only the production dependencies are installed (`npm prune --omit=dev`). The servers run compiled, from
// dist/; when dist/ is missing or older than the sources they are compiled first (TypeScript is then needed, as on a
// fresh `npm ci`). The server runs in this very process: nothing is left behind when it ends.
//
//   node scripts/launch.mjs [shop|rest|gateway]   run one (shop: both, as `npm start`)
//   node scripts/launch.mjs migrate [--down|--status]   migrate the database (rest/src/db/migrate-command.ts)
// node scripts/launch.mjs backup PATH                 copy the SQLite database while the shop runs (backup-command.ts)
//
//   node scripts/launch.mjs --build               compile the servers and build the web app
//   node scripts/launch.mjs --prepare             the same, each only when stale (tests run it first)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');

const ENTRIES = {
  shop: 'dist/scripts/start.js',
  rest: 'dist/rest/src/server.js',
  gateway: 'dist/gateway/src/server.js',
  // Commands, not servers: `npm run migrate [-- --down | --status]`, `npm run backup -- PATH`.
  migrate: 'dist/rest/src/db/migrate-command.js',
  backup: 'dist/rest/src/db/backup-command.js',
};

/** What the compiled servers are made of. */
const SOURCES = [
  'config',
  'rest/src',
  'gateway/src',
  'shop-rules',
  'scripts/start.ts',
  'scripts/web-build.ts',
  'tsconfig.json',
  'tsconfig.build.json',
];

function newestModification(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function buildIsStale() {
  if (!fs.existsSync(stamp)) return true;
  const builtAt = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestModification(path.join(root, source)) > builtAt);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * One compiler at a time, for parts started together on a fresh checkout (`npm run start:rest & npm run
 * start:gateway`): the others wait for it, then find the build done.
 */
const lock = path.join(root, '.build-lock');

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function compileServersOnce() {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      // A release installed read-only (the systemd units' ProtectSystem=strict) is built before it is started.
      if (error.code === 'EROFS' || error.code === 'EACCES' || error.code === 'EPERM') {
        fail(
          `The servers are not built (dist/ is missing or older than the sources) and ${root} cannot be written here: run \`npm run build\` there first.`,
        );
      }
      if (error.code !== 'EEXIST') throw error;
      // A lock older than a few minutes was left by a compile that was killed.
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 300_000)
        fs.rmSync(lock, { recursive: true, force: true });
      sleep(200);
    }
  }
  try {
    if (buildIsStale()) compileServers();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function compileServers() {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    fail(
      'The servers are not built (dist/ is missing or older than the sources) and TypeScript is not installed: run `npm ci && npm run build` where the sources are.',
    );
  }
  console.log('  Compiling the servers (dist/)…');
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) fail('Compiling the servers failed: the errors are above.');
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.log(`  Servers compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const [what = 'shop'] = process.argv.slice(2);
if (what === '--build' || what === '--prepare') {
  if (what === '--build') fs.rmSync(stamp, { force: true });
  compileServersOnce();
  const { buildWebApp, ensureWebBuilt } = await import(pathToFileURL(path.join(dist, 'scripts/web-build.js')).href);
  if (what === '--build') {
    await buildWebApp();
    console.log('  Web app built (web/dist)');
  } else await ensureWebBuilt();
} else {
  const entry = ENTRIES[what];
  if (!entry) fail(`Unknown part "${what}": name shop, rest, gateway, migrate or backup.`);
  // Every part started this way runs for real; `npm run dev` is development.
  process.env.NODE_ENV ??= 'production';
  // npm forwards SIGTERM and SIGINT to this process (the scripts `exec` it). A server outlives whatever started it:
  // `nohup npm run start:rest &` runs on when the shell and npm have gone (config/server.ts: runServers says how
  // SIGHUP is taken); only the cluster's supervisor, which keeps a channel to it, takes it along when it dies.
  if (buildIsStale()) compileServersOnce();
  await import(pathToFileURL(path.join(root, entry)).href);
}
