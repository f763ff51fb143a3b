// ChatRoom and Message, with history paged both ways by message id.
import { sameUsername } from '../../../shop-rules/account-rules.js';
import {
  type FieldNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
  Kind,
  getArgumentValues,
  isObjectType,
} from 'graphql';
import type {
  ChatReportReason,
  ChatReportResolvers,
  ChatReportStatus,
  ChatRoomMessagesArgs,
  ChatRoomResolvers,
  MessageResolvers,
  QuotedMessageResolvers,
  ReportedMessageResolvers,
} from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { notFound } from '../errors.js';
import { messageCursor, messageIdFromCursor, toGlobalId } from '../global-id.js';
import type { RestMessage } from '../rest/contract.js';
import { MESSAGE_PAGE_SIZE } from '../page-size.js';
import type { MessagePageBounds } from '../rest/loaders.js';
import { roomMessageCount } from '../rest/plain-contract/message-history.js';
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
    const bounds = messagePageBounds(args);
    if (bounds.direction === 'newer') {
      const newer = await context.loaders.messagePage(room.id, bounds);
      const totalCount =
        newer.totalCount ??
        (requestedFields(info).has('totalCount') ? await roomMessageCount(context.api, room.id) : 0);
      return messageConnection(newer.messages, totalCount, {
        hasPreviousPage: bounds.afterId !== 0,
        hasNextPage: newer.hasNewer,
      });
    }
    const history = await context.loaders.messagePage(room.id, bounds);
    // totalCount is the room's on every page, as for the other connections: on an older page that is one more
    // call, made only when it is asked for (0 is never seen then).
    const totalCount =
      history.totalCount ??
      (requestedFields(info).has('totalCount') ? await roomMessageCount(context.api, room.id) : 0);
    return messageConnection([...history.messages].reverse(), totalCount, {
      hasPreviousPage: history.hasOlder,
      hasNextPage: bounds.beforeId !== undefined,
    });
  },
};

/** The page `messages` asks for; a chat opens on the latest messages unless asked to go forward. */
function messagePageBounds(args: ChatRoomMessagesArgs): MessagePageBounds {
  const cursorId = (argument: 'after' | 'before', cursor: string | null | undefined) => {
    if (cursor == null) return undefined;
    const id = messageIdFromCursor(cursor);
    if (id === undefined) throw badArgument(`${argument} is not a cursor of this list`);
    return id;
  };
  if (!pagesBackward(args, true)) {
    return {
      direction: 'newer',
      count: pageSize('first', args.first, MESSAGE_PAGE_SIZE),
      afterId: cursorId('after', args.after) ?? 0,
    };
  }
  return {
    direction: 'older',
    count: pageSize('last', args.last, MESSAGE_PAGE_SIZE),
    beforeId: cursorId('before', args.before),
  };
}

/**
 * When node(id) finds a chat room whose messages the query asks for (the opened chat's one query), the messages'
 * call starts now: the room's answer adds nothing the call needs but its id, which the global id carries. Where a page
 * can carry its room (messages-room), the latest page's call asks for the room too and is the chat's only call;
 * otherwise it runs beside the room's. Had the room not been the viewer's, the page is never read (REST refused it
 * too). Only plain `messages` fields: one under @skip or @include, or whose arguments are bad, is left to its
 * resolver, which says why.
 */
export function startMessagesEarly(roomId: number, context: GatewayContext, info: GraphQLResolveInfo): void {
  const roomType = info.schema.getType('ChatRoom');
  if (!isObjectType(roomType)) return;
  const messagesField = roomType.getFields()['messages']!;
  for (const field of fieldsOnChatRoom(info, 'messages')) {
    if (field.directives?.length) continue;
    try {
      const bounds = messagePageBounds(getArgumentValues(messagesField, field, info.variableValues));
      // Its failure is the resolver's to report, if the resolver runs at all.
      context.loaders.messagePage(roomId, bounds, context.api.chat.carriesRoom()).catch(() => undefined);
    } catch {
      // A bad argument: the resolver refuses it.
    }
  }
}

/** The fields named `name` the node(id) field's selection asks of a ChatRoom, through fragments on it or on Node. */
function fieldsOnChatRoom(info: GraphQLResolveInfo, name: string): FieldNode[] {
  const found: FieldNode[] = [];
  const appliesToRoom = (typeName: string | undefined) =>
    typeName === undefined || typeName === 'ChatRoom' || typeName === 'Node';
  const collect = (selectionSet: SelectionSetNode | undefined) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === name) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (appliesToRoom(selection.typeCondition?.name.value)) collect(selection.selectionSet);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment && appliesToRoom(fragment.typeCondition.name.value)) collect(fragment.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) collect(node.selectionSet);
  return found;
}

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
  // The plain contract knows no new accounts' plain text: every address a link, as its client shows them.
  linksAllowed: (message) => message.linksAllowed ?? true,
  // The plain contract removes nothing and takes no reports.
  removed: (message) => message.removed === true,
  viewerReport: (message) => message.report ?? null,
};

/** A report's global id (a ReportedMessage's, for moderators). */
export const reportGlobalId = (reportId: number) => toGlobalId('ReportedMessage', reportId);

export const ChatReport: ChatReportResolvers = {
  reason: (report) => report.reason as ChatReportReason,
  status: (report) => report.status as ChatReportStatus,
};

export const ReportedMessage: ReportedMessageResolvers = {
  id: (report) => reportGlobalId(report.id),
  reason: (report) => report.reason as ChatReportReason,
  status: (report) => report.status as ChatReportStatus,
  reportedAt: (report) => report.createdAt,
  message: (report) => ({ ...report.message, reported: true }),
  context: (report) => report.context.map((message) => ({ ...message, reported: message.id === report.messageId })),
};

export const QuotedMessage: QuotedMessageResolvers = {
  messageId: messageGlobalId,
  removed: (message) => message.removed === true,
};
