// The production build: `npm run build` compiles the servers to JavaScript (dist/) and builds the web app; then
// `npm prune --omit=dev` leaves a tree without TypeScript, tsx or Vite, and `npm start` runs it. Tried on a copy of
// this checkout, its node_modules hard-linked (pruning the copy removes links, never the originals' files).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Launched, PROJECT_ROOT, launch } from '../helpers/launched.js';
import { freePort } from '../helpers/server-process.js';

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-production-'));
let shop: Launched | undefined;
afterAll(() => {
  shop?.kill();
  fs.rmSync(copy, { recursive: true, force: true });
});

/** The checkout's files as git sees them, committed or not (what a clone plus the work in progress holds). */
function copyCheckout(): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(PROJECT_ROOT, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, file));
  }
  // Its real folder (a worktree's node_modules may be a link to another checkout's): a copied link would have
  // `npm prune` replace it by a fresh install of the production packages, minutes of downloads.
  execFileSync('cp', [
    '-al',
    fs.realpathSync(path.join(PROJECT_ROOT, 'node_modules')),
    path.join(copy, 'node_modules'),
  ]);
  // npm rewrites its record of the tree (node_modules/.package-lock.json) in place: unlinked first, the original's
  // stays as it was.
  fs.rmSync(path.join(copy, 'node_modules', '.package-lock.json'), { force: true });
}

const npm = (...args: string[]) =>
  execFileSync('npm', args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

it('runs from `npm run build` and `npm prune --omit=dev` alone: no TypeScript, tsx or Vite needed', async () => {
  copyCheckout();
  // The servers as this checkout's build left them (brought up to date before this file by prepared-build.ts, from the
  // same sources, with the same compiler): `npm run build` then compiles incrementally, as over an operator's previous
  // build, instead of compiling everything a second time in this run; the web app is built afresh.
  fs.cpSync(path.join(PROJECT_ROOT, 'dist'), path.join(copy, 'dist'), { recursive: true });
  const built = npm('run', 'build');
  expect(built).toMatch(/Servers compiled in .*\n[^]*Web app built \(web\/dist\)/);
  expect(fs.existsSync(path.join(copy, 'dist/scripts/start.js'))).toBe(true);
  expect(fs.existsSync(path.join(copy, 'web/dist/index.html'))).toBe(true);
  npm('prune', '--omit=dev');
  for (const tool of ['typescript', 'tsx', 'vite', 'react', '@apollo/client'])
    expect(fs.existsSync(path.join(copy, 'node_modules', tool)), tool).toBe(false);
  const megabytes =
    Number(execFileSync('du', ['-sk', path.join(copy, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]) / 1024;
  console.warn(`The production tree's node_modules: ${megabytes.toFixed(0)} MB`);
  // What the operations guide tells an operator to expect (about N MB) stays within a tenth of it.
  const told = ['docs/operations.md']
    .flatMap((page) => [
      ...fs
        .readFileSync(path.join(PROJECT_ROOT, page), 'utf8')
        .matchAll(/about (\d+) MB( of node_modules|\s+\(`node_modules`\))/g),
    ])
    .map((match) => Number(match[1]));
  expect(told).toHaveLength(1);
  for (const size of told) expect(Math.abs(size - megabytes) / megabytes).toBeLessThan(0.1);

  const [port, restPort] = [await freePort(), await freePort()];
  shop = launch(
    { npm: ['start'] },
    {
      DATA_DIR: path.join(copy, 'data'),
      PORT: String(port),
      REST_PORT: String(restPort),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-pass',
    },
    copy,
  );
  await shop.said(`Medshop is running: http://127.0.0.1:${port}`, 60_000);
  // Nothing was built again: the build was there, and up to date.
  expect(shop.output()).not.toMatch(/Compiling|Building/);
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect([page.status, (await page.text()).includes('<div id="root"></div>')]).toEqual([200, true]);
  const login = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation { login(input: { username: "admin", password: "admin-pass" }) { viewer { username isAdmin } } }',
    }),
  });
  // (Its `extensions.cost` changes with the caller's spending: only the data is compared.)
  expect(((await login.json()) as { data: unknown }).data).toEqual({
    login: { viewer: { username: 'admin', isAdmin: true } },
  });

  // The operator's commands run from the same pruned tree, beside the running shop.
  const env = { ...process.env, DATA_DIR: path.join(copy, 'data'), NODE_ENV: 'production' };
  const command = (...args: string[]) =>
    execFileSync('npm', ['run', '--silent', ...args], {
      cwd: copy,
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const database = path.join(copy, 'data', 'shop.db');
  expect(command('migrate')).toMatch(new RegExp(`^the SQLite file ${database} is up to date \\(\\d{4}_\\w+\\)\\n$`));
  expect(command('backup', '--', path.join(copy, 'backup.db'))).toMatch(
    new RegExp(
      `^Backed up ${database} to ${path.join(copy, 'backup.db')} \\(\\d+\\.\\d MB in \\d+\\.\\d s: 1 users, \\d+ products, 0 orders, 0 order_items, 0 chat_messages\\)\\n$`,
    ),
  );

  shop.child.kill('SIGTERM');
  expect(await shop.ended).toBe(0);
});
