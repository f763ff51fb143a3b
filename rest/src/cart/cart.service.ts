// Carts: a line per product, quantities between 1 and the stock, every answer the whole cart (spec §7).
import { badRequest, notFound, orBadRequest } from '../shared/http-errors.js';
import {
  type CartSize,
  type ShortfallReason,
  checkCartChange,
  checkCartQuantity,
  lineToOrderAgain,
  shortfallMessage,
} from '../../../shop-rules/order-rules.js';
import { centsToDollars } from '../../../shop-rules/money.js';
import type { ProductRepository } from '../products/product.repository.js';
import { toProductAnswer } from '../products/product.service.js';
import type { ProductAnswer } from '../products/product.schemas.js';
import type { CartLine, CartRepository } from './cart.repository.js';
import type { CartAnswer } from './cart.schemas.js';

/** The cart as answered; with `products`, each line carries its product as well (line-products). */
export function toCartAnswer(userId: number, lines: CartLine[], products?: readonly ProductAnswer[]): CartAnswer {
  let totalCents = 0;
  let totalItems = 0;
  const items = lines.map((line, index) => {
    const subtotalCents = line.priceCents * line.quantity;
    totalCents += subtotalCents;
    totalItems += line.quantity;
    const item = {
      productId: line.productId,
      productName: line.productName,
      price: centsToDollars(line.priceCents),
      quantity: line.quantity,
      subtotal: centsToDollars(subtotalCents),
    };
    // The item is this line's own: its product is put on it (a spread followed by a property takes V8's slow path).
    return products ? Object.assign(item, { product: products[index]! }) : item;
  });
  return { id: userId, items, totalItems, totalPrice: centsToDollars(totalCents) };
}

/** How many lines a cart holds and what it costs, in cents (the cart limits of shop-rules are about these). */
export function sizeOf(lines: readonly Pick<CartLine, 'priceCents' | 'quantity'>[]): CartSize {
  return { lines: lines.length, totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) };
}

/** A change beyond the cart limits (too many products, a total beyond what an order may cost): 400 CART_TOO_LARGE. */
function withinLimits(before: CartSize, after: CartSize): void {
  const violation = checkCartChange(before, after);
  if (violation) throw badRequest(violation.message, violation.field, 'CART_TOO_LARGE');
}

export function stockMessage(productName: string, stock: number, alreadyInCart = 0): string {
  if (stock === 0) return `${productName} is out of stock`;
  const inCart = alreadyInCart > 0 ? ` and your cart already holds ${alreadyInCart}` : '';
  return `Only ${stock} of ${productName} in stock${inCart}`;
}

const NOT_IN_CART = 'This product is not in your cart';

/** A line of an old order the buyer orders again: its product (null once deleted), its name then, its quantity. */
export interface LineToOrderAgain {
  productId: number | null;
  productName: string;
  quantity: number;
}

/** A line that did not go into the cart whole (extension order-again), and why. */
export interface Shortfall {
  productId: number | null;
  productName: string;
  wanted: number;
  added: number;
  reason: ShortfallReason;
  message: string;
}

export interface CartServiceOptions {
  /** Each line of every answer carries its product as it is now (extension line-products). */
  lineProducts: boolean;
}

export class CartService {
  constructor(
    private readonly carts: CartRepository,
    private readonly products: ProductRepository,
    private readonly options: CartServiceOptions,
  ) {}

  async get(userId: number): Promise<CartAnswer> {
    if (!this.options.lineProducts) return toCartAnswer(userId, await this.carts.lines(userId));
    // The lines and their products by one join, rather than the lines and then their products by id.
    const rows = await this.carts.linesWithProducts(userId);
    const lines = rows.map((row) => ({
      productId: row.id,
      productName: row.name,
      priceCents: row.priceCents,
      quantity: row.lineQuantity,
      stock: row.quantity,
    }));
    return toCartAnswer(userId, lines, rows.map(toProductAnswer));
  }

  async add(userId: number, productId: number, units: number): Promise<CartAnswer> {
    orBadRequest(checkCartQuantity(units));
    const product = await this.products.findById(productId);
    if (!product) throw notFound('Product not found', 'PRODUCT_NOT_FOUND', 'productId');
    await this.carts.transaction(async (trx) => {
      const quantity = await this.carts.addUnits(trx, userId, productId, units);
      // Throwing rolls the increment back, so the cart never holds more than the stock, nor beyond the cart limits.
      if (quantity > product.quantity)
        throw badRequest(
          stockMessage(product.name, product.quantity, quantity - units),
          'quantity',
          'INSUFFICIENT_STOCK',
        );
      const lines = await this.carts.lines(userId, trx);
      const added = units * (lines.find((line) => line.productId === productId)?.priceCents ?? 0);
      const after = sizeOf(lines);
      withinLimits({ lines: after.lines - (quantity === units ? 1 : 0), totalCents: after.totalCents - added }, after);
    });
    return this.get(userId);
  }

  /**
   * Puts an old order's lines into the cart (extension order-again), each as many units as it had, within the stock
   * beyond what the cart holds and the cart limits (shop-rules' lineToOrderAgain), in one transaction; answers the
   * cart and every line that did not go in whole, with why. Named as the order named them.
   */
  async addOrderLines(
    userId: number,
    orderLines: readonly LineToOrderAgain[],
  ): Promise<{ cart: CartAnswer; notAdded: Shortfall[] }> {
    const ids = orderLines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
    const products = new Map((await this.products.findByIds(ids)).map((product) => [product.id, product]));
    const notAdded: Shortfall[] = [];
    await this.carts.transaction(async (trx) => {
      notAdded.length = 0;
      const lines = await this.carts.lines(userId, trx);
      for (const line of orderLines) {
        const product = line.productId === null ? undefined : products.get(line.productId);
        const shortOf = (reason: ShortfallReason, added: number, stock = 0, inCart = 0) =>
          notAdded.push({
            productId: product ? product.id : null,
            productName: line.productName,
            wanted: line.quantity,
            added,
            reason,
            message: shortfallMessage(reason, { ...line, wanted: line.quantity, added, stock, inCart }),
          });
        if (!product) {
          shortOf('NO_LONGER_SOLD', 0);
          continue;
        }
        const held = lines.find((each) => each.productId === product.id);
        const inCart = held?.quantity ?? 0;
        const { units, reason } = lineToOrderAgain(sizeOf(lines), {
          wanted: line.quantity,
          inCart,
          stock: product.quantity,
          unitPriceCents: product.priceCents,
        });
        if (units > 0) {
          await this.carts.addUnits(trx, userId, product.id, units);
          if (held) held.quantity += units;
          else
            lines.push({
              productId: product.id,
              productName: product.name,
              priceCents: product.priceCents,
              quantity: units,
              stock: product.quantity,
            });
        }
        if (reason) shortOf(reason, units, product.quantity, inCart);
      }
    });
    return { cart: await this.get(userId), notAdded };
  }

  async setQuantity(userId: number, productId: number, quantity: number): Promise<CartAnswer> {
    orBadRequest(checkCartQuantity(quantity));
    const product = await this.products.findById(productId);
    if (!product || (await this.carts.lineQuantity(userId, productId)) === undefined)
      throw notFound(NOT_IN_CART, 'NOT_IN_CART', 'productId');
    if (quantity > product.quantity)
      throw badRequest(stockMessage(product.name, product.quantity), 'quantity', 'INSUFFICIENT_STOCK');
    const lines = await this.carts.lines(userId);
    withinLimits(
      sizeOf(lines),
      sizeOf(lines.map((line) => (line.productId === productId ? { ...line, quantity } : line))),
    );
    if (!(await this.carts.setQuantity(userId, productId, quantity)))
      throw notFound(NOT_IN_CART, 'NOT_IN_CART', 'productId');
    return this.get(userId);
  }

  async remove(userId: number, productId: number): Promise<CartAnswer> {
    if (!(await this.carts.removeLine(userId, productId))) throw notFound(NOT_IN_CART, 'NOT_IN_CART', 'productId');
    return this.get(userId);
  }

  async clear(userId: number): Promise<CartAnswer> {
    await this.carts.clear(userId);
    return this.get(userId);
  }
}
