// What changed in a cart between the review the buyer saw and the shop's answer at checkout (PRICE_CHANGED): a
// price raised or lowered, a quantity changed in another tab, a line gone or added. In the order of the review.
import type { Formats } from '../../lib/format';
import { type Money, sameMoney } from '../../lib/money';

export interface ReviewedLine {
  productName: string;
  unitPrice: Money;
  quantity: number;
  /** null when the product is gone (the line keeps its name). */
  product: { id: string } | null;
}

/** A line's product, or its name where the product is gone. */
export const keyOf = (line: ReviewedLine) => line.product?.id ?? `name:${line.productName}`;

/** Amounts written as the viewer's language writes them (`formats`); the words are the shop's. */
export function describeChanges(reviewed: readonly ReviewedLine[], current: readonly ReviewedLine[], formats: Pick<Formats, 'money'>): string[] {
  const currentById = new Map(current.map((line) => [keyOf(line), line]));
  const reviewedIds = new Set(reviewed.map(keyOf));
  const changes: string[] = [];
  for (const before of reviewed) {
    const now = currentById.get(keyOf(before));
    if (!now) {
      changes.push(`${before.productName} is no longer in your cart`);
      continue;
    }
    if (!sameMoney(now.unitPrice, before.unitPrice)) {
      changes.push(`${now.productName}: now ${formats.money(now.unitPrice)} each, was ${formats.money(before.unitPrice)}`);
    }
    if (now.quantity !== before.quantity) changes.push(`${now.productName}: now ${now.quantity} in your cart, was ${before.quantity}`);
  }
  for (const line of current) if (!reviewedIds.has(keyOf(line))) changes.push(`${line.productName} was added (${line.quantity})`);
  return changes;
}
