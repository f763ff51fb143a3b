// An urql client of the graph (issue 22), with documents of its own: @urql/core's Client with its document cache,
// fetchExchange over HTTP and subscriptionExchange over graphql-ws (ws in Node), set up as urql's guide sets them up,
// against a real gateway in production mode over a real REST service. It logs in, pages the catalogue both ways with
// variables, reads Money, is refused with userErrors, and hears an admin's change live.
import { Client, cacheExchange, fetchExchange, gql, subscriptionExchange } from '@urql/core';
import { type Client as SocketClient, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { poll } from '../helpers/poll.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../helpers/rest-service.js';
import { type Shop, startShop } from '../helpers/shop.js';
import { ask } from '../helpers/socket-feed.js';

const SHOPPER = 'urql-shopper';
const SHOPPER_PASSWORD = 'urql-secret-1';

/** The catalogue the test makes, in the order the listing shows it: "Urql Tape 01" to "10", n units at $n.25. */
const CATALOGUE = Array.from({ length: 10 }, (_, index) => {
  const n = index + 1;
  return {
    name: `Urql Tape ${String(n).padStart(2, '0')}`,
    price: n + 0.25,
    quantity: n,
    amount: `${n}.25`,
    minorUnits: n * 100 + 25,
  };
});

const LOG_IN = gql`
  mutation LogIn($input: LoginInput!) {
    login(input: $input) {
      token
      viewer {
        id
        username
      }
      userErrors {
        message
        field
        code
      }
    }
  }
`;

const PRODUCTS = gql`
  query Products($first: Int, $after: String, $last: Int, $before: String) {
    products(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      edges {
        cursor
        node {
          id
          name
          unitPrice {
            amount
            currencyCode
            minorUnits
          }
        }
      }
    }
  }
`;

const ADD_TO_CART = gql`
  mutation AddToCart($input: AddToCartInput!) {
    addToCart(input: $input) {
      cart {
        id
        itemCount
        total {
          amount
          currencyCode
          minorUnits
        }
      }
      userErrors {
        message
        field
        code
      }
    }
  }
`;

const CART = gql`
  query Cart {
    viewer {
      cart {
        id
        itemCount
        total {
          amount
          currencyCode
          minorUnits
        }
      }
    }
  }
`;

const UPDATE_PRODUCT = gql`
  mutation UpdateProduct($input: UpdateProductInput!) {
    updateProduct(input: $input) {
      product {
        id
        quantity
        unitPrice {
          amount
          currencyCode
          minorUnits
        }
      }
      userErrors {
        message
        field
        code
      }
    }
  }
`;

const PRODUCT_UPDATED = gql`
  subscription ProductUpdated($ids: [ID!]) {
    productUpdated(ids: $ids) {
      id
      quantity
      unitPrice {
        amount
        currencyCode
        minorUnits
      }
    }
  }
`;

interface ShopClient {
  urql: Client;
  socket: SocketClient;
  token: string | undefined;
}

let shop: Shop;
const clients: ShopClient[] = [];
/** Each product as the listing shows it to urql, which adds `__typename` to every selection (ids known once made). */
let products: {
  __typename: 'Product';
  id: string;
  name: string;
  unitPrice: { __typename: 'Money'; amount: string; currencyCode: string; minorUnits: number };
}[];
const money = (amount: string, minorUnits: number) => ({
  __typename: 'Money',
  amount,
  currencyCode: 'USD',
  minorUnits,
});

/**
 * An urql Client as urql's guide sets one up: the token in every request's headers and in the socket's parameters.
 * urql sends queries as GET (`preferGetMethod: 'within-url-limit'`, its default), which the gateway's CSRF
 * prevention refuses unless a header a browser would have to ask leave for comes with it: `apollo-require-preflight`,
 * which the gateway's CORS allows (the test after the login shows urql's defaults refused).
 */
function shopClient(options: { preflightHeader?: boolean; preferGetMethod?: boolean } = {}): ShopClient {
  const { preflightHeader = true, preferGetMethod } = options;
  const client = { token: undefined } as ShopClient;
  const authorization = (): Record<string, string> => (client.token ? { authorization: `Bearer ${client.token}` } : {});
  client.socket = createClient({ url: shop.gateway.wsUrl, webSocketImpl: WebSocket, connectionParams: authorization });
  client.urql = new Client({
    url: shop.gateway.url,
    ...(preferGetMethod === undefined ? {} : { preferGetMethod }),
    fetchOptions: () => ({
      headers: { ...(preflightHeader ? { 'apollo-require-preflight': 'true' } : {}), ...authorization() },
    }),
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query || '' };
          return { subscribe: (sink) => ({ unsubscribe: client.socket.subscribe(input, sink) }) };
        },
      }),
    ],
  });
  clients.push(client);
  return client;
}

async function logIn(client: ShopClient, username: string, password: string) {
  const result = await client.urql.mutation(LOG_IN, { input: { username, password } }).toPromise();
  client.token = result.data?.login.token ?? undefined;
  return result;
}

beforeAll(async () => {
  // As clients meet it: production mode. The catalogue is the test's own: no demo products.
  shop = await startShop({ gateway: { env: { NODE_ENV: 'production' } } });
  const admin = await shop.adminToken();
  products = [];
  for (const { name, price, quantity, amount, minorUnits } of CATALOGUE) {
    const created = await shop.graphql(
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } } }',
      { input: { name, description: `${name}, for the urql client`, price, quantity } },
      admin,
    );
    products.push({
      __typename: 'Product',
      id: created.data.createProduct.product.id,
      name,
      unitPrice: { __typename: 'Money', amount, currencyCode: 'USD', minorUnits },
    });
  }
  await shop.rest.register(SHOPPER, SHOPPER_PASSWORD);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.socket.dispose()));
  await shop?.close();
});

it('logs in: a wrong password is a userError and no token; the right one a token its later requests carry', async () => {
  const client = shopClient();
  const refused = await logIn(client, SHOPPER, 'not-the-password');
  expect(refused.error).toBeUndefined();
  expect(refused.data).toEqual({
    login: {
      __typename: 'LoginPayload',
      token: null,
      viewer: null,
      userErrors: [
        { __typename: 'UserError', message: 'Invalid username or password', field: null, code: 'INVALID_CREDENTIALS' },
      ],
    },
  });

  const accepted = await logIn(client, SHOPPER, SHOPPER_PASSWORD);
  expect(accepted.data.login).toEqual({
    __typename: 'LoginPayload',
    token: expect.any(String),
    viewer: { __typename: 'User', id: expect.any(String), username: SHOPPER },
    userErrors: [],
  });
  const firstPage = await client.urql.query(PRODUCTS, { first: 1 }).toPromise();
  expect(firstPage.error).toBeUndefined();
  expect(firstPage.data.products.edges.map((edge: any) => edge.node)).toEqual([products[0]]);
});

it('with urql’s defaults, its queries (sent as GET) are refused as a possible cross-site request forgery; POSTed, they pass', async () => {
  // What a client developer meets first with urql: the default `preferGetMethod` sends queries as GET with no
  // content-type, which Apollo Server's CSRF prevention refuses without apollo-require-preflight (or
  // x-apollo-operation-name). Mutations are POSTed as JSON and pass.
  const client = shopClient({ preflightHeader: false });
  expect((await logIn(client, SHOPPER, SHOPPER_PASSWORD)).data.login.userErrors).toEqual([]);
  const refused = await client.urql.query(PRODUCTS, { first: 1 }).toPromise();
  expect(refused.data).toBeUndefined();
  expect(refused.error?.response.status).toBe(400);
  expect(refused.error?.graphQLErrors.map(({ message, extensions }) => ({ message, extensions }))).toEqual([
    {
      message: expect.stringMatching(
        /^This operation has been blocked as a potential Cross-Site Request Forgery \(CSRF\)\..*apollo-require-preflight\n$/s,
      ),
      extensions: { code: 'BAD_REQUEST' },
    },
  ]);

  // The other way out docs/graph.md gives: every operation POSTed as JSON, as mutations are.
  const posting = shopClient({ preflightHeader: false, preferGetMethod: false });
  await logIn(posting, SHOPPER, SHOPPER_PASSWORD);
  const answered = await posting.urql.query(PRODUCTS, { first: 1 }).toPromise();
  expect(answered.error).toBeUndefined();
  expect(answered.data.products.edges.map((edge: any) => edge.node)).toEqual([products[0]]);
});

describe('the catalogue, paged with variables', () => {
  it('forward with first and after to its end, each page’s Money exact', async () => {
    const client = shopClient();
    await logIn(client, SHOPPER, SHOPPER_PASSWORD);
    const pages: any[] = [];
    let after: string | null = null;
    do {
      const result = await client.urql.query(PRODUCTS, { first: 4, after }).toPromise();
      expect(result.error).toBeUndefined();
      pages.push(result.data.products);
      after = result.data.products.pageInfo.endCursor;
    } while (pages.at(-1).pageInfo.hasNextPage && pages.length < 10);

    expect(pages.map((page) => page.edges.map((edge: any) => edge.node))).toEqual([
      products.slice(0, 4),
      products.slice(4, 8),
      products.slice(8),
    ]);
    expect(
      pages.map(({ totalCount, pageInfo: { hasNextPage, hasPreviousPage } }) => ({
        totalCount,
        hasNextPage,
        hasPreviousPage,
      })),
    ).toEqual([
      { totalCount: 10, hasNextPage: true, hasPreviousPage: false },
      { totalCount: 10, hasNextPage: true, hasPreviousPage: true },
      { totalCount: 10, hasNextPage: false, hasPreviousPage: true },
    ]);
    // A page's cursors are its first and last edges' cursors.
    for (const page of pages)
      expect([page.pageInfo.startCursor, page.pageInfo.endCursor]).toEqual([
        page.edges[0].cursor,
        page.edges.at(-1).cursor,
      ]);
  });

  it('backward with last and before from its end to its start', async () => {
    const client = shopClient();
    await logIn(client, SHOPPER, SHOPPER_PASSWORD);
    const pages: any[] = [];
    let before: string | null = null;
    do {
      const result = await client.urql.query(PRODUCTS, { last: 4, before }).toPromise();
      expect(result.error).toBeUndefined();
      pages.push(result.data.products);
      before = result.data.products.pageInfo.startCursor;
    } while (pages.at(-1).pageInfo.hasPreviousPage && pages.length < 10);

    expect(pages.map((page) => page.edges.map((edge: any) => edge.node))).toEqual([
      products.slice(6),
      products.slice(2, 6),
      products.slice(0, 2),
    ]);
    expect(pages.map(({ pageInfo: { hasNextPage, hasPreviousPage } }) => ({ hasNextPage, hasPreviousPage }))).toEqual([
      { hasNextPage: false, hasPreviousPage: true },
      { hasNextPage: true, hasPreviousPage: true },
      { hasNextPage: true, hasPreviousPage: false },
    ]);
  });
});

it('is refused with userErrors, not an error, when it asks for more than the stock; the cart keeps what it had', async () => {
  const client = shopClient();
  await logIn(client, SHOPPER, SHOPPER_PASSWORD);
  const [tape02, tape03] = [products[1]!, products[2]!];
  const added = await client.urql.mutation(ADD_TO_CART, { input: { productId: tape03.id, quantity: 3 } }).toPromise();
  expect(added.error).toBeUndefined();
  expect(added.data.addToCart).toEqual({
    __typename: 'AddToCartPayload',
    cart: { __typename: 'Cart', id: expect.any(String), itemCount: 3, total: money('9.75', 975) },
    userErrors: [],
  });

  const refused = await client.urql.mutation(ADD_TO_CART, { input: { productId: tape02.id, quantity: 3 } }).toPromise();
  expect(refused.error).toBeUndefined();
  expect(refused.data.addToCart).toEqual({
    __typename: 'AddToCartPayload',
    cart: null,
    userErrors: [
      {
        __typename: 'UserError',
        message: `Only 2 of ${tape02.name} in stock`,
        field: 'quantity',
        code: 'INVALID_INPUT',
      },
    ],
  });
  // Nothing was written: the cart, asked again past urql's cache, holds the three units it had.
  const cart = await client.urql.query(CART, {}, { requestPolicy: 'network-only' }).toPromise();
  expect(cart.data.viewer.cart).toEqual({
    __typename: 'Cart',
    id: added.data.addToCart.cart.id,
    itemCount: 3,
    total: money('9.75', 975),
  });
});

it('hears an admin’s updateProduct through productUpdated over graphql-ws, for the products it asked about only', async () => {
  const shopper = shopClient();
  await logIn(shopper, SHOPPER, SHOPPER_PASSWORD);
  const admin = shopClient();
  await logIn(admin, ADMIN_USERNAME, ADMIN_PASSWORD);
  const [tape05, tape06] = [products[4]!, products[5]!];
  const events: any[] = [];
  const subscription = shopper.urql
    .subscription(PRODUCT_UPDATED, { ids: [tape06.id] })
    .subscribe((result) => events.push(result.error ?? result.data));
  try {
    // The server takes a socket's operations in order: once a query sent after the subscription is answered on the
    // same socket, the subscription is live and the changes below cannot come before it.
    expect((await ask(shopper.socket, '{ viewer { username } }')).data).toEqual({ viewer: { username: SHOPPER } });

    const change = (product: (typeof products)[number], price: number, quantity: number) =>
      admin.urql
        .mutation(UPDATE_PRODUCT, {
          input: { id: product.id, name: product.name, description: `${product.name}, changed`, price, quantity },
        })
        .toPromise();
    // Another product first: it is not one the shopper asked about, so only the second change reaches the shopper.
    expect((await change(tape05, 7.5, 1)).data.updateProduct.userErrors).toEqual([]);
    const repriced = await change(tape06, 5.99, 60);
    const product = { __typename: 'Product', id: tape06.id, quantity: 60, unitPrice: money('5.99', 599) };
    expect(repriced.data.updateProduct).toEqual({ __typename: 'UpdateProductPayload', product, userErrors: [] });

    await poll(
      async () => events.length,
      (count) => count > 0,
    );
    // urql's document cache adds __typename to queries and mutations only: subscriptions go past it as written.
    expect(events).toEqual([
      {
        productUpdated: {
          id: tape06.id,
          quantity: 60,
          unitPrice: { amount: '5.99', currencyCode: 'USD', minorUnits: 599 },
        },
      },
    ]);
  } finally {
    subscription.unsubscribe();
  }
});
