// The built web app as the gateway serves it: the app at /, every page address (a deep link, a reload) answered
// with index.html, hashed assets cached for a year, and the gateway's own routes untouched.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../scripts/web-build.js';
import { prepareBuild } from '../helpers/prepared-build.js';
import { type Shop, startGateway, startShop, withoutCost } from '../helpers/shop.js';

let outDir: string;
let shop: Shop;
let origin: string;
let indexHtml: string;
let explorerHtml: string;

beforeAll(async () => {
  // The app as `npm run build` leaves it in web/dist, built only when stale and one worker at a time (in `npm test`
  // the first operations or journeys file builds it): one build of the web app per run, not one more for this file.
  await prepareBuild();
  outDir = WEB_DIST;
  indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  explorerHtml = fs.readFileSync(path.join(outDir, 'graphiql.html'), 'utf8');
  shop = await startShop({ rest: { seedDemo: true }, gateway: { env: { WEB_DIST: outDir } } });
  origin = new URL(shop.gateway.url).origin;
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

const get = (urlPath: string, init?: RequestInit) => fetch(`${origin}${urlPath}`, init);
/** The files a page of the build loads first: its scripts, preloads and stylesheets. */
const filesOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);

describe('the gateway serves the web app', () => {
  it('answers / with the app, checked again on every visit', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toBe(indexHtml);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Medshop</title>');
  });

  it.each([
    '/products/UHJvZHVjdDox',
    '/edit/UHJvZHVjdDox',
    '/chat?room=Q2hhdFJvb206MQ',
    '/order-success',
    '/no/such/page',
  ])('answers the page address %s with index.html (the app routes it)', async (page) => {
    const response = await get(page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(indexHtml);
  });

  it('serves the entry script named in index.html, cached for a year', async () => {
    const script = indexHtml.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/)?.[1];
    // Vite's entry chunk, named after the hash of its content.
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const response = await get(script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = await response.text();
    expect(code).toBe(fs.readFileSync(path.join(outDir, script!), 'utf8'));
    expect(code.length).toBeGreaterThan(1000);
    // React's production build, whatever NODE_ENV the build ran under (the tests run it under NODE_ENV=test).
    expect(code).not.toContain('Download the React DevTools');
    expect(code).not.toContain('jsxDEV');
  });

  it('loads one script before the first screen, with the first screens’ documents and no other screen’s', () => {
    // One file: over HTTP/1.1 a browser asks a server for six at a time, and on a phone each wave waits a round trip.
    expect(filesOf(indexHtml).filter((file) => file.endsWith('.js'))).toHaveLength(1);
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(indexHtml)![1]!;
    /** The operations whose documents a built file holds (web/vite.config.ts: one module per document). */
    const operationsIn = (code: string) =>
      [
        ...code.matchAll(/operation:(["'`])(?:query|mutation|subscription)\1,name:\{kind:\1Name\1,value:\1(\w+)\1/g),
      ].map((match) => match[2]!);
    const first = operationsIn(fs.readFileSync(path.join(outDir, entry), 'utf8'));
    expect(first).toEqual(expect.arrayContaining(['Session', 'ProductListing', 'Login', 'Register']));
    const later = ['ChatPage', 'OrderDesk', 'CheckoutPage', 'ProfilePage'];
    expect(first.filter((operation) => later.includes(operation))).toEqual([]);
    const chunks = fs.readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    const elsewhere = chunks.flatMap((file) =>
      operationsIn(fs.readFileSync(path.join(outDir, 'assets', file), 'utf8')),
    );
    expect(elsewhere).toEqual(expect.arrayContaining(later));
  });

  it('sends the app compressed to a browser that takes it (brotli, else gzip), and as it is to one that does not', async () => {
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(indexHtml)![1]!;
    const built = fs.readFileSync(path.join(outDir, entry));
    const raw = async (urlPath: string, acceptEncoding: string) => {
      // A connection of its own each time (`reset`): a kept-alive one the server closes for idleness just as it is
      // reused answers ECONNRESET, which a busy machine makes likely.
      const answer = await request(`${origin}${urlPath}`, {
        headers: { 'accept-encoding': acceptEncoding },
        reset: true,
      });
      return { encoding: answer.headers['content-encoding'], body: Buffer.from(await answer.body.arrayBuffer()) };
    };
    const brotli = await raw(entry, 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body)).toEqual(built);
    expect(brotli.body.length).toBeLessThan(built.length / 2);
    const gzip = await raw(entry, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body)).toEqual(built);
    const plain = await raw(entry, 'identity');
    expect([plain.encoding, plain.body.equals(built)]).toEqual([undefined, true]);
    // A deep link's index.html too.
    const page = await raw('/orders', 'br');
    expect([page.encoding, zlib.brotliDecompressSync(page.body).toString('utf8')]).toEqual(['br', indexHtml]);
  });

  it('answers a missing asset or file with 404, not with the app', async () => {
    for (const missing of ['/assets/gone-1234.js', '/robots.txt']) {
      const response = await get(missing);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: `Nothing at GET ${missing}: the graph is at /graphql` });
    }
  });

  it('keeps /graphql, /healthz and the demo images', async () => {
    const graph = await shop.graphql('{ viewer { id } }');
    expect(graph.status).toBe(200);
    expect(graph.data).toEqual({ viewer: null });
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    const image = await get('/images/products/nebulizer.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('does not answer API-looking paths or other methods with the app', async () => {
    expect((await get('/api/products')).status).toBe(404);
    expect((await get('/products/1', { method: 'POST' })).status).toBe(404);
  });
});

describe('what protects the shop in the browser', () => {
  /**
   * The shop's policy: its own files, and of inline code only the page's one script (it asks for the first screen's
   * data as the page is parsed: web/src/app/early-requests.ts), admitted by the hash of its text as served.
   */
  const strictPolicy = () => {
    const inline = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!, 'utf8').digest('base64');
    return (
      `default-src 'self';script-src 'self' 'sha256-${hash}';style-src 'self';img-src 'self' data: https: http:;` +
      "font-src 'self';connect-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
      "frame-ancestors 'none'"
    );
  };

  it.each(['/', '/cart', '/no/such/page'])(
    'sends %s with a strict Content-Security-Policy, nosniff, no framing and a referrer policy',
    async (page) => {
      const response = await get(page);
      expect(response.headers.get('content-security-policy')).toBe(strictPolicy());
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // No TLS in front unless the operator says so (HSTS=true).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('sends the pages of e-mailed links (a password reset, an address verified) with no referrer at all: their address holds the link’s secret', async () => {
    for (const page of [
      '/reset-password?token=a-secret-of-the-link',
      '/reset-password',
      '/verify-email?token=a-secret-of-the-link',
      '/verify-email/',
    ]) {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-security-policy')).toBe(strictPolicy());
    }
    for (const page of ['/reset-passwords', '/verify-emails'])
      expect((await get(page)).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends the graph’s JSON answers only what a JSON answer needs, and keeps what a browser opens at /graphql from being framed', async () => {
    const response = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const PAGE_ONLY = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];
    expect([
      response.headers.get('x-content-type-options'),
      response.headers.get('cross-origin-resource-policy'),
      ...PAGE_ONLY.map((name) => response.headers.get(name)),
    ]).toEqual(['nosniff', 'same-origin', null, null, null, null]);
    const opened = await fetch(shop.gateway.url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(opened.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(opened.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers no other origin’s browser (no CORS headers) unless CORS_ORIGINS lists it', async () => {
    const preflight = (origin: string, url: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect(
      (await preflight('https://elsewhere.example', shop.gateway.url)).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const listed = await startGateway(shop.rest.url, {
      env: { CORS_ORIGINS: 'https://partner.example', HSTS: 'true' },
    });
    try {
      const allowed = await preflight('https://partner.example', listed.url);
      expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).toEqual([
        204,
        'https://partner.example',
      ]);
      expect(
        (await preflight('https://elsewhere.example', listed.url)).headers.get('access-control-allow-origin'),
      ).toBeNull();
      // TLS in front: a year of https, and the app's own requests upgraded.
      const page = await fetch(listed.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await listed.close();
    }
  });
});

describe('the graph explorer (GraphiQL) at /graphiql', () => {
  const EXPLORER_POLICY =
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https: http:;font-src 'self' data:;" +
    "connect-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
  const NOT_FOUND = { message: 'Nothing at GET /graphiql: the graph is at /graphql' };

  it.each(['/graphiql', '/graphiql/', '/graphiql?tab=1'])(
    'answers %s with a page of its own, checked again on every visit, whose policy differs from the shop’s only in inline styles and data: fonts',
    async (page) => {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(explorerHtml);
      expect(explorerHtml).toContain('<title>Medshop graph explorer (GraphiQL)</title>');
      expect(response.headers.get('content-security-policy')).toBe(EXPLORER_POLICY);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('is served at /graphiql alone: not as a file, and no address under it is a page of the shop', async () => {
    for (const other of ['/graphiql.html', '/graphiql.html.br', '/graphiql/docs', '/graphiql/assets/x.js']) {
      const response = await get(other);
      expect([other, response.status]).toEqual([other, 404]);
      expect(await response.json()).toEqual({ message: `Nothing at GET ${other}: the graph is at /graphql` });
    }
  });

  it('keeps GraphiQL out of the shop’s bundle: the two pages share no file, and the shop loads no editor', async () => {
    const shopFiles = filesOf(indexHtml);
    const explorerFiles = filesOf(explorerHtml);
    expect(explorerFiles.length).toBeGreaterThan(0);
    expect(shopFiles.filter((file) => explorerFiles.includes(file))).toEqual([]);
    for (const file of shopFiles)
      expect([file, /monaco|graphiql/i.test(fs.readFileSync(path.join(outDir, file), 'utf8'))]).toEqual([file, false]);
  });

  it.each([
    ['introspection is off', { GRAPHQL_INTROSPECTION: 'false' }],
    ['GRAPHQL_EXPLORER is off', { GRAPHQL_EXPLORER: 'false' }],
    ['GRAPHQL_EXPLORER is off in production', { GRAPHQL_EXPLORER: 'false', NODE_ENV: 'production' }],
  ])('answers 404 when %s, and the shop goes on', async (_when, env) => {
    const gateway = await startGateway(shop.rest.url, { env: { WEB_DIST: outDir, ...env } });
    try {
      const gatewayOrigin = new URL(gateway.url).origin;
      const explorer = await fetch(`${gatewayOrigin}/graphiql`);
      expect(explorer.status).toBe(404);
      expect(await explorer.json()).toEqual(NOT_FOUND);
      expect(await (await fetch(`${gatewayOrigin}/products/UHJvZHVjdDox`)).text()).toBe(indexHtml);
    } finally {
      await gateway.close();
    }
  });

  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  const CSRF_REFUSAL = /^This operation has been blocked as a potential Cross-Site Request Forgery/;

  it('sends a browser that opens /graphql in production to /graphiql, with the operation it names, and answers GraphQL clients’ GETs as before', async () => {
    const gateway = await startGateway(shop.rest.url, { env: { WEB_DIST: outDir, NODE_ENV: 'production' } });
    try {
      const opened = await fetch(gateway.url, { headers: { accept: BROWSER }, redirect: 'manual' });
      expect([opened.status, opened.headers.get('location')]).toEqual([302, '/graphiql']);
      const followed = await fetch(gateway.url, { headers: { accept: BROWSER } });
      expect([followed.url, followed.status, await followed.text()]).toEqual([
        `${new URL(gateway.url).origin}/graphiql`,
        200,
        explorerHtml,
      ]);
      // An operation in the address goes along, for GraphiQL to open: the document, its variables and its name.
      const shared = new URLSearchParams({
        query: 'query Q($n: Int) { products(first: $n) { totalCount } }',
        variables: '{"n":1}',
        operationName: 'Q',
      });
      const link = await fetch(`${gateway.url}?${shared}&extensions=%7B%7D`, {
        headers: { accept: BROWSER },
        redirect: 'manual',
      });
      expect([link.status, link.headers.get('location')]).toEqual([302, `/graphiql?${shared}`]);
      // A client's GET (a query, JSON wanted) is answered; one that names no type is refused as any GET without the
      // header.
      const query = await fetch(`${gateway.url}?query=${encodeURIComponent('{ __typename }')}`, {
        headers: { accept: 'application/graphql-response+json, application/json', 'apollo-require-preflight': 'true' },
      });
      expect([query.status, withoutCost(await query.json())]).toEqual([200, { data: { __typename: 'Query' } }]);
      const anything = await fetch(gateway.url, { headers: { accept: '*/*' }, redirect: 'manual' });
      expect(anything.status).toBe(400);
      expect(((await anything.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(CSRF_REFUSAL);
    } finally {
      await gateway.close();
    }
  });

  it('answers a browser at /graphql as the graph answers any GET when the explorer is off: no page to send it to', async () => {
    const gateway = await startGateway(shop.rest.url, {
      env: { WEB_DIST: outDir, NODE_ENV: 'production', GRAPHQL_EXPLORER: 'false' },
    });
    try {
      const opened = await fetch(gateway.url, { headers: { accept: BROWSER }, redirect: 'manual' });
      expect(opened.status).toBe(400);
      expect(
        ((await opened.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors[0],
      ).toEqual({
        message: expect.stringMatching(CSRF_REFUSAL),
        extensions: { code: 'BAD_REQUEST' },
      });
    } finally {
      await gateway.close();
    }
  });

  it('is served in production too, where Sandbox is not: everything on it comes from the shop itself', async () => {
    const gateway = await startGateway(shop.rest.url, { env: { WEB_DIST: outDir, NODE_ENV: 'production' } });
    try {
      const gatewayOrigin = new URL(gateway.url).origin;
      const explorer = await fetch(`${gatewayOrigin}/graphiql`);
      expect([explorer.status, await explorer.text(), explorer.headers.get('content-security-policy')]).toEqual([
        200,
        explorerHtml,
        EXPLORER_POLICY,
      ]);
      const landing = await fetch(gateway.url, { headers: { accept: 'text/html' } });
      expect(landing.url).toBe(`${gatewayOrigin}/graphiql`);
      expect(await landing.text()).not.toMatch(/sandbox/i);
    } finally {
      await gateway.close();
    }
  });
});
