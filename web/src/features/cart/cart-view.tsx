// The cart (spec §2): each line with its unit price, minus (not below 1) and plus, subtotal and Remove; Clear
// Cart; the summary with the item count and total, Proceed to Checkout and Continue Shopping. Every change is
// a mutation whose payload is the cart, so the navbar's count follows; a quantity change shows at once.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Alert } from '../../components/feedback';
import { CartView_CartFragmentDoc, ClearCartDocument, RemoveCartItemDocument, UpdateCartItemDocument, type CartView_CartFragment } from '../../gql/graphql';
import { formatPrice } from '../../lib/format';
import styles from './cart.module.css';
import { lineSubtotal, sumOfAmounts } from '../../../../shop-rules/money';

if (false) {
  gql`
    fragment CartView_cart on Cart {
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

    mutation UpdateCartItem($input: UpdateCartItemInput!) {
      updateCartItem(input: $input) {
        cart {
          id
          ...CartView_cart
        }
        userErrors {
          message
        }
      }
    }

    mutation RemoveCartItem($input: RemoveCartItemInput!) {
      removeCartItem(input: $input) {
        cart {
          id
          ...CartView_cart
        }
        userErrors {
          message
        }
      }
    }

    mutation ClearCart($input: ClearCartInput!) {
      clearCart(input: $input) {
        cart {
          id
          ...CartView_cart
        }
        userErrors {
          message
        }
      }
    }
  `;
}

type CartLine = CartView_CartFragment['items'][number];

type Confirmation = { kind: 'remove'; line: CartLine } | { kind: 'clear' };

/** The cart as it will be once a line has the new quantity: what the screen shows until the shop answers. */
function withQuantity(cart: CartView_CartFragment, productId: string, quantity: number) {
  const items = cart.items.map((item) =>
    item.product?.id === productId ? { ...item, quantity, subtotal: lineSubtotal(item.price, quantity) } : item,
  );
  const totalPrice = sumOfAmounts(items.map((item) => item.subtotal));
  return { ...cart, items, itemCount: items.reduce((sum, item) => sum + item.quantity, 0), totalPrice };
}

export function CartView({ cart }: { cart: FragmentType<typeof CartView_CartFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: CartView_CartFragmentDoc, from: cart });
  const [failure, setFailure] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [updateCartItem] = useMutation(UpdateCartItemDocument);
  const [removeCartItem, removing] = useMutation(RemoveCartItemDocument);
  const [clearCart, clearing] = useMutation(ClearCartDocument);
  if (!complete) return null;

  const changeQuantity = async (line: CartLine, quantity: number) => {
    if (!line.product || quantity < 1) return;
    setFailure(undefined);
    try {
      const { data: answer } = await updateCartItem({
        variables: { input: { productId: line.product.id, quantity } },
        optimisticResponse: {
          updateCartItem: { __typename: 'UpdateCartItemPayload', cart: withQuantity(data, line.product.id, quantity), userErrors: [] },
        },
      });
      const problem = answer?.updateCartItem.userErrors[0]?.message;
      if (problem) setFailure(problem);
    } catch {
      setFailure('Failed to update cart item');
    }
  };

  const confirm = async () => {
    if (!confirmation) return;
    setFailure(undefined);
    const remove = confirmation.kind === 'remove';
    try {
      const answer = remove
        ? (await removeCartItem({ variables: { input: { productId: confirmation.line.product!.id } } })).data?.removeCartItem
        : (await clearCart({ variables: { input: {} } })).data?.clearCart;
      const problem = answer?.userErrors[0]?.message;
      if (problem) setFailure(problem);
    } catch {
      setFailure(remove ? 'Failed to remove item from cart' : 'Failed to clear cart');
    }
    setConfirmation(null);
  };

  return (
    <>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.layout}>
        <ul className={styles.lines} aria-label="Cart items">
          {data.items.map((line) => (
            <li key={line.product?.id ?? line.productName} className={styles.line}>
              <h2 className={styles.name}>
                {line.product ? <Link to={`/products/${encodeURIComponent(line.product.id)}`}>{line.productName}</Link> : line.productName}
                {!line.product && <span className={styles.unavailable}> No longer available</span>}
              </h2>
              <p className={styles.unitPrice}>{formatPrice(line.price)} each</p>
              <div className={styles.controls}>
                <div className={styles.stepper} role="group" aria-label={`Quantity of ${line.productName}`}>
                  <button
                    type="button"
                    aria-label={`Decrease quantity of ${line.productName}`}
                    disabled={line.quantity <= 1 || !line.product}
                    onClick={() => void changeQuantity(line, line.quantity - 1)}
                  >
                    −
                  </button>
                  <span className={styles.quantity} aria-live="polite">
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    aria-label={`Increase quantity of ${line.productName}`}
                    disabled={!line.product}
                    onClick={() => void changeQuantity(line, line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
                <Button
                  variant="dangerOutline"
                  size="small"
                  className={styles.remove}
                  aria-label={`Remove ${line.productName}`}
                  disabled={!line.product}
                  onClick={() => setConfirmation({ kind: 'remove', line })}
                >
                  Remove
                </Button>
              </div>
              <p className={styles.subtotal}>
                <span className="visually-hidden">Subtotal </span>
                {formatPrice(line.subtotal)}
              </p>
            </li>
          ))}
        </ul>
        <section className={styles.summary} aria-labelledby="cart-summary">
          <h2 id="cart-summary">Order Summary</h2>
          <p className={styles.summaryRow}>
            <span>Items</span>
            <span>{data.itemCount}</span>
          </p>
          <p className={styles.total}>
            <span>Total</span>
            <span>{formatPrice(data.totalPrice)}</span>
          </p>
          <ButtonLink to="/checkout" variant="primary" size="large" block>
            Proceed to Checkout
          </ButtonLink>
          <ButtonLink to="/" variant="secondary" block>
            Continue Shopping
          </ButtonLink>
          <Button variant="dangerOutline" block onClick={() => setConfirmation({ kind: 'clear' })}>
            Clear Cart
          </Button>
        </section>
      </div>
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.kind === 'remove' ? 'Remove this item?' : 'Clear your cart?'}
        description={
          confirmation?.kind === 'remove'
            ? `“${confirmation.line.productName}” will be taken out of your cart.`
            : data.itemCount === 1
              ? 'The 1 item will be taken out of your cart.'
              : `All ${data.itemCount} items will be taken out of your cart.`
        }
        confirmLabel={confirmation?.kind === 'remove' ? 'Remove' : 'Clear Cart'}
        busyLabel={confirmation?.kind === 'remove' ? 'Removing...' : 'Clearing...'}
        busy={removing.loading || clearing.loading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirmation(null)}
      />
    </>
  );
}
