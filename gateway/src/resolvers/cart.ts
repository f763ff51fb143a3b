// Cart, CartItem, Order and OrderItem.
import type {
  CartItemResolvers,
  CartResolvers,
  OrderItemResolvers,
  OrderResolvers,
} from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import type { RestCart } from '../rest/contract.js';
import { productReference } from './product.js';
import { onlyIdRequested } from './requested-fields.js';

/** One cart per user. An implementation whose cart has no id still gets one stable id per viewer. */
export const cartGlobalId = (cart: RestCart) => toGlobalId('Cart', cart.id ?? 'viewer');

const cents = (amount: number) => Math.round(amount * 100);

export const Cart: CartResolvers = {
  id: cartGlobalId,
  items: (cart) => cart.items ?? [],
  totalPrice: (cart) => cart.totalPrice ?? (cart.items ?? []).reduce((sum, item) => sum + cents(item.subtotal), 0) / 100,
  itemCount: (cart) => (cart.items ?? []).reduce((sum, item) => sum + item.quantity, 0),
};

export const CartItem: CartItemResolvers = {
  // A cart line's product exists (deleting a product takes it out of every cart), so asking only its id costs nothing.
  product: (item, _args, context, info) =>
    onlyIdRequested(info) ? productReference(item.productId) : context.loaders.productById.load(item.productId),
};

export const Order: OrderResolvers = {
  id: (order) => toGlobalId('Order', order.id),
  number: (order) => order.id,
  items: (order) => order.items ?? [],
};

export const OrderItem: OrderItemResolvers = {
  // Always looked up (batched): an order outlives its products, and a deleted one must read as null whatever is asked.
  product: (item, _args, context) => (item.productId == null ? null : context.loaders.productById.load(item.productId)),
  price: (item) => item.price ?? (item.quantity ? Math.round((item.subtotal * 100) / item.quantity) / 100 : 0),
};
