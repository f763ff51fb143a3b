// Builds the web app into web/dist when it is missing or older than anything it is built from, so that
// `npm start` on a fresh checkout (or after a pull) serves the current app without a separate step.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type * as Vite from 'vite';
import { ConfigError } from '../config/env.js';
import { PROJECT_ROOT } from '../config/paths.js';

const root = PROJECT_ROOT;
export const WEB_DIR = path.join(root, 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/** What the built app is made of: its sources and the shared shop rules (by time), and the libraries (by content). */
const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/graphiql.html',
  'web/vite.config.ts',
  'shop-rules',
  'scripts/web-build.ts',
];

/**
 * The pages of web/, each built on its own into the same folder: the shop (index.html) and the graph explorer
 * (graphiql.html: GraphiQL, which the gateway serves at /graphiql). Apart, they share no chunk, so the shop's
 * bundle is exactly what it would be without the explorer (built together, React would move into chunks shared
 * with it); the explorer carries its own copy of React.
 */
const PAGES: { html: string; chunkSizeWarningLimit?: number }[] = [
  { html: 'index.html' },
  // Monaco, the explorer's editor, is one chunk of about 2.8 MB (700 KB gzip), loaded by that page alone.
  { html: 'graphiql.html', chunkSizeWarningLimit: 3000 },
];
const LOCK_FILE = path.join(root, 'package-lock.json');
/**
 * Beside the build: the package-lock.json it was built with (npm rewrites the file unchanged, so its time tells
 * nothing).
 */
const BUILT_WITH = '.built-with-lock';

const lockDigest = () =>
  fs.existsSync(LOCK_FILE) ? crypto.createHash('sha256').update(fs.readFileSync(LOCK_FILE)).digest('hex') : '';

function newestModification(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

export function webBuildIsStale(): boolean {
  const built = path.join(WEB_DIST, 'index.html');
  const stamp = path.join(WEB_DIST, BUILT_WITH);
  if (!fs.existsSync(built) || !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== lockDigest()) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return SOURCES.some((source) => newestModification(path.join(root, source)) > builtAt);
}

/** What is worth compressing: text. Images of the app are SVG, text too. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Beside every text file of the build, its brotli (.br) and gzip (.gz) copies, which the gateway sends as they are. */
function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = fs.readFileSync(file);
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  }
}

/** Runs Vite's production build of web/ into `outDir` (web/dist by default), and precompresses it. */
export async function buildWebApp(outDir: string = WEB_DIST): Promise<void> {
  let vite: typeof Vite;
  try {
    vite = await import('vite');
  } catch {
    throw new ConfigError(
      'The web app (web/dist) is missing or older than its sources, and Vite is not installed here: run `npm ci && npm run build` where the sources are, or set WEB_DIST to an empty value to serve no web app.',
    );
  }
  // Vite and the React plugin take NODE_ENV from the environment when it is set: a build started by the tests
  // (NODE_ENV=test) would compile for React's development runtime. What is built here is what production serves.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const [index, page] of PAGES.entries()) {
      await vite.build({
        configFile: path.join(WEB_DIR, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        build: {
          outDir,
          // The first page empties the folder; the others add to it (assets are named by their content).
          emptyOutDir: index === 0,
          rolldownOptions: { input: path.join(WEB_DIR, page.html) },
          ...(page.chunkSizeWarningLimit ? { chunkSizeWarningLimit: page.chunkSizeWarningLimit } : {}),
        },
      });
    }
    precompress(outDir);
    fs.writeFileSync(path.join(outDir, BUILT_WITH), lockDigest());
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export async function ensureWebBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (!webBuildIsStale()) return;
  log('  Building the web app (web/dist)…');
  const started = Date.now();
  await buildWebApp();
  log(`  Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// `npm run build:web`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWebApp().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
