// /orders (spec §2): the viewer's orders, newest first, a page at a time; 'No orders found' before the first. Stripe's
// page sends a buyer back here (card-return.tsx), which says where their card order's payment stands.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ButtonLink } from '@/components/button';
import { EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { OrdersPageDocument } from '@/gql/graphql';
import { CardReturn } from './card-return';
import { OrderCard } from './order-card';
import { surface } from '@/components/card';
import styles from './orders.module.css';

if (false) {
  gql`
    query OrdersPage($first: Int!, $after: String) {
      viewer {
        orders(first: $first, after: $after) {
          totalCount
          edges {
            cursor
            node {
              id
              # What the page says of an order a buyer comes back to from Stripe.
              number
              status
              payment {
                status
                reservedUntil
              }
              ...OrderCard_order
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  `;
}

export const ORDERS_PAGE_SIZE = 10;
const SKELETON_ORDERS = 3;

/** Order cards' shapes while the history loads. */
function OrdersSkeleton() {
  return (
    <div className={styles.list} role="status">
      <span className="visually-hidden">Loading...</span>
      {Array.from({ length: SKELETON_ORDERS }, (_, index) => (
        <div key={index} className={surface(styles.card)}>
          <Skeleton width="30%" height="1.4rem" />
          <Skeleton width="45%" height="0.9rem" />
          <Skeleton />
          <Skeleton width="60%" />
        </div>
      ))}
    </div>
  );
}

export function OrdersRoute() {
  const { data, error, fetchMore, refetch } = useQuery(OrdersPageDocument, { variables: { first: ORDERS_PAGE_SIZE } });
  const orders = data?.viewer?.orders;

  let content;
  if (orders && orders.edges.length > 0) {
    content = (
      <>
        <ul className={styles.list} aria-label="Orders">
          {orders.edges.map((edge) => (
            <li key={edge.node.id}>
              <OrderCard order={edge.node} />
            </li>
          ))}
        </ul>
        {orders.pageInfo.hasNextPage && (
          <LoadMore
            label="Load more orders"
            failedMessage="Failed to load orders"
            load={() => fetchMore({ variables: { after: orders.pageInfo.endCursor } })}
          />
        )}
      </>
    );
  } else if (orders) {
    content = (
      <EmptyState
        title="No orders found"
        hint="Orders you place appear here."
        action={
          <ButtonLink to="/" variant="primary">
            Start Shopping
          </ButtonLink>
        }
      />
    );
  } else if (error) content = <ErrorState message="Failed to load orders" onRetry={() => void refetch()} />;
  else content = <OrdersSkeleton />;

  return (
    <Page title="My Orders">
      <CardReturn orders={orders?.edges.map((edge) => edge.node)} />
      {content}
    </Page>
  );
}
