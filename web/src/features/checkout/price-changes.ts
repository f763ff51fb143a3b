// What changed in a cart between the review the buyer saw and the shop's answer at checkout (PRICE_CHANGED): a
// price raised or lowered, a quantity changed in another tab, a line gone or added. In the order of the review.
// A change is written as the line under the product says it: what it was, then what it is now.
import type { Formats } from '@/lib/format';
import { type Money, sameMoney } from '@/lib/money';

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
export function describeChanges(
  reviewed: readonly ReviewedLine[],
  current: readonly ReviewedLine[],
  formats: Pick<Formats, 'money'>,
): string[] {
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
      changes.push(
        `${now.productName}: was ${formats.money(before.unitPrice)}, now ${formats.money(now.unitPrice)} each`,
      );
    }
    if (now.quantity !== before.quantity)
      changes.push(`${now.productName}: was ${before.quantity}, now ${now.quantity} in your cart`);
  }
  // A name may hold brackets of its own ("Gauze (25-Pack)"): the count follows a colon, not another bracket.
  for (const line of current)
    if (!reviewedIds.has(keyOf(line))) changes.push(`${line.productName} was added: ${line.quantity} in your cart`);
  return changes;
}
