// /create and /edit/{id} (admins only, spec §2): the product form, back to the listing once saved, which confirms
// the save with a link to the product (a new one is at the end of the catalogue, maybe behind Load more). The saved
// product is written into the cache, so the listing shows it at once without asking again (spec §4's "product
// changes reload the list", without the reload): a new product joins the end of the catalogue (it is ordered by
// id), an edit changes the product wherever it is shown. Filtered lists are dropped instead, to be asked for
// afresh when shown: whether a product matches a filter is the shop's to say.
import { gql, type ApolloCache, type Reference } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Card } from '@/components/card';
import { Page } from '@/components/page';
import { EmptyState, ErrorState, Loading } from '@/components/feedback';
import { CreateProductDocument, EditProductDocument, UpdateProductDocument } from '@/gql/graphql';
import type { EditProductPageState, ProductSavedState } from '@/lib/navigation-state';
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
          ...CachedProduct @unmask
          # The form's own field besides: editing it again shows the categories as saved.
          categories {
            id
          }
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
          ...CachedProduct @unmask
          # The form's own field besides: editing it again shows the categories as saved.
          categories {
            id
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

/** A `products` list as relayStylePagination stores it. */
interface StoredProductList {
  edges: readonly { __typename?: string; cursor: string; node: Reference }[];
  pageInfo: { hasNextPage: boolean };
  totalCount: number;
}

/**
 * The filter, the order and the search are part of the name a list is stored under
 * (`products:{"filter":{…},"sort":"NAME"}`); none is the whole catalogue in its own order. A sorted or searched list
 * is not: a new or changed product's place in it (or whether it is in it at all) is the server's to say.
 */
function isWholeCatalogue(storeFieldName: string, fieldName: string): boolean {
  const key = storeFieldName.slice(fieldName.length + 1);
  if (!key) return true;
  try {
    const args = JSON.parse(key) as { filter?: unknown; sort?: unknown; search?: unknown };
    return args.filter == null && args.sort == null && args.search == null;
  } catch {
    return false;
  }
}

/**
 * The product lists after a save: filtered, sorted and searched ones go; the whole catalogue gains a new product at
 * its end (or, when that end is not loaded yet, only in its count).
 */
function updateProductLists(cache: ApolloCache, created?: { __typename: 'Product'; id: string }) {
  cache.modify<{ products: StoredProductList }>({
    fields: {
      products(list, { storeFieldName, fieldName, isReference, toReference, DELETE }) {
        if (!isWholeCatalogue(storeFieldName, fieldName)) return DELETE;
        if (!created || isReference(list)) return list;
        const node = toReference(created);
        if (!node || list.edges.some((edge) => edge.node.__ref === node.__ref)) return list;
        // Its cursor is the shop's to give: none is needed, as nothing is loaded after the end of the list.
        const appended = { __typename: 'ProductEdge', cursor: '', highlight: null, node };
        const edges = list.pageInfo.hasNextPage ? list.edges : [...list.edges, appended];
        return { ...list, edges, totalCount: list.totalCount + 1 };
      },
    },
  });
  // Which products are low in stock, and the facets' counts, are the shop's to say again.
  for (const fieldName of ['lowStockProducts', 'productFacets']) cache.evict({ id: 'ROOT_QUERY', fieldName });
}

const savedState = (product: { id: string; name: string }, created: boolean): ProductSavedState => ({
  savedProduct: { id: product.id, name: product.name, created },
});

export function CreateProductRoute() {
  const navigate = useNavigate();
  const [createProduct] = useMutation(CreateProductDocument, {
    update(cache, { data }) {
      const created = data?.createProduct.product;
      if (created) updateProductLists(cache, created);
    },
  });
  const save = async (fields: ProductFields) => {
    const { data } = await createProduct({ variables: { input: fields } });
    const payload = data?.createProduct;
    if (payload?.product) navigate('/', { state: savedState(payload.product, true) });
    return payload?.userErrors ?? [];
  };
  return (
    <Page title="Create Product" narrow>
      <Card>
        <ProductForm
          submitLabel="Create Product"
          busyLabel="Creating..."
          failureMessage="Failed to create product"
          onSubmit={save}
        />
      </Card>
    </Page>
  );
}

/** Where the form goes back to: an admin page it was opened from (Low Stock), else the listing. */
function useReturnPath(): string {
  const returnTo = (useLocation().state as EditProductPageState | null)?.returnTo;
  return returnTo?.startsWith('/admin/') ? returnTo : '/';
}

export function EditProductRoute() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  // Always fresh from the shop: an admin edits what is there now, not what this tab saw earlier.
  const { data, loading, error, refetch } = useQuery(EditProductDocument, {
    variables: { id: productId },
    fetchPolicy: 'network-only',
  });
  const [updateProduct] = useMutation(UpdateProductDocument, {
    update(cache, { data: answer }) {
      if (answer?.updateProduct.product) updateProductLists(cache);
    },
  });
  const save = async (fields: ProductFields) => {
    const { data: answer } = await updateProduct({ variables: { input: { id: productId, ...fields } } });
    const payload = answer?.updateProduct;
    if (payload?.product) navigate(returnPath, { state: savedState(payload.product, false) });
    return payload?.userErrors ?? [];
  };

  let content;
  if (loading) content = <Loading />;
  else if (error) content = <ErrorState message="Failed to load product details" onRetry={() => void refetch()} />;
  else if (!data?.product)
    content = <EmptyState title="Product not found" hint="It may have been deleted meanwhile." />;
  else
    content = (
      <Card>
        <ProductForm
          product={data.product}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          failureMessage="Failed to update product"
          cancelTo={returnPath}
          onSubmit={save}
        />
      </Card>
    );
  return (
    <Page title="Edit Product" narrow>
      {content}
    </Page>
  );
}
