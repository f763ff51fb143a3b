// /cart: the viewer's cart, or 'Your cart is empty'.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ButtonLink } from '@/components/button';
import { EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { Page } from '@/components/page';
import { CartPageDocument } from '@/gql/graphql';
import { CartView, RemovedFromCartNotice } from './cart-view';
import { OrderedAgainNotice } from './ordered-again-notice';
import { surface } from '@/components/card';
import styles from './cart.module.css';

if (false) {
  gql`
    query CartPage {
      viewer {
        cart {
          id
          itemCount
          ...CartView_cart
        }
      }
    }
  `;
}

const SKELETON_LINES = 3;

/** The cart's shape while it loads: lines on the left, the summary beside them. */
function CartSkeleton() {
  return (
    <div className={styles.layout} role="status">
      <span className="visually-hidden">Loading...</span>
      <div className={surface(styles.lines)}>
        {Array.from({ length: SKELETON_LINES }, (_, index) => (
          <div key={index} className={styles.skeletonLine}>
            <Skeleton width="55%" height="1.1rem" />
            <Skeleton width="25%" height="0.8rem" />
            <Skeleton width="8rem" height="2.25rem" />
          </div>
        ))}
      </div>
      <div className={surface(styles.summary)}>
        <Skeleton width="60%" height="1.4rem" />
        <Skeleton height="1rem" />
        <Skeleton height="1.4rem" />
        <Skeleton height="3rem" />
      </div>
    </div>
  );
}

export function CartRoute() {
  const { data, loading, refetch } = useQuery(CartPageDocument);
  const cart = data?.viewer?.cart;

  let content;
  if (cart && cart.itemCount > 0) content = <CartView cart={cart} />;
  else if (cart)
    content = (
      <EmptyState
        title="Your cart is empty"
        hint="Browse the catalogue and add what you need."
        action={
          <ButtonLink to="/" variant="primary">
            Continue Shopping
          </ButtonLink>
        }
      />
    );
  else if (loading) content = <CartSkeleton />;
  else content = <ErrorState message="Failed to load cart" onRetry={() => void refetch()} />;

  return (
    <Page title="Shopping Cart">
      <RemovedFromCartNotice />
      <OrderedAgainNotice />
      {content}
    </Page>
  );
}
