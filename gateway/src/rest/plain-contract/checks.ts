// What the gateway checks itself where the implementation of the contract does not say it does (the plain contract):
// the cart limits before a line changes, an empty cart and a changed total before checkout, and a cart's total where
// an answer has none. Resolvers call these on every path; each returns at once where the implementation keeps the
// rule itself (its answers' Contract-Extensions say so), so the difference is decided here and nowhere else.
import { centsToDollars, nearestCents } from '../../../../shop-rules/money.js';
import { CART_IS_EMPTY, checkCartChange, priceChanged } from '../../../../shop-rules/order-rules.js';
import { InputProblem } from '../../errors.js';
import { PRODUCT_EXTENSION_FIELDS, PRODUCT_FIELDS, type ProductField } from '../../../../shop-rules/product-fields.js';
import type { RestCart } from '../contract.js';
import type { ProductBody } from '../products-api.js';
import type { Loaders } from '../loaders.js';
import type { RestApi } from '../rest-api.js';

/** The total a buyer sees: the contract's, or the sum of the lines where an implementation sends none. */
export const cartTotal = (cart: RestCart): number =>
  cart.totalPrice ?? centsToDollars((cart.items ?? []).reduce((sum, item) => sum + nearestCents(item.subtotal), 0));

/**
 * The cart limits (shop-rules' checkCartChange: at most 100 products, a total within what an order may cost), checked
 * before a line changes where the implementation does not keep them itself (`cart-limits`): on the cart and the
 * product as they are now. `quantityAfter` is the line's new quantity from its current one (0: not in the cart);
 * undefined leaves the check to the implementation (a line that is not there to change).
 */
export async function refuseCartChangeBeyondLimits(
  api: RestApi,
  loaders: Loaders,
  productId: number,
  quantityAfter: (current: number) => number | undefined,
): Promise<void> {
  if (api.cart.keepsLimits()) return;
  const [cart, product] = await Promise.all([loaders.cart.get(), loaders.productById.load(productId)]);
  if (!product) return; // the implementation answers that it is not found
  const items = cart.items ?? [];
  const line = items.find((item) => item.productId === productId);
  const quantity = quantityAfter(line?.quantity ?? 0);
  if (quantity === undefined) return;
  const before = { lines: items.length, totalCents: nearestCents(cartTotal(cart)) };
  const after = {
    lines: items.length + (line ? 0 : 1),
    totalCents:
      before.totalCents - (line ? nearestCents(line.subtotal) : 0) + nearestCents(Number(product.price)) * quantity,
  };
  const violation = checkCartChange(before, after);
  if (violation) throw new InputProblem(violation.message, violation.field);
}

/**
 * Where the implementation checks the total and answers keys itself (`checkout-integrity`), it does both inside the
 * checkout's transaction, a retried key's order first. Where it does not, they are checked here on the cart just read:
 * an implementation that does not would place an empty order, or charge a total the buyer never saw.
 * `totalField` is the input field the buyer's total came in.
 */
export function refuseCheckoutTheImplementationWouldNot(
  api: RestApi,
  cart: RestCart,
  expectedCents: number | undefined,
  totalField: string,
): void {
  if (api.orders.checksIntegrity()) return;
  if (!cart.items?.length) throw new InputProblem(CART_IS_EMPTY, null);
  const totalCents = nearestCents(cartTotal(cart));
  if (expectedCents !== undefined && totalCents !== expectedCents) {
    throw new InputProblem(priceChanged(totalCents, expectedCents), totalField, 'PRICE_CHANGED');
  }
}

/**
 * A product field only an extension carries (the SKU: `product-sku`), given a value where the implementation does not
 * say it offers it: refused on that field, rather than dropped unsaid by an implementation that ignores what it does
 * not know. Blank, null or an empty list asks for none, which such an implementation keeps anyway.
 */
export async function refuseProductFieldsTheImplementationLacks(api: RestApi, body: ProductBody): Promise<void> {
  for (const { name, extension } of PRODUCT_EXTENSION_FIELDS) {
    const value = body[name];
    if (value == null || (Array.isArray(value) && value.length === 0) || (await api.products.offers(extension)))
      continue;
    const label = (PRODUCT_FIELDS[name] as ProductField).label ?? name;
    // Mid-sentence: "a product's alt text", but "a product's SKU".
    const named = label === label.toUpperCase() ? label : label.toLowerCase();
    throw new InputProblem(
      `This shop does not keep a product's ${named}: its REST service lacks the ${extension} extension`,
      name,
    );
  }
}
