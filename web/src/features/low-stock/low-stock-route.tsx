// /admin/low-stock (issue 34): the products at or under their low-stock threshold (their own, else the shop's), the
// fewest units first, each with the threshold that applies and a way to its form; and the shop's threshold, which
// admins set here. A page at a time (Load more).
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import type { EditProductPageState, ProductSavedState } from '@/lib/navigation-state';
import { checkShopThreshold } from '@shop-rules/low-stock';
import { Button, ButtonLink } from '@/components/button';
import { surface } from '@/components/card';
import { Alert, EmptyState, ErrorState } from '@/components/feedback';
import { TextField } from '@/components/field';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { LowStockProductsDocument, ShopSettingsDocument, UpdateShopSettingsDocument } from '@/gql/graphql';
import styles from './low-stock.module.css';

if (false) {
  gql`
    query LowStockProducts($first: Int!, $after: String) {
      lowStockProducts(first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            name
            sku
            quantity
            lowStockThreshold
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }

    mutation UpdateShopSettings($input: UpdateShopSettingsInput!) {
      updateShopSettings(input: $input) {
        shopSettings {
          lowStockThreshold
        }
        userErrors {
          message
          field
        }
      }
    }
  `;
}

export const LOW_STOCK_PAGE_SIZE = 20;

/** The shop's threshold, and its form. */
function ShopThresholdForm({ threshold, onSaved }: { threshold: number; onSaved(): void }) {
  const [saved, setSaved] = useState(false);
  const [update] = useMutation(UpdateShopSettingsDocument);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ lowStockThreshold: string }>({ values: { lowStockThreshold: String(threshold) } });
  const submit = handleSubmit(async ({ lowStockThreshold }) => {
    setSaved(false);
    try {
      const { data } = await update({ variables: { input: { lowStockThreshold: Number(lowStockThreshold) } } });
      const problem = data?.updateShopSettings.userErrors[0];
      if (problem) setError('lowStockThreshold', { message: problem.message });
      else {
        setSaved(true);
        onSaved();
      }
    } catch {
      setError('lowStockThreshold', { message: 'Failed to save the threshold. Please try again.' });
    }
  });
  return (
    <form className={surface(styles.settings)} onSubmit={submit} noValidate aria-label="Shop’s low stock threshold">
      <TextField
        label="Shop’s low stock threshold"
        hint="A product with no threshold of its own is low in stock at this many units or fewer."
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.lowStockThreshold?.message}
        {...register('lowStockThreshold', {
          validate: (value) =>
            value.trim() === ''
              ? 'Low stock threshold is required'
              : (checkShopThreshold(Number(value))?.message ?? true),
        })}
      />
      <div className={styles.save}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save threshold'}
        </Button>
        {saved && (
          <span role="status" className={styles.saved}>
            Saved
          </span>
        )}
      </div>
    </form>
  );
}

export function LowStockRoute() {
  // Back from the product form (its Edit): the save confirmed here, as the listing does.
  const savedProduct = (useLocation().state as ProductSavedState | null)?.savedProduct;
  const settings = useQuery(ShopSettingsDocument, { errorPolicy: 'all' });
  const { data, error, loading, fetchMore, refetch } = useQuery(LowStockProductsDocument, {
    variables: { first: LOW_STOCK_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const threshold = settings.data?.shopSettings?.lowStockThreshold;
  const connection = data?.lowStockProducts;
  const edges = connection?.edges ?? [];

  let list;
  if (error && !connection) {
    list = <ErrorState message="Failed to load the products low in stock." onRetry={() => void refetch()} />;
  } else if (!connection) {
    list = <p className={styles.loading}>Loading...</p>;
  } else if (edges.length === 0) {
    list = <EmptyState title="No product is low in stock" hint="Every product has more units than its threshold." />;
  } else {
    list = (
      <>
        <p className={styles.summary} aria-live="polite">
          {connection.totalCount} {connection.totalCount === 1 ? 'product is' : 'products are'} at or under their
          threshold, the fewest units first.
        </p>
        <ul className={styles.list} aria-label="Products low in stock">
          {edges.map(({ node }) => (
            <li key={node.id} className={surface(styles.row)}>
              <div className={styles.product}>
                <Link to={`/products/${encodeURIComponent(node.id)}`} className={styles.name}>
                  {node.name}
                </Link>
                {node.sku && <span className={styles.sku}>SKU {node.sku}</span>}
              </div>
              <span className={node.quantity === 0 ? styles.out : styles.units}>
                {node.quantity === 0 ? 'Out of stock' : `${node.quantity} left`}
              </span>
              <span className={styles.threshold}>
                {node.lowStockThreshold === null
                  ? `Shop’s threshold${threshold === undefined ? '' : `: ${threshold}`}`
                  : `Own threshold: ${node.lowStockThreshold}`}
              </span>
              <ButtonLink
                to={`/edit/${encodeURIComponent(node.id)}`}
                state={{ returnTo: '/admin/low-stock' } satisfies EditProductPageState}
                size="small"
                aria-label={`Edit ${node.name}`}
              >
                Edit
              </ButtonLink>
            </li>
          ))}
        </ul>
        {connection.pageInfo.hasNextPage && (
          <LoadMore
            label="Load more"
            failedMessage="Failed to load more products. Please try again."
            load={() => fetchMore({ variables: { after: connection.pageInfo.endCursor } })}
          />
        )}
      </>
    );
  }

  return (
    <Page title="Low Stock">
      {savedProduct && (
        <Alert tone="success">
          Changes saved: <Link to={`/products/${encodeURIComponent(savedProduct.id)}`}>{savedProduct.name}</Link>
        </Alert>
      )}
      {settings.error && !settings.data?.shopSettings ? (
        <Alert tone="error">This shop keeps no low stock thresholds.</Alert>
      ) : threshold !== undefined ? (
        // Another threshold lists other products: asked again once saved.
        <ShopThresholdForm threshold={threshold} onSaved={() => void refetch()} />
      ) : null}
      {loading && connection && <span className="visually-hidden">Loading...</span>}
      {list}
    </Page>
  );
}
