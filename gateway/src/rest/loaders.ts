// Per-request batching and caching (DataLoader): the same upstream answer is fetched at most once per GraphQL
// request, lists prime the by-id loaders, and the by-id loaders batch into one call where the contract allows
// (products and chat rooms by `ids`; orders and single messages have no batch call and cost one call each).
import DataLoader from 'dataloader';
import type { RestApi } from './rest-api.js';
import { UpstreamRejection } from '../errors.js';
import type {
  RestCart,
  RestChatRoom,
  RestChatUser,
  RestCategory,
  RestMessage,
  RestOrder,
  RestProduct,
  RestUser,
} from './contract.js';
import { productsByIds, roomsByIds } from './plain-contract/by-ids.js';
import { type History, type NewerMessages, loadHistory, loadNewer } from './plain-contract/message-history.js';

/** A page of a room's messages: `count` before a message (the newest without one), or after one (0: the first). */
export type MessagePageBounds = OlderMessagesBounds | NewerMessagesBounds;
export type OlderMessagesBounds = { direction: 'older'; count: number; beforeId: number | undefined };
export type NewerMessagesBounds = { direction: 'newer'; count: number; afterId: number };

/** One lazily fetched answer per request, which a mutation's answer can replace. */
export class Once<T> {
  private value: Promise<T> | undefined;
  constructor(private readonly fetch: () => Promise<T>) {}
  get(): Promise<T> {
    this.value ??= this.fetch();
    return this.value;
  }
  prime(value: T): void {
    this.value = Promise.resolve(value);
  }
  /** The answer if it was asked for (or primed) in this request; undefined otherwise, without asking. */
  peek(): Promise<T> | undefined {
    return this.value;
  }
  clear(): void {
    this.value = undefined;
  }
}

/** REST's refusal of a room by its id (400: an id no room can have; 403: not the caller's; 404: none) means no room. */
function refusedRoom(error: unknown): null {
  if (error instanceof UpstreamRejection && [400, 403, 404].includes(error.status)) return null;
  throw error;
}

export function createLoaders(api: RestApi) {
  const productById = new DataLoader<number, RestProduct | null>(
    async (ids) => {
      if (ids.length === 1) return [await api.products.byId(ids[0]!)];
      const found = await productsByIds(api, ids);
      return ids.map((id) => found.get(id) ?? null);
    },
    { maxBatchSize: 100 },
  );
  const orderById = new DataLoader<number, RestOrder | null>((ids) =>
    Promise.all(ids.map((id) => api.orders.byId(id))),
  );
  const rooms = new Once<RestChatRoom[]>(() => api.chat.rooms());
  // Rooms known without asking, e.g. from a subscription event or a page of rooms.
  const knownRooms = new Map<number, RestChatRoom>();
  // Only needed where the contract's rooms carry no unreadCount (the extension is off): plain-contract's unreadCountOf.
  const unreadCountByRoomId = new DataLoader<number, number>((ids) =>
    Promise.all(ids.map((id) => api.chat.unreadCount(id))),
  );
  // Rooms by id in one call where the contract takes `ids` (extension): a user may have thousands of rooms. The plain
  // contract ignores `ids` and answers every room, which then serves the request as the whole list (roomsByIds).
  const roomsOf = async (ids: readonly number[]): Promise<(RestChatRoom | null)[]> => {
    try {
      return await roomsByIds(api, ids, rooms);
    } catch (error) {
      // A 400 refuses an id itself (ours above 2^31-1): no room has it. One by one, the others are still found.
      if (!(error instanceof UpstreamRejection && error.status === 400)) throw error;
      return ids.length === 1 ? [null] : (await Promise.all(ids.map((id) => roomsOf([id])))).flat();
    }
  };
  const roomsById = new DataLoader<number, RestChatRoom | null>(roomsOf, { maxBatchSize: 100 });
  // Rooms asked for with their latest messages (extension messages-room): null where REST refused the room (not the
  // caller's, or no such room), undefined where the answer did not carry it.
  const roomsWithPages = new Map<number, Promise<RestChatRoom | null | undefined>>();

  const roomById = async (roomId: number): Promise<RestChatRoom | undefined> => {
    const known = knownRooms.get(roomId);
    if (known) return known;
    const withPage = await roomsWithPages.get(roomId);
    if (withPage !== undefined) return withPage ?? undefined;
    // The whole list, when this request has it already (chatRooms, or the plain contract's answer).
    const listed = rooms.peek();
    if (listed) return (await listed).find((room) => room.id === roomId);
    return (await roomsById.load(roomId)) ?? undefined;
  };

  // One message, found through its room's history (the contract has no call for a single message); keyed
  // "roomId.messageId", so asking for the same message twice costs one lookup.
  const messageByKey = new DataLoader<string, RestMessage | null>((keys) =>
    Promise.all(
      keys.map(async (key) => {
        const [roomId, messageId] = key.split('.').map(Number) as [number, number];
        if (!(await roomById(roomId))) return null;
        try {
          const { messages } = await loadHistory(api, roomId, 1, messageId + 1);
          return messages.find((message) => message.id === messageId) ?? null;
        } catch (error) {
          // A 400 refuses the id itself as a `before` bound (ours above 2^31-1): no message has it.
          if (error instanceof UpstreamRejection && error.status === 400) return null;
          throw error;
        }
      }),
    ),
  );

  // A room's page of messages, once per request: node(id) starts it when the query asks for the room's messages
  // (resolvers/chat.ts), so an opened chat waits for one round trip, not two. `withRoom`: the room's latest page asks
  // for the room in the same answer (messages-room), and roomById waits for that answer instead of a call of its own.
  const messagePages = new Map<string, Promise<History | NewerMessages>>();
  function messagePage(roomId: number, bounds: OlderMessagesBounds, withRoom?: boolean): Promise<History>;
  function messagePage(roomId: number, bounds: NewerMessagesBounds): Promise<NewerMessages>;
  function messagePage(roomId: number, bounds: MessagePageBounds, withRoom?: boolean): Promise<History | NewerMessages>;
  function messagePage(roomId: number, bounds: MessagePageBounds, withRoom = false): Promise<History | NewerMessages> {
    const key = `${roomId}:${bounds.direction}:${bounds.count}:${bounds.direction === 'older' ? bounds.beforeId : bounds.afterId}`;
    let page = messagePages.get(key);
    if (!page) {
      if (bounds.direction === 'newer') page = loadNewer(api, roomId, bounds.count, bounds.afterId);
      else if (withRoom && bounds.beforeId === undefined && !roomsWithPages.has(roomId)) {
        const history = loadHistory(api, roomId, bounds.count, undefined, true);
        const room = history.then((answer) => answer.room, refusedRoom);
        // Awaited by roomById when the room is asked for; its failure is reported there, or by the page's resolver.
        room.catch(() => undefined);
        roomsWithPages.set(roomId, room);
        page = history;
      } else page = loadHistory(api, roomId, bounds.count, bounds.beforeId);
      messagePages.set(key, page);
    }
    return page;
  }

  return {
    productById,
    messageByKey,
    messagePage,
    orderById,
    unreadCountByRoomId,
    profile: new Once<RestUser>(() => api.users.profile()),
    cart: new Once<RestCart>(() => api.cart.get()),
    rooms,
    chatUsers: new Once<RestChatUser[]>(() => api.chat.users()),
    // The whole tree, once a request: every category field reads it (extension product-categories).
    categories: new Once<RestCategory[]>(() => api.categories.list()),
    primeProducts(products: readonly RestProduct[]) {
      for (const product of products) productById.clear(product.id).prime(product.id, product);
    },
    primeOrders(orders: readonly RestOrder[]) {
      for (const order of orders) orderById.clear(order.id).prime(order.id, order);
    },
    roomById,
    primeRoom(room: RestChatRoom) {
      knownRooms.set(room.id, room);
    },
    /** A mutation changed rooms (a message, a new room, a read): what this request knew of them is asked afresh. */
    roomsChanged() {
      rooms.clear();
      roomsById.clearAll();
      knownRooms.clear();
      messagePages.clear();
      roomsWithPages.clear();
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
