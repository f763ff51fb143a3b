// The catalogue's categories (issue 34) as the web app reads them: the whole tree (the listing's navigation), and a
// product's categories with their paths (its page's breadcrumbs, asked for apart from the product itself, so that a
// product opened from the listing still shows at once from the cache). A shop that keeps no categories (the plain
// contract) answers an error: read as none.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { CategoriesDocument, ProductCategoriesDocument } from '@/gql/graphql';

if (false) {
  gql`
    query Categories {
      categories {
        id
        name
        parent {
          id
        }
      }
    }

    query ProductCategories($id: ID!) {
      product(id: $id) {
        id
        categories {
          id
          path {
            id
            name
          }
        }
      }
    }
  `;
}

export interface CategoryEntry {
  id: string;
  name: string;
  parentId: string | null;
}

/**
 * The shop's categories (each level by name); `loading` until the first answer (asked beside the listing's products,
 * never before them), then none where the shop keeps none.
 */
export function useCategories(): { loading: boolean; categories: CategoryEntry[] } {
  const { data, loading } = useQuery(CategoriesDocument, { errorPolicy: 'all' });
  const categories = (data?.categories ?? []).map((category) => ({
    id: category.id,
    name: category.name,
    parentId: category.parent?.id ?? null,
  }));
  return { loading: loading && !data, categories };
}

/**
 * The shop's categories to choose from (the product form), fetched when not in the cache yet; `available` is false
 * where the shop keeps none (the plain contract): the form then neither shows nor sends them.
 */
export function useCategoryChoices(): { available: boolean; choices: { id: string; label: string }[] } {
  const { data, error } = useQuery(CategoriesDocument, { errorPolicy: 'all' });
  const categories = (data?.categories ?? []).map((category) => ({
    id: category.id,
    name: category.name,
    parentId: category.parent?.id ?? null,
  }));
  const choices = categories
    .map((category) => ({
      id: category.id,
      label: pathTo(categories, category.id)
        .map((step) => step.name)
        .join(' › '),
    }))
    .sort((one, other) => one.label.localeCompare(other.label, 'en'));
  return { available: Boolean(data?.categories) && !error, choices };
}

/** A product's categories, each with its path from the top; none until they come, or where the shop keeps none. */
export function useProductCategories(productId: string): { id: string; path: { id: string; name: string }[] }[] {
  const { data } = useQuery(ProductCategoriesDocument, { variables: { id: productId }, errorPolicy: 'all' });
  return data?.product?.categories ?? [];
}

/** The listing's address for a category, and nothing else. */
export const categoryHref = (id: string) => `/?${new URLSearchParams({ category: id }).toString()}`;

/** From the top-level category down to this one. */
export function pathTo(categories: readonly CategoryEntry[], id: string | undefined): CategoryEntry[] {
  const path: CategoryEntry[] = [];
  for (let current = categories.find((each) => each.id === id); current && path.length <= categories.length;) {
    path.unshift(current);
    const parent = current.parentId;
    current = categories.find((each) => each.id === parent);
  }
  return path;
}
