// Orders through the contract: /api/orders, checkout, and the admins' status endpoint.
import { GraphQLError } from 'graphql';
import { UpstreamRejection } from '../errors.js';
import type { RestCart, RestNotAddedLine, RestOrder, RestOrderEvent, RestOrderPage, RestPage } from './contract.js';
import { type Window, type WindowSlice, fetchWindow } from './plain-contract/list-pages.js';
import { windowOfEveryonesOrders } from './plain-contract/orders.js';
import type { Caller, RestClient } from './rest-client.js';

/** What our REST service names a buyer's cancellation of their own order in its Contract-Extensions. */
export const BUYER_CANCELLATION = 'buyer-cancellation';
/** … and the putting of an old order's lines into the cart. */
export const ORDER_AGAIN = 'order-again';

export class OrdersApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  window(window: Window): Promise<WindowSlice<RestOrder>> {
    return fetchWindow(
      (page, size) =>
        this.rest.call<RestOrder[] | RestPage<RestOrder>>(this.caller, {
          method: 'GET',
          path: '/api/orders',
          query: { page, size },
        }),
      window,
    );
  }

  /**
   * Every customer's orders, newest first (admins; the REST service answers 403 to anyone else), narrowed to one
   * status and to what a search finds, with how many each status has (extensions: refused where the implementation
   * lacks them).
   */
  everyone(
    window: Window,
    narrowing: { status?: string | undefined; search?: string | undefined } = {},
  ): Promise<WindowSlice<RestOrder> & { countsByStatus?: Record<string, number> }> {
    const { status, search } = narrowing;
    return windowOfEveryonesOrders(
      (page, size) =>
        this.rest.call<RestOrder[] | RestOrderPage>(this.caller, {
          method: 'GET',
          path: '/api/orders',
          query: { scope: 'all', status, search, page, size },
        }),
      window,
      search !== undefined,
    );
  }

  /** null when there is no such order of the caller's. */
  async byId(id: number): Promise<RestOrder | null> {
    try {
      return await this.rest.call<RestOrder>(this.caller, { method: 'GET', path: `/api/orders/${id}` });
    } catch (error) {
      // 400: the implementation refuses the id itself (ours above 2^31-1), so no order has it.
      if (error instanceof UpstreamRejection && (error.status === 404 || error.status === 403 || error.status === 400))
        return null;
      throw error;
    }
  }

  /**
   * Whether the implementation keeps each order's history (the `order-history` extension), read off its latest answer.
   */
  keepsHistory(): boolean {
    return this.rest.offers('order-history');
  }

  /**
   * What happened to the order (the `order-history` extension; plain-contract's orderHistory asks only where it is
   * kept): placed, then each move; who moved it for admins. null when the order is not the caller's.
   */
  async history(id: number): Promise<RestOrderEvent[] | null> {
    try {
      return await this.rest.call<RestOrderEvent[]>(this.caller, { method: 'GET', path: `/api/orders/${id}/history` });
    } catch (error) {
      if (error instanceof UpstreamRejection && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  }

  /**
   * Whether the implementation checks the expected total and answers idempotency keys itself, inside the checkout's
   * transaction (the `checkout-integrity` extension, read off its latest answer).
   */
  checksIntegrity(): boolean {
    return this.rest.offers('checkout-integrity');
  }

  /**
   * `expectedTotal` (a body field) and `idempotencyKey` (the Idempotency-Key header) are extensions: our REST service
   * checks the total inside the checkout's transaction and answers a retried key's order (`replayed`); the plain
   * contract ignores both.
   */
  async checkout(
    shippingAddress: string,
    integrity: {
      expectedTotal?: number | undefined;
      idempotencyKey?: string | undefined;
      /** The shipping method and where to (extension shipping); the plain contract has neither. */
      shippingMethodId?: number | undefined;
      shippingCountry?: string | undefined;
      /** How the buyer pays (extension payment); the plain contract takes none. */
      paymentMethod?: string | undefined;
    } = {},
  ): Promise<{ order: RestOrder; replayed: boolean }> {
    const { body, headers } = await this.rest.answer<RestOrder>(this.caller, {
      method: 'POST',
      path: '/api/orders/checkout',
      body: {
        shippingAddress,
        ...(integrity.expectedTotal === undefined ? {} : { expectedTotal: integrity.expectedTotal }),
        ...(integrity.shippingMethodId === undefined ? {} : { shippingMethodId: integrity.shippingMethodId }),
        ...(integrity.shippingCountry === undefined ? {} : { shippingCountry: integrity.shippingCountry }),
        ...(integrity.paymentMethod === undefined ? {} : { paymentMethod: integrity.paymentMethod }),
      },
      headers: integrity.idempotencyKey === undefined ? undefined : { 'idempotency-key': integrity.idempotencyKey },
    });
    return { order: body, replayed: headers['idempotent-replayed'] === 'true' };
  }

  /** Whether the implementation lets a buyer cancel their own order (the `buyer-cancellation` extension). */
  letsBuyersCancel(): boolean {
    return this.rest.offers(BUYER_CANCELLATION);
  }

  /** The caller cancels their own order (the `buyer-cancellation` extension: refused where it is not offered). */
  async cancelOwn(id: number): Promise<RestOrder> {
    // Until an answer has been read, what the implementation offers is unknown: the order's answer tells. Where it is
    // not offered, that answer also settles who asks first: a caller without a valid login hears that.
    if (!this.rest.hasAnswered || !this.letsBuyersCancel()) await this.byId(id);
    if (!this.letsBuyersCancel())
      throw new GraphQLError(
        "The shop's REST service does not let buyers cancel their orders (it lacks the buyer-cancellation extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
    return this.rest.call<RestOrder>(this.caller, { method: 'POST', path: `/api/orders/${id}/cancel` });
  }

  /** Whether the implementation puts an old order's lines into the cart (the `order-again` extension). */
  ordersAgain(): boolean {
    return this.rest.offers(ORDER_AGAIN);
  }

  /** The caller's order's lines into their cart (the `order-again` extension: refused where it is not offered). */
  async orderAgain(id: number): Promise<{ cart: RestCart; notAdded: RestNotAddedLine[] }> {
    // As cancelOwn: the order's answer tells what is offered, and settles who asks first.
    if (!this.rest.hasAnswered || !this.ordersAgain()) await this.byId(id);
    if (!this.ordersAgain())
      throw new GraphQLError(
        "The shop's REST service cannot put an old order into the cart (it lacks the order-again extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
    return this.rest.call(this.caller, { method: 'POST', path: `/api/orders/${id}/order-again` });
  }

  changeStatus(id: number, status: string): Promise<RestOrder> {
    return this.rest.call<RestOrder>(this.caller, {
      method: 'PUT',
      path: `/api/orders/${id}/status`,
      body: { status },
    });
  }
}
