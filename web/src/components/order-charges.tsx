// What an order was charged besides its lines (issue 35): the lines' subtotal and the shipping, by which method, shown
// above the total wherever an order is (the orders page, the order just placed). Nothing for an order placed without
// a shipping method: its total is its lines.
import type { Money } from '@/lib/money';
import { priceText } from '@/lib/shipping';
import { useFormats } from '@/lib/use-formats';
import styles from './order-charges.module.css';

export interface OrderChargesProps {
  subtotal: Money;
  shippingCost: Money;
  shippingMethodName: string | null;
}

export function OrderCharges({ subtotal, shippingCost, shippingMethodName }: OrderChargesProps) {
  const formats = useFormats();
  if (!shippingMethodName) return null;
  return (
    <dl className={styles.charges}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formats.money(subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping, {shippingMethodName}</dt>
        <dd>{priceText(shippingCost, formats.money)}</dd>
      </div>
    </dl>
  );
}
