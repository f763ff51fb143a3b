// One order on the admins' desk: number, buyer, date, lines, shipping address, total and status, with a button for
// each move the order may make from where it is (shop-rules' deskMoves). Cancelling asks first and says the stock
// returns. A move the shop refuses shows why, on the card.
import { gql, type FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useReactiveVar } from '@apollo/client/react';
import { useState } from 'react';
import { deskMoves, type OrderStatus } from '../../../../shop-rules/order-rules';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Alert } from '../../components/feedback';
import { ItemLines } from '../../components/item-lines';
import { StatusBadge } from '../../components/status-badge';
import { DeskOrderCard_OrderFragmentDoc, MoveOrderDocument } from '../../gql/graphql';
import { formatDateTime, formatPrice } from '../../lib/format';
import { applyOrderChange, forgetNewOrder, newOrderIds } from '../../lib/orders';
import styles from './order-desk.module.css';

if (false) {
  gql`
    fragment DeskOrderCard_order on Order {
      id
      number
      orderDate
      status
      customerUsername
      shippingAddress
      totalAmount
      items {
        productName
        price
        quantity
        subtotal
      }
    }

    mutation MoveOrder($input: UpdateOrderStatusInput!) {
      updateOrderStatus(input: $input) {
        order {
          id
          ...DeskOrderCard_order
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

/** What each move's button says. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Back to Pending',
  CONFIRMED: 'Confirm',
  SHIPPED: 'Ship',
  DELIVERED: 'Mark Delivered',
  CANCELLED: 'Cancel Order',
};

export function DeskOrderCard({ order }: { order: FragmentType<typeof DeskOrderCard_OrderFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: DeskOrderCard_OrderFragmentDoc, from: order });
  const client = useApolloClient();
  const isNew = useReactiveVar(newOrderIds);
  const [move, { loading }] = useMutation(MoveOrderDocument);
  const [refusal, setRefusal] = useState<string>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  if (!complete) return null;

  const titleId = `desk-order-${data.number}`;
  const moveTo = async (status: OrderStatus) => {
    setRefusal(undefined);
    const before = data.status;
    try {
      const answer = await move({ variables: { input: { orderId: data.id, status } } });
      const payload = answer.data?.updateOrderStatus;
      if (payload?.userErrors.length) {
        setRefusal(payload.userErrors[0]!.message);
        return;
      }
      forgetNewOrder(data.id);
      // The order itself is in the answer; which tabs hold it and the counts follow here.
      if (payload?.order) applyOrderChange(client.cache, { id: data.id, number: data.number, status }, before);
      setConfirmingCancel(false);
    } catch {
      setRefusal('Failed to update the order. Please try again.');
    }
  };

  const moves = deskMoves(data.status);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.header}>
        <div className={styles.title}>
          <div className={styles.heading}>
            <h2 id={titleId}>Order #{data.number}</h2>
            {isNew.has(data.id) && <span className={styles.newMark}>New</span>}
          </div>
          <span className={styles.meta}>
            {formatDateTime(data.orderDate)} · {data.customerUsername ?? 'Deleted account'}
          </span>
        </div>
        <StatusBadge status={data.status} />
      </div>
      <ItemLines label={`Items of order #${data.number}`} items={data.items} />
      <div className={styles.footer}>
        <p className={styles.address}>
          <span className={styles.addressLabel}>Shipping address</span>
          {data.shippingAddress}
        </p>
        <p className={styles.total}>Total: {formatPrice(data.totalAmount)}</p>
      </div>
      {refusal && !confirmingCancel && <Alert tone="error">{refusal}</Alert>}
      {moves.length > 0 && (
        <div className={styles.moves} role="group" aria-label={`Move order #${data.number}`}>
          {moves.map((status) =>
            status === 'CANCELLED' ? (
              <Button key={status} variant="dangerOutline" size="small" disabled={loading} onClick={() => setConfirmingCancel(true)}>
                {MOVE_LABELS[status]}
              </Button>
            ) : (
              <Button key={status} variant="primary" size="small" disabled={loading} onClick={() => void moveTo(status)}>
                {MOVE_LABELS[status]}
              </Button>
            ),
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel order #${data.number}?`}
        description={`Its items go back into stock, and ${data.customerUsername ?? 'the customer'} sees the order as cancelled. This cannot be undone.`}
        confirmLabel="Cancel Order"
        busyLabel="Cancelling..."
        busy={loading}
        error={confirmingCancel ? refusal : undefined}
        onConfirm={() => void moveTo('CANCELLED')}
        onCancel={() => {
          setConfirmingCancel(false);
          setRefusal(undefined);
        }}
      />
    </article>
  );
}
