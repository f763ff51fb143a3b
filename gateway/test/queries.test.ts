// Every query field of schema.graphql as a client meets it: real HTTP to the real gateway over the real REST
// service (with the contract extensions, and again without them in the gateway-plain project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLAnswer, type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let adminRest: string;
/** The catalogue fixture by name → global id. */
const productId: Record<string, string> = {};

// Opaque ids a client could still send: well-formed global ids and cursors that name nothing it may see.
const globalId = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A query that must succeed: its data. */
async function read<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const answer = await shop.graphql<T>(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!;
}

const errorCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);
const errorMessages = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.message);

/** The full catalogue straight from the REST service, in its order (by id). */
async function catalogueNames(): Promise<string[]> {
  const answer = await shop.rest.request<{ name: string }[]>('GET', '/api/products', { token: adminRest });
  return answer.body.map((product) => product.name);
}

async function sendRest(token: string, receiver: string, content: string) {
  const answer = await shop.rest.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; chatRoomId: number };
}

/** The REST id inside a product's global id, to set up carts straight through the REST service. */
const restProductId = (name: string) =>
  Number(Buffer.from(productId[name]!, 'base64url').toString('utf8').split(':')[1]);

async function addToCartRest(token: string, name: string, quantity: number) {
  const added = await shop.rest.request('POST', '/api/cart/items', {
    token,
    body: { productId: restProductId(name), quantity },
  });
  expect(added.status).toBe(200);
}

async function placeOrderRest(token: string, lines: [string, number][], shippingAddress = '1 Test Street') {
  for (const [name, quantity] of lines) await addToCartRest(token, name, quantity);
  const order = await shop.rest.request('POST', '/api/orders/checkout', { token, body: { shippingAddress } });
  expect(order.status).toBe(201);
  return order.body as { id: number };
}

const FIXTURE = [
  { name: 'Qcat Sterile Gauze Pad', price: 4.5, quantity: 120 },
  { name: 'Qcat gauze roll', price: 7.25, quantity: 0 },
  { name: 'Qcat Latex Gloves', price: 12, quantity: 30 },
  { name: 'Qcat Nitrile Gloves', price: 15.99, quantity: 31 },
  {
    name: 'Qcat Thermometer',
    price: 20,
    quantity: 5,
    imageUrl: 'https://img.example/thermo.png',
    imageUrls: ['https://img.example/thermo-side.png'],
  },
  { name: 'Qcat Syringe', price: 0, quantity: 1000, imageUrls: ['/images/syringe.png', '/images/syringe-2.png'] },
  // Bought by the tests, so the stock of the filtered products above never changes.
  { name: 'Qord Bandage', price: 2.5, quantity: 500 },
  { name: 'Qord Plaster', price: 1.25, quantity: 500 },
];
const BULK = 20;

beforeAll(async () => {
  shop = await startShop();
  adminRest = await shop.rest.adminToken();
  for (const product of FIXTURE) await shop.rest.createProduct(adminRest, product);
  for (let i = 0; i < BULK; i += 1)
    await shop.rest.createProduct(adminRest, {
      name: `Qbulk item ${String(i).padStart(2, '0')}`,
      price: 30 + i,
      quantity: 10,
    });
  const token = await shop.rest.adminToken();
  const listing = await shop.graphql('{ products(first: 100) { edges { node { id name } } } }', {}, token);
  for (const edge of listing.data.products.edges) productId[edge.node.name] = edge.node.id;
});
afterAll(() => shop.close());

describe('products', () => {
  const PAGE = `query ($first: Int, $after: String, $filter: ProductFilter) {
    products(first: $first, after: $after, filter: $filter) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id name price quantity } }
    }
  }`;

  /** Walks a listing with first/after to its end, checking every page's pageInfo on the way. */
  async function walk(token: string, first: number, filter?: Record<string, unknown>) {
    const names: string[] = [];
    const totals = new Set<number>();
    let after: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const { products }: { products: any } = await read(PAGE, { first, after, filter }, token);
      totals.add(products.totalCount);
      const edges = products.edges as { cursor: string; node: { name: string } }[];
      expect(products.pageInfo.hasPreviousPage).toBe(page > 0);
      expect(products.pageInfo.startCursor).toBe(edges[0]?.cursor ?? null);
      expect(products.pageInfo.endCursor).toBe(edges.at(-1)?.cursor ?? null);
      names.push(...edges.map((edge) => edge.node.name));
      expect(products.pageInfo.hasNextPage).toBe(names.length < products.totalCount);
      // The same cursor answers the same page again: cursors are stable while the catalogue is.
      if (after !== null) expect((await read(PAGE, { first, after, filter }, token)).products).toEqual(products);
      if (!products.pageInfo.hasNextPage) return { names, totals };
      expect(edges).toHaveLength(first);
      after = products.pageInfo.endCursor;
    }
    throw new Error('the listing never ended');
  }

  it('pages through the whole catalogue with first/after: each product once, in id order, the same totalCount on every page', async () => {
    const token = await shop.user('q-pager');
    const expected = await catalogueNames();
    expect(expected.length).toBeGreaterThan(20);
    const { names, totals } = await walk(token, 7);
    expect(names).toEqual(expected);
    expect([...totals]).toEqual([expected.length]);
  });

  const BACKWARD = `query ($last: Int, $before: String, $first: Int, $after: String) {
    products(last: $last, before: $before, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { name } }
    }
  }`;

  it('pages backward with last/before from the end to the start: the same products in the same order, and cursors that page forward again', async () => {
    const token = await shop.user('q-backward');
    const expected = await catalogueNames();
    const pages: string[][] = [];
    let before: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const { products }: { products: any } = await read(BACKWARD, { last: 7, before }, token);
      const names = products.edges.map((edge: { node: { name: string } }) => edge.node.name);
      pages.unshift(names);
      const seen = pages.flat().length;
      expect(products.totalCount).toBe(expected.length);
      // Backward: the page ends where `before` is (or at the list's end), and there is more before it until the start.
      expect(names).toEqual(expected.slice(expected.length - seen, expected.length - seen + names.length));
      expect(products.pageInfo.hasPreviousPage).toBe(seen < expected.length);
      expect(products.pageInfo.hasNextPage).toBe(page > 0);
      if (!products.pageInfo.hasPreviousPage) break;
      expect(names).toHaveLength(7);
      before = products.pageInfo.startCursor;
    }
    expect(pages.flat()).toEqual(expected);
    // A cursor met paging backward pages forward from there.
    const { products: last } = await read(BACKWARD, { last: 3 }, token);
    const { products: fromThere } = await read(BACKWARD, { first: 2, after: last.edges[0].cursor }, token);
    expect(fromThere.edges.map((edge: any) => edge.node.name)).toEqual(expected.slice(-2));
  });

  it('refuses paging both ways at once, and a before that is not a cursor, with BAD_USER_INPUT', async () => {
    const token = await shop.user('q-both-ways');
    const cursor = (await read(BACKWARD, { first: 2 }, token)).products.pageInfo.endCursor;
    for (const variables of [
      { first: 2, last: 2 },
      { first: 2, before: cursor },
      { last: 2, after: cursor },
      { last: 101 },
      { last: -1 },
      { last: 2, before: 'nope' },
    ]) {
      const answer = await shop.graphql(BACKWARD, variables, token);
      expect(answer.data?.products ?? null, JSON.stringify(variables)).toBeNull();
      expect(errorCodes(answer), JSON.stringify(variables)).toEqual(['BAD_USER_INPUT']);
    }
    expect(errorMessages(await shop.graphql(BACKWARD, { first: 2, last: 2 }, token))).toEqual([
      'Page forward with first and after, or backward with last and before: not both',
    ]);
  });

  it('answers 20 products when first is not given', async () => {
    const token = await shop.user('q-default-page');
    const { products } = await read(PAGE, {}, token);
    expect(products.edges).toHaveLength(20);
    expect(products.pageInfo.hasNextPage).toBe(true);
  });

  it('first: 0 answers no edges, null cursors, and still the totalCount and whether more exist', async () => {
    const token = await shop.user('q-first-zero');
    const { products } = await read(PAGE, { first: 0 }, token);
    expect(products).toEqual({
      totalCount: (await catalogueNames()).length,
      pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null },
      edges: [],
    });
  });

  it('refuses first above 100 or below 0 with BAD_USER_INPUT', async () => {
    const token = await shop.user('q-first-bounds');
    for (const first of [101, -1]) {
      const answer = await shop.graphql(PAGE, { first }, token);
      expect(answer.data?.products ?? null).toBeNull();
      expect(errorCodes(answer)).toEqual(['BAD_USER_INPUT']);
    }
    expect((await read(PAGE, { first: 100 }, token)).products.edges.length).toBeGreaterThan(20);
  });

  it('refuses an after that is not a cursor of the list with BAD_USER_INPUT', async () => {
    const token = await shop.user('q-bad-after');
    for (const after of ['not-a-cursor', base64url('message:3'), base64url('offset:-1'), '']) {
      const answer = await shop.graphql(PAGE, { first: 5, after }, token);
      expect(answer.data?.products ?? null).toBeNull();
      expect(errorCodes(answer), after).toEqual(['BAD_USER_INPUT']);
    }
  });

  it('answers an empty page after the last product', async () => {
    const token = await shop.user('q-after-last');
    const all = await read(PAGE, { first: 100 }, token);
    const { products } = await read(PAGE, { first: 5, after: all.products.pageInfo.endCursor }, token);
    expect(products.edges).toEqual([]);
    expect(products.pageInfo).toMatchObject({
      hasNextPage: false,
      hasPreviousPage: true,
      startCursor: null,
      endCursor: null,
    });
    expect(products.totalCount).toBe(all.products.totalCount);
  });

  it('filters by part of the name in any case', async () => {
    const token = await shop.user('q-filter-name');
    const { products } = await read(PAGE, { first: 20, filter: { name: 'GAUZE' } }, token);
    expect(products.edges.map((edge: any) => edge.node.name)).toEqual(['Qcat Sterile Gauze Pad', 'Qcat gauze roll']);
    expect(products.totalCount).toBe(2);
    const gloves = await read(PAGE, { first: 20, filter: { name: 'gLoVeS' } }, token);
    expect(gloves.products.edges.map((edge: any) => edge.node.name)).toEqual([
      'Qcat Latex Gloves',
      'Qcat Nitrile Gloves',
    ]);
  });

  it.each([
    ['minPrice', { minPrice: 12 }, ['Qcat Latex Gloves', 'Qcat Nitrile Gloves', 'Qcat Thermometer']],
    ['maxPrice', { maxPrice: 7.25 }, ['Qcat Sterile Gauze Pad', 'Qcat gauze roll', 'Qcat Syringe']],
    [
      'minPrice and maxPrice',
      { minPrice: 4.5, maxPrice: 12 },
      ['Qcat Sterile Gauze Pad', 'Qcat gauze roll', 'Qcat Latex Gloves'],
    ],
    ['minQuantity', { minQuantity: 31 }, ['Qcat Sterile Gauze Pad', 'Qcat Nitrile Gloves', 'Qcat Syringe']],
    ['maxQuantity', { maxQuantity: 5 }, ['Qcat gauze roll', 'Qcat Thermometer']],
    [
      'minQuantity and maxQuantity',
      { minQuantity: 30, maxQuantity: 120 },
      ['Qcat Sterile Gauze Pad', 'Qcat Latex Gloves', 'Qcat Nitrile Gloves'],
    ],
    ['a price of 0 as a bound', { maxPrice: 0 }, ['Qcat Syringe']],
  ])('filters by %s, bounds inclusive', async (_label, bounds, expected) => {
    const token = await shop.user(`q-filter-${_label.replace(/\W+/g, '-')}`);
    const { products } = await read(PAGE, { first: 50, filter: { name: 'qcat', ...bounds } }, token);
    expect(products.edges.map((edge: any) => edge.node.name)).toEqual(expected);
    expect(products.totalCount).toBe(expected.length);
  });

  it('a filter without the name narrows the whole catalogue', async () => {
    const token = await shop.user('q-filter-no-name');
    const { products } = await read(PAGE, { first: 50, filter: { minPrice: 45 } }, token);
    expect(products.edges.map((edge: any) => edge.node.name)).toEqual([
      'Qbulk item 15',
      'Qbulk item 16',
      'Qbulk item 17',
      'Qbulk item 18',
      'Qbulk item 19',
    ]);
  });

  it('pages through a filtered listing with first/after, with the filtered totalCount on every page', async () => {
    const token = await shop.user('q-filter-paging');
    const { names, totals } = await walk(token, 6, { name: 'qbulk', minQuantity: 10 });
    expect(names).toEqual(Array.from({ length: BULK }, (_, i) => `Qbulk item ${String(i).padStart(2, '0')}`));
    expect([...totals]).toEqual([BULK]);
  });

  it('answers an empty connection when nothing matches', async () => {
    const token = await shop.user('q-filter-nothing');
    const { products } = await read(PAGE, { first: 10, filter: { name: 'no such thing at all' } }, token);
    expect(products).toEqual({
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      edges: [],
    });
  });

  it('refuses a minimum above the maximum with BAD_USER_INPUT', async () => {
    const token = await shop.user('q-filter-crossed');
    const answer = await shop.graphql(PAGE, { first: 10, filter: { minPrice: 20, maxPrice: 10 } }, token);
    expect(errorCodes(answer)).toEqual(['BAD_USER_INPUT']);
    expect(answer.errors![0]!.message).toMatch(/price/i);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    const answer = await shop.graphql(PAGE, { first: 5 });
    expect(answer.data?.products ?? null).toBeNull();
    expect(errorCodes(answer)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('product and Product fields', () => {
  const PRODUCT =
    'query ($id: ID!) { product(id: $id) { id name description price quantity inStock imageUrl imageUrls } }';

  it('answers every field of a product by its id', async () => {
    const token = await shop.user('q-product-found');
    const { product } = await read(PRODUCT, { id: productId['Qcat Nitrile Gloves'] }, token);
    expect(product).toEqual({
      id: productId['Qcat Nitrile Gloves'],
      name: 'Qcat Nitrile Gloves',
      description: 'A product made by a test',
      price: 15.99,
      quantity: 31,
      inStock: true,
      imageUrl: null,
      imageUrls: [],
    });
  });

  it('inStock is false at quantity 0', async () => {
    const token = await shop.user('q-product-stock');
    const { product } = await read(PRODUCT, { id: productId['Qcat gauze roll'] }, token);
    expect(product).toMatchObject({ quantity: 0, inStock: false });
  });

  it('imageUrls lists the main image first; imageUrl is the main image, or the first of imageUrls', async () => {
    const token = await shop.user('q-product-images');
    const thermometer = await read(PRODUCT, { id: productId['Qcat Thermometer'] }, token);
    expect(thermometer.product).toMatchObject({
      imageUrl: 'https://img.example/thermo.png',
      imageUrls: ['https://img.example/thermo.png', 'https://img.example/thermo-side.png'],
    });
    const syringe = await read(PRODUCT, { id: productId['Qcat Syringe'] }, token);
    expect(syringe.product).toMatchObject({
      imageUrl: '/images/syringe.png',
      imageUrls: ['/images/syringe.png', '/images/syringe-2.png'],
    });
  });

  it('answers null, without an error, for an id that names no product', async () => {
    const token = await shop.user('q-product-unknown');
    for (const id of [
      globalId('Product', 987654),
      globalId('Product', '99999999999'),
      globalId('Product', 'abc'),
      'garbage!',
    ]) {
      const answer = await shop.graphql(PRODUCT, { id }, token);
      expect(answer.errors, id).toBeUndefined();
      expect(answer.data.product, id).toBeNull();
    }
  });

  it('answers null for the id of another type, e.g. an order', async () => {
    const token = await shop.user('q-product-order-id');
    const order = await placeOrderRest(token, [['Qord Plaster', 1]]);
    const { viewer } = await read('{ viewer { orders { edges { node { id } } } } }', {}, token);
    const orderId = viewer.orders.edges[0].node.id;
    expect(orderId).toBe(globalId('Order', order.id));
    // The order's local id is also a product's: the type in the id still decides.
    const answer = await read(PRODUCT, { id: orderId }, token);
    expect(answer.product).toBeNull();
  });
});

describe('node and nodes', () => {
  const NODE = `query ($id: ID!) { node(id: $id) { __typename id
    ... on Product { name }
    ... on User { username }
    ... on ChatUser { username }
    ... on Cart { itemCount }
    ... on Order { shippingAddress }
    ... on ChatRoom { roomName }
    ... on Message { content }
  } }`;

  let owner: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await shop.user('q-node-owner');
    stranger = await shop.user('q-node-stranger');
    await shop.rest.register('q-node-friend');
    await placeOrderRest(owner, [['Qord Bandage', 2]], '7 Node Lane');
    await addToCartRest(owner, 'Qord Plaster', 1);
    await sendRest(owner, 'q-node-friend', 'hello node');
    await placeOrderRest(stranger, [['Qord Bandage', 1]], 'Stranger street');
    await sendRest(stranger, 'q-node-friend', 'stranger message');
    const friends = await read('{ viewer { chatUsers(search: "q-node-friend") { id } } }', {}, owner);
    const mine = await read(
      `{ viewer { id cart { id } orders { edges { node { id } } }
        chatRooms { id messages(last: 1) { edges { node { id } } } } } }`,
      {},
      owner,
    );
    const theirs = await read(
      `{ viewer { id cart { id } orders { edges { node { id } } }
        chatRooms { id messages(last: 1) { edges { node { id } } } } } }`,
      {},
      stranger,
    );
    Object.assign(ids, {
      user: mine.viewer.id,
      cart: mine.viewer.cart.id,
      order: mine.viewer.orders.edges[0].node.id,
      room: mine.viewer.chatRooms[0].id,
      message: mine.viewer.chatRooms[0].messages.edges[0].node.id,
      chatUser: friends.viewer.chatUsers[0].id,
      strangerUser: theirs.viewer.id,
      strangerCart: theirs.viewer.cart.id,
      strangerOrder: theirs.viewer.orders.edges[0].node.id,
      strangerRoom: theirs.viewer.chatRooms[0].id,
      strangerMessage: theirs.viewer.chatRooms[0].messages.edges[0].node.id,
    });
  });

  it('resolves every Node type by its id, as the type the id came from', async () => {
    const expected: [string, Record<string, unknown>][] = [
      [productId['Qcat Latex Gloves']!, { __typename: 'Product', name: 'Qcat Latex Gloves' }],
      [ids.user!, { __typename: 'User', username: 'q-node-owner' }],
      [ids.chatUser!, { __typename: 'ChatUser', username: 'q-node-friend' }],
      [ids.cart!, { __typename: 'Cart', itemCount: 1 }],
      [ids.order!, { __typename: 'Order', shippingAddress: '7 Node Lane' }],
      [ids.room!, { __typename: 'ChatRoom', roomName: 'q-node-friend' }],
      [ids.message!, { __typename: 'Message', content: 'hello node' }],
    ];
    for (const [id, fields] of expected) {
      const { node } = await read(NODE, { id }, owner);
      expect(node).toEqual({ id, ...fields });
    }
  });

  it('answers null for what is someone else’s: their user, cart, order, room and message', async () => {
    for (const key of ['strangerUser', 'strangerCart', 'strangerOrder', 'strangerRoom', 'strangerMessage']) {
      const answer = await shop.graphql(NODE, { id: ids[key] }, owner);
      expect(answer.errors, key).toBeUndefined();
      expect(answer.data.node, key).toBeNull();
    }
  });

  it('answers null for a room opened with its messages that is someone else’s, none, or beyond any id', async () => {
    const OPENED = `query ($id: ID!) { node(id: $id) { id ... on ChatRoom { roomName messages(last: 30) {
      totalCount edges { node { content } } } } } }`;
    const opened = await read(OPENED, { id: ids.room }, owner);
    expect(opened.node).toEqual({
      id: ids.room,
      roomName: 'q-node-friend',
      messages: { totalCount: 1, edges: [{ node: { content: 'hello node' } }] },
    });
    for (const id of [ids.strangerRoom!, globalId('ChatRoom', 99999), globalId('ChatRoom', '99999999999')]) {
      const answer = await shop.graphql(OPENED, { id }, owner);
      expect(answer.errors, id).toBeUndefined();
      expect(answer.data.node, id).toBeNull();
    }
  });

  it('answers null for a message id that pairs the viewer’s room with someone else’s message', async () => {
    const room = Buffer.from(ids.room!, 'base64url').toString().split(':')[1];
    const otherMessage = Buffer.from(ids.strangerMessage!, 'base64url').toString().split('.')[1];
    const { node } = await read(NODE, { id: globalId('Message', `${room}.${otherMessage}`) }, owner);
    expect(node).toBeNull();
  });

  it('answers null for garbage and for ids of no type', async () => {
    const garbage = [
      'garbage',
      '',
      '!!!',
      base64url('Nothing:1'),
      base64url('Product'),
      globalId('Product', 'x'),
      globalId('Order', 99999),
      globalId('ChatRoom', 99999),
      globalId('Message', 'abc'),
      globalId('Message', '1'),
      globalId('Cart', 99999),
      globalId('User', 99999),
      globalId('ChatUser', 99999),
      // Well-formed, but beyond any id the REST service holds (it refuses such ids with 400).
      globalId('Product', '99999999999'),
      globalId('Order', '99999999999'),
      globalId('ChatRoom', '99999999999'),
      globalId('Message', '1.99999999999'),
      globalId('Message', '99999999999.1'),
      'a'.repeat(300),
    ];
    for (const id of garbage) {
      const answer = await shop.graphql(NODE, { id }, owner);
      expect(answer.errors, id).toBeUndefined();
      expect(answer.data.node, id).toBeNull();
    }
  });

  it('nodes answers in the order asked, with null for each id that cannot be seen', async () => {
    const { nodes } = await read(
      'query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }',
      {
        ids: [
          ids.order,
          'garbage',
          productId['Qcat Syringe'],
          ids.strangerOrder,
          ids.message,
          ids.strangerRoom,
          ids.room,
        ],
      },
      owner,
    );
    expect(nodes).toEqual([
      { __typename: 'Order', id: ids.order },
      null,
      { __typename: 'Product', id: productId['Qcat Syringe'] },
      null,
      { __typename: 'Message', id: ids.message },
      null,
      { __typename: 'ChatRoom', id: ids.room },
    ]);
    expect((await read('{ nodes(ids: []) { id } }', {}, owner)).nodes).toEqual([]);
  });

  it('refuses more than 100 ids before any upstream call, and asks once for an id given many times', async () => {
    shop.resetCalls();
    const tooMany = await shop.graphql(
      'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }',
      { ids: Array(101).fill(ids.message) },
      owner,
    );
    expect(tooMany.errors).toEqual([
      expect.objectContaining({
        message: 'nodes takes at most 100 ids',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
    expect(shop.calls).toEqual([]);

    const same = await shop.graphql(
      'query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Message { content } } }',
      { ids: Array(100).fill(ids.message) },
      owner,
    );
    expect(same.errors).toBeUndefined();
    expect(same.data.nodes).toHaveLength(100);
    expect(new Set(same.data.nodes.map((node: { id: string }) => node.id))).toEqual(new Set([ids.message]));
    // The room list once, and the message's history once; not a hundred times.
    expect(shop.calls.length).toBeLessThanOrEqual(restExtensions ? 2 : 3);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    const answer = await shop.graphql(NODE, { id: ids.order });
    expect(errorCodes(answer)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('viewer', () => {
  const PROFILE = `{ viewer { id username roles isAdmin email firstName lastName phoneNumber address createdAt
    preferences { emailNotifications smsNotifications language timezone } } }`;

  it('is null without a token, and no error', async () => {
    const answer = await shop.graphql(PROFILE);
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ viewer: null });
  });

  it('recentShippingAddresses: the latest orders’ addresses, newest first, each once, as many as asked', async () => {
    const token = await shop.user('q-recent-addresses');
    const RECENT = 'query ($first: Int) { viewer { recentShippingAddresses(first: $first) } }';
    expect((await read(RECENT, {}, token)).viewer.recentShippingAddresses).toEqual([]);
    // A product of its own: the stock of the fixture's is what other tests read.
    const own = await shop.rest.createProduct(adminRest, { name: 'Q Recent Address Pad', quantity: 10 });
    for (const address of [
      '1 Old Road\nOldtown',
      '12 Harbour Lane\nPort Town',
      '3 Quay Street',
      '  1 old road \n  OLDTOWN',
    ]) {
      await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: own.id, quantity: 1 } });
      const placed = await shop.rest.request('POST', '/api/orders/checkout', {
        token,
        body: { shippingAddress: address },
      });
      expect(placed.status).toBe(201);
    }
    // The same address written again counts once, where it was used last, as then written.
    expect((await read(RECENT, {}, token)).viewer.recentShippingAddresses).toEqual([
      '1 old road \n  OLDTOWN',
      '3 Quay Street',
      '12 Harbour Lane\nPort Town',
    ]);
    expect((await read(RECENT, { first: 1 }, token)).viewer.recentShippingAddresses).toEqual([
      '1 old road \n  OLDTOWN',
    ]);
    for (const first of [0, 11]) {
      const answer = await shop.graphql(RECENT, { first }, token);
      expect(errorCodes(answer)).toEqual(['BAD_USER_INPUT']);
      expect(errorMessages(answer)).toEqual(['first must be between 1 and 10']);
    }
  });

  it('with a token that is not valid, its fields answer UNAUTHENTICATED', async () => {
    const answer = await shop.graphql(PROFILE, {}, 'not.a.token');
    expect(answer.data?.viewer ?? null).toBeNull();
    expect(errorCodes(answer)).toContain('UNAUTHENTICATED');
  });

  it('answers every profile field of a fresh account, with the default preferences', async () => {
    const token = await shop.user('q-Fresh.Viewer');
    const { viewer } = await read(PROFILE, {}, token);
    expect(viewer).toEqual({
      id: expect.any(String),
      username: 'q-Fresh.Viewer',
      roles: ['USER'],
      isAdmin: false,
      email: null,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      address: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      preferences: { emailNotifications: true, smsNotifications: false, language: 'en', timezone: 'UTC' },
    });
    expect(Date.now() - Date.parse(viewer.createdAt)).toBeLessThan(10 * 60_000);
  });

  it('answers the profile as it was saved', async () => {
    const token = await shop.user('q-filled-viewer');
    const saved = await shop.rest.request('PUT', '/api/users/profile', {
      token,
      body: {
        email: 'filled@example.com',
        firstName: 'Fiona',
        lastName: 'Filled',
        phoneNumber: '+49 30 1234567',
        address: '5 Profile Road',
        preferences: { emailNotifications: false, smsNotifications: true, language: 'de', timezone: 'Europe/Berlin' },
      },
    });
    expect(saved.status).toBe(200);
    const { viewer } = await read(PROFILE, {}, token);
    expect(viewer).toMatchObject({
      email: 'filled@example.com',
      firstName: 'Fiona',
      lastName: 'Filled',
      phoneNumber: '+49 30 1234567',
      address: '5 Profile Road',
      preferences: { emailNotifications: false, smsNotifications: true, language: 'de', timezone: 'Europe/Berlin' },
    });
  });

  it('an admin has the ADMIN role and isAdmin', async () => {
    const { viewer } = await read('{ viewer { username roles isAdmin } }', {}, await shop.adminToken());
    expect(viewer.username).toBe('admin');
    expect(viewer.roles).toContain('ADMIN');
    expect(viewer.isAdmin).toBe(true);
  });

  it('cart: lines with product, name, unit price, quantity and subtotal; itemCount sums the quantities', async () => {
    const token = await shop.user('q-cart-viewer');
    const empty = await read('{ viewer { cart { id items { productName } totalPrice itemCount } } }', {}, token);
    expect(empty.viewer.cart).toEqual({ id: expect.any(String), items: [], totalPrice: 0, itemCount: 0 });
    await addToCartRest(token, 'Qcat Sterile Gauze Pad', 2);
    await addToCartRest(token, 'Qcat Nitrile Gloves', 3);
    const { viewer } = await read(
      '{ viewer { cart { id totalPrice itemCount items { productName price quantity subtotal product { id name price quantity inStock } } } } }',
      {},
      token,
    );
    expect(viewer.cart).toEqual({
      id: empty.viewer.cart.id,
      totalPrice: 56.97,
      itemCount: 5,
      items: [
        {
          productName: 'Qcat Sterile Gauze Pad',
          price: 4.5,
          quantity: 2,
          subtotal: 9,
          product: {
            id: productId['Qcat Sterile Gauze Pad'],
            name: 'Qcat Sterile Gauze Pad',
            price: 4.5,
            quantity: 120,
            inStock: true,
          },
        },
        {
          productName: 'Qcat Nitrile Gloves',
          price: 15.99,
          quantity: 3,
          subtotal: 47.97,
          product: {
            id: productId['Qcat Nitrile Gloves'],
            name: 'Qcat Nitrile Gloves',
            price: 15.99,
            quantity: 31,
            inStock: true,
          },
        },
      ],
    });
  });

  it('money: every price and total as Money, exact and in the shop’s currency, beside the deprecated Floats', async () => {
    const token = await shop.user('q-money');
    await addToCartRest(token, 'Qcat Sterile Gauze Pad', 2);
    await addToCartRest(token, 'Qcat Nitrile Gloves', 3);
    const MONEY = 'amount currencyCode minorUnits';
    const usd = (amount: string, minorUnits: number) => ({ amount, currencyCode: 'USD', minorUnits });
    const cart = (
      await read(
        `{ viewer { cart { total { ${MONEY} } items { unitPrice { ${MONEY} } lineTotal { ${MONEY} } product { unitPrice { ${MONEY} } } } } } }`,
        {},
        token,
      )
    ).viewer.cart;
    expect(cart).toEqual({
      total: usd('56.97', 5697),
      items: [
        { unitPrice: usd('4.50', 450), lineTotal: usd('9.00', 900), product: { unitPrice: usd('4.50', 450) } },
        { unitPrice: usd('15.99', 1599), lineTotal: usd('47.97', 4797), product: { unitPrice: usd('15.99', 1599) } },
      ],
    });
    const buyer = await shop.user('q-money-buyer');
    await placeOrderRest(buyer, [['Qcat Nitrile Gloves', 1]], 'Money Street');
    const order = (
      await read(
        `{ viewer { orders(first: 1) { edges { node { totalAmount total { ${MONEY} } items { unitPrice { ${MONEY} } lineTotal { ${MONEY} } } } } } } }`,
        {},
        buyer,
      )
    ).viewer.orders.edges[0].node;
    expect(order).toEqual({
      totalAmount: 15.99,
      total: usd('15.99', 1599),
      items: [{ unitPrice: usd('15.99', 1599), lineTotal: usd('15.99', 1599) }],
    });
  });

  it('orders: newest first, paged with first/after, with every field and line', async () => {
    const token = await shop.user('q-orders-viewer');
    await placeOrderRest(token, [['Qord Bandage', 1]], 'First address');
    await placeOrderRest(
      token,
      [
        ['Qord Bandage', 2],
        ['Qord Plaster', 1],
      ],
      'Second address',
    );
    await placeOrderRest(token, [['Qord Plaster', 4]], 'Third address');
    const ORDERS = `query ($first: Int, $after: String) { viewer { orders(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id orderDate totalAmount status shippingAddress items { productName price quantity subtotal } } }
    } } }`;
    const first = (await read(ORDERS, { first: 2 }, token)).viewer.orders;
    expect(first.totalCount).toBe(3);
    expect(first.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: first.edges[0].cursor,
      endCursor: first.edges[1].cursor,
    });
    expect(first.edges.map((edge: any) => edge.node.shippingAddress)).toEqual(['Third address', 'Second address']);
    expect(first.edges[1].node).toEqual({
      id: expect.any(String),
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      totalAmount: 6.25,
      status: 'PENDING',
      shippingAddress: 'Second address',
      items: [
        { productName: 'Qord Bandage', price: 2.5, quantity: 2, subtotal: 5 },
        { productName: 'Qord Plaster', price: 1.25, quantity: 1, subtotal: 1.25 },
      ],
    });
    const second = (await read(ORDERS, { first: 2, after: first.pageInfo.endCursor }, token)).viewer.orders;
    expect(second.totalCount).toBe(3);
    expect(second.edges.map((edge: any) => edge.node.shippingAddress)).toEqual(['First address']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const refused = await shop.graphql(ORDERS, { first: 101 }, token);
    expect(errorCodes(refused)).toEqual(['BAD_USER_INPUT']);
    const badAfter = await shop.graphql(ORDERS, { first: 2, after: 'nope' }, token);
    expect(errorCodes(badAfter)).toEqual(['BAD_USER_INPUT']);
    // Backward: the oldest first (last, no before), then what came before the second's cursor.
    const BACKWARD_ORDERS = `query ($last: Int, $before: String) { viewer { orders(last: $last, before: $before) {
      pageInfo { hasNextPage hasPreviousPage } edges { node { shippingAddress } }
    } } }`;
    const oldest = (await read(BACKWARD_ORDERS, { last: 1 }, token)).viewer.orders;
    expect(oldest).toEqual({
      pageInfo: { hasNextPage: false, hasPreviousPage: true },
      edges: [{ node: { shippingAddress: 'First address' } }],
    });
    const newer = (await read(BACKWARD_ORDERS, { last: 5, before: second.edges[0].cursor }, token)).viewer.orders;
    expect(newer.edges.map((edge: any) => edge.node.shippingAddress)).toEqual(['Third address', 'Second address']);
    expect(newer.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
  });

  it('orders: an account without orders has an empty connection', async () => {
    const token = await shop.user('q-no-orders');
    const { viewer } = await read(
      '{ viewer { orders { totalCount edges { node { id } } pageInfo { hasNextPage hasPreviousPage } } } }',
      {},
      token,
    );
    expect(viewer.orders).toEqual({
      totalCount: 0,
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    });
  });

  it('chatRooms: most recently active first; unreadMessageCount sums the unread messages of all rooms', async () => {
    const token = await shop.user('q-rooms-viewer');
    const anna = await shop.rest.register('q-rooms-anna');
    const bert = await shop.rest.register('q-rooms-bert');
    await sendRest(anna, 'q-rooms-viewer', 'anna 1');
    await sendRest(anna, 'q-rooms-viewer', 'anna 2');
    await sendRest(bert, 'q-rooms-viewer', 'bert 1');
    const ROOMS =
      '{ viewer { unreadMessageCount chatRooms { id roomName lastMessage lastMessageTime unreadCount participantUsernames } } }';
    let { viewer } = await read(ROOMS, {}, token);
    expect(viewer.unreadMessageCount).toBe(3);
    expect(viewer.chatRooms.map((room: any) => [room.roomName, room.lastMessage, room.unreadCount])).toEqual([
      ['q-rooms-bert', 'bert 1', 1],
      ['q-rooms-anna', 'anna 2', 2],
    ]);
    expect(viewer.chatRooms[0].participantUsernames.sort()).toEqual(['q-rooms-bert', 'q-rooms-viewer']);
    expect(Date.parse(viewer.chatRooms[0].lastMessageTime)).toBeGreaterThanOrEqual(
      Date.parse(viewer.chatRooms[1].lastMessageTime),
    );
    // Writing in the older room moves it to the top; the viewer's own message is not unread.
    await sendRest(token, 'q-rooms-anna', 'reply to anna');
    ({ viewer } = await read(ROOMS, {}, token));
    expect(viewer.chatRooms.map((room: any) => [room.roomName, room.lastMessage])).toEqual([
      ['q-rooms-anna', 'reply to anna'],
      ['q-rooms-bert', 'bert 1'],
    ]);
    expect(viewer.unreadMessageCount).toBe(1);
  });

  it('chatRooms: empty, and an unreadMessageCount of 0, before any chat', async () => {
    const token = await shop.user('q-no-rooms');
    const { viewer } = await read('{ viewer { chatRooms { id } unreadMessageCount } }', {}, token);
    expect(viewer).toEqual({ chatRooms: [], unreadMessageCount: 0 });
  });

  describe('chatRoomConnection', () => {
    const ROOM_PAGE = `query ($first: Int, $after: String, $last: Int, $before: String, $unreadOnly: Boolean) {
      viewer { chatRoomConnection(first: $first, after: $after, last: $last, before: $before, unreadOnly: $unreadOnly) {
        totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { id roomName lastMessage unreadCount } }
      } } }`;
    /** Until the clock has moved on by a millisecond: the next step is then stamped later than the one before. */
    const nextMillisecond = async () => {
      const now = Date.now();
      while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
    };
    const names = (connection: any) => connection.edges.map((edge: any) => edge.node.roomName);
    let refusedViewers = 0;

    /**
     * The viewer's rooms with five people, one step at a time (each in a later millisecond, so that each step is more
     * recent): amy's room opened, bo writes, cy's room opened, the viewer writes to dee, eli writes, bo writes again.
     * Most recently active first: bo, eli, dee, cy, amy.
     */
    async function fiveRooms(prefix: string) {
      const token = await shop.user(`${prefix}-viewer`);
      const viewer = `${prefix}-viewer`;
      const person: Record<string, string> = {};
      for (const name of ['amy', 'bo', 'cy', 'dee', 'eli'])
        person[name] = await shop.rest.register(`${prefix}-${name}`);
      const steps: (() => Promise<unknown>)[] = [
        () =>
          shop.rest.request('POST', '/api/chat/rooms/create', {
            token,
            body: { participantUsername: `${prefix}-amy` },
          }),
        () => sendRest(person.bo!, viewer, 'bo one'),
        () =>
          shop.rest.request('POST', '/api/chat/rooms/create', { token, body: { participantUsername: `${prefix}-cy` } }),
        () => sendRest(token, `${prefix}-dee`, 'to dee'),
        () => sendRest(person.eli!, viewer, 'eli one'),
        () => sendRest(person.bo!, viewer, 'bo two'),
      ];
      for (const step of steps) {
        await step();
        await nextMillisecond();
      }
      return { token, person, order: ['bo', 'eli', 'dee', 'cy', 'amy'].map((name) => `${prefix}-${name}`) };
    }

    it('pages the rooms most recently active first (an empty room by its creation), with opaque cursors and totalCount on every page', async () => {
      const { token, order } = await fiveRooms('qc-pages');
      const first = (await read(ROOM_PAGE, { first: 2 }, token)).viewer.chatRoomConnection;
      expect(names(first)).toEqual(order.slice(0, 2));
      expect(first.edges.map((edge: any) => edge.node)).toEqual([
        { id: expect.any(String), roomName: order[0], lastMessage: 'bo two', unreadCount: 2 },
        { id: expect.any(String), roomName: order[1], lastMessage: 'eli one', unreadCount: 1 },
      ]);
      expect(first.totalCount).toBe(5);
      expect(first.pageInfo).toEqual({
        hasNextPage: true,
        hasPreviousPage: false,
        startCursor: first.edges[0].cursor,
        endCursor: first.edges[1].cursor,
      });
      // Opaque: nothing of the room's id or time shows.
      for (const edge of first.edges) expect(edge.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const second = (await read(ROOM_PAGE, { first: 2, after: first.pageInfo.endCursor }, token)).viewer
        .chatRoomConnection;
      expect([names(second), second.totalCount, second.pageInfo.hasNextPage, second.pageInfo.hasPreviousPage]).toEqual([
        order.slice(2, 4),
        5,
        true,
        true,
      ]);
      const third = (await read(ROOM_PAGE, { first: 2, after: second.pageInfo.endCursor }, token)).viewer
        .chatRoomConnection;
      expect([names(third), third.totalCount, third.pageInfo.hasNextPage]).toEqual([order.slice(4), 5, false]);
      // The default page is 20: every room at once here.
      expect(names((await read(ROOM_PAGE, {}, token)).viewer.chatRoomConnection)).toEqual(order);
    });

    it('pages backwards with last and before: the list’s last rooms, then the ones before, in the list’s order, with totalCount on every page', async () => {
      const { token, order } = await fiveRooms('qc-back');
      const last = (await read(ROOM_PAGE, { last: 2 }, token)).viewer.chatRoomConnection;
      expect(names(last)).toEqual(order.slice(3));
      expect(last.totalCount).toBe(5);
      expect(last.pageInfo).toEqual({
        hasNextPage: false,
        hasPreviousPage: true,
        startCursor: last.edges[0].cursor,
        endCursor: last.edges[1].cursor,
      });
      const middle = (await read(ROOM_PAGE, { last: 2, before: last.pageInfo.startCursor }, token)).viewer
        .chatRoomConnection;
      expect([names(middle), middle.totalCount, middle.pageInfo.hasPreviousPage, middle.pageInfo.hasNextPage]).toEqual([
        order.slice(1, 3),
        5,
        true,
        true,
      ]);
      const top = (await read(ROOM_PAGE, { last: 2, before: middle.pageInfo.startCursor }, token)).viewer
        .chatRoomConnection;
      expect([names(top), top.totalCount, top.pageInfo.hasPreviousPage, top.pageInfo.hasNextPage]).toEqual([
        order.slice(0, 1),
        5,
        false,
        true,
      ]);
      // A cursor means the same place either way: forward from the top page's room, the rooms that follow it.
      const onward = (await read(ROOM_PAGE, { first: 2, after: top.pageInfo.endCursor }, token)).viewer
        .chatRoomConnection;
      expect(names(onward)).toEqual(order.slice(1, 3));
      expect(onward.edges.map((edge: any) => edge.cursor)).toEqual(middle.edges.map((edge: any) => edge.cursor));
      // Backwards among the unread rooms: eli's is the last of the two.
      const unread = (await read(ROOM_PAGE, { last: 1, unreadOnly: true }, token)).viewer.chatRoomConnection;
      expect([names(unread), unread.totalCount, unread.pageInfo.hasPreviousPage]).toEqual([['qc-back-eli'], 2, true]);
    });

    it('a room that becomes active between two pages moves above the cursor: the pages read on answer no room twice and skip none that stayed', async () => {
      const { token, person, order } = await fiveRooms('qc-moving');
      const first = (await read(ROOM_PAGE, { first: 2 }, token)).viewer.chatRoomConnection;
      expect(names(first)).toEqual(order.slice(0, 2));
      await sendRest(person.cy!, 'qc-moving-viewer', 'cy is back');
      const rest = (await read(ROOM_PAGE, { first: 20, after: first.pageInfo.endCursor }, token)).viewer
        .chatRoomConnection;
      expect(names(rest)).toEqual(['qc-moving-dee', 'qc-moving-amy']);
      expect(rest.pageInfo.hasNextPage).toBe(false);
      // Asked afresh, cy's room is on top (the web app moves it there when messageAdded tells it).
      expect(names((await read(ROOM_PAGE, { first: 1 }, token)).viewer.chatRoomConnection)).toEqual(['qc-moving-cy']);
    });

    it('unreadOnly: the rooms with unread messages, the newest unread first; totalCount counts them', async () => {
      const { token } = await fiveRooms('qc-unread');
      const unread = (await read(ROOM_PAGE, { first: 1, unreadOnly: true }, token)).viewer.chatRoomConnection;
      expect(unread.edges.map((edge: any) => [edge.node.roomName, edge.node.unreadCount])).toEqual([
        ['qc-unread-bo', 2],
      ]);
      expect([unread.totalCount, unread.pageInfo.hasNextPage]).toEqual([2, true]);
      const next = (await read(ROOM_PAGE, { first: 5, after: unread.pageInfo.endCursor, unreadOnly: true }, token))
        .viewer.chatRoomConnection;
      expect([names(next), next.totalCount, next.pageInfo.hasNextPage]).toEqual([['qc-unread-eli'], 2, false]);
    });

    it('first: 0 answers no room but says whether there are some; an empty connection before any chat', async () => {
      const { token } = await fiveRooms('qc-zero');
      const none = (await read(ROOM_PAGE, { first: 0 }, token)).viewer.chatRoomConnection;
      expect(none).toEqual({
        totalCount: 5,
        pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null },
        edges: [],
      });
      const loner = await shop.user('qc-loner');
      expect((await read(ROOM_PAGE, {}, loner)).viewer.chatRoomConnection).toEqual({
        totalCount: 0,
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        edges: [],
      });
    });

    it.each([
      ['first over 100', { first: 101 }],
      ['a negative first', { first: -1 }],
      ['an after that is no cursor', { after: 'nope' }],
      ['last over 100', { last: 101 }],
      ['a before that is no cursor', { before: 'nope' }],
      ['first and last at once', { first: 2, last: 2 }],
      [
        'after and before at once',
        { after: base64url('room:2026-11-22T09:36:04.309Z,3'), before: base64url('room:2026-11-22T09:36:04.309Z,3') },
      ],
      ['the cursor of another list', { after: base64url('offset:3') }],
      ['a room cursor whose time is none', { after: base64url('room:2026-13-45T99:00:00.000Z,3') }],
    ])('refuses %s with BAD_USER_INPUT', async (_case, variables) => {
      refusedViewers += 1;
      const token = await shop.user(`qc-refused-${refusedViewers}`);
      expect(errorCodes(await shop.graphql(ROOM_PAGE, variables, token))).toEqual(['BAD_USER_INPUT']);
    });
  });

  it('chatUsers: everyone but the viewer, with names and roles; search matches username or name in any case', async () => {
    const token = await shop.user('q-searcher');
    const named = await shop.rest.register('q-people-one');
    await shop.rest.request('PUT', '/api/users/profile', {
      token: named,
      body: { firstName: 'Wilhelmina', lastName: 'Zebedee' },
    });
    await shop.rest.register('q-people-two');
    const USERS =
      'query ($search: String) { viewer { chatUsers(search: $search) { id username firstName lastName roles isAdmin } } }';
    const everyone = (await read(USERS, {}, token)).viewer.chatUsers;
    const usernames = everyone.map((user: any) => user.username);
    expect(usernames).not.toContain('q-searcher');
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'q-people-one', 'q-people-two']));
    expect(everyone.find((user: any) => user.username === 'admin')).toMatchObject({
      isAdmin: true,
      roles: expect.arrayContaining(['ADMIN']),
    });
    expect(everyone.find((user: any) => user.username === 'q-people-one')).toEqual({
      id: expect.any(String),
      username: 'q-people-one',
      firstName: 'Wilhelmina',
      lastName: 'Zebedee',
      roles: ['USER'],
      isAdmin: false,
    });
    const search = async (text: string) =>
      (await read(USERS, { search: text }, token)).viewer.chatUsers.map((user: any) => user.username);
    expect(await search('Q-PEOPLE')).toEqual(['q-people-one', 'q-people-two']);
    expect(await search('wilhelm')).toEqual(['q-people-one']);
    expect(await search('ZEBEDEE')).toEqual(['q-people-one']);
    expect(await search('Wilhelmina Zebedee')).toEqual(['q-people-one']);
    expect(await search('q-searcher')).toEqual([]);
    expect(await search('nobody-by-that-name')).toEqual([]);
    expect(await search('')).toEqual(usernames);
  });
});

describe('orders: every customer’s, for admins', () => {
  const DESK = `query ($first: Int, $after: String, $status: OrderStatus) { orders(first: $first, after: $after, status: $status) {
    totalCount countsByStatus { status count } pageInfo { hasNextPage endCursor }
    edges { node { id number status customerUsername shippingAddress totalAmount } }
  } }`;

  it.runIf(restExtensions)(
    'lists every order newest first with its buyer, narrowed by status, counted by status, in one REST call',
    async () => {
      const ada = await shop.user('q-desk-ada');
      const ben = await shop.user('q-desk-ben');
      const adas = await placeOrderRest(ada, [['Qord Bandage', 1]], 'Ada’s address');
      const bens = await placeOrderRest(ben, [['Qord Plaster', 2]], 'Ben’s address');
      expect(
        (
          await shop.rest.request('PUT', `/api/orders/${adas.id}/status`, {
            token: adminRest,
            body: { status: 'CONFIRMED' },
          })
        ).status,
      ).toBe(200);

      shop.resetCalls();
      const all = (await read(DESK, { first: 100 }, adminRest)).orders;
      expect(shop.calls).toEqual(['GET /api/orders?scope=all&page=0&size=100']);
      const [newest, next] = all.edges.map((edge: any) => edge.node);
      expect(newest).toMatchObject({
        number: bens.id,
        status: 'PENDING',
        customerUsername: 'q-desk-ben',
        shippingAddress: 'Ben’s address',
        totalAmount: 2.5,
      });
      expect(next).toMatchObject({
        number: adas.id,
        status: 'CONFIRMED',
        customerUsername: 'q-desk-ada',
        shippingAddress: 'Ada’s address',
        totalAmount: 2.5,
      });
      const count = (status: string) => all.edges.filter((edge: any) => edge.node.status === status).length;
      expect(all.countsByStatus).toEqual(
        ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'].map((status) => ({
          status,
          count: count(status),
        })),
      );
      expect(all.totalCount).toBe(all.edges.length);

      const confirmed = (await read(DESK, { first: 1, status: 'CONFIRMED' }, adminRest)).orders;
      expect(confirmed.edges.map((edge: any) => edge.node.number)).toEqual([adas.id]);
      expect(confirmed.totalCount).toBe(count('CONFIRMED'));
      // The counts are of every status, whatever the list is narrowed to.
      expect(confirmed.countsByStatus).toEqual(all.countsByStatus);
    },
  );

  it.runIf(restExtensions)(
    'is for admins only: anyone else gets FORBIDDEN, and the rest of the answer stays',
    async () => {
      const nosy = await shop.user('q-desk-nosy');
      const answer = await shop.graphql(DESK, {}, nosy);
      expect(answer.data).toEqual({ orders: null });
      expect(answer.errors!.map((error) => [error.message, error.extensions?.code, error.path])).toEqual([
        ['Only administrators can see every order', 'FORBIDDEN', ['orders']],
      ]);
      // An error on one field does not wipe the others (the field is nullable for that reason).
      const mixed = await shop.graphql('{ viewer { username } orders { totalCount } }', {}, nosy);
      expect(mixed.data).toEqual({ viewer: { username: 'q-desk-nosy' }, orders: null });
      expect(mixed.errors!.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    },
  );

  it.runIf(!restExtensions)('says plainly that the plain contract offers no such list', async () => {
    const answer = await shop.graphql(DESK, {}, adminRest);
    expect(answer.data).toEqual({ orders: null });
    expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
      [
        "The shop's REST service offers no list of every customer's orders (it lacks the GET /api/orders?scope=all extension)",
        'NOT_SUPPORTED',
      ],
    ]);
  });

  describe('search', () => {
    const FIND = `query ($first: Int, $after: String, $status: OrderStatus, $search: String) {
      orders(first: $first, after: $after, status: $status, search: $search) {
        totalCount countsByStatus { status count } pageInfo { hasNextPage endCursor }
        edges { node { number status customerUsername } }
      }
    }`;
    const counts = (found: Partial<Record<string, number>>) =>
      ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'].map((status) => ({
        status,
        count: found[status] ?? 0,
      }));
    const numbers = (orders: any) => orders.edges.map((edge: any) => edge.node.number);
    let adas: { id: number }[];
    let adaXs: { id: number };
    beforeAll(async () => {
      // "q_find_ada" would wrongly find "qXfindXada…" if _ were a wildcard.
      const ada = await shop.user('Q_Find_Ada');
      const adaX = await shop.user('qXfindXada2');
      adas = [await placeOrderRest(ada, [['Qord Bandage', 1]])];
      adaXs = await placeOrderRest(adaX, [['Qord Plaster', 1]]);
      adas.unshift(await placeOrderRest(ada, [['Qord Plaster', 1]]));
      expect(
        (
          await shop.rest.request('PUT', `/api/orders/${adas[1]!.id}/status`, {
            token: adminRest,
            body: { status: 'SHIPPED' },
          })
        ).status,
      ).toBe(200);
    });

    it.runIf(restExtensions)('finds an order by its number, with or without #, in one REST call', async () => {
      shop.resetCalls();
      const byNumber = (await read(FIND, { search: String(adaXs.id) }, adminRest)).orders;
      expect(shop.calls).toEqual([`GET /api/orders?scope=all&search=${adaXs.id}&page=0&size=20`]);
      expect(byNumber).toEqual({
        totalCount: 1,
        countsByStatus: counts({ PENDING: 1 }),
        pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
        edges: [{ node: { number: adaXs.id, status: 'PENDING', customerUsername: 'qXfindXada2' } }],
      });
      expect((await read(FIND, { search: ` #${adaXs.id} ` }, adminRest)).orders).toEqual(byNumber);
      expect((await read(FIND, { search: '#987654321' }, adminRest)).orders).toMatchObject({
        totalCount: 0,
        edges: [],
        countsByStatus: counts({}),
      });
    });

    it.runIf(restExtensions)(
      'finds the orders of buyers whose username contains the text in any case, _ and % as themselves, counted by status',
      async () => {
        const found = (await read(FIND, { search: 'q_FIND_a' }, adminRest)).orders;
        expect(numbers(found)).toEqual(adas.map((order) => order.id));
        expect(found.totalCount).toBe(2);
        expect(found.countsByStatus).toEqual(counts({ PENDING: 1, SHIPPED: 1 }));
        expect(numbers((await read(FIND, { search: 'FINDXADA' }, adminRest)).orders)).toEqual([adaXs.id]);
        expect(numbers((await read(FIND, { search: 'q%find' }, adminRest)).orders)).toEqual([]);
      },
    );

    it.runIf(restExtensions)(
      'narrows a status tab and pages as the list does; the counts stay those of the search',
      async () => {
        const shipped = (await read(FIND, { search: 'find', status: 'SHIPPED' }, adminRest)).orders;
        expect(numbers(shipped)).toEqual([adas[1]!.id]);
        expect(shipped.countsByStatus).toEqual(counts({ PENDING: 2, SHIPPED: 1 }));
        const first = (await read(FIND, { search: 'find', first: 2 }, adminRest)).orders;
        expect(numbers(first)).toEqual([adas[0]!.id, adaXs.id]);
        expect([first.totalCount, first.pageInfo.hasNextPage]).toEqual([3, true]);
        shop.resetCalls();
        const next = (await read(FIND, { search: 'find', first: 2, after: first.pageInfo.endCursor }, adminRest))
          .orders;
        expect(shop.calls).toEqual(['GET /api/orders?scope=all&search=find&page=1&size=2']);
        expect(numbers(next)).toEqual([adas[1]!.id]);
        expect(next.pageInfo.hasNextPage).toBe(false);
      },
    );

    it('finds the orders with a line of a whole SKU, in any case, each line with the SKU it was ordered under', async () => {
      const buyer = await shop.user('q-find-sku-buyer');
      const otoscope = await shop.rest.createProduct(adminRest, {
        name: 'Qord Otoscope',
        price: 30,
        quantity: 50,
        sku: 'Q-OTO-1',
      });
      const added = await shop.rest.request('POST', '/api/cart/items', {
        token: buyer,
        body: { productId: otoscope.id, quantity: 1 },
      });
      expect(added.status).toBe(200);
      const order = await placeOrderRest(buyer, []);
      const LINES = `query ($search: String) { orders(first: 5, search: $search) {
        edges { node { number items { productName sku } } }
      } }`;
      const answer = await shop.graphql(LINES, { search: 'q-oto-1' }, adminRest);
      if (restExtensions) {
        expect(answer.data!.orders.edges).toEqual([
          { node: { number: order.id, items: [{ productName: 'Qord Otoscope', sku: 'Q-OTO-1' }] } },
        ]);
      } else {
        // The plain contract keeps no SKUs (the product was made without one) and cannot search every order.
        expect(answer.errors!.map((error) => error.extensions?.code)).toEqual(['NOT_SUPPORTED']);
      }
    });

    it.runIf(restExtensions)('takes a blank search as none', async () => {
      shop.resetCalls();
      const blank = (await read(FIND, { search: '   ', first: 5 }, adminRest)).orders;
      expect(shop.calls).toEqual(['GET /api/orders?scope=all&page=0&size=5']);
      expect(blank).toEqual((await read(FIND, { first: 5 }, adminRest)).orders);
    });

    it('refuses a search of more than 100 characters with BAD_USER_INPUT, asking the REST service nothing', async () => {
      shop.resetCalls();
      const answer = await shop.graphql(FIND, { search: 'a'.repeat(101) }, adminRest);
      expect(answer.data).toEqual({ orders: null });
      expect(answer.errors!.map((error) => [error.message, error.extensions?.code, error.path])).toEqual([
        ['Search must be at most 100 characters long', 'BAD_USER_INPUT', ['orders']],
      ]);
      expect(shop.calls).toEqual([]);
    });

    it.runIf(restExtensions)('is for admins only, like the list', async () => {
      const answer = await shop.graphql(FIND, { search: 'find' }, await shop.user('q-find-nosy'));
      expect(answer.data).toEqual({ orders: null });
      expect(errorCodes(answer)).toEqual(['FORBIDDEN']);
    });

    it.runIf(!restExtensions)('says plainly that the plain contract offers no list to search', async () => {
      const answer = await shop.graphql(FIND, { search: 'find' }, adminRest);
      expect(answer.data).toEqual({ orders: null });
      expect(answer.errors!.map((error) => [error.message, error.extensions?.code])).toEqual([
        [
          "The shop's REST service offers no list of every customer's orders (it lacks the GET /api/orders?scope=all extension)",
          'NOT_SUPPORTED',
        ],
      ]);
    });
  });

  it('shows the buyer’s username on their own orders, and null to an admin once the account is deleted', async () => {
    const token = await shop.user('q-desk-leaver');
    const order = await placeOrderRest(token, [['Qord Bandage', 1]]);
    const mine = (
      await read('{ viewer { orders(first: 1) { edges { node { number customerUsername } } } } }', {}, token)
    ).viewer.orders;
    expect(mine.edges).toEqual([{ node: { number: order.id, customerUsername: 'q-desk-leaver' } }]);
    expect((await shop.rest.request('DELETE', '/api/users/account', { token })).status).toBe(204);
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on Order { number customerUsername } } }',
      { id: Buffer.from(`Order:${order.id}`).toString('base64url') },
      adminRest,
    );
    expect(node).toEqual({ number: order.id, customerUsername: null });
  });
});

describe('ChatRoom and Message', () => {
  const HISTORY = `query ($id: ID!, $last: Int, $before: String) { node(id: $id) { ... on ChatRoom {
    messages(last: $last, before: $before) {
      totalCount pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
      edges { cursor node { id content senderUsername } }
    } } } }`;

  let carla: string;
  let dino: string;
  let roomId: string;

  beforeAll(async () => {
    carla = await shop.user('q-chat-carla');
    dino = await shop.user('q-chat-dino');
    await shop.rest.request('PUT', '/api/users/profile', {
      token: dino,
      body: { firstName: 'Dino', lastName: 'Saur' },
    });
    for (let i = 1; i <= 8; i += 1)
      await sendRest(i % 2 ? carla : dino, i % 2 ? 'q-chat-dino' : 'q-chat-carla', `message ${i}`);
    roomId = (await read('{ viewer { chatRooms { id } } }', {}, carla)).viewer.chatRooms[0].id;
  });

  it('answers the room’s fields; participants are the others, as ChatUsers', async () => {
    const { node } = await read(
      `query ($id: ID!) { node(id: $id) { ... on ChatRoom { id roomName participantUsernames lastMessage lastMessageTime unreadCount
        participants { id username firstName lastName roles isAdmin } } } }`,
      { id: roomId },
      carla,
    );
    expect(node).toEqual({
      id: roomId,
      roomName: 'q-chat-dino',
      participantUsernames: expect.arrayContaining(['q-chat-carla', 'q-chat-dino']),
      lastMessage: 'message 8',
      lastMessageTime: expect.stringMatching(/Z$/),
      unreadCount: 1,
      participants: [
        {
          id: expect.any(String),
          username: 'q-chat-dino',
          firstName: 'Dino',
          lastName: 'Saur',
          roles: ['USER'],
          isAdmin: false,
        },
      ],
    });
    expect(node.participantUsernames).toHaveLength(2);
    const forDino = await read(
      'query ($id: ID!) { node(id: $id) { ... on ChatRoom { roomName unreadCount participants { username } } } }',
      { id: roomId },
      dino,
    );
    expect(forDino.node).toEqual({
      roomName: 'q-chat-carla',
      unreadCount: 0,
      participants: [{ username: 'q-chat-carla' }],
    });
  });

  it('messages(last, before) pages backwards through the history: oldest first within a page, hasPreviousPage until the first', async () => {
    const page = async (last: number, before?: string) =>
      (await read(HISTORY, { id: roomId, last, before }, carla)).node.messages;
    const contents = (connection: any) => connection.edges.map((edge: any) => edge.node.content);

    const newest = await page(3);
    expect(contents(newest)).toEqual(['message 6', 'message 7', 'message 8']);
    expect(newest.pageInfo).toEqual({
      hasPreviousPage: true,
      hasNextPage: false,
      startCursor: newest.edges[0].cursor,
      endCursor: newest.edges[2].cursor,
    });
    const middle = await page(3, newest.pageInfo.startCursor);
    expect(contents(middle)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(middle.pageInfo).toMatchObject({
      hasPreviousPage: true,
      hasNextPage: true,
      startCursor: middle.edges[0].cursor,
    });
    const oldest = await page(3, middle.pageInfo.startCursor);
    expect(contents(oldest)).toEqual(['message 1', 'message 2']);
    expect(oldest.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    // The cursor of a message stays the same on every page that shows it.
    const overlapping = await page(4, newest.edges[2].cursor);
    expect(overlapping.edges.map((edge: any) => edge.cursor)).toEqual(
      [...middle.edges.slice(1), ...newest.edges.slice(0, 2)].map((edge: any) => edge.cursor),
    );
    // Senders alternate: carla wrote the odd messages.
    expect(newest.edges.map((edge: any) => edge.node.senderUsername)).toEqual([
      'q-chat-dino',
      'q-chat-carla',
      'q-chat-dino',
    ]);
  });

  it('messages(first, after) pages forwards from the room’s first message: oldest first, hasNextPage until the newest', async () => {
    const FORWARD = `query ($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on ChatRoom {
      messages(first: $first, after: $after) {
        totalCount pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
        edges { cursor node { content } }
      } } } }`;
    const page = async (first: number, after?: string) =>
      (await read(FORWARD, { id: roomId, first, after }, carla)).node.messages;
    const contents = (connection: any) => connection.edges.map((edge: any) => edge.node.content);
    const oldest = await page(3);
    expect(contents(oldest)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(oldest.pageInfo).toEqual({
      hasPreviousPage: false,
      hasNextPage: true,
      startCursor: oldest.edges[0].cursor,
      endCursor: oldest.edges[2].cursor,
    });
    expect(oldest.totalCount).toBe(8);
    const middle = await page(3, oldest.pageInfo.endCursor);
    expect([contents(middle), middle.totalCount, middle.pageInfo.hasPreviousPage, middle.pageInfo.hasNextPage]).toEqual(
      [['message 4', 'message 5', 'message 6'], 8, true, true],
    );
    const newest = await page(3, middle.pageInfo.endCursor);
    expect([contents(newest), newest.pageInfo.hasNextPage]).toEqual([['message 7', 'message 8'], false]);
    // The same cursors as read backwards: the newest page read back from the end ends on the same message.
    const backwards = (await read(HISTORY, { id: roomId, last: 2 }, carla)).node.messages;
    expect(backwards.edges.map((edge: any) => edge.cursor)).toEqual(newest.edges.map((edge: any) => edge.cursor));
    // From the newest message on, nothing more.
    const after = await page(3, newest.pageInfo.endCursor);
    expect([contents(after), after.pageInfo]).toEqual([
      [],
      { hasPreviousPage: true, hasNextPage: false, startCursor: null, endCursor: null },
    ]);
    // Mixing the directions is refused.
    expect(
      errorCodes(
        await shop.graphql(
          `query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(first: 2, last: 2) { totalCount } } } }`,
          { id: roomId },
          carla,
        ),
      ),
    ).toEqual(['BAD_USER_INPUT']);
  });

  it('totalCount is the room’s number of messages on every page', async () => {
    const newest = (await read(HISTORY, { id: roomId, last: 3 }, carla)).node.messages;
    const older = (await read(HISTORY, { id: roomId, last: 3, before: newest.pageInfo.startCursor }, carla)).node
      .messages;
    expect([newest.totalCount, older.totalCount]).toEqual([8, 8]);
  });

  it('answers 50 messages by default, and every message when there are fewer', async () => {
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages { totalCount edges { node { content } } pageInfo { hasPreviousPage } } } } }',
      { id: roomId },
      carla,
    );
    expect(node.messages.edges).toHaveLength(8);
    expect(node.messages.pageInfo.hasPreviousPage).toBe(false);
  });

  it('allows last: 100, the documented maximum, on the newest page and on older ones', async () => {
    const newest = (await read(HISTORY, { id: roomId, last: 100 }, carla)).node.messages;
    expect(newest.edges).toHaveLength(8);
    expect(newest.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    const older = (await read(HISTORY, { id: roomId, last: 100, before: newest.edges[5].cursor }, carla)).node.messages;
    expect(older.edges.map((edge: any) => edge.node.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
    expect(older.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });

  it('last: 0 answers no messages but whether there are any', async () => {
    const { pageInfo, edges, totalCount } = (await read(HISTORY, { id: roomId, last: 0 }, carla)).node.messages;
    expect({ pageInfo, edges, totalCount }).toEqual({
      pageInfo: { hasPreviousPage: true, hasNextPage: false, startCursor: null, endCursor: null },
      edges: [],
      totalCount: 8,
    });
  });

  it('refuses last above 100 and a before that is not a message cursor with BAD_USER_INPUT', async () => {
    for (const variables of [
      { last: 101 },
      { last: -1 },
      { last: 5, before: 'garbage' },
      { last: 5, before: base64url('offset:3') },
    ]) {
      const answer = await shop.graphql(HISTORY, { id: roomId, ...variables }, carla);
      expect(errorCodes(answer), JSON.stringify(variables)).toEqual(['BAD_USER_INPUT']);
    }
  });

  it('a room without messages has an empty history and no lastMessage', async () => {
    const token = await shop.user('q-chat-quiet');
    await shop.rest.request('POST', '/api/chat/rooms/create', { token, body: { participantUsername: 'q-chat-carla' } });
    const { viewer } = await read(
      '{ viewer { chatRooms { roomName lastMessage lastMessageTime unreadCount messages(last: 10) { totalCount edges { cursor } pageInfo { hasPreviousPage hasNextPage startCursor endCursor } } } } }',
      {},
      token,
    );
    expect(viewer.chatRooms).toEqual([
      {
        roomName: 'q-chat-carla',
        lastMessage: null,
        lastMessageTime: null,
        unreadCount: 0,
        messages: {
          totalCount: 0,
          edges: [],
          pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null },
        },
      },
    ]);
  });

  it('Message answers its fields; isMine is true for the sender only, for both participants; room is the message’s room', async () => {
    const MESSAGES = `query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 2) { edges { node {
      id senderUsername content timestamp isMine room { id roomName }
    } } } } } }`;
    const seenByCarla = (await read(MESSAGES, { id: roomId }, carla)).node.messages.edges.map((edge: any) => edge.node);
    const seenByDino = (await read(MESSAGES, { id: roomId }, dino)).node.messages.edges.map((edge: any) => edge.node);
    expect(seenByCarla).toEqual([
      {
        id: expect.any(String),
        senderUsername: 'q-chat-carla',
        content: 'message 7',
        timestamp: expect.stringMatching(/Z$/),
        isMine: true,
        room: { id: roomId, roomName: 'q-chat-dino' },
      },
      {
        id: expect.any(String),
        senderUsername: 'q-chat-dino',
        content: 'message 8',
        timestamp: expect.stringMatching(/Z$/),
        isMine: false,
        room: { id: roomId, roomName: 'q-chat-dino' },
      },
    ]);
    expect(seenByDino.map((message: any) => [message.id, message.isMine, message.room.roomName])).toEqual([
      [seenByCarla[0].id, false, 'q-chat-carla'],
      [seenByCarla[1].id, true, 'q-chat-carla'],
    ]);
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on Message { content isMine room { id } } } }',
      { id: seenByCarla[0].id },
      dino,
    );
    expect(node).toEqual({ content: 'message 7', isMine: false, room: { id: roomId } });
  });

  it('a room and its messages are not the business of a third user: node answers null', async () => {
    const token = await shop.user('q-chat-outsider');
    const answer = await read(HISTORY, { id: roomId, last: 3 }, token);
    expect(answer.node).toBeNull();
  });
});

describe('CartItem.product and OrderItem.product', () => {
  it('OrderItem.product is the product as it is now; null once it was deleted, whatever is asked of it', async () => {
    const admin = await shop.adminToken();
    const created = await read(
      `mutation { createProduct(input: { name: "Qdel Doomed Splint", description: "Will be deleted", price: 3.5, quantity: 9 }) {
        product { id } userErrors { message } } }`,
      {},
      admin,
    );
    const doomedId = created.createProduct.product.id;
    const token = await shop.user('q-deleted-product-buyer');
    productId['Qdel Doomed Splint'] = doomedId;
    await placeOrderRest(token, [
      ['Qdel Doomed Splint', 2],
      ['Qord Bandage', 1],
    ]);
    const LINES = '{ viewer { orders { edges { node { items { productName product { id name quantity } } } } } } }';
    const before = (await read(LINES, {}, token)).viewer.orders.edges[0].node.items;
    expect(before).toEqual(
      expect.arrayContaining([
        { productName: 'Qdel Doomed Splint', product: { id: doomedId, name: 'Qdel Doomed Splint', quantity: 7 } },
      ]),
    );

    const deleted = await read(
      'mutation ($id: ID!) { deleteProduct(input: { id: $id }) { deletedProductId userErrors { message } } }',
      { id: doomedId },
      admin,
    );
    expect(deleted.deleteProduct).toEqual({ deletedProductId: doomedId, userErrors: [] });

    const after = (await read(LINES, {}, token)).viewer.orders.edges[0].node.items;
    expect(after.find((item: any) => item.productName === 'Qdel Doomed Splint').product).toBeNull();
    expect(after.find((item: any) => item.productName === 'Qord Bandage').product).toMatchObject({
      name: 'Qord Bandage',
    });
    const idsOnly = (
      await read('{ viewer { orders { edges { node { items { productName product { id } } } } } } }', {}, token)
    ).viewer.orders.edges[0].node.items;
    expect(idsOnly.find((item: any) => item.productName === 'Qdel Doomed Splint').product).toBeNull();
    expect(idsOnly.find((item: any) => item.productName === 'Qord Bandage').product).toEqual({
      id: productId['Qord Bandage'],
    });
  });

  it('CartItem.product answers the product, or only its id when only that is asked', async () => {
    const token = await shop.user('q-cart-product');
    await addToCartRest(token, 'Qcat Thermometer', 1);
    const full = await read('{ viewer { cart { items { product { id name imageUrl inStock } } } } }', {}, token);
    expect(full.viewer.cart.items).toEqual([
      {
        product: {
          id: productId['Qcat Thermometer'],
          name: 'Qcat Thermometer',
          imageUrl: 'https://img.example/thermo.png',
          inStock: true,
        },
      },
    ]);
    const idOnly = await read('{ viewer { cart { items { product { __typename id } } } } }', {}, token);
    expect(idOnly.viewer.cart.items).toEqual([
      { product: { __typename: 'Product', id: productId['Qcat Thermometer'] } },
    ]);
  });
});
