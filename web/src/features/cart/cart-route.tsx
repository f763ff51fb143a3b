// /cart: the viewer's cart, or 'Your cart is empty'.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorState, Loading } from '../../components/feedback';
import { Page } from '../../components/page';
import { CartPageDocument } from '../../gql/graphql';
import { CartView } from './cart-view';

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
  else if (loading) content = <Loading />;
  else content = <ErrorState message="Failed to load cart" onRetry={() => void refetch()} />;

  return <Page title="Shopping Cart">{content}</Page>;
}
