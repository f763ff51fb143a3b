// The normalized cache is the client's state: every screen reads it, and mutation payloads and subscription events
// write it. The policies here are the few places where the cache must know more than the schema tells it.
import { InMemoryCache, type FieldFunctionOptions, type Reference, type StoreObject } from '@apollo/client';
import { type RelayFieldPolicy, relayStylePagination } from '@apollo/client/utilities';
import { type Money, type MoneyObject, isMoney, sumOf, timesQuantity } from '../lib/money';

/** Every type that implements Node, so `node(id)` fragments match and cached objects are found by id. */
export const NODE_TYPES = ['Product', 'User', 'ChatUser', 'Cart', 'Order', 'ChatRoom', 'Message'] as const;

/**
 * Pages of a list read by keyset (the chat rooms), merged as relayStylePagination merges them, each node once: a
 * room the cache put on top (a new chat that already existed further down) may come again in a later page; the one
 * already shown stays.
 */
function eachNodeOnce(policy: RelayFieldPolicy<Reference>): RelayFieldPolicy<Reference> {
  const merge = policy.merge as Extract<RelayFieldPolicy<Reference>['merge'], (...args: never[]) => unknown>;
  return {
    ...policy,
    merge(existing, incoming, options) {
      const merged = merge(existing, incoming, options);
      if (!merged) return merged;
      const seen = new Set<string>();
      const edges = merged.edges.filter((edge) => {
        const node = 'node' in edge ? edge.node : edge;
        if (seen.has(node.__ref)) return false;
        seen.add(node.__ref);
        return true;
      });
      return edges.length === merged.edges.length ? merged : { ...merged, edges };
    },
  };
}

/**
 * A cart line's unit price follows its product's price in the cache (live through productUpdated), as on the server.
 */
function liveUnitPrice(
  existing: MoneyObject | undefined,
  { readField }: FieldFunctionOptions,
): MoneyObject | undefined {
  const product = readField<Reference | null>('product');
  const current = product ? readField<MoneyObject>('unitPrice', product) : undefined;
  return isMoney(current) ? current : existing;
}

export function createShopCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: { Node: [...NODE_TYPES] },
    typePolicies: {
      Query: {
        fields: {
          // The filter and the order are part of the list's identity; pages of one list are merged into one.
          products: relayStylePagination(['filter', 'sort', 'search']),
          // Every customer's orders (the admins' desk): one list per status tab and search, pages of a list merged.
          orders: relayStylePagination(['status', 'search']),
          // The reported messages of one outcome (the moderators' screen): pages of a list merged.
          chatReports: relayStylePagination(['status']),
          // A product seen anywhere (a listing card) answers product(id) at once, with no request.
          product: {
            read(existing: Reference | null | undefined, { args, toReference, canRead }) {
              if (existing !== undefined || !args?.id) return existing;
              const cached = toReference({ __typename: 'Product', id: args.id as string });
              return cached && canRead(cached) ? cached : undefined;
            },
          },
          // Global ids are unique across types: whatever is cached under the id answers node(id).
          node: {
            read(existing: Reference | null | undefined, { args, toReference, canRead, readField }) {
              if (existing !== undefined || !args?.id) return existing;
              for (const type of NODE_TYPES) {
                const reference = toReference({ __typename: type, id: args.id as string });
                // The viewer is cached under one key whatever its id: only an object with this very id answers.
                if (reference && canRead(reference) && readField('id', reference) === args.id) return reference;
              }
              return undefined;
            },
          },
        },
      },
      // The only User the graph serves is the viewer: one entity, whether or not a query asks its id. A logout
      // clears the whole cache, so two people never share it.
      User: {
        keyFields: [],
        fields: {
          orders: relayStylePagination(),
          // The sidebar's rooms, pages merged; the unreadOnly list (the room to open) is a list of its own.
          chatRoomConnection: eachNodeOnce(relayStylePagination(['unreadOnly'])),
          blockedUsers: { merge: false },
        },
      },
      // Someone the viewer blocked is known by their username, as the shop knows them; every answer lists them all.
      BlockedUser: { keyFields: ['username'] },
      // The viewer's report of a message lives inside the message: a decision's status replaces the one before.
      ChatReport: { merge: true },
      Preferences: { merge: true },
      // A product's categories as the shop last said: a new list replaces the old one (fewer categories lose nothing).
      Product: { fields: { categories: { merge: false } } },
      // Money needs no policy: without an id, each amount is stored inside the object it prices, and a new one
      // replaces it whole, never merged field by field with the old (new digits beside old minor units). Every web
      // document selects all of a Money's fields (tests/generated/web-documents.test.ts), so nothing is lost.
      ChatRoom: {
        fields: {
          messages: relayStylePagination(),
        },
      },
      // Cart lines have no id of their own: they live inside their cart, and their money follows the product,
      // computed in minor units.
      CartItem: {
        fields: {
          unitPrice: { read: liveUnitPrice },
          lineTotal: {
            read(existing: MoneyObject | undefined, { readField }) {
              const unitPrice = readField<MoneyObject>('unitPrice');
              const quantity = readField<number>('quantity');
              if (!isMoney(unitPrice) || typeof quantity !== 'number') return existing;
              return timesQuantity(unitPrice, quantity);
            },
          },
        },
      },
      Cart: {
        fields: {
          // Every cart answer carries all its lines: the new list replaces the old.
          items: { merge: false },
          total: {
            read(existing: MoneyObject | undefined, { readField }) {
              const items = readField<readonly StoreObject[]>('items');
              if (!items || !existing) return existing;
              const lineTotals = items.map((item) => readField<Money>('lineTotal', item));
              if (!lineTotals.every(isMoney)) return existing;
              return sumOf(lineTotals, existing.currencyCode);
            },
          },
        },
      },
    },
  });
}
