// ChatRoom and Message, with history paged backwards by message id.
import { GraphQLError } from 'graphql';
import type { ChatRoomResolvers, MessageResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { notFound } from '../errors.js';
import { messageCursor, messageIdFromCursor, toGlobalId } from '../global-id.js';
import type { RestChatRoom, RestMessage } from '../rest/contract.js';
import type { RestApi } from '../rest/rest-api.js';
import { MAX_UPSTREAM_PAGE_SIZE } from '../rest/windows.js';
import { pageSize } from './connections.js';
import { requestedFields } from './requested-fields.js';
import { sameUsername, viewerUsername } from './user.js';

/** The room's unread count: on the room with the extension, otherwise one call per room (batched per request). */
export function unreadCountOf(room: RestChatRoom, context: GatewayContext): number | Promise<number> {
  return room.unreadCount ?? context.loaders.unreadCountByRoomId.load(room.id);
}

export const messageGlobalId = (message: RestMessage) => toGlobalId('Message', `${message.chatRoomId}.${message.id}`);

export interface History {
  /** Newest first. */
  messages: RestMessage[];
  hasOlder: boolean;
  /** The room's message count; undefined where the answer counted only the messages before the cursor. */
  totalCount: number | undefined;
}

/** Upper bound on pages walked when the contract has no keyset paging: 100 pages of 100 messages. */
const MAX_PAGES_WALKED = 100;
const WALK_PAGE_SIZE = 100;

/**
 * The `last` messages older than `beforeId` (newest overall when undefined). With the extension one call does it;
 * a plain contract ignores `before`, which shows in its answer, and the history is then walked page by page.
 */
export async function loadHistory(api: RestApi, roomId: number, last: number, beforeId?: number): Promise<History> {
  // One message more than asked shows whether older ones exist, except at `last: 100`: a page of 101 is more than
  // the contract serves (400), so there the page's totalElements tells.
  const size = Math.min(last + 1, MAX_UPSTREAM_PAGE_SIZE);
  const first = await api.chat.messages(roomId, { page: 0, size, before: beforeId });
  const totalCount = first.totalElements ?? first.content.length;
  if (beforeId === undefined || first.content.every((message) => message.id < beforeId)) {
    // totalElements counts what the page was cut from: with `before` honoured (the extension), only the older
    // messages, which says whether more exist but is not the room's count.
    const hasOlder = first.content.length > last || (first.totalElements ?? 0) > last;
    return { messages: first.content.slice(0, last), hasOlder, totalCount: beforeId === undefined ? totalCount : undefined };
  }
  const older: RestMessage[] = [];
  let previousFirstId: number | undefined;
  for (let page = 0; page < MAX_PAGES_WALKED; page += 1) {
    const answer = await api.chat.messages(roomId, { page, size: WALK_PAGE_SIZE });
    // An implementation that ignores `page` too would answer the same page forever.
    if (answer.content.length === 0 || answer.content[0]!.id === previousFirstId) break;
    previousFirstId = answer.content[0]!.id;
    older.push(...answer.content.filter((message) => message.id < beforeId));
    if (older.length > last || answer.content.length < WALK_PAGE_SIZE) break;
  }
  return { messages: older.slice(0, last), hasOlder: older.length > last, totalCount };
}

async function roomMessageCount(api: RestApi, roomId: number): Promise<number> {
  const page = await api.chat.messages(roomId, { page: 0, size: 1 });
  return page.totalElements ?? page.content.length;
}

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
  unreadCount: (room, _args, context) => unreadCountOf(room, context),
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
