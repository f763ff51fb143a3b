// What happened to one order, oldest first — placed, confirmed, shipped… with times, and for admins who moved it —
// read when it is opened (the buyer's "Show history", a desk row's details), so that a page of orders costs no more
// for it. Read again whenever the order's status moves while it is shown (this admin's move, or a live one).
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Alert } from './feedback';
import { OrderHistoryDocument } from '../gql/graphql';
import { useFormats } from '../lib/use-formats';
import styles from './order-history.module.css';

if (false) {
  gql`
    query OrderHistory($id: ID!) {
      node(id: $id) {
        id
        ... on Order {
          status
          history {
            status
            at
            by
          }
        }
      }
    }
  `;
}

/** What each step says: the first is the placing; a later PENDING is an order put back. */
const STEP_WORDS: Record<string, string> = {
  PENDING: 'Back to pending',
  CONFIRMED: 'Confirmed',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};
const stepWords = (status: string, first: boolean) => (first ? 'Placed' : (STEP_WORDS[status] ?? status));

export function OrderHistory({
  orderId,
  number,
  status,
  headingShown = true,
}: {
  orderId: string;
  number: number;
  status: string;
  /** false where a button beside it already says "history": the heading then names the list for screen readers only. */
  headingShown?: boolean;
}) {
  const { data, error, refetch } = useQuery(OrderHistoryDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
  });
  const formats = useFormats();
  const shownStatus = useRef(status);
  useEffect(() => {
    if (shownStatus.current === status) return;
    shownStatus.current = status;
    void refetch().catch(() => undefined);
  }, [status, refetch]);

  const headingId = `order-${number}-history`;
  let body;
  if (!data) {
    body = error ? (
      <div className={styles.failed}>
        <Alert tone="error">The order's history could not be loaded. Please try again.</Alert>
        <Button variant="secondary" size="small" onClick={() => void refetch().catch(() => undefined)}>
          Retry
        </Button>
      </div>
    ) : (
      <p role="status" className={styles.quiet}>
        Loading history…
      </p>
    );
  } else {
    const order = data.node?.__typename === 'Order' ? data.node : undefined;
    const history = order?.history;
    // A shop whose REST service keeps no history says so, rather than open onto nothing.
    body = !history ? (
      <p role="status" className={styles.quiet}>
        No history is kept for this order.
      </p>
    ) : (
      <ol className={styles.steps}>
        {history.map((step, index) => (
          <li key={`${index}-${step.status}`} className={styles.step}>
            <span className={styles.what}>{stepWords(step.status, index === 0)}</span>
            <time className={styles.when} dateTime={step.at}>
              {formats.dateTime(step.at)}
            </time>
            {step.by && <span className={styles.who}>by {step.by}</span>}
          </li>
        ))}
        {/* An order moved before the shop kept its history (or by another client of the REST service that keeps
            none): where it is now, read with the history, is known; when it got there is not. */}
        {history.length > 0 && history.at(-1)!.status !== order!.status && (
          <li className={styles.step}>
            <span className={styles.what}>{STEP_WORDS[order!.status] ?? order!.status}</span>
            <span className={styles.when}>time not recorded</span>
          </li>
        )}
      </ol>
    );
  }
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h3 id={headingId} className={headingShown ? styles.heading : 'visually-hidden'}>
        History
      </h3>
      {body}
    </section>
  );
}
