// `npm run lint`'s check of the REST service's OpenAPI document: the document as the service serves it at
// /api/openapi.json, made by building the service on a throw-away SQLite database (nothing listens, nothing is kept),
// written to a temporary file and linted by Redocly CLI with the rules of redocly.yaml (its recommended rules; a
// rule turned off says why there). Exits with Redocly's status: any error or warning fails the lint. On Node 20 Redocly
// prints a notice that its later releases need Node 22; this one runs on 20.19 and later.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromRoot } from '../config/paths.js';
import { buildRestApp } from '../rest/src/app.js';
import { loadRestConfig } from '../rest/src/config.js';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-openapi-'));
let status = 1;
try {
  // Only what building needs, never the caller's environment (a DATABASE_URL there would be migrated): the document
  // depends on the code alone, with the extensions on as the shop runs.
  const config = loadRestConfig({ DATA_DIR: workDir, ADMIN_PASSWORD: 'openapi-lint-only', SEED_DEMO: 'false' });
  const app = await buildRestApp(config, { logger: false, announceAdminPassword: () => {} });
  let document: string;
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (answer.statusCode !== 200)
      throw new Error(`GET /api/openapi.json answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    document = answer.body;
  } finally {
    await app.close();
  }
  const file = path.join(workDir, 'openapi.json');
  fs.writeFileSync(file, `${JSON.stringify(JSON.parse(document), null, 2)}\n`);
  const lint = spawnSync(
    process.execPath,
    [
      fromRoot('node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
      'lint',
      '--config',
      fromRoot('redocly.yaml'),
      '--max-problems',
      '1000',
      file,
    ],
    // No update notices (they ask the network); no usage report (redocly.yaml says telemetry: off as well).
    { stdio: 'inherit', env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' } },
  );
  status = lint.status ?? 1;
  if (lint.error) console.error(`redocly lint could not run: ${lint.error.message}`);
} catch (error) {
  console.error(`The OpenAPI document could not be made: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
