// The orders a shopper may read the catalogue in (issue 34), besides the catalogue's own (by id, the spec's): shared
// by the REST service (the `sort` of its product lists, extension product-sort), the gateway (the graph's ProductSort)
// and the web app (the listing's "Sort by", kept in the address as `?sort=`).

/** Each order's name, as the REST service takes it and the web app's address keeps it, and what a shopper reads. */
export const PRODUCT_SORTS = {
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
  'in-stock': 'In stock first',
} as const;

export type ProductSortName = keyof typeof PRODUCT_SORTS;

export const PRODUCT_SORT_NAMES = Object.keys(PRODUCT_SORTS) as ProductSortName[];

export const isProductSortName = (value: unknown): value is ProductSortName =>
  typeof value === 'string' && Object.hasOwn(PRODUCT_SORTS, value);
