// The Relay client's cart: adding a product, answered with the whole cart (by its id, so the store updates itself)
// or with userErrors for what the shop refused.
import { graphql } from 'relay-runtime';

export const addToCartMutation = graphql`
  mutation CartAddToCartMutation($input: AddToCartInput!) {
    addToCart(input: $input) {
      cart {
        id
        itemCount
        total {
          amount
          currencyCode
          minorUnits
        }
        items {
          quantity
          product {
            id
            name
          }
          lineTotal {
            amount
            currencyCode
            minorUnits
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
