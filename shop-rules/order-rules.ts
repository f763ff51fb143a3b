// Cart, checkout and chat rules the shop's forms follow (spec §5).

export const MAX_SHIPPING_ADDRESS_LENGTH = 500;
export const MAX_MESSAGE_LENGTH = 2000;

export const SHIPPING_ADDRESS_REQUIRED = 'Please enter a shipping address';
export const CART_IS_EMPTY = 'Your cart is empty';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1';
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
