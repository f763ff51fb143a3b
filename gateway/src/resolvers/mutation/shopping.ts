// Mutations of the cart, checkout and order status.
import { nearestCents } from '../../../../shop-rules/money.js';
import { CART_IS_EMPTY, checkCartQuantity, checkExpectedTotal, checkIdempotencyKey, checkShippingAddress, priceChanged } from '../../../../shop-rules/order-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { ADMINS_AUDIENCE, userAudience } from '../../pubsub.js';
import type { RestCart, RestOrder } from '../../rest/contract.js';
import { cartTotal } from '../cart.js';
import { productIdOf, publishProductsById } from './catalogue.js';
import { withUserErrors } from './user-errors.js';

// "Only 3 of X in stock", "X is out of stock": about the quantity asked for. "Product not found", "This product is
// not in your cart": about the productId, as when the id is of another type.
const STOCK_HINTS: [RegExp, string | null][] = [[/in stock|out of stock/i, 'quantity']];
const PRODUCT_ID_HINTS: [RegExp, string | null][] = [[/not found|not in your cart/i, 'productId']];

/** The buyer's own channel: by id where the REST service tells it, by name otherwise; none once the account is gone. */
function buyerAudience(order: RestOrder): string[] {
  if (order.userId != null) return [userAudience({ id: order.userId, username: order.username ?? '' })];
  return order.username ? [userAudience({ username: order.username })] : [];
}

async function publishOrder(context: GatewayContext, order: RestOrder, audiences: string[]): Promise<void> {
  try {
    await Promise.all(audiences.map((audience) => context.pubsub.publish('ORDER_UPDATED', { order }, audience)));
  } catch (error) {
    context.log.error({ err: error, orderId: order.id }, 'could not publish orderUpdated');
  }
}

function changedCart(context: GatewayContext, cart: RestCart) {
  context.loaders.cart.prime(cart);
  return { cart };
}

export const shoppingMutations: Pick<
  MutationResolvers,
  'addToCart' | 'updateCartItem' | 'removeCartItem' | 'clearCart' | 'checkout' | 'updateOrderStatus'
> = {
  addToCart: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId', 'quantity'], hints: [...STOCK_HINTS, ...PRODUCT_ID_HINTS] }, async () => {
      const check = new InputCheck();
      const productId = check.attempt(() => productIdOf(input.productId, 'productId'))!;
      const quantity = check.value(checkCartQuantity(input.quantity ?? 1))!;
      check.done();
      return changedCart(context, await context.api.cart.add(productId, quantity));
    }),

  updateCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId', 'quantity'], hints: [...STOCK_HINTS, ...PRODUCT_ID_HINTS] }, async () => {
      const check = new InputCheck();
      const productId = check.attempt(() => productIdOf(input.productId, 'productId'))!;
      const quantity = check.value(checkCartQuantity(input.quantity))!;
      check.done();
      return changedCart(context, await context.api.cart.setQuantity(productId, quantity));
    }),

  removeCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId'], hints: PRODUCT_ID_HINTS }, async () =>
      changedCart(context, await context.api.cart.remove(productIdOf(input.productId, 'productId'))),
    ),

  clearCart: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => changedCart(context, await context.api.cart.clear())),

  checkout: async (_root, { input }, context) => {
    const answer = await withUserErrors(
      input,
      { fields: ['shippingAddress', 'expectedTotal', 'idempotencyKey'], codeByRestCode: { PRICE_CHANGED: 'PRICE_CHANGED' } },
      async () => {
        const check = new InputCheck();
        const shippingAddress = check.value(checkShippingAddress(input.shippingAddress))!;
        const expectedTotal = input.expectedTotal ?? undefined;
        const expectedCents = expectedTotal === undefined ? undefined : check.value(checkExpectedTotal(expectedTotal));
        const idempotencyKey = input.idempotencyKey == null ? undefined : check.value(checkIdempotencyKey(input.idempotencyKey));
        check.done();
        const cart = await context.loaders.cart.get();
        // Where the implementation checks the total and answers keys itself (its answers say so), it does both inside
        // the checkout's transaction, a retried key's order first. Where it does not, the gateway checks here: an
        // implementation that does not would place an empty order, or charge a total the buyer never saw.
        if (!context.api.orders.checksIntegrity()) {
          const empty = !cart.items?.length;
          if (empty) throw new InputProblem(CART_IS_EMPTY, null);
          const totalCents = nearestCents(cartTotal(cart));
          if (expectedCents !== undefined && totalCents !== expectedCents) {
            throw new InputProblem(priceChanged(totalCents, expectedCents), 'expectedTotal', 'PRICE_CHANGED');
          }
        }
        const { order, replayed } = await context.api.orders.checkout(shippingAddress, { expectedTotal, idempotencyKey });
        context.loaders.primeOrders([order]);
        // The contract empties the cart at checkout; the answer says so without another call. A replayed order (this
        // attempt's, placed before while its answer was lost) left the cart as it is now, which is asked for.
        let current: RestCart;
        if (replayed) {
          context.loaders.cart.clear();
          current = await context.loaders.cart.get();
        } else {
          current = { ...cart, items: [], totalPrice: 0 };
          context.loaders.cart.prime(current);
        }
        // The stock and the new order, for the listings and the admins' desk (its buyer has it in this answer). Told
        // again for a replay: the first attempt's answer may have been lost before anything was told, and these
        // events carry state, which clients apply by id, once.
        await publishProductsById(context, (order.items ?? []).flatMap((item) => item.productId ?? []));
        await publishOrder(context, order, [ADMINS_AUDIENCE]);
        return { order, cart: current };
      },
    );
    if (!answer.userErrors.some((error) => error.code === 'PRICE_CHANGED')) return answer;
    // The cart as it is now, so the page can show what changed (the one read before may be older than the REST
    // service's refusal).
    context.loaders.cart.clear();
    return { ...answer, cart: await context.loaders.cart.get() };
  },

  updateOrderStatus: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: ['orderId', 'status'],
        restFields: { id: 'orderId' },
        hints: [
          // "Only administrators can change an order's status" is about who asks, not about the status asked for.
          [/administrators/i, null],
          [/not found/i, 'orderId'],
          // "An order that is SHIPPED cannot become CANCELLED": the status asked for clashes with the order's.
          [/cannot become|changed meanwhile/i, 'status'],
        ],
      },
      async () => {
        const orderId = numericIdOf(input.orderId, 'Order');
        if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
        const order = await context.api.orders.changeStatus(orderId, input.status);
        context.loaders.primeOrders([order]);
        await publishOrder(context, order, [...buyerAudience(order), ADMINS_AUDIENCE]);
        // Cancelling returns the stock.
        if (input.status === 'CANCELLED') {
          await publishProductsById(context, (order.items ?? []).flatMap((item) => item.productId ?? []));
        }
        return { order };
      },
    ),
};
