import { describe, expect, it } from 'vitest';
import { prefersHtml } from './web-app.js';

describe('whether a request prefers a page to JSON', () => {
  it.each([
    ['Chromium’s address bar', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', true],
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
