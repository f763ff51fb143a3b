// Order state shared by the order desk and the live updates: what an order's move (or a new order) changes in the
// admins' cached lists besides the order itself (which normalization writes): which status tabs hold it, and how
// many each status counts. Also which orders arrived while the desk was open, to mark them new.
import { type ApolloCache, type Reference, makeVar } from '@apollo/client';

/** Orders placed since this page was loaded: the desk marks them New until someone acts on them. */
export const newOrderIds = makeVar<ReadonlySet<string>>(new Set());

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

/** The status a cached `orders` list is narrowed to: `orders:{"status":"PENDING"}` → PENDING; none → every status. */
function statusOfList(storeFieldName: string): string | null {
  const start = storeFieldName.indexOf('{');
  if (start < 0) return null;
  try {
    return (JSON.parse(storeFieldName.slice(start)) as { status?: string | null }).status ?? null;
  } catch {
    return null;
  }
}

/**
 * An order moved from `previousStatus` (undefined: it is new to this cache) to `order.status`, or was placed: every
 * loaded desk list gains or loses it as its status now says, newest first, and the counts follow.
 */
export function applyOrderChange(cache: ApolloCache, order: { id: string; number: number; status: string }, previousStatus: string | undefined): void {
  const orderRef = cache.identify({ __typename: 'Order', id: order.id });
  if (!orderRef) return;
  cache.modify<{ orders: StoredOrderConnection }>({
    id: 'ROOT_QUERY',
    fields: {
      orders(existing, { storeFieldName, readField, toReference, isReference }) {
        if (isReference(existing) || !existing?.edges) return existing;
        const narrowedTo = statusOfList(storeFieldName);
        const belongs = narrowedTo === null || narrowedTo === order.status;
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
          existing.countsByStatus && previousStatus !== order.status
            ? existing.countsByStatus.map((entry) => ({
                ...entry,
                count: entry.count + (entry.status === order.status ? 1 : 0) - (entry.status === previousStatus ? 1 : 0),
              }))
            : existing.countsByStatus;
        return { ...existing, edges, totalCount, countsByStatus };
      },
    },
  });
}
