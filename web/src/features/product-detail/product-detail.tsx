// A product's page (spec §2): pictures, name, price, stock and description, and how many to put in the cart.
// Stock and price follow productUpdated through the cache. Messages: 2 s after adding, 3 s for errors (spec §4);
// asking for more than the stock adds the stock and says so. Once something is added, View Cart and Checkout stay
// under the button (a link inside a 2-second message could not be reached in time).
import { gql, type FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../components/button';
import { Alert } from '../../components/feedback';
import { AddToCartDocument, ProductDetail_ProductFragmentDoc } from '../../gql/graphql';
import { useFormats } from '../../lib/use-formats';
import { useTransientMessage } from '../../lib/use-transient-message';
import { ProductGallery } from './product-gallery';
import { QuantitySelector, askedBeyondStock, quantityOf } from './quantity-selector';
import { surface } from '../../components/card';
import styles from './product-detail.module.css';

if (false) {
  gql`
    fragment ProductDetail_product on Product {
      id
      name
      description
      unitPrice {
        amount
        currencyCode
        minorUnits
      }
      quantity
      imageUrls
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
export const ERROR_MESSAGE_MS = 3000;
/** A name longer than this gets a smaller heading: a 28 px heading of 120 characters fills a phone's screen. */
const LONG_NAME_LENGTH = 60;

export function ProductDetail({ product }: { product: FragmentType<typeof ProductDetail_ProductFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: ProductDetail_ProductFragmentDoc, from: product });
  const formats = useFormats();
  const [quantity, setQuantity] = useState('1');
  // How many were asked for when the field was cut down to the stock, until the quantity is changed again.
  const [askedBeyond, setAskedBeyond] = useState<number>();
  const [inCart, setInCart] = useState<number>();
  const [message, showMessage] = useTransientMessage();
  const [addToCart, { loading }] = useMutation(AddToCartDocument);
  if (!complete) return null;

  const outOfStock = data.quantity < 1;
  const changeQuantity = (value: string) => {
    setQuantity(value);
    setAskedBeyond(undefined);
  };
  const add = async () => {
    // The button stays enabled while busy, so that the keyboard's focus stays on it: a second press waits.
    if (loading) return;
    const units = quantityOf(quantity, data.quantity);
    const asked = askedBeyondStock(quantity, data.quantity) ?? askedBeyond;
    changeQuantity(String(units));
    try {
      const { data: answer } = await addToCart({ variables: { input: { productId: data.id, quantity: units } } });
      const problem = answer?.addToCart.userErrors[0]?.message;
      if (problem) return showMessage({ text: problem, tone: 'error', durationMs: ERROR_MESSAGE_MS });
      const text = asked !== undefined ? `Only ${data.quantity} in stock: we added ${units}` : ADDED_TO_CART;
      showMessage({ text, tone: 'success', durationMs: SUCCESS_MESSAGE_MS });
      setInCart(answer?.addToCart.cart?.items.find((item) => item.product?.id === data.id)?.quantity);
    } catch {
      showMessage({ text: 'Failed to add item to cart', tone: 'error', durationMs: ERROR_MESSAGE_MS });
    }
  };

  return (
    <article className={surface(styles.layout)} aria-labelledby="product-name">
      <ProductGallery name={data.name} imageUrls={data.imageUrls} />
      <div className={styles.info}>
        <h1 id="product-name" className={styles.name} data-long={data.name.length > LONG_NAME_LENGTH || undefined}>
          {data.name}
        </h1>
        <p className={styles.price}>{formats.money(data.unitPrice)}</p>
        <p className={[styles.stock, outOfStock && styles.out].filter(Boolean).join(' ')}>
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
            <div className={styles.quantityRow}>
              <QuantitySelector value={quantity} max={data.quantity} onChange={changeQuantity} onLimited={setAskedBeyond} />
              <Button type="submit" size="large" aria-disabled={loading || undefined}>
                {loading ? 'Adding...' : 'Add to Cart'}
              </Button>
            </div>
          )}
          <div className={styles.messages}>{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
          {inCart !== undefined && (
            <div className={styles.cartActions}>
              <span className={styles.inCart}>{inCart} in your cart</span>
              <ButtonLink to="/cart" size="small">
                View Cart
              </ButtonLink>
              <ButtonLink to="/checkout" variant="primary" size="small">
                Checkout
              </ButtonLink>
            </div>
          )}
        </form>
        <p className={styles.description}>{data.description}</p>
      </div>
    </article>
  );
}
