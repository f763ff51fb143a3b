// The items of a cart or an order as checkout, the order history and the order confirmation all list them: the
// product's picture (when the line says which product it is), the name and "× quantity", and the line's total on
// the right. Names wrap between words at any width.
import type { Money } from '../lib/money';
import { useFormats } from '../lib/use-formats';
import { ProductImage } from './product-image';
import styles from './item-lines.module.css';

export interface ItemLine {
  productName: string;
  quantity: number;
  lineTotal: Money;
  /** The product, for its picture (null: deleted since, a placeholder shows); leave it out for no pictures. */
  product?: { imageUrl: string | null } | null;
}

export function ItemLines({ items, label }: { items: readonly ItemLine[]; label: string }) {
  const formats = useFormats();
  return (
    <ul className={styles.lines} aria-label={label}>
      {items.map((item, index) => (
        // An order may list one product twice (bought at two prices): the position keeps the keys apart.
        <li key={`${index}-${item.productName}`} className={styles.line}>
          {item.product !== undefined && (
            // The name beside it says what it is.
            <div className={styles.thumbnail} aria-hidden="true">
              <ProductImage src={item.product?.imageUrl} alt={item.productName} />
            </div>
          )}
          <span className={styles.name}>
            {item.productName} <span className={styles.quantity}>× {item.quantity}</span>
          </span>
          <span className={styles.subtotal}>{formats.money(item.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
