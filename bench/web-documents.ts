// The web app's documents as it sends them: the trusted documents' manifest (web/src/gql/persisted-documents.json,
// written by npm run codegen) holds each operation with __typename added and Apollo Client's client-only directives
// (@unmask) taken out. Printing the generated documents instead would send @unmask, which the gateway refuses.
import fs from 'node:fs';
import { type DocumentNode, Kind } from 'graphql';

const manifest = JSON.parse(fs.readFileSync('web/src/gql/persisted-documents.json', 'utf8')) as Record<string, string>;

/** The text the web app sends for this generated document's operation. */
export function asTheWebSendsIt(document: DocumentNode): string {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const name = operation?.kind === Kind.OPERATION_DEFINITION ? operation.name?.value : undefined;
  const text = Object.values(manifest).find((entry) =>
    new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(entry),
  );
  if (!name || !text) throw new Error(`web/src/gql/persisted-documents.json has no operation ${name ?? '(unnamed)'}`);
  return text;
}

/** The trusted document's hash the web app sends for this generated document's operation (its only identity). */
export function persistedHashOf(document: DocumentNode): string {
  const text = asTheWebSendsIt(document);
  return Object.entries(manifest).find(([, entry]) => entry === text)![0];
}
