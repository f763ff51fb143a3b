// ChatRoom and Message, with history paged backwards by message id.
import { GraphQLError } from 'graphql';
import { sameUsername } from '../../../shop-rules/account-rules.js';
import type { ChatRoomResolvers, MessageResolvers } from '../__generated__/resolvers-types.js';
import { notFound } from '../errors.js';
import { messageCursor, messageIdFromCursor, toGlobalId } from '../global-id.js';
import type { RestMessage } from '../rest/contract.js';
import { loadHistory, roomMessageCount } from '../rest/message-history.js';
import { pageSize } from './connections.js';
import { requestedFields } from './requested-fields.js';
import { viewerUsername } from './viewer.js';

export const messageGlobalId = (message: RestMessage) => toGlobalId('Message', `${message.chatRoomId}.${message.id}`);

export const ChatRoom: ChatRoomResolvers = {
  id: (room) => toGlobalId('ChatRoom', room.id),
  participantUsernames: (room) => room.participantUsernames ?? [room.roomName],
  participants: async (room, _args, context) => {
    const users = await context.loaders.chatUsers.get();
    const names = room.participantUsernames ?? [room.roomName];
    return names.flatMap((name) => users.find((user) => sameUsername(user.username, name)) ?? []);
  },
  lastMessage: (room) => room.lastMessage ?? null,
  lastMessageTime: (room) => room.lastMessageTime ?? null,
  createdAt: (room) => room.createdAt ?? null,
  unreadCount: (room, _args, context) => context.loaders.unreadCountOf(room),
  messages: async (room, { last, before }, context, info) => {
    const count = pageSize('last', last, 50);
    let beforeId: number | undefined;
    if (before != null) {
      beforeId = messageIdFromCursor(before);
      if (beforeId === undefined) {
        throw new GraphQLError('before is not a cursor of this list', { extensions: { code: 'BAD_USER_INPUT' } });
      }
    }
    const history = await loadHistory(context.api, room.id, count, beforeId);
    // totalCount is the room's on every page, as for the other connections: on an older page that is one more
    // call, made only when it is asked for (0 is never seen then).
    const totalCount =
      history.totalCount ??
      (requestedFields(info).has('totalCount') ? await roomMessageCount(context.api, room.id) : 0);
    const edges = [...history.messages].reverse().map((node) => ({ cursor: messageCursor(node.id), node }));
    return {
      edges,
      totalCount,
      pageInfo: {
        hasPreviousPage: history.hasOlder,
        hasNextPage: beforeId !== undefined,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  },
};

export const Message: MessageResolvers = {
  id: messageGlobalId,
  room: async (message, _args, context) => {
    const room = await context.loaders.roomById(message.chatRoomId);
    if (!room) throw notFound('Chat room');
    return room;
  },
  isMine: async (message, _args, context) => sameUsername(message.senderUsername, await viewerUsername(context)),
};
