// ChatRoom and Message, with history paged both ways by message id.
import { sameUsername } from '../../../shop-rules/account-rules.js';
import type { ChatRoomResolvers, MessageResolvers } from '../__generated__/resolvers-types.js';
import { notFound } from '../errors.js';
import { messageCursor, messageIdFromCursor, toGlobalId } from '../global-id.js';
import type { RestMessage } from '../rest/contract.js';
import { MESSAGE_PAGE_SIZE } from '../page-size.js';
import { loadHistory, loadNewer, roomMessageCount } from '../rest/plain-contract/message-history.js';
import { unreadCountOf } from '../rest/plain-contract/unread-counts.js';
import { badArgument, pageSize, pagesBackward } from './connections.js';
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
  unreadCount: (room, _args, context) => unreadCountOf(context.loaders, room),
  messages: async (room, args, context, info) => {
    const cursorId = (argument: 'after' | 'before', cursor: string | null | undefined) => {
      if (cursor == null) return undefined;
      const id = messageIdFromCursor(cursor);
      if (id === undefined) throw badArgument(`${argument} is not a cursor of this list`);
      return id;
    };
    // Read from its newest end unless asked to go forward: a chat opens on the latest messages.
    if (!pagesBackward(args, true)) {
      const count = pageSize('first', args.first, MESSAGE_PAGE_SIZE);
      const afterId = cursorId('after', args.after);
      const newer = await loadNewer(context.api, room.id, count, afterId ?? 0);
      const totalCount =
        newer.totalCount ??
        (requestedFields(info).has('totalCount') ? await roomMessageCount(context.api, room.id) : 0);
      return messageConnection(newer.messages, totalCount, {
        hasPreviousPage: afterId !== undefined,
        hasNextPage: newer.hasNewer,
      });
    }
    const count = pageSize('last', args.last, MESSAGE_PAGE_SIZE);
    const beforeId = cursorId('before', args.before);
    const history = await loadHistory(context.api, room.id, count, beforeId);
    // totalCount is the room's on every page, as for the other connections: on an older page that is one more
    // call, made only when it is asked for (0 is never seen then).
    const totalCount =
      history.totalCount ??
      (requestedFields(info).has('totalCount') ? await roomMessageCount(context.api, room.id) : 0);
    return messageConnection([...history.messages].reverse(), totalCount, {
      hasPreviousPage: history.hasOlder,
      hasNextPage: beforeId !== undefined,
    });
  },
};

/** A page of a room's history, oldest first. */
function messageConnection(
  messages: RestMessage[],
  totalCount: number,
  more: { hasPreviousPage: boolean; hasNextPage: boolean },
) {
  const edges = messages.map((node) => ({ cursor: messageCursor(node.id), node }));
  return {
    edges,
    totalCount,
    pageInfo: { ...more, startCursor: edges[0]?.cursor ?? null, endCursor: edges[edges.length - 1]?.cursor ?? null },
  };
}

export const Message: MessageResolvers = {
  id: messageGlobalId,
  room: async (message, _args, context) => {
    const room = await context.loaders.roomById(message.chatRoomId);
    if (!room) throw notFound('Chat room');
    return room;
  },
  isMine: async (message, _args, context) => sameUsername(message.senderUsername, await viewerUsername(context)),
};
