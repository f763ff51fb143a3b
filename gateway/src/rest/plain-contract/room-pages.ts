// The viewer's chat rooms a page at a time, most recently active first, after or before a place in that order
// (keyset): one call where the contract pages rooms (`size`, `after`, `before` and `unread` on GET /chat/rooms), the
// whole list cut here where it does not (the plain contract), in the same order, so that a cursor means the same
// either way.
import { type RestChatRoom, isPage } from '../contract.js';
import type { Loaders } from '../loaders.js';
import type { RestApi } from '../rest-api.js';
import { unreadCountOf } from './unread-counts.js';

/** Where a room stands in the viewer's list, most recently active first: its latest activity, then its id. */
export interface RoomPlace {
  /** An ISO-8601 time as the contract answers it; empty when it told none. */
  activity: string;
  roomId: number;
}

/** The end of the list, before which its last rooms are. */
export const END = 'end';

export interface RoomPageRequest {
  size: number;
  /** Only rooms after this place in the list. */
  after?: RoomPlace | undefined;
  /** Only the `size` rooms just before this place in the list (or its last ones, before its end). */
  before?: RoomPlace | typeof END | undefined;
  /** Only rooms with unread messages. */
  unreadOnly: boolean;
}

export interface RoomPage {
  /** In the list's order, whichever way it was read. */
  rooms: RestChatRoom[];
  /** More rooms lie beyond the page, in the direction it was read (after it, or before it for `before`). */
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

const written = (place: RoomPlace) => `${place.activity},${place.roomId}`;

export async function loadRoomPage(api: RestApi, loaders: Loaders, request: RoomPageRequest): Promise<RoomPage> {
  const { after, before, unreadOnly } = request;
  // The contract serves pages of 1 to 100; `first: 0` still learns from one room whether any follow.
  const answer = await api.chat.roomPage({
    size: Math.max(request.size, 1),
    after: after ? written(after) : undefined,
    before: before === undefined ? undefined : before === END ? END : written(before),
    unread: unreadOnly,
  });
  if (isPage<RestChatRoom>(answer)) {
    const honoured =
      // Whether `before` was honoured cannot be told from the rooms (before the end, any rooms would do).
      (before === undefined || api.chat.pagesBothWays()) &&
      answer.content.every((room) => !after || compareRoomPlaces(roomPlaceOf(room), after) > 0) &&
      answer.content.every((room) => !before || before === END || compareRoomPlaces(roomPlaceOf(room), before) < 0) &&
      answer.content.every((room) => !unreadOnly || room.unreadCount !== 0);
    if (honoured) {
      // Read back from a place, the page is the rooms nearest it: the last of the answer.
      const rooms = before
        ? answer.content.slice(Math.max(0, answer.content.length - request.size))
        : answer.content.slice(0, request.size);
      // The page counts what it was cut from: after (or before) a place, only the rooms beyond it.
      const counted = answer.totalElements ?? answer.content.length;
      const wholeList = !after && (!before || before === END);
      return { rooms, hasMore: counted > rooms.length, totalCount: wholeList ? counted : undefined };
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
  const counts = await Promise.all(list.map((room) => unreadCountOf(loaders, room)));
  return counts.filter((count) => count > 0).length;
}

/**
 * The page cut from every room, in the list's order. With `unreadOnly` each room's count may be one call (the plain
 * contract tells none on the room): rooms are looked at in the direction of reading (from the place outwards), a
 * batch at a time, until one more than the page is found.
 */
async function cutFromList(
  list: readonly RestChatRoom[],
  loaders: Loaders,
  { size, after, before, unreadOnly }: RoomPageRequest,
): Promise<RoomPage> {
  const ordered = [...list].sort((a, b) => compareRoomPlaces(roomPlaceOf(a), roomPlaceOf(b)));
  const beyond = ordered.filter(
    (room) =>
      (!after || compareRoomPlaces(roomPlaceOf(room), after) > 0) &&
      (!before || before === END || compareRoomPlaces(roomPlaceOf(room), before) < 0),
  );
  // Nearest the place first.
  const inReadingOrder = before ? beyond.reverse() : beyond;
  const inListOrder = (rooms: RestChatRoom[]) => (before ? rooms.reverse() : rooms);
  if (!unreadOnly) {
    return {
      rooms: inListOrder(inReadingOrder.slice(0, size)),
      hasMore: inReadingOrder.length > size,
      totalCount: list.length,
    };
  }
  const found: RestChatRoom[] = [];
  let looked = 0;
  while (looked < inReadingOrder.length && found.length <= size) {
    const batch = inReadingOrder.slice(looked, looked + UNREAD_LOOKUP_BATCH);
    const counts = await Promise.all(batch.map((room) => unreadCountOf(loaders, room)));
    found.push(...batch.filter((_room, index) => counts[index]! > 0));
    looked += batch.length;
  }
  const everyRoomLooked = !after && (!before || before === END) && looked === inReadingOrder.length;
  return {
    rooms: inListOrder(found.slice(0, size)),
    hasMore: found.length > size,
    totalCount: everyRoomLooked ? found.length : undefined,
  };
}
