// The chat sidebar's rooms a page at a time (extension, DESIGN §4; issue "Scale with the data"): most recently active
// first (the latest message, or the room's creation before the first; among equals the newer room), paged by
// `after` (a room's lastActivityAt and id) or by page and size, only unread rooms with `unread=true`; rooms by id
// (`ids`); the unread total in one call; and migration 0005, which gives the rooms of an existing database their
// activity.
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrationsFor } from '../src/db/migrations.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { createTestDatabase } from '../../tests/helpers/test-database.js';

let shop: RestService;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());
afterEach(() => {
  vi.useRealTimers();
});

interface Room {
  id: number;
  roomName: string;
  lastMessage: string | null;
  lastActivityAt: string;
  unreadCount: number;
}

interface RoomPage {
  content: Room[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

let runs = 0;
/** A viewer and the people they talk to, registered under fresh names: `<prefix>-<run>-<name>`. */
async function people<Name extends string>(
  prefix: string,
  names: readonly Name[],
): Promise<Record<Name | 'me', { name: string; token: string }>> {
  runs += 1;
  const entries = await Promise.all(
    ['me', ...names].map(async (name) => {
      const username = `${prefix}-${runs}-${name}`;
      return [name, { name: username, token: await shop.register(username) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Name | 'me', { name: string; token: string }>;
}

/**
 * The service's clock, moved by hand from a whole second after now: each step is a time the test knows exactly, and
 * two things done in one step are equally recent. (Only Date is faked: tokens stay valid, timers run.)
 */
function handClock() {
  const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  const at = (second: number) => new Date(start + second * 1000).toISOString();
  return {
    at,
    set(second: number) {
      vi.setSystemTime(start + second * 1000);
      return at(second);
    },
  };
}

const send = async (token: string, receiver: string, content: string) => {
  const answer = await shop.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; chatRoomId: number };
};
const open = async (token: string, participantUsername: string) => {
  const answer = await shop.request('POST', '/api/chat/rooms/create', { token, body: { participantUsername } });
  expect(answer.status).toBe(200);
  return answer.body as Room;
};
const roomPage = async (token: string, query: Record<string, string | number>) => {
  const answer = await shop.request<RoomPage>('GET', '/api/chat/rooms', { token, query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const afterRoom = (room: Room) => `${room.lastActivityAt},${room.id}`;
const summary = (page: RoomPage) => ({ ...page, content: page.content.map((room) => room.roomName) });

/**
 * ann's rooms with five people, made at known times:
 *   :00 the room with amy, never written in       → amy   :00
 *   :01 bo writes to ann                          → bo    :01, then :04 when bo writes again
 *   :02 the room with cy, never written in        → cy    :02
 *   :03 ann writes to dee; the room with eli made → dee   :03 and eli :03 (a tie: eli's room is newer)
 * so the order is bo (:04), eli (:03), dee (:03), cy (:02), amy (:00).
 */
async function fiveRooms(prefix: string) {
  const folks = await people(prefix, ['amy', 'bo', 'cy', 'dee', 'eli'] as const);
  const clock = handClock();
  clock.set(0);
  await open(folks.me.token, folks.amy.name);
  clock.set(1);
  await send(folks.bo.token, folks.me.name, 'bo one');
  clock.set(2);
  await open(folks.me.token, folks.cy.name);
  clock.set(3);
  await send(folks.me.token, folks.dee.name, 'to dee');
  await open(folks.me.token, folks.eli.name);
  clock.set(4);
  await send(folks.bo.token, folks.me.name, 'bo two');
  return { folks, clock, order: [folks.bo.name, folks.eli.name, folks.dee.name, folks.cy.name, folks.amy.name] };
}

describe('GET /rooms by latest activity', () => {
  it('orders by the latest message, or by creation before the first, and the newer room first among equals; the plain list likewise', async () => {
    const { folks, clock, order } = await fiveRooms('order');
    const list = (await shop.request<Room[]>('GET', '/api/chat/rooms', { token: folks.me.token })).body;
    expect(list.map((room) => [room.roomName, room.lastMessage, room.lastActivityAt, room.unreadCount])).toEqual([
      [folks.bo.name, 'bo two', clock.at(4), 2],
      [folks.eli.name, null, clock.at(3), 0],
      [folks.dee.name, 'to dee', clock.at(3), 0],
      [folks.cy.name, null, clock.at(2), 0],
      [folks.amy.name, null, clock.at(0), 0],
    ]);
    expect(list[1]!.id).toBeGreaterThan(list[2]!.id);
    const page = await roomPage(folks.me.token, { size: 20 });
    expect(summary(page)).toEqual({ content: order, totalElements: 5, totalPages: 1, number: 0, size: 20 });
    expect(page.content).toEqual(list);
  });

  it('pages with after (keyset) through every room exactly once, each page counting the rooms after its position', async () => {
    const { folks, order } = await fiveRooms('keyset');
    const first = await roomPage(folks.me.token, { size: 2 });
    expect(summary(first)).toEqual({ content: order.slice(0, 2), totalElements: 5, totalPages: 3, number: 0, size: 2 });
    const second = await roomPage(folks.me.token, { size: 2, after: afterRoom(first.content[1]!) });
    expect(summary(second)).toEqual({
      content: order.slice(2, 4),
      totalElements: 3,
      totalPages: 2,
      number: 0,
      size: 2,
    });
    const third = await roomPage(folks.me.token, { size: 2, after: afterRoom(second.content[1]!) });
    expect(summary(third)).toEqual({ content: order.slice(4), totalElements: 1, totalPages: 1, number: 0, size: 2 });
    const past = await roomPage(folks.me.token, { size: 2, after: afterRoom(third.content[0]!) });
    expect(summary(past)).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 2 });
  });

  it('pages back with before (keyset): the rooms just before a position, in the list’s order, each page counting the rooms before it (extension)', async () => {
    const { folks, order } = await fiveRooms('backward');
    const last = await roomPage(folks.me.token, { size: 2, before: 'end' });
    expect(summary(last)).toEqual({ content: order.slice(3), totalElements: 5, totalPages: 3, number: 0, size: 2 });
    const middle = await roomPage(folks.me.token, { size: 2, before: afterRoom(last.content[0]!) });
    expect(summary(middle)).toEqual({
      content: order.slice(1, 3),
      totalElements: 3,
      totalPages: 2,
      number: 0,
      size: 2,
    });
    const top = await roomPage(folks.me.token, { size: 2, before: afterRoom(middle.content[0]!) });
    expect(summary(top)).toEqual({ content: order.slice(0, 1), totalElements: 1, totalPages: 1, number: 0, size: 2 });
    expect(summary(await roomPage(folks.me.token, { size: 2, before: afterRoom(top.content[0]!) }))).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 2,
    });
    // With unread: the unread rooms before the end; page is not used from a position.
    expect(summary(await roomPage(folks.me.token, { size: 5, before: 'end', unread: 'true', page: '3' }))).toEqual({
      content: [folks.bo.name],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 5,
    });
  });

  it('a message arriving between two pages moves its room above the position: the rest follow with no room twice and none skipped', async () => {
    const { folks, clock, order } = await fiveRooms('moving');
    const first = await roomPage(folks.me.token, { size: 2 });
    expect(first.content.map((room) => room.roomName)).toEqual(order.slice(0, 2));
    // cy (not loaded yet) and eli (loaded) write before the next page is asked for.
    clock.set(5);
    await send(folks.cy.token, folks.me.name, 'cy wakes up');
    await send(folks.eli.token, folks.me.name, 'eli too');
    const rest = await roomPage(folks.me.token, { size: 2, after: afterRoom(first.content[1]!) });
    // cy is not among them: it moved above the position, where the client hears of it live (messageAdded).
    expect(summary(rest)).toEqual({
      content: [folks.dee.name, folks.amy.name],
      totalElements: 2,
      totalPages: 1,
      number: 0,
      size: 2,
    });
    const seen = [...first.content, ...rest.content].map((room) => room.roomName);
    expect(new Set(seen).size).toBe(seen.length);
    // Asked afresh, the list has both of them on top, the newer room first (both wrote at :05).
    expect(
      (await roomPage(folks.me.token, { size: 3 })).content.map((room) => [
        room.roomName,
        room.lastMessage,
        room.lastActivityAt,
      ]),
    ).toEqual([
      [folks.eli.name, 'eli too', clock.at(5)],
      [folks.cy.name, 'cy wakes up', clock.at(5)],
      [folks.bo.name, 'bo two', clock.at(4)],
    ]);
  });

  it('pages with page and size as the other lists do', async () => {
    const { folks, order } = await fiveRooms('offset');
    expect(summary(await roomPage(folks.me.token, { page: 1, size: 2 }))).toEqual({
      content: order.slice(2, 4),
      totalElements: 5,
      totalPages: 3,
      number: 1,
      size: 2,
    });
    expect(summary(await roomPage(folks.me.token, { page: 3, size: 2 }))).toEqual({
      content: [],
      totalElements: 5,
      totalPages: 3,
      number: 3,
      size: 2,
    });
    // Only page: 20 a page.
    expect(summary(await roomPage(folks.me.token, { page: 0 }))).toEqual({
      content: order,
      totalElements: 5,
      totalPages: 1,
      number: 0,
      size: 20,
    });
  });

  it('unread=true: only the rooms with messages the caller has not read, in the same order; reading one takes it out', async () => {
    const { folks, clock } = await fiveRooms('unread');
    clock.set(5);
    await send(folks.amy.token, folks.me.name, 'amy at last');
    // dee's reply is read at once by ann's own message after it: the room has nothing unread.
    await send(folks.dee.token, folks.me.name, 'dee answers');
    await send(folks.me.token, folks.dee.name, 'thanks dee');
    const unread = await roomPage(folks.me.token, { unread: 'true', size: 20 });
    expect(unread.content.map((room) => [room.roomName, room.unreadCount])).toEqual([
      [folks.amy.name, 1],
      [folks.bo.name, 2],
    ]);
    expect(unread.totalElements).toBe(2);
    const newest = await roomPage(folks.me.token, { unread: 'true', size: 1 });
    expect(summary(newest)).toEqual({ content: [folks.amy.name], totalElements: 2, totalPages: 2, number: 0, size: 1 });
    expect(
      summary(await roomPage(folks.me.token, { unread: 'true', size: 1, after: afterRoom(newest.content[0]!) })),
    ).toEqual({
      content: [folks.bo.name],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 1,
    });
    expect(
      (await shop.request('POST', `/api/chat/rooms/${newest.content[0]!.id}/mark-as-read`, { token: folks.me.token }))
        .status,
    ).toBe(204);
    expect((await roomPage(folks.me.token, { unread: 'true' })).content.map((room) => room.roomName)).toEqual([
      folks.bo.name,
    ]);
    // For bo, ann's room has nothing unread: bo wrote last.
    expect(summary(await roomPage(folks.bo.token, { unread: 'false', size: 5 }))).toMatchObject({
      content: [folks.me.name],
      totalElements: 1,
    });
    expect(summary(await roomPage(folks.bo.token, { unread: 'true' }))).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 20,
    });
  });

  it('answers an empty page to a user without rooms', async () => {
    const folks = await people('lonely', []);
    expect(await roomPage(folks.me.token, { size: 20 })).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 20,
    });
  });

  const AFTER_MESSAGE = 'After must be a room’s lastActivityAt and id, as in 2026-11-22T09:36:04.309Z,42';
  const BEFORE_MESSAGE = 'Before must be a room’s lastActivityAt and id, as in 2026-11-22T09:36:04.309Z,42, or end';
  it.each<[string, Record<string, string>, object]>([
    ['size 0', { size: '0' }, { message: 'Size must be at least 1', field: 'size', code: 'INVALID_INPUT' }],
    ['size 101', { size: '101' }, { message: 'Size must be at most 100', field: 'size', code: 'INVALID_INPUT' }],
    ['a negative page', { page: '-1' }, { message: 'Page must be at least 0', field: 'page', code: 'INVALID_INPUT' }],
    [
      'a page that is no number',
      { page: 'two' },
      { message: 'Page must be a whole number', field: 'page', code: 'INVALID_INPUT' },
    ],
    [
      'an after that is no position',
      { after: 'nonsense' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'an after without its room',
      { after: '2026-11-22T09:36:04.309Z' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'an after with room 0',
      { after: '2026-11-22T09:36:04.309Z,0' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'an after with a room id over 2^31-1',
      { after: '2026-11-22T09:36:04.309Z,2147483648' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'an after in month 13',
      { after: '2026-13-22T09:36:04.309Z,4' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'an after not in UTC',
      { after: '2026-11-22T09:36:04.309+01:00,4' },
      { message: AFTER_MESSAGE, field: 'after', code: 'INVALID_INPUT' },
    ],
    [
      'a before that is no position',
      { before: 'start' },
      { message: BEFORE_MESSAGE, field: 'before', code: 'INVALID_INPUT' },
    ],
    [
      'a before with room 0',
      { before: '2026-11-22T09:36:04.309Z,0' },
      { message: BEFORE_MESSAGE, field: 'before', code: 'INVALID_INPUT' },
    ],
    [
      'after and before at once',
      { after: '2026-11-22T09:36:04.309Z,4', before: 'end' },
      { message: 'Give after or before, not both', field: 'before', code: 'INVALID_INPUT' },
    ],
    [
      'unread that is no boolean',
      { unread: 'yes' },
      { message: 'Unread must be true or false', field: 'unread', code: 'INVALID_INPUT' },
    ],
  ])('refuses %s with 400', async (_case, query, body) => {
    const folks = await people('refused', []);
    const answer = await shop.request('GET', '/api/chat/rooms', { token: folks.me.token, query });
    expect([answer.status, answer.body]).toEqual([400, body]);
  });

  it('reads a position written with more or fewer decimals as the same time', async () => {
    const { folks, order } = await fiveRooms('decimals');
    const [, eli] = (await roomPage(folks.me.token, { size: 2 })).content;
    const seconds = eli!.lastActivityAt.replace('.000Z', 'Z');
    expect(seconds).not.toBe(eli!.lastActivityAt);
    for (const time of [seconds, eli!.lastActivityAt.replace('Z', '000Z')]) {
      expect(
        (await roomPage(folks.me.token, { size: 5, after: `${time},${eli!.id}` })).content.map((room) => room.roomName),
      ).toEqual(order.slice(2));
    }
  });
});

describe('GET /rooms?ids= (extension)', () => {
  it('answers just those of the caller’s rooms, in the list’s order; others’ rooms and unknown ids are left out', async () => {
    const { folks } = await fiveRooms('by-ids');
    const all = (await shop.request<Room[]>('GET', '/api/chat/rooms', { token: folks.me.token })).body;
    const [bo, , dee, , amy] = all;
    const strangers = await people('by-ids-strangers', ['x'] as const);
    const theirs = (await open(strangers.me.token, strangers.x.name)).id;
    const answer = await shop.request<Room[]>('GET', '/api/chat/rooms', {
      token: folks.me.token,
      query: { ids: `${amy!.id},${theirs},${bo!.id},2000000000,${dee!.id},${bo!.id}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([bo, dee, amy]);
  });

  it.each([
    ['a letter', 'x'],
    ['an empty entry', '1,,2'],
    ['101 ids', Array.from({ length: 101 }, (_, index) => index + 1).join(',')],
  ])('refuses %s with 400 on ids', async (_case, ids) => {
    const folks = await people('by-ids-refused', []);
    const answer = await shop.request('GET', '/api/chat/rooms', { token: folks.me.token, query: { ids } });
    expect([answer.status, answer.body]).toEqual([
      400,
      { message: 'IDs must be up to 100 comma-separated room ids', field: 'ids', code: 'INVALID_INPUT' },
    ]);
  });
});

describe('GET /unread-count (every room)', () => {
  it('counts every unread message of the caller over all rooms, never their own, and follows mark-as-read', async () => {
    const folks = await people('total', ['ada', 'ben', 'cas'] as const);
    const total = async () => (await shop.request('GET', '/api/chat/unread-count', { token: folks.me.token })).body;
    expect(await total()).toEqual({ unreadCount: 0 });
    await send(folks.ada.token, folks.me.name, 'one');
    await send(folks.ada.token, folks.me.name, 'two');
    await send(folks.ben.token, folks.me.name, 'three');
    const casRoom = (await send(folks.cas.token, folks.me.name, 'four')).chatRoomId;
    await send(folks.me.token, folks.ben.name, 'mine, and ben’s is read by it');
    expect(await total()).toEqual({ unreadCount: 3 });
    // A message from an account deleted since stays unread, as in its room's count.
    expect((await shop.request('DELETE', '/api/users/account', { token: folks.cas.token })).status).toBe(204);
    expect(await total()).toEqual({ unreadCount: 3 });
    expect(
      (await shop.request('GET', `/api/chat/rooms/${casRoom}/unread-count`, { token: folks.me.token })).body,
    ).toEqual({ unreadCount: 1 });
    expect(
      (await shop.request('POST', `/api/chat/rooms/${casRoom}/mark-as-read`, { token: folks.me.token })).status,
    ).toBe(204);
    expect(await total()).toEqual({ unreadCount: 2 });
    // The others' totals are their own.
    expect((await shop.request('GET', '/api/chat/unread-count', { token: folks.ada.token })).body).toEqual({
      unreadCount: 0,
    });
    expect((await shop.request('GET', '/api/chat/unread-count', { token: folks.ben.token })).body).toEqual({
      unreadCount: 1,
    });
  });

  it('needs a token', async () => {
    const answer = await shop.request('GET', '/api/chat/unread-count');
    expect(answer.status).toBe(401);
  });
});

describe('with the extensions off', () => {
  let plain: RestService;
  beforeAll(async () => {
    plain = await startRestService({ extensions: false });
  });
  afterAll(() => plain.close());

  it('answers the whole list whatever paging is asked for, without lastActivityAt, and has no unread total', async () => {
    const ann = await plain.register('plain-rooms-ann');
    for (const other of ['plain-rooms-bo', 'plain-rooms-cy']) {
      await plain.register(other);
      await plain.request('POST', `/api/chat/rooms/${other}/messages`, {
        token: ann,
        body: { content: `hi ${other}` },
      });
    }
    const rooms = await plain.request('GET', '/api/chat/rooms', {
      token: ann,
      query: { size: 1, page: 1, after: 'nonsense', unread: 'true', ids: '1' },
    });
    expect(rooms.status).toBe(200);
    expect(rooms.body.map((room: Room) => room.roomName)).toEqual(['plain-rooms-cy', 'plain-rooms-bo']);
    expect(rooms.body[0]).not.toHaveProperty('lastActivityAt');
    const total = await plain.request('GET', '/api/chat/unread-count', { token: ann });
    expect(total.status).toBe(404);
    expect(Object.keys(total.body)).toEqual(['message']);
  });
});

describe('migration 0005_chat_room_activity', () => {
  it('gives the rooms of an existing database their activity, keeps it with each message, and goes away again', async () => {
    const database = await createTestDatabase();
    const opened = openDatabase(database.url);
    try {
      const plain = opened.db.withoutPlugins() as Kysely<any>;
      const migrations = migrationsFor(opened.kind);
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0005_chat_room_activity') - 1]!;
      const migrator = () => new Migrator({ db: plain, provider: { getMigrations: async () => migrations } });
      expect((await migrator().migrateTo(before)).error).toBeUndefined();

      const now = '2026-11-20T10:00:00.000Z';
      const later = '2026-11-21T10:00:00.000Z';
      for (const [id, username] of [
        [1, 'ann'],
        [2, 'bo'],
        [3, 'cy'],
      ] as const) {
        await sql`insert into users (id, username, username_key, password_hash, created_at, updated_at)
                  values (${id}, ${username}, ${username}, 'x', ${now}, ${now})`.execute(plain);
      }
      // Room 1 has a message from bo at `later`; room 2 (ann and cy) has none.
      await sql`insert into chat_rooms (id, pair_key, created_at, last_message_id) values (1, '1:2', ${now}, null), (2, '1:3', ${now}, null)`.execute(
        plain,
      );
      await sql`insert into chat_participants (id, room_id, user_id, last_read_message_id) values (1, 1, 1, 0), (2, 1, 2, 0), (3, 2, 1, 0), (4, 2, 3, 0)`.execute(
        plain,
      );
      await sql`insert into chat_messages (id, room_id, sender_id, content, created_at) values (1, 1, 2, 'hello', ${later})`.execute(
        plain,
      );
      await sql`update chat_rooms set last_message_id = 1 where id = 1`.execute(plain);

      await migrateToLatest(opened);
      const activity = async () =>
        (
          await sql<{
            id: number;
            last_activity_at: string;
          }>`select id, last_activity_at from chat_participants order by id`.execute(plain)
        ).rows.map((row) => [Number(row.id), row.last_activity_at]);
      expect(await activity()).toEqual([
        [1, later],
        [2, later],
        [3, now],
        [4, now],
      ]);
      // From now on the triggers keep it: a new message moves both memberships of its room, a new room starts at its
      // creation.
      const newest = '2026-11-22T10:00:00.000Z';
      await sql`insert into chat_messages (id, room_id, sender_id, content, created_at) values (2, 2, 3, 'hi ann', ${newest})`.execute(
        plain,
      );
      await sql`update chat_rooms set last_message_id = 2 where id = 2`.execute(plain);
      await sql`insert into chat_rooms (id, pair_key, created_at, last_message_id) values (3, '2:3', ${later}, null)`.execute(
        plain,
      );
      await sql`insert into chat_participants (id, room_id, user_id, last_read_message_id) values (5, 3, 2, 0)`.execute(
        plain,
      );
      expect(await activity()).toEqual([
        [1, later],
        [2, later],
        [3, newest],
        [4, newest],
        [5, later],
      ]);

      expect((await migrator().migrateTo(before)).error).toBeUndefined();
      await expect(sql`select last_activity_at from chat_participants`.execute(plain)).rejects.toThrow(
        /last_activity_at/,
      );
      const rows = await sql<{ count: number }>`select count(*) as count from chat_participants`.execute(plain);
      expect(Number(rows.rows[0]!.count)).toBe(5);
      // A message written without the triggers, then up again: the backfill counts from the rooms as they are.
      await sql`insert into chat_messages (id, room_id, sender_id, content, created_at) values (3, 1, 1, 'back', ${newest})`.execute(
        plain,
      );
      await sql`update chat_rooms set last_message_id = 3 where id = 1`.execute(plain);
      await migrateToLatest(opened);
      expect((await activity()).slice(0, 2)).toEqual([
        [1, newest],
        [2, newest],
      ]);
    } finally {
      await opened.close();
      await database.drop();
    }
  });
});
