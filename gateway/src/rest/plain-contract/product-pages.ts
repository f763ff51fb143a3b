// A page of products read from the product a cursor names (keyset: a page deep in the catalogue costs the
// implementation what the first does) where the implementation offers it (`product-keyset`) and honours it, by offset
// windows where it does not: either way the page holds the same products while the catalogue does not change.
import { type RestProduct, isPage } from '../contract.js';
import { GraphQLError } from 'graphql';
import type { ProductSortName } from '../../../../shop-rules/product-sorts.js';
import { PRODUCT_SEARCH, PRODUCT_SORT, type ProductFilterQuery } from '../products-api.js';
import type { RestSearchSummary } from '../contract.js';
import { PRODUCT_CATEGORIES } from '../categories-api.js';
import type { RestApi } from '../rest-api.js';
import type { SeekPlace, Window, WindowSlice } from './list-pages.js';

/** Where an item of a list stands: its offset, and (in cursors written since keyset paging) its id. */
export interface ItemPlace {
  offset: number;
  id?: number | undefined;
}

/**
 * A page of a list ordered by id, as a connection's arguments ask for it: the `limit` items after a place (or the
 * first ones), or the `limit` items before a place (or the last ones, before the end).
 */
export type PlacedRequest = { limit: number } & ({ after: ItemPlace | 'start' } | { before: ItemPlace | 'end' });

/** A page of a list ordered by id: its items, where the first stands, and the list's length. */
export interface PlacedSlice<T> {
  items: T[];
  /** The offset of the first item in the list. */
  offset: number;
  totalCount: number;
  /** What a search's page says of the search (extension product-search). */
  search?: RestSearchSummary | undefined;
}

/** How a list ordered by id is read: by offset windows always, and from an item on where the implementation can. */
interface Seeker<T> {
  window(window: Window): Promise<WindowSlice<T>>;
  /**
   * The `size` items just after (or before) `place`, in the list's order, and how many items lie beyond the place in
   * that direction; undefined where the implementation cannot read from a place (the offset window is used then).
   */
  seek(place: SeekPlace, size: number): Promise<{ items: T[]; beyond: number } | undefined>;
}

const lastOf = <T>(items: T[], limit: number) => items.slice(Math.max(0, items.length - limit));

/**
 * The page read from the item its place names where the seeker can, else by offset. The place's offset says where the
 * page stands; the list's last items (`before: 'end'`) are read in one call.
 */
async function placedPage<T>(request: PlacedRequest, seeker: Seeker<T>): Promise<PlacedSlice<T>> {
  const { limit } = request;
  const at = (offset: number, slice: WindowSlice<T>): PlacedSlice<T> => ({
    items: slice.items,
    offset,
    totalCount: slice.totalCount,
    search: slice.search,
  });
  if ('after' in request) {
    if (request.after === 'start') return at(0, await seeker.window({ offset: 0, limit }));
    const place = request.after;
    const offset = place.offset + 1;
    const found = place.id === undefined ? undefined : await seeker.seek({ after: place.id }, limit);
    if (found) return { items: found.items.slice(0, limit), offset, totalCount: offset + found.beyond };
    return at(offset, await seeker.window({ offset, limit }));
  }
  const countAll = async () => (await seeker.window({ offset: 0, limit: 1 })).totalCount;
  if (request.before === 'end') {
    // Everything lies before the end: what is beyond is the whole list.
    const found = await seeker.seek({ before: 'end' }, limit);
    if (found) {
      const items = lastOf(found.items, limit);
      return { items, offset: found.beyond - items.length, totalCount: found.beyond };
    }
    const end = await countAll();
    const offset = Math.max(0, end - limit);
    return at(offset, await seeker.window({ offset, limit: end - offset }));
  }
  const place = request.before;
  const found = place.id === undefined ? undefined : await seeker.seek({ before: place.id }, limit);
  if (found) {
    // What lies before the item is where the page ends; the list's length is asked for apart.
    const items = lastOf(found.items, limit);
    return { items, offset: found.beyond - items.length, totalCount: await countAll() };
  }
  const offset = Math.max(0, place.offset - limit);
  return at(offset, await seeker.window({ offset, limit: place.offset - offset }));
}

/**
 * The `size` products just after (or before) a place, with how many lie beyond it; undefined where the implementation
 * does not say it offers keyset paging, or answered something else than such a page (the offset window is read then).
 */
async function productsFromPlace(
  api: RestApi,
  filter: ProductFilterQuery,
  place: SeekPlace,
  size: number,
): Promise<{ items: RestProduct[]; beyond: number } | undefined> {
  if (!api.products.pagesByKeyset()) return undefined;
  const answer = await api.products.fromPlace(filter, place, size);
  if (!isPage<RestProduct>(answer)) return undefined;
  const beyondPlace = (product: RestProduct) =>
    'after' in place ? product.id > place.after : place.before === 'end' || product.id < place.before;
  if (!answer.content.every(beyondPlace)) return undefined;
  return { items: answer.content, beyond: answer.totalElements ?? answer.content.length };
}

/**
 * A page of the catalogue (narrowed by `filter`), as a connection's arguments ask for it; in `sort`'s order where the
 * implementation offers `product-sort`, and searched where it offers `product-search` (NOT_SUPPORTED where it does
 * not). A sorted or searched list is read by offset: keyset paging follows the catalogue's order only.
 */
export async function pageOfProducts(
  api: RestApi,
  filter: ProductFilterQuery,
  request: PlacedRequest,
  sort?: ProductSortName,
): Promise<PlacedSlice<RestProduct>> {
  if (sort && !(await api.products.offers(PRODUCT_SORT))) {
    throw new GraphQLError(
      "The shop's REST service cannot sort products (it lacks the product-sort extension): leave sort out",
      { extensions: { code: 'NOT_SUPPORTED' } },
    );
  }
  if (filter.search && !(await api.products.offers(PRODUCT_SEARCH))) {
    throw new GraphQLError(
      "The shop's REST service cannot search products (it lacks the product-search extension): leave search out",
      { extensions: { code: 'NOT_SUPPORTED' } },
    );
  }
  if (filter.category !== undefined && !(await api.products.offers(PRODUCT_CATEGORIES))) {
    throw new GraphQLError(
      "The shop's REST service keeps no categories (it lacks the product-categories extension): leave filter.category out",
      { extensions: { code: 'NOT_SUPPORTED' } },
    );
  }
  const byOffset = Boolean(sort || filter.search);
  return placedPage(request, {
    window: (window) => api.products.window(filter, window, sort),
    seek: async (place, size) => (byOffset ? undefined : productsFromPlace(api, filter, place, size)),
  });
}
