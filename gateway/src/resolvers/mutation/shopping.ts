// Mutations of the cart, checkout and order status.
import { PAYMENT_METHOD_NOT_OFFERED } from '../../../../shop-rules/payment-rules.js';
import { centsToDollars, nearestCents } from '../../../../shop-rules/money.js';
import { COUNTRY_CODES, INVALID_COUNTRY } from '../../../../shop-rules/address-rules.js';
import { SHIPPING_METHOD_GONE } from '../../../../shop-rules/shipping-rules.js';
import {
  EXPECTED_TOTAL_TWICE,
  checkCartQuantity,
  checkExpectedTotal,
  checkIdempotencyKey,
  checkOrderTotal,
  checkShippingAddress,
} from '../../../../shop-rules/order-rules.js';
import type { CheckoutInput, MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { ADMINS_AUDIENCE, userAudience } from '../../pubsub.js';
import type { RestCart, RestOrder } from '../../rest/contract.js';
import {
  cartTotal,
  refuseCartChangeBeyondLimits,
  refuseCheckoutTheImplementationWouldNot,
} from '../../rest/plain-contract/checks.js';
import { productIdOf, publishProductsById } from './catalogue.js';
import { withUserErrors } from './user-errors.js';

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

/**
 * The total the buyer reviewed, in cents, and the input field it came in: `expectedTotalAmount` (exact text, as
 * Money.amount gave it) or the deprecated Float `expectedTotal`; never both. Undefined when neither is given.
 */
function expectedTotalOf(
  input: CheckoutInput,
  check: InputCheck,
): { cents: number | undefined; field: string } | undefined {
  const amount = input.expectedTotalAmount ?? undefined;
  const float = input.expectedTotal ?? undefined;
  if (amount !== undefined && float !== undefined) {
    check.add({ message: EXPECTED_TOTAL_TWICE, field: 'expectedTotalAmount' });
    return { cents: undefined, field: 'expectedTotalAmount' };
  }
  if (amount !== undefined)
    return { cents: check.value(checkExpectedTotal(amount, 'expectedTotalAmount')), field: 'expectedTotalAmount' };
  if (float !== undefined) return { cents: check.value(checkExpectedTotal(float)), field: 'expectedTotal' };
  return undefined;
}

/**
 * The shipping method chosen, by number, and the country it ships to, upper-case (the REST service prices it, and
 * refuses one gone or one that does not ship there). Either may be left out: the REST service says when one is needed.
 */
function shippingChoiceOf(
  input: Pick<CheckoutInput, 'shippingMethodId' | 'shippingCountry'>,
  check: InputCheck,
): { shippingMethodId?: number; shippingCountry?: string } {
  const choice: { shippingMethodId?: number; shippingCountry?: string } = {};
  if (input.shippingMethodId != null) {
    const id = numericIdOf(input.shippingMethodId, 'ShippingMethod');
    if (id === undefined)
      check.add(
        new InputProblem('This shipping method is no longer offered: choose another', 'shippingMethodId', 'NOT_FOUND'),
      );
    else choice.shippingMethodId = id;
  }
  if (input.shippingCountry != null) {
    const code = input.shippingCountry.trim().toUpperCase();
    if (!COUNTRY_CODES.includes(code)) check.add({ message: INVALID_COUNTRY, field: 'shippingCountry' });
    else choice.shippingCountry = code;
  }
  return choice;
}

function changedCart(context: GatewayContext, cart: RestCart) {
  context.loaders.cart.prime(cart);
  return { cart };
}

export const shoppingMutations: Pick<
  MutationResolvers,
  | 'addToCart'
  | 'updateCartItem'
  | 'removeCartItem'
  | 'clearCart'
  | 'checkout'
  | 'updateOrderStatus'
  | 'recordPayment'
  | 'cancelOrder'
  | 'orderAgain'
> = {
  addToCart: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId', 'quantity'] }, async () => {
      const check = new InputCheck();
      const productId = check.attempt(() => productIdOf(input.productId, 'productId'))!;
      const quantity = check.value(checkCartQuantity(input.quantity ?? 1))!;
      check.done();
      await refuseCartChangeBeyondLimits(context.api, context.loaders, productId, (current) => current + quantity);
      return changedCart(context, await context.api.cart.add(productId, quantity));
    }),

  updateCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId', 'quantity'] }, async () => {
      const check = new InputCheck();
      const productId = check.attempt(() => productIdOf(input.productId, 'productId'))!;
      const quantity = check.value(checkCartQuantity(input.quantity))!;
      check.done();
      await refuseCartChangeBeyondLimits(context.api, context.loaders, productId, (current) =>
        current === 0 ? undefined : quantity,
      );
      return changedCart(context, await context.api.cart.setQuantity(productId, quantity));
    }),

  removeCartItem: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['productId'] }, async () =>
      changedCart(context, await context.api.cart.remove(productIdOf(input.productId, 'productId'))),
    ),

  clearCart: (_root, { input }, context) =>
    withUserErrors(input, {}, async () => changedCart(context, await context.api.cart.clear())),

  checkout: async (_root, { input }, context) => {
    // The REST service names the total `expectedTotal`; the buyer's client may have sent it as `expectedTotalAmount`.
    const totalField = input.expectedTotalAmount != null ? 'expectedTotalAmount' : 'expectedTotal';
    const answer = await withUserErrors(
      input,
      {
        fields: [
          'shippingAddress',
          'shippingMethodId',
          'shippingCountry',
          'paymentMethod',
          'expectedTotal',
          'expectedTotalAmount',
          'idempotencyKey',
        ],
        restFields: { expectedTotal: totalField },
        codeByRestCode: { PRICE_CHANGED: 'PRICE_CHANGED', SHIPPING_METHOD_NOT_FOUND: 'NOT_FOUND' },
      },
      async () => {
        const check = new InputCheck();
        const shippingAddress = check.value(checkShippingAddress(input.shippingAddress))!;
        const expected = expectedTotalOf(input, check);
        const expectedCents = expected?.cents;
        const idempotencyKey =
          input.idempotencyKey == null ? undefined : check.value(checkIdempotencyKey(input.idempotencyKey));
        const shipping = shippingChoiceOf(input, check);
        check.done();
        const cart = await context.loaders.cart.get();
        // Whoever implements the contract, no order is placed that costs more than an order may (a cart's prices may
        // have risen since it was filled): refused on the cart just read, before anything is written.
        const tooLarge = checkOrderTotal(nearestCents(cartTotal(cart)));
        if (tooLarge) throw new InputProblem(tooLarge.message, tooLarge.field);
        refuseCheckoutTheImplementationWouldNot(context.api, cart, expectedCents, totalField);
        // Only a REST service that keeps shipping methods prices one (the plain contract has none to choose).
        if (shipping.shippingMethodId !== undefined && !(await context.api.shipping.offered()))
          throw new InputProblem(SHIPPING_METHOD_GONE, 'shippingMethodId', 'NOT_FOUND');
        // Nor does it take a payment: the plain contract would ignore the method and place an order nobody pays for.
        const paymentMethod = input.paymentMethod ?? undefined;
        if (paymentMethod !== undefined && !(await context.api.payment.offered()))
          throw new InputProblem(PAYMENT_METHOD_NOT_OFFERED(paymentMethod), 'paymentMethod');
        const expectedTotal = expectedCents === undefined ? undefined : centsToDollars(expectedCents);
        const { order, replayed } = await context.api.orders.checkout(shippingAddress, {
          expectedTotal,
          idempotencyKey,
          ...shipping,
          paymentMethod,
        });
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
        await publishProductsById(
          context,
          (order.items ?? []).flatMap((item) => item.productId ?? []),
        );
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
      },
      async () => {
        const orderId = numericIdOf(input.orderId, 'Order');
        if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
        const order = await context.api.orders.changeStatus(orderId, input.status);
        context.loaders.primeOrders([order]);
        await publishOrder(context, order, [...buyerAudience(order), ADMINS_AUDIENCE]);
        // Cancelling returns the stock.
        if (input.status === 'CANCELLED') {
          await publishProductsById(
            context,
            (order.items ?? []).flatMap((item) => item.productId ?? []),
          );
        }
        return { order };
      },
    ),

  // An admin records a bank transfer that arrived (extension payment): the buyer and every admin hear of it.
  recordPayment: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['orderId'], restFields: { id: 'orderId' } }, async () => {
      await context.api.payment.refuseWhereUnsupported();
      const orderId = numericIdOf(input.orderId, 'Order');
      if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
      const order = await context.api.payment.recordPayment(orderId);
      context.loaders.primeOrders([order]);
      await publishOrder(context, order, [...buyerAudience(order), ADMINS_AUDIENCE]);
      return { order };
    }),

  cancelOrder: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['orderId'], restFields: { id: 'orderId' } }, async () => {
      const orderId = numericIdOf(input.orderId, 'Order');
      if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
      const order = await context.api.orders.cancelOwn(orderId);
      context.loaders.primeOrders([order]);
      await publishOrder(context, order, [...buyerAudience(order), ADMINS_AUDIENCE]);
      // The stock is back.
      await publishProductsById(
        context,
        (order.items ?? []).flatMap((item) => item.productId ?? []),
      );
      return { order };
    }),

  orderAgain: async (_root, { input }, context) => {
    const payload = await withUserErrors(input, { fields: ['orderId'], restFields: { id: 'orderId' } }, async () => {
      const orderId = numericIdOf(input.orderId, 'Order');
      if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
      const { cart, notAdded } = await context.api.orders.orderAgain(orderId);
      return { ...changedCart(context, cart), notAdded };
    });
    // Refused, nothing was tried: no line fell short.
    return { ...payload, notAdded: payload.notAdded ?? [] };
  },
};
