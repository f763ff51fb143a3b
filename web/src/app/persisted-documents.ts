// Trusted documents: the app sends each operation's hash, never its text. Every operation of the app is written down
// at build time under the SHA-256 of the exact text Apollo Client would send (web/src/gql/persisted-documents.json,
// by `npm run codegen`); the gateway loads that file and runs the text it has. Over HTTP this is Apollo's persisted
// query link (which would send the text once if a gateway did not know the hash: an older gateway during a deploy);
// over the socket the same extension goes with an empty query.
import type { DocumentNode } from 'graphql';
import type { Client, SubscribePayload } from 'graphql-ws';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { getOperationName } from '@apollo/client/utilities/internal';
import { persistedDocumentIds } from '../gql/persisted-document-ids';

/** The hash of a named operation's persisted text; an operation added since the last `npm run codegen` has none. */
function persistedHash(operationName: string | null | undefined): string {
  const hash = operationName ? persistedDocumentIds[operationName] : undefined;
  if (!hash)
    throw new Error(
      `${operationName ?? 'An unnamed operation'} is not among the persisted documents: run npm run codegen`,
    );
  return hash;
}

/** Queries and mutations over HTTP by hash. */
export const persistedDocumentsLink = () =>
  new PersistedQueryLink({ generateHash: (document: DocumentNode) => persistedHash(getOperationName(document, null)) });

/** The socket's client, sending each operation's hash with an empty query instead of its text. */
export function sendingHashes(client: Client): Client {
  return {
    ...client,
    subscribe: (payload: SubscribePayload, sink) =>
      client.subscribe(
        {
          ...payload,
          query: '',
          extensions: {
            ...payload.extensions,
            persistedQuery: { version: 1, sha256Hash: persistedHash(payload.operationName) },
          },
        },
        sink,
      ),
  };
}
