// Money in the graph (issue 30). Amounts the graph can carry (item 2): Money.minorUnits is a GraphQL Int: 32 bits, at
// most 2,147,483,647 cents ($21,474,836.47). The shop bounds what it accepts (a unit price, a cart line's quantity, a
// cart's lines and its total, and so an order's) so that every amount it writes fits, refusing beyond them before
// anything is written; and an amount already stored beyond them (written before the bounds, or straight into the
// database) still renders: `amount` exact, `minorUnits` clamped, the log saying why. The REST service's side runs on
// SQLite and PostgreSQL. And amounts sent to the graph as exact decimal text (item 9): `expectedTotalAmount` and
// `unitPriceAmount` (Decimal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { type TestDatabaseKind, postgresReachable } from '../../tests/helpers/test-database.js';

const postgresUp = restExtensions && (await postgresReachable());
if (restExtensions && !postgresUp) {
  console.warn(
    '\n!!! PostgreSQL is not reachable at 127.0.0.1:5432: the money limits on PostgreSQL are SKIPPED. Start it (see README).\n',
  );
}

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64url');
const MONEY = 'amount currencyCode minorUnits';
const CART = `cart { itemCount total { ${MONEY} } items { quantity unitPrice { ${MONEY} } lineTotal { ${MONEY} } } }`;
const USER_ERRORS = 'userErrors { message field code }';
const money = (amount: string, minorUnits: number) => ({ amount, currencyCode: 'USD', minorUnits });

// The plain contract runs on SQLite only: what differs there is the gateway's own checking, not the database.
describe.each<[TestDatabaseKind, boolean]>([
  ['sqlite', true],
  ...(restExtensions ? [['postgres', postgresUp] as [TestDatabaseKind, boolean]] : []),
])('on %s', (database, available) => {
  let shop: Shop;
  let adminRest: string;
  const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
  let counter = 0;

  beforeAll(async () => {
    if (!available) return;
    shop = await startShop({
      rest: { database },
      gateway: { logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } } },
    });
    adminRest = await shop.rest.adminToken();
  });
  afterAll(() => shop?.close());

  const graphql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const answer = await shop.graphql(query, variables, token);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data;
  };
  const product = async (price: number, quantity = 100) => {
    const made = await shop.rest.createProduct(adminRest, { name: `Limit Scanner ${(counter += 1)}`, price, quantity });
    return { id: made.id as number, globalId: globalId('Product', made.id) };
  };
  const shopper = async () => {
    const username = `limits-${database}-${(counter += 1)}`;
    return { username, token: await shop.user(username) };
  };
  const addToCart = (token: string, productId: string, quantity: number) =>
    graphql(
      `mutation ($input: AddToCartInput!) { addToCart(input: $input) { ${CART} ${USER_ERRORS} } }`,
      { input: { productId, quantity } },
      token,
    ).then((data) => data.addToCart);
  const cartOf = async (token: string) => (await graphql(`{ viewer { ${CART} } }`, {}, token)).viewer.cart;
  const stockOf = async (id: number) =>
    (await shop.rest.request('GET', `/api/products/${id}`, { token: adminRest })).body.quantity;
  const ordersOf = async (token: string) =>
    (
      await graphql(
        `{ viewer { orders(first: 10) { totalCount edges { node { number total { ${MONEY} } items { quantity lineTotal { ${MONEY} } } } } } } }`,
        {},
        token,
      )
    ).viewer.orders;

  it.runIf(available)(
    'refuses $999,999.99 × 22 before anything is written, and takes the most a cart may cost',
    async () => {
      const scanner = await product(999_999.99);
      const { token } = await shopper();
      const tooMuch = (total: string) => [
        {
          message: `That would make your cart’s total ${total}: a cart may cost at most $10,000,000.00`,
          field: 'quantity',
          code: 'INVALID_INPUT',
        },
      ];

      shop.resetCalls();
      expect(await addToCart(token, scanner.globalId, 22)).toEqual({
        cart: null,
        userErrors: tooMuch('$21,999,999.78'),
      });
      // Ours says it keeps the cart limits itself (Contract-Extensions: cart-limits) and refuses; where the contract's
      // implementation does not say so, the gateway refuses before asking it to change anything.
      expect(shop.calls.filter((call) => !call.startsWith('GET'))).toEqual(
        restExtensions ? ['POST /api/cart/items'] : [],
      );
      expect(await cartOf(token)).toEqual({ itemCount: 0, total: money('0.00', 0), items: [] });

      // Ten are $9,999,999.90: within what a cart may cost. An eleventh, or 22 in all, are not, and the line stays at
      // ten.
      expect((await addToCart(token, scanner.globalId, 10)).userErrors).toEqual([]);
      expect((await addToCart(token, scanner.globalId, 1)).userErrors).toEqual(tooMuch('$10,999,999.89'));
      const update = await graphql(
        `mutation ($input: UpdateCartItemInput!) { updateCartItem(input: $input) { cart { itemCount } ${USER_ERRORS} } }`,
        { input: { productId: scanner.globalId, quantity: 22 } },
        token,
      );
      expect(update.updateCartItem).toEqual({ cart: null, userErrors: tooMuch('$21,999,999.78') });
      const cart = await cartOf(token);
      expect(cart.total).toEqual(money('9999999.90', 999_999_990));
      expect(cart.items).toEqual([
        { quantity: 10, unitPrice: money('999999.99', 99_999_999), lineTotal: money('9999999.90', 999_999_990) },
      ]);
      expect(await stockOf(scanner.id)).toBe(100);

      const checkout = await graphql(
        `mutation ($input: CheckoutInput!) { checkout(input: $input) { order { total { ${MONEY} } items { quantity } } ${USER_ERRORS} } }`,
        { input: { shippingAddress: '1 Large Order Way' } },
        token,
      );
      expect(checkout.checkout).toEqual({
        order: { total: money('9999999.90', 999_999_990), items: [{ quantity: 10 }] },
        userErrors: [],
      });
    },
  );

  it.runIf(available)('refuses a product beyond the hundredth of a cart, adding nothing', async () => {
    const { username, token } = await shopper();
    const db = shop.rest.app.shopDatabase.db;
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    // A hundred lines, written straight into the database: a hundred calls would say nothing more.
    const now = new Date().toISOString();
    const made = await db
      .insertInto('products')
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Bulk Swab ${counter}-${i}`,
          nameKey: `bulk swab ${counter}-${i}`,
          description: 'One of many',
          priceCents: 100,
          quantity: 10,
          imageUrl: null,
          imageUrls: '[]',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = made.map((row) => row.id).sort((a, b) => a - b);
    await db
      .insertInto('cartItems')
      .values(ids.slice(0, 100).map((productId) => ({ userId: user.id, productId, quantity: 1, addedAt: now })))
      .execute();

    expect(await addToCart(token, globalId('Product', ids[100]!), 1)).toEqual({
      cart: null,
      userErrors: [
        { message: 'A cart can hold at most 100 different products', field: 'productId', code: 'INVALID_INPUT' },
      ],
    });
    // More of a product already there is no new line.
    expect((await addToCart(token, globalId('Product', ids[0]!), 1)).userErrors).toEqual([]);
    const cart = await cartOf(token);
    expect([cart.items.length, cart.itemCount, cart.total]).toEqual([100, 101, money('101.00', 10_100)]);
  });

  it.runIf(available)(
    'a cart whose prices rose past what an order may cost renders exactly, and checkout refuses it writing nothing',
    async () => {
      const monitor = await product(100_000);
      const { token } = await shopper();
      expect((await addToCart(token, monitor.globalId, 22)).userErrors).toEqual([]);
      // The admin's change is within the price's bound; the cart it makes is beyond what the graph's Int can carry.
      const raised = await shop.rest.request('PUT', `/api/products/${monitor.id}`, {
        token: adminRest,
        body: { name: `Limit Scanner ${monitor.id}`, description: 'Raised', price: 999_999.99, quantity: 100 },
      });
      expect(raised.status).toBe(200);

      logLines.length = 0;
      const cart = await cartOf(token);
      expect(cart).toEqual({
        itemCount: 22,
        total: money('21999999.78', 2_147_483_647),
        items: [
          { quantity: 22, unitPrice: money('999999.99', 99_999_999), lineTotal: money('21999999.78', 2_147_483_647) },
        ],
      });
      expect(
        logLines.filter((line) => line.msg.includes('minorUnits')).map((line) => [line.level, line.path, line.msg]),
      ).toEqual(
        ['viewer.cart.total.minorUnits', 'viewer.cart.items.0.lineTotal.minorUnits'].map((path) => [
          40,
          path,
          'Money.minorUnits answered 2147483647, the largest GraphQL Int, for USD 21999999.78: the amount is beyond what a 32-bit Int carries (stored before the shop bounded amounts, or written around it); amount is exact',
        ]),
      );

      shop.resetCalls();
      const checkout = await graphql(
        `mutation ($input: CheckoutInput!) { checkout(input: $input) { order { id } ${USER_ERRORS} } }`,
        { input: { shippingAddress: '1 Risen Price Road' } },
        token,
      );
      expect(checkout.checkout).toEqual({
        order: null,
        userErrors: [
          {
            message:
              'Your cart’s total, $21,999,999.78, is over the $10,000,000.00 an order may cost: take some items out to check out',
            field: null,
            code: 'INVALID_INPUT',
          },
        ],
      });
      // The gateway refused it on the cart it reads first: the REST service was not asked to place it.
      expect(shop.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
      expect((await ordersOf(token)).totalCount).toBe(0);
      expect((await cartOf(token)).itemCount).toBe(22);
      expect(await stockOf(monitor.id)).toBe(100);
    },
  );

  it.runIf(available)(
    'an order stored beyond what the graph carries renders on the orders page, the desk and by id',
    async () => {
      const { username, token } = await shopper();
      const db = shop.rest.app.shopDatabase.db;
      const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      const monitor = await product(999_999.99);
      const small = await product(2.5);
      // As an order placed before the shop bounded totals: 22 × $999,999.99 = $21,999,999.78, and a small line.
      const order = await db
        .insertInto('orders')
        .values({
          userId: user.id,
          orderDate: new Date().toISOString(),
          status: 'PENDING',
          shippingAddress: '1 Old Order Street',
          totalCents: 2_200_000_228,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('orderItems')
        .values([
          {
            orderId: order.id,
            productId: monitor.id,
            productName: 'Limit Scanner',
            priceCents: 99_999_999,
            quantity: 22,
            subtotalCents: 2_199_999_978,
          },
          {
            orderId: order.id,
            productId: small.id,
            productName: 'Gauze',
            priceCents: 250,
            quantity: 100,
            subtotalCents: 25_000,
          },
        ])
        .execute();
      // Another, ordinary order of the same buyer, on the same page.
      expect((await addToCart(token, small.globalId, 2)).userErrors).toEqual([]);
      await graphql(
        `
          mutation {
            checkout(input: { shippingAddress: "2 New Order Street" }) {
              order {
                id
              }
            }
          }
        `,
        {},
        token,
      );

      logLines.length = 0;
      const huge = {
        total: money('22000002.28', 2_147_483_647),
        items: [
          { quantity: 22, lineTotal: money('21999999.78', 2_147_483_647) },
          { quantity: 100, lineTotal: money('250.00', 25_000) },
        ],
      };
      const orders = await ordersOf(token);
      expect(orders.totalCount).toBe(2);
      expect(orders.edges.map((edge: { node: object }) => edge.node)).toEqual([
        { number: order.id + 1, total: money('5.00', 500), items: [{ quantity: 2, lineTotal: money('5.00', 500) }] },
        { number: order.id, ...huge },
      ]);
      expect(logLines.map((line) => line.path)).toEqual([
        'viewer.orders.edges.1.node.total.minorUnits',
        'viewer.orders.edges.1.node.items.0.lineTotal.minorUnits',
      ]);

      const byId = await graphql(
        `query ($id: ID!) { node(id: $id) { ... on Order { number total { ${MONEY} } } } }`,
        { id: globalId('Order', order.id) },
        token,
      );
      expect(byId.node).toEqual({ number: order.id, total: huge.total });

      // The order desk lists every customer's orders (an extension of the contract).
      if (restExtensions) {
        const admin = await shop.adminToken();
        const desk = await graphql(
          `{ orders(first: 20, search: "${username}") { totalCount countsByStatus { status count } edges { node { number customerUsername total { ${MONEY} } } } } }`,
          {},
          admin,
        );
        expect(desk.orders.totalCount).toBe(2);
        expect(desk.orders.edges.map((edge: { node: object }) => edge.node)).toEqual([
          { number: order.id + 1, customerUsername: username, total: money('5.00', 500) },
          { number: order.id, customerUsername: username, total: huge.total },
        ]);
      }
    },
  );
});

describe('amounts sent as exact decimal text (Decimal)', () => {
  let shop: Shop;
  let admin: string;
  let counter = 0;
  beforeAll(async () => {
    shop = await startShop();
    admin = await shop.adminToken();
  });
  afterAll(() => shop.close());

  const send = (mutation: string, input: Record<string, unknown>, selection: string, token: string) => {
    const inputType = `${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input`;
    return shop.graphql(
      `mutation ($input: ${inputType}!) { ${mutation}(input: $input) { ${selection} ${USER_ERRORS} } }`,
      { input },
      token,
    );
  };
  const mutate = async (mutation: string, input: Record<string, unknown>, selection: string, token: string) => {
    const answer = await send(mutation, input, selection, token);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data[mutation];
  };
  const PRODUCT = `product { name unitPrice { ${MONEY} } }`;
  const productInput = (price: Record<string, unknown>) => ({
    name: `Exact Gauze ${(counter += 1)}`,
    description: 'Sterile',
    quantity: 10,
    ...price,
  });

  /** A shopper whose cart holds 2 × $9.99, as the review showed it: total { amount: "19.98" }. */
  async function reviewedCart(): Promise<{ token: string; amount: string; productId: string }> {
    const made = await shop.rest.createProduct(await shop.rest.adminToken(), {
      name: `Exact Thermometer ${(counter += 1)}`,
      price: 9.99,
      quantity: 10,
    });
    const token = await shop.user(`exact-${counter}`);
    const productId = globalId('Product', made.id);
    expect((await mutate('addToCart', { productId, quantity: 2 }, 'cart { id }', token)).userErrors).toEqual([]);
    const { data } = await shop.graphql(`{ viewer { cart { total { ${MONEY} } } } }`, {}, token);
    return { token, amount: data.viewer.cart.total.amount, productId };
  }

  it('places an order at expectedTotalAmount "19.98", the amount the client was shown', async () => {
    const { token, amount } = await reviewedCart();
    expect(amount).toBe('19.98');
    const payload = await mutate(
      'checkout',
      { shippingAddress: '1 Exact Street', expectedTotalAmount: amount },
      `order { total { ${MONEY} } }`,
      token,
    );
    expect(payload).toEqual({ order: { total: money('19.98', 1998) }, userErrors: [] });
  });

  it('still takes the deprecated Float expectedTotal', async () => {
    const { token } = await reviewedCart();
    const payload = await mutate(
      'checkout',
      { shippingAddress: '1 Float Street', expectedTotal: 19.98 },
      `order { total { amount } }`,
      token,
    );
    expect(payload).toEqual({ order: { total: { amount: '19.98' } }, userErrors: [] });
  });

  it.each<[string, Record<string, unknown>, { message: string; field: string; code: string }]>([
    [
      'another total: PRICE_CHANGED on expectedTotalAmount',
      { expectedTotalAmount: '19.97' },
      {
        message: 'The total is now $19.98, not the $19.97 you reviewed: check your order and place it again',
        field: 'expectedTotalAmount',
        code: 'PRICE_CHANGED',
      },
    ],
    [
      'a fraction of a cent',
      { expectedTotalAmount: '19.985' },
      {
        message: 'The expected total must be an amount of at least 0 with at most 2 decimals',
        field: 'expectedTotalAmount',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'a negative amount',
      { expectedTotalAmount: '-19.98' },
      {
        message: 'The expected total must be an amount of at least 0 with at most 2 decimals',
        field: 'expectedTotalAmount',
        code: 'INVALID_INPUT',
      },
    ],
    [
      'both fields',
      { expectedTotalAmount: '19.98', expectedTotal: 19.98 },
      {
        message: 'Give expectedTotalAmount or expectedTotal, not both',
        field: 'expectedTotalAmount',
        code: 'INVALID_INPUT',
      },
    ],
  ])('refuses %s, ordering nothing', async (_case, total, userError) => {
    const { token } = await reviewedCart();
    const payload = await mutate('checkout', { shippingAddress: '1 Exact Street', ...total }, 'order { id }', token);
    expect(payload.order).toBeNull();
    expect(payload.userErrors).toEqual([userError]);
    const { data } = await shop.graphql('{ viewer { orders(first: 1) { totalCount } cart { itemCount } } }', {}, token);
    expect(data.viewer).toEqual({ orders: { totalCount: 0 }, cart: { itemCount: 2 } });
  });

  it.each([
    ['a number', 19.98],
    ['an exponent', '1e3'],
    ['grouping', '1,000.00'],
    ['blanks', ' 19.98'],
  ])('refuses a Decimal written as %s as the request’s error, BAD_USER_INPUT', async (_case, amount) => {
    const { token } = await reviewedCart();
    const answer = await send(
      'checkout',
      { shippingAddress: '1 Exact Street', expectedTotalAmount: amount },
      'order { id }',
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors!.map((error) => [error.extensions?.code, error.message])).toEqual([
      [
        'BAD_USER_INPUT',
        `Variable "$input" got invalid value ${JSON.stringify(amount)} at "input.expectedTotalAmount"; Decimal must be an amount written as text, such as "19.98": digits, optionally a point and more digits, at most 40 characters`,
      ],
    ]);
  });

  it('creates and updates a product at unitPriceAmount, exactly', async () => {
    const created = await mutate(
      'createProduct',
      productInput({ unitPriceAmount: '0.29' }),
      `${PRODUCT} product { id }`,
      admin,
    );
    expect(created.userErrors).toEqual([]);
    expect(created.product.unitPrice).toEqual(money('0.29', 29));
    const updated = await mutate(
      'updateProduct',
      { id: created.product.id, ...productInput({ unitPriceAmount: '1000000.00' }) },
      PRODUCT,
      admin,
    );
    expect(updated.product.unitPrice).toEqual(money('1000000.00', 100_000_000));
    // The deprecated Float, as clients of the released schema send it.
    const float = await mutate('createProduct', productInput({ price: 6.5 }), PRODUCT, admin);
    expect(float.product.unitPrice).toEqual(money('6.50', 650));
  });

  it.each<[string, Record<string, unknown>, { message: string; field: string }]>([
    [
      'a fraction of a cent',
      { unitPriceAmount: '12.345' },
      { message: 'Price can have at most 2 decimal places', field: 'unitPriceAmount' },
    ],
    [
      'beyond the limit',
      { unitPriceAmount: '1000000.01' },
      { message: 'Price must be at most 1000000', field: 'unitPriceAmount' },
    ],
    ['below 0', { unitPriceAmount: '-1' }, { message: 'Price must be at least 0', field: 'unitPriceAmount' }],
    ['no price', {}, { message: 'Price is required', field: 'unitPriceAmount' }],
    [
      'both prices',
      { unitPriceAmount: '6.50', price: 6.5 },
      { message: 'Give unitPriceAmount or price, not both', field: 'unitPriceAmount' },
    ],
    [
      'the Float’s own rule, on price',
      { price: 6.555 },
      { message: 'Price can have at most 2 decimal places', field: 'price' },
    ],
  ])('refuses a product with %s, creating nothing', async (_case, price, userError) => {
    const input = productInput(price);
    expect(await mutate('createProduct', input, PRODUCT, admin)).toEqual({
      product: null,
      userErrors: [{ ...userError, code: 'INVALID_INPUT' }],
    });
    const { data } = await shop.graphql(
      'query ($name: String) { products(filter: { name: $name }) { totalCount } }',
      { name: input.name },
      admin,
    );
    expect(data.products.totalCount).toBe(0);
  });
});
