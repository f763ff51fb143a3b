// The order just placed (spec §2): its number, date, total, status, shipping address and items.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { ItemLines } from '@/components/item-lines';
import { OrderCharges } from '@/components/order-charges';
import { OrderPayment } from '@/components/order-payment';
import { Alert } from '@/components/feedback';
import { ORDER_CANCELLED, StatusBadge } from '@/components/status-badge';
import { OrderSummary_OrderFragmentDoc } from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import styles from './order-success.module.css';

if (false) {
  gql`
    fragment OrderSummary_order on Order {
      id
      number
      orderDate
      total {
        ...MoneyFields @unmask
      }
      ...OrderChargesFields @unmask
      status
      shippingAddress
      items {
        ...ItemLines_orderLine @unmask
        product {
          id
          imageUrls
        }
      }
    }
  `;
}

export function OrderSummary({ order }: { order: FragmentType<typeof OrderSummary_OrderFragmentDoc> }) {
  const { data, complete } = useFragment({
    fragment: OrderSummary_OrderFragmentDoc,
    fragmentName: 'OrderSummary_order',
    from: order,
  });
  const formats = useFormats();
  if (!complete) return null;
  return (
    <div className={styles.section}>
      {data.status === 'CANCELLED' && <Alert tone="info">{ORDER_CANCELLED}</Alert>}
      <OrderPayment {...data} />
      <dl className={styles.facts}>
        <div>
          <dt>Order number</dt>
          <dd>#{data.number}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formats.dateTime(data.orderDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={data.status} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formats.money(data.total)}</dd>
        </div>
        <div>
          <dt>Shipping address</dt>
          <dd className={styles.address}>{data.shippingAddress}</dd>
        </div>
      </dl>
      <div className={styles.items}>
        <ItemLines items={data.items} label="Items ordered" />
        <OrderCharges {...data} />
        <p className={styles.total}>
          <span>Total</span>
          <span>{formats.money(data.total)}</span>
        </p>
      </div>
    </div>
  );
}
