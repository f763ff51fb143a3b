// Upstream cost per screen query (DESIGN §8), counted where the calls arrive: at the REST service.
// With the extensions: listing 1, product 1, cart 1, orders 1, chat sidebar with 50 rooms ≤ 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

const ROOMS = 50;

let shop: Shop;
let token: string;
let productIds: string[];

beforeAll(async () => {
  shop = await startShop();
  const admin = await shop.rest.adminToken();
  for (let i = 0; i < 30; i += 1) await shop.rest.createProduct(admin, { name: `Bandage ${i}`, price: 2 + i, quantity: 50 });
  token = await shop.user('counted-buyer');
  const listing = await shop.graphql('{ products(first: 30) { edges { node { id } } } }', {}, token);
  productIds = listing.data.products.edges.map((edge: any) => edge.node.id);
  for (const productId of productIds.slice(0, 5)) {
    await shop.graphql('mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }', { id: productId }, token);
  }
  await shop.graphql('mutation { checkout(input: { shippingAddress: "1 Count Road" }) { userErrors { message } } }', {}, token);
  await shop.graphql('mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 2 }) { userErrors { message } } }', { id: productIds[7] }, token);

  // 50 people write to the buyer: 50 rooms, each with a last message and an unread count.
  for (let i = 0; i < ROOMS; i += 1) {
    const friend = await shop.rest.register(`pen-pal-${i}`);
    await shop.rest.request('POST', '/api/chat/rooms/counted-buyer/messages', { token: friend, body: { content: `Hello from ${i}` } });
  }
});
afterAll(() => shop.close());

async function countCalls(query: string, variables: Record<string, unknown> = {}) {
  shop.resetCalls();
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors).toBeUndefined();
  return { calls: [...shop.calls], data: answer.data };
}

describe('upstream calls per screen query', () => {
  it('listing: one call for a page of 20 products with everything a card shows', async () => {
    const { calls, data } = await countCalls(`{
      products(first: 20, filter: { name: "bandage" }) {
        totalCount pageInfo { hasNextPage endCursor }
        edges { cursor node { id name price quantity inStock description imageUrl imageUrls } }
      }
    }`);
    expect(data.products.edges).toHaveLength(20);
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
    const { calls, data } = await countCalls('query ($id: ID!) { product(id: $id) { id name description price quantity imageUrls } }', {
      id: productIds[3],
    });
    expect(data.product.name).toBe('Bandage 3');
    expect(calls).toEqual([`GET /api/products/${4}`]);
  });

  it('cart: one call for the lines, totals and each line’s product id', async () => {
    const { calls, data } = await countCalls(`{
      viewer { cart { id itemCount totalPrice items { productName price quantity subtotal product { id } } } }
    }`);
    expect(data.viewer.cart.items).toEqual([
      { productName: 'Bandage 7', price: 9, quantity: 2, subtotal: 18, product: { id: productIds[7] } },
    ]);
    expect(calls).toEqual(['GET /api/cart']);
  });

  it('orders: one call for a page of orders with their lines', async () => {
    const { calls, data } = await countCalls(`{
      viewer { orders(first: 10) { totalCount edges { node { id orderDate status totalAmount shippingAddress items { productName quantity subtotal } } } } }
    }`);
    expect(data.viewer.orders.edges).toHaveLength(1);
    expect(data.viewer.orders.edges[0].node.items).toHaveLength(5);
    expect(calls).toHaveLength(1);
  });

  it(`chat sidebar with ${ROOMS} rooms: ${restExtensions ? 'at most two calls' : 'the plain contract needs a call per room for unread counts'}`, async () => {
    const { calls, data } = await countCalls(`{
      viewer {
        unreadMessageCount
        chatRooms { id roomName lastMessage lastMessageTime unreadCount participantUsernames participants { id username firstName lastName isAdmin } }
      }
    }`);
    expect(data.viewer.chatRooms).toHaveLength(ROOMS);
    expect(data.viewer.unreadMessageCount).toBe(ROOMS);
    expect(data.viewer.chatRooms[0]).toMatchObject({ roomName: 'pen-pal-49', lastMessage: 'Hello from 49', unreadCount: 1 });
    expect(data.viewer.chatRooms[0].participants).toEqual([expect.objectContaining({ username: 'pen-pal-49', isAdmin: false })]);
    if (restExtensions) expect(calls.length).toBeLessThanOrEqual(2);
    // Without the extension every room's unread count is its own call: the fallback works, at that cost.
    else expect(calls).toHaveLength(2 + ROOMS);
  });
});
