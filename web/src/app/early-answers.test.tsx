// The page's own first requests (early-requests.ts: the script the build puts into index.html) and the app taking
// their answers (early-answers.ts). The script runs here as the browser runs it, against the network edge it reaches
// (fetch), and the app's own requests reach its MockLink.
import { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductListingDocument } from '../gql/graphql';
import { persistedDocumentIds } from '../gql/persisted-document-ids';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { listingData, product, sessionMock } from '../testing/fixtures';
import { TEST_TOKEN, renderApp } from '../testing/render';
import { EARLY_ANSWERS_GLOBAL, earlyRequestsScript } from './early-requests';
import { askForFirstScreen } from './first-screen';

const LISTING_DATA = listingData([product(1)]);
const SESSION_DATA = (sessionMock().result as { data: unknown }).data;

/** What the page's script sent: each request's address, method, headers and body. */
let sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[];
let request: MockInstance<MockLink['request']>;

beforeEach(() => {
  sent = [];
  request = vi.spyOn(MockLink.prototype, 'request');
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  request.mockRestore();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
  window.history.replaceState(null, '', '/');
});

/** The network the page's script reaches: answers each operation with `answer(operationName)`. */
function stubNetwork(answer: (operationName: string) => Promise<Response>) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { operationName: string };
    sent.push({ url, method: init.method!, headers: init.headers as Record<string, string>, body });
    return answer(body.operationName);
  });
}
const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ data }), { status: 200 }));

/** Runs the script as index.html does, with the token a returning shopper has stored. */
function runPageScript(token: string | null = TEST_TOKEN) {
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  new Function(earlyRequestsScript())();
}

/** A request as the page's script must send it: the app's HTTP link's, by the persisted document's hash. */
const pageRequest = (operationName: string, variables: object, sha256Hash: string | undefined) => ({
  url: '/graphql',
  method: 'POST',
  headers: {
    accept: 'application/graphql-response+json,application/json;q=0.9',
    'content-type': 'application/json',
    authorization: `Bearer ${TEST_TOKEN}`,
  },
  body: { operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash } } },
});

/** The operations that reached the app's network edge (its MockLink), leaving out the listing's idle cart prefetch. */
// The idle prefetch of the viewer's cart, and the categories and facets asked beside the products, aside.
const askedByApp = () =>
  request.mock.calls
    .map(([op]) => op.operationName)
    .filter((name) => !['ViewerCart', 'Categories', 'ListingFacets'].includes(name ?? ''));

describe('the first screen asked for by the page itself', () => {
  it('sends the session and the listing by their hashes with the stored token, and the app shows them asking nothing', async () => {
    stubNetwork((name) => json(name === 'Session' ? SESSION_DATA : LISTING_DATA));
    runPageScript();
    expect(sent).toEqual([
      pageRequest('Session', {}, persistedDocumentIds.Session),
      pageRequest('ProductListing', { first: 24 }, persistedDocumentIds.ProductListing),
    ]);

    renderApp({ path: '/', onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '' }) });
    expect(await screen.findByRole('article', { name: product(1).name })).toBeInTheDocument();
    // The shell shows the session's viewer, from the page's answer too.
    expect(screen.getByTitle('alice')).toHaveTextContent('alice');
    expect(askedByApp()).toEqual([]);
  });

  it('takes each answer once: the same query asked again goes to the network', async () => {
    stubNetwork((name) => json(name === 'Session' ? SESSION_DATA : LISTING_DATA));
    runPageScript();
    const { client } = renderApp({
      path: '/',
      mocks: [sessionMock()],
      onStart: (started) => askForFirstScreen(started, { pathname: '/', search: '' }),
    });
    await screen.findByRole('article', { name: product(1).name });
    await client.refetchQueries({ include: ['Session'] });
    expect(askedByApp()).toEqual(['Session']);
  });

  it('leaves answers alone that were asked with another token than the session has now: the app asks itself', async () => {
    stubNetwork((name) => json(name === 'Session' ? SESSION_DATA : LISTING_DATA));
    runPageScript('the-token-of-someone-who-logged-out-since');
    renderApp({
      path: '/',
      token: TEST_TOKEN,
      mocks: [
        sessionMock(),
        { request: { query: ProductListingDocument, variables: { first: 24 } }, result: { data: LISTING_DATA } },
      ],
      onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '' }),
    });
    await screen.findByRole('article', { name: product(1).name });
    expect(askedByApp()).toEqual(['Session', 'ProductListing']);
  });

  it('asks again itself when the page’s request failed', async () => {
    stubNetwork((name) =>
      name === 'Session'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(new Response('', { status: 503 })),
    );
    runPageScript();
    renderApp({
      path: '/',
      mocks: [
        sessionMock(),
        { request: { query: ProductListingDocument, variables: { first: 24 } }, result: { data: LISTING_DATA } },
      ],
      onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '' }),
    });
    await screen.findByRole('article', { name: product(1).name });
    await waitFor(() => expect(askedByApp()).toEqual(['Session', 'ProductListing']));
  });

  it('sends nothing without a stored token, or on any address but the bare /', () => {
    stubNetwork((name) => json(name));
    runPageScript(null);
    for (const address of ['/?name=thermo', '/cart', '/login']) {
      window.history.replaceState(null, '', address);
      runPageScript();
    }
    expect(sent).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL]).toBeUndefined();
  });
});
