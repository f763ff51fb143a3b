// Subscriptions as a browser meets them: real graphql-ws clients on /graphql of a real gateway over the real REST
// service. The token is checked at connection_init (4403 when it is missing or refused) and while the socket lives
// (4403 once the session ended); messageAdded reaches the
// room's participants only; productUpdated follows price and stock; the socket applies the same query limits as HTTP.
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../../tests/helpers/fault-proxy.js';
import { ask, forgedAdminToken, listen, within } from '../../tests/helpers/socket-feed.js';
import { type Shop, restExtensions, startGateway, startShop } from '../../tests/helpers/shop.js';
import { ADMIN_PASSWORD } from '../../tests/helpers/rest-service.js';

/**
 * Resolves once the feeds subscribed before on this socket are live. The server takes a socket's operations in order
 * and, with the in-process PubSub, registers a subscription without waiting on anything outside the process, while
 * this query needs a round trip to the REST service: by the time its answer is back, the subscriptions before it
 * are listening.
 */
async function live(client: Client): Promise<void> {
  const answer = await ask(client, '{ viewer { username } }');
  expect(answer.errors).toBeUndefined();
}

/** The close code of a socket the server shuts, e.g. 4403 for a refused token. */
function closeOf(
  connect: (onNonLazyError: (error: unknown) => void) => Client,
): Promise<{ code: number; reason: string }> {
  return within(
    new Promise((resolve) => {
      // Also silences graphql-ws's default onNonLazyError, which prints the close event.
      const client = connect(() => undefined);
      client.on('closed', (event) => resolve(event as { code: number; reason: string }));
    }),
    'the socket closing',
  );
}

const MESSAGE_ADDED = `subscription {
  messageAdded { id content senderUsername timestamp isMine room { id lastMessage lastMessageTime unreadCount } }
}`;
const PRODUCT_UPDATED = 'subscription ($ids: [ID!]) { productUpdated(ids: $ids) { id name price quantity inStock } }';

let shop: Shop;
let admin: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

/** A mutation that must succeed: no GraphQL errors, no userErrors. */
async function mutate(token: string, query: string, variables: Record<string, unknown>) {
  const answer = await shop.graphql(query, variables, token);
  expect(answer.errors).toBeUndefined();
  const [payload] = Object.values(answer.data as Record<string, { userErrors: unknown[] }>);
  expect(payload!.userErrors).toEqual([]);
  return payload as any;
}

async function openRoom(token: string, otherUsername: string): Promise<string> {
  const payload = await mutate(
    token,
    'mutation ($name: String!) { createChatRoom(input: { participantUsername: $name }) { room { id } userErrors { message } } }',
    {
      name: otherUsername,
    },
  );
  return payload.room.id;
}

async function send(token: string, roomId: string, content: string): Promise<{ id: string; timestamp: string }> {
  const payload = await mutate(
    token,
    'mutation ($roomId: ID!, $content: String!) { sendMessage(input: { roomId: $roomId, content: $content }) { message { id timestamp } userErrors { message } } }',
    { roomId, content },
  );
  return payload.message;
}

describe('connecting', () => {
  it('closes a socket without a token with 4403', async () => {
    const closed = await closeOf((onNonLazyError) => shop.gateway.socket(undefined, { onNonLazyError }));
    expect(closed.code).toBe(4403);
  });

  it('closes a socket whose authorization is not a bearer token with 4403', async () => {
    const token = await shop.user('socket-basic-auth');
    const closed = await closeOf((onNonLazyError) =>
      shop.gateway.socket(undefined, { onNonLazyError, connectionParams: { authorization: `Basic ${token}` } }),
    );
    expect(closed.code).toBe(4403);
  });

  it('closes a socket with a forged token with 4403', async () => {
    const closed = await closeOf((onNonLazyError) => shop.gateway.socket(forgedAdminToken(), { onNonLazyError }));
    expect(closed.code).toBe(4403);
  });

  it('closes a socket with the token of a deleted account with 4403', async () => {
    const token = await shop.user('socket-leaver');
    await mutate(token, 'mutation { deleteAccount(input: {}) { deletedUserId userErrors { message } } }', {});
    const closed = await closeOf((onNonLazyError) => shop.gateway.socket(token, { onNonLazyError }));
    expect(closed.code).toBe(4403);
  });

  it('acknowledges a socket with a valid token and knows its viewer', async () => {
    const token = await shop.user('socket-welcome');
    const client = shop.gateway.socket(token);
    try {
      const answer = await ask(client, '{ viewer { username } }');
      expect(answer.data).toEqual({ viewer: { username: 'socket-welcome' } });
    } finally {
      await client.dispose();
    }
  });
});

describe('ending sessions', () => {
  /** Resolves with the close event once the server closes this already connected socket. */
  function closed(client: Client): Promise<{ code: number; reason: string }> {
    return within(
      new Promise((resolve) => client.on('closed', (event) => resolve(event as { code: number; reason: string }))),
      'the socket closing',
    );
  }

  it('closes the user’s sockets with 4403 when they change their password, and a socket with the new token works', async () => {
    const token = await shop.user('socket-changer');
    const otherTab = shop.gateway.socket(token, { onNonLazyError: () => undefined });
    await live(otherTab);
    const bystander = await shop.user('socket-bystander');
    const bystanderSocket = shop.gateway.socket(bystander);
    await live(bystanderSocket);
    const whenClosed = closed(otherTab);
    const payload = await mutate(
      token,
      'mutation { changePassword(input: { currentPassword: "secret1", newPassword: "secret2", confirmPassword: "secret2" }) { token userErrors { message } } }',
      {},
    );
    expect((await whenClosed).code).toBe(4403);
    const fresh = shop.gateway.socket(payload.token);
    try {
      expect((await ask(fresh, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'socket-changer' } });
      // Someone else's session is not touched.
      expect((await ask(bystanderSocket, '{ viewer { username } }')).data).toEqual({
        viewer: { username: 'socket-bystander' },
      });
    } finally {
      await fresh.dispose();
      await bystanderSocket.dispose();
    }
  });

  it('closes the user’s sockets with 4403 when they delete their account', async () => {
    const token = await shop.user('socket-quitter');
    const tab = shop.gateway.socket(token, { onNonLazyError: () => undefined });
    await live(tab);
    const whenClosed = closed(tab);
    await mutate(token, 'mutation { deleteAccount(input: {}) { deletedUserId userErrors { message } } }', {});
    expect((await whenClosed).code).toBe(4403);
  });

  it('closes a socket whose token was revoked elsewhere (directly at the REST service) at the next re-check', async () => {
    const checking = await startGateway(shop.rest.url, { env: { SESSION_RECHECK_SECONDS: '0.2' } });
    try {
      const token = await shop.user('socket-elsewhere');
      const tab = checking.socket(token, { onNonLazyError: () => undefined });
      await live(tab);
      const whenClosed = closed(tab);
      const changed = await shop.rest.request('PUT', '/api/users/change-password', {
        token,
        body: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
      });
      expect(changed.status).toBe(200);
      expect(await whenClosed).toMatchObject({ code: 4403, reason: 'Session expired' });
    } finally {
      await checking.close();
    }
  });

  it('never gives a deleted account’s socket what is sent to whoever registers its username next', async () => {
    const NAME = 'socket-reborn';
    const FEED = 'subscription { messageAdded { id content senderUsername } }';
    const oldToken = await shop.user(NAME);
    const oldTab = shop.gateway.socket(oldToken, { onNonLazyError: () => undefined });
    const oldEvents: unknown[] = [];
    oldTab.subscribe(
      { query: FEED },
      { next: (event) => void oldEvents.push(event), error: () => undefined, complete: () => undefined },
    );
    // A product's updates on the same socket: the later event that shows an earlier one would have come by then.
    const product = await mutate(
      admin,
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      { input: { name: 'Reborn Gauze', description: 'Gauze, made by a test', price: 2, quantity: 5 } },
    );
    let heardProduct = () => {};
    const productHeard = new Promise<void>((resolve) => (heardProduct = resolve));
    oldTab.subscribe(
      { query: PRODUCT_UPDATED, variables: { ids: [product.product.id] } },
      { next: () => heardProduct(), error: () => undefined, complete: () => undefined },
    );
    await live(oldTab);
    const whenOldClosed = closed(oldTab);
    // Deleted directly at the REST service: no gateway hears of it, so the socket stays open until its next re-check.
    expect((await shop.rest.request('DELETE', '/api/users/account', { token: oldToken })).status).toBe(204);

    const newToken = await shop.user(NAME);
    const newTab = shop.gateway.socket(newToken);
    const friend = await shop.user('socket-reborn-friend');
    try {
      const newFeed = listen(newTab, FEED);
      await live(newTab);
      const sent = await send(friend, await openRoom(friend, NAME), 'For the new socket-reborn only');
      expect((await newFeed.next()).data.messageAdded).toEqual({
        id: sent.id,
        content: 'For the new socket-reborn only',
        senderUsername: 'socket-reborn-friend',
      });
      if (restExtensions) {
        // Channels are keyed by user id: the old account's channel is not the new one's, so nothing reaches it. An
        // event published after the message (the product's update) reaching the old socket shows it has had its turn.
        await mutate(
          admin,
          'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id } userErrors { message } } }',
          {
            input: { id: product.product.id, name: 'Reborn Gauze', description: 'Restocked', price: 2, quantity: 6 },
          },
        );
        await within(productHeard, 'the product update on the old socket');
      } else {
        // The plain contract tells no ids: the event reaches the old socket by name, which finds its user gone on
        // that event and ends the session instead of delivering.
        expect(await whenOldClosed).toMatchObject({ code: 4403, reason: 'Session ended' });
      }
      expect(oldEvents.filter((event) => (event as { data?: unknown }).data)).toEqual([]);
    } finally {
      await newTab.dispose();
      await oldTab.dispose();
    }
  });
});

describe('unexpected errors over the socket in production', () => {
  it('carry no message that might reveal internals, as over HTTP', async () => {
    // An implementation answering rooms with something that is not a list makes a resolver fail unexpectedly.
    const proxy = await startFaultProxy(shop.rest.url);
    const production = await startGateway(shop.rest.url, { restUrl: proxy.url, env: { NODE_ENV: 'production' } });
    try {
      const token = await shop.user('socket-unlucky');
      const client = production.socket(token);
      proxy.inject({ status: 200, body: { not: 'a list' } }, /\/api\/chat\/rooms$/);
      const answer = await ask(client, '{ viewer { chatRooms { id } } }');
      expect(answer.errors).toEqual([
        {
          message: 'Internal server error',
          path: ['viewer', 'chatRooms'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      await client.dispose();
    } finally {
      await production.close();
      await proxy.close();
    }
  });
});

describe('messageAdded', () => {
  it('reaches both participants of the room — the sender’s other tab too — with isMine on the sender’s copy only, and nobody else', async () => {
    const [alice, bob, carol] = await Promise.all(
      ['chat-alice', 'chat-bob', 'chat-carol'].map((name) => shop.user(name)),
    );
    const aliceAndBob = await openRoom(alice!, 'chat-bob');
    const bobAndCarol = await openRoom(bob!, 'chat-carol');
    const sockets = [shop.gateway.socket(alice), shop.gateway.socket(bob), shop.gateway.socket(carol)];
    try {
      const [aliceFeed, bobFeed, carolFeed] = sockets.map((client) => listen(client, MESSAGE_ADDED));
      await Promise.all(sockets.map(live));

      const sent = await send(alice!, aliceAndBob, 'Are the nitrile gloves latex-free?');
      const aliceCopy = (await aliceFeed!.next()).data.messageAdded;
      const bobCopy = (await bobFeed!.next()).data.messageAdded;
      for (const copy of [aliceCopy, bobCopy]) {
        expect(copy).toMatchObject({
          id: sent.id,
          content: 'Are the nitrile gloves latex-free?',
          senderUsername: 'chat-alice',
        });
        expect(copy.room.id).toBe(aliceAndBob);
      }
      expect(aliceCopy.isMine).toBe(true);
      expect(bobCopy.isMine).toBe(false);

      // Carol is in no room of that message. Bob now writes to her: that is the first event she gets, so the one
      // before never came. Alice, who is not in that room, gets her own next message first, not Bob's to Carol.
      await send(bob!, bobAndCarol, 'Carol, your order shipped.');
      const carolFirst = (await carolFeed!.next()).data.messageAdded;
      expect(carolFirst).toMatchObject({
        content: 'Carol, your order shipped.',
        senderUsername: 'chat-bob',
        isMine: false,
      });
      expect((await bobFeed!.next()).data.messageAdded).toMatchObject({
        content: 'Carol, your order shipped.',
        isMine: true,
      });

      await send(alice!, aliceAndBob, 'Thanks!');
      expect((await aliceFeed!.next()).data.messageAdded).toMatchObject({ content: 'Thanks!', isMine: true });
    } finally {
      await Promise.all(sockets.map((client) => client.dispose()));
    }
  });

  it('shows the room as it is after the message: its last message and each subscriber’s own unread count', async () => {
    const [nurse, patient] = await Promise.all([shop.user('room-nurse'), shop.user('room-patient')]);
    const roomId = await openRoom(patient, 'room-nurse');
    const sockets = [shop.gateway.socket(patient), shop.gateway.socket(nurse)];
    try {
      const [patientFeed, nurseFeed] = sockets.map((client) => listen(client, MESSAGE_ADDED));
      await Promise.all(sockets.map(live));

      const first = await send(patient, roomId, 'Which size of compression socks?');
      const patientCopy = (await patientFeed!.next()).data.messageAdded;
      const nurseCopy = (await nurseFeed!.next()).data.messageAdded;
      expect(patientCopy.room).toEqual({
        id: roomId,
        lastMessage: 'Which size of compression socks?',
        lastMessageTime: first.timestamp,
        unreadCount: 0,
      });
      expect(nurseCopy.room).toEqual({
        id: roomId,
        lastMessage: 'Which size of compression socks?',
        lastMessageTime: first.timestamp,
        unreadCount: 1,
      });

      // The next event is read afresh, not from what the first one saw.
      const second = await send(patient, roomId, 'Calf is 38 cm.');
      expect((await patientFeed!.next()).data.messageAdded.room).toMatchObject({
        lastMessage: 'Calf is 38 cm.',
        lastMessageTime: second.timestamp,
        unreadCount: 0,
      });
      expect((await nurseFeed!.next()).data.messageAdded.room).toMatchObject({
        lastMessage: 'Calf is 38 cm.',
        lastMessageTime: second.timestamp,
        unreadCount: 2,
      });
    } finally {
      await Promise.all(sockets.map((client) => client.dispose()));
    }
  });
});

describe('productUpdated', () => {
  const UPDATE_PRODUCT = `mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id } userErrors { message } } }`;

  async function newProduct(name: string, price: number, quantity: number): Promise<string> {
    const payload = await mutate(
      admin,
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      { input: { name, description: `${name}, made by a test`, price, quantity } },
    );
    return payload.product.id;
  }

  it('tells the new price after updateProduct', async () => {
    const productId = await newProduct('Digital Thermometer', 19.9, 12);
    const client = shop.gateway.socket(await shop.user('price-watcher'));
    try {
      const feed = listen(client, PRODUCT_UPDATED, { ids: [productId] });
      await live(client);
      await mutate(admin, UPDATE_PRODUCT, {
        input: { id: productId, name: 'Digital Thermometer', description: 'Now cheaper', price: 14.5, quantity: 12 },
      });
      expect((await feed.next()).data.productUpdated).toEqual({
        id: productId,
        name: 'Digital Thermometer',
        price: 14.5,
        quantity: 12,
        inStock: true,
      });
    } finally {
      await client.dispose();
    }
  });

  it('tells the new stock after a checkout, and the stock given back when the order is cancelled', async () => {
    const productId = await newProduct('Pulse Oximeter', 34, 10);
    const buyer = await shop.user('stock-buyer');
    const client = shop.gateway.socket(await shop.user('stock-watcher'));
    try {
      const feed = listen(client, PRODUCT_UPDATED, { ids: [productId] });
      await live(client);

      await mutate(
        buyer,
        'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 3 }) { userErrors { message } } }',
        { id: productId },
      );
      const checkout = await mutate(
        buyer,
        'mutation { checkout(input: { shippingAddress: "4 Ward Street" }) { order { id } userErrors { message } } }',
        {},
      );
      expect((await feed.next()).data.productUpdated).toMatchObject({ id: productId, quantity: 7, inStock: true });

      await mutate(
        admin,
        'mutation ($id: ID!) { updateOrderStatus(input: { orderId: $id, status: CANCELLED }) { order { status } userErrors { message } } }',
        {
          id: checkout.order.id,
        },
      );
      expect((await feed.next()).data.productUpdated).toMatchObject({ id: productId, quantity: 10 });
    } finally {
      await client.dispose();
    }
  });

  it('with ids, delivers only those products; without, every change including new products', async () => {
    const gauze = await newProduct('Sterile Gauze', 3, 100);
    const tape = await newProduct('Surgical Tape', 2.5, 80);
    const client = shop.gateway.socket(await shop.user('filter-watcher'));
    try {
      const tapeOnly = listen(client, PRODUCT_UPDATED, { ids: [tape] });
      const everything = listen(client, PRODUCT_UPDATED);
      await live(client);

      await mutate(admin, UPDATE_PRODUCT, {
        input: { id: gauze, name: 'Sterile Gauze', description: 'Gauze', price: 3.2, quantity: 100 },
      });
      await mutate(admin, UPDATE_PRODUCT, {
        input: { id: tape, name: 'Surgical Tape', description: 'Tape', price: 2.7, quantity: 80 },
      });
      const splints = await newProduct('Finger Splints', 6, 15);

      // The gauze change came first: the filtered feed's first event being the tape proves it skipped the gauze.
      expect((await tapeOnly.next()).data.productUpdated).toMatchObject({ id: tape, price: 2.7 });
      expect((await everything.next()).data.productUpdated).toMatchObject({ id: gauze, price: 3.2 });
      expect((await everything.next()).data.productUpdated).toMatchObject({ id: tape, price: 2.7 });
      expect((await everything.next()).data.productUpdated).toMatchObject({
        id: splints,
        name: 'Finger Splints',
        quantity: 15,
      });
    } finally {
      await client.dispose();
    }
  });
});

describe('productRemoved', () => {
  const PRODUCT_REMOVED = 'subscription ($ids: [ID!]) { productRemoved(ids: $ids) }';
  const CREATE =
    'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }';
  const DELETE =
    'mutation ($id: ID!) { deleteProduct(input: { id: $id }) { deletedProductId userErrors { message } } }';

  it('tells the id of a deleted product, to everyone or to those who follow it', async () => {
    const kept = (
      await mutate(admin, CREATE, { input: { name: 'Kept Bandage', description: 'Stays', price: 2, quantity: 5 } })
    ).product.id;
    const gone = (
      await mutate(admin, CREATE, { input: { name: 'Retired Bandage', description: 'Goes', price: 2, quantity: 5 } })
    ).product.id;
    const other = (
      await mutate(admin, CREATE, { input: { name: 'Retired Splint', description: 'Goes too', price: 4, quantity: 2 } })
    ).product.id;
    const client = shop.gateway.socket(await shop.user('removal-watcher'));
    try {
      const followed = listen(client, PRODUCT_REMOVED, { ids: [kept, other] });
      const everything = listen(client, PRODUCT_REMOVED);
      await live(client);
      expect((await mutate(admin, DELETE, { id: gone })).deletedProductId).toBe(gone);
      await mutate(admin, DELETE, { id: other });
      // The first deletion was not followed: the filtered feed's first event being the second proves it skipped it.
      expect((await followed.next()).data).toEqual({ productRemoved: other });
      expect((await everything.next()).data).toEqual({ productRemoved: gone });
      expect((await everything.next()).data).toEqual({ productRemoved: other });
    } finally {
      await client.dispose();
    }
  });
});

describe('orderUpdated', () => {
  const ORDER_UPDATED = 'subscription { orderUpdated { id number status customerUsername totalAmount } }';
  const MOVE =
    'mutation ($id: ID!, $status: OrderStatus!) { updateOrderStatus(input: { orderId: $id, status: $status }) { order { status } userErrors { message } } }';

  let probeProduct: string;
  beforeAll(async () => {
    const created = await mutate(
      admin,
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      {
        input: { name: 'Order Desk Probe', description: 'For the order events', price: 5, quantity: 100 },
      },
    );
    probeProduct = created.product.id;
  });

  /** An order of one probe (5.00) placed by the token's user: its id and number. */
  async function orderOf(token: string): Promise<{ id: string; number: number }> {
    await mutate(
      token,
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }',
      { id: probeProduct },
    );
    const checkout = await mutate(
      token,
      'mutation { checkout(input: { shippingAddress: "9 Desk Road" }) { order { id number } userErrors { message } } }',
      {},
    );
    return checkout.order;
  }

  /** A new buyer with an order of one probe (5.00) placed: their token, username and the order's id and number. */
  async function buyerWithOrder(name: string) {
    const token = await shop.user(name);
    return { token, username: name, order: await orderOf(token) };
  }

  /**
   * The stranger's own order, placed and moved after what the stranger must not hear: the first event the stranger's
   * feed gets is about it (events reach a socket in the order they were published).
   */
  async function firstHeardIsOwnOrder(stranger: string, strangerFeed: ReturnType<typeof listen>) {
    const own = await orderOf(stranger);
    await mutate(admin, MOVE, { id: own.id, status: 'CONFIRMED' });
    expect((await strangerFeed.next()).data.orderUpdated).toMatchObject({ id: own.id, number: own.number });
  }

  it('tells the buyer and every admin each move of an order, and nobody else', async () => {
    const buyer = await buyerWithOrder('order-follower');
    const stranger = await shop.user('order-stranger');
    const [buyerSocket, adminSocket, strangerSocket] = [
      shop.gateway.socket(buyer.token),
      shop.gateway.socket(admin),
      shop.gateway.socket(stranger),
    ];
    try {
      const buyerFeed = listen(buyerSocket, ORDER_UPDATED);
      const adminFeed = listen(adminSocket, ORDER_UPDATED);
      const strangerFeed = listen(strangerSocket, ORDER_UPDATED);
      await Promise.all([live(buyerSocket), live(adminSocket), live(strangerSocket)]);

      await mutate(admin, MOVE, { id: buyer.order.id, status: 'CONFIRMED' });
      await mutate(admin, MOVE, { id: buyer.order.id, status: 'SHIPPED' });
      const expected = (status: string) => ({
        id: buyer.order.id,
        number: buyer.order.number,
        status,
        customerUsername: buyer.username,
        totalAmount: 5,
      });
      expect((await buyerFeed.next()).data.orderUpdated).toEqual(expected('CONFIRMED'));
      expect((await buyerFeed.next()).data.orderUpdated).toEqual(expected('SHIPPED'));
      expect((await adminFeed.next()).data.orderUpdated).toEqual(expected('CONFIRMED'));
      expect((await adminFeed.next()).data.orderUpdated).toEqual(expected('SHIPPED'));
      await firstHeardIsOwnOrder(stranger, strangerFeed);
    } finally {
      await Promise.all([buyerSocket.dispose(), adminSocket.dispose(), strangerSocket.dispose()]);
    }
  });

  it('tells an admin socket nothing more once its session was ended at the REST service (a password changed there), and closes it', async () => {
    // A shop of its own: its admin's password changes.
    const own = await startShop();
    try {
      const socket = own.gateway.socket(await own.adminToken(), { onNonLazyError: () => undefined });
      const closed = new Promise<number>((resolve) =>
        socket.on('closed', (event) => resolve((event as { code: number }).code)),
      );
      const delivered: unknown[] = [];
      socket.subscribe(
        { query: ORDER_UPDATED },
        { next: (event) => void delivered.push(event), error: () => undefined, complete: () => undefined },
      );
      await live(socket);
      // Behind every gateway's back: at the REST service itself.
      const changed = await own.rest.request('PUT', '/api/users/change-password', {
        token: await own.rest.adminToken(),
        body: {
          currentPassword: ADMIN_PASSWORD,
          newPassword: 'a-new-admin-secret',
          confirmPassword: 'a-new-admin-secret',
        },
      });
      expect(changed.status).toBe(200);
      // A customer orders through the gateway: the order, with name and address, would go to every admin.
      const product = await own.rest.createProduct(await own.rest.login('admin', 'a-new-admin-secret'), {
        name: 'Revocation Probe',
        quantity: 5,
      });
      const buyer = await own.user('revocation-buyer');
      await own.graphql(
        'mutation ($id: ID!) { addToCart(input: { productId: $id }) { userErrors { message } } }',
        { id: Buffer.from(`Product:${product.id}`).toString('base64url') },
        buyer,
      );
      const placed = await own.graphql(
        'mutation { checkout(input: { shippingAddress: "1 Secret Street" }) { order { id } userErrors { message } } }',
        {},
        buyer,
      );
      expect(placed.data.checkout.order.id).toEqual(expect.any(String));
      expect(await within(closed, 'the revoked socket to be closed')).toBe(4403);
      expect(delivered).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('tells the admins of every new order at checkout, and not the other shoppers', async () => {
    const stranger = await shop.user('checkout-stranger');
    const [adminSocket, strangerSocket] = [shop.gateway.socket(admin), shop.gateway.socket(stranger)];
    try {
      const adminFeed = listen(adminSocket, ORDER_UPDATED);
      const strangerFeed = listen(strangerSocket, ORDER_UPDATED);
      await Promise.all([live(adminSocket), live(strangerSocket)]);
      const buyer = await buyerWithOrder('new-order-buyer');
      expect((await adminFeed.next()).data.orderUpdated).toEqual({
        id: buyer.order.id,
        number: buyer.order.number,
        status: 'PENDING',
        customerUsername: 'new-order-buyer',
        totalAmount: 5,
      });
      await firstHeardIsOwnOrder(stranger, strangerFeed);
    } finally {
      await Promise.all([adminSocket.dispose(), strangerSocket.dispose()]);
    }
  });
});

describe('operations the socket refuses', () => {
  /** A messageAdded selection `depth` fields deep, walking Message → room → messages → edges → node → room … */
  function deepSubscription(depth: number): string {
    const path = ['room', 'messages', 'edges', 'node'];
    const leafOf = { room: 'id', messages: 'totalCount', edges: 'cursor', node: 'id' } as Record<string, string>;
    const fields = ['messageAdded', ...Array.from({ length: depth - 2 }, (_, i) => path[i % path.length]!)];
    const leaf = leafOf[fields[fields.length - 1]!] ?? 'id';
    return `subscription { ${fields.join(' { ')} { ${leaf} }${' }'.repeat(fields.length)}`;
  }

  let client: Client;
  beforeAll(async () => {
    client = shop.gateway.socket(await shop.user('limit-tester'));
    await live(client);
  });
  afterAll(() => client.dispose());

  it('refuses a subscription 20 levels deep with the same error as over HTTP, without executing it', async () => {
    const document = deepSubscription(20);
    shop.resetCalls();
    const errors = await listen(client, document).refusal();
    expect(errors.map((error) => error.message).join('\n')).toMatch(/depth limit of 12 exceeded, found 20/);
    // Nothing was resolved, so nothing reached the REST service.
    expect(shop.calls).toEqual([]);

    const overHttp = await shop.graphql(document, {}, admin);
    expect(errors.map((error) => error.message)).toEqual(overHttp.errors!.map((error) => error.message));
  });

  it('refuses a subscription with more aliases than HTTP allows', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ');
    const errors = await listen(client, `subscription { messageAdded { ${aliases} } }`).refusal();
    expect(errors.map((error) => error.message).join('\n')).toMatch(/aliases limit of 15 exceeded, found 16/i);
  });

  it('answers a subscription with a syntax error with an error, and the socket keeps working', async () => {
    const errors = await listen(client, 'subscription { messageAdded { id content ').refusal();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^Syntax Error/);

    const answer = await ask(client, '{ viewer { username } }');
    expect(answer.data).toEqual({ viewer: { username: 'limit-tester' } });
  });
});
