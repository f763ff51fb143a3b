// What an order is charged besides its lines (issue 35): the lines' subtotal, the shipping by which method, and the
// tax by rate ("Tax, 19 %" added on top, or "Tax included, 19 %" where prices include it), shown above the total
// wherever an order is (checkout's review, the order just placed, the orders page, the desk). Nothing for an order
// without shipping or tax: its total is its lines.
import { gql } from '@apollo/client';
import { taxLineLabel } from '@shop-rules/tax-rules';
import type { Money } from '@/lib/money';
import { priceText } from '@/lib/shipping';
import { useFormats } from '@/lib/use-formats';
import styles from './order-charges.module.css';

if (false) {
  gql`
    fragment OrderChargesFields on Order {
      subtotal {
        ...MoneyFields @unmask
      }
      shippingCost {
        ...MoneyFields @unmask
      }
      shippingMethodName
      tax {
        ...MoneyFields @unmask
      }
      taxLines {
        rate
        tax {
          ...MoneyFields @unmask
        }
      }
      pricesIncludeTax
      # How it is paid goes wherever what it costs goes (OrderPayment shows it).
      ...OrderPaymentFields @unmask
    }
  `;
}

export interface OrderChargesProps {
  subtotal: Money;
  shippingCost: Money;
  shippingMethodName: string | null;
  /** The tax by rate (percent), the highest first; none where no rate applied. */
  taxLines?: readonly { rate: number; tax: Money }[];
  pricesIncludeTax?: boolean;
}

export function OrderCharges({
  subtotal,
  shippingCost,
  shippingMethodName,
  taxLines = [],
  pricesIncludeTax = true,
}: OrderChargesProps) {
  const formats = useFormats();
  if (!shippingMethodName && taxLines.length === 0) return null;
  return (
    <dl className={styles.charges}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formats.money(subtotal)}</dd>
      </div>
      {shippingMethodName && (
        <div>
          <dt>Shipping, {shippingMethodName}</dt>
          <dd>{priceText(shippingCost, formats.money)}</dd>
        </div>
      )}
      {taxLines.map((line) => (
        <div key={line.rate}>
          {/* The graph's rate is a percentage: the rules take basis points. */}
          <dt>{taxLineLabel(Math.round(line.rate * 100), pricesIncludeTax)}</dt>
          <dd>{formats.money(line.tax)}</dd>
        </div>
      ))}
    </dl>
  );
}
