// Mutations of the chat: start a room, send (published to messageAdded), mark read.
import { sameUsername } from '../../../../shop-rules/account-rules.js';
import { checkMessageContent } from '../../../../shop-rules/order-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { VIEWER } from '../../resolver-parents.js';
import { userAudience } from '../../pubsub.js';
import { viewerUsername } from '../viewer.js';
import { withUserErrors } from './user-errors.js';

function roomIdOf(globalId: string): number {
  const id = numericIdOf(globalId, 'ChatRoom');
  if (id === undefined) throw new InputProblem('Chat room not found', 'roomId', 'NOT_FOUND');
  return id;
}

export const chatMutations: Pick<
  MutationResolvers,
  'createChatRoom' | 'sendMessage' | 'markRoomRead' | 'blockUser' | 'unblockUser'
> = {
  blockUser: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      const username = input.username.trim();
      if (!username) throw new InputProblem('Choose someone to block', 'username');
      const blockedUser = await context.api.chatBlocks.block(username);
      // Their room left the viewer's list, and its unread messages the viewer's count.
      context.loaders.roomsChanged();
      return { blockedUser, viewer: VIEWER };
    }),

  unblockUser: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username'] }, async () => {
      const username = input.username.trim();
      if (!username) throw new InputProblem('Choose someone to unblock', 'username');
      await context.api.chatBlocks.unblock(username);
      context.loaders.roomsChanged();
      return { unblockedUsername: username, viewer: VIEWER };
    }),

  createChatRoom: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['participantUsername'] }, async () => {
      const username = input.participantUsername.trim();
      if (!username) throw new InputProblem('Choose someone to chat with', 'participantUsername');
      const room = await context.api.chat.createRoom(username);
      context.loaders.roomsChanged();
      return { room: (await context.loaders.roomById(room.id)) ?? room };
    }),

  sendMessage: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: ['roomId', 'content'],
        restFields: { receiver: 'roomId' },
      },
      async () => {
        const check = new InputCheck();
        const roomId = check.attempt(() => roomIdOf(input.roomId))!;
        const content = check.value(checkMessageContent(input.content))!;
        check.done();
        const [room, me] = await Promise.all([context.loaders.roomById(roomId), viewerUsername(context)]);
        if (!room) throw new InputProblem('Chat room not found', 'roomId', 'NOT_FOUND');
        // The contract sends to a receiver by username: the participant who is not the viewer (spec §5).
        const participants = room.participantUsernames ?? [room.roomName, me];
        const receiver = participants.find((name) => !sameUsername(name, me));
        if (!receiver) throw new InputProblem('There is nobody else in this chat', 'roomId');
        const message = await context.api.chat.send(receiver, content);
        // The room's lastMessage changed: what the payload shows of it is read afresh.
        context.loaders.roomsChanged();
        try {
          const participantIds =
            room.participantUsernames && room.participantIds?.length === participants.length
              ? room.participantIds
              : undefined;
          const event = {
            message,
            participantUsernames: participants,
            participantIds,
            room: {
              id: room.id,
              participantUsernames: participants,
              lastMessage: message.content,
              lastMessageTime: message.timestamp,
              createdAt: room.createdAt,
            },
          };
          // To each participant's own channel (the sender's too: their other tabs); a deleted account has none.
          const audiences = participants.flatMap((username, index) => {
            if (!participantIds) return [userAudience({ username })];
            const id = participantIds[index];
            return id == null ? [] : [userAudience({ id, username })];
          });
          await Promise.all(audiences.map((audience) => context.pubsub.publish('MESSAGE_ADDED', event, audience)));
        } catch (error) {
          context.log.error({ err: error, messageId: message.id }, 'could not publish messageAdded');
        }
        return { message };
      },
    ),

  markRoomRead: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['roomId'] }, async () => {
      const roomId = roomIdOf(input.roomId);
      await context.api.chat.markRead(roomId);
      context.loaders.roomsChanged();
      context.loaders.unreadCountByRoomId.clear(roomId);
      const room = await context.loaders.roomById(roomId);
      // The viewer's unread total dropped with the room's: the payload answers it afresh.
      return { room: room ?? null, viewer: VIEWER };
    }),
};
