// urql with graphcache (@urql/exchange-graphcache), the normalized cache, set up as docs/graph.md ("Caching the
// graph") says: its `keys` and `updates` are the guide's own block, taken from the guide and run here, against a real
// gateway in production mode over a real REST service. Every screen's query is read without one "Invalid key"
// warning, and after each change (a cart's, a deletion, a checkout, a new room, a message sent or heard, an order
// moved) the cache alone, asked nothing of the server, reads what the server answers a fresh client.
import fs from 'node:fs';
import { Client, fetchExchange, gql, subscriptionExchange, type TypedDocumentNode } from '@urql/core';
import { type CacheExchangeOpts, cacheExchange } from '@urql/exchange-graphcache';
import { buildSchema, introspectionFromSchema, isObjectType, print } from 'graphql';
import { type Client as SocketClient, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { poll } from '../helpers/poll.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../helpers/rest-service.js';
import { type Shop, startShop } from '../helpers/shop.js';
import { ask } from '../helpers/socket-feed.js';

const GUIDE = 'docs/graph.md';
const SHOPPER = 'graphcache-shopper';
const FRIEND = 'graphcache-friend';
const PASSWORD = 'graphcache-secret-1';

/**
 * The guide's ```js graphcache block, run as the module it is: its one import (urql's gql) given to it, its export
 * answered.
 */
function graphcacheOptionsFromGuide(): Pick<CacheExchangeOpts, 'keys' | 'updates'> {
  const block = /```js graphcache\n([\s\S]*?)```/.exec(fs.readFileSync(GUIDE, 'utf8'))?.[1];
  if (!block) throw new Error(`${GUIDE} has no \`\`\`js graphcache block`);
  const body = block
    .replace("import { gql } from '@urql/core';\n", '')
    .replace('export const graphcacheOptions', 'const graphcacheOptions');
  return new Function('gql', `${body}\nreturn graphcacheOptions;`)(gql) as Pick<CacheExchangeOpts, 'keys' | 'updates'>;
}

const schemaText = fs.readFileSync('schema.graphql', 'utf8');
const options = graphcacheOptionsFromGuide();

const MONEY = 'amount currencyCode minorUnits';
const CART_FIELDS = `id itemCount total { ${MONEY} } items { quantity productName unitPrice { ${MONEY} } lineTotal { ${MONEY} } product { id name } }`;
const USER_ERRORS = 'userErrors { message field code }';

// What the screens of a client read: the catalogue (whole, and a name's), the cart, the profile, the orders, the
// admins' desk, the rooms and a room's messages.
const CATALOGUE = gql`
  query Catalogue($filter: ProductFilter) {
    products(first: 20, filter: $filter) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage }
      edges { node { id name quantity inStock unitPrice { ${MONEY} } } }
    }
  }
`;
const CART = gql`query Cart { viewer { id cart { ${CART_FIELDS} } } }`;
const PROFILE = gql`
  query Profile {
    viewer {
      id
      username
      preferences {
        emailNotifications
        smsNotifications
        language
        timezone
      }
    }
  }
`;
const ORDER_FIELDS = `id number status total { ${MONEY} } history { status at by }`;
const ORDERS = gql`
  query Orders {
    viewer {
      id
      orders(first: 20) {
        totalCount
        pageInfo { hasNextPage }
        edges { node { ${ORDER_FIELDS} items { productName quantity unitPrice { ${MONEY} } lineTotal { ${MONEY} } product { id } } } }
      }
    }
  }
`;
const DESK = gql`
  query Desk($status: OrderStatus) {
    orders(first: 20, status: $status) {
      totalCount
      countsByStatus {
        status
        count
      }
      edges {
        node {
          id
          number
          status
        }
      }
    }
  }
`;
const ROOM_FIELDS = 'id roomName lastMessage unreadCount';
const ROOMS = gql`
  query Rooms {
    viewer {
      id
      chatRooms { id roomName }
      chatRoomConnection(first: 20) { totalCount edges { node { ${ROOM_FIELDS} } } }
    }
  }
`;
const MESSAGE_FIELDS = `id content senderUsername isMine room { ${ROOM_FIELDS} }`;
const MESSAGES = gql`
  query Messages($roomId: ID!) {
    node(id: $roomId) {
      id
      ... on ChatRoom {
        messages {
          totalCount
          edges {
            node {
              id
              content
              senderUsername
              isMine
            }
          }
        }
      }
    }
  }
`;

const LOG_IN = gql`mutation LogIn($input: LoginInput!) { login(input: $input) { token ${USER_ERRORS} } }`;
const ADD_TO_CART = gql`mutation AddToCart($input: AddToCartInput!) { addToCart(input: $input) { cart { ${CART_FIELDS} } ${USER_ERRORS} } }`;
const REMOVE_CART_ITEM = gql`
  mutation RemoveCartItem($input: RemoveCartItemInput!) { removeCartItem(input: $input) { cart { ${CART_FIELDS} } ${USER_ERRORS} } }
`;
const CLEAR_CART = gql`mutation ClearCart { clearCart(input: {}) { cart { ${CART_FIELDS} } ${USER_ERRORS} } }`;
const CHECKOUT = gql`
  mutation Checkout($input: CheckoutInput!) {
    checkout(input: $input) {
      order { ${ORDER_FIELDS} items { productName quantity unitPrice { ${MONEY} } lineTotal { ${MONEY} } product { id quantity inStock } } }
      cart { ${CART_FIELDS} }
      ${USER_ERRORS}
    }
  }
`;
const DELETE_PRODUCT = gql`
  mutation DeleteProduct($input: DeleteProductInput!) { deleteProduct(input: $input) { deletedProductId cart { ${CART_FIELDS} } ${USER_ERRORS} } }
`;
const CREATE_ROOM = gql`
  mutation CreateRoom($input: CreateChatRoomInput!) { createChatRoom(input: $input) { room { ${ROOM_FIELDS} } ${USER_ERRORS} } }
`;
const SEND_MESSAGE = gql`mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { ${MESSAGE_FIELDS} } ${USER_ERRORS} } }`;
const MESSAGE_ADDED = gql`subscription Heard { messageAdded { ${MESSAGE_FIELDS} } }`;
const PRODUCT_REMOVED = gql`
  subscription Removed {
    productRemoved
  }
`;
const UPDATE_ORDER_STATUS = gql`
  mutation Move($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { order { id number status } ${USER_ERRORS} } }
`;

/** The test's documents, whose answers it reads as loosely typed JSON. */
type Document = TypedDocumentNode<any, any>;

interface ShopClient {
  urql: Client;
  socket: SocketClient;
  token: string;
  /** The operations it sent to the gateway over HTTP, by name. */
  sent: string[];
}

let shop: Shop;
const sockets: SocketClient[] = [];
/** Everything written with console.warn while the clients ran: graphcache's warnings ("Invalid key", …). */
const warnings: string[] = [];

/** urql as the guide sets it up with graphcache: the schema's introspection, the guide's keys and updates. */
async function graphcacheClient(username: string, password: string): Promise<ShopClient> {
  const client = { sent: [] as string[] } as ShopClient;
  const headers = (): Record<string, string> => (client.token ? { authorization: `Bearer ${client.token}` } : {});
  client.socket = createClient({ url: shop.gateway.wsUrl, webSocketImpl: WebSocket, connectionParams: headers });
  sockets.push(client.socket);
  client.urql = new Client({
    url: shop.gateway.url,
    preferGetMethod: false,
    fetchOptions: () => ({ headers: headers() }),
    fetch: (input, init) => {
      client.sent.push((JSON.parse(String(init?.body)) as { operationName?: string }).operationName ?? '?');
      return fetch(input, init);
    },
    exchanges: [
      cacheExchange({ schema: introspectionFromSchema(buildSchema(schemaText)), ...options }),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: client.socket.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
  });
  const login = await client.urql.mutation(LOG_IN, { input: { username, password } }).toPromise();
  client.token = login.data!.login.token;
  return client;
}

/**
 * What the server answers now, asked by a client with no cache: the document as written, without the `__typename`s
 * urql adds to what it sends (graphcache answers only the fields a document selects).
 */
async function serverAnswer(token: string, query: Document, variables: Record<string, unknown> = {}): Promise<any> {
  const answer = await shop.gateway.graphql(print(query), variables, token);
  expect(answer.errors).toBeUndefined();
  return answer.data;
}

/** The query as the client's cache alone answers it: nothing is sent. */
async function fromCache(client: ShopClient, query: Document, variables: Record<string, unknown> = {}): Promise<any> {
  const sentBefore = client.sent.length;
  const result = await client.urql.query(query, variables, { requestPolicy: 'cache-only' }).toPromise();
  expect(client.sent.slice(sentBefore)).toEqual([]);
  return result.data;
}

/** Reads the query through the client (from the server, into its cache), and answers what it read. */
async function read(client: ShopClient, query: Document, variables: Record<string, unknown> = {}): Promise<any> {
  const result = await client.urql.query(query, variables, { requestPolicy: 'network-only' }).toPromise();
  expect(result.error).toBeUndefined();
  return result.data;
}

async function mutate(
  client: ShopClient,
  mutation: Document,
  variables: Record<string, unknown>,
  field: string,
): Promise<any> {
  const result = await client.urql.mutation(mutation, variables).toPromise();
  expect(result.error).toBeUndefined();
  expect(result.data[field].userErrors).toEqual([]);
  return result.data[field];
}

/** The cache, asked alone, reads what the server answers now. */
async function expectCacheIsServer(client: ShopClient, query: Document, variables: Record<string, unknown> = {}) {
  expect(await fromCache(client, query, variables)).toEqual(await serverAnswer(client.token, query, variables));
}

let shopper: ShopClient;
let admin: ShopClient;
let products: { id: string; name: string }[];
const GAUZE = { name: 'Gauze' };

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
  shop = await startShop({ gateway: { env: { NODE_ENV: 'production' } } });
  const adminToken = await shop.adminToken();
  products = [];
  for (const [name, price] of [
    ['Gauze pads', 3.25],
    ['Gauze roll', 4.5],
    ['Thermometer', 12.99],
    ['Plasters', 2.1],
  ] as const) {
    const created = await shop.graphql(
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } } }',
      { input: { name, description: `${name} for graphcache`, price, quantity: 5 } },
      adminToken,
    );
    products.push({ id: created.data.createProduct.product.id, name });
  }
  await shop.rest.register(SHOPPER, PASSWORD);
  await shop.rest.register(FRIEND, PASSWORD);
  shopper = await graphcacheClient(SHOPPER, PASSWORD);
  admin = await graphcacheClient(ADMIN_USERNAME, ADMIN_PASSWORD);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await shop?.close();
});

it('the guide keys every type without an id, and no other', () => {
  const schema = buildSchema(schemaText);
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map(
    (type) => type?.name,
  );
  // Object types an answer nests without an id; payloads (a mutation's answer, never kept) and connections and edges
  // (graphcache keeps them inside their parent by itself) need no key.
  const keyless = Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter(
      (type) =>
        !type.name.startsWith('__') && !roots.includes(type.name) && !/(Payload|Connection|Edge)$/.test(type.name),
    )
    .filter((type) => !('id' in type.getFields()))
    .map((type) => type.name);
  expect(Object.keys(options.keys ?? {}).sort()).toEqual(keyless.sort());
});

describe('graphcache, set up as the guide says', () => {
  it('reads every screen, and a refusal’s userErrors, without an "Invalid key" warning', async () => {
    await read(shopper, CATALOGUE);
    await read(shopper, CART);
    await read(shopper, PROFILE);
    await read(shopper, ORDERS);
    await read(shopper, ROOMS);
    await read(admin, DESK);
    const refused = await shopper.urql
      .mutation(ADD_TO_CART, { input: { productId: products[0]!.id, quantity: 99 } })
      .toPromise();
    expect(refused.data.addToCart.userErrors).toEqual([
      { message: 'Only 5 of Gauze pads in stock', field: 'quantity', code: 'INVALID_INPUT' },
    ]);
    for (const query of [CATALOGUE, CART, PROFILE, ORDERS, ROOMS]) await expectCacheIsServer(shopper, query);
    await expectCacheIsServer(admin, DESK);
    expect(warnings).toEqual([]);
  });

  it('the cart’s mutations answer the whole cart: added, removed and cleared, the cached cart is the server’s', async () => {
    const [pads, roll] = products;
    await read(shopper, CART);
    await mutate(shopper, ADD_TO_CART, { input: { productId: pads!.id, quantity: 2 } }, 'addToCart');
    await mutate(shopper, ADD_TO_CART, { input: { productId: roll!.id, quantity: 1 } }, 'addToCart');
    await expectCacheIsServer(shopper, CART);
    await mutate(shopper, REMOVE_CART_ITEM, { input: { productId: pads!.id } }, 'removeCartItem');
    await expectCacheIsServer(shopper, CART);
    expect((await fromCache(shopper, CART)).viewer.cart.items.map((item: any) => item.productName)).toEqual([
      'Gauze roll',
    ]);
    await mutate(shopper, CLEAR_CART, {}, 'clearCart');
    await expectCacheIsServer(shopper, CART);
    expect((await fromCache(shopper, CART)).viewer.cart).toMatchObject({ itemCount: 0, items: [] });
    expect(warnings).toEqual([]);
  });

  it('checkout: the order on top of the viewer’s orders, the cart emptied, the stock it took in every listing', async () => {
    const [pads, roll] = products;
    await read(shopper, ORDERS);
    await read(shopper, CATALOGUE);
    await read(shopper, CATALOGUE, { filter: GAUZE });
    for (const [product, quantity] of [
      [pads!, 2],
      [roll!, 1],
    ] as const) {
      await mutate(shopper, ADD_TO_CART, { input: { productId: product.id, quantity } }, 'addToCart');
      const placed = await mutate(shopper, CHECKOUT, { input: { shippingAddress: '1 Cache Lane' } }, 'checkout');
      expect(placed.order.items).toEqual([expect.objectContaining({ productName: product.name, quantity })]);
    }
    const orders = await fromCache(shopper, ORDERS);
    expect(orders.viewer.orders.totalCount).toBe(2);
    expect(orders.viewer.orders.edges.map((edge: any) => edge.node.items[0].productName)).toEqual([
      'Gauze roll',
      'Gauze pads',
    ]);
    await expectCacheIsServer(shopper, ORDERS);
    await expectCacheIsServer(shopper, CART);
    await expectCacheIsServer(shopper, CATALOGUE);
    await expectCacheIsServer(shopper, CATALOGUE, { filter: GAUZE });
    expect(warnings).toEqual([]);
  });

  it('deleteProduct: it leaves every cached catalogue list, and productRemoved takes it out of a shopper’s', async () => {
    const removed: string[] = [];
    const hearing = shopper.urql
      .subscription(PRODUCT_REMOVED, {})
      .subscribe((result) => removed.push(result.data?.productRemoved));
    try {
      // Live once a query sent after it on the same socket is answered (the server takes a socket's operations in
      // order).
      expect((await ask(shopper.socket, '{ viewer { username } }')).data).toEqual({ viewer: { username: SHOPPER } });
      await read(admin, CATALOGUE);
      await read(admin, CATALOGUE, { filter: GAUZE });
      await read(shopper, CATALOGUE);
      await read(shopper, CATALOGUE, { filter: GAUZE });
      const roll = products[1]!;
      const answer = await mutate(admin, DELETE_PRODUCT, { input: { id: roll.id } }, 'deleteProduct');
      expect(answer.deletedProductId).toBe(roll.id);
      for (const filter of [undefined, GAUZE]) {
        const listed = await fromCache(admin, CATALOGUE, { filter });
        expect(listed.products.edges.map((edge: any) => edge.node.name)).not.toContain('Gauze roll');
        await expectCacheIsServer(admin, CATALOGUE, { filter });
      }
      await poll(
        async () => removed,
        (ids) => ids.includes(roll.id),
      );
      for (const filter of [undefined, GAUZE]) await expectCacheIsServer(shopper, CATALOGUE, { filter });
    } finally {
      hearing.unsubscribe();
    }
    expect(warnings).toEqual([]);
  });

  it('a new room on top of the room lists, a message once at the newest end (sent and heard), its room moved up', async () => {
    const friend = await graphcacheClient(FRIEND, PASSWORD);
    const heard: string[] = [];
    const hearing = shopper.urql
      .subscription(MESSAGE_ADDED, {})
      .subscribe((result) => heard.push(result.data?.messageAdded.id));
    try {
      expect((await ask(shopper.socket, '{ viewer { username } }')).data).toEqual({ viewer: { username: SHOPPER } });
      await read(shopper, ROOMS);
      const withFriend = (
        await mutate(shopper, CREATE_ROOM, { input: { participantUsername: FRIEND } }, 'createChatRoom')
      ).room;
      await expectCacheIsServer(shopper, ROOMS);
      const withAdmin = (
        await mutate(shopper, CREATE_ROOM, { input: { participantUsername: ADMIN_USERNAME } }, 'createChatRoom')
      ).room;
      // The pair's room again: the same room, where it was.
      await mutate(shopper, CREATE_ROOM, { input: { participantUsername: FRIEND } }, 'createChatRoom');
      const rooms = await fromCache(shopper, ROOMS);
      expect(rooms.viewer.chatRoomConnection.edges.map((edge: any) => edge.node.id)).toEqual([
        withAdmin.id,
        withFriend.id,
      ]);
      await expectCacheIsServer(shopper, ROOMS);

      await read(shopper, MESSAGES, { roomId: withFriend.id });
      const sent = (
        await mutate(
          shopper,
          SEND_MESSAGE,
          { input: { roomId: withFriend.id, content: 'Hello from the cache' } },
          'sendMessage',
        )
      ).message;
      // The shopper's own message comes back over the socket too: still once.
      await poll(
        async () => heard,
        (ids) => ids.includes(sent.id),
      );
      await expectCacheIsServer(shopper, MESSAGES, { roomId: withFriend.id });
      await expectCacheIsServer(shopper, ROOMS);
      expect((await fromCache(shopper, ROOMS)).viewer.chatRoomConnection.edges[0].node.id).toBe(withFriend.id);

      // The friend answers from their own client: the shopper hears it, and reads it from the cache.
      const reply = (
        await mutate(friend, SEND_MESSAGE, { input: { roomId: withFriend.id, content: 'Hello back' } }, 'sendMessage')
      ).message;
      await poll(
        async () => heard,
        (ids) => ids.includes(reply.id),
      );
      const messages = await fromCache(shopper, MESSAGES, { roomId: withFriend.id });
      expect(messages.node.messages.edges.map((edge: any) => edge.node.content)).toEqual([
        'Hello from the cache',
        'Hello back',
      ]);
      await expectCacheIsServer(shopper, MESSAGES, { roomId: withFriend.id });
    } finally {
      hearing.unsubscribe();
    }
    expect(warnings).toEqual([]);
  });

  it('updateOrderStatus: the desk’s lists and counts are read again, and then are the server’s', async () => {
    await read(admin, DESK);
    await read(admin, DESK, { status: 'PENDING' });
    const pending = await fromCache(admin, DESK, { status: 'PENDING' });
    const order = pending.orders.edges[0].node;
    await mutate(
      admin,
      UPDATE_ORDER_STATUS,
      { input: { orderId: order.id, status: 'CONFIRMED' } },
      'updateOrderStatus',
    );
    for (const variables of [{}, { status: 'PENDING' }]) {
      const again = await admin.urql.query(DESK, variables).toPromise();
      expect(again.data).toEqual(await serverAnswer(admin.token, DESK, variables));
    }
    expect(warnings).toEqual([]);
  });
});
