// A product page is titled with the product's name. It is read from the cache, where the page's own query (or the
// listing's card, when the product was opened from there) has put it: no request of its own.
import { gql } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@/components/document-title';
import { ProductPageTitle_ProductFragmentDoc } from '@/gql/graphql';

if (false) {
  gql`
    fragment ProductPageTitle_product on Product {
      name
    }
  `;
}

export function ProductPageTitle() {
  const { productId = '' } = useParams();
  const { data, complete } = useFragment({
    fragment: ProductPageTitle_ProductFragmentDoc,
    from: { __typename: 'Product', id: productId },
  });
  return <DocumentTitle title={complete ? data.name : 'Product'} />;
}
