// The Relay client's catalogue: a listing paged both ways with one fragment, as usePaginationFragment pages it
// (loadNext and loadPrevious), opened at the start or at the end of the list, and kept live by productUpdated.
// The page sizes are the queries' literal arguments to the fragment: relay-compiler writes them into the documents it
// makes (`products(first: 5)`), and the gateway must price and answer them as written. `first` has no default: relay-
// compiler reads `@arguments(first: null)` as "not given" and would write the default beside `last`, which the
// gateway refuses (one direction at a time).
import { graphql } from 'relay-runtime';

export const catalogueFragment = graphql`
  fragment Catalogue_products on Query
  @argumentDefinitions(
    first: { type: "Int" }
    after: { type: "String" }
    last: { type: "Int" }
    before: { type: "String" }
  )
  @refetchable(queryName: "CataloguePaginationQuery") {
    products(first: $first, after: $after, last: $last, before: $before) @connection(key: "Catalogue_products") {
      __id
      totalCount
      edges {
        node {
          id
          name
          quantity
          unitPrice {
            amount
            currencyCode
            minorUnits
          }
        }
      }
    }
  }
`;

/** The listing from its first page. */
export const catalogueQuery = graphql`
  query CatalogueQuery {
    ...Catalogue_products @arguments(first: 5)
  }
`;

/** The listing from its last page: the same fragment, asked backward. */
export const catalogueFromTheEndQuery = graphql`
  query CatalogueFromTheEndQuery {
    ...Catalogue_products @arguments(last: 5)
  }
`;

/** Price and stock changes, merged by id into every product the store holds. */
export const productUpdatedSubscription = graphql`
  subscription CatalogueProductUpdatedSubscription {
    productUpdated {
      id
      quantity
      unitPrice {
        amount
        currencyCode
        minorUnits
      }
    }
  }
`;
