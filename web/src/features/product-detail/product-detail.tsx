// A product's page (spec §2): pictures, name, price, stock and description, and how many to put in the cart.
// Stock and price follow productUpdated through the cache. The page reads the viewer's cart, so that the quantity
// stops at what can still be added (the stock beyond what the cart holds, the most a cart may cost) and says why, as
// the cart's + does; asking for more adds the most and says so. 'Added to cart!' goes after 2 s (spec §4); a refusal
// stays until the quantity is changed or Add to Cart pressed again, with how many more can be added. Once something
// is added, View Cart and Checkout stay under the button (a link inside a 2-second message could not be reached in
// time).
import { gql, type FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { Alert } from '@/components/feedback';
import { AddToCartDocument, ProductDetail_ProductFragmentDoc, ViewerCartDocument } from '@/gql/graphql';
import { type CartRoom, freshCart, isRefusalOfHowMany, refusedWithRoom, roomFor, roomNote } from '@/lib/cart';
import { type Money, moneyOf } from '@/lib/money';
import { useFormats } from '@/lib/use-formats';
import { useTransientMessage } from '@/lib/use-transient-message';
import { MAX_CART_TOTAL_CENTS } from '@shop-rules/order-rules';
import { ProductGallery } from './product-gallery';
import { ProductBreadcrumbs } from '@/components/product-breadcrumbs';
import { QuantitySelector, askedBeyondMax, quantityOf } from './quantity-selector';
import { surface } from '@/components/card';
import styles from './product-detail.module.css';

if (false) {
  gql`
    fragment ProductDetail_product on Product {
      id
      name
      description
      unitPrice {
        ...MoneyFields @unmask
      }
      quantity
      images {
        url
        alt
      }
      sku
      # Its breadcrumbs: each id's path is read from the categories' tree the listing holds (components/
      # product-breadcrumbs.tsx), so the page needs no request of its own.
      categories {
        id
      }
    }

    mutation AddToCart($input: AddToCartInput!) {
      addToCart(input: $input) {
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

export const ADDED_TO_CART = 'Added to cart!';
export const SUCCESS_MESSAGE_MS = 2000;

/** What adding less than was asked says: the limit that stopped it (the room the cart had before), and what went in. */
function addedTheMost(
  units: number,
  stock: number,
  room: CartRoom | null,
  money: (amount: Money) => string,
  currencyCode: string,
): string {
  if (room?.limit === 'total')
    return `A cart may cost at most ${money(moneyOf(MAX_CART_TOTAL_CENTS, currencyCode))}: we added ${units}`;
  if (room && room.inCart > 0)
    return `Only ${stock} in stock and your cart already holds ${room.inCart}: we added ${units}`;
  return `Only ${stock} in stock: we added ${units}`;
}
/** A name longer than this gets a smaller heading: a 28 px heading of 120 characters fills a phone's screen. */
const LONG_NAME_LENGTH = 60;

export function ProductDetail({ product }: { product: FragmentType<typeof ProductDetail_ProductFragmentDoc> }) {
  const { data, complete } = useFragment({
    fragment: ProductDetail_ProductFragmentDoc,
    fragmentName: 'ProductDetail_product',
    from: product,
  });
  const formats = useFormats();
  const client = useApolloClient();
  const ids = useId();
  const cart = useQuery(ViewerCartDocument).data?.viewer?.cart;
  const [quantity, setQuantity] = useState('1');
  // How many were asked for when the field was cut down to the most, until the quantity is changed again.
  const [askedBeyond, setAskedBeyond] = useState<number>();
  const [inCart, setInCart] = useState<number>();
  const [message, showMessage] = useTransientMessage();
  // A refusal stays until the shopper changes something: what they would need to read it again is gone otherwise.
  const [failure, setFailure] = useState<string>();
  const [addToCart, { loading }] = useMutation(AddToCartDocument);
  if (!complete) return null;

  const outOfStock = data.quantity < 1;
  // Until the cart has loaded (or when it cannot be), the stock is the most, and the shop says the rest.
  const room = cart ? roomFor(cart, data) : null;
  const most = room ? room.units : data.quantity;
  const nothingFits = room !== null && room.units < 1;
  const note = room ? roomNote(room, data.unitPrice.currencyCode, formats.money) : null;
  const stockId = `${ids}-stock`;
  const noteId = `${ids}-room`;
  const changeQuantity = (value: string) => {
    setQuantity(value);
    setAskedBeyond(undefined);
    setFailure(undefined);
  };
  const add = async () => {
    // The button stays enabled while busy, so that the keyboard's focus stays on it: a second press waits.
    if (loading || nothingFits) return;
    const units = quantityOf(quantity, most);
    const asked = askedBeyondMax(quantity, most) ?? askedBeyond;
    changeQuantity(String(units));
    try {
      const { data: answer } = await addToCart({ variables: { input: { productId: data.id, quantity: units } } });
      const refusal = answer?.addToCart.userErrors[0];
      if (refusal) {
        if (!isRefusalOfHowMany(refusal)) return setFailure(refusal.message);
        // The cart changed elsewhere (another tab, the stock): say how many more fit in it as it is now.
        const fresh = await freshCart(client);
        if (!fresh) return setFailure(refusal.message);
        const roomNow = roomFor(fresh, data);
        // The field is cut down to what fits now (the refusal stays: the shopper has not changed anything yet).
        if (roomNow.units >= 1 && units > roomNow.units) setQuantity(String(roomNow.units));
        return setFailure(refusedWithRoom(refusal.message, roomNow));
      }
      const text =
        asked !== undefined
          ? addedTheMost(units, data.quantity, room, formats.money, data.unitPrice.currencyCode)
          : ADDED_TO_CART;
      showMessage({ text, tone: 'success', durationMs: SUCCESS_MESSAGE_MS });
      setInCart(answer?.addToCart.cart?.items.find((item) => item.product?.id === data.id)?.quantity);
    } catch {
      setFailure('Failed to add item to cart');
    }
  };

  return (
    <article className={surface(styles.layout)} aria-labelledby="product-name">
      <ProductGallery name={data.name} images={data.images} />
      <div className={styles.info}>
        <ProductBreadcrumbs categoryIds={data.categories.map((category) => category.id)} />
        <h1 id="product-name" className={styles.name} data-long={data.name.length > LONG_NAME_LENGTH || undefined}>
          {data.name}
        </h1>
        {data.sku && (
          <p className={styles.sku}>
            SKU <span className={styles.skuCode}>{data.sku}</span>
          </p>
        )}
        <p className={styles.price}>{formats.money(data.unitPrice)}</p>
        <p id={stockId} className={[styles.stock, outOfStock && styles.out].filter(Boolean).join(' ')}>
          {outOfStock ? 'Out of stock' : `In stock: ${data.quantity}`}
        </p>
        {/* Before the description, however long that is: what to buy stays near the top on a phone. */}
        <form
          className={styles.purchase}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          {outOfStock ? (
            <Button type="submit" size="large" className={styles.soldOut} disabled>
              Out of stock
            </Button>
          ) : (
            <>
              <div className={styles.quantityRow}>
                <QuantitySelector
                  value={quantity}
                  max={most}
                  maxReasonId={note ? noteId : stockId}
                  onChange={changeQuantity}
                  onLimited={setAskedBeyond}
                />
                {/* Marked disabled rather than disabled, so that a keyboard's focus stays on it (busy, or the cart full
                    after adding). */}
                <Button
                  type="submit"
                  size="large"
                  aria-disabled={loading || nothingFits || undefined}
                  aria-describedby={nothingFits ? noteId : undefined}
                >
                  {loading ? 'Adding...' : 'Add to Cart'}
                </Button>
              </div>
              {note && (
                <p id={noteId} className={styles.room}>
                  {note}
                </p>
              )}
            </>
          )}
          <div className={styles.messages}>
            {failure ? (
              <Alert tone="error">{failure}</Alert>
            ) : (
              message && <Alert tone={message.tone}>{message.text}</Alert>
            )}
          </div>
          {inCart !== undefined && (
            <div className={styles.cartActions}>
              <span className={styles.inCart}>{inCart} in your cart</span>
              {/* Together: on a narrow screen both go under the count, rather than Checkout alone. */}
              <span className={styles.cartLinks}>
                <ButtonLink to="/cart" size="small">
                  View Cart
                </ButtonLink>
                <ButtonLink to="/checkout" variant="primary" size="small">
                  Checkout
                </ButtonLink>
              </span>
            </div>
          )}
        </form>
        <p className={styles.description}>{data.description}</p>
      </div>
    </article>
  );
}
