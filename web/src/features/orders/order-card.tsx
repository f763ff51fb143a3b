// One order in the history (spec §2): number, date, status badge, items, shipping address and total; what happened
// to it (placed, confirmed, shipped… with times) on demand.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ItemLines } from '@/components/item-lines';
import { Alert } from '@/components/feedback';
import { ORDER_CANCELLED, StatusBadge } from '@/components/status-badge';
import { OrderCard_OrderFragmentDoc } from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import { surface } from '@/components/card';
import { OrderHistory } from '@/components/order-history';
import styles from './orders.module.css';

if (false) {
  gql`
    fragment OrderCard_order on Order {
      id
      number
      orderDate
      status
      total {
        ...MoneyFields @unmask
      }
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

export function OrderCard({ order }: { order: FragmentType<typeof OrderCard_OrderFragmentDoc> }) {
  const { data, complete } = useFragment({
    fragment: OrderCard_OrderFragmentDoc,
    fragmentName: 'OrderCard_order',
    from: order,
  });
  const formats = useFormats();
  const [showHistory, setShowHistory] = useState(false);
  if (!complete) return null;
  const titleId = `order-${data.number}`;
  const historyId = `order-${data.number}-history-panel`;
  return (
    <article className={surface(styles.card)} aria-labelledby={titleId}>
      <div className={styles.header}>
        <div className={styles.title}>
          <h2 id={titleId}>Order #{data.number}</h2>
          <span className={styles.date}>{formats.dateTime(data.orderDate)}</span>
        </div>
        <StatusBadge status={data.status} />
      </div>
      {data.status === 'CANCELLED' && <Alert tone="info">{ORDER_CANCELLED}</Alert>}
      <ItemLines items={data.items} label={`Items of order #${data.number}`} />
      <div className={styles.footer}>
        <p className={styles.address}>
          <span className={styles.addressLabel}>Shipping address</span>
          {data.shippingAddress}
        </p>
        <p className={styles.total}>Total: {formats.money(data.total)}</p>
      </div>
      <div className={styles.historyPanel}>
        <Button
          variant="ghost"
          size="small"
          className={styles.historyToggle}
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory(!showHistory)}
        >
          {showHistory ? 'Hide history' : 'Show history'}
        </Button>
        <div id={historyId} hidden={!showHistory}>
          {showHistory && (
            <OrderHistory orderId={data.id} number={data.number} status={data.status} headingShown={false} />
          )}
        </div>
      </div>
    </article>
  );
}
