// /create and /edit/{id} (admins only, spec §2): the product form, back to the listing once saved. A new
// product makes the listing load afresh (spec §4: product changes reload the list); an edit updates the
// product wherever it is shown, from the payload.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router-dom';
import { Card, Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/feedback';
import { CreateProductDocument, EditProductDocument, UpdateProductDocument } from '../../gql/graphql';
import { ProductForm, type ProductFields } from './product-form';

if (false) {
  gql`
    query EditProduct($id: ID!) {
      product(id: $id) {
        id
        ...ProductForm_product
      }
    }

    mutation CreateProduct($input: CreateProductInput!) {
      createProduct(input: $input) {
        product {
          id
          name
          description
          price
          quantity
          inStock
          imageUrl
          imageUrls
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation UpdateProduct($input: UpdateProductInput!) {
      updateProduct(input: $input) {
        product {
          id
          name
          description
          price
          quantity
          inStock
          imageUrl
          imageUrls
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

export function CreateProductRoute() {
  const navigate = useNavigate();
  const [createProduct] = useMutation(CreateProductDocument, {
    update(cache, { data }) {
      if (data?.createProduct.product) cache.evict({ id: 'ROOT_QUERY', fieldName: 'products' });
    },
  });
  const save = async (fields: ProductFields) => {
    const { data } = await createProduct({ variables: { input: fields } });
    const payload = data?.createProduct;
    if (payload?.product) navigate('/');
    return payload?.userErrors ?? [];
  };
  return (
    <Page title="Create Product" narrow>
      <Card>
        <ProductForm submitLabel="Create Product" busyLabel="Creating..." failureMessage="Failed to create product" onSubmit={save} />
      </Card>
    </Page>
  );
}

export function EditProductRoute() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  // Always fresh from the shop: an admin edits what is there now, not what this tab saw earlier.
  const { data, loading, error, refetch } = useQuery(EditProductDocument, { variables: { id: productId }, fetchPolicy: 'network-only' });
  const [updateProduct] = useMutation(UpdateProductDocument);
  const save = async (fields: ProductFields) => {
    const { data: answer } = await updateProduct({ variables: { input: { id: productId, ...fields } } });
    const payload = answer?.updateProduct;
    if (payload?.product) navigate('/');
    return payload?.userErrors ?? [];
  };

  let content;
  if (loading) content = <Loading />;
  else if (error) content = <ErrorState message="Failed to load product details" onRetry={() => void refetch()} />;
  else if (!data?.product) content = <EmptyState title="Product not found" hint="It may have been deleted meanwhile." />;
  else
    content = (
      <Card>
        <ProductForm product={data.product} submitLabel="Save Changes" busyLabel="Saving..." failureMessage="Failed to update product" onSubmit={save} />
      </Card>
    );
  return (
    <Page title="Edit Product" narrow>
      {content}
    </Page>
  );
}
