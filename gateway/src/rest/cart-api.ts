// The caller's cart through the contract: /api/cart.
import type { RestCart } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';

export class CartApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  /**
   * Whether the implementation keeps the cart limits itself (shop-rules' checkCartChange: at most 100 products, a
   * total within what an order may cost), read off its latest answer (the `cart-limits` extension).
   */
  keepsLimits(): boolean {
    return this.rest.offers('cart-limits');
  }

  get(): Promise<RestCart> {
    return this.rest.call<RestCart>(this.caller, { method: 'GET', path: '/api/cart' });
  }

  /** The contract answers the cart after every change; where an implementation answers nothing, it is read again. */
  private async orReload(answer: RestCart | undefined): Promise<RestCart> {
    return answer && typeof answer === 'object' ? answer : this.get();
  }

  async add(productId: number, quantity: number): Promise<RestCart> {
    return this.orReload(
      await this.rest.call<RestCart | undefined>(this.caller, {
        method: 'POST',
        path: '/api/cart/items',
        body: { productId, quantity },
      }),
    );
  }

  async setQuantity(productId: number, quantity: number): Promise<RestCart> {
    return this.orReload(
      await this.rest.call<RestCart | undefined>(this.caller, {
        method: 'PUT',
        path: `/api/cart/items/${productId}`,
        query: { quantity },
      }),
    );
  }

  async remove(productId: number): Promise<RestCart> {
    return this.orReload(
      await this.rest.call<RestCart | undefined>(this.caller, {
        method: 'DELETE',
        path: `/api/cart/items/${productId}`,
      }),
    );
  }

  async clear(): Promise<RestCart> {
    return this.orReload(
      await this.rest.call<RestCart | undefined>(this.caller, { method: 'DELETE', path: '/api/cart' }),
    );
  }
}
