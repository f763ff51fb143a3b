import { defineConfig } from 'vitest/config';

// One suite per part; `TEST_DATABASE=postgres` reruns the REST suite on PostgreSQL (see .ci/run).
// Vitest runs the files of all projects in parallel, one worker per core.
export default defineConfig({
  resolve: {
    // One graphql for everyone: Vite would hand our code graphql's ES build and graphql-ws its CommonJS build,
    // and graphql refuses schemas from "another module or realm". Node itself resolves both to one copy.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'rest', include: ['rest/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'generated', include: ['tests/generated/**/*.test.ts'] } },
      { extends: true, test: { name: 'gateway', include: ['gateway/test/**/*.test.ts'] } },
      // The same gateway suite against the plain contract (REST_EXTENSIONS=false): the fallbacks must hold.
      {
        extends: true,
        test: { name: 'gateway-plain', include: ['gateway/test/**/*.test.ts'], env: { TEST_REST_EXTENSIONS: 'false' } },
      },
    ],
  },
});
