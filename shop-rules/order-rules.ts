// Cart, checkout, order desk and chat rules (spec §5), checked by the REST service, the gateway and the web forms alike.
import { dollarsToCents } from './money.js';
import { MAX_STOCK } from './product-rules.js';
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

/** Where an order may go from each status: forward along the delivery (steps may be skipped), or cancelled before it ships. */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'],
  CONFIRMED: ['SHIPPED', 'DELIVERED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/**
 * What the order desk's search looks for (spec §2.12): an order by its number ("12" or "#12": only that order), or
 * else the buyers whose username contains the text, in any case. Usernames always hold a letter, so digits alone
 * can only mean a number.
 */
export type OrderSearch = { orderNumber: number } | { customerContains: string };

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
  return number === undefined ? { customerContains: trimmed } : { orderNumber: Number(number) };
}

/** Whether an order is one the search finds: the same test the REST service's query makes (an order of a deleted account has no buyer to match). */
export function matchesOrderSearch(search: OrderSearch, order: { number: number; customerUsername?: string | null | undefined }): boolean {
  if ('orderNumber' in search) return order.number === search.orderNumber;
  return order.customerUsername != null && usernameKey(order.customerUsername).includes(usernameKey(search.customerContains));
}

export const canMoveOrder = (from: string, to: OrderStatus): boolean => (ORDER_MOVES[from as OrderStatus] ?? []).includes(to);

/** The moves an admin is offered on the order desk: the next step of the delivery, and cancelling while allowed. */
export function deskMoves(status: string): OrderStatus[] {
  const allowed = ORDER_MOVES[status as OrderStatus] ?? [];
  const forward = allowed.find((move) => move !== 'CANCELLED');
  return [...(forward ? [forward] : []), ...(allowed.includes('CANCELLED') ? (['CANCELLED'] as const) : [])];
}

/** The shipping address as the order keeps it (trimmed), or why it cannot be one. */
export function checkShippingAddress(address: string): string | RuleViolation {
  const trimmed = address.trim();
  if (!trimmed) return { message: SHIPPING_ADDRESS_REQUIRED, field: 'shippingAddress' };
  if (trimmed.length > MAX_SHIPPING_ADDRESS_LENGTH) return { message: SHIPPING_ADDRESS_TOO_LONG, field: 'shippingAddress' };
  return trimmed;
}

/** A chat message as it is stored (trimmed; its length counted after trimming), or why it cannot be sent. */
export function checkMessageContent(content: string): string | RuleViolation {
  const trimmed = content.trim();
  if (!trimmed) return { message: MESSAGE_EMPTY, field: 'content' };
  if (messageLength(trimmed) > MAX_MESSAGE_LENGTH) return { message: MESSAGE_TOO_LONG, field: 'content' };
  return trimmed;
}

/** How many of a product a cart line may hold: a whole number from 1 to the largest stock there can be. */
export function checkCartQuantity(quantity: number): number | RuleViolation {
  if (!Number.isInteger(quantity)) return { message: QUANTITY_WHOLE, field: 'quantity' };
  if (quantity < 1) return { message: QUANTITY_AT_LEAST_ONE, field: 'quantity' };
  if (quantity > MAX_STOCK) return { message: QUANTITY_AT_MOST, field: 'quantity' };
  return quantity;
}


/** Checkout's integrity (DESIGN §5): the total the buyer reviewed, and one key per attempt so a retry never orders twice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const INVALID_IDEMPOTENCY_KEY = 'The idempotency key must be 1 to 200 visible ASCII characters (a UUID, say)';
export const INVALID_EXPECTED_TOTAL = 'The expected total must be an amount of at least 0 with at most 2 decimals';
/** How long an idempotency key answers the order it created. */
export const IDEMPOTENCY_KEY_HOURS = 24;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Why a checkout was not placed: the cart's total is no longer the one the buyer reviewed. */
export const priceChanged = (totalCents: number, expectedCents: number) =>
  `The total is now ${dollars(totalCents)}, not the ${dollars(expectedCents)} you reviewed: check your order and place it again`;

/** The expected total in cents, or why it cannot be one. */
export function checkExpectedTotal(expectedTotal: number): number | RuleViolation {
  const cents = dollarsToCents(expectedTotal);
  return cents === undefined ? { message: INVALID_EXPECTED_TOTAL, field: 'expectedTotal' } : cents;
}

export function checkIdempotencyKey(key: string): string | RuleViolation {
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : { message: INVALID_IDEMPOTENCY_KEY, field: 'idempotencyKey' };
}
