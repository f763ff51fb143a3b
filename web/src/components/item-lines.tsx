// The items of a cart or an order as checkout, the order history and the order confirmation all list them: the
// name and "× quantity" on the left, the line's subtotal on the right. Names wrap between words at any width.
import { formatPrice } from '../lib/format';
import styles from './item-lines.module.css';

export interface ItemLine {
  productName: string;
  quantity: number;
  subtotal: number;
}

export function ItemLines({ items, label }: { items: readonly ItemLine[]; label: string }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {items.map((item, index) => (
        // An order may list one product twice (bought at two prices): the position keeps the keys apart.
        <li key={`${index}-${item.productName}`} className={styles.line}>
          <span className={styles.name}>
            {item.productName} <span className={styles.quantity}>× {item.quantity}</span>
          </span>
          <span className={styles.subtotal}>{formatPrice(item.subtotal)}</span>
        </li>
      ))}
    </ul>
  );
}
