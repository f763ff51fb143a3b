// /order-success (spec §2): the order named in navigation state, straight from the cache where checkout's
// payload put it (fetched only after a reload). Without that state: 'Order not found' and Go Home. A card order whose
// payment page could not be opened right after checkout says so here, above its Pay by Card.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '@/components/button';
import { Alert, ErrorState, Skeleton } from '@/components/feedback';
import { Card } from '@/components/card';
import { Page } from '@/components/page';
import { OrderSuccessDocument } from '@/gql/graphql';
import type { OrderSuccessState } from '@/lib/navigation-state';
import { OrderSummary } from './order-summary';
import styles from './order-success.module.css';

if (false) {
  gql`
    query OrderSuccess($id: ID!) {
      node(id: $id) {
        id
        ... on Order {
          payment {
            status
          }
          ...OrderSummary_order
        }
      }
    }
  `;
}

/** Opened without an order (spec §2): the page's heading says so, with the way home and to the orders. */
function OrderNotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="order-not-found">
      <h1 id="order-not-found">Order not found</h1>
      <p>There is no order to show here. Your orders are listed under Orders.</p>
      <div className={styles.actions}>
        <ButtonLink to="/" variant="primary">
          Go Home
        </ButtonLink>
        <ButtonLink to="/orders" variant="secondary">
          View Orders
        </ButtonLink>
      </div>
    </section>
  );
}

/** The confirmation's shape while the order is fetched (after a reload). */
function OrderSkeleton() {
  return (
    <Card>
      <div className={styles.skeleton} role="status">
        <span className="visually-hidden">Loading...</span>
        <Skeleton width="3.5rem" height="3.5rem" style={{ borderRadius: '50%' }} />
        <Skeleton width="70%" height="2rem" />
        <Skeleton width="50%" />
        <Skeleton height="6rem" />
        <Skeleton height="4rem" />
      </div>
    </Card>
  );
}

export function OrderSuccessRoute() {
  const location = useLocation();
  const state = location.state as OrderSuccessState | null;
  const orderId = state?.orderId;
  const { data, loading, error, refetch } = useQuery(OrderSuccessDocument, {
    variables: { id: orderId ?? '' },
    skip: !orderId,
  });
  const order = data?.node?.__typename === 'Order' ? data.node : null;

  let content;
  if (!orderId) content = <OrderNotFound />;
  else if (order)
    content = (
      <Card>
        <div className={styles.section}>
          <div className={styles.hero}>
            <div className={styles.check} aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            </div>
            <h1>Thank you for your order!</h1>
            <p className={styles.lead}>We have received it and will let you know when it ships.</p>
          </div>
          {state?.cardPageFailed && order.payment?.status === 'AWAITING_PAYMENT' && (
            <Alert tone="warning">
              Stripe’s payment page could not be opened. Your order waits for its payment: try again with Pay by Card.
            </Alert>
          )}
          <OrderSummary order={order} />
          <div className={styles.actions}>
            <ButtonLink to="/orders" variant="primary">
              View All Orders
            </ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Continue Shopping
            </ButtonLink>
          </div>
        </div>
      </Card>
    );
  else if (loading) content = <OrderSkeleton />;
  else if (error) content = <ErrorState message="Failed to load order" onRetry={() => void refetch()} />;
  else content = <OrderNotFound />;

  return <Page narrow>{content}</Page>;
}
