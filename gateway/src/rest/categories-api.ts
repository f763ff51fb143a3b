// The catalogue's categories through our REST service's extension product-categories: /api/categories.
import { GraphQLError } from 'graphql';
import type { RestCategory } from './contract.js';
import type { ProductsApi } from './products-api.js';
import type { Caller, RestClient } from './rest-client.js';

/** What our REST service names its categories in its Contract-Extensions. */
export const PRODUCT_CATEGORIES = 'product-categories';

export interface CategoryBody {
  name: string;
  parentId: number | null;
}

export class CategoriesApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    private readonly products: ProductsApi,
  ) {}

  /** NOT_SUPPORTED where the implementation keeps no categories (the plain contract). */
  async refuseWhereUnsupported(): Promise<void> {
    if (!(await this.products.offers(PRODUCT_CATEGORIES)))
      throw new GraphQLError(
        "The shop's REST service keeps no categories (it lacks the product-categories extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
  }

  /** Every category, each level by name. */
  list(): Promise<RestCategory[]> {
    return this.rest.call<RestCategory[]>(this.caller, { method: 'GET', path: '/api/categories' });
  }

  create(body: CategoryBody): Promise<RestCategory> {
    return this.rest.call<RestCategory>(this.caller, { method: 'POST', path: '/api/categories', body });
  }

  update(id: number, body: CategoryBody): Promise<RestCategory> {
    return this.rest.call<RestCategory>(this.caller, { method: 'PUT', path: `/api/categories/${id}`, body });
  }

  /** Answers the products moved to `moveProductsTo`. */
  async delete(id: number, moveProductsTo?: number): Promise<number[]> {
    const answer = await this.rest.call<{ movedProductIds: number[] }>(this.caller, {
      method: 'DELETE',
      path: `/api/categories/${id}`,
      ...(moveProductsTo === undefined ? {} : { query: { moveProductsTo } }),
    });
    return answer.movedProductIds;
  }
}
