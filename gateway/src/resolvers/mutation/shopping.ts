// Mutations of the cart, checkout and order status.
import { CART_IS_EMPTY, checkCartQuantity, checkShippingAddress } from '../../../../shop-rules/order-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputProblem, obeying } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { ADMINS_AUDIENCE, userAudience } from '../../pubsub.js';
import type { RestCart, RestOrder } from '../../rest/contract.js';
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
      const productId = productIdOf(input.productId, 'productId');
      return changedCart(context, await context.api.cart.add(productId, obeying(checkCartQuantity(input.quantity ?? 1))));
    }),

  updateCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId', 'quantity'], hints: [...STOCK_HINTS, ...PRODUCT_ID_HINTS] }, async () => {
      const productId = productIdOf(input.productId, 'productId');
      return changedCart(context, await context.api.cart.setQuantity(productId, obeying(checkCartQuantity(input.quantity))));
    }),

  removeCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId'], hints: PRODUCT_ID_HINTS }, async () =>
      changedCart(context, await context.api.cart.remove(productIdOf(input.productId, 'productId'))),
    ),

  clearCart: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => changedCart(context, await context.api.cart.clear())),

  checkout: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['shippingAddress'] }, async () => {
      const shippingAddress = obeying(checkShippingAddress(input.shippingAddress));
      // Checked here too: an implementation that does not check it would place an empty order.
      const cart = await context.loaders.cart.get();
      if (!cart.items?.length) throw new InputProblem(CART_IS_EMPTY, null);
      const order = await context.api.orders.checkout(shippingAddress);
      context.loaders.primeOrders([order]);
      // The contract empties the cart at checkout; the answer says so without another call.
      const emptied: RestCart = { ...cart, items: [], totalPrice: 0 };
      context.loaders.cart.prime(emptied);
      await publishProductsById(context, (order.items ?? []).flatMap((item) => item.productId ?? []));
      // A new order for the admins' desk; its buyer has it in this answer.
      await publishOrder(context, order, [ADMINS_AUDIENCE]);
      return { order, cart: emptied };
    }),

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
