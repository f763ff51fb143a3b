// Back from Stripe's page (issue 35): Stripe sends the buyer to /orders?order={number}&card=paid, or &card=cancelled
// when they left without paying. Coming back proves nothing: the order is paid once Stripe's webhook says so, which
// no event tells this page (the webhook passes no gateway mutation), so the order is read again every 2 seconds until
// it is paid, for 2 minutes at most. Left unpaid, the order still waits, with its Pay by Card (order-payment.tsx).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, type AlertTone } from '@/components/feedback';
import { CardReturnOrderDocument } from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import styles from './orders.module.css';

if (false) {
  gql`
    # The order read again while its payment is awaited: all its card shows, so that the card follows.
    query CardReturnOrder($id: ID!) {
      node(id: $id) {
        id
        ...OrderCard_order
      }
    }
  `;
}

export const CARD_PAYMENT_POLL_MS = 2_000;
export const CARD_PAYMENT_WAIT_MS = 2 * 60_000;

/** An order of the page as this notice reads it. */
export interface ListedOrder {
  id: string;
  number: number;
  status: string;
  payment: { status: string; reservedUntil: string | null } | null;
}

/** Where Stripe sent the buyer back from, read off the address; undefined for any other visit. */
function cardReturnOf(params: URLSearchParams): { number: number; paid: boolean } | undefined {
  const number = Number(params.get('order'));
  const card = params.get('card');
  if (!Number.isSafeInteger(number) || number <= 0 || (card !== 'paid' && card !== 'cancelled')) return undefined;
  return { number, paid: card === 'paid' };
}

/**
 * What the page says of the order the buyer came back with, while the orders show: waiting for Stripe, then paid; or
 * that they left before paying and until when the order waits.
 */
export function CardReturn({ orders }: { orders: readonly ListedOrder[] | undefined }) {
  const [params] = useSearchParams();
  const formats = useFormats();
  const cardReturn = cardReturnOf(params);
  const order = cardReturn && orders?.find((each) => each.number === cardReturn.number);
  const paid = order?.payment?.status === 'PAID';
  // Cancelled meanwhile (its time ran out, say): a payment that still arrives is returned, never taken.
  const settled = paid || order?.status === 'CANCELLED' || order?.payment?.status === 'REFUNDED';
  const [gaveUp, setGaveUp] = useState(false);
  const awaited = !!cardReturn?.paid && !settled && !gaveUp;
  useEffect(() => {
    if (!awaited) return undefined;
    const timer = setTimeout(() => setGaveUp(true), CARD_PAYMENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaited]);
  useQuery(CardReturnOrderDocument, {
    variables: { id: order?.id ?? '' },
    skip: !awaited || !order,
    pollInterval: CARD_PAYMENT_POLL_MS,
    // Its first answer is the one the page has: the next are asked of the shop, each in its turn.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });

  let message: { tone: AlertTone; text: string } | undefined;
  if (cardReturn && paid) message = { tone: 'success', text: `Order #${cardReturn.number} is paid.` };
  else if (cardReturn?.paid && order && settled)
    message = {
      tone: 'info',
      text: `Order #${cardReturn.number} was cancelled before your payment arrived: it is being returned to you.`,
    };
  else if (cardReturn?.paid && gaveUp)
    message = {
      tone: 'info',
      text: `Stripe has not confirmed your payment for order #${cardReturn.number} yet. Reload this page in a moment to see it.`,
    };
  else if (cardReturn?.paid)
    message = {
      tone: 'info',
      text: `Thank you: we are waiting for Stripe to confirm your payment for order #${cardReturn.number}.`,
    };
  else if (cardReturn && order?.payment?.status === 'AWAITING_PAYMENT' && order.status !== 'CANCELLED')
    message = {
      tone: 'info',
      text: `You left Stripe’s page before paying. Order #${cardReturn.number} still waits for its payment${
        order.payment.reservedUntil ? ` until ${formats.dateTime(order.payment.reservedUntil)}` : ''
      }.`,
    };
  // There before anything is said in it, so that each change (waiting, then paid) is announced.
  return (
    <div role="status" className={styles.cardReturn}>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}
