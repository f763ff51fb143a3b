// The shop's public operations: the documents docs/graph.md publishes (its ```graphql public blocks) so that a client
// of its own can log in and shop whatever TRUSTED_DOCUMENTS says, written down as a manifest of SHA-256 → text that
// the gateway loads beside the web app's by default (PERSISTED_DOCUMENTS). `npm run codegen` writes it after the web
// app's; a test fails when the committed file is not what the guide publishes.
//
// The guide is the source, so that what a client developer reads is exactly what the gateway trusts: each block's
// text, between its fences without the last line break, must be a single named operation written as graphql-js's
// print() writes it (one spelling, nothing to guess), valid against schema.graphql.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kind, buildSchema, parse, print, validate } from 'graphql';
import { PROJECT_ROOT } from '../config/paths.js';

/** hash → text: what the gateway loads by default beside the web app's manifest. */
export const PUBLIC_MANIFEST_FILE = path.join(PROJECT_ROOT, 'gateway', 'public-documents.json');
export const GUIDE_FILE = path.join(PROJECT_ROOT, 'docs', 'graph.md');

export interface PublicOperation {
  name: string;
  text: string;
  hash: string;
}

/** The ```graphql public blocks of a markdown text, in order: each its text without the final line break. */
export function publicBlocksOf(markdown: string): string[] {
  return [...markdown.matchAll(/^```graphql public\n([\s\S]*?)\n```$/gm)].map(([, text]) => text!);
}

/** The guide's public operations, checked: throws naming the block that is not one named, printed, valid operation. */
export function publicOperations(markdown = fs.readFileSync(GUIDE_FILE, 'utf8')): PublicOperation[] {
  const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8'));
  const operations: PublicOperation[] = [];
  for (const text of publicBlocksOf(markdown)) {
    const document = parse(text);
    const definitions = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    const name = definitions.length === 1 ? definitions[0]!.name?.value : undefined;
    if (!name) throw new Error(`docs/graph.md: a public block must hold one named operation:\n${text}`);
    if (print(document) !== text)
      throw new Error(
        `docs/graph.md: public operation ${name} must be written as graphql-js prints it:\n${print(document)}`,
      );
    const errors = validate(schema, document);
    if (errors.length > 0)
      throw new Error(
        `docs/graph.md: public operation ${name} is not valid against schema.graphql: ${errors[0]!.message}`,
      );
    if (operations.some((operation) => operation.name === name))
      throw new Error(`docs/graph.md: two public operations are named ${name}`);
    operations.push({ name, text, hash: createHash('sha256').update(text).digest('hex') });
  }
  if (operations.length === 0)
    throw new Error('docs/graph.md publishes no public operation (```graphql public blocks)');
  return operations;
}

/** The manifest's contents, as written to PUBLIC_MANIFEST_FILE. */
export function publicManifest(operations = publicOperations()): string {
  return `${JSON.stringify(Object.fromEntries(operations.map((operation) => [operation.hash, operation.text])), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const operations = publicOperations();
  fs.writeFileSync(PUBLIC_MANIFEST_FILE, publicManifest(operations));
  console.log(
    `Public operations: ${operations.length} written to ${path.relative(PROJECT_ROOT, PUBLIC_MANIFEST_FILE)}`,
  );
}
