// The catalogue through the contract: GET/POST/PUT/DELETE /api/products, /api/products/filter.
import type { ProductContractForm } from '../../../shop-rules/product-fields.js';
import type { ProductSortName } from '../../../shop-rules/product-sorts.js';
import type { RestPage, RestProduct, RestProductFacets } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import { type SeekPlace, type Window, type WindowSlice, fetchWindow } from './plain-contract/list-pages.js';
import { UpstreamRejection } from '../errors.js';
import { GraphQLError } from 'graphql';

// A type, not an interface: an interface has no index signature, and the query is a record of its fields.
export type ProductFilterQuery = {
  name?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  minQuantity?: number | undefined;
  maxQuantity?: number | undefined;
  /** Extension product-search: words to find in the name, SKU and description. */
  search?: string | undefined;
  /** Extension product-categories: a category's products (and those of every category under it). */
  category?: number | undefined;
};

/** What our REST service names the `sort` of its product lists in its Contract-Extensions. */
export const PRODUCT_SORT = 'product-sort';

/** What our REST service names the counts beside a product list (/api/products/facets) in its Contract-Extensions. */
export const PRODUCT_FACETS = 'product-facets';

/** What our REST service names its low-stock thresholds and list in its Contract-Extensions. */
export const PRODUCT_LOW_STOCK = 'product-low-stock';

/** What our REST service names the `search` of its product filter in its Contract-Extensions. */
export const PRODUCT_SEARCH = 'product-search';

/** The product form as the contract takes it (shop-rules' PRODUCT_FIELDS); a field an update keeps may be left out. */
export type ProductBody = ProductContractForm;

/** What our REST service names the keyset paging of products in its Contract-Extensions. */
export const PRODUCT_KEYSET = 'product-keyset';

const hasFilter = (filter: ProductFilterQuery) => Object.values(filter).some((value) => value !== undefined);

export class ProductsApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  /**
   * Whether the implementation says it offers this extension (a product field only it carries: `product-sku`). An
   * instance that has had no answer yet asks first (any answer says it; a product that cannot exist costs least).
   */
  async offers(extension: string): Promise<boolean> {
    if (!this.rest.hasAnswered) await this.byId(0);
    return this.rest.offers(extension);
  }

  /** A window of the list, by id or in `sort`'s order (only where the implementation offers `product-sort`). */
  window(filter: ProductFilterQuery, window: Window, sort?: ProductSortName): Promise<WindowSlice<RestProduct>> {
    const path = hasFilter(filter) ? '/api/products/filter' : '/api/products';
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestProduct[] | RestPage<RestProduct>>(this.caller, {
          method: 'GET',
          path,
          // Object.assign, not a spread followed by properties: V8 builds that by its slow path (issue 33).
          query: Object.assign({}, filter, { page, size }, sort ? { sort } : {}),
        }),
      window,
    );
  }

  /** Whether the implementation pages products by keyset (`product-keyset`), read off its latest answer. */
  pagesByKeyset(): boolean {
    return this.rest.offers(PRODUCT_KEYSET);
  }

  /**
   * Keyset paging (the `product-keyset` extension): the `size` products just after (or before) a place, with how many
   * lie beyond it. plain-contract's pageOfProducts asks only where it is offered, and reads the answer for whether it
   * was honoured.
   */
  fromPlace(
    filter: ProductFilterQuery,
    place: SeekPlace,
    size: number,
  ): Promise<RestProduct[] | RestPage<RestProduct>> {
    return this.rest.call<RestProduct[] | RestPage<RestProduct>>(this.caller, {
      method: 'GET',
      path: hasFilter(filter) ? '/api/products/filter' : '/api/products',
      // The contract serves pages of 1 to 100; `first: 0` still learns from one product whether any follow.
      // Object.assign, not a spread followed by properties: V8 builds that by its slow path (issue 33).
      query: Object.assign(
        {},
        filter,
        { size: Math.max(size, 1) },
        'after' in place ? { after: place.after } : { before: place.before },
      ),
    });
  }

  /** The counts beside the list `filter` matches (extension product-facets: ask only where it is offered). */
  facets(filter: ProductFilterQuery): Promise<RestProductFacets> {
    return this.rest.call<RestProductFacets>(this.caller, {
      method: 'GET',
      path: '/api/products/facets',
      query: filter,
    });
  }

  /** A window of the products low in stock, the fewest units first (extension product-low-stock; admins only). */
  lowStock(window: Window): Promise<WindowSlice<RestProduct>> {
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestPage<RestProduct>>(this.caller, {
          method: 'GET',
          path: '/api/products/low-stock',
          query: { page, size },
        }),
      window,
    );
  }

  /** The shop's low-stock threshold (extension product-low-stock; admins only). */
  async lowStockThreshold(): Promise<number> {
    return (
      await this.rest.call<{ threshold: number }>(this.caller, { method: 'GET', path: '/api/settings/low-stock' })
    ).threshold;
  }

  async setLowStockThreshold(threshold: number): Promise<number> {
    return (
      await this.rest.call<{ threshold: number }>(this.caller, {
        method: 'PUT',
        path: '/api/settings/low-stock',
        body: { threshold },
      })
    ).threshold;
  }

  /** NOT_SUPPORTED where the implementation keeps no low-stock thresholds (the plain contract). */
  async refuseWithoutLowStock(): Promise<void> {
    if (!(await this.offers(PRODUCT_LOW_STOCK)))
      throw new GraphQLError(
        "The shop's REST service keeps no low-stock thresholds (it lacks the product-low-stock extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
  }

  /** null when there is no such product. */
  async byId(id: number): Promise<RestProduct | null> {
    try {
      return await this.rest.call<RestProduct>(this.caller, { method: 'GET', path: `/api/products/${id}` });
    } catch (error) {
      // The id is all this call sends: a 400 means the implementation refuses it as an id (ours above 2^31-1),
      // so no product has it. A client holding such an id asked for nothing that exists, not for something wrong.
      if (error instanceof UpstreamRejection && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  /**
   * Just these products (extension, `ids`); the plain contract ignores `ids` and answers every product
   * (plain-contract's productsByIds keeps the ones asked for).
   */
  byIds(ids: readonly number[]): Promise<RestProduct[] | RestPage<RestProduct>> {
    return this.rest.call<RestProduct[] | RestPage<RestProduct>>(this.caller, {
      method: 'GET',
      path: '/api/products',
      query: { ids: ids.join(',') },
    });
  }

  create(body: ProductBody): Promise<RestProduct | undefined> {
    return this.rest.call<RestProduct | undefined>(this.caller, { method: 'POST', path: '/api/products', body });
  }

  update(id: number, body: ProductBody): Promise<RestProduct | undefined> {
    return this.rest.call<RestProduct | undefined>(this.caller, { method: 'PUT', path: `/api/products/${id}`, body });
  }

  async delete(id: number): Promise<void> {
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/products/${id}` });
  }
}
