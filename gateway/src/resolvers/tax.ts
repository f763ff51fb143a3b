// TaxRate, TaxLine and CartCharges (extension tax), as the REST service answers them (dollars; rates in percent).
import type { CartChargesResolvers, TaxLineResolvers, TaxRateResolvers } from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import { moneyOf } from '../money.js';
import { countryOf } from './shipping.js';

export const TaxRate: TaxRateResolvers = {
  id: (rate) => toGlobalId('TaxRate', rate.id),
  country: (rate) => countryOf(rate.country),
  categoryId: (rate) => (rate.categoryId === null ? null : toGlobalId('Category', rate.categoryId)),
};

export const TaxLine: TaxLineResolvers = {
  taxed: (group, _args, context) => moneyOf(group.amount, context.currency),
  tax: (group, _args, context) => moneyOf(group.tax, context.currency),
};

export const CartCharges: CartChargesResolvers = {
  subtotal: (charges, _args, context) => moneyOf(charges.subtotal, context.currency),
  shippingCost: (charges, _args, context) => moneyOf(charges.shippingCost, context.currency),
  shippingMethodName: (charges) => charges.shippingMethod,
  tax: (charges, _args, context) => moneyOf(charges.tax, context.currency),
  taxLines: (charges) => charges.taxGroups,
  total: (charges, _args, context) => moneyOf(charges.total, context.currency),
};
