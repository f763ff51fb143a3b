// Order state shared by the order desk and the live updates: what an order's move (or a new order) changes in the
// admins' cached lists besides the order itself (which normalization writes): which status tabs and searches hold
// it, and how many each status counts. Also which orders arrived while the desk was open, to mark them new.
import { gql, type ApolloCache, type Reference, type TypedDocumentNode, makeVar } from '@apollo/client';
import { type OrderSearch, checkOrderSearch, matchesOrderSearch } from '@shop-rules/order-rules';
import { isRuleViolation } from '@shop-rules/rule-violation';
import { OrderStatusOfFragmentDoc } from '../gql/graphql';

if (false) {
  gql`
    fragment OrderStatusOf on Order {
      status
    }
  `;
}

/** Orders placed since this page was loaded: the desk marks them New until someone acts on them. */
export const newOrderIds = makeVar<ReadonlySet<string>>(new Set());

/** The session ended (or another one began): the orders marked New were that session's. */
export function forgetNewOrders(): void {
  newOrderIds(new Set());
}

export function forgetNewOrder(id: string): void {
  const current = newOrderIds();
  if (!current.has(id)) return;
  const next = new Set(current);
  next.delete(id);
  newOrderIds(next);
}

interface StoredOrderConnection {
  edges: readonly { __typename?: string; cursor: string; node: Reference }[];
  totalCount?: number;
  countsByStatus?: readonly { __typename?: string; status: string; count: number }[] | null;
  pageInfo?: { hasNextPage?: boolean };
}

/** An order as the desk's lists are narrowed by: its status, and what a search finds it by. */
export interface ListedOrder {
  id: string;
  number: number;
  status: string;
  customerUsername?: string | null | undefined;
}

/**
 * What a cached `orders` list is narrowed to, read off its key: `orders:{"status":"PENDING","search":"ada"}` → the
 * pending orders that the search "ada" finds; no status → every status, no search → every order.
 */
function narrowingOfList(storeFieldName: string): { status: string | null; search: OrderSearch | undefined } {
  const start = storeFieldName.indexOf('{');
  if (start < 0) return { status: null, search: undefined };
  try {
    const args = JSON.parse(storeFieldName.slice(start)) as { status?: string | null; search?: string | null };
    const search = checkOrderSearch(args.search ?? '');
    return { status: args.status ?? null, search: isRuleViolation(search) ? undefined : search };
  } catch {
    return { status: null, search: undefined };
  }
}

/**
 * An order moved from `previousStatus` (undefined: it is new to this cache) to `order.status`, or was placed: every
 * loaded desk list gains or loses it as its status now says, newest first, and the counts follow.
 */
export function applyOrderChange(cache: ApolloCache, order: ListedOrder, previousStatus: string | undefined): void {
  const orderRef = cache.identify({ __typename: 'Order', id: order.id });
  if (!orderRef) return;
  cache.modify<{ orders: StoredOrderConnection }>({
    id: 'ROOT_QUERY',
    fields: {
      orders(existing, { storeFieldName, readField, toReference, isReference }) {
        if (isReference(existing) || !existing?.edges) return existing;
        const narrowedTo = narrowingOfList(storeFieldName);
        // A searched list holds, and counts, only the orders its search finds (the REST service's test, shared).
        const found = narrowedTo.search === undefined || matchesOrderSearch(narrowedTo.search, order);
        const belongs = found && (narrowedTo.status === null || narrowedTo.status === order.status);
        const present = existing.edges.some((edge) => readField('id', edge.node) === order.id);
        let { edges } = existing;
        let totalCount = existing.totalCount ?? edges.length;
        if (belongs && !present) {
          // In number order (newest first), among what is loaded; beyond the loaded pages it is only counted.
          const numberOf = (edge: { node: Reference }) => readField<number>('number', edge.node) ?? 0;
          const at = edges.findIndex((edge) => numberOf(edge) < order.number);
          const fitsLoaded = at >= 0 || !existing.pageInfo?.hasNextPage;
          if (fitsLoaded) {
            const edge = { __typename: 'OrderEdge', cursor: '', node: toReference(orderRef)! };
            edges = at < 0 ? [...edges, edge] : [...edges.slice(0, at), edge, ...edges.slice(at)];
          }
          totalCount += 1;
        } else if (!belongs && present) {
          edges = edges.filter((edge) => readField('id', edge.node) !== order.id);
          totalCount -= 1;
        }
        const countsByStatus =
          found && existing.countsByStatus && previousStatus !== order.status
            ? existing.countsByStatus.map((entry) => ({
                ...entry,
                count:
                  entry.count + (entry.status === order.status ? 1 : 0) - (entry.status === previousStatus ? 1 : 0),
              }))
            : existing.countsByStatus;
        return { ...existing, edges, totalCount, countsByStatus };
      },
    },
  });
}

/**
 * An order arrived, from a move's answer or from an `orderUpdated` event: writes it and moves it between the desk's
 * lists and counts. The two often both arrive for one move, in either order: the status is read from the cache
 * before writing, so the second finds it already there and counts nothing again. Gives the status it had before
 * (undefined: this cache did not know the order).
 */
export function receiveOrder<Order extends ListedOrder>(
  cache: ApolloCache,
  fragment: TypedDocumentNode<Order>,
  /** The fragment's own name: its document also holds the fragments it spreads (MoneyFields). */
  fragmentName: string,
  order: Order,
): string | undefined {
  const id = cache.identify({ __typename: 'Order', id: order.id });
  const previous = cache.readFragment({ id, fragment: OrderStatusOfFragmentDoc, returnPartialData: true })?.status;
  // The callers pass what an @unmask spread gave them: all of the fragment's fields, which TypeScript cannot see
  // through a generic.
  cache.writeFragment({ id, fragment, fragmentName, data: order as never });
  applyOrderChange(cache, order, previous);
  return previous;
}
