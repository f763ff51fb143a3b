// Orders through the contract: /api/orders, checkout, and the admins' status endpoint.
import { UpstreamRejection } from '../errors.js';
import type { RestOrder, RestPage } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import { type Window, type WindowSlice, fetchWindow } from './windows.js';

export class OrdersApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  window(window: Window): Promise<WindowSlice<RestOrder>> {
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestOrder[] | RestPage<RestOrder>>(this.caller, { method: 'GET', path: '/api/orders', query: { page, size } }),
      window,
    );
  }

  /** null when there is no such order of the caller's. */
  async byId(id: number): Promise<RestOrder | null> {
    try {
      return await this.rest.call<RestOrder>(this.caller, { method: 'GET', path: `/api/orders/${id}` });
    } catch (error) {
      // 400: the implementation refuses the id itself (ours above 2^31-1), so no order has it.
      if (error instanceof UpstreamRejection && (error.status === 404 || error.status === 403 || error.status === 400)) return null;
      throw error;
    }
  }

  checkout(shippingAddress: string): Promise<RestOrder> {
    return this.rest.call<RestOrder>(this.caller, { method: 'POST', path: '/api/orders/checkout', body: { shippingAddress } });
  }

  changeStatus(id: number, status: string): Promise<RestOrder> {
    return this.rest.call<RestOrder>(this.caller, { method: 'PUT', path: `/api/orders/${id}/status`, body: { status } });
  }
}
