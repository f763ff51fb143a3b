// Generated code is committed and must be what `npm run codegen` makes from schema.graphql today.
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { buildSchema, parse, validate } from 'graphql';
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

it('the committed persisted documents are what npm run codegen writes, and each one is valid against the schema', async () => {
  const { IDS_FILE, MANIFEST_FILE, persistedDocuments } = await import('../../scripts/persisted-documents.js');
  const { manifest, ids } = await persistedDocuments();
  expect(
    fs.readFileSync(MANIFEST_FILE, 'utf8'),
    'web/src/gql/persisted-documents.json is stale: run npm run codegen',
  ).toBe(manifest);
  expect(fs.readFileSync(IDS_FILE, 'utf8'), 'web/src/gql/persisted-document-ids.ts is stale: run npm run codegen').toBe(
    ids,
  );
  const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
  const documents = Object.values(JSON.parse(manifest) as Record<string, string>);
  expect(documents.length).toBeGreaterThan(30);
  for (const text of documents)
    expect(
      validate(schema, parse(text)).map((error) => error.message),
      text.slice(0, 60),
    ).toEqual([]);
}, 60_000);

it('the committed public operations are what docs/graph.md publishes (npm run codegen writes them)', async () => {
  const { PUBLIC_MANIFEST_FILE, publicManifest } = await import('../../scripts/public-documents.js');
  expect(
    fs.readFileSync(PUBLIC_MANIFEST_FILE, 'utf8'),
    'gateway/public-documents.json is stale: run npm run codegen',
  ).toBe(publicManifest());
});
