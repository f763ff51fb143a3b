// The web workers of GraphiQL's editor (Monaco): bundled by Vite (`?worker`) into files of the build, so that they
// load from the shop's own origin like the rest of the page — no CDN, no blob: URL. The same three workers as
// graphiql/setup-workers/vite, without its console line for every worker started.
import type { Environment } from 'monaco-editor';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';

window.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'json') return new JsonWorker();
    if (label === 'graphql') return new GraphQLWorker();
    return new EditorWorker();
  },
} satisfies Environment;
