// Once before the clients' tests: the Relay client's documents (tests/clients/relay/) compiled by the real
// relay-compiler against schema.graphql, as a Relay app's build does, into a temporary folder that is removed
// afterwards (its output is never committed). A schema or a document the compiler refuses fails the run here, with
// the compiler's own words.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../helpers/launched.js';
import { RELAY_ARTIFACTS_VARIABLE } from './relay-tags.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where relay-compiler wrote the artifacts, and the persisted documents' manifest beside them. */
    relayArtifactDirectory: string;
  }
}

/** The manifest relay-compiler writes: SHA-256 of each operation's text → the text, in the artifact folder. */
export const RELAY_MANIFEST = 'persisted-documents.json';

export default function setup(project: TestProject): () => void {
  const artifactDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-relay-'));
  // relay-compiler adds to the manifest it finds: it starts from an empty one.
  fs.writeFileSync(path.join(artifactDirectory, RELAY_MANIFEST), '{}\n');
  const config = {
    src: path.join(PROJECT_ROOT, 'tests/clients/relay'),
    schema: path.join(PROJECT_ROOT, 'schema.graphql'),
    artifactDirectory,
    language: 'typescript',
    // Artifacts import each other with `import`, as the tags' replacements (relay-tags.ts) import them.
    eagerEsModules: true,
    useImportTypeSyntax: true,
    customScalarTypes: { DateTime: 'string' },
    // Relay's own persisted documents, hashed as the gateway's PERSISTED_DOCUMENTS manifests are (SHA-256 of the
    // text, in hex); the text stays in the artifacts too, so that the same build runs as a public client would.
    persistConfig: {
      file: path.join(artifactDirectory, RELAY_MANIFEST),
      algorithm: 'SHA256',
      include_query_text: true,
    },
  };
  const configFile = path.join(artifactDirectory, 'relay.config.json');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  // The package's main export is the path of the compiler's binary for this platform (null where there is none).
  const compiler = createRequire(import.meta.url)('relay-compiler') as string | null;
  if (!compiler) throw new Error(`relay-compiler has no binary for ${process.platform}-${process.arch}`);
  try {
    execFileSync(compiler, ['--noWatchman', '--output', 'quiet-with-errors', configFile], {
      cwd: artifactDirectory,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    fs.rmSync(artifactDirectory, { recursive: true, force: true });
    throw new Error(
      `relay-compiler refused the Relay client's documents or schema.graphql:\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
  // For the tags' replacements, made in this process (relay-tags.ts), and for the tests, in theirs.
  process.env[RELAY_ARTIFACTS_VARIABLE] = artifactDirectory;
  project.provide('relayArtifactDirectory', artifactDirectory);
  return () => fs.rmSync(artifactDirectory, { recursive: true, force: true });
}
