// The viewer's chat rooms a page at a time, most recently active first, after a place in that order (keyset): one
// call where the contract pages rooms (`size`, `after` and `unread` on GET /chat/rooms, DESIGN §4), the whole list
// cut here where it does not (the plain contract), in the same order, so that a cursor means the same either way.
import { type RestChatRoom, isPage } from './contract.js';
import type { Loaders } from './loaders.js';
import type { RestApi } from './rest-api.js';

/** Where a room stands in the viewer's list, most recently active first: its latest activity, then its id. */
export interface RoomPlace {
  /** An ISO-8601 time as the contract answers it; empty when it told none. */
  activity: string;
  roomId: number;
}

export interface RoomPageRequest {
  size: number;
  /** Only rooms after this place in the list. */
  after?: RoomPlace | undefined;
  /** Only rooms with unread messages. */
  unreadOnly: boolean;
}

export interface RoomPage {
  rooms: RestChatRoom[];
  /** More rooms follow the page. */
  hasMore: boolean;
  /** How many rooms the whole list has (rooms with unread messages, for `unreadOnly`); undefined where not told. */
  totalCount: number | undefined;
}

/** A room's place: the contract's lastActivityAt where it tells it, else its latest message's time or its creation. */
export function roomPlaceOf(room: RestChatRoom): RoomPlace {
  return { activity: room.lastActivityAt ?? room.lastMessageTime ?? room.createdAt ?? '', roomId: room.id };
}

const timeOf = (activity: string) => {
  const time = Date.parse(activity);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/** Negative when `a` comes first: the more recently active, and among rooms equally recent the newer (higher id). */
export function compareRoomPlaces(a: RoomPlace, b: RoomPlace): number {
  return timeOf(b.activity) - timeOf(a.activity) || b.roomId - a.roomId;
}

/** Rooms whose unread counts are asked for at once when the plain contract makes the gateway look for unread ones. */
const UNREAD_LOOKUP_BATCH = 20;

export async function loadRoomPage(api: RestApi, loaders: Loaders, request: RoomPageRequest): Promise<RoomPage> {
  const { after, unreadOnly } = request;
  // The contract serves pages of 1 to 100; `first: 0` still learns from one room whether any follow.
  const answer = await api.chat.roomPage({
    size: Math.max(request.size, 1),
    after: after ? `${after.activity},${after.roomId}` : undefined,
    unread: unreadOnly,
  });
  if (isPage<RestChatRoom>(answer)) {
    const honoured =
      answer.content.every((room) => !after || compareRoomPlaces(roomPlaceOf(room), after) > 0) &&
      answer.content.every((room) => !unreadOnly || room.unreadCount !== 0);
    if (honoured) {
      const rooms = answer.content.slice(0, request.size);
      // The page counts what it was cut from: after a place, only the rooms that follow it.
      const counted = answer.totalElements ?? answer.content.length;
      return { rooms, hasMore: counted > rooms.length, totalCount: after ? undefined : counted };
    }
    // Paged, but without `after` or `unread` (another implementation): the whole list, as on the plain contract.
    return cutFromList(await loaders.rooms.get(), loaders, request);
  }
  const list = Array.isArray(answer) ? answer : [];
  loaders.rooms.prime(list);
  return cutFromList(list, loaders, request);
}

/** How many rooms the whole list has (with unread messages, for `unreadOnly`): for a page that did not say. */
export async function countRooms(api: RestApi, loaders: Loaders, unreadOnly: boolean): Promise<number> {
  const answer = await api.chat.roomPage({ size: 1, unread: unreadOnly });
  if (isPage<RestChatRoom>(answer) && answer.content.every((room) => !unreadOnly || room.unreadCount !== 0)) {
    return answer.totalElements ?? answer.content.length;
  }
  const list = isPage<RestChatRoom>(answer) ? await loaders.rooms.get() : Array.isArray(answer) ? answer : [];
  if (!unreadOnly) return list.length;
  const counts = await Promise.all(list.map((room) => loaders.unreadCountOf(room)));
  return counts.filter((count) => count > 0).length;
}

/**
 * The page cut from every room, in the list's order. With `unreadOnly` each room's count may be one call (the plain
 * contract tells none on the room): rooms are looked at in order, a batch at a time, until one more than the page
 * is found.
 */
async function cutFromList(list: readonly RestChatRoom[], loaders: Loaders, { size, after, unreadOnly }: RoomPageRequest): Promise<RoomPage> {
  const ordered = [...list].sort((a, b) => compareRoomPlaces(roomPlaceOf(a), roomPlaceOf(b)));
  const following = after ? ordered.filter((room) => compareRoomPlaces(roomPlaceOf(room), after) > 0) : ordered;
  if (!unreadOnly) {
    return { rooms: following.slice(0, size), hasMore: following.length > size, totalCount: list.length };
  }
  const found: RestChatRoom[] = [];
  let looked = 0;
  while (looked < following.length && found.length <= size) {
    const batch = following.slice(looked, looked + UNREAD_LOOKUP_BATCH);
    const counts = await Promise.all(batch.map((room) => loaders.unreadCountOf(room)));
    found.push(...batch.filter((_room, index) => counts[index]! > 0));
    looked += batch.length;
  }
  const everyRoomLooked = !after && looked === following.length;
  return { rooms: found.slice(0, size), hasMore: found.length > size, totalCount: everyRoomLooked ? found.length : undefined };
}
