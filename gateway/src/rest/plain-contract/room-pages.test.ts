// A page of the viewer's rooms after a place in the list: asked of the contract where it pages rooms, cut from the
// whole list where it does not (or where it ignored `after` or `unread`), in the same order either way.
import { describe, expect, it } from 'vitest';
import type { RestChatRoom, RestPage } from '../contract.js';
import type { RoomPageQuery } from '../chat-api.js';
import { Once, type Loaders } from '../loaders.js';
import type { RestApi } from '../rest-api.js';
import { compareRoomPlaces, countRooms, loadRoomPage, roomPlaceOf } from './room-pages.js';

const room = (id: number, fields: Partial<RestChatRoom> = {}): RestChatRoom => ({
  id,
  roomName: `friend-${id}`,
  ...fields,
});

/** Rooms as the plain contract tells them: no lastActivityAt, no unreadCount. */
const PLAIN_ROOMS = [
  room(1, { createdAt: '2026-11-20T10:00:00.000Z' }),
  room(2, { createdAt: '2026-11-01T10:00:00.000Z', lastMessageTime: '2026-11-22T10:00:00.000Z' }),
  room(3, { createdAt: '2026-11-21T10:00:00.000Z' }),
  // As recent as room 3: the newer room (4) comes first.
  room(4, { createdAt: '2026-11-02T10:00:00.000Z', lastMessageTime: '2026-11-21T10:00:00.000Z' }),
  // No time told: last.
  room(5),
];
const PLAIN_ORDER = [2, 4, 3, 1, 5];
const UNREAD: Record<number, number> = { 1: 2, 2: 0, 3: 0, 4: 1, 5: 3 };

/** A contract answering `answer` to every room page, and each room's unread count by its own call. */
function fakeContract(answer: (query: RoomPageQuery) => RestChatRoom[] | RestPage<RestChatRoom>) {
  const asked: string[] = [];
  const api = {
    chat: {
      roomPage: async (query: RoomPageQuery) => {
        asked.push(`rooms ${JSON.stringify(query)}`);
        return answer(query);
      },
      rooms: async () => {
        asked.push('every room');
        return PLAIN_ROOMS;
      },
    },
  } as unknown as RestApi;
  const loaders = {
    rooms: new Once(() => api.chat.rooms()),
    unreadCountByRoomId: {
      load: async (roomId: number) => {
        asked.push(`unread ${roomId}`);
        return UNREAD[roomId]!;
      },
    },
  } as unknown as Loaders;
  return { api, loaders, asked };
}

const ids = (rooms: RestChatRoom[]) => rooms.map((each) => each.id);

describe('compareRoomPlaces', () => {
  it('puts the more recently active first, the newer room among equals, and rooms without a time last', () => {
    const ordered = [...PLAIN_ROOMS].sort((a, b) => compareRoomPlaces(roomPlaceOf(a), roomPlaceOf(b)));
    expect(ids(ordered)).toEqual(PLAIN_ORDER);
  });

  it('takes the contract’s lastActivityAt over the last message’s time', () => {
    expect(
      roomPlaceOf(room(9, { lastActivityAt: '2026-11-23T00:00:00.000Z', lastMessageTime: '2026-11-22T00:00:00.000Z' })),
    ).toEqual({
      activity: '2026-11-23T00:00:00.000Z',
      roomId: 9,
    });
  });
});

describe('loadRoomPage on the plain contract', () => {
  const plain = () => fakeContract(() => PLAIN_ROOMS);

  it('cuts the page from the whole list in activity order, and after a place the rooms that follow it', async () => {
    const { api, loaders, asked } = plain();
    const first = await loadRoomPage(api, loaders, { size: 2, unreadOnly: false });
    expect([ids(first.rooms), first.hasMore, first.totalCount]).toEqual([[2, 4], true, 5]);
    const next = await loadRoomPage(api, loaders, { size: 2, after: roomPlaceOf(first.rooms[1]!), unreadOnly: false });
    expect([ids(next.rooms), next.hasMore]).toEqual([[3, 1], true]);
    const last = await loadRoomPage(api, loaders, { size: 2, after: roomPlaceOf(next.rooms[1]!), unreadOnly: false });
    expect([ids(last.rooms), last.hasMore]).toEqual([[5], false]);
    // Each page is asked for as a page; the plain contract answers the whole list every time.
    expect(asked).toEqual([
      'rooms {"size":2,"unread":false}',
      'rooms {"size":2,"after":"2026-11-21T10:00:00.000Z,4","unread":false}',
      'rooms {"size":2,"after":"2026-11-20T10:00:00.000Z,1","unread":false}',
    ]);
  });

  it('unreadOnly: looks at the rooms in order, asking their counts, until one more than the page is found', async () => {
    const { api, loaders, asked } = plain();
    const page = await loadRoomPage(api, loaders, { size: 1, unreadOnly: true });
    expect([ids(page.rooms), page.hasMore, page.totalCount]).toEqual([[4], true, 3]);
    expect(asked.filter((line) => line.startsWith('unread'))).toEqual(PLAIN_ORDER.map((id) => `unread ${id}`));
    const count = await countRooms(api, loaders, true);
    expect(count).toBe(3);
  });
});

describe('loadRoomPage where the contract pages rooms', () => {
  const extended = PLAIN_ROOMS.map((each) => ({
    ...each,
    lastActivityAt: each.lastMessageTime ?? each.createdAt ?? '2026-01-01T00:00:00.000Z',
    unreadCount: UNREAD[each.id],
  }));
  const ordered = [...extended].sort((a, b) => compareRoomPlaces(roomPlaceOf(a), roomPlaceOf(b)));

  it('answers the page as it comes: the first page counts every room, a later one the rooms after its place', async () => {
    const { api, loaders, asked } = fakeContract((query) => {
      const start = query.after
        ? ordered.findIndex((each) => `${each.lastActivityAt},${each.id}` === query.after) + 1
        : 0;
      const rest = ordered.slice(start);
      return {
        content: rest.slice(0, query.size),
        totalElements: rest.length,
        totalPages: Math.ceil(rest.length / query.size),
        number: 0,
        size: query.size,
      };
    });
    const first = await loadRoomPage(api, loaders, { size: 2, unreadOnly: false });
    expect([ids(first.rooms), first.hasMore, first.totalCount]).toEqual([[2, 4], true, 5]);
    const next = await loadRoomPage(api, loaders, { size: 3, after: roomPlaceOf(first.rooms[1]!), unreadOnly: false });
    expect([ids(next.rooms), next.hasMore, next.totalCount]).toEqual([[3, 1, 5], false, undefined]);
    // first: 0 asks for one room, shows none, and knows that some exist.
    const none = await loadRoomPage(api, loaders, { size: 0, unreadOnly: false });
    expect([ids(none.rooms), none.hasMore, none.totalCount]).toEqual([[], true, 5]);
    expect(asked).not.toContain('every room');
  });

  it('falls back to the whole list when the page ignored `after` (another implementation), and answers no room twice', async () => {
    const { api, loaders, asked } = fakeContract((query) => ({
      content: ordered.slice(0, query.size),
      totalElements: 5,
    }));
    const page = await loadRoomPage(api, loaders, { size: 2, after: roomPlaceOf(ordered[1]!), unreadOnly: false });
    expect(ids(page.rooms)).toEqual([3, 1]);
    expect(asked.at(-1)).toBe('every room');
  });

  it('falls back to the whole list when the page ignored `unread`', async () => {
    const { api, loaders } = fakeContract((query) => ({ content: ordered.slice(0, query.size), totalElements: 5 }));
    const page = await loadRoomPage(api, loaders, { size: 1, unreadOnly: true });
    expect(ids(page.rooms)).toEqual([4]);
  });
});
