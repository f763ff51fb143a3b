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
import { type Money, moneyOf } from '@/lib/money';
import { priceText } from '@/lib/shipping';
import type { Review } from './review-snapshot';
import styles from './checkout.module.css';

/** "3 items", or "10 items, 5 unavailable" while some cannot be bought as they are. */
export function itemCountText(itemCount: number, unavailableCount: number): string {
  const items = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return unavailableCount > 0 ? `${items}, ${unavailableCount} unavailable` : items;
}

/**
 * `headingRef`: the heading takes the focus when the page moves it to the review (tabIndex -1: not a tab stop).
 * `shipping`: the method chosen and its price, in the review's total; the lines' subtotal and it show above the total.
 */
export function OrderReview({
  review,
  shipping = null,
  headingRef,
}: {
  review: Review;
  shipping?: { name: string; price: Money } | null;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const formats = useFormats();
  return (
    <Card aria-labelledby="order-review">
      <div className={styles.review}>
        <h2 id="order-review" ref={headingRef} tabIndex={-1}>
          Order Review
        </h2>
        <ItemLines items={review.lines} label="Items to order" />
        {shipping && (
          <dl className={styles.charges}>
            <div>
              <dt>Subtotal</dt>
              <dd>
                {formats.money(moneyOf(review.total.minorUnits - shipping.price.minorUnits, review.total.currencyCode))}
              </dd>
            </div>
            <div>
              <dt>Shipping, {shipping.name}</dt>
              <dd>{priceText(shipping.price, formats.money)}</dd>
            </div>
          </dl>
        )}
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
