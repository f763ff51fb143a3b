// /checkout (spec §2, §5): the order to review, a required shipping address (the profile's address to start
// with), Back to Cart and Place Order ('Processing...' while busy). On a phone the review comes first. The order is placed in one step; the emptied
// cart comes back in the payload, and /order-success gets the order through navigation state.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CART_IS_EMPTY, SHIPPING_ADDRESS_REQUIRED } from '../../../../shop-rules/order-rules';
import { Button, ButtonLink } from '../../components/button';
import { Alert, EmptyState, ErrorState, Skeleton } from '../../components/feedback';
import { TextAreaField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { CheckoutDocument, CheckoutPageDocument } from '../../gql/graphql';
import type { OrderSuccessState } from '../../lib/navigation-state';
import { showUserErrors } from '../../lib/user-errors';
import { OrderReview } from './order-review';
import styles from './checkout.module.css';

if (false) {
  gql`
    query CheckoutPage {
      viewer {
        address
        cart {
          id
          itemCount
          ...OrderReview_cart
        }
      }
    }

    mutation Checkout($input: CheckoutInput!) {
      checkout(input: $input) {
        order {
          id
          number
          orderDate
          totalAmount
          status
          shippingAddress
          items {
            productName
            price
            quantity
            subtotal
          }
        }
        cart {
          id
          itemCount
          totalPrice
          items {
            productName
            price
            quantity
            subtotal
            product {
              id
            }
          }
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

interface CheckoutForm {
  shippingAddress: string;
}

function CheckoutForm({ defaultAddress }: { defaultAddress: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const [checkout] = useMutation(CheckoutDocument, {
    update(cache, { data }) {
      // The orders list gains this order at its top: it is loaded afresh when next shown.
      if (data?.checkout.order) cache.evict({ id: cache.identify({ __typename: 'User' }), fieldName: 'orders' });
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutForm>({ defaultValues: { shippingAddress: defaultAddress } });

  const placeOrder = handleSubmit(async ({ shippingAddress }) => {
    setFailure(undefined);
    try {
      const { data } = await checkout({ variables: { input: { shippingAddress: shippingAddress.trim() } } });
      const order = data?.checkout.order;
      if (order) {
        navigate('/order-success', { replace: true, state: { orderId: order.id } satisfies OrderSuccessState });
        return;
      }
      const banner = showUserErrors(data?.checkout.userErrors ?? [], setError, ['shippingAddress']);
      if (banner) setFailure(banner);
    } catch {
      setFailure('Checkout failed');
    }
  });

  return (
    <form className={styles.form} onSubmit={placeOrder} noValidate>
      <h2>Shipping</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextAreaField
        label="Shipping Address"
        autoComplete="street-address"
        rows={4}
        required
        placeholder="Street, number, postcode, city, country"
        error={errors.shippingAddress?.message}
        {...register('shippingAddress', { validate: (value) => !!value.trim() || SHIPPING_ADDRESS_REQUIRED })}
      />
      <div className={styles.actions}>
        <ButtonLink to="/cart" variant="secondary" size="large">
          Back to Cart
        </ButtonLink>
        <Button type="submit" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Place Order'}
        </Button>
      </div>
    </form>
  );
}

/** The review and the address form, in their places, while the cart loads. */
function CheckoutSkeleton() {
  return (
    <div className={styles.layout} role="status">
      <span className="visually-hidden">Loading...</span>
      <Card>
        <div className={styles.review}>
          <Skeleton width="45%" height="1.6rem" />
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" height="1.4rem" />
        </div>
      </Card>
      <Card className={styles.shipping}>
        <div className={styles.form}>
          <Skeleton width="35%" height="1.6rem" />
          <Skeleton width="40%" />
          <Skeleton height="6rem" />
          <Skeleton height="3rem" />
        </div>
      </Card>
    </div>
  );
}

export function CheckoutRoute() {
  const { data, loading, refetch } = useQuery(CheckoutPageDocument);
  const viewer = data?.viewer;

  let content;
  if (viewer && viewer.cart.itemCount === 0) {
    content = (
      <EmptyState
        title={CART_IS_EMPTY}
        hint="Add something to your cart before checking out."
        action={
          <ButtonLink to="/" variant="primary">
            Continue Shopping
          </ButtonLink>
        }
      />
    );
  } else if (viewer) {
    content = (
      <div className={styles.layout}>
        <OrderReview cart={viewer.cart} />
        <Card className={styles.shipping}>
          <CheckoutForm defaultAddress={viewer.address ?? ''} />
        </Card>
      </div>
    );
  } else if (loading) content = <CheckoutSkeleton />;
  else content = <ErrorState message="Failed to load cart" onRetry={() => void refetch()} />;

  return <Page title="Checkout">{content}</Page>;
}
