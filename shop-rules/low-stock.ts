// Low stock (issue 34): a product is low in stock at its own threshold or fewer units, or at the shop's when it has
// none of its own. Shared by the REST service (its list of such products for admins), the gateway (Product.lowStock)
// and the web app (the mark on the admins' listing, the shop's threshold form).
import { MAX_STOCK } from './product-fields.js';
import type { RuleViolation } from './rule-violation.js';

/** The shop's threshold until an admin sets one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** Whether a product with `quantity` units is low in stock: at its own threshold or under, else at the shop's. */
export const isLowStock = (quantity: number, ownThreshold: number | null | undefined, shopThreshold: number) =>
  quantity <= (ownThreshold ?? shopThreshold);

/** Why a shop's threshold cannot be, or undefined when it can. */
export function checkShopThreshold(threshold: unknown): RuleViolation<'lowStockThreshold'> | undefined {
  if (typeof threshold !== 'number' || !Number.isInteger(threshold))
    return { message: 'Low stock threshold must be a whole number', field: 'lowStockThreshold' };
  if (threshold < 0 || threshold > MAX_STOCK)
    return {
      message: `Low stock threshold must be from 0 to ${MAX_STOCK.toLocaleString('en')}`,
      field: 'lowStockThreshold',
    };
  return undefined;
}
