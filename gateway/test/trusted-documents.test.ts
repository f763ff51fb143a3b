// Trusted documents as a client meets them: a manifest of hash → text (PERSISTED_DOCUMENTS) answered by hash alone
// over HTTP and over the socket, and TRUSTED_DOCUMENTS refusing other documents from anonymous callers or from
// everyone. Real gateways over the real REST service; the manifests are files the test writes, and the web app's own.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.js';
import { buildGateway } from '../../gateway/src/app.js';
import { forgedAdminToken, listen } from '../../tests/helpers/socket-feed.js';
import { type Gateway, type Shop, startGateway, startShop, withoutCost } from '../../tests/helpers/shop.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const PRODUCT_COUNT = 'query ProductCount { products(first: 1) { totalCount } }';
const VIEWER_NAME = 'query ViewerName { viewer { username } }';
const PRODUCT_UPDATED = 'subscription PriceWatch { productUpdated { name quantity } }';
const CREATE_PRODUCT =
  'mutation NewProduct($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }';
const OTHER = 'query Other { viewer { isAdmin } }';
const REFUSED_EVERYONE = 'This shop runs only its own clients’ documents: send a persisted document’s hash';
const REFUSED_ANONYMOUS =
  'Without logging in, this shop runs only its own clients’ documents: send a persisted document’s hash, or log in';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'trusted-documents-'));
const manifestFile = path.join(directory, 'manifest.json');
fs.writeFileSync(
  manifestFile,
  JSON.stringify(
    Object.fromEntries(
      [PRODUCT_COUNT, VIEWER_NAME, PRODUCT_UPDATED, CREATE_PRODUCT].map((text) => [sha256(text), text]),
    ),
  ),
);

let shop: Shop;
let token: string;
let adminToken: string;
const gateways: Gateway[] = [];

/**
 * Every request the REST service answered, as `METHOD /path status` (its log lines: a token refused at its door too).
 */
const restAnswers: string[] = [];

beforeAll(async () => {
  shop = await startShop({
    rest: {
      onLogLine: (line) => {
        const { method, path, status } = line as unknown as { method?: string; path?: string; status?: number };
        if (path?.startsWith('/api/')) restAnswers.push(`${method} ${path} ${status}`);
      },
    },
  });
  token = await shop.user('trusted-reader');
  adminToken = await shop.adminToken();
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await shop.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function gatewayWith(env: Record<string, string>): Promise<Gateway> {
  const gateway = await startGateway(shop.rest.url, {
    env: { NODE_ENV: 'production', PERSISTED_DOCUMENTS: manifestFile, ...env },
  });
  gateways.push(gateway);
  return gateway;
}

/** A POST as Apollo's persisted query link sends it: the hash, with or without the text. */
async function post(gateway: Gateway, body: Record<string, unknown>, bearer?: string) {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: withoutCost(await response.json()) };
}

const byHash = (text: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256(text) } } });

describe('TRUSTED_DOCUMENTS=off (the default)', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await gatewayWith({});
  });

  it('answers a manifest document by its hash alone, with no text sent', async () => {
    expect(await post(gateway, byHash(PRODUCT_COUNT), token)).toEqual({
      status: 200,
      body: { data: { products: { totalCount: expect.any(Number) } } },
    });
    expect(await post(gateway, byHash(VIEWER_NAME), token)).toEqual({
      status: 200,
      body: { data: { viewer: { username: 'trusted-reader' } } },
    });
  });

  it('runs any other document too, and a hash it does not know is PERSISTED_QUERY_NOT_FOUND, as automatic persisted queries have it', async () => {
    expect(await post(gateway, { query: OTHER }, token)).toEqual({
      status: 200,
      body: { data: { viewer: { isAdmin: false } } },
    });
    const unknown = await post(gateway, byHash('query Unknown { viewer { id } }'));
    expect(unknown.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual([
      'PERSISTED_QUERY_NOT_FOUND',
    ]);
  });
});

describe('TRUSTED_DOCUMENTS=anonymous', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await gatewayWith({ TRUSTED_DOCUMENTS: 'anonymous' });
  });

  it('refuses another document from a caller without a token, with 400 and one clear error, running nothing', async () => {
    shop.resetCalls();
    expect(await post(gateway, { query: OTHER })).toEqual({
      status: 400,
      body: { errors: [{ message: REFUSED_ANONYMOUS, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] },
    });
    // Nor can it be stored as an automatic persisted query and then be run by hash.
    expect((await post(gateway, { query: OTHER, ...byHash(OTHER) })).status).toBe(400);
    expect((await post(gateway, byHash(OTHER))).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(shop.calls).toEqual([]);
  });

  it('runs the manifest’s documents for anyone, by hash or by their exact text', async () => {
    expect((await post(gateway, byHash(VIEWER_NAME))).body).toEqual({ data: { viewer: null } });
    expect((await post(gateway, { query: VIEWER_NAME })).body).toEqual({ data: { viewer: null } });
  });

  it('runs any document for a caller with a token', async () => {
    expect(await post(gateway, { query: OTHER }, token)).toEqual({
      status: 200,
      body: { data: { viewer: { isAdmin: false } } },
    });
  });

  it('refuses a token REST does not accept exactly as no token: introspection, register, login and a reset request, over POST and GET', async () => {
    const handWritten = [
      '{ __schema { queryType { name } } }',
      'mutation { register(input: { username: "made-up-token", password: "secret-1", confirmPassword: "secret-1" }) { token userErrors { message } } }',
      'mutation { login(input: { username: "trusted-reader", password: "wrong-one" }) { token userErrors { message } } }',
      'mutation { requestPasswordReset(input: { usernameOrEmail: "trusted-reader" }) { message userErrors { message } } }',
    ];
    const refused = {
      status: 400,
      body: { errors: [{ message: REFUSED_ANONYMOUS, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] },
    };
    restAnswers.length = 0;
    for (const query of handWritten) {
      for (const bearer of [undefined, 'x', forgedAdminToken()]) {
        expect(await post(gateway, { query }, bearer), `${bearer} ${query}`).toEqual(refused);
        const get = await fetch(`${gateway.url}?query=${encodeURIComponent(query)}`, {
          headers: { 'apollo-require-preflight': 'true', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        });
        expect({ status: get.status, body: withoutCost(await get.json()) }, `GET ${bearer} ${query}`).toEqual(refused);
      }
    }
    // REST was asked about each made-up token once (its refusal is remembered), and ran nothing else.
    expect(restAnswers).toEqual(['GET /api/users/profile 401', 'GET /api/users/profile 401']);
  });

  it('asks REST about an accepted token once, then trusts it for CATALOGUE_CACHE_TTL_SECONDS', async () => {
    const fresh = await shop.user('trusted-newcomer');
    restAnswers.length = 0;
    expect(await post(gateway, { query: '{ __typename }' }, fresh)).toEqual({
      status: 200,
      body: { data: { __typename: 'Query' } },
    });
    expect(await post(gateway, { query: '{ __schema { queryType { name } } }' }, fresh)).toEqual({
      status: 200,
      body: { data: { __schema: { queryType: { name: 'Query' } } } },
    });
    expect(restAnswers).toEqual(['GET /api/users/profile 200']);
  });

  it('forgets an accepted token once its session ended: the old token opens nothing, the new one does', async () => {
    const old = await shop.user('trusted-changer', 'first-secret');
    expect((await post(gateway, { query: '{ __typename }' }, old)).status).toBe(200);
    const changed = await post(
      gateway,
      {
        query:
          'mutation { changePassword(input: { currentPassword: "first-secret", newPassword: "second-secret", confirmPassword: "second-secret" }) { token } }',
      },
      old,
    );
    const renewed = changed.body.data.changePassword.token as string;
    expect(await post(gateway, { query: '{ __typename }' }, old)).toEqual({
      status: 400,
      body: { errors: [{ message: REFUSED_ANONYMOUS, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] },
    });
    expect(await post(gateway, { query: '{ __typename }' }, renewed)).toEqual({
      status: 200,
      body: { data: { __typename: 'Query' } },
    });
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when the REST service cannot say whether it accepts the token', async () => {
    const unreachable = await startGateway('http://127.0.0.1:9', {
      env: { NODE_ENV: 'production', PERSISTED_DOCUMENTS: manifestFile, TRUSTED_DOCUMENTS: 'anonymous' },
    });
    gateways.push(unreachable);
    expect(await post(unreachable, { query: '{ __typename }' }, token)).toEqual({
      status: 503,
      body: {
        errors: [
          {
            message: 'The shop is temporarily unavailable. Please try again in a moment.',
            extensions: { code: 'UPSTREAM_UNAVAILABLE' },
          },
        ],
      },
    });
  });

  it('closes a socket whose connection params carry a token REST does not accept, before it runs anything', async () => {
    for (const bearer of ['x', forgedAdminToken()]) {
      const socket = gateway.socket(bearer, { onNonLazyError: () => undefined });
      const closed = new Promise((resolve) =>
        socket.on('closed', (event) => resolve((event as { code: number }).code)),
      );
      const answered: unknown[] = [];
      socket.subscribe(
        { query: '{ __schema { queryType { name } } }' },
        { next: (event) => answered.push(event), error: () => undefined, complete: () => undefined },
      );
      expect(await closed).toBe(4403);
      expect(answered).toEqual([]);
    }
  });
});

describe('TRUSTED_DOCUMENTS=everyone', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await gatewayWith({ TRUSTED_DOCUMENTS: 'everyone' });
  });

  it('refuses another document from anyone, a token or not', async () => {
    for (const bearer of [undefined, token]) {
      expect(await post(gateway, { query: OTHER }, bearer)).toEqual({
        status: 400,
        body: { errors: [{ message: REFUSED_EVERYONE, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] },
      });
    }
    // A GET with the text in its URL alike.
    const get = await fetch(`${gateway.url}?query=${encodeURIComponent(OTHER)}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(400);
  });

  it('answers the manifest’s documents by hash, over HTTP (POST and GET) and over the socket', async () => {
    expect((await post(gateway, byHash(VIEWER_NAME), token)).body).toEqual({
      data: { viewer: { username: 'trusted-reader' } },
    });
    const get = await fetch(
      `${gateway.url}?extensions=${encodeURIComponent(JSON.stringify(byHash(PRODUCT_COUNT).extensions))}`,
      {
        headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${token}` },
      },
    );
    expect([get.status, withoutCost(await get.json())]).toEqual([
      200,
      { data: { products: { totalCount: expect.any(Number) } } },
    ]);

    const socket = gateway.socket(token);
    const query = listen(socket, '', {}, byHash(VIEWER_NAME).extensions);
    expect(withoutCost(await query.next())).toEqual({ data: { viewer: { username: 'trusted-reader' } } });
    // A subscription by hash, and a mutation by hash whose event it hears (both through this gateway's events).
    const feed = listen(socket, '', {}, byHash(PRODUCT_UPDATED).extensions);
    // The socket's operations before it are live.
    expect((await post(gateway, byHash(VIEWER_NAME), token)).status).toBe(200);
    const created = await post(
      gateway,
      {
        ...byHash(CREATE_PRODUCT),
        variables: { input: { name: 'Trusted Gauze', description: 'Sterile, 10 cm', price: 4.5, quantity: 7 } },
      },
      adminToken,
    );
    expect(created.body).toEqual({ data: { createProduct: { product: { id: expect.any(String) }, userErrors: [] } } });
    expect(await feed.nextMatching((event) => event.data?.productUpdated?.name === 'Trusted Gauze')).toEqual({
      data: { productUpdated: { name: 'Trusted Gauze', quantity: 7 } },
    });
    feed.stop();
  });

  it('refuses another document on the socket, and an unknown hash there is PERSISTED_QUERY_NOT_FOUND', async () => {
    const socket = gateway.socket(token);
    expect(await listen(socket, OTHER).refusal()).toEqual([
      { message: REFUSED_EVERYONE, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } },
    ]);
    expect(await listen(socket, '', {}, byHash(OTHER).extensions).refusal()).toEqual([
      { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
    ]);
  });
});

describe('the web app’s own manifest (the default PERSISTED_DOCUMENTS)', () => {
  it('answers the chat badge’s query by hash alone, under TRUSTED_DOCUMENTS=everyone', async () => {
    const gateway = await startGateway(shop.rest.url, {
      env: { NODE_ENV: 'production', TRUSTED_DOCUMENTS: 'everyone' },
    });
    gateways.push(gateway);
    const manifest = JSON.parse(fs.readFileSync('web/src/gql/persisted-documents.json', 'utf8')) as Record<
      string,
      string
    >;
    const [hash] = Object.entries(manifest).find(([, text]) => text.startsWith('query ChatUnreadTotal'))!;
    const answer = await post(
      gateway,
      { operationName: 'ChatUnreadTotal', extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
      token,
    );
    expect(answer).toEqual({ status: 200, body: { data: { viewer: { __typename: 'User', unreadMessageCount: 0 } } } });
  });
});

describe('settings', () => {
  it.each([
    [{ TRUSTED_DOCUMENTS: 'yes' }, 'TRUSTED_DOCUMENTS must be off, anonymous or everyone, not "yes"'],
    [
      { PERSISTED_DOCUMENTS: path.join(directory, 'none.json') },
      `PERSISTED_DOCUMENTS: cannot read ${path.join(directory, 'none.json')}: there is no such file (npm run codegen writes the web app’s)`,
    ],
  ])('refuses %o at start in one line', async (env, message) => {
    await expect(async () =>
      buildGateway(loadGatewayConfig({ REST_URL: shop.rest.url, ...env }), { logger: false }),
    ).rejects.toThrow(message);
  });

  it('refuses a manifest whose key is not its text’s hash', async () => {
    const forged = path.join(directory, 'forged.json');
    fs.writeFileSync(forged, JSON.stringify({ [sha256(PRODUCT_COUNT)]: OTHER }));
    await expect(
      buildGateway(loadGatewayConfig({ REST_URL: shop.rest.url, PERSISTED_DOCUMENTS: forged }), { logger: false }),
    ).rejects.toThrow(
      `PERSISTED_DOCUMENTS: forged.json has an entry whose key is not the SHA-256 of its text (${sha256(PRODUCT_COUNT).slice(0, 16)}…)`,
    );
  });
});
