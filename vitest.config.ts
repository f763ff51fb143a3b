import { defineConfig } from 'vitest/config';

// One suite per part; `TEST_DATABASE=postgres` reruns the REST suite on PostgreSQL (see .ci/run).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'rest', include: ['rest/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'gateway', include: ['gateway/test/**/*.test.ts'] } },
    ],
  },
});
