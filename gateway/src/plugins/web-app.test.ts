import { describe, expect, it } from 'vitest';
import { explorerAddressFor, prefersHtml } from './web-app.js';

describe('whether a request prefers a page to JSON', () => {
  it.each([
    [
      'Chromium’s address bar',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
      true,
    ],
    ['Firefox’s address bar', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['a bare text/html', 'text/html', true],
    ['Apollo Client', 'application/graphql-response+json,application/json;q=0.9', false],
    ['graphql-http', 'application/graphql-response+json, application/json', false],
    ['curl (anything: a tie is JSON’s)', '*/*', false],
    ['no Accept at all', undefined, false],
    ['JSON first, pages less', 'application/json, text/html;q=0.5', false],
    ['pages refused', 'text/html;q=0, */*', false],
    ['text/* over everything else', 'text/*, */*;q=0.1', true],
  ])('%s', (_who, accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe('where a browser opening the graph is sent: the explorer, with the operation it asked for', () => {
  const query = '{ products(first: $n) { totalCount } }';
  it.each([
    ['nothing asked', '/graphql', '/graphiql'],
    ['a query', `/graphql?query=${encodeURIComponent(query)}`, `/graphiql?${new URLSearchParams({ query })}`],
    [
      'a query, its variables and the operation, in the explorer’s order',
      `/graphql?operationName=Counted&variables=${encodeURIComponent('{"n":3}')}&query=${encodeURIComponent('query Counted { __typename }')}`,
      `/graphiql?${new URLSearchParams({ query: 'query Counted { __typename }', variables: '{"n":3}', operationName: 'Counted' })}`,
    ],
    [
      'what is not the operation left behind, a repeated parameter’s first value kept',
      `/graphql?query=a&query=b&extensions=${encodeURIComponent('{"persistedQuery":{}}')}&variables=`,
      '/graphiql?query=a',
    ],
  ])('%s', (_what, asked, sent) => {
    expect(explorerAddressFor(asked)).toBe(sent);
  });

  it('sends the query back as it was given, every character of it', () => {
    const document = 'query Q($n: Int = 2) {\n  products(first: $n) { edges { node { name } } } # ünïcode & ?=#\n}';
    const sent = new URL(explorerAddressFor(`/graphql?query=${encodeURIComponent(document)}`), 'http://shop.example');
    expect([sent.pathname, sent.searchParams.get('query')]).toEqual(['/graphiql', document]);
  });
});
