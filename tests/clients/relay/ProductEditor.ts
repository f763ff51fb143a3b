// The Relay client's product editor, for admins: a change answered with the product (by id, so every listing in the
// store shows it) and published to every shopper's productUpdated.
import { graphql } from 'relay-runtime';

export const updateProductMutation = graphql`
  mutation ProductEditorUpdateProductMutation($input: UpdateProductInput!) {
    updateProduct(input: $input) {
      product {
        id
        name
        quantity
        unitPrice {
          amount
          currencyCode
          minorUnits
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
