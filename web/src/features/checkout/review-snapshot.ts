// What the buyer reviewed at checkout, kept as it was shown: a snapshot of the cart, taken when the review first
// shows and again only when the buyer accepts a change. The cart itself stays live beneath it (prices follow
// productUpdated, a deleted product leaves it, a refused checkout answers it as it is now), and the review is the
// two side by side: each line as it is now, marked where it differs from what was reviewed (a price, a quantity, a
// line gone or added), and marked where it cannot be bought as it is (sold out, short, gone from the catalogue).
// Place Order asks for the snapshot's total, never the live one, so nothing the buyer has not seen is charged.
import { type CartLine, type LineProblem, lineProblem } from '@/lib/cart';
import type { Formats } from '@/lib/format';
import { type Money, sameMoney } from '@/lib/money';
import type { ItemLine } from '@/components/item-lines';
import { describeChanges, keyOf } from './price-changes';

/** The cart as checkout reads it (CartContents). */
export interface ReviewedCart {
  itemCount: number;
  total: Money;
  items: readonly CartLine[];
}

/** The cart as the buyer reviewed it. The cache's answers are never changed in place: keeping them keeps a copy. */
export type ReviewSnapshot = ReviewedCart;

export function snapshotOf(cart: ReviewedCart): ReviewSnapshot {
  return { itemCount: cart.itemCount, total: cart.total, items: cart.items };
}

/** Why a line cannot be bought as it is, in a few words: "sold out", "only 2 left", "no longer sold". */
export function problemReason(problem: LineProblem): string {
  switch (problem.kind) {
    case 'gone':
      return 'no longer sold';
    case 'soldOut':
      return 'sold out';
    case 'short':
      return `only ${problem.available} left`;
  }
}

/** A line that cannot be bought as it is, and why. */
export interface BlockedLine {
  productName: string;
  reason: string;
}

/**
 * How many of a line's units cannot be bought as they are: all of a line sold out or gone, the missing ones of a short
 * one.
 */
function unitsUnavailable(line: CartLine, problem: LineProblem): number {
  return problem.kind === 'short' ? line.quantity - problem.available : line.quantity;
}

export interface Review {
  /** Each line of the review, marked as needed: the lines now, with the ones gone since in their reviewed place. */
  lines: ItemLine[];
  /** The units in the cart now, the total's count: those that cannot be bought as they are included. */
  itemCount: number;
  /** Of `itemCount`, the units that cannot be bought as they are (sold out, beyond the stock, no longer sold). */
  unavailableCount: number;
  total: Money;
  /** The reviewed total, when the total is another now. */
  totalBefore: Money | null;
  /** What changed since the review, one sentence a change (price-changes.ts); empty when nothing did. */
  changes: string[];
  /** Lines that cannot be bought as they are now. */
  blocked: BlockedLine[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The review: what was reviewed beside the cart as it is now. */
export function compareReview(
  reviewed: ReviewSnapshot,
  current: ReviewedCart,
  formats: Pick<Formats, 'money'>,
): Review {
  const currentByKey = new Map(current.items.map((line) => [keyOf(line), line]));
  const reviewedKeys = new Set(reviewed.items.map(keyOf));
  const lines: ItemLine[] = [];
  const blocked: BlockedLine[] = [];
  let unavailableCount = 0;

  const lineNow = (line: CartLine, before: CartLine | null): ItemLine => {
    const notes: string[] = [];
    let changed = false;
    if (before === null) {
      notes.push('Added since you reviewed your order');
      changed = true;
    } else {
      if (!sameMoney(before.unitPrice, line.unitPrice)) {
        notes.push(`Price: was ${formats.money(before.unitPrice)}, now ${formats.money(line.unitPrice)} each`);
        changed = true;
      }
      if (before.quantity !== line.quantity) {
        notes.push(`Quantity: was ${before.quantity}, now ${line.quantity}`);
        changed = true;
      }
    }
    const problem = lineProblem(line);
    if (problem) {
      blocked.push({ productName: line.productName, reason: problemReason(problem) });
      unavailableCount += unitsUnavailable(line, problem);
    }
    return {
      productName: line.productName,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      product: line.product,
      ...(problem ? { mark: 'problem' as const } : changed ? { mark: 'changed' as const } : {}),
      ...(before && !sameMoney(before.lineTotal, line.lineTotal) ? { lineTotalBefore: before.lineTotal } : {}),
      ...(notes.length > 0 ? { notes } : {}),
      ...(problem ? { problem: capitalised(problemReason(problem)) } : {}),
    };
  };

  for (const before of reviewed.items) {
    const now = currentByKey.get(keyOf(before));
    if (now) lines.push(lineNow(now, before));
    else
      lines.push({
        productName: before.productName,
        quantity: before.quantity,
        lineTotal: before.lineTotal,
        product: before.product,
        mark: 'removed',
        notes: ['No longer in your cart'],
      });
  }
  for (const line of current.items) if (!reviewedKeys.has(keyOf(line))) lines.push(lineNow(line, null));

  return {
    lines,
    itemCount: current.itemCount,
    unavailableCount,
    total: current.total,
    totalBefore: sameMoney(reviewed.total, current.total) ? null : reviewed.total,
    changes: describeChanges(reviewed.items, current.items, formats),
    blocked,
  };
}
