// One-to-one chat under /api/chat (spec §3, §7; DESIGN §3–§4): rooms, messages, unread counts, the user picker,
// and that only participants read or write a room.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, type RestService, startRestService } from '../../tests/helpers/rest-service.js';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const NOT_A_PARTICIPANT = { message: 'You are not a participant of this chat', code: 'NOT_A_PARTICIPANT' };
/** A room named by the path's roomId, or by the send path's receiver. */
const ROOM_NOT_FOUND = (field: 'roomId' | 'receiver') => ({
  message: 'Chat room not found',
  code: 'CHAT_ROOM_NOT_FOUND',
  field,
});
/** Larger than any id a room can have (ids are 32-bit), so no room has it. */
const NO_SUCH_ROOM = 2_000_000_000;

let shop: RestService;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());

let userCounter = 0;
/** Registers fresh accounts named `<prefix>-<n>-<i>`; answers their usernames and tokens. */
async function newUsers(prefix: string, count: number): Promise<{ name: string; token: string }[]> {
  userCounter += 1;
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${userCounter}-${i + 1}`);
  return Promise.all(names.map(async (name) => ({ name, token: await shop.register(name) })));
}

const send = (token: string, receiver: string | number, content: unknown) =>
  shop.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
const createRoom = (token: string, participantUsername: unknown) =>
  shop.request('POST', '/api/chat/rooms/create', { token, body: { participantUsername } });
const roomsOf = async (token: string) => {
  const answer = await shop.request('GET', '/api/chat/rooms', { token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const messagesOf = (token: string, roomId: number, query?: Record<string, number>) =>
  shop.request('GET', `/api/chat/rooms/${roomId}/messages`, { token, ...(query ? { query } : {}) });
const unreadOf = (token: string, roomId: number) =>
  shop.request('GET', `/api/chat/rooms/${roomId}/unread-count`, { token });
const idOf = async (token: string): Promise<number> =>
  (await shop.request('GET', '/api/users/profile', { token })).body.id;
const markRead = (token: string, roomId: number) =>
  shop.request('POST', `/api/chat/rooms/${roomId}/mark-as-read`, { token });

describe('POST /rooms/create', () => {
  it('answers the room with the other user, named after them, and no last message yet', async () => {
    const [ann, ben] = await newUsers('create', 2);
    const answer = await createRoom(ann!.token, ben!.name);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      roomName: ben!.name,
      participantUsernames: [ann!.name, ben!.name],
      lastMessage: null,
      lastMessageTime: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      lastActivityAt: answer.body.createdAt,
      unreadCount: 0,
      participantIds: [await idOf(ann!.token), await idOf(ben!.token)],
    });
  });

  it('gives the same pair the same room, whichever of the two asks and however often', async () => {
    const [ann, ben] = await newUsers('same-room', 2);
    const first = await createRoom(ann!.token, ben!.name);
    const again = await createRoom(ann!.token, ben!.name);
    const otherWay = await createRoom(ben!.token, ann!.name);
    expect(again.body.id).toBe(first.body.id);
    expect(otherWay.status).toBe(200);
    expect(otherWay.body).toMatchObject({ id: first.body.id, roomName: ann!.name });
    expect(await roomsOf(ann!.token)).toHaveLength(1);
    expect(await roomsOf(ben!.token)).toHaveLength(1);
  });

  it('finds the other user whatever the case of the username', async () => {
    const [ann, ben] = await newUsers('case', 2);
    const exact = await createRoom(ann!.token, ben!.name);
    const upper = await createRoom(ann!.token, ben!.name.toUpperCase());
    expect(upper.status).toBe(200);
    expect(upper.body).toMatchObject({ id: exact.body.id, roomName: ben!.name });
  });

  // The exact answer, naming the field at fault: a 400 (a rule broken) and a 404 (nobody by that name) alike.
  it.each<[string, (me: string) => unknown, number, object]>([
    [
      'the caller themselves',
      (me) => me,
      400,
      { message: 'You cannot start a chat with yourself', field: 'participantUsername', code: 'INVALID_INPUT' },
    ],
    [
      'the caller in another case',
      (me) => me.toUpperCase(),
      400,
      { message: 'You cannot start a chat with yourself', field: 'participantUsername', code: 'INVALID_INPUT' },
    ],
    [
      'an unknown user',
      () => 'nobody-known',
      404,
      { message: 'User "nobody-known" not found', field: 'participantUsername', code: 'USER_NOT_FOUND' },
    ],
    [
      'a blank username',
      () => '   ',
      400,
      { message: 'Participant username is required', field: 'participantUsername', code: 'INVALID_INPUT' },
    ],
    [
      'no username',
      () => undefined,
      400,
      { message: 'Participant username is required', field: 'participantUsername', code: 'INVALID_INPUT' },
    ],
    [
      'a number',
      () => 42,
      400,
      { message: 'Participant username must be text', field: 'participantUsername', code: 'INVALID_INPUT' },
    ],
  ])('refuses %s and creates no room', async (_case, participant, status, body) => {
    const [me] = await newUsers('refuse-room', 1);
    const answer = await createRoom(me!.token, participant(me!.name));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
    expect(await roomsOf(me!.token)).toEqual([]);
  });
});

describe('GET /rooms', () => {
  it('answers an empty list to a user without rooms', async () => {
    const [loner] = await newUsers('loner', 1);
    expect(await roomsOf(loner!.token)).toEqual([]);
  });

  it('lists only the caller’s rooms, each named after the other participant', async () => {
    const [ann, ben, cat] = await newUsers('list', 3);
    const annBen = (await createRoom(ann!.token, ben!.name)).body.id;
    const benCat = (await createRoom(ben!.token, cat!.name)).body.id;
    expect((await roomsOf(ann!.token)).map((room) => [room.id, room.roomName])).toEqual([[annBen, ben!.name]]);
    expect((await roomsOf(cat!.token)).map((room) => [room.id, room.roomName])).toEqual([[benCat, ben!.name]]);
    const benRooms = await roomsOf(ben!.token);
    expect(benRooms.map((room) => room.roomName).sort()).toEqual([ann!.name, cat!.name].sort());
    for (const room of benRooms) expect(room.participantUsernames).toContain(ben!.name);
  });

  it('shows the last message and its time, the most recently active room first', async () => {
    const [ann, ben, cat, dan] = await newUsers('order', 4);
    const toBen = await send(ann!.token, ben!.name, 'Hello Ben');
    const toCat = await send(ann!.token, cat!.name, 'Hello Cat');
    let rooms = await roomsOf(ann!.token);
    expect(rooms.map((room) => [room.roomName, room.lastMessage, room.lastMessageTime])).toEqual([
      [cat!.name, 'Hello Cat', toCat.body.timestamp],
      [ben!.name, 'Hello Ben', toBen.body.timestamp],
    ]);

    const reply = await send(ben!.token, ann!.name, 'Hi Ann');
    // A room still empty counts from when it was opened (spec §2.14): opened last, it comes first.
    const withDan = await createRoom(ann!.token, dan!.name);
    rooms = await roomsOf(ann!.token);
    expect(rooms.map((room) => [room.roomName, room.lastMessage, room.lastMessageTime, room.lastActivityAt])).toEqual([
      [dan!.name, null, null, withDan.body.createdAt],
      [ben!.name, 'Hi Ann', reply.body.timestamp, reply.body.timestamp],
      [cat!.name, 'Hello Cat', toCat.body.timestamp, toCat.body.timestamp],
    ]);
  });
});

describe('POST /rooms/{receiver}/messages', () => {
  it('keeps a message of several lines as it was written (a chat message is one text of lines)', async () => {
    const [ann, ben] = await newUsers('lines', 2);
    const answer = await send(ann!.token, ben!.name, 'First line\r\nSecond line\nThird');
    expect([answer.status, answer.body.content]).toEqual([201, 'First line\r\nSecond line\nThird']);
  });

  it('answers 201 with exactly id, chatRoomId, senderUsername, content, timestamp, linksAllowed, removed and report, the content trimmed', async () => {
    const [ann, ben] = await newUsers('send', 2);
    const room = (await createRoom(ann!.token, ben!.name)).body;
    const answer = await send(ann!.token, ben!.name, '  Hello there \n');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      chatRoomId: room.id,
      senderUsername: ann!.name,
      content: 'Hello there',
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      // A new account's (chat-links.test.ts).
      linksAllowed: false,
      // Nobody removed or reported it (chat-reports.test.ts).
      removed: false,
      report: null,
    });
    const stored = await messagesOf(ben!.token, room.id);
    expect(stored.body.content).toEqual([answer.body]);
  });

  it('creates the room with the first message to someone, for both of them', async () => {
    const [ann, ben] = await newUsers('first-message', 2);
    const answer = await send(ann!.token, ben!.name, 'Nice to meet you');
    expect(answer.status).toBe(201);
    const [annRoom] = await roomsOf(ann!.token);
    const [benRoom] = await roomsOf(ben!.token);
    expect(annRoom).toMatchObject({ id: answer.body.chatRoomId, roomName: ben!.name, lastMessage: 'Nice to meet you' });
    expect(benRoom).toMatchObject({ id: answer.body.chatRoomId, roomName: ann!.name, lastMessage: 'Nice to meet you' });
  });

  it('sends into the same room by room id (as the original client does) and by username in any case', async () => {
    const [ann, ben] = await newUsers('by-id', 2);
    const roomId = (await createRoom(ann!.token, ben!.name)).body.id;
    const byId = await send(ann!.token, roomId, 'by id');
    const byName = await send(ben!.token, ann!.name.toUpperCase(), 'by name');
    expect(byId.status).toBe(201);
    expect(byName.status).toBe(201);
    expect([byId.body.chatRoomId, byName.body.chatRoomId]).toEqual([roomId, roomId]);
    expect(byName.body.senderUsername).toBe(ben!.name);
    expect((await messagesOf(ann!.token, roomId)).body.totalElements).toBe(2);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    const [ann, ben] = await newUsers('long-ok', 2);
    const answer = await send(ann!.token, ben!.name, 'x'.repeat(2000));
    expect(answer.status).toBe(201);
    expect(answer.body.content).toHaveLength(2000);
  });

  it('counts the length after trimming, as the gateway does: 2000 characters between blanks are sent, trimmed', async () => {
    const [ann, ben] = await newUsers('long-padded', 2);
    const answer = await send(ann!.token, ben!.name, `  ${'y'.repeat(2000)} \n`);
    expect(answer.status).toBe(201);
    expect(answer.body.content).toBe('y'.repeat(2000));
  });

  it.each<[string, unknown, string]>([
    ['an empty message', '', 'Message must not be empty'],
    ['a message of blanks', '   ', 'Message must not be empty'],
    ['a message of newlines and tabs', '\n\t \n', 'Message must not be empty'],
    ['a message over 2000 characters', 'x'.repeat(2001), 'Message must be at most 2000 characters long'],
    ['a message with a NUL character', 'Hi\u0000there', 'Content must not contain NUL characters'],
    ['no content', undefined, 'Content is required'],
    ['a number as content', 42, 'Content must be text'],
  ])('refuses %s with 400 naming the content and stores nothing', async (_case, content, message) => {
    const [ann, ben] = await newUsers('bad-message', 2);
    const roomId = (await send(ann!.token, ben!.name, 'The only message')).body.chatRoomId;
    for (const receiver of [ben!.name, roomId]) {
      const answer = await send(ann!.token, receiver, content);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, field: 'content', code: 'INVALID_INPUT' });
    }
    const messages = await messagesOf(ben!.token, roomId);
    expect(messages.body.content.map((m: { content: string }) => m.content)).toEqual(['The only message']);
  });

  it('refuses a message to oneself, in any case of one’s username', async () => {
    const [ann] = await newUsers('self', 1);
    for (const receiver of [ann!.name, ann!.name.toUpperCase()]) {
      const answer = await send(ann!.token, receiver, 'Note to self');
      expect(answer.status).toBe(400);
      // The receiver in the path is the field at fault, as participantUsername is for "start a chat with yourself".
      expect(answer.body).toEqual({
        message: 'You cannot send a message to yourself',
        field: 'receiver',
        code: 'INVALID_INPUT',
      });
    }
    expect(await roomsOf(ann!.token)).toEqual([]);
  });

  it.each<[string, string, object]>([
    [
      'an unknown username',
      'nobody-known',
      { message: 'User "nobody-known" not found', code: 'USER_NOT_FOUND', field: 'receiver' },
    ],
    ['a room id that does not exist', String(NO_SUCH_ROOM), ROOM_NOT_FOUND('receiver')],
    ['room id 0', '0', ROOM_NOT_FOUND('receiver')],
    ['a room id beyond 32 bits', '3000000000', ROOM_NOT_FOUND('receiver')],
    ['a room id beyond 64 bits', '99999999999999999999999', ROOM_NOT_FOUND('receiver')],
  ])('answers 404 for %s and creates nothing', async (_case, receiver, body) => {
    const [ann] = await newUsers('unknown-receiver', 1);
    const answer = await send(ann!.token, receiver, 'Anyone there?');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(body);
    expect(await roomsOf(ann!.token)).toEqual([]);
  });
});

describe('GET /rooms/{id}/messages', () => {
  let ann: { name: string; token: string };
  let ben: { name: string; token: string };
  let roomId: number;
  /** The five messages in the order they were sent. */
  let sent: any[];

  beforeAll(async () => {
    [ann, ben] = (await newUsers('history', 2)) as [typeof ann, typeof ben];
    sent = [];
    for (let i = 1; i <= 5; i++) {
      const answer = await send(i % 2 ? ann.token : ben.token, i % 2 ? ben.name : ann.name, `message ${i}`);
      sent.push(answer.body);
    }
    roomId = sent[0].chatRoomId;
  });

  const contents = (answer: { body: { content: { content: string }[] } }) => answer.body.content.map((m) => m.content);

  it('answers a page object with the messages newest first, for both participants', async () => {
    for (const token of [ann.token, ben.token]) {
      const answer = await messagesOf(token, roomId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        content: [...sent].reverse(),
        totalElements: 5,
        totalPages: 1,
        number: 0,
        size: 50,
      });
    }
  });

  it('pages with page and size', async () => {
    const second = await messagesOf(ann.token, roomId, { page: 1, size: 2 });
    expect(second.body).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2 });
    expect(contents(second)).toEqual(['message 3', 'message 2']);
    expect(contents(await messagesOf(ann.token, roomId, { page: 2, size: 2 }))).toEqual(['message 1']);
    const beyond = await messagesOf(ann.token, roomId, { page: 3, size: 2 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ content: [], totalElements: 5, number: 3 });
  });

  it('pages back through history with before=<messageId> (extension)', async () => {
    const older = await messagesOf(ann.token, roomId, { before: sent[3].id, size: 2 });
    expect(older.status).toBe(200);
    expect(older.body).toEqual({ content: [sent[2], sent[1]], totalElements: 3, totalPages: 2, number: 0, size: 2 });
    const oldest = await messagesOf(ann.token, roomId, { before: sent[1].id, size: 2 });
    expect(contents(oldest)).toEqual(['message 1']);
    const none = await messagesOf(ann.token, roomId, { before: sent[0].id });
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
  });

  it('pages forward with after=<messageId>: the messages that came next, newest first (extension)', async () => {
    const next = await messagesOf(ann.token, roomId, { after: sent[1].id, size: 2 });
    expect(next.status).toBe(200);
    expect(next.body).toEqual({ content: [sent[3], sent[2]], totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(contents(await messagesOf(ann.token, roomId, { after: 0, size: 2 }))).toEqual(['message 2', 'message 1']);
    expect(contents(await messagesOf(ann.token, roomId, { after: sent[3].id, size: 2 }))).toEqual(['message 5']);
    const none = await messagesOf(ann.token, roomId, { after: sent[4].id });
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
    // One page from a message: `page` does not move it.
    expect(contents(await messagesOf(ann.token, roomId, { after: 0, size: 2, page: 1 }))).toEqual([
      'message 2',
      'message 1',
    ]);
  });

  it('carries the room as the rooms list describes it with include=room, on any page (extension messages-room)', async () => {
    for (const { token } of [ann, ben]) {
      const [listed] = await roomsOf(token);
      const latest = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, {
        token,
        query: { size: 2, include: 'room' },
      });
      expect(latest.status).toBe(200);
      expect(latest.body).toEqual({
        content: [sent[4], sent[3]],
        totalElements: 5,
        totalPages: 3,
        number: 0,
        size: 2,
        room: listed,
      });
      const older = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, {
        token,
        query: { before: sent[1].id, include: 'room' },
      });
      expect(older.body).toEqual({
        content: [sent[0]],
        totalElements: 1,
        totalPages: 1,
        number: 0,
        size: 50,
        room: listed,
      });
    }
    // The room as the caller sees it: named after the other, with the caller's own unread count (ann sent the last).
    const [annRoom, benRoom] = [(await roomsOf(ann.token))[0], (await roomsOf(ben.token))[0]];
    expect([annRoom.roomName, annRoom.unreadCount, benRoom.roomName, benRoom.unreadCount]).toEqual([
      ben.name,
      0,
      ann.name,
      1,
    ]);
  });

  it('answers a stranger and a room that does not exist as without include=room, with no room', async () => {
    const [stranger] = (await newUsers('history-stranger', 1)) as [{ name: string; token: string }];
    const refused = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, {
      token: stranger.token,
      query: { include: 'room' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(NOT_A_PARTICIPANT);
    const missing = await shop.request('GET', `/api/chat/rooms/${NO_SUCH_ROOM}/messages`, {
      token: ann.token,
      query: { include: 'room' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(ROOM_NOT_FOUND('roomId'));
  });

  it.each<[string, Record<string, number | string>, string, string]>([
    ['include other than room', { include: 'participants' }, 'Include must be one of room', 'include'],
    ['size 0', { size: 0 }, 'Size must be at least 1', 'size'],
    ['size over 100', { size: 101 }, 'Size must be at most 100', 'size'],
    ['a negative page', { page: -1 }, 'Page must be at least 0', 'page'],
    ['a page that is not a number', { page: 'two' }, 'Page must be a whole number', 'page'],
    ['before that is not a number', { before: 'latest' }, 'Before must be a whole number', 'before'],
    ['before 0', { before: 0 }, 'Before must be at least 1', 'before'],
    ['before beyond 32 bits', { before: 3_000_000_000 }, 'Before must be at most 2147483647', 'before'],
    ['a negative after', { after: -1 }, 'After must be at least 0', 'after'],
    ['after that is not a number', { after: 'oldest' }, 'After must be a whole number', 'after'],
    ['after and before at once', { after: 1, before: 4 }, 'Give after or before, not both', 'before'],
  ])('refuses %s with 400', async (_case, query, message, field) => {
    const answer = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, { token: ann.token, query });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
  });
});

describe('unread counts and mark-as-read', () => {
  it('count the other participant’s unread messages only; the sender’s own are never unread', async () => {
    const [ann, ben] = await newUsers('unread', 2);
    const roomId = (await send(ann!.token, ben!.name, 'one')).body.chatRoomId;
    await send(ann!.token, ben!.name, 'two');
    await send(ann!.token, roomId, 'three');

    expect((await unreadOf(ben!.token, roomId)).body).toEqual({ unreadCount: 3 });
    expect((await unreadOf(ann!.token, roomId)).body).toEqual({ unreadCount: 0 });
    expect((await roomsOf(ben!.token))[0].unreadCount).toBe(3);
    expect((await roomsOf(ann!.token))[0].unreadCount).toBe(0);
  });

  it('mark-as-read answers 204 and sets the caller’s count to 0, and new messages count again', async () => {
    const [ann, ben] = await newUsers('mark', 2);
    const roomId = (await send(ann!.token, ben!.name, 'one')).body.chatRoomId;
    await send(ann!.token, ben!.name, 'two');

    const marked = await markRead(ben!.token, roomId);
    expect(marked.status).toBe(204);
    expect(marked.text).toBe('');
    expect((await unreadOf(ben!.token, roomId)).body).toEqual({ unreadCount: 0 });
    expect((await roomsOf(ben!.token))[0].unreadCount).toBe(0);

    await send(ann!.token, ben!.name, 'three');
    expect((await unreadOf(ben!.token, roomId)).body).toEqual({ unreadCount: 1 });
    // Reading one's own side changes nothing for the other participant.
    await markRead(ann!.token, roomId);
    expect((await unreadOf(ben!.token, roomId)).body).toEqual({ unreadCount: 1 });
  });

  it('mark-as-read works on a room without messages', async () => {
    const [ann, ben] = await newUsers('mark-empty', 2);
    const roomId = (await createRoom(ann!.token, ben!.name)).body.id;
    expect((await markRead(ann!.token, roomId)).status).toBe(204);
    expect((await unreadOf(ann!.token, roomId)).body).toEqual({ unreadCount: 0 });
  });
});

describe('only participants reach a room', () => {
  let ann: { name: string; token: string };
  let ben: { name: string; token: string };
  let eve: { name: string; token: string };
  let roomId: number;

  beforeAll(async () => {
    [ann, ben, eve] = (await newUsers('private', 3)) as [typeof ann, typeof ben, typeof eve];
    roomId = (await send(ann.token, ben.name, 'Just between us')).body.chatRoomId;
  });

  it.each<[string, (token: string, id: number) => Promise<any>, 'roomId' | 'receiver']>([
    ['reading the messages', (token, id) => messagesOf(token, id), 'roomId'],
    ['reading the unread count', (token, id) => unreadOf(token, id), 'roomId'],
    ['marking it read', (token, id) => markRead(token, id), 'roomId'],
    ['sending into it by room id', (token, id) => send(token, id, 'Let me in'), 'receiver'],
  ])('a third user %s gets 403, and 404 for a room that does not exist', async (_case, call, field) => {
    const foreign = await call(eve.token, roomId);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(NOT_A_PARTICIPANT);
    const missing = await call(eve.token, NO_SUCH_ROOM);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(ROOM_NOT_FOUND(field));
  });

  it('the refused calls changed nothing for the participants', async () => {
    const messages = await messagesOf(ben.token, roomId);
    expect(messages.body.content.map((m: { content: string }) => m.content)).toEqual(['Just between us']);
    expect((await unreadOf(ben.token, roomId)).body).toEqual({ unreadCount: 1 });
    expect(await roomsOf(eve.token)).toEqual([]);
  });
});

describe('GET /available-users-from-main', () => {
  it('lists every other user with exactly id, username, firstName, lastName and roles', async () => {
    const [ann, ben] = await newUsers('picker', 2);
    await shop.request('PUT', '/api/users/profile', {
      token: ben!.token,
      body: { firstName: 'Ben', lastName: 'Baker', email: 'ben@example.com', phoneNumber: '123456' },
    });
    const benId = (await shop.request('GET', '/api/users/profile', { token: ben!.token })).body.id;

    const answer = await shop.request('GET', '/api/chat/available-users-from-main', { token: ann!.token });
    expect(answer.status).toBe(200);
    const users = answer.body as any[];
    for (const user of users)
      expect(Object.keys(user).sort()).toEqual(['firstName', 'id', 'lastName', 'roles', 'username']);
    expect(users.find((user) => user.username === ben!.name)).toEqual({
      id: benId,
      username: ben!.name,
      firstName: 'Ben',
      lastName: 'Baker',
      roles: ['USER'],
    });
    expect(users.find((user) => user.username === ADMIN_USERNAME)).toMatchObject({ roles: ['USER', 'ADMIN'] });
    expect(users.map((user) => user.username)).not.toContain(ann!.name);

    // Everyone but the caller: Ben's list is Ann's with Ann in place of Ben.
    const benList = (await shop.request('GET', '/api/chat/available-users-from-main', { token: ben!.token }))
      .body as any[];
    const names = (list: any[]) => list.map((user) => user.username).sort();
    expect(names(benList)).toEqual(
      names(users)
        .map((name) => (name === ben!.name ? ann!.name : name))
        .sort(),
    );
    expect(new Set(names(users)).size).toBe(users.length);
  });
});

describe('POST /cleanup-duplicates', () => {
  it('removes, for an admin, only rooms in which every participant deleted their account; for anyone else it does nothing', async () => {
    const [ann, ben, cat, dan] = await newUsers('cleanup', 4);
    const admin = await shop.adminToken();
    // Start from a clean slate: earlier tests may have left abandoned rooms behind.
    await shop.request('POST', '/api/chat/cleanup-duplicates', { token: admin });

    const abandoned = (await send(ann!.token, ben!.name, 'We both leave')).body.chatRoomId;
    const halfLeft = (await send(ann!.token, cat!.name, 'Only I leave')).body.chatRoomId;
    const live = (await send(cat!.token, dan!.name, 'We both stay')).body.chatRoomId;

    const untouched = await shop.request('POST', '/api/chat/cleanup-duplicates', { token: admin });
    expect(untouched.status).toBe(200);
    expect(untouched.body).toEqual({ removedRooms: 0 });

    expect((await shop.request('DELETE', '/api/users/account', { token: ann!.token })).status).toBe(204);
    expect((await shop.request('DELETE', '/api/users/account', { token: ben!.token })).status).toBe(204);

    const byUser = await shop.request('POST', '/api/chat/cleanup-duplicates', { token: dan!.token });
    expect([byUser.status, byUser.body]).toEqual([200, { removedRooms: 0 }]);
    expect(
      await shop.app.shopDatabase.db.selectFrom('chatRooms').select('id').where('id', '=', abandoned).execute(),
    ).toEqual([{ id: abandoned }]);
    const cleaned = await shop.request('POST', '/api/chat/cleanup-duplicates', { token: admin });
    expect(cleaned.body).toEqual({ removedRooms: 1 });
    const again = await shop.request('POST', '/api/chat/cleanup-duplicates', { token: admin });
    expect(again.body).toEqual({ removedRooms: 0 });

    const catRooms = await roomsOf(cat!.token);
    expect(catRooms.map((room) => [room.id, room.roomName]).sort()).toEqual(
      [
        [halfLeft, 'Deleted user'],
        [live, dan!.name],
      ].sort(),
    );
    expect((await messagesOf(cat!.token, halfLeft)).body.content[0]).toMatchObject({
      senderUsername: 'Deleted user',
      content: 'Only I leave',
    });
    expect(
      await shop.app.shopDatabase.db.selectFrom('chatRooms').select('id').where('id', '=', abandoned).execute(),
    ).toEqual([]);
  });
});

describe('with the extensions off', () => {
  let plain: RestService;
  beforeAll(async () => {
    plain = await startRestService({ extensions: false });
  });
  afterAll(() => plain.close());

  it('rooms carry no unreadCount nor participantIds and before is ignored, while page and size still work', async () => {
    const ann = await plain.register('plain-ann');
    const ben = await plain.register('plain-ben');
    const sent: any[] = [];
    for (const content of ['one', 'two', 'three']) {
      sent.push(
        (await plain.request('POST', '/api/chat/rooms/plain-ben/messages', { token: ann, body: { content } })).body,
      );
    }
    const roomId = sent[0].chatRoomId;

    const rooms = await plain.request('GET', '/api/chat/rooms', { token: ben });
    expect(rooms.body).toHaveLength(1);
    expect(rooms.body[0]).not.toHaveProperty('unreadCount');
    expect(rooms.body[0]).not.toHaveProperty('participantIds');
    expect(rooms.body[0]).toMatchObject({ id: roomId, roomName: 'plain-ann', lastMessage: 'three' });
    // The plain contract's own unread-count call still answers.
    const unread = await plain.request('GET', `/api/chat/rooms/${roomId}/unread-count`, { token: ben });
    expect(unread.body).toEqual({ unreadCount: 3 });

    const withBefore = await plain.request('GET', `/api/chat/rooms/${roomId}/messages`, {
      token: ben,
      query: { before: sent[1].id },
    });
    expect(withBefore.status).toBe(200);
    expect(withBefore.body).toEqual({
      content: [...sent].reverse(),
      totalElements: 3,
      totalPages: 1,
      number: 0,
      size: 50,
    });

    const paged = await plain.request('GET', `/api/chat/rooms/${roomId}/messages`, {
      token: ben,
      query: { page: 1, size: 2, include: 'room' },
    });
    // include=room is an extension: the plain contract's page carries no room.
    expect(paged.body).toEqual({ content: [sent[0]], totalElements: 3, totalPages: 2, number: 1, size: 2 });
  });
});

describe('sending limits', () => {
  it('allows MESSAGES_PER_USER_PER_MINUTE messages a minute per user, then 429 writing nothing; others are unaffected', async () => {
    const limited = await startRestService({ env: { MESSAGES_PER_USER_PER_MINUTE: '3' } });
    try {
      const [ann, ben] = [await limited.register('flood-ann'), await limited.register('flood-ben')];
      const to = (token: string, receiver: string, content: string) =>
        limited.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
      for (let n = 1; n <= 3; n += 1) expect((await to(ann, 'flood-ben', `hello ${n}`)).status).toBe(201);
      const refused = await to(ann, 'flood-ben', 'hello 4');
      expect([refused.status, refused.body]).toEqual([
        429,
        { message: 'Too many messages. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
      ]);
      expect((await to(ben, 'flood-ann', 'slow down')).status).toBe(201);
      const room = (await limited.request('GET', '/api/chat/rooms', { token: ben })).body[0];
      const history = await limited.request('GET', `/api/chat/rooms/${room.id}/messages`, { token: ben });
      expect(history.body.content.map((message: { content: string }) => message.content)).toEqual([
        'slow down',
        'hello 3',
        'hello 2',
        'hello 1',
      ]);
    } finally {
      await limited.close();
    }
  });
});
