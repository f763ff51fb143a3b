// Per-request batching and caching (DataLoader): each upstream answer is fetched at most once per GraphQL
// request, lists prime the by-id loaders, and the by-id loaders batch into one call where the contract allows.
import DataLoader from 'dataloader';
import type { RestApi } from './rest-api.js';
import type { RestCart, RestChatRoom, RestChatUser, RestOrder, RestProduct, RestUser } from './contract.js';

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
  clear(): void {
    this.value = undefined;
  }
}

export function createLoaders(api: RestApi) {
  const productById = new DataLoader<number, RestProduct | null>(
    async (ids) => {
      if (ids.length === 1) return [await api.products.byId(ids[0]!)];
      const found = await api.products.byIds(ids);
      return ids.map((id) => found.get(id) ?? null);
    },
    { maxBatchSize: 100 },
  );
  const orderById = new DataLoader<number, RestOrder | null>((ids) => Promise.all(ids.map((id) => api.orders.byId(id))));
  const rooms = new Once<RestChatRoom[]>(() => api.chat.rooms());
  // Rooms known without asking, e.g. from a subscription event.
  const knownRooms = new Map<number, RestChatRoom>();
  // Only needed where the contract's rooms carry no unreadCount (the extension is off).
  const unreadCountByRoomId = new DataLoader<number, number>((ids) => Promise.all(ids.map((id) => api.chat.unreadCount(id))));

  return {
    productById,
    orderById,
    unreadCountByRoomId,
    profile: new Once<RestUser>(() => api.users.profile()),
    cart: new Once<RestCart>(() => api.cart.get()),
    rooms,
    chatUsers: new Once<RestChatUser[]>(() => api.chat.users()),
    primeProducts(products: readonly RestProduct[]) {
      for (const product of products) productById.clear(product.id).prime(product.id, product);
    },
    primeOrders(orders: readonly RestOrder[]) {
      for (const order of orders) orderById.clear(order.id).prime(order.id, order);
    },
    async roomById(roomId: number): Promise<RestChatRoom | undefined> {
      return knownRooms.get(roomId) ?? (await rooms.get()).find((room) => room.id === roomId);
    },
    primeRoom(room: RestChatRoom) {
      knownRooms.set(room.id, room);
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
