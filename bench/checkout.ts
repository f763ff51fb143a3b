// Checkout under contention (DESIGN §8): 200 buyers, each with one unit in their cart, place their orders at the
// same moment through the gateway, for a product with 50 units. Exactly 50 orders may succeed; the rest are told
// the stock ran out. Oversold is every unit sold beyond the stock (orders over 50, or stock below 0).
import { type Account, createAccounts } from './accounts.js';
import { inBatches } from './chat-fanout.js';
import { toGlobalId } from '../gateway/src/global-id.js';

export interface CheckoutResult {
  buyers: number;
  stock: number;
  orders: number;
  refused: number;
  oversold: number;
  orders_per_s: number;
  stock_left: number;
}

interface Answer {
  data?: {
    addToCart?: { userErrors: unknown[] };
    checkout?: { order: { id: string } | null; userErrors: unknown[] };
  };
  errors?: unknown[];
}

async function graphql(
  gatewayUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<Answer> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer;
}

export async function measureCheckout(options: {
  restUrl: string;
  gatewayUrl: string;
  databaseUrl: string;
  dataDir: string;
  adminToken: string;
  buyers: number;
  stock: number;
  prefix: string;
}): Promise<CheckoutResult> {
  const created = await fetch(`${options.restUrl}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.adminToken}` },
    body: JSON.stringify({
      name: `Contended Oximeter ${options.prefix}`,
      description: 'The last units',
      price: 20,
      quantity: options.stock,
    }),
  });
  const product = (await created.json()) as { id: number };
  const productId = toGlobalId('Product', product.id);
  const buyers = await createAccounts(
    options.databaseUrl,
    options.dataDir,
    Array.from({ length: options.buyers }, (_, index) => `${options.prefix}-buyer-${index}`),
  );
  await inBatches(buyers, 20, async (buyer: Account) => {
    const added = await graphql(
      options.gatewayUrl,
      buyer.token,
      'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }',
      { id: productId },
    );
    if (added.errors || added.data?.addToCart?.userErrors.length)
      throw new Error(`addToCart: ${JSON.stringify(added)}`);
  });

  const started = performance.now();
  const answers = await Promise.all(
    buyers.map((buyer) =>
      graphql(
        options.gatewayUrl,
        buyer.token,
        'mutation { checkout(input: { shippingAddress: "1 Race Street" }) { order { id } userErrors { message code } } }',
        {},
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const orders = answers.filter((answer) => answer.data?.checkout?.order).length;
  const refused = answers.filter((answer) => answer.data?.checkout?.userErrors?.length).length;
  const after = await fetch(`${options.restUrl}/api/products/${product.id}`, {
    headers: { authorization: `Bearer ${options.adminToken}` },
  });
  const stockLeft = ((await after.json()) as { quantity: number }).quantity;
  return {
    buyers: options.buyers,
    stock: options.stock,
    orders,
    refused,
    oversold: Math.max(0, orders - options.stock, -stockLeft),
    orders_per_s: Math.round((orders / seconds) * 10) / 10,
    stock_left: stockLeft,
  };
}
