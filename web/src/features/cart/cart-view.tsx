// The cart (spec §2): each line with its picture, unit price, minus (not below 1) and plus, subtotal and a quiet
// Remove; Clear Cart under the lines, away from checkout; the summary with the item count and total, Proceed to
// Checkout and Continue Shopping. Every change is a mutation whose payload is the cart, so the navbar's count
// follows; a quantity change shows at once. The lines follow their products live (lib/cart.ts): a sold-out or
// short line is marked and keeps checkout closed until it is changed, a changed price shows what it was, and a
// product deleted meanwhile leaves the cart with a notice. Plus stops where one more would break a limit (the
// stock, the most a cart may cost), saying which beside it; a refusal the shop still makes (the cart changed
// elsewhere) stays until the shopper changes something, with how many more can be added.
import { gql, type FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useReactiveVar } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/feedback';
import { ProductPicture } from '@/components/product-image';
import {
  CartView_CartFragmentDoc,
  ClearCartDocument,
  RemoveCartItemDocument,
  UpdateCartItemDocument,
  type CartView_CartFragment,
} from '@/gql/graphql';
import {
  freshCart,
  isRefusalOfHowMany,
  lineProblem,
  noMoreNote,
  notePricesSeen,
  notePricesShown,
  priceBefore,
  refusedWithRoom,
  removedFromCart,
  roomFor,
} from '@/lib/cart';
import { sumOf, timesQuantity } from '@/lib/money';
import { useFormats } from '@/lib/use-formats';
import { surface } from '@/components/card';
import styles from './cart.module.css';

if (false) {
  gql`
    fragment CartView_cart on Cart {
      ...CartContents @unmask
    }

    mutation UpdateCartItem($input: UpdateCartItemInput!) {
      updateCartItem(input: $input) {
        cart {
          ...CartContents
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation RemoveCartItem($input: RemoveCartItemInput!) {
      removeCartItem(input: $input) {
        cart {
          ...CartContents
        }
        userErrors {
          message
        }
      }
    }

    mutation ClearCart($input: ClearCartInput!) {
      clearCart(input: $input) {
        cart {
          ...CartContents
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
    item.product?.id === productId ? { ...item, quantity, lineTotal: timesQuantity(item.unitPrice, quantity) } : item,
  );
  const total = sumOf(
    items.map((item) => item.lineTotal),
    cart.total.currencyCode,
  );
  return { ...cart, items, itemCount: items.reduce((sum, item) => sum + item.quantity, 0), total };
}

/** Products a deletion took out of the cart while it was open: said above the cart, even when it left it empty. */
export function RemovedFromCartNotice() {
  const removed = useReactiveVar(removedFromCart);
  if (removed.length === 0) return null;
  return (
    <div className={styles.notice}>
      <Alert tone="info">
        {removed.join(', ')} {removed.length === 1 ? 'is' : 'are'} no longer sold and{' '}
        {removed.length === 1 ? 'was' : 'were'} taken out of your cart.
      </Alert>
      <Button variant="ghost" size="small" onClick={() => removedFromCart([])}>
        Dismiss
      </Button>
    </div>
  );
}

export function CartView({ cart }: { cart: FragmentType<typeof CartView_CartFragmentDoc> }) {
  const { data, complete } = useFragment({
    fragment: CartView_CartFragmentDoc,
    fragmentName: 'CartView_cart',
    from: cart,
  });
  const formats = useFormats();
  const client = useApolloClient();
  const ids = useId();
  const [failure, setFailure] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [updateCartItem] = useMutation(UpdateCartItemDocument);
  const [removeCartItem, removing] = useMutation(RemoveCartItemDocument);
  const [clearCart, clearing] = useMutation(ClearCartDocument);
  // A price is pointed out as changed while the cart is open, and seen once the shopper leaves it.
  const items = complete ? data.items : undefined;
  const shownItems = useRef(items);
  useEffect(() => {
    shownItems.current = items;
    if (items) notePricesShown(items);
  }, [items]);
  useEffect(() => () => notePricesSeen(shownItems.current ?? []), []);
  if (!complete) return null;

  const changeQuantity = async (line: CartLine, quantity: number) => {
    if (!line.product || quantity < 1) return;
    setFailure(undefined);
    try {
      const { data: answer } = await updateCartItem({
        variables: { input: { productId: line.product.id, quantity } },
        optimisticResponse: {
          updateCartItem: {
            __typename: 'UpdateCartItemPayload',
            cart: withQuantity(data, line.product.id, quantity),
            userErrors: [],
          },
        },
      });
      const refusal = answer?.updateCartItem.userErrors[0];
      if (!refusal) return;
      if (!isRefusalOfHowMany(refusal) || quantity < line.quantity) return setFailure(refusal.message);
      // The cart changed elsewhere (another tab, the stock): say how many more fit in it as it is now.
      const cart = await freshCart(client);
      const product = cart?.items.find((item) => item.product?.id === line.product!.id)?.product;
      setFailure(cart && product ? refusedWithRoom(refusal.message, roomFor(cart, product)) : refusal.message);
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
        ? (await removeCartItem({ variables: { input: { productId: confirmation.line.product!.id } } })).data
            ?.removeCartItem
        : (await clearCart({ variables: { input: {} } })).data?.clearCart;
      const problem = answer?.userErrors[0]?.message;
      if (problem) setFailure(problem);
    } catch {
      setFailure(remove ? 'Failed to remove item from cart' : 'Failed to clear cart');
    }
    setConfirmation(null);
  };

  const lines = data.items.map((line) => ({
    line,
    problem: lineProblem(line),
    priceBefore: priceBefore(line),
    room: line.product ? roomFor(data, line.product) : null,
  }));
  const blocked = lines.some(({ problem }) => problem !== null);

  return (
    <>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.layout}>
        <div className={styles.linesColumn}>
          <ul className={surface(styles.lines)} aria-label="Cart items">
            {lines.map(({ line, problem, priceBefore: before, room }, index) => {
              // Why + is disabled, said beside the line: what stands between it and checkout, or the limit it is at.
              const problemId = `${ids}-problem-${index}`;
              const fullId = `${ids}-full-${index}`;
              const full = !problem && room !== null && room.units < 1;
              return (
                <li key={line.product?.id ?? line.productName} className={styles.line} data-problem={problem?.kind}>
                  <div className={styles.thumbnail} aria-hidden="true">
                    <ProductPicture urls={line.product?.imageUrls ?? []} alt={line.productName} sizes="5rem" />
                  </div>
                  <div className={styles.about}>
                    <h2 className={styles.name}>
                      {line.product ? (
                        <Link to={`/products/${encodeURIComponent(line.product.id)}`}>{line.productName}</Link>
                      ) : (
                        line.productName
                      )}
                    </h2>
                    <p className={styles.unitPrice}>
                      {formats.money(line.unitPrice)} each
                      {before !== null && <span className={styles.was}> (was {formats.money(before)})</span>}
                    </p>
                    {full && (
                      <p className={styles.full} id={fullId}>
                        {noMoreNote(room, data.total.currencyCode, formats.money)}
                      </p>
                    )}
                    {problem && (
                      <p className={styles.problem} id={problemId}>
                        {problem.kind === 'gone' && 'No longer available'}
                        {problem.kind === 'soldOut' && 'Sold out: remove it to check out'}
                        {problem.kind === 'short' && (
                          <>
                            Only {problem.available} left{' '}
                            <Button
                              variant="ghost"
                              size="small"
                              onClick={() => void changeQuantity(line, problem.available)}
                            >
                              Change to {problem.available}
                            </Button>
                          </>
                        )}
                      </p>
                    )}
                  </div>
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
                        disabled={!room || room.units < 1}
                        aria-describedby={problem ? problemId : full ? fullId : undefined}
                        onClick={() => void changeQuantity(line, line.quantity + 1)}
                      >
                        +
                      </button>
                    </div>
                    <Button
                      variant="ghost"
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
                    {formats.money(line.lineTotal)}
                  </p>
                </li>
              );
            })}
          </ul>
          {/* Away from checkout: emptying the cart is never next to the main action. */}
          <Button
            variant="ghost"
            size="small"
            className={styles.clear}
            onClick={() => setConfirmation({ kind: 'clear' })}
          >
            Clear Cart
          </Button>
        </div>
        <section className={surface(styles.summary)} aria-labelledby="cart-summary">
          <h2 id="cart-summary">Order Summary</h2>
          <p className={styles.summaryRow}>
            <span>Items</span>
            <span>{data.itemCount}</span>
          </p>
          <p className={styles.total}>
            <span>Total</span>
            <span>{formats.money(data.total)}</span>
          </p>
          {blocked ? (
            <>
              <p className={styles.blocked} id="cart-blocked">
                Some items cannot be bought as they are: change or remove the marked ones to check out.
              </p>
              <Button variant="primary" size="large" block disabled aria-describedby="cart-blocked">
                Proceed to Checkout
              </Button>
            </>
          ) : (
            <ButtonLink to="/checkout" variant="primary" size="large" block>
              Proceed to Checkout
            </ButtonLink>
          )}
          <ButtonLink to="/" variant="secondary" block>
            Continue Shopping
          </ButtonLink>
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
