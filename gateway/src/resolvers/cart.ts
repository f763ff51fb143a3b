// Cart and CartItem.
import type { CartItemResolvers, CartResolvers } from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import { moneyOf } from '../money.js';
import { countryCodeOf } from './shipping.js';
import { GraphQLError } from 'graphql';
import { numericIdOf } from '../global-id.js';
import { UpstreamRejection } from '../errors.js';
import { SHIPPING_METHOD_GONE } from '../../../shop-rules/shipping-rules.js';
import type { RestCart } from '../rest/contract.js';
import { cartTotal } from '../rest/plain-contract/checks.js';
import { productReference } from './product.js';
import { onlyIdRequested } from './requested-fields.js';

/** One cart per user. An implementation whose cart has no id still gets one stable id per viewer. */
export const cartGlobalId = (cart: RestCart) => toGlobalId('Cart', cart.id ?? 'viewer');

export const Cart: CartResolvers = {
  id: cartGlobalId,
  items: (cart) => cart.items ?? [],
  totalPrice: cartTotal,
  total: (cart, _args, context) => moneyOf(cartTotal(cart), context.currency),
  itemCount: (cart) => (cart.items ?? []).reduce((sum, item) => sum + item.quantity, 0),
  // Priced by the REST service for the caller's cart as it is there now (the viewer's own: a cart is nobody else's).
  shippingOptions: (_cart, { country }, context) => context.api.shipping.options(countryCodeOf(country)),
  // Computed by the REST service as its checkout would (the viewer's cart as it is there now); where it keeps no
  // shipping nor tax (the plain contract), the lines alone.
  charges: async (cart, { shippingCountry, shippingMethodId }, context) => {
    const choice: { shippingCountry?: string; shippingMethodId?: number } = {};
    if (shippingCountry != null) choice.shippingCountry = countryCodeOf(shippingCountry, 'shippingCountry');
    const gone = () =>
      new GraphQLError(SHIPPING_METHOD_GONE, { extensions: { code: 'NOT_FOUND', field: 'shippingMethodId' } });
    if (shippingMethodId != null) {
      const id = numericIdOf(shippingMethodId, 'ShippingMethod');
      if (id === undefined) throw gone();
      choice.shippingMethodId = id;
    }
    let charges;
    try {
      charges = await context.api.tax.charges(choice);
    } catch (error) {
      // A method retired or deleted meanwhile, as checkout says it.
      if (error instanceof UpstreamRejection && error.restCode === 'SHIPPING_METHOD_NOT_FOUND') throw gone();
      throw error;
    }
    if (charges) return charges;
    const subtotal = cartTotal(cart);
    return {
      subtotal,
      shippingCost: 0,
      shippingMethod: null,
      shippingCountry: null,
      tax: 0,
      taxGroups: [],
      pricesIncludeTax: true,
      total: subtotal,
    };
  },
};

export const CartItem: CartItemResolvers = {
  // The product the line carries (line-products); otherwise a cart line's product exists (deleting a product takes it
  // out of every cart), so asking only its id costs nothing, and anything more is looked up (batched).
  product: (item, _args, context, info) => {
    if (item.product) return item.product;
    return onlyIdRequested(info) ? productReference(item.productId) : context.loaders.productById.load(item.productId);
  },
  unitPrice: (item, _args, context) => moneyOf(item.price, context.currency),
  lineTotal: (item, _args, context) => moneyOf(item.subtotal, context.currency),
};
