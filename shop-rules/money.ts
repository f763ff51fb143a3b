// Money is integer cents inside the shop and a number of dollars (12.5) on the wire.

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

/** The nearest whole cents of an amount computed elsewhere (another implementation's subtotal), for sums that stay exact. */
export function nearestCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A line's subtotal: the unit price times the quantity, exact in cents. */
export const lineSubtotal = (unitPrice: number, quantity: number): number => centsToDollars(nearestCents(unitPrice) * quantity);

/** The sum of amounts, exact in cents (0.1 + 0.2 is 0.3 here). */
export const sumOfAmounts = (amounts: readonly number[]): number => centsToDollars(amounts.reduce((sum, amount) => sum + nearestCents(amount), 0));

