// Concurrent buyers never oversell: checkout takes stock with a conditional update inside one transaction.
// Runs on SQLite and on PostgreSQL whatever TEST_DATABASE says, since the two lock differently.
import { describe, expect, it } from 'vitest';
import { startRestService } from '../../tests/helpers/rest-service.js';
import { type TestDatabaseKind, postgresReachable } from '../../tests/helpers/test-database.js';

const BUYERS = 20;
const UNITS_IN_STOCK = 5;

const postgresUp = await postgresReachable();
if (!postgresUp) {
  console.warn('\n!!! PostgreSQL is not reachable at 127.0.0.1:5432: the PostgreSQL race test is SKIPPED. Start it (see README).\n');
}

describe.each<[TestDatabaseKind, boolean]>([
  ['sqlite', true],
  ['postgres', postgresUp],
])('on %s', (database, available) => {
  it.runIf(available)(`${BUYERS} buyers racing for ${UNITS_IN_STOCK} units end with exactly ${UNITS_IN_STOCK} orders and stock 0`, async () => {
    const shop = await startRestService({ database, listen: true });
    try {
      const admin = await shop.adminToken();
      const product = await shop.createProduct(admin, { name: 'Last Stethoscopes', price: 89.5, quantity: UNITS_IN_STOCK });
      const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => shop.register(`racer-${i}`)));
      for (const token of buyers) {
        const added = await shop.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
        expect(added.status).toBe(200);
      }

      // Real sockets, all at once, so the requests truly overlap in the server.
      const answers = await Promise.all(
        buyers.map(async (token) => {
          const response = await fetch(`${shop.url}/api/orders/checkout`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ shippingAddress: '1 Race Street' }),
          });
          return { status: response.status, body: (await response.json()) as { message?: string } };
        }),
      );

      const placed = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(placed).toHaveLength(UNITS_IN_STOCK);
      expect(refused).toHaveLength(BUYERS - UNITS_IN_STOCK);
      for (const answer of refused) expect(answer.body.message).toMatch(/^Not enough stock for Last Stethoscopes: 0 left/);

      const after = await shop.request('GET', `/api/products/${product.id}`, { token: admin });
      expect(after.body.quantity).toBe(0);

      // The losers keep their cart line; the winners' carts are empty; nobody got two orders.
      let ordersSeen = 0;
      for (const token of buyers) {
        const orders = await shop.request('GET', '/api/orders', { token });
        const cart = await shop.request('GET', '/api/cart', { token });
        ordersSeen += orders.body.length;
        expect(orders.body.length + cart.body.items.length).toBe(1);
      }
      expect(ordersSeen).toBe(UNITS_IN_STOCK);
    } finally {
      await shop.close();
    }
  });
});
