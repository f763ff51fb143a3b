// A Relay client of the graph (issue 22), with documents of its own (relay/): compiled by the real relay-compiler
// against schema.graphql (global-setup.ts), executed by relay-runtime's Environment, Network and Store against a real
// gateway in production mode over a real REST service. It logs in, pages a listing forward to its end and backward to
// its start with the page sizes relay-compiler writes as literals (`products(first: 5)`), reads a chat's history from
// its newest end, follows messages and prices live over graphql-ws, and is refused with userErrors; each time the
// test looks at what the Store holds, as a screen built on it would show it.
import path from 'node:path';
import { getRequest } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../helpers/rest-service.js';
import { poll } from '../helpers/poll.js';
import { type Gateway, type Shop, startGateway, startShop, withoutCost } from '../helpers/shop.js';
import { listen } from '../helpers/socket-feed.js';
import { RELAY_MANIFEST } from './global-setup.js';
import { logInMutation, viewerQuery } from './relay/Account.js';
import { addToCartMutation } from './relay/Cart.js';
import {
  catalogueFragment,
  catalogueFromTheEndQuery,
  catalogueQuery,
  productUpdatedSubscription,
} from './relay/Catalogue.js';
import {
  chatHistoryFragment,
  chatHistoryQuery,
  messageAddedSubscription,
  sendMessageMutation,
} from './relay/ChatHistory.js';
import { type RelayClient, type RelayClientOptions, createRelayClient } from './relay/environment.js';
import { loadQuery, mutate, storedNodes, storedRecord, subscribe } from './relay/operations.js';
import { paginationFragment } from './relay/pagination.js';
import { updateProductMutation } from './relay/ProductEditor.js';

const SHOPPER = 'relay-shopper';
const SHOPPER_PASSWORD = 'relay-secret-1';
const FRIEND = 'relay-friend';
const FRIEND_PASSWORD = 'relay-secret-2';

/** The catalogue the test makes, in the order the listing shows it: "Relay Gauze 01" to "12", n units at $n.05. */
const CATALOGUE = Array.from({ length: 12 }, (_, index) => {
  const n = index + 1;
  return {
    name: `Relay Gauze ${String(n).padStart(2, '0')}`,
    price: n + 0.05,
    quantity: n,
    unitPrice: { amount: `${n}.05`, currencyCode: 'USD', minorUnits: n * 100 + 5 },
  };
});
/** The room's history the test writes: twelve messages, the friend's and the shopper's in turn, oldest first. */
const HISTORY = Array.from({ length: 12 }, (_, index) => ({
  content: `Message ${String(index + 1).padStart(2, '0')}`,
  senderUsername: index % 2 === 0 ? FRIEND : SHOPPER,
}));

let shop: Shop;
const clients: RelayClient[] = [];
/** Each product as the Store should hold it, in the listing's order (ids known once the test has made them). */
let products: {
  id: string;
  name: string;
  quantity: number;
  unitPrice: { amount: string; currencyCode: string; minorUnits: number };
}[];
let roomId: string;
let friendToken: string;

/** A Relay client logged in with its own login mutation, its token kept for every later request. */
async function loggedInClient(
  username: string,
  password: string,
  options: Partial<RelayClientOptions> = {},
  gateway: Gateway = shop.gateway,
) {
  const client = createRelayClient({ url: gateway.url, wsUrl: gateway.wsUrl, ...options });
  clients.push(client);
  const { response } = await mutate(client.environment, logInMutation, { input: { username, password } });
  if (!response.login.token)
    throw new Error(`${username} could not log in: ${JSON.stringify(response.login.userErrors)}`);
  client.token = response.login.token;
  return client;
}

/**
 * Resolves once the socket's subscriptions are live: the server takes a socket's operations in order, so when a query
 * sent after them over the same socket is answered, they are registered. (A Relay app needs no such thing; the test
 * must not cause an event before anyone listens.) The query goes by its persisted id when the client sends no texts.
 */
async function subscriptionsLive(client: RelayClient, persisted = false) {
  const { text, id } = getRequest(viewerQuery).params;
  const feed = persisted
    ? listen(client.socket, '', {}, { persistedQuery: { version: 1, sha256Hash: id } })
    : listen(client.socket, text!);
  try {
    await feed.next();
  } finally {
    feed.stop();
  }
}

beforeAll(async () => {
  // As clients meet it: production mode. The catalogue is the test's own: no demo products.
  shop = await startShop({ gateway: { env: { NODE_ENV: 'production' } } });
  const admin = await shop.adminToken();
  products = [];
  for (const { name, price, quantity, unitPrice } of CATALOGUE) {
    const created = await shop.graphql(
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      { input: { name, description: `${name}, for the Relay client`, price, quantity } },
      admin,
    );
    products.push({ id: created.data.createProduct.product.id, name, quantity, unitPrice });
  }
  await shop.rest.register(SHOPPER, SHOPPER_PASSWORD);
  friendToken = await shop.user(FRIEND, FRIEND_PASSWORD);
  const shopperToken = await shop.rest.login(SHOPPER, SHOPPER_PASSWORD);
  const room = await shop.graphql(
    'mutation ($name: String!) { createChatRoom(input: { participantUsername: $name }) { room { id } } }',
    { name: SHOPPER },
    friendToken,
  );
  roomId = room.data.createChatRoom.room.id;
  for (const { content, senderUsername } of HISTORY) {
    const sent = await shop.graphql(
      'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { userErrors { message } } }',
      { input: { roomId, content } },
      senderUsername === FRIEND ? friendToken : shopperToken,
    );
    expect(sent.data.sendMessage.userErrors).toEqual([]);
  }
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await shop?.close();
});

it('relay-compiler writes the fragments’ page sizes into the documents it sends, as literals', () => {
  // What the gateway is sent, checked once here: the tests below rely on the gateway answering exactly these.
  expect(getRequest(catalogueQuery).params.text).toContain('products(first: 5)');
  expect(getRequest(catalogueFromTheEndQuery).params.text).toContain('products(last: 5)');
  expect(getRequest(chatHistoryQuery).params.text).toContain('messages(last: 5)');
});

it('logs in with the login mutation: a wrong password is a userError and no token, the right one a token that opens the graph', async () => {
  const client = createRelayClient({ url: shop.gateway.url, wsUrl: shop.gateway.wsUrl });
  clients.push(client);
  const refused = await mutate(client.environment, logInMutation, {
    input: { username: SHOPPER, password: 'not-the-password' },
  });
  expect(refused).toEqual({
    response: {
      login: {
        token: null,
        viewer: null,
        userErrors: [{ message: 'Invalid username or password', field: null, code: 'INVALID_CREDENTIALS' }],
      },
    },
    errors: null,
  });

  const accepted = await mutate(client.environment, logInMutation, {
    input: { username: SHOPPER, password: SHOPPER_PASSWORD },
  });
  expect(accepted.response.login).toEqual({
    token: expect.any(String),
    viewer: { id: expect.any(String), username: SHOPPER, isAdmin: false },
    userErrors: [],
  });
  client.token = accepted.response.login.token;
  const viewer = await loadQuery(client.environment, viewerQuery);
  expect(viewer.read()).toEqual({ viewer: { id: accepted.response.login.viewer.id, username: SHOPPER } });
});

describe('the catalogue, one bidirectional @connection', () => {
  it('pages forward from `first: 5` to its end with loadNext, and the Store holds every edge in order, Money and all', async () => {
    const client = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
    const query = await loadQuery(client.environment, catalogueQuery);
    const listing = paginationFragment(client.environment, catalogueFragment, query.read());
    const names = () => listing.connection().edges.map((edge: any) => edge.node.name);

    expect(names()).toEqual(CATALOGUE.slice(0, 5).map((product) => product.name));
    expect(listing.connection().totalCount).toBe(12);
    expect(listing.hasNext()).toBe(true);
    await listing.loadNext(5);
    expect(names()).toEqual(CATALOGUE.slice(0, 10).map((product) => product.name));
    expect(listing.hasNext()).toBe(true);
    await listing.loadNext(5);
    expect(names()).toEqual(CATALOGUE.map((product) => product.name));
    expect(listing.hasNext()).toBe(false);

    // What a screen reads, and underneath it what the Store holds: the twelve edges once each, in the listing's order.
    expect(listing.connection().edges.map((edge: any) => edge.node)).toEqual(
      products.map((product) => ({ __typename: 'Product', ...product })),
    );
    expect(storedNodes(client.environment, listing.connection().__id)).toEqual(products);
    query.release();
  });

  it('opens at its end with `last: 5` and pages backward to its start with loadPrevious, holding the same edges', async () => {
    // Another client, with a store of its own: nothing is carried over from the forward pages.
    const client = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
    const query = await loadQuery(client.environment, catalogueFromTheEndQuery);
    const listing = paginationFragment(client.environment, catalogueFragment, query.read());
    const names = () => listing.connection().edges.map((edge: any) => edge.node.name);

    expect(names()).toEqual(CATALOGUE.slice(7).map((product) => product.name));
    expect(listing.hasPrevious()).toBe(true);
    await listing.loadPrevious(5);
    expect(names()).toEqual(CATALOGUE.slice(2).map((product) => product.name));
    expect(listing.hasPrevious()).toBe(true);
    await listing.loadPrevious(5);
    expect(names()).toEqual(CATALOGUE.map((product) => product.name));
    expect(listing.hasPrevious()).toBe(false);

    expect(storedNodes(client.environment, listing.connection().__id)).toEqual(products);
    query.release();
  });

  it('stays live: an admin’s updateProduct reaches the listing through productUpdated, merged by id into the edge it holds', async () => {
    const shopper = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
    const admin = await loggedInClient(ADMIN_USERNAME, ADMIN_PASSWORD);
    const query = await loadQuery(shopper.environment, catalogueQuery);
    const listing = paginationFragment(shopper.environment, catalogueFragment, query.read());
    const live = subscribe(shopper.environment, productUpdatedSubscription);
    await subscriptionsLive(shopper);

    const changed = products[3]!;
    const repriced = { ...changed, quantity: 40, unitPrice: { amount: '9.99', currencyCode: 'USD', minorUnits: 999 } };
    try {
      const { response } = await mutate(admin.environment, updateProductMutation, {
        input: {
          id: changed.id,
          name: changed.name,
          description: `${changed.name}, repriced`,
          price: 9.99,
          quantity: 40,
        },
      });
      expect(response.updateProduct).toEqual({ product: repriced, userErrors: [] });

      await poll(
        async () => live.events.length,
        (count) => count > 0,
      );
      expect(live.events).toEqual([
        { productUpdated: { id: changed.id, quantity: 40, unitPrice: repriced.unitPrice } },
      ]);
      // The first page, as the screen shows it now: the fourth product repriced in place, nothing refetched.
      expect(listing.connection().edges.map((edge: any) => edge.node)).toEqual(
        [...products.slice(0, 3), repriced, products[4]!].map((product) => ({ __typename: 'Product', ...product })),
      );
      expect(storedRecord(shopper.environment, changed.id)).toEqual(repriced);
    } finally {
      live.dispose();
      query.release();
      // Back as it was, for the tests after this one.
      await shop.graphql(
        'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { userErrors { message } } }',
        {
          input: {
            id: changed.id,
            name: changed.name,
            description: `${changed.name}, for the Relay client`,
            price: CATALOGUE[3]!.price,
            quantity: changed.quantity,
          },
        },
        await shop.adminToken(),
      );
    }
  });
});

describe('a chat’s history, a backward @connection', () => {
  it('opens on the newest `last: 5` messages and loads older pages before them to the room’s first message', async () => {
    const client = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
    const query = await loadQuery(client.environment, chatHistoryQuery, { roomId });
    const history = paginationFragment(client.environment, chatHistoryFragment, query.read().node.room);
    const contents = () => history.connection().edges.map((edge: any) => edge.node.content);

    expect(history.read().roomName).toBe(FRIEND);
    expect(contents()).toEqual(HISTORY.slice(7).map((message) => message.content));
    expect(history.hasPrevious()).toBe(true);
    await history.loadPrevious(5);
    expect(contents()).toEqual(HISTORY.slice(2).map((message) => message.content));
    await history.loadPrevious(5);
    expect(contents()).toEqual(HISTORY.map((message) => message.content));
    expect(history.hasPrevious()).toBe(false);

    const stored = storedNodes(client.environment, history.connection().__id);
    expect(stored.map(({ id: _id, ...message }) => message)).toEqual(
      HISTORY.map((message) => ({ ...message, isMine: message.senderUsername === SHOPPER })),
    );
    expect(new Set(stored.map((message) => message.id)).size).toBe(12);
    query.release();
  });

  it('appends the friend’s new message from messageAdded, and its own once, though both the answer and the event bring it', async () => {
    const client = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
    const query = await loadQuery(client.environment, chatHistoryQuery, { roomId });
    const history = paginationFragment(client.environment, chatHistoryFragment, query.read().node.room);
    const connections = [history.connection().__id];
    const live = subscribe(client.environment, messageAddedSubscription, { connections });
    await subscriptionsLive(client);
    const contents = () => history.connection().edges.map((edge: any) => edge.node.content);
    const newestFive = HISTORY.slice(7).map((message) => message.content);

    const fromFriend = await shop.graphql(
      'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }',
      { input: { roomId, content: 'Are the gauzes in?' } },
      friendToken,
    );
    await poll(
      async () => live.events.length,
      (count) => count >= 1,
    );
    expect(live.events).toEqual([
      {
        messageAdded: {
          id: fromFriend.data.sendMessage.message.id,
          content: 'Are the gauzes in?',
          senderUsername: FRIEND,
          isMine: false,
        },
      },
    ]);
    expect(contents()).toEqual([...newestFive, 'Are the gauzes in?']);

    const { response } = await mutate(client.environment, sendMessageMutation, {
      input: { roomId, content: 'All twelve of them' },
      connections,
    });
    const own = { id: expect.any(String), content: 'All twelve of them', senderUsername: SHOPPER, isMine: true };
    expect(response.sendMessage).toEqual({ message: own, userErrors: [] });
    // The event of the shopper's own message comes too; Relay knows it by its id and does not add it again.
    await poll(
      async () => live.events.length,
      (count) => count >= 2,
    );
    expect(live.events[1]).toEqual({ messageAdded: { ...own, id: response.sendMessage.message.id } });
    expect(contents()).toEqual([...newestFive, 'Are the gauzes in?', 'All twelve of them']);
    expect(storedNodes(client.environment, connections[0]).map((message) => message.content)).toEqual(contents());

    // Refused: `message` is null, which relay-runtime's @appendNode handler notes in development ("Expected target node
    // to exist") and passes over.
    const refused = await mutate(client.environment, sendMessageMutation, {
      input: { roomId, content: '   ' },
      connections,
    });
    expect(refused.response.sendMessage).toEqual({
      message: null,
      userErrors: [{ message: 'Message must not be empty', field: 'content', code: 'INVALID_INPUT' }],
    });
    expect(contents()).toHaveLength(7);
    live.dispose();
    query.release();
  });
});

it('adds to its cart, and is refused with userErrors beyond the stock, the cart in the Store left as it was', async () => {
  const client = await loggedInClient(SHOPPER, SHOPPER_PASSWORD);
  const [gauze01, gauze03] = [products[0]!, products[2]!];
  const added = await mutate(client.environment, addToCartMutation, { input: { productId: gauze03.id, quantity: 2 } });
  const cart = {
    id: expect.any(String),
    itemCount: 2,
    total: { amount: '6.10', currencyCode: 'USD', minorUnits: 610 },
    items: [
      {
        quantity: 2,
        product: { id: gauze03.id, name: gauze03.name },
        lineTotal: { amount: '6.10', currencyCode: 'USD', minorUnits: 610 },
      },
    ],
  };
  expect(added).toEqual({ response: { addToCart: { cart, userErrors: [] } }, errors: null });
  const cartId = added.response.addToCart.cart.id;

  const refused = await mutate(client.environment, addToCartMutation, {
    input: { productId: gauze01.id, quantity: 2 },
  });
  expect(refused).toEqual({
    response: {
      addToCart: {
        cart: null,
        userErrors: [{ message: `Only 1 of ${gauze01.name} in stock`, field: 'quantity', code: 'INVALID_INPUT' }],
      },
    },
    errors: null,
  });
  expect(storedRecord(client.environment, cartId)).toEqual({ ...cart, id: cartId });
});

describe('the same build as trusted documents', () => {
  let trusted: Gateway;
  beforeAll(async () => {
    // A gateway that runs nothing but the manifest relay-compiler wrote beside the artifacts, as an operator would
    // run one for a first-party Relay app: PERSISTED_DOCUMENTS names it, TRUSTED_DOCUMENTS=everyone refuses the rest.
    trusted = await startGateway(shop.rest.url, {
      env: {
        NODE_ENV: 'production',
        PERSISTED_DOCUMENTS: path.join(inject('relayArtifactDirectory'), RELAY_MANIFEST),
        TRUSTED_DOCUMENTS: 'everyone',
      },
    });
  });
  afterAll(() => trusted?.close());

  it('runs the Relay client by its persisted ids alone: logging in, paging, an admin’s change and the event it causes', async () => {
    const shopper = await loggedInClient(SHOPPER, SHOPPER_PASSWORD, { persisted: true }, trusted);
    const admin = await loggedInClient(ADMIN_USERNAME, ADMIN_PASSWORD, { persisted: true }, trusted);
    const query = await loadQuery(shopper.environment, catalogueQuery);
    const listing = paginationFragment(shopper.environment, catalogueFragment, query.read());
    await listing.loadNext(5);
    await listing.loadNext(5);
    expect(storedNodes(shopper.environment, listing.connection().__id)).toEqual(products);

    const live = subscribe(shopper.environment, productUpdatedSubscription);
    await subscriptionsLive(shopper, true);
    const changed = products[11]!;
    await mutate(admin.environment, updateProductMutation, {
      input: {
        id: changed.id,
        name: changed.name,
        description: `${changed.name}, for the Relay client`,
        price: 12.05,
        quantity: 11,
      },
    });
    await poll(
      async () => live.events.length,
      (count) => count > 0,
    );
    expect(live.events).toEqual([{ productUpdated: { id: changed.id, quantity: 11, unitPrice: changed.unitPrice } }]);
    expect(storedRecord(shopper.environment, changed.id)).toEqual({ ...changed, quantity: 11 });
    live.dispose();
    query.release();
  });

  it('while a document outside the manifest, as any other client would write it, is refused there', async () => {
    const response = await fetch(trusted.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products(first: 5) { totalCount } }' }),
    });
    expect(response.status).toBe(400);
    expect(withoutCost(await response.json())).toEqual({
      errors: [
        {
          message: 'This shop runs only its own clients’ documents: send a persisted document’s hash',
          extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' },
        },
      ],
    });
  });
});
