// One order on the admins' desk as a compact row: number, buyer, date, how many items, total and status, with a
// button for each move the order may make from where it is (shop-rules' deskMoves); while it waits for a bank
// transfer, Record Payment, and for a card, only a word that Stripe's payment settles it. The lines, the shipping
// address and the order's history (who moved it, when) open on demand, so that a screen holds many orders. Cancelling
// asks first and says the stock returns. A move the shop refuses shows why, in the row.
import { gql, type FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useReactiveVar } from '@apollo/client/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { deskMoves, type OrderStatus } from '@shop-rules/order-rules';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/feedback';
import { ItemLines } from '@/components/item-lines';
import { OrderCharges } from '@/components/order-charges';
import { StatusBadge } from '@/components/status-badge';
import { OrderHistory } from '@/components/order-history';
import { DeskOrderRow_OrderFragmentDoc, MoveOrderDocument, RecordPaymentDocument } from '@/gql/graphql';
import { InvoiceDownload, paymentStateText } from '@/components/order-payment';
import { formatIban } from '@shop-rules/payment-rules';
import { useCan } from '@/lib/viewer';
import { useFormats } from '@/lib/use-formats';
import { forgetNewOrder, newOrderIds, receiveOrder } from '@/lib/orders';
import { surface } from '@/components/card';
import styles from './order-desk.module.css';

if (false) {
  gql`
    fragment DeskOrderRow_order on Order {
      id
      number
      orderDate
      status
      customerUsername
      shippingAddress
      total {
        ...MoneyFields @unmask
      }
      ...OrderChargesFields @unmask
      items {
        ...ItemLines_orderLine @unmask
      }
    }

    mutation RecordPayment($input: RecordPaymentInput!) {
      recordPayment(input: $input) {
        order {
          ...DeskOrderRow_order @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation MoveOrder($input: UpdateOrderStatusInput!) {
      updateOrderStatus(input: $input) {
        order {
          ...DeskOrderRow_order @unmask
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

/** "1 item", "3 items": the units ordered, as the cart and checkout count them. */
const itemCount = (items: readonly { quantity: number }[]) => {
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${units} ${units === 1 ? 'item' : 'items'}`;
};

/**
 * A username that may break after its dots, hyphens and underscores, so that one as long as the shop allows (50
 * characters) wraps between its words rather than anywhere.
 */
function BreakableName({ name }: { name: string }) {
  return name.split(/(?<=[._-])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export function DeskOrderRow({ order }: { order: FragmentType<typeof DeskOrderRow_OrderFragmentDoc> }) {
  const { data, complete } = useFragment({
    fragment: DeskOrderRow_OrderFragmentDoc,
    fragmentName: 'DeskOrderRow_order',
    from: order,
  });
  const formats = useFormats();
  const client = useApolloClient();
  const isNew = useReactiveVar(newOrderIds);
  // Not written by Apollo: receiveOrder writes it, so that this answer and the event of the same move count once.
  const [move, { loading: moving }] = useMutation(MoveOrderDocument, { fetchPolicy: 'no-cache' });
  const [record, { loading: recording }] = useMutation(RecordPaymentDocument, { fetchPolicy: 'no-cache' });
  // Each person sees the buttons their roles allow: a clerk moves orders, a bookkeeper records payments.
  const movesOrders = useCan('MANAGE_ORDERS');
  const mayRecordPayments = useCan('RECORD_PAYMENTS');
  const loading = moving || recording;
  const [confirmingPayment, setConfirmingPayment] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [open, setOpen] = useState(false);
  // Recording removes the button that opened the dialog: focus goes on to what comes next (Confirm), not to the page.
  const movesRef = useRef<HTMLDivElement>(null);
  const [focusMoves, setFocusMoves] = useState(false);
  useEffect(() => {
    if (!focusMoves || confirmingPayment) return undefined;
    // After the dialog has given focus back (to a button no longer there).
    const frame = requestAnimationFrame(() => {
      movesRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
      setFocusMoves(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusMoves, confirmingPayment]);
  if (!complete) return null;

  const titleId = `desk-order-${data.number}`;
  const detailsId = `desk-order-${data.number}-details`;
  const moveTo = async (status: OrderStatus) => {
    setRefusal(undefined);
    try {
      const answer = await move({ variables: { input: { orderId: data.id, status } } });
      const payload = answer.data?.updateOrderStatus;
      if (payload?.userErrors.length) {
        setRefusal(payload.userErrors[0]!.message);
        return;
      }
      forgetNewOrder(data.id);
      if (payload?.order)
        receiveOrder(client.cache, DeskOrderRow_OrderFragmentDoc, 'DeskOrderRow_order', payload.order);
      setConfirmingCancel(false);
    } catch {
      setRefusal('Failed to update the order. Please try again.');
    }
  };

  const recordPayment = async () => {
    setRefusal(undefined);
    try {
      const answer = await record({ variables: { input: { orderId: data.id } } });
      const payload = answer.data?.recordPayment;
      if (payload?.userErrors.length) {
        setRefusal(payload.userErrors[0]!.message);
        return;
      }
      forgetNewOrder(data.id);
      if (payload?.order)
        receiveOrder(client.cache, DeskOrderRow_OrderFragmentDoc, 'DeskOrderRow_order', payload.order);
      setConfirmingPayment(false);
      setFocusMoves(true);
    } catch {
      setRefusal('Failed to record the payment. Please try again.');
    }
  };

  // An order waiting for its payment moves on only once it is paid: its way forward is recording the transfer, or, for
  // a card, Stripe's webhook (nobody records a card payment by hand).
  const awaitingPayment = data.payment?.status === 'AWAITING_PAYMENT' && data.status === 'PENDING';
  const byCard = data.payment?.method === 'CARD';
  const recordsPayments = mayRecordPayments && !byCard;
  const moves = movesOrders
    ? deskMoves(data.status).filter((status) => !awaitingPayment || status === 'CANCELLED')
    : [];
  const paymentState = paymentStateText(data.payment, data.status);
  const confirming = confirmingCancel || confirmingPayment;
  return (
    <article className={surface(styles.row)} aria-labelledby={titleId} data-open={open || undefined}>
      <div className={styles.summary}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`${open ? 'Hide' : 'Show'} details of order #${data.number}`}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        <div className={styles.number}>
          <h2 id={titleId}>
            <span className="visually-hidden">Order</span> #{data.number}
          </h2>
          {isNew.has(data.id) && <span className={styles.newMark}>New</span>}
        </div>
        <span className={[styles.customer, !data.customerUsername && styles.deleted].filter(Boolean).join(' ')}>
          <span className="visually-hidden">Customer:</span>{' '}
          {data.customerUsername ? <BreakableName name={data.customerUsername} /> : 'Deleted account'}
        </span>
        <span className={styles.when}>
          <span className={styles.date}>
            <span className="visually-hidden">Placed</span> {formats.dateTime(data.orderDate)}
          </span>
          <span className={styles.items}>{itemCount(data.items)}</span>
        </span>
        <span className={styles.total}>
          <span className="visually-hidden">Total:</span> {formats.money(data.total)}
        </span>
        <span className={styles.status}>
          <StatusBadge status={data.status} />
          {paymentState && (
            <span className={styles.paymentState} data-state={data.payment?.status.toLowerCase()}>
              {paymentState}
            </span>
          )}
        </span>
        {(moves.length > 0 || (awaitingPayment && (recordsPayments || byCard))) && (
          <div className={styles.moves} role="group" aria-label={`Move order #${data.number}`} ref={movesRef}>
            {awaitingPayment && byCard && (
              <span className={styles.paymentNote}>The buyer pays by card on Stripe’s page</span>
            )}
            {awaitingPayment && recordsPayments && (
              <Button variant="primary" size="small" disabled={loading} onClick={() => setConfirmingPayment(true)}>
                Record Payment
              </Button>
            )}
            {moves.map((status) =>
              status === 'CANCELLED' ? (
                <Button
                  key={status}
                  variant="dangerOutline"
                  size="small"
                  disabled={loading}
                  onClick={() => setConfirmingCancel(true)}
                >
                  {MOVE_LABELS[status]}
                </Button>
              ) : (
                <Button
                  key={status}
                  variant="primary"
                  size="small"
                  disabled={loading}
                  onClick={() => void moveTo(status)}
                >
                  {MOVE_LABELS[status]}
                </Button>
              ),
            )}
          </div>
        )}
      </div>
      {refusal && !confirming && <Alert tone="error">{refusal}</Alert>}
      <div id={detailsId} className={styles.details} hidden={!open}>
        <ItemLines label={`Items of order #${data.number}`} items={data.items} />
        {/* How it ships, for whoever packs it: the method and what the buyer paid for it. */}
        <OrderCharges {...data} />
        <p className={styles.address}>
          <span className={styles.addressLabel}>Shipping address</span>
          {data.shippingAddress}
        </p>
        {/* A paid order's invoice, as its buyer downloads it. */}
        {data.payment?.paidAt && (
          <div className={styles.invoice}>
            <InvoiceDownload orderId={data.id} number={data.number} />
          </div>
        )}
        {open && <OrderHistory orderId={data.id} number={data.number} status={data.status} />}
      </div>
      <ConfirmDialog
        open={confirmingPayment}
        title={`Record the payment for order #${data.number}?`}
        description={`Only once ${formats.money(data.total)} has arrived${data.payment?.reference ? ` quoting ${data.payment.reference}` : ''}${data.payment?.account ? ` in ${formatIban(data.payment.account.iban)}` : ''}. The order can then be confirmed, and ${data.customerUsername ?? 'the customer'} sees it paid.`}
        confirmLabel="Record Payment"
        confirmVariant="primary"
        dismissLabel="Not Yet"
        busyLabel="Recording..."
        busy={recording}
        error={confirmingPayment ? refusal : undefined}
        onConfirm={() => void recordPayment()}
        onCancel={() => {
          setConfirmingPayment(false);
          setRefusal(undefined);
        }}
      />
      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel order #${data.number}?`}
        description={`Its items go back into stock, and ${data.customerUsername ?? 'the customer'} sees the order as cancelled.${data.payment?.status === 'PAID' ? ` The ${formats.money(data.total)} they paid is to be returned to them.` : ''} This cannot be undone.`}
        confirmLabel="Cancel Order"
        dismissLabel="Keep Order"
        busyLabel="Cancelling..."
        busy={moving}
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
