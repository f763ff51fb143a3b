// Orders where the implementation lacks an extension: every customer's orders (`scope=all`) and their search are
// refused (NOT_SUPPORTED) rather than answered with something else, and an order's history is null where none is kept.
import { GraphQLError } from 'graphql';
import { type RestOrder, type RestOrderEvent, type RestOrderPage, isPage } from '../contract.js';
import type { RestApi } from '../rest-api.js';
import { type Window, type WindowSlice, fetchWindow } from './list-pages.js';

/**
 * A window of every customer's orders, read through `fetchPage` (GET /api/orders?scope=all…), with how many each
 * status has. `scope=all` is an extension: a contract without it answers the caller's own list, whole, which cannot
 * stand in for everyone's — so that is refused, plainly. `search` is one too (`searching`: the pages were asked to
 * search): an implementation that ignored it would answer every order as if found, so a page that does not say what it
 * searched for is refused as well.
 */
export async function windowOfEveryonesOrders(
  fetchPage: (page: number, size: number) => Promise<RestOrder[] | RestOrderPage>,
  window: Window,
  searching: boolean,
): Promise<WindowSlice<RestOrder> & { countsByStatus?: Record<string, number> }> {
  let countsByStatus: Record<string, number> | undefined;
  let lacksTheList = false;
  let ignoredTheSearch = false;
  const slice = await fetchWindow(async (page, size) => {
    const answer = await fetchPage(page, size);
    if (!isPage<RestOrder>(answer)) lacksTheList = true;
    else {
      countsByStatus ??= (answer as RestOrderPage).countsByStatus;
      if (searching && (answer as RestOrderPage).search === undefined) ignoredTheSearch = true;
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

/**
 * What happened to the order (the `order-history` extension): placed, then each move; who moved it for admins.
 * null, without asking, where the implementation keeps no history; null too where the order is not the caller's.
 */
export async function orderHistory(api: RestApi, id: number): Promise<RestOrderEvent[] | null> {
  if (!api.orders.keepsHistory()) return null;
  return api.orders.history(id);
}
