// The items of a cart or an order as checkout, the order history and the order confirmation all list them: the
// product's picture (when the line says which product it is), the name and "× quantity", and the line's total on
// the right. Names wrap between words at any width. Checkout also marks a line: changed since the buyer reviewed it
// (the total it had shown struck through above the new one, and what changed said under the name), gone from the
// cart (struck through), or unable to be bought as it is (why, under the name). One colour a meaning: amber for what
// changed, red for what stops the order, even on one line.
import { gql } from '@apollo/client';
import type { Money } from '../lib/money';
import { useFormats } from '../lib/use-formats';
import { ProductPicture } from './product-image';
import styles from './item-lines.module.css';

if (false) {
  gql`
    # An order's line as the order screens list it (and live-updates keeps it); spread unmasked, as a line has no id
    # for useFragment to read it by. Its picture (product { id imageUrls }) is selected beside it where one shows.
    fragment ItemLines_orderLine on OrderItem {
      productName
      sku
      unitPrice {
        ...MoneyFields @unmask
      }
      quantity
      lineTotal {
        ...MoneyFields @unmask
      }
    }
  `;
}

/** How a line stands out: changed since it was reviewed, gone from the cart, or unable to be bought as it is. */
export type ItemLineMark = 'changed' | 'removed' | 'problem';

export interface ItemLine {
  productName: string;
  /** The product's SKU as ordered, said under the name (the desk packs by it); none on a cart's lines. */
  sku?: string | null;
  quantity: number;
  lineTotal: Money;
  /** The product, for its pictures (null: deleted since, a placeholder shows); leave it out for no pictures. */
  product?: { imageUrls: readonly string[] } | null;
  mark?: ItemLineMark;
  /** The line's total as it was shown before a change: struck through, above the total now. */
  lineTotalBefore?: Money;
  /** What changed about the line, said under the name, one sentence each. */
  notes?: readonly string[];
  /** Why the line cannot be bought as it is, said under the name after what changed. */
  problem?: string;
}

export function ItemLines({ items, label }: { items: readonly ItemLine[]; label: string }) {
  const formats = useFormats();
  return (
    <ul className={styles.lines} aria-label={label}>
      {items.map((item, index) => (
        // An order may list one product twice (bought at two prices): the position keeps the keys apart.
        <li key={`${index}-${item.productName}`} className={styles.line} data-mark={item.mark}>
          {item.product !== undefined && (
            // The name beside it says what it is.
            <div className={styles.thumbnail} aria-hidden="true">
              <ProductPicture urls={item.product?.imageUrls ?? []} alt={item.productName} sizes="4rem" />
            </div>
          )}
          <span className={styles.about}>
            <span className={styles.name}>
              {item.productName} <span className={styles.quantity}>× {item.quantity}</span>
            </span>
            {item.sku && <span className={styles.sku}>SKU {item.sku}</span>}
            {item.notes?.map((note) => (
              <span key={note} className={styles.note}>
                {note}
              </span>
            ))}
            {item.problem && <span className={styles.problem}>{item.problem}</span>}
          </span>
          {item.mark === 'removed' ? (
            <span className={styles.subtotal}>
              <del className={styles.before}>
                <span className="visually-hidden">was </span>
                {formats.money(item.lineTotal)}
              </del>
            </span>
          ) : item.lineTotalBefore ? (
            <span className={styles.subtotal}>
              <del className={styles.before}>
                <span className="visually-hidden">was </span>
                {formats.money(item.lineTotalBefore)}
              </del>
              <span>
                <span className="visually-hidden">now </span>
                {formats.money(item.lineTotal)}
              </span>
            </span>
          ) : (
            <span className={styles.subtotal}>{formats.money(item.lineTotal)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
