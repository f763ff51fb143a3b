// Payment (issue 35, item 4; the rules first, the REST service, graph and screens to follow): how an order is paid,
// how long its stock is held while it waits, the reference a bank transfer quotes, and what a payment does to an order
// that arrives late. Decided here once, so that the REST service, the webhook and the screens cannot disagree.
import type { OrderStatus } from './order-rules.js';

/** The ways an order is paid: an invoice paid by bank transfer (an admin records it), or a card through Stripe. */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where an order's payment stands. An order placed without a payment method (before payments, or in a shop that takes
 * none) has none.
 */
export const PAYMENT_STATUSES = ['AWAITING_PAYMENT', 'PAID', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How long a card payment holds the stock: Stripe's shortest Checkout Session (30 minutes), so that a session never
 * outlives its reservation.
 */
export const CARD_RESERVATION_MINUTES = 30;
/** How long a bank transfer holds the stock unless the shop says otherwise. */
export const DEFAULT_BANK_TRANSFER_DAYS = 7;
export const MAX_BANK_TRANSFER_DAYS = 30;

/** When the stock an order holds while it waits for its payment is released. */
export function reservationEnd(method: PaymentMethod, placedAt: Date, bankTransferDays: number): Date {
  const minutes = method === 'CARD' ? CARD_RESERVATION_MINUTES : bankTransferDays * 24 * 60;
  return new Date(placedAt.getTime() + minutes * 60_000);
}

/** An order whose reservation has run out while it still waits for its payment: cancelled, its stock released. */
export const reservationExpired = (
  order: { status: string; paymentStatus: PaymentStatus | null; reservedUntil: string | null },
  now: Date,
): boolean =>
  order.status === 'PENDING' &&
  order.paymentStatus === 'AWAITING_PAYMENT' &&
  order.reservedUntil !== null &&
  Date.parse(order.reservedUntil) <= now.getTime();

/** ISO 11649's letters as numbers (A = 10 … Z = 35), then the whole as a number modulo 97, piece by piece. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    for (const digit of String(value)) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

const REFERENCE_PREFIX = 'MS';

/** An ISO 11649 creditor reference: "RF", two check digits, and the reference (letters and digits). */
export function creditorReference(reference: string): string {
  const check = 98 - mod97(`${reference}RF00`);
  return `RF${String(check).padStart(2, '0')}${reference}`;
}

/**
 * The reference a bank transfer quotes: the creditor reference of the order's number, which banks check as it is
 * typed, so a mistyped digit is caught before the money leaves: "RF83MS42".
 */
export const transferReference = (orderNumber: number): string =>
  creditorReference(`${REFERENCE_PREFIX}${orderNumber}`);

/**
 * The order a transfer's reference names, as a bank statement gives it (spaces and case aside), or undefined when it
 * is not one of the shop's or its check digits do not match.
 */
export function orderOfTransferReference(text: string): number | undefined {
  const reference = text.replace(/\s+/g, '').toUpperCase();
  const match = /^RF(\d\d)MS([1-9]\d{0,9})$/.exec(reference);
  if (!match) return undefined;
  if (mod97(`${reference.slice(4)}${reference.slice(0, 4)}`) !== 1) return undefined;
  return Number(match[2]);
}

/**
 * What a payment that arrives does to its order: marks it paid while it waits; is already counted when it was paid
 * (a webhook delivered twice, or after the admin recorded it); is refunded when the order was cancelled meanwhile (its
 * reservation expired, or someone cancelled it). Decided: a late payment is always refunded, never turned into a sale
 * of stock that may have gone to another buyer since: never both, never neither.
 */
export type PaymentArrival = 'MARK_PAID' | 'ALREADY_PAID' | 'REFUND';
export function paymentArrival(order: { status: string; paymentStatus: PaymentStatus | null }): PaymentArrival {
  if (order.paymentStatus === 'PAID') return 'ALREADY_PAID';
  if (order.status === 'CANCELLED' || order.paymentStatus === 'REFUNDED') return 'REFUND';
  return 'MARK_PAID';
}

/**
 * Why an order may not move to a status for its payment, or undefined when it may: the goods do not leave (confirmed
 * for packing, shipped, delivered) before they are paid for. Cancelling is always open where the move is.
 */
export function paymentBlocksMove(paymentStatus: PaymentStatus | null, to: OrderStatus): string | undefined {
  if (paymentStatus !== 'AWAITING_PAYMENT' || to === 'CANCELLED' || to === 'PENDING') return undefined;
  return 'This order waits for its payment: record the payment first';
}

/** What cancelling does to an order's payment: a paid one is refunded; one still waiting is simply not taken. */
export const refundOnCancel = (paymentStatus: PaymentStatus | null): boolean => paymentStatus === 'PAID';
