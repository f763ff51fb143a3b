// /products/{id}: one product. Opened from the listing it shows at once from the cache (the card fetched the
// same fields); opened directly it is fetched.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/button';
import { ErrorState, Skeleton } from '@/components/feedback';
import { Page } from '@/components/page';
import { ProductDetailDocument } from '@/gql/graphql';
import { ProductDetail } from './product-detail';
import { surface } from '@/components/card';
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
    <div className={surface(styles.layout)} role="status" aria-label="Loading...">
      <div className={styles.gallery}>
        <Skeleton height="auto" style={{ aspectRatio: '1 / 1' }} />
      </div>
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

/** The page's heading says it: nothing by this id in the catalogue. */
function ProductNotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="product-not-found">
      <h1 id="product-not-found">Product not found</h1>
      <p>It may have been removed from the catalogue.</p>
      <ButtonLink to="/" variant="primary">
        Browse Products
      </ButtonLink>
    </section>
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
  else content = <ProductNotFound />;

  return (
    <Page>
      <Button variant="ghost" className={styles.back} onClick={goBack}>
        ← Back
      </Button>
      {content}
    </Page>
  );
}
