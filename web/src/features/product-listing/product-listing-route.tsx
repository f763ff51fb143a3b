// / (spec §2): the catalogue with its search (issue 34), filter panel and order, a page at a time (Load more), and for
// admins the 'Product Management' heading, Create Product, and Edit and Delete on each card.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { type ApolloClient, NetworkStatus } from '@apollo/client';
import { isNotSupported } from '@/lib/not-supported';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/button';
import { Alert, EmptyState, ErrorState } from '@/components/feedback';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { DeleteProductDocument, ProductListingDocument } from '@/gql/graphql';
import type { ProductSavedState } from '@/lib/navigation-state';
import type { ProductSortName } from '@shop-rules/product-sorts';
import { useCan } from '@/lib/viewer';
import { listingVariables } from './listing-page';
import { FILTER_FIELDS, FilterPanel, type FilterValues, filterValuesOf, productFilterOf } from './filter-panel';
import { ProductCard, ProductCardSkeleton } from './product-card';
import { SearchBox, searchOf } from './search-box';
import { useListingFacets } from './listing-facets';
import { useShopLowStockThreshold } from '@/lib/shop-settings';
import { isLowStock } from '@shop-rules/low-stock';
import { CategoryNav } from '@/components/category-nav';
import { useCategories } from '@/lib/categories';
import { SortPicker, productSortOf, sortNameOf } from './sort-picker';
import styles from './product-listing.module.css';

// The dialog (and its library) is only needed by admins: shoppers never download it. It is rendered (closed) as
// soon as the viewer is an admin, so that it is ready before the first Delete, and so that closing it gives the
// focus back to the button that opened it.
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

if (false) {
  gql`
    query ProductListing($first: Int!, $after: String, $filter: ProductFilter, $sort: ProductSort, $search: String) {
      products(first: $first, after: $after, filter: $filter, sort: $sort, search: $search) {
        totalCount
        search {
          words
          corrections {
            typed
            suggested
          }
        }
        edges {
          cursor
          highlight {
            name {
              text
              match
            }
            excerpt {
              text
              match
            }
          }
          node {
            id
            # What the product's page shows beyond the card, so one opened from here shows at once with no request
            # of its own (its whole fragment spread here would ask for the price a fourth time in one place).
            sku
            categories {
              id
            }
            # Admins see a product at or under its threshold marked (with the shop's, asked by admins only).
            quantity
            lowStockThreshold
            ...ProductCard_product
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }

    mutation DeleteProduct($input: DeleteProductInput!) {
      deleteProduct(input: $input) {
        deletedProductId
        cart {
          ...CartContents
        }
        userErrors {
          message
        }
      }
    }
  `;
}

const SKELETON_CARDS = 8;

/**
 * The listing's first page for an address, asked for before the route is shown: the app does so as it starts on `/`,
 * beside the session's query, which the shell waits for before it shows any screen (app/first-screen.ts). The route's
 * own query then finds it in the cache, or joins the request under way (same document, same variables).
 */
export function askForListing(client: ApolloClient, searchParams: URLSearchParams): Promise<unknown> {
  return client.query({
    query: ProductListingDocument,
    variables: listingVariables(listingFilterOf(searchParams), productSortOf(searchParams), searchOf(searchParams)),
  });
}

/** The category the address names (`?category=…`, its global id); undefined: every product. */
const categoryOf = (params: URLSearchParams) => params.get('category') || undefined;

/** The graph's filter for an address: the filter panel's values, and the category. */
function listingFilterOf(params: URLSearchParams) {
  const filter = productFilterOf(filterValuesOf(params));
  const category = categoryOf(params);
  return category ? { ...filter, category } : filter;
}

interface PendingDelete {
  id: string;
  name: string;
}

export function ProductListingRoute() {
  // The catalogue's staff manage the products here; everyone else shops.
  const isAdmin = useCan('MANAGE_CATALOGUE');
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from the product form: what was saved, until the person moves on (a filter, another page).
  const savedProduct = (useLocation().state as ProductSavedState | null)?.savedProduct;
  // One object per set of filter values in the address, so the filter form resets only when they change there (Back,
  // a price band, Clear Filters), not when the category, search or order does: what someone is typing stays.
  const filterKey = JSON.stringify(FILTER_FIELDS.map((field) => searchParams.get(field) ?? ''));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filterValues = useMemo(() => filterValuesOf(searchParams), [filterKey]);
  const category = categoryOf(searchParams);
  const filter = listingFilterOf(searchParams);
  const sortName = sortNameOf(searchParams);
  const search = searchOf(searchParams);
  const { categories, loading: categoriesLoading } = useCategories();

  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ProductListingDocument, {
    variables: listingVariables(filter, productSortOf(searchParams), search),
    notifyOnNetworkStatusChange: true,
  });
  // Asked beside the products (after them in the document order), never before: the cards do not wait for the counts.
  const facets = useListingFacets(filter, search, filterValues);
  const shopThreshold = useShopLowStockThreshold(isAdmin);

  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const askToDelete = (product: PendingDelete) => {
    setDeleteError(undefined);
    setPendingDelete(product);
  };
  const [deleteError, setDeleteError] = useState<string>();
  const [deleteProduct, { loading: deleting }] = useMutation(DeleteProductDocument);

  /** The address for this search, these filters and this order. */
  const addressOf = (
    values: FilterValues,
    sort: ProductSortName | undefined,
    searched: string | undefined,
    inCategory: string | undefined,
  ) => {
    const next = new URLSearchParams();
    if (inCategory) next.set('category', inCategory);
    if (searched) next.set('q', searched);
    for (const field of FILTER_FIELDS) {
      const value = values[field].trim();
      if (value) next.set(field, value);
    }
    if (sort) next.set('sort', sort);
    return next;
  };

  /** The listing's address (a path and query) for these filter values, the search, order and category kept. */
  const hrefForFilters = (values: FilterValues) => {
    const address = addressOf(values, sortName, search, category).toString();
    return address ? `/?${address}` : '/';
  };

  const applyFilters = (values: FilterValues) => {
    const next = addressOf(values, sortName, search, category);
    // The same filters again: the person asks the shop again (after a failure, say), not only the address.
    if (next.toString() === searchParams.toString()) void refetch().catch(() => undefined);
    else setSearchParams(next);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleteError(undefined);
    try {
      const { data: answer } = await deleteProduct({
        variables: { input: { id: pendingDelete.id } },
        update(cache, { data: result }) {
          const deletedId = result?.deleteProduct.deletedProductId;
          if (!deletedId) return;
          const deletedRef = cache.identify({ __typename: 'Product', id: deletedId });
          // Every loaded list that held it counts one fewer; the card itself goes with the product.
          cache.modify<{ products: { edges: readonly { node: { __ref: string } }[]; totalCount: number } }>({
            fields: {
              products(existing, { isReference }) {
                if (isReference(existing) || !existing.edges.some((edge) => edge.node.__ref === deletedRef))
                  return existing;
                return { ...existing, totalCount: existing.totalCount - 1 };
              },
            },
          });
          cache.evict({ id: deletedRef });
          cache.gc();
        },
      });
      const problem = answer?.deleteProduct.userErrors[0]?.message;
      if (problem) setDeleteError(problem);
      else setPendingDelete(null);
    } catch {
      setDeleteError('Failed to delete product. Please try again.');
    }
  };

  const connection = data?.products;
  const edges = connection?.edges ?? [];
  const firstLoad =
    !connection && (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables);

  // A shop whose REST service cannot search or sort (the plain contract) says so, not as a failure of the shop.
  const notSupported = isNotSupported(error);
  const cannotSearch = notSupported && search !== undefined;
  const cannotSort = notSupported && !cannotSearch && sortName !== undefined;
  const failure = cannotSearch
    ? { message: 'This shop cannot search its products', hint: 'Its filters still narrow the catalogue.' }
    : cannotSort
      ? { message: 'This shop cannot sort its products', hint: 'Choose Catalogue order in Sort by.' }
      : search
        ? { message: 'Failed to search products', hint: 'Check your connection and try again.' }
        : filter
          ? { message: 'Failed to filter products', hint: 'Check the filters and try again.' }
          : {
              message: 'Failed to load products. Please check if the backend is running.',
              hint: 'Check your connection and press Retry. If it keeps failing, the shop is briefly unavailable: try again in a minute.',
            };

  // Above the cards, beside the order they are in.
  const summary =
    edges.length > 0 ? (
      <p className={styles.summary} aria-live="polite">
        Showing {edges.length} of {connection?.totalCount ?? edges.length}{' '}
        {connection?.totalCount === 1 ? 'product' : 'products'}
        {search && <> for “{connection?.search?.words.join(' ') ?? search}”</>}
      </p>
    ) : null;
  // A typing mistake the shop corrected: what it looked for instead, said before the results.
  const corrections = connection?.search?.corrections ?? [];
  const correctionNote =
    corrections.length > 0 ? (
      <p className={styles.correction}>
        No product has {corrections.map((correction) => `“${correction.typed}”`).join(', ')}: showing results for{' '}
        <strong>{corrections.map((correction) => correction.suggested).join(', ')}</strong>.
      </p>
    ) : null;

  let results;
  if ((cannotSearch || cannotSort) && !connection) {
    // Nothing to try again: the way on is the list without what the shop cannot do, one press away.
    const wayOn = cannotSearch
      ? { label: 'Show all products', address: addressOf(filterValues, sortName, undefined, category) }
      : { label: 'Show catalogue order', address: addressOf(filterValues, undefined, search, category) };
    results = (
      <EmptyState
        title={failure.message}
        hint={failure.hint}
        action={
          <Button variant="secondary" onClick={() => setSearchParams(wayOn.address)}>
            {wayOn.label}
          </Button>
        }
      />
    );
  } else if (error && !connection) {
    results = <ErrorState message={failure.message} hint={failure.hint} onRetry={() => void refetch()} />;
  } else if (firstLoad) {
    results = (
      <ul className={styles.grid} aria-label="Loading products">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (edges.length === 0 && search) {
    results = (
      <EmptyState
        title={`No products match “${search}”`}
        hint={
          filter
            ? 'Check the spelling, try other words, or clear the filters.'
            : 'Check the spelling, or try fewer or other words.'
        }
        action={
          <Button
            variant="secondary"
            onClick={() => setSearchParams(addressOf(filterValues, sortName, undefined, category))}
          >
            Clear search
          </Button>
        }
      />
    );
  } else if (edges.length === 0) {
    results = (
      <EmptyState
        title="No products available"
        // Filtered: the filter panel's Clear Filters, just above, is the way back (not a second button here).
        hint={
          filter
            ? 'No product matches these filters. Clear Filters shows them all again.'
            : isAdmin
              ? 'Create the first product of the catalogue.'
              : 'Please come back soon.'
        }
        action={
          !filter && isAdmin ? (
            <ButtonLink to="/create" variant="primary">
              Create Product
            </ButtonLink>
          ) : undefined
        }
      />
    );
  } else {
    results = (
      <div className={styles.results}>
        {error && (
          // Asked again and failed: what was loaded before stays, marked as possibly out of date.
          <Alert tone="error">
            {failure.message} {failure.hint}
          </Alert>
        )}
        <ul className={styles.grid} aria-label="Products">
          {edges.map((edge, index) => (
            <li key={edge.node.id}>
              <ProductCard
                product={edge.node}
                position={index}
                highlight={edge.highlight}
                onDelete={isAdmin ? askToDelete : undefined}
                lowStock={
                  shopThreshold !== undefined &&
                  isLowStock(edge.node.quantity, edge.node.lowStockThreshold, shopThreshold)
                }
              />
            </li>
          ))}
        </ul>
        {connection?.pageInfo.hasNextPage && (
          <LoadMore
            label="Load more"
            size="large"
            failedMessage="Failed to load more products. Please try again."
            load={() => fetchMore({ variables: { after: connection.pageInfo.endCursor } })}
          />
        )}
      </div>
    );
  }

  return (
    <Page
      title={isAdmin ? 'Product Management' : 'Products'}
      actions={
        isAdmin && (
          <>
            <ButtonLink to="/admin/categories" variant="secondary">
              Categories
            </ButtonLink>
            <ButtonLink to="/admin/low-stock" variant="secondary">
              Low Stock
            </ButtonLink>
            <ButtonLink to="/admin/import" variant="secondary">
              Import / Export
            </ButtonLink>
            <ButtonLink to="/create" variant="primary">
              Create Product
            </ButtonLink>
          </>
        )
      }
    >
      {savedProduct && (
        <Alert tone="success">
          {savedProduct.created ? 'Product created: ' : 'Changes saved: '}
          <Link to={`/products/${encodeURIComponent(savedProduct.id)}`}>{savedProduct.name}</Link>
        </Alert>
      )}
      {/* Finding products, close together: on a phone the first products still come in the first screen. */}
      <div className={styles.finders}>
        <SearchBox
          key={search ?? ''}
          value={search}
          onSearch={(searched) => setSearchParams(addressOf(filterValues, sortName, searched, category))}
        />
        <CategoryNav
          categories={categories}
          loading={categoriesLoading}
          current={category}
          counts={facets?.categoryCounts}
          hrefFor={(chosen) => {
            const address = addressOf(filterValues, sortName, search, chosen).toString();
            return address ? `/?${address}` : '/';
          }}
        />
        <FilterPanel
          values={filterValues}
          onApply={applyFilters}
          onClear={() => setSearchParams(addressOf(filterValuesOf(new URLSearchParams()), sortName, search, category))}
          facets={facets}
          hrefFor={hrefForFilters}
        />
      </div>
      <div className={styles.toolbar}>
        <div className={styles.counts}>
          {summary}
          {correctionNote}
        </div>
        <SortPicker
          value={sortName}
          searching={search !== undefined}
          onChange={(sort) => setSearchParams(addressOf(filterValues, sort, search, category))}
        />
      </div>
      {results}
      {isAdmin && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={pendingDelete !== null}
            title="Delete product?"
            description={`“${pendingDelete?.name ?? ''}” will be removed from the catalogue and from every cart. Orders already placed keep it.`}
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={deleting}
            error={deleteError}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setPendingDelete(null)}
          />
        </Suspense>
      )}
    </Page>
  );
}
