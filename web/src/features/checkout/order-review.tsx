// The checkout's order review (spec §2): the cart's lines as every screen lists items, and the total with the
// number of items.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { ItemLines } from '../../components/item-lines';
import { Card } from '../../components/card';
import { OrderReview_CartFragmentDoc } from '../../gql/graphql';
import { useFormats } from '../../lib/use-formats';
import styles from './checkout.module.css';

if (false) {
  gql`
    fragment OrderReview_cart on Cart {
      id
      itemCount
      total {
        amount
        currencyCode
        minorUnits
      }
      items {
        productName
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
  `;
}

export function OrderReview({ cart }: { cart: FragmentType<typeof OrderReview_CartFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: OrderReview_CartFragmentDoc, from: cart });
  const formats = useFormats();
  if (!complete) return null;
  return (
    <Card aria-labelledby="order-review">
      <div className={styles.review}>
        <h2 id="order-review">Order Review</h2>
        <ItemLines items={data.items} label="Items to order" />
        <p className={styles.total}>
          <span>
            Total ({data.itemCount} {data.itemCount === 1 ? 'item' : 'items'})
          </span>
          <span>{formats.money(data.total)}</span>
        </p>
      </div>
    </Card>
  );
}
