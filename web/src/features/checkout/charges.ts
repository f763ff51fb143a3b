// What checkout charges besides the lines (issue 35): the shipping chosen (priced in the browser by the shop's rules)
// and the tax (computed by the shop for the lines reviewed), and the review's totals with them.
import { type Money, sumOf } from '@/lib/money';
import type { Review } from './review-snapshot';

/** The shipping chosen, as the review shows it and the order is charged: the method's name and its price. */
export interface ChosenShipping {
  name: string;
  price: Money;
}

/** The order's tax as the shop computed it for the reviewed lines and the shipping chosen. */
export interface ChosenTax {
  lines: readonly { rate: number; tax: Money }[];
  /** Prices include it (nothing is added), or it is added on top. */
  included: boolean;
  /** The tax in all. */
  total: Money;
}

/** What the order is charged besides its lines: the shipping chosen, and the tax. */
export interface Charges {
  shipping: ChosenShipping | null;
  tax: ChosenTax | null;
}

/** What the charges add to the lines' total: shipping, and tax where it is on top of the prices. */
export function chargesAdded(charges: Charges): Money[] {
  return [
    ...(charges.shipping ? [charges.shipping.price] : []),
    ...(charges.tax && !charges.tax.included ? [charges.tax.total] : []),
  ];
}

/** The review with the charges in its totals: what the order costs, and what it cost as reviewed. */
export function withCharges(review: Review, charges: Charges): Review {
  const added = chargesAdded(charges);
  if (added.length === 0) return review;
  const plus = (total: Money) => sumOf([total, ...added], total.currencyCode);
  return { ...review, total: plus(review.total), totalBefore: review.totalBefore && plus(review.totalBefore) };
}
