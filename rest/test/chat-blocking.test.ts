// Blocking in chat (issue 36, extension chat-blocking): a person blocks another; the blocked one can no longer start a
// room with them or write to them (a refusal that says no more than that), nor the blocker to them; the room leaves
// the blocker's list and its unread messages their count; the blocked one leaves the blocker's people to chat with.
// Unblocking brings it all back. Bad input writes nothing. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let counter = 0;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());

async function person(prefix: string) {
  const username = `${prefix}-${++counter}`;
  return { username, token: await shop.register(username) };
}
const send = (token: string, receiver: string | number, content = 'Hello there') =>
  shop.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
const roomsOf = async (token: string) =>
  (await shop.request<{ id: number; participantUsernames: string[] }[]>('GET', '/api/chat/rooms', { token })).body.map(
    (room) => room.participantUsernames,
  );
const unreadOf = async (token: string) =>
  (await shop.request<{ unreadCount: number }>('GET', '/api/chat/unread-count', { token })).body.unreadCount;
const pickerOf = async (token: string) =>
  (await shop.request<{ username: string }[]>('GET', '/api/chat/available-users-from-main', { token })).body.map(
    (user) => user.username,
  );

describe('blocking', () => {
  it('stops the blocked one writing or starting a room, hides the room from the blocker, and unblocking undoes it', async () => {
    const anna = await person('anna');
    const spammer = await person('spammer');
    const first = await send(spammer.token, anna.username, 'Buy my gauze');
    expect(first.status).toBe(201);
    expect(await unreadOf(anna.token)).toBe(1);
    expect(await pickerOf(anna.token)).toContain(spammer.username);

    const blocked = await shop.request('PUT', `/api/chat/blocks/${spammer.username.toUpperCase()}`, {
      token: anna.token,
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ username: spammer.username, blockedAt: expect.any(String) });
    expect(Date.parse(blocked.body.blockedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await shop.request('GET', '/api/chat/blocks', { token: anna.token })).body).toEqual([blocked.body]);

    // The blocked one: no message, by name or by the room's id, and no room; told only that they cannot.
    const refusal = { message: `You cannot send messages to ${anna.username}`, code: 'MESSAGES_REFUSED' };
    expect(await send(spammer.token, anna.username)).toMatchObject({ status: 403, body: refusal });
    expect(await send(spammer.token, first.body.chatRoomId)).toMatchObject({ status: 403, body: refusal });
    expect(
      await shop.request('POST', '/api/chat/rooms/create', {
        token: spammer.token,
        body: { participantUsername: anna.username },
      }),
    ).toMatchObject({ status: 403, body: refusal });
    // The blocker: told why, and how to undo it.
    expect(await send(anna.token, spammer.username)).toMatchObject({
      status: 409,
      body: {
        message: `You blocked ${spammer.username}: unblock them from your profile to write to them`,
        code: 'USER_BLOCKED',
        field: 'receiver',
      },
    });
    // Nothing was written: the room still holds the one message.
    const messages = await shop.request('GET', `/api/chat/rooms/${first.body.chatRoomId}/messages`, {
      token: spammer.token,
    });
    expect(messages.body.totalElements).toBe(1);

    // The blocker's list, count and picker leave them out; the blocked one's list is as it was.
    expect(await roomsOf(anna.token)).toEqual([]);
    expect(await unreadOf(anna.token)).toBe(0);
    expect(await pickerOf(anna.token)).not.toContain(spammer.username);
    expect(await roomsOf(spammer.token)).toEqual([[spammer.username, anna.username]]);
    // Blocking again changes nothing.
    expect((await shop.request('PUT', `/api/chat/blocks/${spammer.username}`, { token: anna.token })).body).toEqual(
      blocked.body,
    );

    // Unblocked: the room, its unread message and the person come back, and messages flow again.
    expect((await shop.request('DELETE', `/api/chat/blocks/${spammer.username}`, { token: anna.token })).status).toBe(
      204,
    );
    expect(await roomsOf(anna.token)).toEqual([[spammer.username, anna.username]]);
    expect(await unreadOf(anna.token)).toBe(1);
    expect(await pickerOf(anna.token)).toContain(spammer.username);
    expect((await send(spammer.token, anna.username)).status).toBe(201);
    expect((await shop.request('GET', '/api/chat/blocks', { token: anna.token })).body).toEqual([]);
  });

  it('a block before any room keeps both from starting one', async () => {
    const ben = await person('ben');
    const stranger = await person('stranger');
    await shop.request('PUT', `/api/chat/blocks/${stranger.username}`, { token: ben.token });
    expect((await send(stranger.token, ben.username)).status).toBe(403);
    expect((await send(ben.token, stranger.username)).status).toBe(409);
    expect(await roomsOf(stranger.token)).toEqual([]);
    expect(await roomsOf(ben.token)).toEqual([]);
  });

  it('refuses blocking oneself or nobody, and unblocking nobody; unblocking someone not blocked changes nothing', async () => {
    const cara = await person('cara');
    const other = await person('other');
    expect(await shop.request('PUT', `/api/chat/blocks/${cara.username}`, { token: cara.token })).toMatchObject({
      status: 400,
      body: { message: 'You cannot block yourself', code: 'INVALID_INPUT', field: 'username' },
    });
    expect(await shop.request('PUT', '/api/chat/blocks/no-such-person', { token: cara.token })).toMatchObject({
      status: 404,
      body: { message: 'User "no-such-person" not found', code: 'USER_NOT_FOUND', field: 'username' },
    });
    expect((await shop.request('DELETE', '/api/chat/blocks/no-such-person', { token: cara.token })).status).toBe(404);
    expect((await shop.request('DELETE', `/api/chat/blocks/${other.username}`, { token: cara.token })).status).toBe(
      204,
    );
    expect((await shop.request('GET', '/api/chat/blocks', { token: cara.token })).body).toEqual([]);
    expect((await send(other.token, cara.username)).status).toBe(201);
  });

  it('ends with either account: a deleted blocker’s blocks are gone', async () => {
    const dana = await person('dana');
    const eve = await person('eve');
    expect((await shop.request('PUT', `/api/chat/blocks/${eve.username}`, { token: dana.token })).status).toBe(200);
    const eveId = (await shop.request('GET', '/api/users/profile', { token: eve.token })).body.id as number;
    const blocksOfEve = () =>
      shop.app.shopDatabase.db.selectFrom('chatBlocks').select('id').where('blockedId', '=', eveId).execute();
    expect(await blocksOfEve()).toHaveLength(1);
    expect((await shop.request('DELETE', '/api/users/account', { token: dana.token })).status).toBe(204);
    expect(await blocksOfEve()).toEqual([]);
  });
});

describe('the plain contract', () => {
  it('has no blocking', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.register('plain-blocker');
      await plain.register('plain-other');
      expect((await plain.request('PUT', '/api/chat/blocks/plain-other', { token })).status).toBe(404);
      expect((await plain.request('GET', '/api/chat/blocks', { token })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
