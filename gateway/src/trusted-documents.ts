// Trusted documents (persisted documents): the operations the shop's own clients send, written down at build time
// (the web app's: web/src/gql/persisted-documents.json, made by `npm run codegen`), each under the SHA-256 of its
// text. A client sends the hash alone, over HTTP (Apollo's `extensions.persistedQuery`) or the socket (the same
// extension, with an empty query), and the gateway runs the text it already has. Beside the web app's, the gateway
// loads by default the shop's public operations (gateway/public-documents.json, written by `npm run codegen` from the
// ones docs/graph.md publishes), so that a client of its own can log in and shop whatever the setting.
// TRUSTED_DOCUMENTS decides whether anything else runs: every document (`off`, the default: other clients keep
// working), only these for callers without a token the REST service accepted (`anonymous`), or only these (`everyone`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { GraphQLError } from 'graphql';
import { ConfigError, readText } from '../../config/env.js';

export const TRUSTED_DOCUMENT_POLICIES = ['off', 'anonymous', 'everyone'] as const;
export type TrustedDocumentPolicy = (typeof TRUSTED_DOCUMENT_POLICIES)[number];

/** hash → text. */
export type TrustedDocuments = ReadonlyMap<string, string>;

export const documentHash = (text: string) => createHash('sha256').update(text).digest('hex');

export function parseTrustedDocumentPolicy(value: string | undefined): TrustedDocumentPolicy {
  if (value === undefined || value === '') return readText({}, 'TRUSTED_DOCUMENTS') as TrustedDocumentPolicy;
  if ((TRUSTED_DOCUMENT_POLICIES as readonly string[]).includes(value)) return value as TrustedDocumentPolicy;
  throw new ConfigError(`TRUSTED_DOCUMENTS must be off, anonymous or everyone, not "${value}"`);
}

/**
 * Every manifest named (comma-separated paths): each a JSON object of SHA-256 hashes (64 hex digits) to document
 * texts, as graphql-codegen's persisted documents are written. A file that is missing, not such an object, or whose
 * hash is not its text's is refused at start in one line.
 */
export function loadTrustedDocuments(files: readonly string[]): TrustedDocuments {
  const documents = new Map<string, string>();
  for (const file of files) {
    const name = path.basename(file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'there is no such file (npm run codegen writes the web app’s)'
          : 'it is not JSON';
      throw new ConfigError(`PERSISTED_DOCUMENTS: cannot read ${file}: ${reason}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ConfigError(`PERSISTED_DOCUMENTS: ${name} must be a JSON object of SHA-256 hashes to document texts`);
    }
    for (const [hash, text] of Object.entries(parsed)) {
      if (typeof text !== 'string' || !/^[0-9a-f]{64}$/.test(hash) || documentHash(text) !== hash) {
        throw new ConfigError(
          `PERSISTED_DOCUMENTS: ${name} has an entry whose key is not the SHA-256 of its text (${hash.slice(0, 16)}…)`,
        );
      }
      documents.set(hash, text);
    }
  }
  return documents;
}

/**
 * Apollo Server's store of automatic persisted queries, with the trusted documents in front: a hash among them is
 * answered from them (never stored, never evicted), any other goes to the store. Apollo Server names its entries
 * `apq:<hash>`.
 */
export function withTrustedDocuments(documents: TrustedDocuments, store: KeyValueCache<string>): KeyValueCache<string> {
  const hashOf = (key: string) => (key.startsWith('apq:') ? key.slice(4) : key);
  return {
    get: async (key) => documents.get(hashOf(key)) ?? store.get(key),
    set: async (key: string, value: string, options?: KeyValueCacheSetOptions) => {
      if (!documents.has(hashOf(key))) await store.set(key, value, options);
    },
    delete: async (key) => (documents.has(hashOf(key)) ? false : store.delete(key)),
  };
}

/** What a request carries: its text, where it sent one, and the hash it named, where it named one. */
export interface RequestedDocument {
  text: string | undefined;
  hash: string | undefined;
  /**
   * Whether the caller's token is one the REST service accepted (token-verdicts.ts): a token merely present opens
   * nothing, since fields that never ask the REST service (introspection, register, login) would never refuse it.
   */
  tokenAccepted: boolean;
}

export const NOT_TRUSTED_CODE = 'PERSISTED_QUERY_NOT_IN_LIST';

/** Whether a request may run under the policy; the refusal when it may not. */
export function trustedDocumentRefusal(
  policy: TrustedDocumentPolicy,
  documents: TrustedDocuments,
  request: RequestedDocument,
): GraphQLError | undefined {
  if (policy === 'off' || (policy === 'anonymous' && request.tokenAccepted)) return undefined;
  const hash = request.text !== undefined ? documentHash(request.text) : request.hash;
  if (hash !== undefined && documents.has(hash)) return undefined;
  const message =
    policy === 'anonymous'
      ? 'Without logging in, this shop runs only its own clients’ documents: send a persisted document’s hash, or log in'
      : 'This shop runs only its own clients’ documents: send a persisted document’s hash';
  return new GraphQLError(message, { extensions: { code: NOT_TRUSTED_CODE } });
}

/** `extensions.persistedQuery.sha256Hash` of a request's extensions, where it is a string. */
export function persistedHashOf(extensions: unknown): string | undefined {
  const persisted =
    extensions && typeof extensions === 'object'
      ? (extensions as { persistedQuery?: unknown }).persistedQuery
      : undefined;
  const hash =
    persisted && typeof persisted === 'object' ? (persisted as { sha256Hash?: unknown }).sha256Hash : undefined;
  return typeof hash === 'string' ? hash : undefined;
}
