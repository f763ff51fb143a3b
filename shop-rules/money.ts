// Money is integer cents inside the shop and a number of dollars (12.5) on the wire; the graph also takes it as exact
// decimal text ("12.50", what its Money.amount gives).

/** A non-negative dollar amount with at most two decimals, e.g. 12.5 → 1250; anything else → undefined. */
export function dollarsToCents(dollars: number): number | undefined {
  if (!Number.isFinite(dollars) || dollars < 0) return undefined;
  // String(0.1 + 0.2) is "0.30000000000000004", so this also refuses amounts that are not exact in cents.
  if (!/^\d+(\.\d{1,2})?$/.test(String(dollars))) return undefined;
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * The nearest whole cents of an amount computed elsewhere (another implementation's subtotal), for sums that stay
 * exact.
 */
export function nearestCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A line's subtotal: the unit price times the quantity, exact in cents. */
export const lineSubtotal = (unitPrice: number, quantity: number): number =>
  centsToDollars(nearestCents(unitPrice) * quantity);

/** The sum of amounts, exact in cents (0.1 + 0.2 is 0.3 here). */
export const sumOfAmounts = (amounts: readonly number[]): number =>
  centsToDollars(amounts.reduce((sum, amount) => sum + nearestCents(amount), 0));

/**
 * A decimal written out as text: digits, optionally a point and more digits, optionally a leading minus ("19.98",
 * "7", "-0.5"); no exponent, no grouping, no plus. What the graph's Decimal scalar takes, at most DECIMAL_MAX_LENGTH
 * long.
 */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;
export const DECIMAL_MAX_LENGTH = 40;

/**
 * An amount as exact decimal text ("19.98", "12.5", "7", "19.980") in cents, when it is at least 0 and a whole number
 * of cents; anything else (negative, a fraction of a cent, not decimal text, beyond what a double holds exactly) →
 * undefined. No binary float is made on the way, so "0.29" is 29 cents however it would round as a number.
 */
export function decimalToCents(text: string): number | undefined {
  if (text.length > DECIMAL_MAX_LENGTH || !DECIMAL_PATTERN.test(text) || text.startsWith('-')) return undefined;
  const [whole = '', fraction = ''] = text.split('.');
  const cents = fraction.replace(/0+$/, '');
  if (cents.length > 2) return undefined;
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** 2199999978 → "$21,999,999.78": cents as the shop's messages write an amount, exact, with thousands grouped. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/**
 * How an amount of `currency` is written for a reader of `locale`, on the site and in the e-mails alike: with the
 * currency's narrow symbol ("$1,234.00" in en-GB and en-AU as in en, "1.234,00 $" in German), not the symbol that tells
 * one country's dollars from another's ("US$1,234.00"): the shop sells in its one currency, so there is nothing to tell
 * apart. The grouping, the decimal mark and where the symbol stands are still the reader's language's.
 */
export function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
}

/**
 * The largest amount, in minor units, the graph can carry as a number: Money.minorUnits is a GraphQL Int, 32 bits
 * signed ($21,474,836.47). The shop's bounds (product-rules' MAX_PRICE, order-rules' cart limits) keep every amount
 * it accepts well within it; Money.amount, exact text, carries any amount.
 */
export const GRAPH_INT_MAX = 2_147_483_647;
