// /checkout (spec §2, §5): the order to review, a required shipping address (the profile's address to start
// with), Back to Cart and Place Order ('Processing...' while busy). On a phone the review comes first. The order is
// placed in one step; the emptied cart comes back in the payload, and /order-success gets the order through
// navigation state. The order is placed only at the total the buyer reviewed: when a price or a quantity changed
// meanwhile, the shop answers PRICE_CHANGED with the cart as it is now, the review shows it, and the page says what
// changed and asks again. Each attempt carries its own idempotency key, sent again when that attempt is retried
// (its answer may have been lost after the order was placed), so a retry never orders twice.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { type CartLine, lineProblem } from '../../lib/cart';
import { CART_IS_EMPTY, SHIPPING_ADDRESS_REQUIRED } from '../../../../shop-rules/order-rules';
import { Button, ButtonLink } from '../../components/button';
import { Alert, EmptyState, ErrorState, Skeleton } from '../../components/feedback';
import { TextAreaField } from '../../components/field';
import { Card } from '../../components/card';
import { Page } from '../../components/page';
import { CheckoutDocument, CheckoutPageDocument } from '../../gql/graphql';
import { useFormats } from '../../lib/use-formats';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import type { Money } from '../../lib/money';
import type { OrderSuccessState } from '../../lib/navigation-state';
import { showUserErrors } from '../../lib/user-errors';
import { OrderReview } from './order-review';
import { describeChanges } from './price-changes';
import styles from './checkout.module.css';

if (false) {
  gql`
    query CheckoutPage {
      viewer {
        address
        cart {
          ...CartContents @unmask
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
          total {
            amount
            currencyCode
            minorUnits
          }
          status
          shippingAddress
          items {
            productName
            unitPrice {
              amount
              currencyCode
              minorUnits
            }
            quantity
            lineTotal {
              amount
              currencyCode
              minorUnits
            }
            product {
              id
              imageUrl
            }
          }
        }
        cart {
          ...CartContents @unmask
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

/**
 * Checkout's refusals that the cart fixes: a clash with the stock (CONFLICT; a price change has its own code) or a
 * product no longer sold (NOT_FOUND). The address's own refusals are INVALID_INPUT.
 */
const FIXED_IN_CART: ReadonlySet<string> = new Set(['CONFLICT', 'NOT_FOUND']);

interface CheckoutForm {
  shippingAddress: string;
}

/** The cart as the buyer reviews it: what the order may cost, and its lines to tell what changed. */
interface ReviewedCart {
  total: Money;
  items: readonly CartLine[];
}

interface PriceChange {
  changes: string[];
  total: Money;
}

function CheckoutForm({ defaultAddress, reviewed }: { defaultAddress: string; reviewed: ReviewedCart }) {
  const navigate = useNavigate();
  const formats = useFormats();
  const [failure, setFailure] = useState<string>();
  // A refusal about the stock is fixed in the cart, not here: the message links there.
  const [fixInCart, setFixInCart] = useState(false);
  const [priceChange, setPriceChange] = useState<PriceChange>();
  // This attempt's key: kept while it is retried, replaced when the buyer is asked to review a changed order.
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
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
    setPriceChange(undefined);
    // The review as it is shown now: the total asked for, and the lines to compare with the shop's answer.
    const shown = { total: reviewed.total, items: [...reviewed.items] };
    try {
      // The reviewed total exactly as the graph showed it (Money.amount, a Decimal: no float made of it).
      const { data } = await checkout({
        variables: { input: { shippingAddress: shippingAddress.trim(), expectedTotalAmount: shown.total.amount, idempotencyKey: attemptKey } },
      });
      const order = data?.checkout.order;
      if (order) {
        navigate('/order-success', { replace: true, state: { orderId: order.id } satisfies OrderSuccessState });
        return;
      }
      const userErrors = data?.checkout.userErrors ?? [];
      const current = data?.checkout.cart;
      if (current && userErrors.some((error) => error.code === 'PRICE_CHANGED')) {
        // The review now shows the cart as it is (the payload updated it); this says what changed. Placing it is
        // a new attempt, at the new total.
        setAttemptKey(newIdempotencyKey());
        setPriceChange({ changes: describeChanges(shown.items, current.items, formats), total: current.total });
        return;
      }
      const banner = showUserErrors(userErrors, setError, ['shippingAddress']);
      if (banner) {
        setFailure(banner);
        setFixInCart(userErrors.some((error) => FIXED_IN_CART.has(error.code)));
      }
    } catch {
      // Perhaps placed, perhaps not: trying again is the same attempt, and answers the order if there is one.
      setFailure('Checkout failed');
      setFixInCart(false);
    }
  });

  // Lines that cannot be bought as they are (the cart marks them; a checkout opened directly must not place them).
  const cannotBuy = reviewed.items.filter((line) => lineProblem(line) !== null).map((line) => line.productName);

  return (
    <form className={styles.form} onSubmit={placeOrder} noValidate>
      <h2>Shipping</h2>
      {cannotBuy.length > 0 && (
        <Alert tone="error">
          <span id="checkout-blocked">
            {cannotBuy.join(', ')} cannot be bought as {cannotBuy.length === 1 ? 'it is' : 'they are'} in your cart.{' '}
            <Link to="/cart">Review your cart</Link>
          </span>
        </Alert>
      )}
      {failure && (
        <Alert tone="error">
          {/* One run of text: the alert lays its children side by side. */}
          <span>
            {failure}
            {fixInCart && (
              <>
                {' '}
                <Link to="/cart">Review your cart</Link>
              </>
            )}
          </span>
        </Alert>
      )}
      {priceChange && (
        <Alert tone="error">
          <div className={styles.changed}>
            <p className={styles.changedTitle}>Your order changed since you reviewed it:</p>
            <ul className={styles.changes}>
              {priceChange.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
            <p>
              The total is now <strong>{formats.money(priceChange.total)}</strong>. Check the order and place it again, or{' '}
              <Link to="/cart">review your cart</Link>.
            </p>
          </div>
        </Alert>
      )}
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
        <Button
          type="submit"
          size="large"
          disabled={isSubmitting || cannotBuy.length > 0}
          aria-describedby={cannotBuy.length > 0 ? 'checkout-blocked' : undefined}
        >
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
          <CheckoutForm defaultAddress={viewer.address ?? ''} reviewed={viewer.cart} />
        </Card>
      </div>
    );
  } else if (loading) content = <CheckoutSkeleton />;
  else content = <ErrorState message="Failed to load cart" onRetry={() => void refetch()} />;

  return <Page title="Checkout">{content}</Page>;
}
