// The catalogue answered from the gateway (catalogue-cache.ts), as clients meet it: a repeated catalogue query
// costs no REST call; after any change through any gateway no gateway answers the old value once the event is out;
// a change made straight at REST shows within the lifetime; nothing per user is kept, and only tokens REST accepted
// are served. Real gateways over the real REST service (and a real Redis for two gateways).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../../tests/helpers/fault-proxy.js';
import { redisReachable } from '../../tests/helpers/redis.js';
import { type Feed, WAIT_MS, listen } from '../../tests/helpers/socket-feed.js';
import {
  type Gateway,
  type GraphQLAnswer,
  type Shop,
  restExtensions,
  startGateway,
  startShop,
} from '../../tests/helpers/shop.js';
import { poll } from '../../tests/helpers/poll.js';

const LISTING =
  'query ($name: String) { products(first: 20, filter: { name: $name }) { totalCount edges { node { id name price quantity inStock } } } }';
const UPDATE_PRODUCT =
  'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id } userErrors { message } } }';
const PRODUCT_UPDATED = 'subscription ($ids: [ID!]) { productUpdated(ids: $ids) { id price quantity } }';

let shop: Shop;
let admin: string;
let buyer: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
  buyer = await shop.user('cached-buyer');
});
afterAll(() => shop.close());

/** A product made through the gateway; its global id. */
async function newProduct(gateway: Gateway, name: string, price: number, quantity: number): Promise<string> {
  const answer = await gateway.graphql(
    'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
    { input: { name, description: `${name}, made by the cache test`, price, quantity } },
    admin,
  );
  expect(answer.data.createProduct.userErrors).toEqual([]);
  return answer.data.createProduct.product.id;
}

async function mutate(gateway: Gateway, token: string, query: string, variables: Record<string, unknown>) {
  const answer = await gateway.graphql(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  const [payload] = Object.values(answer.data as Record<string, { userErrors: unknown[] }>);
  expect(payload!.userErrors).toEqual([]);
  return payload as any;
}

/** The listing as `token` sees it, and the REST calls that took. */
async function listing(gateway: Gateway, name: string, token = buyer) {
  shop.resetCalls();
  const answer = await gateway.graphql(LISTING, { name }, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return { products: answer.data.products, calls: [...shop.calls] };
}

const codes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

describe('the catalogue answered from the gateway', () => {
  it('answers a repeated catalogue query without asking REST, to every shopper', async () => {
    await newProduct(shop.gateway, 'Cached Gauze Roll', 3.5, 40);
    const first = await listing(shop.gateway, 'cached gauze');
    expect(first.calls).not.toEqual([]);
    expect(first.products.edges.map((edge: any) => edge.node.name)).toEqual(['Cached Gauze Roll']);
    const again = await listing(shop.gateway, 'cached gauze');
    expect(again).toEqual({ products: first.products, calls: [] });
    // Another shopper: their token is asked about once, then the same kept answer.
    const other = await shop.user('cached-other');
    expect((await listing(shop.gateway, 'cached gauze', other)).calls).not.toEqual([]);
    expect(await listing(shop.gateway, 'cached gauze', other)).toEqual({ products: first.products, calls: [] });
  });

  it('answers the new price, stock, a new product and a removed one at once after each change through the gateway', async () => {
    const id = await newProduct(shop.gateway, 'Fresh Splint', 12, 10);
    const node = (products: any) => products.edges.map((edge: any) => edge.node);
    expect(node((await listing(shop.gateway, 'fresh splint')).products)).toEqual([
      { id, name: 'Fresh Splint', price: 12, quantity: 10, inStock: true },
    ]);

    await mutate(shop.gateway, admin, UPDATE_PRODUCT, {
      input: { id, name: 'Fresh Splint', description: 'Cheaper', price: 9.25, quantity: 10 },
    });
    expect(node((await listing(shop.gateway, 'fresh splint')).products)).toEqual([
      { id, name: 'Fresh Splint', price: 9.25, quantity: 10, inStock: true },
    ]);

    await mutate(
      shop.gateway,
      buyer,
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 10 }) { userErrors { message } } }',
      { id },
    );
    await mutate(
      shop.gateway,
      buyer,
      'mutation { checkout(input: { shippingAddress: "9 Cache Lane" }) { order { id } userErrors { message } } }',
      {},
    );
    expect(node((await listing(shop.gateway, 'fresh splint')).products)).toEqual([
      { id, name: 'Fresh Splint', price: 9.25, quantity: 0, inStock: false },
    ]);

    const second = await newProduct(shop.gateway, 'Fresh Splint XL', 15, 4);
    const both = (await listing(shop.gateway, 'fresh splint')).products;
    expect(both.totalCount).toBe(2);
    expect(node(both).map((product: any) => product.id)).toEqual([id, second]);

    await mutate(
      shop.gateway,
      admin,
      'mutation ($id: ID!) { deleteProduct(input: { id: $id }) { deletedProductId userErrors { message } } }',
      { id: second },
    );
    expect((await listing(shop.gateway, 'fresh splint')).products.totalCount).toBe(1);
    const one = await shop.graphql('query ($id: ID!) { product(id: $id) { id } }', { id: second }, buyer);
    expect(one.data).toEqual({ product: null });
  });

  it.runIf(restExtensions)(
    'answers the category tree and a list’s facets again from REST once a category is created, renamed or moved',
    async () => {
      const FACETS =
        'query { categories { id name parent { id } } productFacets { categories { category { name } count } } }';
      const ask = async () => {
        shop.resetCalls();
        const answer = await shop.gateway.graphql(FACETS, {}, buyer);
        expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
        return {
          names: answer.data.productFacets.categories.map((facet: any) => facet.category.name),
          calls: [...shop.calls],
        };
      };
      const first = await ask();
      expect(first.calls).not.toEqual([]);
      expect(await ask()).toEqual({ names: first.names, calls: [] });
      const created = await mutate(
        shop.gateway,
        admin,
        'mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { category { id } userErrors { message } } }',
        {
          input: { name: 'Cached aisle' },
        },
      );
      const afterCreate = await ask();
      expect(afterCreate.names).toContain('Cached aisle');
      expect(afterCreate.calls).not.toEqual([]);
      expect((await ask()).calls).toEqual([]);
      await mutate(
        shop.gateway,
        admin,
        'mutation ($input: UpdateCategoryInput!) { updateCategory(input: $input) { category { id } userErrors { message } } }',
        {
          input: { id: created.category.id, name: 'Cached aisle, renamed' },
        },
      );
      const afterRename = await ask();
      expect(afterRename.names).toContain('Cached aisle, renamed');
      expect(afterRename.names).not.toContain('Cached aisle');
    },
  );

  it('does not keep an answer REST gave before a change that was announced while it travelled', async () => {
    const proxy = await startFaultProxy(shop.rest.url);
    const gateway = await startGateway(shop.rest.url, { restUrl: proxy.url });
    try {
      const id = await newProduct(gateway, 'Racing Bandage', 10, 3);
      const node = async () => (await listing(gateway, 'racing bandage')).products.edges[0].node;
      // The listing's answer is read at REST (price 10) and held until the price has changed through the gateway.
      proxy.inject(
        {
          afterAnswer: async () => {
            proxy.heal();
            await mutate(gateway, admin, UPDATE_PRODUCT, {
              input: { id, name: 'Racing Bandage', description: 'Cheaper', price: 7, quantity: 3 },
            });
          },
        },
        /\/api\/products\/filter\?name=racing/,
      );
      expect(await node()).toMatchObject({ price: 10 });
      const after = await listing(gateway, 'racing bandage');
      expect(after.calls).not.toEqual([]);
      expect(after.products.edges[0].node).toMatchObject({ price: 7 });
    } finally {
      await gateway.close();
      await proxy.close();
    }
  });

  it('shows a change made straight at the REST service once the lifetime is over, and not before it is asked again', async () => {
    const shortLived = await startGateway(shop.rest.url, { env: { CATALOGUE_CACHE_TTL_SECONDS: '1' } });
    try {
      const id = await newProduct(shortLived, 'Behind Back Brace', 20, 5);
      const restId = Number(Buffer.from(id, 'base64url').toString().split(':')[1]);
      expect((await listing(shortLived, 'behind back brace')).products.edges[0].node.price).toBe(20);
      const restAdmin = await shop.rest.adminToken();
      const changed = await shop.rest.request('PUT', `/api/products/${restId}`, {
        token: restAdmin,
        body: {
          name: 'Behind Back Brace',
          description: 'Changed at REST',
          price: 17,
          quantity: 5,
          imageUrl: null,
          imageUrls: [],
        },
      });
      expect(changed.status).toBe(200);
      // No event told the gateway: the kept answer is served, and without asking REST, until it expires.
      const kept = await listing(shortLived, 'behind back brace');
      expect(kept.calls).toEqual([]);
      expect(kept.products.edges[0].node.price).toBe(20);
      const fresh = await poll(
        () => listing(shortLived, 'behind back brace'),
        (answer) => answer.products.edges[0].node.price === 17,
        { within: 5_000 },
      );
      expect(fresh.products.edges[0].node.price).toBe(17);
    } finally {
      await shortLived.close();
    }
  });

  it('serves kept answers only to tokens REST accepted: no token, a forged one and an ended session are refused', async () => {
    await listing(shop.gateway, '');
    const anonymous = await shop.graphql(LISTING, { name: '' });
    expect(anonymous.data).toEqual({ products: null });
    expect(codes(anonymous)).toEqual(['UNAUTHENTICATED']);

    const [header, , signature] = buyer.split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ sub: 'cached-buyer', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const forged = await shop.graphql(LISTING, { name: '' }, `${header}.${forgedClaims}.${signature}`);
    expect(forged.data).toEqual({ products: null });
    expect(codes(forged)).toEqual(['UNAUTHENTICATED']);

    const leaving = await shop.user('cached-leaver', 'old-secret-1');
    expect((await listing(shop.gateway, '', leaving)).calls).not.toEqual([]);
    expect((await listing(shop.gateway, '', leaving)).calls).toEqual([]);
    await mutate(
      shop.gateway,
      leaving,
      'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { token userErrors { message } } }',
      {
        input: { currentPassword: 'old-secret-1', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
      },
    );
    const ended = await shop.graphql(LISTING, { name: '' }, leaving);
    expect(ended.data).toEqual({ products: null });
    expect(codes(ended)).toEqual(['UNAUTHENTICATED']);
  });

  it('keeps nothing that differs per user: a document with the viewer, or a node, asks REST every time', async () => {
    const query = '{ viewer { username } products(first: 1) { totalCount } }';
    const alice = await shop.user('cached-alice');
    const bob = await shop.user('cached-bob');
    expect((await shop.graphql(query, {}, alice)).data.viewer).toEqual({ username: 'cached-alice' });
    shop.resetCalls();
    expect((await shop.graphql(query, {}, bob)).data.viewer).toEqual({ username: 'cached-bob' });
    expect(shop.calls).not.toEqual([]);

    const id = await newProduct(shop.gateway, 'Node Lookup Mask', 1, 1);
    const byNode = 'query ($id: ID!) { node(id: $id) { ... on Product { name } } }';
    await shop.graphql(byNode, { id }, alice);
    shop.resetCalls();
    expect((await shop.graphql(byNode, { id }, alice)).data).toEqual({ node: { name: 'Node Lookup Mask' } });
    expect(shop.calls).not.toEqual([]);
  });

  it('asks REST every time with CATALOGUE_CACHE=false', async () => {
    const uncached = await startGateway(shop.rest.url, { env: { CATALOGUE_CACHE: 'false' } });
    try {
      await listing(uncached, 'cached gauze');
      const again = await listing(uncached, 'cached gauze');
      expect(again.calls).not.toEqual([]);
      expect(again.products.totalCount).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(redisUrl);
if (!redisUp)
  console.warn(`\n!!! Redis is not reachable at ${redisUrl}: the catalogue cache across two gateways is SKIPPED.\n`);

describe.runIf(redisUp)('the catalogue answered from two gateways over one Redis', () => {
  let gatewayA: Gateway;
  let gatewayB: Gateway;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `medshop-cache-${randomBytes(4).toString('hex')}:` };
    gatewayA = await startGateway(shop.rest.url, { env });
    gatewayB = await startGateway(shop.rest.url, { env });
  });
  afterAll(async () => {
    await gatewayA?.close();
    await gatewayB?.close();
  });

  /** The next productUpdated on gateway B's feed; fails when none came. */
  async function eventOn(feed: Feed) {
    const event = await feed.nextMatching(() => true);
    if (!event) throw new Error(`no productUpdated reached gateway B within ${WAIT_MS} ms`);
    return event.data.productUpdated;
  }

  it('never answers the old price or stock on gateway B once the change through gateway A reached it', async () => {
    const id = await newProduct(gatewayA, 'Two Gateway Gloves', 8, 6);
    const watcher = gatewayB.socket(await shop.user('cached-watcher'));
    try {
      const feed = listen(watcher, PRODUCT_UPDATED, { ids: [id] });
      // Until B's subscription is live, probe with small changes of the price.
      for (let price = 8; ; price += 0.01) {
        await mutate(gatewayA, admin, UPDATE_PRODUCT, {
          input: { id, name: 'Two Gateway Gloves', description: 'Probe', price: Number(price.toFixed(2)), quantity: 6 },
        });
        if (await feed.nextMatching(() => true, 250)) break;
        if (price > 8.5) throw new Error('gateway B never received productUpdated');
      }
      const before = await listing(gatewayB, 'two gateway gloves');
      expect((await listing(gatewayB, 'two gateway gloves')).calls).toEqual([]);

      await mutate(gatewayA, admin, UPDATE_PRODUCT, {
        input: { id, name: 'Two Gateway Gloves', description: 'Sale', price: 5.75, quantity: 6 },
      });
      expect(await eventOn(feed)).toEqual({ id, price: 5.75, quantity: 6 });
      expect((await listing(gatewayB, 'two gateway gloves')).products.edges[0].node).toEqual({
        ...before.products.edges[0].node,
        price: 5.75,
      });

      await mutate(
        gatewayA,
        buyer,
        'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 2 }) { userErrors { message } } }',
        { id },
      );
      await mutate(
        gatewayA,
        buyer,
        'mutation { checkout(input: { shippingAddress: "2 Redis Row" }) { order { id } userErrors { message } } }',
        {},
      );
      expect(await eventOn(feed)).toEqual({ id, price: 5.75, quantity: 4 });
      expect((await listing(gatewayB, 'two gateway gloves')).products.edges[0].node).toEqual({
        id,
        name: 'Two Gateway Gloves',
        price: 5.75,
        quantity: 4,
        inStock: true,
      });
    } finally {
      await watcher.dispose();
    }
  });
});
