// The web app's build and dev server. `npm start` builds into web/dist (served by the gateway); `npm run dev`
// serves it with hot reload and passes /graphql (HTTP and websocket) and /images on to the gateway. It has two pages,
// the shop (index.html) and the graph explorer (graphiql.html: GraphiQL, /graphiql on the gateway), which
// scripts/web-build.ts builds one at a time so that they share no chunk.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig, normalizePath } from 'vite';
import { earlyRequestsScript } from './src/app/early-requests.js';

/** `@/…` is web/src, `@shop-rules/…` the rules the web app shares with the servers. */
export const webImportAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shop-rules\//, replacement: fileURLToPath(new URL('../shop-rules/', import.meta.url)) },
];

const GENERATED_DOCUMENTS = normalizePath(fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url)));
const DOCUMENT_MODULE = '\0medshop-document:';
/** A document as graphql-codegen's typed-document-node plugin writes it: one line, its AST as JSON. */
const DOCUMENT_LINE = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.+>;$/;

/**
 * Each document of src/gql/graphql.ts in a module of its own, in the build. graphql-codegen writes every operation
 * and fragment of the app into that one file, and a bundler puts a module in one chunk: the entry, since the first
 * screens import from it. The first download then carried every screen's documents (100 KB minified, parsed and
 * evaluated before the first screen, though 3.6 KB gzipped). Here the file becomes re-exports of one module per
 * document, so each goes with the screens that use it. Types are not code: the file has nothing else to keep. Apollo
 * Client still gets each document whole (its fragments included), as data masking and the cache need it.
 */
function documentsApart(): Plugin {
  const documents = new Map<string, string>();
  return {
    name: 'medshop-documents-apart',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(DOCUMENT_MODULE) ? source : null),
    load(id) {
      if (id.startsWith(DOCUMENT_MODULE)) {
        const name = id.slice(DOCUMENT_MODULE.length);
        return `export const ${name} = ${documents.get(name)};`;
      }
      if (id !== GENERATED_DOCUMENTS) return null;
      const reexports = [];
      for (const line of fs.readFileSync(id, 'utf8').split('\n')) {
        if (!line.startsWith('export const ')) continue;
        const [, name, ast] = DOCUMENT_LINE.exec(line) ?? [];
        if (!name || !ast)
          throw new Error(`src/gql/graphql.ts exports a value that is not a document: ${line.slice(0, 80)}`);
        documents.set(name, ast);
        reexports.push(`export { ${name} } from ${JSON.stringify(DOCUMENT_MODULE + name)};`);
      }
      return reexports.join('\n');
    },
  };
}

/** Where index.html takes the first screen's requests. */
const EARLY_REQUESTS_PLACE = '<!--early-requests-->';

/**
 * The shop's page (index.html) asks for its first screen's data itself, as it is parsed (src/app/early-requests.ts):
 * the script goes into the page inline where the page marks its place, ahead of the stylesheet (an inline script waits
 * for the stylesheets before it) and the app's script. The gateway's Content-Security-Policy admits it by hash.
 */
function earlyRequests(): Plugin {
  return {
    name: 'medshop-early-requests',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.path !== '/index.html') return html;
        if (!html.includes(EARLY_REQUESTS_PLACE)) throw new Error(`index.html has no ${EARLY_REQUESTS_PLACE}`);
        return html.replace(EARLY_REQUESTS_PLACE, `<script>${earlyRequestsScript()}</script>`);
      },
    },
  };
}

const gateway = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), documentsApart(), earlyRequests()],
  // Imports that leave their folder name it from the top (tsconfig.json's paths say the same to TypeScript).
  resolve: { alias: webImportAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Each lazy route gets its chunk; the libraries every screen needs stay in the entry (580 KB minified).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the page loads before its first screen in one file, the entry. Left to itself, Rolldown puts
          // each module that a lazy screen shares with the entry (React, react-router, parts of Apollo Client, the
          // shop's rules) in a chunk of its own that index.html preloads: ten files, and a browser asks one server
          // for six at a time over HTTP/1.1, so on a phone's connection the last ones waited two more round trips.
          // One file is also smaller gzipped (180 KB against 185).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
      onwarn(warning, warn) {
        // GraphiQL's modules open with "use no memo" (React Compiler's opt-out), which bundling drops, harmlessly.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use no memo"')) return;
        warn(warning);
      },
    },
  },
  // The explorer's editor (Monaco) runs its language services in workers (src/graphiql/monaco-workers.ts), built as
  // ES modules like the pages.
  worker: { format: 'es' },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    // The web app shares the shop's rules with the servers (../shop-rules).
    fs: { allow: ['..'] },
    proxy: {
      '/graphql': { target: gateway, ws: true },
      '/images': gateway,
    },
  },
});
