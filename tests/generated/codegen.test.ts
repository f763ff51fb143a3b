// Generated code is committed and must be what `npm run codegen` makes from schema.graphql today.
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { expect, it } from 'vitest';
import config from '../../codegen.js';

it('the committed generated files are what npm run codegen produces (run it after changing schema.graphql)', async () => {
  const outputs = await generate({ ...config, cwd: process.cwd(), silent: true }, false);
  expect(outputs.length).toBeGreaterThan(0);
  for (const output of outputs) {
    const committed = fs.readFileSync(path.resolve(output.filename), 'utf8');
    expect(committed, `${output.filename} is stale: run npm run codegen`).toBe(output.content);
  }
}, 60_000);
