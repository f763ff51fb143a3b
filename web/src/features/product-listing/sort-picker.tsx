// The listing's "Sort by" (issue 34): the catalogue's own order (the order products were added in) or one of
// shop-rules' orders, kept in the address as ?sort=… beside the filters, so that Back and a shared link restore it.
// Choosing one reads the list again at once: there is nothing else to fill in. While searching, the first choice is
// the search's own order, Best match, in place of the catalogue's.
import { SelectField } from '@/components/field';
import type { ProductSort } from '@/gql/graphql';
import {
  PRODUCT_SORTS,
  PRODUCT_SORT_NAMES,
  SEARCH_ORDER,
  type ProductSortName,
  isProductSortName,
} from '@shop-rules/product-sorts';
import styles from './sort-picker.module.css';

/**
 * The order the address names; an unknown one (a mistyped link) is the list's own: the catalogue's, or a search's
 * (Best match, which the address therefore never needs to name).
 */
export function sortNameOf(params: URLSearchParams): ProductSortName | undefined {
  const sort = params.get('sort');
  return isProductSortName(sort) && sort !== SEARCH_ORDER ? sort : undefined;
}

/** The graph's value for the order the address names. */
export function productSortOf(params: URLSearchParams): ProductSort | undefined {
  const sort = sortNameOf(params);
  return sort ? (PRODUCT_SORTS[sort].graphName as ProductSort) : undefined;
}

/** What the picker shows for the list's own order: the catalogue's, or a search's. */
const OWN_ORDER = '';

/** The orders to choose from besides the list's own. */
const OTHER_ORDERS = PRODUCT_SORT_NAMES.filter((name) => name !== SEARCH_ORDER);

interface SortPickerProps {
  value: ProductSortName | undefined;
  /** The list is a search's: its own order is Best match. */
  searching: boolean;
  onChange(sort: ProductSortName | undefined): void;
}

export function SortPicker({ value, searching, onChange }: SortPickerProps) {
  return (
    <div className={styles.picker}>
      <SelectField
        label="Sort by"
        value={value ?? OWN_ORDER}
        onChange={(event) => onChange(isProductSortName(event.target.value) ? event.target.value : undefined)}
      >
        <option value={OWN_ORDER}>{searching ? PRODUCT_SORTS[SEARCH_ORDER].label : 'Catalogue order'}</option>
        {OTHER_ORDERS.map((name) => (
          <option key={name} value={name}>
            {PRODUCT_SORTS[name].label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
