// What index.html asks for itself, before the app's script has arrived. On a phone's connection the page, the script
// and the first screen's data were three round trips one after the other (bench/README.md:
// web.first_product_throttled_ms): the data could not be asked for before the script ran. A returning shopper's first
// screen is the listing on `/`, and the shell waits for the session before it shows any screen, so the page starts
// both queries (Session, and the listing's first page as the route asks for it) as it is parsed, with the stored
// token; the app then takes their answers instead of asking again (first-screen.ts: earlyAnswersLink). Only the bare
// `/`: a filtered listing's variables come from the address, which the app reads. The script is built here from the
// app's own values and put into index.html by the build (vite.config.ts); the gateway's Content-Security-Policy admits
// it by its hash.
// vite.config.ts imports this module (and the root's typecheck reads it through vitest.config.ts), so what it imports
// is written with extensions and is free of the DOM and React.
import { listingVariables } from '../features/product-listing/listing-page.js';
import { persistedDocumentIds } from '../gql/persisted-document-ids.js';
import { TOKEN_STORAGE_KEY } from '../lib/session-key.js';
import { GRAPHQL_PATH } from './endpoints.js';

/** The global the page's script leaves its requests under, for the app to take. */
export const EARLY_ANSWERS_GLOBAL = '__medshopEarlyAnswers';

/** What the page's script leaves: the token it sent, and each operation's variables (as JSON) and answer. */
export interface EarlyAnswers {
  token: string;
  answers: Record<string, { variables: string; answer: Promise<unknown> } | undefined>;
}

/** The operations the page asks for, with the variables the app will ask them with. */
export const EARLY_REQUESTS: { operationName: string; variables: Record<string, unknown> }[] = [
  { operationName: 'Session', variables: {} },
  { operationName: 'ProductListing', variables: listingVariables(undefined) },
];

/** The variables of an operation as the page's script and the app both write them (undefined values left out). */
export const variablesKey = (variables: Record<string, unknown> | undefined) => JSON.stringify(variables ?? {});

/**
 * The script index.html runs as it is parsed: without a stored token, or on any address but the bare `/`, it does
 * nothing. Each request is the one the app's HTTP link would send (the persisted document's hash, the same headers);
 * a failure is left for the app, which then asks itself.
 */
export function earlyRequestsScript(): string {
  const requests = EARLY_REQUESTS.map(({ operationName, variables }) => {
    const sha256Hash = persistedDocumentIds[operationName];
    if (!sha256Hash) throw new Error(`${operationName} is not among the persisted documents: run npm run codegen`);
    const body = JSON.stringify({
      operationName,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash } },
    });
    return [operationName, variablesKey(variables), body];
  });
  return [
    '(function(){try{',
    `var t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});`,
    'if(!t||location.pathname!=="/"||location.search)return;',
    `var a={};window.${EARLY_ANSWERS_GLOBAL}={token:t,answers:a};`,
    `${JSON.stringify(requests)}.forEach(function(r){`,
    `var p=fetch(${JSON.stringify(GRAPHQL_PATH)},{method:"POST",headers:{accept:"application/graphql-response+json,application/json;q=0.9","content-type":"application/json",authorization:"Bearer "+t},body:r[2]})`,
    '.then(function(x){if(!x.ok)throw new Error(String(x.status));return x.json()});',
    'p.catch(function(){});a[r[0]]={variables:r[1],answer:p}',
    '})}catch(e){}})()',
  ].join('');
}
