// The catalogue's categories (issue 34) as the web app reads them: the whole tree, for the listing's navigation, the
// product form's choices and a product's breadcrumbs (its page knows its categories' ids; their paths are read from
// the tree). A shop that keeps no categories (the plain contract) answers an error: read as none.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { CategoriesDocument } from '@/gql/graphql';

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
export function useCategories({ skip = false }: { skip?: boolean } = {}): {
  loading: boolean;
  categories: CategoryEntry[];
} {
  const { data, loading } = useQuery(CategoriesDocument, { errorPolicy: 'all', skip });
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
