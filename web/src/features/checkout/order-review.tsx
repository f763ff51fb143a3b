// The checkout's order review (spec §2): the cart's lines as every screen lists items, and the total with the
// number of items. It shows what the buyer reviewed beside the cart as it is now (review-snapshot.ts): a line that
// changed since says what it was, a line gone from the cart is struck through, a line that cannot be bought says why,
// and a total that changed shows the reviewed one struck through above it.
import type { Ref } from 'react';
import { ItemLines } from '../../components/item-lines';
import { Card } from '../../components/card';
import { useFormats } from '../../lib/use-formats';
import type { Review } from './review-snapshot';
import styles from './checkout.module.css';

/** `headingRef`: the heading takes the focus when the page moves it to the review (tabIndex -1: not a tab stop). */
export function OrderReview({ review, headingRef }: { review: Review; headingRef?: Ref<HTMLHeadingElement> }) {
  const formats = useFormats();
  return (
    <Card aria-labelledby="order-review">
      <div className={styles.review}>
        <h2 id="order-review" ref={headingRef} tabIndex={-1}>
          Order Review
        </h2>
        <ItemLines items={review.lines} label="Items to order" />
        <p className={styles.total}>
          <span>
            Total ({review.itemCount} {review.itemCount === 1 ? 'item' : 'items'})
          </span>
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
