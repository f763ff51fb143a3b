// The checkout's order review (spec §2): the cart's lines as every screen lists items, and the total with the
// number of items under the word Total (so that neither wraps on a phone), saying how many of them cannot be bought
// as they are: the total counts and costs them, and the order cannot be placed with them. It shows what the buyer
// reviewed beside the cart as it is now (review-snapshot.ts): a line that changed since says what it was, a line gone
// from the cart is struck through, a line that cannot be bought says why, and a total that changed shows the reviewed
// one struck through before it.
import type { Ref } from 'react';
import { ItemLines } from '@/components/item-lines';
import { Card } from '@/components/card';
import { useFormats } from '@/lib/use-formats';
import { moneyOf } from '@/lib/money';
import { OrderCharges } from '@/components/order-charges';
import type { Review } from './review-snapshot';
import { type Charges, chargesAdded } from './charges';
import styles from './checkout.module.css';

/** "3 items", or "10 items, 5 unavailable" while some cannot be bought as they are. */
export function itemCountText(itemCount: number, unavailableCount: number): string {
  const items = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return unavailableCount > 0 ? `${items}, ${unavailableCount} unavailable` : items;
}

/**
 * `headingRef`: the heading takes the focus when the page moves it to the review (tabIndex -1: not a tab stop).
 * `charges`: the shipping chosen and the tax, in the review's total; the lines' subtotal and they show above the total.
 */
export function OrderReview({
  review,
  charges = { shipping: null, tax: null },
  headingRef,
}: {
  review: Review;
  charges?: Charges;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const formats = useFormats();
  const currency = review.total.currencyCode;
  const added = chargesAdded(charges).reduce((sum, money) => sum + money.minorUnits, 0);
  return (
    <Card aria-labelledby="order-review">
      <div className={styles.review}>
        <h2 id="order-review" ref={headingRef} tabIndex={-1}>
          Order Review
        </h2>
        <ItemLines items={review.lines} label="Items to order" />
        <OrderCharges
          subtotal={moneyOf(review.total.minorUnits - added, currency)}
          shippingCost={charges.shipping?.price ?? moneyOf(0, currency)}
          shippingMethodName={charges.shipping?.name ?? null}
          taxLines={charges.tax?.lines ?? []}
          pricesIncludeTax={charges.tax?.included ?? true}
        />
        <p className={styles.total}>
          {/* Read as "Total, 3 items, $26.48"; laid out as the word and the amount on a line, the count under them. */}
          <span className={styles.totalWord}>Total</span>
          <span className="visually-hidden">, </span>
          <span className={styles.count}>{itemCountText(review.itemCount, review.unavailableCount)}</span>
          <span className="visually-hidden">, </span>
          {review.totalBefore ? (
            <span className={styles.amounts}>
              <del className={styles.before}>
                <span className="visually-hidden">was </span>
                {formats.money(review.totalBefore)}
              </del>
              <span>
                <span className="visually-hidden">now </span>
                {formats.money(review.total)}
              </span>
            </span>
          ) : (
            <span>{formats.money(review.total)}</span>
          )}
        </p>
      </div>
    </Card>
  );
}
