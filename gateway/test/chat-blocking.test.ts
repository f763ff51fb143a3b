// Blocking through the gateway (extension chat-blocking): `blockUser` and `unblockUser` (refusals as userErrors),
// `viewer.blockedUsers`, the room leaving the blocker's `chatRooms` and `unreadMessageCount`, the person leaving their
// `chatUsers`, and the refusals of `createChatRoom` and `sendMessage` either way. Against the plain contract there is
// no blocking: `blockedUsers` is null and the mutations NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let counter = 0;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const USER_ERRORS = 'userErrors { message field code } clientMutationId';

async function mutate(name: string, input: Record<string, unknown>, selection: string, token: string): Promise<any> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const answer = await shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

const viewerOf = async (token: string) =>
  (
    await shop.graphql(
      '{ viewer { unreadMessageCount blockedUsers { username } chatRooms { roomName } chatUsers { username } } }',
      {},
      token,
    )
  ).data.viewer;

describe.runIf(restExtensions)('blocking', () => {
  it('hides the blocked one’s room and stops messages both ways, each told as much as they need; unblocking undoes it', async () => {
    const anna = `anna-g-${++counter}`;
    const sam = `sam-g-${counter}`;
    const annaToken = await shop.user(anna);
    const samToken = await shop.user(sam);
    const room = await mutate('createChatRoom', { participantUsername: anna }, 'room { id }', samToken);
    expect(
      (await mutate('sendMessage', { roomId: room.room.id, content: 'Buy my gauze' }, 'message { id }', samToken))
        .userErrors,
    ).toEqual([]);
    expect((await viewerOf(annaToken)).unreadMessageCount).toBe(1);

    const blocked = await mutate(
      'blockUser',
      { username: sam, clientMutationId: 'b1' },
      'blockedUser { username blockedAt } viewer { unreadMessageCount blockedUsers { username } }',
      annaToken,
    );
    expect(blocked).toEqual({
      blockedUser: { username: sam, blockedAt: expect.any(String) },
      viewer: { unreadMessageCount: 0, blockedUsers: [{ username: sam }] },
      userErrors: [],
      clientMutationId: 'b1',
    });
    const after = await viewerOf(annaToken);
    expect(after.chatRooms).toEqual([]);
    expect(after.chatUsers.map((user: { username: string }) => user.username)).not.toContain(sam);

    expect(
      (await mutate('sendMessage', { roomId: room.room.id, content: 'Again' }, 'message { id }', samToken)).userErrors,
    ).toEqual([{ message: `You cannot send messages to ${anna}`, field: null, code: 'FORBIDDEN' }]);
    expect((await mutate('createChatRoom', { participantUsername: anna }, 'room { id }', samToken)).userErrors).toEqual(
      [{ message: `You cannot send messages to ${anna}`, field: null, code: 'FORBIDDEN' }],
    );
    expect(
      (await mutate('sendMessage', { roomId: room.room.id, content: 'Hi' }, 'message { id }', annaToken)).userErrors,
    ).toEqual([
      {
        message: `You blocked ${sam}: unblock them from your profile to write to them`,
        field: 'roomId',
        code: 'CONFLICT',
      },
    ]);

    const unblocked = await mutate(
      'unblockUser',
      { username: sam },
      'unblockedUsername viewer { unreadMessageCount blockedUsers { username } }',
      annaToken,
    );
    expect(unblocked).toEqual({
      unblockedUsername: sam,
      viewer: { unreadMessageCount: 1, blockedUsers: [] },
      userErrors: [],
      clientMutationId: null,
    });
    expect((await viewerOf(annaToken)).chatRooms).toEqual([{ roomName: sam }]);
  });

  it('refuses blocking oneself, blank or nobody, as userErrors', async () => {
    const cara = `cara-g-${++counter}`;
    const token = await shop.user(cara);
    expect((await mutate('blockUser', { username: cara }, 'blockedUser { username }', token)).userErrors).toEqual([
      { message: 'You cannot block yourself', field: 'username', code: 'INVALID_INPUT' },
    ]);
    expect((await mutate('blockUser', { username: '  ' }, 'blockedUser { username }', token)).userErrors).toEqual([
      { message: 'Choose someone to block', field: 'username', code: 'INVALID_INPUT' },
    ]);
    expect(
      (await mutate('blockUser', { username: 'nobody-here' }, 'blockedUser { username }', token)).userErrors,
    ).toEqual([{ message: 'User "nobody-here" not found', field: 'username', code: 'NOT_FOUND' }]);
    expect((await viewerOf(token)).blockedUsers).toEqual([]);
  });
});

describe.runIf(!restExtensions)('over the plain contract', () => {
  it('has no blocking: the list is null and blocking NOT_SUPPORTED', async () => {
    const token = await shop.user(`plain-blocker-${++counter}`);
    expect(
      (await shop.graphql('{ viewer { blockedUsers { username } } }', {}, token)).data.viewer.blockedUsers,
    ).toBeNull();
    const answer = await shop.graphql(
      'mutation { blockUser(input: { username: "someone" }) { blockedUser { username } userErrors { message } } }',
      {},
      token,
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: "The shop's REST service has no blocking (it lacks the chat-blocking extension)",
      extensions: { code: 'NOT_SUPPORTED' },
    });
  });
});
