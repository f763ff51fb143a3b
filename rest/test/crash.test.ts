// kill -9 of the REST service in the middle of checkout load, three times, on the suite's database (SQLite, or
// PostgreSQL under TEST_DATABASE=postgres): afterwards the stock
// arithmetic is exact (what is left plus what was ordered is what there was), no order is half-written (each has
// both its lines and its total), and every buyer either has the new order and an empty cart, or no new order and
// the cart as it was. The service runs in its own process, as in production, so the kill cuts off everything.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPILED_REST_SERVER, prepareBuild } from '../../tests/helpers/prepared-build.js';
import { type ServerProcess, freePort, restCaller, startServer } from '../../tests/helpers/server-process.js';
import { type TestDatabase, createTestDatabase } from '../../tests/helpers/test-database.js';

const ROUNDS = 3;
const BUYERS = 24;
const STOCK = 1000;

interface Order {
  id: number;
  totalAmount: number;
  items: { productId?: number; productName: string; quantity: number; subtotal: number }[];
}

let database: TestDatabase;
let port: number;
let server: ServerProcess;
/** Set when the file ends: a test whose time ran out may still be restarting the service then. */
let finished = false;

const start = async () => {
  const started = await startServer(
    COMPILED_REST_SERVER,
    {
      REST_PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'crash-admin',
      REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '100000',
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '100000',
      LOGIN_ATTEMPTS_PER_MINUTE: '100000',
    },
    port,
  );
  // Started after the file ended (its test timed out mid-restart, the worker going on with other files): stopped at
  // once, not left running.
  if (finished) {
    await started.stop();
    throw new Error('The file ended while the service was restarting');
  }
  server = started;
};

const call = restCaller(() => server);

beforeAll(async () => {
  // Compiled, as production runs it: its four starts through tsx took about twice as long (prepared-build.ts).
  await prepareBuild();
  database = await createTestDatabase();
  port = await freePort();
  await start();
}, 180_000);
afterAll(async () => {
  finished = true;
  await server?.stop();
  await database?.drop();
});

it(`keeps stock and orders whole through ${ROUNDS} kill -9s in the middle of ${BUYERS} checkouts`, async () => {
  const admin = (await call<string>('POST', '/auth/login', undefined, { username: 'admin', password: 'crash-admin' }))
    .body;
  const products: number[] = [];
  for (const name of ['Crash-Test Gauze', 'Crash-Test Tape']) {
    products.push(
      (
        await call<{ id: number }>('POST', '/products', admin, {
          name,
          description: 'Survives crashes',
          price: 2.5,
          quantity: STOCK,
        })
      ).body.id,
    );
  }
  const buyers: string[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    await call('POST', '/auth/register', undefined, { username: `crash-buyer-${i}`, password: 'pw-crash' });
    buyers.push(
      (await call<string>('POST', '/auth/login', undefined, { username: `crash-buyer-${i}`, password: 'pw-crash' }))
        .body,
    );
  }
  const ordersOf = async (token: string) => (await call<Order[]>('GET', '/orders', token)).body;
  const cartOf = async (token: string) =>
    (await call<{ items: { quantity: number }[] }>('GET', '/cart', token)).body.items.map((item) => item.quantity);

  let killedMidway = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Every buyer's cart: one gauze, two tape.
    for (const token of buyers) {
      if ((await cartOf(token)).length > 0) continue;
      await call('POST', '/cart/items', token, { productId: products[0], quantity: 1 });
      await call('POST', '/cart/items', token, { productId: products[1], quantity: 2 });
    }
    const before = await Promise.all(buyers.map(ordersOf));

    // All of them check out at once; the service is killed while they do.
    const answers = buyers.map((token) =>
      call('POST', '/orders/checkout', token, { shippingAddress: `${round} Crash Lane` }).catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 15 + round * 10));
    await server.kill();
    const settled = await Promise.all(answers);
    if (settled.some((answer) => answer === undefined)) killedMidway += 1;
    await start();

    for (const [index, token] of buyers.entries()) {
      const orders = await ordersOf(token);
      const fresh = orders.filter((order) => !before[index]!.some((old) => old.id === order.id));
      expect(fresh.length, `buyer ${index}, round ${round}`).toBeLessThanOrEqual(1);
      for (const order of fresh) {
        expect(order.items.map((item) => [item.productName, item.quantity])).toEqual([
          ['Crash-Test Gauze', 1],
          ['Crash-Test Tape', 2],
        ]);
        expect(order.totalAmount).toBe(7.5);
      }
      expect(await cartOf(token), `buyer ${index}, round ${round}`).toEqual(fresh.length === 1 ? [] : [1, 2]);
    }
    const everyOrder = (await Promise.all(buyers.map(ordersOf))).flat();
    for (const [index, productId] of products.entries()) {
      const ordered = everyOrder
        .flatMap((order) => order.items)
        .filter((item) => item.productName === (index === 0 ? 'Crash-Test Gauze' : 'Crash-Test Tape'));
      const left = (await call<{ quantity: number }>('GET', `/products/${productId}`, admin)).body.quantity;
      expect(left + ordered.reduce((sum, item) => sum + item.quantity, 0), `product ${productId}, round ${round}`).toBe(
        STOCK,
      );
    }
  }
  // At least one kill landed while checkouts were still in flight (otherwise the test proved less than it says).
  expect(killedMidway).toBeGreaterThanOrEqual(1);
}, 90_000); // three restarts of the compiled server: ~15 s alone, more beside other files
