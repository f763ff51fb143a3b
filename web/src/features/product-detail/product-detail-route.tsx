// /products/{id}: one product. Opened from the listing it shows at once from the cache (the card fetched the
// same fields); opened directly it is fetched.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { EmptyState, ErrorState, Skeleton } from '../../components/feedback';
import { Page } from '../../components/page';
import { ProductDetailDocument } from '../../gql/graphql';
import { ProductDetail } from './product-detail';
import styles from './product-detail.module.css';

if (false) {
  gql`
    query ProductDetail($id: ID!) {
      product(id: $id) {
        id
        ...ProductDetail_product
      }
    }
  `;
}

function DetailSkeleton() {
  return (
    <div className={styles.layout} role="status" aria-label="Loading...">
      <Skeleton height="auto" style={{ aspectRatio: '1 / 1' }} />
      <div className={styles.skeleton}>
        <Skeleton width="70%" height="2rem" />
        <Skeleton width="30%" height="1.75rem" />
        <Skeleton width="25%" />
        <Skeleton />
        <Skeleton width="90%" />
      </div>
    </div>
  );
}

export function ProductDetailRoute() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, loading, error, refetch } = useQuery(ProductDetailDocument, { variables: { id: productId } });
  // Back to where the shopper came from (a filtered listing, the cart); home when the page was opened directly.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/'));

  let content;
  if (data?.product) content = <ProductDetail product={data.product} />;
  else if (loading) content = <DetailSkeleton />;
  else if (error) content = <ErrorState message="Failed to load product details" onRetry={() => void refetch()} />;
  else content = <EmptyState title="Product not found" hint="It may have been removed from the catalogue." />;

  return (
    <Page>
      <Button variant="ghost" className={styles.back} onClick={goBack}>
        ← Back
      </Button>
      {content}
    </Page>
  );
}
