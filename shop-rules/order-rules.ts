// Cart, checkout and chat rules the shop's forms follow (spec §5).

export const MAX_SHIPPING_ADDRESS_LENGTH = 500;
export const MAX_MESSAGE_LENGTH = 2000;

export const SHIPPING_ADDRESS_REQUIRED = 'Please enter a shipping address';
export const CART_IS_EMPTY = 'Your cart is empty';
export const QUANTITY_AT_LEAST_ONE = 'Quantity must be at least 1';
export const MESSAGE_EMPTY = 'Message must not be empty';

export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
