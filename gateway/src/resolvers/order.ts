// Order and OrderItem.
import type {
  NotAddedLineResolvers,
  OrderEventResolvers,
  OrderItemResolvers,
  OrderResolvers,
} from '../__generated__/resolvers-types.js';
import { centsToDollars, nearestCents } from '../../../shop-rules/money.js';
import { toGlobalId } from '../global-id.js';
import { moneyOf } from '../money.js';
import type { RestOrder, RestOrderItem } from '../rest/contract.js';
import type { GatewayContext } from '../context.js';
import { orderHistory } from '../rest/plain-contract/orders.js';
import { sameUsername } from '../../../shop-rules/account-rules.js';
import { buyerCanCancel } from '../../../shop-rules/order-rules.js';
import { viewerUsername } from './viewer.js';
import { countryOf } from './shipping.js';

export const Order: OrderResolvers = {
  id: (order) => toGlobalId('Order', order.id),
  number: (order) => order.id,
  items: (order) => order.items ?? [],
  customerUsername: (order) => order.username ?? null,
  total: (order, _args, context) => moneyOf(order.totalAmount, context.currency),
  // Where the shop charges no shipping (none offered, or the plain contract), the lines are the whole total.
  subtotal: (order, _args, context) => moneyOf(order.subtotal ?? order.totalAmount, context.currency),
  shippingCost: (order, _args, context) => moneyOf(order.shippingCost ?? 0, context.currency),
  shippingMethodName: (order) => order.shippingMethod ?? null,
  shippingCountry: (order) => (order.shippingCountry ? countryOf(order.shippingCountry) : null),
  tax: (order, _args, context) => moneyOf(order.tax ?? 0, context.currency),
  taxLines: (order) => order.taxGroups ?? [],
  pricesIncludeTax: (order) => order.pricesIncludeTax ?? true,
  // As the REST service states it (extension payment); none for an order placed while the shop took no payment, and
  // none over the plain contract, whose orders carry no payment.
  payment: (order) => order.payment ?? null,
  // Asked only where one order is shown (a desk row opened, an order's history opened): one REST call each.
  history: (order, _args, context) => orderHistory(context.api, order.id),
  viewerCanCancel: async (order, _args, context) =>
    buyerCanCancel(order.status) && context.api.orders.letsBuyersCancel() && (await isViewers(order, context)),
  viewerCanOrderAgain: async (order, _args, context) =>
    context.api.orders.ordersAgain() && (await isViewers(order, context)),
};

/** Whether the order is the viewer's own (a deleted buyer's is nobody's). */
async function isViewers(order: RestOrder, context: GatewayContext): Promise<boolean> {
  return order.username != null && sameUsername(order.username, await viewerUsername(context));
}

export const NotAddedLine: NotAddedLineResolvers = {
  product: (line, _args, context) =>
    line.productId === null ? null : context.loaders.productById.load(line.productId),
};

export const OrderEvent: OrderEventResolvers = {
  by: (event) => event.by ?? null,
};

/** The unit price as ordered: the contract's, or the subtotal over the quantity where an implementation sends none. */
const unitPriceOf = (item: RestOrderItem): number =>
  item.price ?? (item.quantity ? centsToDollars(Math.round(nearestCents(item.subtotal) / item.quantity)) : 0);

export const OrderItem: OrderItemResolvers = {
  // The product the line carries (line-products: null once deleted); otherwise looked up (batched), since an order
  // outlives its products and a deleted one must read as null whatever is asked.
  product: (item, _args, context) => {
    if (item.product !== undefined) return item.product;
    return item.productId == null ? null : context.loaders.productById.load(item.productId);
  },
  price: unitPriceOf,
  unitPrice: (item, _args, context) => moneyOf(unitPriceOf(item), context.currency),
  lineTotal: (item, _args, context) => moneyOf(item.subtotal, context.currency),
};
