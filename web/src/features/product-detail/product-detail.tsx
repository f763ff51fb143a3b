// A product's page (spec §2): pictures, name, price, stock and description, and how many to put in the cart.
// Stock and price follow productUpdated through the cache. Messages: 2 s after adding, 3 s for errors (spec §4).
import { gql, type FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Alert } from '../../components/feedback';
import { AddToCartDocument, ProductDetail_ProductFragmentDoc } from '../../gql/graphql';
import { formatPrice } from '../../lib/format';
import { useTransientMessage } from '../../lib/use-transient-message';
import { ProductGallery } from './product-gallery';
import { QuantitySelector, quantityOf } from './quantity-selector';
import styles from './product-detail.module.css';

if (false) {
  gql`
    fragment ProductDetail_product on Product {
      id
      name
      description
      price
      quantity
      imageUrls
    }

    mutation AddToCart($input: AddToCartInput!) {
      addToCart(input: $input) {
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

export const ADDED_TO_CART = 'Added to cart!';
export const SUCCESS_MESSAGE_MS = 2000;
export const ERROR_MESSAGE_MS = 3000;
/** A name longer than this gets a smaller heading: a 28 px heading of 120 characters fills a phone's screen. */
const LONG_NAME_LENGTH = 60;

export function ProductDetail({ product }: { product: FragmentType<typeof ProductDetail_ProductFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: ProductDetail_ProductFragmentDoc, from: product });
  const [quantity, setQuantity] = useState('1');
  const [message, showMessage] = useTransientMessage();
  const [addToCart, { loading }] = useMutation(AddToCartDocument);
  if (!complete) return null;

  const outOfStock = data.quantity < 1;
  const add = async () => {
    const units = quantityOf(quantity, data.quantity);
    setQuantity(String(units));
    try {
      const { data: answer } = await addToCart({ variables: { input: { productId: data.id, quantity: units } } });
      const problem = answer?.addToCart.userErrors[0]?.message;
      if (problem) showMessage({ text: problem, tone: 'error', durationMs: ERROR_MESSAGE_MS });
      else showMessage({ text: ADDED_TO_CART, tone: 'success', durationMs: SUCCESS_MESSAGE_MS });
    } catch {
      showMessage({ text: 'Failed to add item to cart', tone: 'error', durationMs: ERROR_MESSAGE_MS });
    }
  };

  return (
    <article className={styles.layout} aria-labelledby="product-name">
      <ProductGallery name={data.name} imageUrls={data.imageUrls} />
      <div className={styles.info}>
        <h1 id="product-name" className={styles.name} data-long={data.name.length > LONG_NAME_LENGTH || undefined}>
          {data.name}
        </h1>
        <p className={styles.price}>{formatPrice(data.price)}</p>
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
              <QuantitySelector value={quantity} max={data.quantity} onChange={setQuantity} />
              <Button type="submit" size="large" disabled={loading}>
                {loading ? 'Adding...' : 'Add to Cart'}
              </Button>
            </div>
          )}
          <div className={styles.messages}>{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        </form>
        <p className={styles.description}>{data.description}</p>
      </div>
    </article>
  );
}
