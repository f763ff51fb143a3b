import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { relayTags } from './tests/clients/relay-tags.js';
import { SpreadSequencer } from './tests/spread-sequencer.js';
import { webImportAliases } from './web/vite.config.js';

// One suite per part; `TEST_DATABASE=postgres` reruns the REST suite on PostgreSQL (see .ci/run).
// Two files at a time: most of a file's time is spent waiting on the servers, databases and browsers it starts, so two
// share two cores well (Vitest's default, one worker fewer than the cores, runs one file at a time on this machine).
// The heavy files (browser journeys, operations) are spread among the others (tests/spread-sequencer.ts): the suite
// took 13 min here with them one at a time after the rest, 11 to 12 with them spread.
// The node suites load their modules once per worker, not once per file (`isolate: false`, a minute less): each file
// still starts its own servers and databases, and none mocks a module or leaves a setting or a fake clock behind.
/**
 * The gateway test files run a second time against the plain contract: every file that says what it expects there
 * (it reads `restExtensions`: pages, ids, channels, searches, e-mails, checkout's integrity), and the two whose
 * refusals the gateway reads from the REST service's answers (a userError's field and code, TOO_MANY_ATTEMPTS and its
 * seconds), which the plain contract's answers carry differently. The others (document limits, query cost and
 * allowances, request bodies, slow clients, trusted documents, metrics, the catalogue cache) check the gateway's own
 * doing, alike over either contract, and run once.
 */
const PLAIN_CONTRACT_FILES = [
  ...fs
    .readdirSync(path.join(import.meta.dirname, 'gateway/test'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `gateway/test/${name}`)
    .filter((file) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('restExtensions')),
  'gateway/test/errors.test.ts',
  'gateway/test/protection.test.ts',
];

export default defineConfig({
  resolve: {
    // One graphql for everyone: Vite would hand our code graphql's ES build and graphql-ws its CommonJS build,
    // and graphql refuses schemas from "another module or realm". Node itself resolves both to one copy.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    maxWorkers: 2,
    sequence: { sequencer: SpreadSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Table tests of pure code, beside it: no server, no database (issue 9).
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          environment: 'node',
          include: [
            'gateway/src/**/*.test.ts',
            'rest/src/**/*.test.ts',
            'shop-rules/**/*.test.ts',
            'config/**/*.test.ts',
          ],
        },
      },
      // On PostgreSQL, its services' databases are copies of one migrated once (tests/helpers/postgres-template.ts).
      {
        extends: true,
        test: {
          name: 'rest',
          isolate: false,
          include: ['rest/test/**/*.test.ts'],
          globalSetup: ['tests/helpers/postgres-template.ts'],
        },
      },
      { extends: true, test: { name: 'generated', isolate: false, include: ['tests/generated/**/*.test.ts'] } },
      // Other people's clients of the graph, with their own documents: Relay (compiled by relay-compiler before the
      // tests, its graphql tags replaced by the artifacts as babel-plugin-relay replaces them) and urql.
      {
        extends: true,
        plugins: [relayTags()],
        test: {
          name: 'clients',
          include: ['tests/clients/**/*.test.ts'],
          globalSetup: ['tests/clients/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'gateway', isolate: false, include: ['gateway/test/**/*.test.ts'] } },
      // The gateway suite's files whose answers hang on the contract again, against the plain one
      // (REST_EXTENSIONS=false): the fallbacks must hold. See PLAIN_CONTRACT_FILES.
      {
        extends: true,
        test: {
          name: 'gateway-plain',
          isolate: false,
          include: PLAIN_CONTRACT_FILES,
          env: { TEST_REST_EXTENSIONS: 'false' },
        },
      },
      // The web client's components and routes in jsdom, over an Apollo Client with data masking and a MockLink.
      // Not `extends`: Node resolves graphql for Apollo Client itself, and the app must get the same copy.
      // Its modules loaded once per worker too (`isolate: false`: the project took 2 min 10 s alone, 1 min without):
      // web/src/testing/setup.ts starts each file afresh (real timers, empty storage, nothing the app's modules
      // remembered of the file before), and undoes after each test what the testing modules set up.
      {
        plugins: [react()],
        resolve: { alias: webImportAliases },
        test: {
          name: 'web',
          isolate: false,
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup.ts'],
          testTimeout: 15_000,
          env: { TZ: 'UTC' },
        },
      },
      // The built web app as the gateway serves it.
      { extends: true, test: { name: 'web-build', isolate: false, include: ['tests/web/**/*.test.ts'] } },
      // The shop run as an operator runs it: the compiled servers started with npm, stopped, misconfigured, built for
      // production and pruned. The servers and the web app are built before each file when stale (not in a global
      // setup, which would hold every worker meanwhile): tests/helpers/prepared-build.ts.
      {
        extends: true,
        test: {
          name: 'operations',
          include: ['tests/operations/**/*.test.ts'],
          setupFiles: ['tests/helpers/prepare-before-file.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      // People's journeys through the whole shop in Debian's Chromium (skipped, loudly, where it is not installed).
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['tests/journeys/**/*.test.ts'],
          globalSetup: ['tests/journeys/global-setup.ts'],
          setupFiles: ['tests/helpers/prepare-before-file.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // What a person waits for (a live update, a message) may take a while on a busy CI machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
