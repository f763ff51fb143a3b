// The orders a shopper may read the catalogue in (issue 34), besides the catalogue's own (by id, the spec's): shared
// by the REST service (the `sort` of its product lists, extension product-sort), the gateway (the graph's ProductSort)
// and the web app (the listing's "Sort by", kept in the address as `?sort=`). Relevance orders what a search found,
// and only that: a search's order when none is given.

/**
 * Each order by its name in the REST service's `sort` and the web app's address: what a shopper reads, and its value
 * of the graph's ProductSort enum.
 */
export const PRODUCT_SORTS = {
  relevance: { label: 'Best match', graphName: 'RELEVANCE' },
  'price-asc': { label: 'Price: low to high', graphName: 'PRICE_ASCENDING' },
  'price-desc': { label: 'Price: high to low', graphName: 'PRICE_DESCENDING' },
  name: { label: 'Name', graphName: 'NAME' },
  newest: { label: 'Newest', graphName: 'NEWEST' },
  'in-stock': { label: 'In stock first', graphName: 'IN_STOCK_FIRST' },
} as const;

export type ProductSortName = keyof typeof PRODUCT_SORTS;
export type ProductSortGraphName = (typeof PRODUCT_SORTS)[ProductSortName]['graphName'];

export const PRODUCT_SORT_NAMES = Object.keys(PRODUCT_SORTS) as ProductSortName[];

/** The order that needs a search (what it found, the most relevant first). */
export const SEARCH_ORDER = 'relevance' satisfies ProductSortName;

/** What a list without a search answers when asked for SEARCH_ORDER. */
export const NO_SEARCH_TO_ORDER = 'Sort by relevance orders what a search found: give search too';

export const isProductSortName = (value: unknown): value is ProductSortName =>
  typeof value === 'string' && Object.hasOwn(PRODUCT_SORTS, value);

/** The order a value of the graph's ProductSort names. */
export const sortOfGraphName = (graphName: ProductSortGraphName): ProductSortName =>
  PRODUCT_SORT_NAMES.find((name) => PRODUCT_SORTS[name].graphName === graphName)!;
