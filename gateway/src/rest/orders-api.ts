// Orders through the contract: /api/orders, checkout, and the admins' status endpoint.
import { GraphQLError } from 'graphql';
import { UpstreamRejection } from '../errors.js';
import { type RestOrder, type RestOrderEvent, type RestOrderPage, type RestPage, isPage } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import { type Window, type WindowSlice, fetchWindow } from './plain-contract/list-pages.js';

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
   * status and to what a search finds, with how many each status has. `scope=all` is an extension: a contract
   * without it answers the caller's own list, whole, which cannot stand in for everyone's — so that is refused,
   * plainly. `search` is one too: an implementation that ignored it would answer every order as if found, so a page
   * that does not say what it searched for is refused as well.
   */
  async everyone(
    window: Window,
    narrowing: { status?: string | undefined; search?: string | undefined } = {},
  ): Promise<WindowSlice<RestOrder> & { countsByStatus?: Record<string, number> }> {
    const { status, search } = narrowing;
    let countsByStatus: Record<string, number> | undefined;
    let lacksTheList = false;
    let ignoredTheSearch = false;
    const slice = await fetchWindow(async (page, size) => {
      const answer = await this.rest.call<RestOrder[] | RestOrderPage>(this.caller, {
        method: 'GET',
        path: '/api/orders',
        query: { scope: 'all', status, search, page, size },
      });
      if (!isPage<RestOrder>(answer)) lacksTheList = true;
      else {
        countsByStatus ??= (answer as RestOrderPage).countsByStatus;
        if (search !== undefined && (answer as RestOrderPage).search === undefined) ignoredTheSearch = true;
      }
      return answer;
    }, window);
    if (lacksTheList) {
      throw new GraphQLError(
        "The shop's REST service offers no list of every customer's orders (it lacks the GET /api/orders?scope=all extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
    }
    if (ignoredTheSearch) {
      throw new GraphQLError(
        "The shop's REST service cannot search orders (it lacks the GET /api/orders?search= extension)",
        {
          extensions: { code: 'NOT_SUPPORTED' },
        },
      );
    }
    return { ...slice, countsByStatus };
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
   * What happened to the order (the `order-history` extension): placed, then each move; who moved it for admins.
   * null when the implementation keeps no history, or the order is not the caller's.
   */
  async history(id: number): Promise<RestOrderEvent[] | null> {
    if (!this.rest.offers('order-history')) return null;
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
    integrity: { expectedTotal?: number | undefined; idempotencyKey?: string | undefined } = {},
  ): Promise<{ order: RestOrder; replayed: boolean }> {
    const { body, headers } = await this.rest.answer<RestOrder>(this.caller, {
      method: 'POST',
      path: '/api/orders/checkout',
      body: {
        shippingAddress,
        ...(integrity.expectedTotal === undefined ? {} : { expectedTotal: integrity.expectedTotal }),
      },
      headers: integrity.idempotencyKey === undefined ? undefined : { 'idempotency-key': integrity.idempotencyKey },
    });
    return { order: body, replayed: headers['idempotent-replayed'] === 'true' };
  }

  changeStatus(id: number, status: string): Promise<RestOrder> {
    return this.rest.call<RestOrder>(this.caller, {
      method: 'PUT',
      path: `/api/orders/${id}/status`,
      body: { status },
    });
  }
}
