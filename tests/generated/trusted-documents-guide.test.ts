// docs/graph.md's "Public operations, and what runs under each setting", done as a client developer who read only it
// would: under each TRUSTED_DOCUMENTS setting, against a real gateway in production mode over the real REST service
// (the demo catalogue loaded), a client registers and logs in with the public operations the guide publishes (each
// block's exact text, or the hash its table gives), then shops with them, and finds hand-written documents run or
// refused as the guide's table says. Last, a client's own manifest added to PERSISTED_DOCUMENTS as the guide shows.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicBlocksOf } from '../../scripts/public-documents.js';
import { type RestService, startRestService } from '../helpers/rest-service.js';
import { type Gateway, startGateway, withoutCost } from '../helpers/shop.js';

const guide = fs.readFileSync('docs/graph.md', 'utf8');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The guide's public operations by name: each block's text, as a client copies it. */
const texts = new Map(
  publicBlocksOf(guide).map((text) => [/^(?:query|mutation|subscription) (\w+)/.exec(text)![1]!, text] as const),
);
/** The guide's table of their hashes. */
const hashes = new Map(
  [...guide.matchAll(/^\| (\w+) \| `([0-9a-f]{64})` \|$/gm)].map(([, name, hash]) => [name!, hash!] as const),
);

const REFUSED_ANONYMOUS =
  'Without logging in, this shop runs only its own clients’ documents: send a persisted document’s hash, or log in';
const REFUSED_EVERYONE = 'This shop runs only its own clients’ documents: send a persisted document’s hash';
const refusal = (message: string) => ({
  status: 400,
  body: { errors: [{ message, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] },
});

let rest: RestService;
const gateways: Gateway[] = [];
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-manifest-'));

beforeAll(async () => {
  rest = await startRestService({ listen: true, seedDemo: true });
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await rest?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function gatewayWith(env: Record<string, string>): Promise<Gateway> {
  const gateway = await startGateway(rest.url, { env: { NODE_ENV: 'production', ...env } });
  gateways.push(gateway);
  return gateway;
}

/** A request as the guide says to send it: a body of JSON, the token (if any) as `Authorization: Bearer`. */
async function send(gateway: Gateway, body: Record<string, unknown>, token?: string) {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: withoutCost(await response.json()) as { data?: any; errors?: unknown[] } };
}

/** A public operation by its exact text. */
const byText = (name: string, variables: Record<string, unknown> = {}) => ({
  operationName: name,
  query: texts.get(name)!,
  variables,
});
/** A public operation by the hash the guide's table gives, without its text. */
const byHash = (name: string, variables: Record<string, unknown> = {}) => ({
  operationName: name,
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: hashes.get(name)! } },
});

/** The answer's data, after checking the request was answered 200 without errors. */
async function data(gateway: Gateway, body: Record<string, unknown>, token?: string) {
  const answer = await send(gateway, body, token);
  expect(answer, JSON.stringify(body).slice(0, 80)).toEqual({ status: 200, body: { data: expect.anything() } });
  return answer.body.data;
}

it('the guide publishes its public operations with their hashes, as the gateway loads them by default', () => {
  expect([...texts.keys()]).toEqual([...hashes.keys()]);
  for (const [name, text] of texts) expect(hashes.get(name), name).toBe(sha256(text));
  expect(JSON.parse(fs.readFileSync('gateway/public-documents.json', 'utf8'))).toEqual(
    Object.fromEntries([...texts.values()].map((text) => [sha256(text), text])),
  );
});

describe.each(['off', 'anonymous', 'everyone'] as const)('TRUSTED_DOCUMENTS=%s', (setting) => {
  let gateway: Gateway;
  let token: string;
  const username = `guide-${setting}`;
  beforeAll(async () => {
    gateway = await gatewayWith(setting === 'off' ? {} : { TRUSTED_DOCUMENTS: setting });
  });

  it('registers and logs in with the public operations, by exact text and by hash, without a token', async () => {
    const input = { username, password: 'guide-secret-1', confirmPassword: 'guide-secret-1' };
    expect((await data(gateway, byText('Register', { input }))).register.userErrors).toEqual([]);
    const login = (await data(gateway, byHash('Login', { input: { username, password: 'guide-secret-1' } }))).login;
    expect(login).toEqual({
      token: expect.any(String),
      viewer: { id: expect.any(String), username, isAdmin: false },
      userErrors: [],
    });
    token = login.token;
    expect((await data(gateway, byText('Viewer'), token)).viewer).toMatchObject({ username, isAdmin: false });
    // A forgotten password, both steps, without a token.
    expect(
      (await data(gateway, byText('RequestPasswordReset', { input: { usernameOrEmail: 'nobody-by-that-name' } })))
        .requestPasswordReset,
    ).toEqual({
      message: expect.stringMatching(/^If an account has that username/),
      userErrors: [],
    });
    const reset = (
      await data(
        gateway,
        byHash('ResetPassword', {
          input: { token: 'never-sent', newPassword: 'n3w-secret', confirmPassword: 'n3w-secret' },
        }),
      )
    ).resetPassword;
    expect(reset).toEqual({
      username: null,
      userErrors: [{ message: expect.any(String), field: 'token', code: 'INVALID_INPUT' }],
    });
  });

  it('then shops with them: products, a search, one product, the cart, an order, and the orders', async () => {
    const page = (await data(gateway, byText('Products', { first: 2 }), token)).products;
    expect(page).toMatchObject({ totalCount: 32, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    const [first, second] = page.edges.map((edge: { node: { id: string; name: string } }) => edge.node);
    const found = (await data(gateway, byHash('SearchProducts', { search: 'thermometers', first: 5 }), token)).products;
    expect(found.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual([
      'Digital Thermometer',
      'Infrared Ear Thermometer',
      'Duck Bath Thermometer',
    ]);
    expect((await data(gateway, byHash('Product', { id: first.id }), token)).product).toMatchObject({
      id: first.id,
      name: first.name,
    });
    const line = (quantity: number) => ({
      productName: first.name,
      quantity,
      lineTotal: expect.anything(),
      product: { id: first.id },
    });

    expect(
      (await data(gateway, byText('AddToCart', { input: { productId: first.id, quantity: 2 } }), token)).addToCart,
    ).toMatchObject({
      cart: { items: [line(2)] },
      userErrors: [],
    });
    expect(
      (await data(gateway, byHash('AddToCart', { input: { productId: second.id } }), token)).addToCart.cart.items,
    ).toHaveLength(2);
    expect(
      (await data(gateway, byText('RemoveCartItem', { input: { productId: second.id } }), token)).removeCartItem.cart
        .items,
    ).toEqual([line(2)]);
    expect(
      (await data(gateway, byHash('UpdateCartItem', { input: { productId: first.id, quantity: 1 } }), token))
        .updateCartItem.cart.items,
    ).toEqual([line(1)]);
    const cart = (await data(gateway, byText('Cart'), token)).viewer.cart;
    expect(cart.items).toMatchObject([{ productName: first.name, quantity: 1, unitPrice: first.unitPrice }]);

    const checkout = (
      await data(
        gateway,
        byHash('Checkout', {
          input: { shippingAddress: '1 Guide Street, Port Town', expectedTotalAmount: cart.total.amount },
        }),
        token,
      )
    ).checkout;
    expect(checkout).toEqual({
      order: { id: expect.any(String), number: expect.any(Number), status: 'PENDING', total: cart.total },
      cart: { id: cart.id, itemCount: 0 },
      userErrors: [],
    });
    const orders = (await data(gateway, byText('MyOrders', { first: 5 }), token)).viewer.orders;
    expect(orders.totalCount).toBe(1);
    expect(orders.edges[0].node).toMatchObject({
      id: checkout.order.id,
      shippingAddress: '1 Guide Street, Port Town',
      items: [{ productName: first.name, quantity: 1 }],
    });
  });

  it('runs or refuses a hand-written document as the guide’s table says', async () => {
    const handWritten = { query: '{ viewer { username } }' };
    const introspection = { query: '{ __schema { queryType { name } } }' };
    if (setting === 'off') {
      expect(await send(gateway, handWritten)).toEqual({ status: 200, body: { data: { viewer: null } } });
      expect(await send(gateway, handWritten, token)).toEqual({
        status: 200,
        body: { data: { viewer: { username } } },
      });
    } else if (setting === 'anonymous') {
      expect(await send(gateway, handWritten)).toEqual(refusal(REFUSED_ANONYMOUS));
      // A token the shop did not give is no token.
      expect(await send(gateway, introspection, 'made-up')).toEqual(refusal(REFUSED_ANONYMOUS));
      expect(await send(gateway, handWritten, token)).toEqual({
        status: 200,
        body: { data: { viewer: { username } } },
      });
      expect(await send(gateway, introspection, token)).toEqual({
        status: 200,
        body: { data: { __schema: { queryType: { name: 'Query' } } } },
      });
    } else {
      expect(await send(gateway, handWritten)).toEqual(refusal(REFUSED_EVERYONE));
      expect(await send(gateway, handWritten, token)).toEqual(refusal(REFUSED_EVERYONE));
      // The same operation with one space more is another document.
      expect(await send(gateway, { ...byText('Viewer'), query: `${texts.get('Viewer')!} ` }, token)).toEqual(
        refusal(REFUSED_EVERYONE),
      );
    }
  });
});

it('a client’s own manifest, added to PERSISTED_DOCUMENTS as the guide shows, runs under TRUSTED_DOCUMENTS=everyone', async () => {
  const line = /^PERSISTED_DOCUMENTS=(\S+)$/m.exec(guide)![1]!;
  const own = 'query ChatBadge {\n  viewer {\n    unreadMessageCount\n  }\n}';
  const manifest = path.join(directory, 'partner-app.json');
  fs.writeFileSync(manifest, JSON.stringify({ [sha256(own)]: own }));
  const gateway = await gatewayWith({
    TRUSTED_DOCUMENTS: 'everyone',
    PERSISTED_DOCUMENTS: line.replace('/etc/medshop/partner-app.json', manifest),
  });
  const token = (
    await data(gateway, byHash('Login', { input: { username: 'guide-everyone', password: 'guide-secret-1' } }))
  ).login.token;
  expect(await send(gateway, { query: own }, token)).toEqual({
    status: 200,
    body: { data: { viewer: { unreadMessageCount: 0 } } },
  });
  expect(
    await send(gateway, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(own) } } }, token),
  ).toEqual({
    status: 200,
    body: { data: { viewer: { unreadMessageCount: 0 } } },
  });
  // The web app's documents are still there, by their hash alone.
  const web = JSON.parse(fs.readFileSync('web/src/gql/persisted-documents.json', 'utf8')) as Record<string, string>;
  const [badge] = Object.entries(web).find(([, text]) => text.startsWith('query ChatUnreadTotal'))!;
  expect(
    (await send(gateway, { extensions: { persistedQuery: { version: 1, sha256Hash: badge } } }, token)).status,
  ).toBe(200);
});
