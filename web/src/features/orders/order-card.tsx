// One order in the history (spec §2): number, date, status badge, items, shipping address and total; what happened
// to it (placed, confirmed, shipped… with times) on demand; while the shop has not confirmed it, the buyer may cancel
// it (asked first, saying the items go back into stock); and any of them may go back into the cart (Order Again),
// which opens the cart saying what did not go in whole.
import { gql, type FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ItemLines } from '@/components/item-lines';
import { OrderCharges } from '@/components/order-charges';
import { OrderPayment } from '@/components/order-payment';
import { Alert } from '@/components/feedback';
import { ORDER_CANCELLED, StatusBadge } from '@/components/status-badge';
import { CancelOwnOrderDocument, OrderAgainDocument, OrderCard_OrderFragmentDoc } from '@/gql/graphql';
import type { OrderedAgain } from '@/lib/cart';
import { receiveOrder } from '@/lib/orders';
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
      ...OrderChargesFields @unmask
      shippingAddress
      viewerCanCancel
      viewerCanOrderAgain
      items {
        ...ItemLines_orderLine @unmask
        product {
          id
          imageUrls
        }
      }
    }

    mutation OrderAgain($input: OrderAgainInput!) {
      orderAgain(input: $input) {
        cart {
          ...CartContents
        }
        notAdded {
          added
          message
        }
        userErrors {
          message
        }
      }
    }

    mutation CancelOwnOrder($input: CancelOrderInput!) {
      cancelOrder(input: $input) {
        order {
          ...OrderCard_order @unmask
        }
        userErrors {
          message
          field
          code
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
  const client = useApolloClient();
  const [showHistory, setShowHistory] = useState(false);
  // Not written by Apollo: receiveOrder writes it, so that this answer and the event of the same move count once.
  const [cancelOrder, { loading: cancelling }] = useMutation(CancelOwnOrderDocument, { fetchPolicy: 'no-cache' });
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const navigate = useNavigate();
  // Apollo writes the answered cart by its id: the cart page and the navbar's count show it.
  const [orderAgain, { loading: orderingAgain }] = useMutation(OrderAgainDocument);
  if (!complete) return null;

  const putInCart = async () => {
    setRefusal(undefined);
    try {
      const answer = await orderAgain({ variables: { input: { orderId: data.id } } });
      const payload = answer.data?.orderAgain;
      if (!payload?.cart) {
        setRefusal(payload?.userErrors[0]?.message ?? 'Failed to add the order to your cart. Please try again.');
        return;
      }
      const notAdded = payload.notAdded.map((line) => line.message);
      const nothingAdded =
        payload.notAdded.length === data.items.length && payload.notAdded.every((line) => line.added === 0);
      if (nothingAdded) {
        setRefusal(`Nothing from order #${data.number} could go into your cart: ${notAdded.join('; ')}.`);
        return;
      }
      const orderedAgain: OrderedAgain = { number: data.number, notAdded };
      void navigate('/cart', { state: { orderedAgain } });
    } catch {
      setRefusal('Failed to add the order to your cart. Please try again.');
    }
  };

  const cancel = async () => {
    setRefusal(undefined);
    try {
      const answer = await cancelOrder({ variables: { input: { orderId: data.id } } });
      const payload = answer.data?.cancelOrder;
      if (payload?.userErrors.length) {
        setRefusal(payload.userErrors[0]!.message);
        return;
      }
      if (payload?.order) receiveOrder(client.cache, OrderCard_OrderFragmentDoc, 'OrderCard_order', payload.order);
      setConfirmingCancel(false);
    } catch {
      setRefusal('Failed to cancel the order. Please try again.');
    }
  };
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
      <OrderPayment {...data} />
      <ItemLines items={data.items} label={`Items of order #${data.number}`} />
      <div className={styles.footer}>
        <p className={styles.address}>
          <span className={styles.addressLabel}>Shipping address</span>
          {data.shippingAddress}
        </p>
        <div className={styles.charges}>
          <OrderCharges {...data} />
          <p className={styles.total}>Total: {formats.money(data.total)}</p>
        </div>
      </div>
      {refusal && !confirmingCancel && <Alert tone="error">{refusal}</Alert>}
      <div className={styles.historyPanel}>
        <div className={styles.actions}>
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
          <span className={styles.orderActions}>
            {data.viewerCanOrderAgain && (
              <Button
                variant="secondary"
                size="small"
                disabled={orderingAgain}
                aria-label={`Order again: put order #${data.number} into your cart`}
                onClick={() => void putInCart()}
              >
                {orderingAgain ? 'Adding...' : 'Order Again'}
              </Button>
            )}
            {data.viewerCanCancel && (
              <Button
                variant="dangerOutline"
                size="small"
                disabled={cancelling}
                aria-label={`Cancel order #${data.number}`}
                onClick={() => {
                  setRefusal(undefined);
                  setConfirmingCancel(true);
                }}
              >
                Cancel Order
              </Button>
            )}
          </span>
        </div>
        <div id={historyId} hidden={!showHistory}>
          {showHistory && (
            <OrderHistory orderId={data.id} number={data.number} status={data.status} headingShown={false} />
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel order #${data.number}?`}
        description={
          data.payment?.status === 'PAID'
            ? `Its items go back into the shop’s stock, nothing will be sent, and the ${formats.money(data.total)} you paid is returned to you. This cannot be undone.`
            : 'Its items go back into the shop’s stock and nothing will be sent. This cannot be undone.'
        }
        confirmLabel="Cancel Order"
        busyLabel="Cancelling..."
        dismissLabel="Keep Order"
        busy={cancelling}
        error={confirmingCancel ? refusal : undefined}
        onConfirm={() => void cancel()}
        onCancel={() => {
          setConfirmingCancel(false);
          setRefusal(undefined);
        }}
      />
    </article>
  );
}
