// Upstream cost per screen query (DESIGN §8), counted where the calls arrive: at the REST service.
// With the extensions: listing 1, product 1, cart 1 and orders 1 (their lines carry their products: line-products),
// chat sidebar (its first page of 50 rooms) ≤ 2, chat badge 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../src/global-id.js';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

const ROOMS = 50;

let shop: Shop;
let token: string;
let productIds: string[];

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  // With categories (product-categories), each bandage is in one: the web app asks for their ids on both screens.
  const category = restExtensions
    ? (await shop.rest.request<{ id: number }>('POST', '/api/categories', { token: admin, body: { name: 'Bandages' } }))
        .body.id
    : undefined;
  for (let i = 0; i < 30; i += 1)
    await shop.rest.createProduct(admin, {
      name: `Bandage ${i}`,
      price: 2 + i,
      quantity: 50,
      ...(category === undefined ? {} : { categoryIds: [category] }),
    });
  token = await shop.user('counted-buyer');
  const listing = await shop.graphql('{ products(first: 30) { edges { node { id } } } }', {}, token);
  productIds = listing.data.products.edges.map((edge: any) => edge.node.id);
  for (const productId of productIds.slice(0, 5)) {
    await shop.graphql(
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }',
      { id: productId },
      token,
    );
  }
  await shop.graphql(
    'mutation { checkout(input: { shippingAddress: "1 Count Road" }) { userErrors { message } } }',
    {},
    token,
  );
  await shop.graphql(
    'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 2 }) { userErrors { message } } }',
    { id: productIds[7] },
    token,
  );

  // 50 people write to the buyer: 50 rooms, each with a last message and an unread count.
  for (let i = 0; i < ROOMS; i += 1) {
    const friend = await shop.rest.register(`pen-pal-${i}`);
    await shop.rest.request('POST', '/api/chat/rooms/counted-buyer/messages', {
      token: friend,
      body: { content: `Hello from ${i}` },
    });
  }
});
afterAll(() => shop.close());

async function countCalls(query: string, variables: Record<string, unknown> = {}) {
  shop.resetCalls();
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors).toBeUndefined();
  return { calls: [...shop.calls], data: answer.data };
}

/**
 * The answer to a query whose REST calls named are each held until all of them have arrived: asked one after another,
 * the first would wait for the next, which waits for the first's answer, and the request would end on the gateway's
 * deadline for REST, with an error. So an answer proves the calls were made at once: one round trip.
 */
async function answerHoldingEachCallUntilAllArrived(
  query: string,
  variables: Record<string, unknown>,
  heldCalls: string[],
) {
  const arrived = new Map(
    heldCalls.map((call) => {
      let resolve!: () => void;
      const promise = new Promise<void>((resolved) => (resolve = resolved));
      return [call, { promise, resolve }];
    }),
  );
  shop.rest.gateCalls(async (call) => {
    if (!arrived.has(call)) return;
    arrived.get(call)!.resolve();
    await Promise.all([...arrived.values()].map((arrival) => arrival.promise));
  });
  try {
    return await countCalls(query, variables);
  } finally {
    shop.rest.gateCalls(undefined);
  }
}

describe('upstream calls per screen query', () => {
  it('listing: one call for a page of 20 products with everything a card shows and their categories’ ids', async () => {
    const { calls, data } = await countCalls(`{
      products(first: 20, filter: { name: "bandage" }) {
        totalCount pageInfo { hasNextPage endCursor }
        edges { cursor node { id name price quantity inStock description imageUrl imageUrls categories { id } } }
      }
    }`);
    expect(data.products.edges).toHaveLength(20);
    expect(data.products.edges[0].node.categories).toEqual(restExtensions ? [{ id: toGlobalId('Category', 1) }] : []);
    expect(data.products.totalCount).toBe(30);
    expect(calls).toHaveLength(1);
    if (restExtensions) expect(calls[0]).toMatch(/^GET \/api\/products\/filter\?.*page=0.*size=20/);
  });

  it('the next page of the listing: one call', async () => {
    const first = await countCalls('{ products(first: 20) { pageInfo { endCursor } } }');
    const { calls, data } = await countCalls(
      'query ($after: String) { products(first: 20, after: $after) { pageInfo { hasNextPage hasPreviousPage } edges { node { name } } } }',
      { after: first.data.products.pageInfo.endCursor },
    );
    expect(data.products.edges).toHaveLength(10);
    expect(data.products.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(calls).toHaveLength(1);
  });

  it('product detail: one call', async () => {
    const { calls, data } = await countCalls(
      'query ($id: ID!) { product(id: $id) { id name description price quantity imageUrls categories { id } } }',
      {
        id: productIds[3],
      },
    );
    expect(data.product.name).toBe('Bandage 3');
    expect(data.product.categories).toEqual(restExtensions ? [{ id: toGlobalId('Category', 1) }] : []);
    expect(calls).toEqual([`GET /api/products/${4}`]);
  });

  it(
    restExtensions
      ? 'a product’s categories by name: one call more, for the tree'
      : 'a product’s categories: none on the plain contract, one call',
    async () => {
      const { calls, data } = await countCalls(
        'query ($id: ID!) { product(id: $id) { categories { id name path { name } } } }',
        { id: productIds[3] },
      );
      expect(data.product.categories).toEqual(
        restExtensions ? [{ id: toGlobalId('Category', 1), name: 'Bandages', path: [{ name: 'Bandages' }] }] : [],
      );
      expect(calls).toEqual(restExtensions ? ['GET /api/products/4', 'GET /api/categories'] : ['GET /api/products/4']);
    },
  );

  it(`cart: ${restExtensions ? 'one call' : 'two calls on the plain contract'} for the lines, totals and what the cart shows of each line’s product`, async () => {
    const { calls, data } = await countCalls(`{
      viewer { cart { id itemCount totalPrice items { productName price quantity subtotal
        product { id name quantity imageUrls unitPrice { amount } } } } }
    }`);
    expect(data.viewer.cart.items).toEqual([
      {
        productName: 'Bandage 7',
        price: 9,
        quantity: 2,
        subtotal: 18,
        product: { id: productIds[7], name: 'Bandage 7', quantity: 50, imageUrls: [], unitPrice: { amount: '9.00' } },
      },
    ]);
    // With line-products the cart's answer carries each line's product; the plain contract's needs them asked for.
    expect(calls).toEqual(restExtensions ? ['GET /api/cart'] : ['GET /api/cart', 'GET /api/products/8']);
  });

  it(`orders: ${restExtensions ? 'one call' : 'two calls on the plain contract'} for a page of orders with their lines and their products’ pictures`, async () => {
    const { calls, data } = await countCalls(`{
      viewer { orders(first: 10) { totalCount edges { node { id orderDate status totalAmount shippingAddress
        items { productName quantity subtotal product { id imageUrls } } } } } }
    }`);
    expect(data.viewer.orders.edges).toHaveLength(1);
    expect(data.viewer.orders.edges[0].node.items.map((item: any) => item.product.id)).toEqual(productIds.slice(0, 5));
    expect(calls).toHaveLength(restExtensions ? 1 : 2);
  });

  it(`chat sidebar, the first 20 of ${ROOMS} rooms: ${restExtensions ? 'one call for the page, one for the names' : 'the plain contract needs the whole list, and a call per room of the page for unread counts'}`, async () => {
    const { calls, data } = await countCalls(`{
      viewer {
        chatRoomConnection(first: 20) {
          pageInfo { hasNextPage endCursor }
          edges { cursor node { id roomName lastMessage lastMessageTime createdAt unreadCount participantUsernames participants { id username firstName lastName isAdmin } } }
        }
      }
    }`);
    const rooms = data.viewer.chatRoomConnection.edges.map((edge: any) => edge.node);
    expect(rooms.map((room: any) => room.roomName)).toEqual(
      Array.from({ length: 20 }, (_, index) => `pen-pal-${ROOMS - 1 - index}`),
    );
    expect(rooms[0]).toMatchObject({ lastMessage: `Hello from ${ROOMS - 1}`, unreadCount: 1 });
    expect(rooms[0].participants).toEqual([
      expect.objectContaining({ username: `pen-pal-${ROOMS - 1}`, isAdmin: false }),
    ]);
    expect(data.viewer.chatRoomConnection.pageInfo.hasNextPage).toBe(true);
    if (restExtensions)
      expect(calls).toEqual(['GET /api/chat/rooms?size=20', 'GET /api/chat/available-users-from-main']);
    // Without the extension: the whole list, the names, and the unread count of each room shown.
    else expect(calls).toHaveLength(2 + 20);
  });

  it(`the chat badge over ${ROOMS} rooms: ${restExtensions ? 'one call' : 'the whole list and a call per room on the plain contract'}`, async () => {
    const { calls, data } = await countCalls('{ viewer { unreadMessageCount } }');
    expect(data.viewer.unreadMessageCount).toBe(ROOMS);
    if (restExtensions) expect(calls).toEqual(['GET /api/chat/unread-count']);
    // The plain contract has no total: a refused call tells so, then every room is counted.
    else
      expect(calls).toEqual([
        'GET /api/chat/unread-count',
        'GET /api/chat/rooms',
        ...Array.from({ length: ROOMS }, () => expect.stringMatching(/^GET \/api\/chat\/rooms\/\d+\/unread-count$/)),
      ]);
  });

  describe(`a conversation opened among ${ROOMS} rooms`, () => {
    const OPENED_ROOM = `query ($id: ID!) { node(id: $id) { id ... on ChatRoom { roomName participantUsernames unreadCount messages(last: 30) { totalCount edges { node { id content isMine } } } } } }`;
    let roomGlobalId: string;
    let roomId: number;
    beforeAll(async () => {
      roomGlobalId = (await countCalls('{ viewer { chatRoomConnection(first: 1) { edges { node { id } } } } }')).data
        .viewer.chatRoomConnection.edges[0].node.id;
      roomId = Number(Buffer.from(roomGlobalId, 'base64url').toString('utf8').split(':')[1]);
    });

    it(
      restExtensions
        ? 'one call: its latest messages carrying the room (messages-room), the answer naming who asks (caller-username)'
        : 'the whole list for the room (ids ignored), its messages, who is asking, its unread count',
      async () => {
        const { calls, data } = await countCalls(OPENED_ROOM, { id: roomGlobalId });
        expect(data.node).toMatchObject({
          roomName: `pen-pal-${ROOMS - 1}`,
          messages: { totalCount: 1, edges: [{ node: { content: `Hello from ${ROOMS - 1}`, isMine: false } }] },
        });
        expect([...calls].sort()).toEqual(
          restExtensions
            ? [`GET /api/chat/rooms/${roomId}/messages?page=0&size=31&include=room`]
            : [
                `GET /api/chat/rooms/${roomId}/messages?page=0&size=31`,
                `GET /api/chat/rooms/${roomId}/unread-count`,
                `GET /api/chat/rooms?ids=${roomId}`,
                'GET /api/users/profile',
              ],
        );
      },
    );

    // Where the page cannot carry the room (the plain contract, or a page other than the latest), the two calls
    // still go out together.
    it(
      restExtensions
        ? 'asks for the room and its first messages (not the latest page) at once: each call held until the other arrived'
        : 'asks for the room and its messages at once: each call is held until the other has arrived',
      async () => {
        const query = restExtensions ? OPENED_ROOM.replace('messages(last: 30)', 'messages(first: 30)') : OPENED_ROOM;
        const { data } = await answerHoldingEachCallUntilAllArrived(query, { id: roomGlobalId }, [
          `GET /api/chat/rooms?ids=${roomId}`,
          restExtensions
            ? `GET /api/chat/rooms/${roomId}/messages?page=0&size=31&after=0`
            : `GET /api/chat/rooms/${roomId}/messages?page=0&size=31`,
        ]);
        expect(data.node.messages.edges[0].node.content).toBe(`Hello from ${ROOMS - 1}`);
      },
    );
  });

  it('checkout page: the profile (the address it offers), the cart, the latest orders’ addresses, the shipping methods, the tax rates and how the shop takes payment, asked for at once', async () => {
    const query = `{
      shippingMethods { id name }
      taxRates { id country { code } }
      paymentSettings { methods bankTransfer { days } }
      viewer { address recentShippingAddresses(first: 3) cart { id items { productName quantity } } }
    }`;
    const calls = (await countCalls(query)).calls.map((call) => call.split('?')[0]!).sort();
    // The plain contract has neither shipping methods, tax nor payment (known from its earlier answers): the login is
    // settled by one profile call for all three.
    const expected = restExtensions
      ? [
          'GET /api/cart',
          'GET /api/orders',
          'GET /api/settings/payment',
          'GET /api/shipping-methods',
          'GET /api/tax-rates',
          'GET /api/users/profile',
        ]
      : ['GET /api/cart', 'GET /api/orders', 'GET /api/users/profile', 'GET /api/users/profile'];
    expect(calls).toEqual(expected);
    const { data } = await answerHoldingEachCallUntilAllArrived(
      query,
      {},
      (await countCalls(query)).calls.filter((call, index, all) => all.indexOf(call) === index),
    );
    expect(data.viewer.cart.items).toEqual([{ productName: 'Bandage 7', quantity: 2 }]);
  });

  it(`every room at once (chatRooms, unbounded): ${restExtensions ? 'at most two calls' : 'a call per room for unread counts'}`, async () => {
    const { calls, data } = await countCalls(`{
      viewer { chatRooms { id roomName lastMessage lastMessageTime unreadCount participantUsernames participants { id username } } }
    }`);
    expect(data.viewer.chatRooms).toHaveLength(ROOMS);
    expect(data.viewer.chatRooms[0]).toMatchObject({
      roomName: `pen-pal-${ROOMS - 1}`,
      lastMessage: `Hello from ${ROOMS - 1}`,
      unreadCount: 1,
    });
    if (restExtensions) expect(calls.length).toBeLessThanOrEqual(2);
    else expect(calls).toHaveLength(2 + ROOMS);
  });
});
