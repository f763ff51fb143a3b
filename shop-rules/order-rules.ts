// Cart, checkout, order desk and chat rules (spec §5), checked by the REST service, the gateway and the web forms
// alike.
import { GRAPH_INT_MAX, decimalToCents, dollarsToCents, formatCents } from './money.js';
import { MAX_PRICE, MAX_STOCK, skuKey } from './product-rules.js';
import type { RuleViolation } from './rule-violation.js';
import { usernameKey } from './account-rules.js';

export const MAX_SHIPPING_ADDRESS_LENGTH = 500;
export const MAX_MESSAGE_LENGTH = 2000;

export const SHIPPING_ADDRESS_REQUIRED = 'Please enter a shipping address';
export const CART_IS_EMPTY = 'Your cart is empty';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1';
export const QUANTITY_AT_MOST = `Quantity must be at most ${MAX_STOCK}`;
export const QUANTITY_WHOLE = 'Quantity must be a whole number';
export const SHIPPING_ADDRESS_TOO_LONG = `Shipping address must be at most ${MAX_SHIPPING_ADDRESS_LENGTH} characters long`;
export const MESSAGE_EMPTY = 'Message must not be empty';
export const MESSAGE_TOO_LONG = `Message must be at most ${MAX_MESSAGE_LENGTH} characters long`;

/**
 * A message's length as people count characters: code points, so an emoji is one (UTF-16 would make it two).
 * The REST service's schema counts the same way (JSON Schema maxLength), so both refuse the same messages.
 */
export const messageLength = (content: string): number => [...content].length;

/** The message cut to MAX_MESSAGE_LENGTH characters as messageLength counts them (a form's maxLength counts UTF-16). */
export const withinMessageLength = (content: string): string =>
  messageLength(content) <= MAX_MESSAGE_LENGTH ? content : [...content].slice(0, MAX_MESSAGE_LENGTH).join('');

export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order may go from each status: forward along the delivery (steps may be skipped), or cancelled before it
 * ships.
 */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'],
  CONFIRMED: ['SHIPPED', 'DELIVERED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/**
 * What the order desk's search looks for (spec §2.12): an order by its number ("12" or "#12": only that order), or
 * else the orders of buyers whose username contains the text, and those with a line whose SKU is the text, in any
 * case. Usernames always hold a letter, so digits alone can only mean a number.
 */
export type OrderSearch = { orderNumber: number } | { customerOrSku: string };

export const MAX_ORDER_SEARCH_LENGTH = 100;
export const ORDER_SEARCH_TOO_LONG = `Search must be at most ${MAX_ORDER_SEARCH_LENGTH} characters long`;
const ORDER_NUMBER = /^#?(\d+)$/;

/**
 * The search as the desk means it, read from what an admin typed (trimmed first; its length counted after), or
 * undefined when there is nothing to search for, or why it cannot be one.
 */
export function checkOrderSearch(text: string): OrderSearch | undefined | RuleViolation {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > MAX_ORDER_SEARCH_LENGTH) return { message: ORDER_SEARCH_TOO_LONG, field: 'search' };
  const number = ORDER_NUMBER.exec(trimmed)?.[1];
  // Digits beyond any order's number still mean a number: one that finds nothing.
  return number === undefined ? { customerOrSku: trimmed } : { orderNumber: Number(number) };
}

/**
 * Whether an order is one the search finds: the same test the REST service's query makes (an order of a deleted account
 * has no buyer to match).
 */
export function matchesOrderSearch(
  search: OrderSearch,
  order: {
    number: number;
    customerUsername?: string | null | undefined;
    items?: readonly { sku?: string | null | undefined }[] | undefined;
  },
): boolean {
  if ('orderNumber' in search) return order.number === search.orderNumber;
  const text = search.customerOrSku;
  if (order.items?.some((line) => line.sku != null && skuKey(line.sku) === skuKey(text))) return true;
  return order.customerUsername != null && usernameKey(order.customerUsername).includes(usernameKey(text));
}

export const canMoveOrder = (from: string, to: OrderStatus): boolean =>
  (ORDER_MOVES[from as OrderStatus] ?? []).includes(to);

/**
 * Whether the buyer may still cancel their own order (extension buyer-cancellation): while it waits for the shop to
 * confirm it. Once confirmed, the shop is preparing it: only an admin cancels it then.
 */
export const buyerCanCancel = (status: string): boolean => status === 'PENDING';

/** Why a buyer cannot cancel their order in this status. */
export const buyerCannotCancel = (status: string) =>
  `Only an order waiting for confirmation can be cancelled by its buyer; this one is ${status}: ask the shop`;

/** The moves an admin is offered on the order desk: the next step of the delivery, and cancelling while allowed. */
export function deskMoves(status: string): OrderStatus[] {
  const allowed = ORDER_MOVES[status as OrderStatus] ?? [];
  const forward = allowed.find((move) => move !== 'CANCELLED');
  return [...(forward ? [forward] : []), ...(allowed.includes('CANCELLED') ? (['CANCELLED'] as const) : [])];
}

/** How many of the addresses a buyer shipped to lately checkout offers at most, and how many orders it reads. */
export const MAX_RECENT_ADDRESSES = 10;
export const RECENT_ORDERS_READ = 50;

/**
 * The addresses of orders, newest first, each once: two that differ only in spaces and line breaks are one address
 * (the newest's writing is kept), as the buyer sees them.
 */
export function distinctAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const address of addresses) {
    const trimmed = address.trim();
    const key = trimmed.replace(/\s+/g, ' ').toLowerCase();
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    distinct.push(trimmed);
  }
  return distinct;
}

/** The shipping address as the order keeps it (trimmed), or why it cannot be one. */
export function checkShippingAddress(address: string): string | RuleViolation {
  const trimmed = address.trim();
  if (!trimmed) return { message: SHIPPING_ADDRESS_REQUIRED, field: 'shippingAddress' };
  if (trimmed.length > MAX_SHIPPING_ADDRESS_LENGTH)
    return { message: SHIPPING_ADDRESS_TOO_LONG, field: 'shippingAddress' };
  return trimmed;
}

/** A chat message as it is stored (trimmed; its length counted after trimming), or why it cannot be sent. */
export function checkMessageContent(content: string): string | RuleViolation {
  const trimmed = content.trim();
  if (!trimmed) return { message: MESSAGE_EMPTY, field: 'content' };
  if (messageLength(trimmed) > MAX_MESSAGE_LENGTH) return { message: MESSAGE_TOO_LONG, field: 'content' };
  return trimmed;
}

/**
 * A cart's limits, and so an order's: every amount the shop accepts must fit what the graph carries (money.ts'
 * GRAPH_INT_MAX, $21,474,836.47 in cents). A unit price is at most MAX_PRICE and a line at most MAX_STOCK units, but a
 * line's total and the cart's could still go beyond; so a cart may cost at most MAX_CART_TOTAL_CENTS, which bounds
 * every line's total too, and hold at most MAX_CART_LINES products, which bounds its count of items (MAX_CART_LINES ×
 * MAX_STOCK). A price raised after a cart was filled can still take its total beyond: then the cart is shown (Money's
 * amount exact), nothing may make it dearer, and checkout refuses it (checkOrderTotal) until items are taken out.
 */
export const MAX_CART_TOTAL_CENTS = 1_000_000_000;
export const MAX_CART_LINES = 100;
export const CART_TOO_MANY_LINES = `A cart can hold at most ${MAX_CART_LINES} different products`;
export const cartTotalTooLarge = (totalCents: number) =>
  `That would make your cart’s total ${formatCents(totalCents)}: a cart may cost at most ${formatCents(MAX_CART_TOTAL_CENTS)}`;
export const orderTotalTooLarge = (totalCents: number) =>
  `Your cart’s total, ${formatCents(totalCents)}, is over the ${formatCents(MAX_CART_TOTAL_CENTS)} an order may cost: take some items out to check out`;

// What the limits promise, checked when this module loads, so that no change of a bound can break it unnoticed.
if (
  MAX_CART_TOTAL_CENTS > GRAPH_INT_MAX ||
  MAX_PRICE * 100 > GRAPH_INT_MAX ||
  MAX_CART_LINES * MAX_STOCK > GRAPH_INT_MAX
) {
  throw new Error('The cart limits must keep every amount and count within a GraphQL Int');
}

/** A cart's size: how many lines (products) it holds, and its total in cents. */
export interface CartSize {
  lines: number;
  totalCents: number;
}

/**
 * A change of a cart (adding units, setting a line's quantity) from `before` to `after`, within the cart limits, or
 * why not. A change may not take the cart beyond a limit; one that leaves it no further beyond (a cart whose prices
 * rose past the total's limit, made smaller) is let through, so a buyer can always take items out.
 */
export function checkCartChange(before: CartSize, after: CartSize): RuleViolation | undefined {
  if (after.lines > MAX_CART_LINES && after.lines > before.lines)
    return { message: CART_TOO_MANY_LINES, field: 'productId' };
  if (after.totalCents > MAX_CART_TOTAL_CENTS && after.totalCents > before.totalCents) {
    return { message: cartTotalTooLarge(after.totalCents), field: 'quantity' };
  }
  return undefined;
}

/** What stops a cart from taking more of a product: its stock, the cart's total, or its number of products. */
export type CartLimit = 'stock' | 'total' | 'lines';

/** How many more units of a product a cart can take (0: none), and the limit that sets it. */
export interface CartRoom {
  units: number;
  limit: CartLimit;
}

/**
 * How many more units of a product the cart can take: as many as the stock has beyond what the cart holds of it (no
 * stock exceeds MAX_STOCK, a line's most), as many as keep the cart's total within MAX_CART_TOTAL_CENTS, and none of
 * a product not in it yet once it holds MAX_CART_LINES products. The limits the stock check and checkCartChange
 * enforce on a change, told before it: a screen disables its + at 0 and says which limit it is.
 */
export function roomInCart(
  cart: CartSize,
  product: { inCart: number; stock: number; unitPriceCents: number },
): CartRoom {
  if (product.inCart === 0 && cart.lines >= MAX_CART_LINES) return { units: 0, limit: 'lines' };
  const byStock = Math.max(0, Math.min(product.stock, MAX_STOCK) - product.inCart);
  if (product.unitPriceCents <= 0) return { units: byStock, limit: 'stock' };
  const byTotal = Math.max(0, Math.floor((MAX_CART_TOTAL_CENTS - cart.totalCents) / product.unitPriceCents));
  return byTotal < byStock ? { units: byTotal, limit: 'total' } : { units: byStock, limit: 'stock' };
}

/**
 * Why a line of an old order did not go into the cart whole when the buyer orders it again (extension order-again):
 * its product is gone, has no stock, has less than the line asked for (with what the cart holds), or the cart is full.
 */
export type ShortfallReason = 'NO_LONGER_SOLD' | 'OUT_OF_STOCK' | 'LIMITED_STOCK' | 'CART_FULL';

/** A line of an old order as the buyer reads why it is not in the cart whole. */
export function shortfallMessage(
  reason: ShortfallReason,
  line: { productName: string; wanted: number; added: number; stock: number; inCart: number },
): string {
  switch (reason) {
    case 'NO_LONGER_SOLD':
      return `${line.productName} is no longer sold`;
    case 'OUT_OF_STOCK':
      return `${line.productName} is out of stock`;
    case 'LIMITED_STOCK': {
      const inCart = line.inCart > 0 ? ` and your cart already held ${line.inCart}` : '';
      return `${line.added} of ${line.wanted} ${line.productName} added: only ${line.stock} in stock${inCart}`;
    }
    case 'CART_FULL':
      return `${line.added} of ${line.wanted} ${line.productName} added: a cart holds at most ${MAX_CART_LINES} products and may cost at most ${formatCents(MAX_CART_TOTAL_CENTS)}`;
  }
}

/**
 * How much of an old order's line the cart takes (extension order-again): as many units as it asked for, within what
 * roomInCart allows; and, when fewer, why.
 */
export function lineToOrderAgain(
  cart: CartSize,
  line: { wanted: number; inCart: number; stock: number; unitPriceCents: number },
): { units: number; reason?: ShortfallReason } {
  const room = roomInCart(cart, { inCart: line.inCart, stock: line.stock, unitPriceCents: line.unitPriceCents });
  const units = Math.min(line.wanted, room.units);
  if (units === line.wanted) return { units };
  if (room.limit !== 'stock') return { units, reason: 'CART_FULL' };
  return { units, reason: line.stock === 0 ? 'OUT_OF_STOCK' : 'LIMITED_STOCK' };
}

/** A cart's total as an order's, or why it cannot be ordered: no one field's fault (the prices rose since, say). */
export function checkOrderTotal(totalCents: number): RuleViolation | undefined {
  return totalCents > MAX_CART_TOTAL_CENTS ? { message: orderTotalTooLarge(totalCents), field: null } : undefined;
}

/** How many of a product a cart line may hold: a whole number from 1 to the largest stock there can be. */
export function checkCartQuantity(quantity: number): number | RuleViolation {
  if (!Number.isInteger(quantity)) return { message: QUANTITY_WHOLE, field: 'quantity' };
  if (quantity < 1) return { message: QUANTITY_AT_LEAST_ONE, field: 'quantity' };
  if (quantity > MAX_STOCK) return { message: QUANTITY_AT_MOST, field: 'quantity' };
  return quantity;
}

/**
 * Checkout's integrity (DESIGN §5): the total the buyer reviewed, and one key per attempt so a retry never orders
 * twice.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const INVALID_IDEMPOTENCY_KEY = 'The idempotency key must be 1 to 200 visible ASCII characters (a UUID, say)';
export const INVALID_EXPECTED_TOTAL = 'The expected total must be an amount of at least 0 with at most 2 decimals';
export const EXPECTED_TOTAL_TWICE = 'Give expectedTotalAmount or expectedTotal, not both';
/** How long an idempotency key answers the order it created. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Why a checkout was not placed: the cart's total is no longer the one the buyer reviewed. */
export const priceChanged = (totalCents: number, expectedCents: number) =>
  `The total is now ${formatCents(totalCents)}, not the ${formatCents(expectedCents)} you reviewed: check your order and place it again`;

/**
 * The expected total in cents, or why it cannot be one: dollars as a number (the contract's, and the graph's
 * deprecated Float), or exact decimal text (the graph's `expectedTotalAmount`, as Money.amount gave it). `field`
 * names it as the caller sent it.
 */
export function checkExpectedTotal(expectedTotal: number | string, field = 'expectedTotal'): number | RuleViolation {
  const cents = typeof expectedTotal === 'string' ? decimalToCents(expectedTotal) : dollarsToCents(expectedTotal);
  return cents === undefined ? { message: INVALID_EXPECTED_TOTAL, field } : cents;
}

export function checkIdempotencyKey(key: string): string | RuleViolation {
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : { message: INVALID_IDEMPOTENCY_KEY, field: 'idempotencyKey' };
}
