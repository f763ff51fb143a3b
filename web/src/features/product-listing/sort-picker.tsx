// The listing's "Sort by" (issue 34): the catalogue's own order (the order products were added in) or one of
// shop-rules' orders, kept in the address as ?sort=… beside the filters, so that Back and a shared link restore it.
// Choosing one reads the list again at once: there is nothing else to fill in.
import { SelectField } from '@/components/field';
import type { ProductSort } from '@/gql/graphql';
import { PRODUCT_SORTS, PRODUCT_SORT_NAMES, type ProductSortName, isProductSortName } from '@shop-rules/product-sorts';
import styles from './sort-picker.module.css';

/** The order the address names; an unknown one (a mistyped link) is the catalogue's own. */
export function sortNameOf(params: URLSearchParams): ProductSortName | undefined {
  const sort = params.get('sort');
  return isProductSortName(sort) ? sort : undefined;
}

/** The graph's value for the order the address names. */
export function productSortOf(params: URLSearchParams): ProductSort | undefined {
  const sort = sortNameOf(params);
  return sort ? (PRODUCT_SORTS[sort].graphName as ProductSort) : undefined;
}

/** What the picker shows for the catalogue's own order. */
const OWN_ORDER = '';

interface SortPickerProps {
  value: ProductSortName | undefined;
  onChange(sort: ProductSortName | undefined): void;
}

export function SortPicker({ value, onChange }: SortPickerProps) {
  return (
    <div className={styles.picker}>
      <SelectField
        label="Sort by"
        value={value ?? OWN_ORDER}
        onChange={(event) => onChange(isProductSortName(event.target.value) ? event.target.value : undefined)}
      >
        <option value={OWN_ORDER}>Catalogue order</option>
        {PRODUCT_SORT_NAMES.map((name) => (
          <option key={name} value={name}>
            {PRODUCT_SORTS[name].label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
