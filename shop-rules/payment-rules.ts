// Payment (issue 35, item 4; the rules first, the REST service, graph and screens to follow): how an order is paid,
// how long its stock is held while it waits, the reference a bank transfer quotes, and what a payment does to an order
// that arrives late. Decided here once, so that the REST service, the webhook and the screens cannot disagree.
import type { OrderStatus } from './order-rules.js';
import type { RuleViolation } from './rule-violation.js';

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
 * How long a card payment holds the stock: as long as Stripe's shortest Checkout Session (30 minutes). A session opened
 * later in the reservation may outlive it: the sweep that cancels the order expires its session, and a payment that
 * still arrives is refunded (paymentArrival).
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
/**
 * `payment` names the payment that arrives (a card's Stripe payment intent) where the order knows which paid it
 * (`paidBy`): a second payment of a paid order (two sessions opened at once, both paid) is refunded, not counted; the
 * same one told twice is counted once. A payment of another amount than the order's total is refunded, never taken.
 */
export function paymentArrival(
  order: { status: string; paymentStatus: PaymentStatus | null; paidBy?: string | null; totalCents?: number },
  payment: { id?: string; cents?: number } = {},
): PaymentArrival {
  if (order.paymentStatus === 'PAID')
    return payment.id === undefined || order.paidBy == null || order.paidBy === payment.id ? 'ALREADY_PAID' : 'REFUND';
  if (order.status === 'CANCELLED' || order.paymentStatus === 'REFUNDED') return 'REFUND';
  if (payment.cents !== undefined && order.totalCents !== undefined && payment.cents !== order.totalCents)
    return 'REFUND';
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

/**
 * An invoice's number as it is printed: the shop's invoices are numbered 1, 2, 3… without gaps in the order their
 * orders were paid (tax law in many countries asks for it), "INV-000042".
 */
export const invoiceNumber = (number: number): string => `INV-${String(number).padStart(6, '0')}`;

/** The account a bank transfer pays into, as the shop states it on the order, the e-mail and the invoice. */
export interface BankAccount {
  accountHolder: string;
  /** Without spaces, in capitals: "DE89370400440532013000". */
  iban: string;
  /** The bank's BIC (8 or 11 characters), or null where the IBAN is enough. */
  bic: string | null;
}

/** What an admin sets for bank transfers: the account, and how many days an order waits for its transfer. */
export interface BankTransferSettings extends BankAccount {
  days: number;
}

export interface BankTransferForm {
  accountHolder?: unknown;
  iban?: unknown;
  bic?: unknown;
  days?: unknown;
}

export const MAX_ACCOUNT_HOLDER_LENGTH = 70;
export const INVALID_IBAN =
  'IBAN must be an account number in IBAN form, its check digits right: DE89 3704 0044 0532 0130 00';
export const INVALID_BIC = 'BIC must be 8 or 11 letters and digits, such as COBADEFFXXX, or left empty';
export const INVALID_TRANSFER_DAYS = `Days to pay must be a whole number from 1 to ${MAX_BANK_TRANSFER_DAYS}`;
export const PAYMENT_METHOD_REQUIRED = 'Choose how to pay';
export const CARD_PAYMENT_NOT_RECORDED = 'A card payment is confirmed by Stripe, not recorded by hand';
export const NOT_PAID_BY_CARD = 'This order is not paid by card';
export const PAYMENT_METHOD_NOT_OFFERED = (method: string): string =>
  method === 'CARD' ? 'This shop takes no card payments' : 'This shop takes no bank transfers';

/** An IBAN's check: its country and check digits moved to the end, the whole modulo 97 is 1 (ISO 13616). */
export function validIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1;
}

/** An IBAN as people read it: groups of four. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The settings as kept, or every rule they break. */
export function checkBankTransfer(form: BankTransferForm): BankTransferSettings | RuleViolation<string>[] {
  const problems: RuleViolation<string>[] = [];
  const accountHolder = typeof form.accountHolder === 'string' ? form.accountHolder.trim() : '';
  if (accountHolder === '' || accountHolder.length > MAX_ACCOUNT_HOLDER_LENGTH)
    problems.push({
      message: `Account holder must be 1 to ${MAX_ACCOUNT_HOLDER_LENGTH} characters`,
      field: 'accountHolder',
    });
  const iban = typeof form.iban === 'string' ? form.iban.replace(/\s+/g, '').toUpperCase() : '';
  if (!validIban(iban)) problems.push({ message: INVALID_IBAN, field: 'iban' });
  const bicText = typeof form.bic === 'string' ? form.bic.replace(/\s+/g, '').toUpperCase() : form.bic;
  const bic = bicText === undefined || bicText === null || bicText === '' ? null : bicText;
  if (bic !== null && !(typeof bic === 'string' && /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)))
    problems.push({ message: INVALID_BIC, field: 'bic' });
  const days = form.days === undefined ? DEFAULT_BANK_TRANSFER_DAYS : form.days;
  if (!(typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_BANK_TRANSFER_DAYS))
    problems.push({ message: INVALID_TRANSFER_DAYS, field: 'days' });
  return problems.length > 0 ? problems : { accountHolder, iban, bic: bic as string | null, days: days as number };
}

/**
 * The payment methods a shop offers: a bank transfer once an admin has given the account to pay into; a card where
 * the shop is connected to Stripe (its operator's settings).
 */
export const offeredPaymentMethods = (bankTransfer: BankTransferSettings | null, card = false): PaymentMethod[] => [
  ...(bankTransfer === null ? [] : (['BANK_TRANSFER'] as const)),
  ...(card ? (['CARD'] as const) : []),
];

/**
 * The method an order is paid by, or why the checkout is refused: none while the shop takes no payment (orders as
 * before payments: paid outside the shop); one of those it offers otherwise.
 */
export function choosePaymentMethod(
  offered: readonly PaymentMethod[],
  chosen: string | undefined,
): { method: PaymentMethod | null } | RuleViolation<string> {
  if (chosen === undefined) {
    if (offered.length === 0) return { method: null };
    return { message: PAYMENT_METHOD_REQUIRED, field: 'paymentMethod' };
  }
  const method = offered.find((each) => each === chosen);
  if (method === undefined) return { message: PAYMENT_METHOD_NOT_OFFERED(chosen), field: 'paymentMethod' };
  return { method };
}
