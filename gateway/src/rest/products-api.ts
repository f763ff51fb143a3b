// The catalogue through the contract: GET/POST/PUT/DELETE /api/products, /api/products/filter.
import type { RestPage, RestProduct } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import { type Window, type WindowSlice, fetchWindow } from './windows.js';
import { UpstreamRejection } from '../errors.js';

export interface ProductFilterQuery {
  name?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  minQuantity?: number | undefined;
  maxQuantity?: number | undefined;
}

export interface ProductBody {
  name: string;
  description: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  imageUrls: string[];
}

const hasFilter = (filter: ProductFilterQuery) => Object.values(filter).some((value) => value !== undefined);

export class ProductsApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  window(filter: ProductFilterQuery, window: Window): Promise<WindowSlice<RestProduct>> {
    const path = hasFilter(filter) ? '/api/products/filter' : '/api/products';
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestProduct[] | RestPage<RestProduct>>(this.caller, {
          method: 'GET',
          path,
          query: { ...filter, page, size },
        }),
      window,
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

  /** Several products in one call (`ids` extension); a plain contract answers the whole list, which is filtered here. */
  async byIds(ids: readonly number[]): Promise<Map<number, RestProduct>> {
    const answer = await this.rest.call<RestProduct[] | RestPage<RestProduct>>(this.caller, {
      method: 'GET',
      path: '/api/products',
      query: { ids: ids.join(',') },
    });
    const list = Array.isArray(answer) ? answer : answer.content;
    const wanted = new Set(ids);
    return new Map(list.filter((product) => wanted.has(product.id)).map((product) => [product.id, product]));
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
