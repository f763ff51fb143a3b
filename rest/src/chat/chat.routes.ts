// /api/chat: rooms, messages, unread counts and the user picker, for participants only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from '../auth/authenticate.js';
import { can } from '../auth/authenticated-user.js';
import { badRequest } from '../shared/http-errors.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { BEARER_SECURITY, MAX_DATABASE_ID, Timestamp, errorAnswers } from '../shared/schemas.js';
import { AvailableChatUser } from '../users/user.schemas.js';
import type { UserService } from '../users/user.service.js';
import {
  CleanupAnswer,
  CreateRoomBody,
  MessageAnswer,
  INCLUDE_ROOM,
  MessagePage,
  MessagesQuery,
  ReceiverParams,
  RoomAnswer,
  RoomListAnswer,
  RoomParams,
  RoomsQuery,
  SendBody,
  UnreadCountAnswer,
} from './chat.schemas.js';
import { type ChatService, DEFAULT_ROOM_PAGE_SIZE, roomPlaceBefore, roomPositionOf } from './chat.service.js';

export interface ChatRouteOptions {
  chat: ChatService;
  users: UserService;
  extensions: boolean;
  limits: RateLimits;
  messagesPerUserPerMinute: number;
}

/** `after` and `before` at once would ask for a page from two places. */
const ONE_DIRECTION = 'Give after or before, not both';

export const chatRoutes: FastifyPluginAsyncTypebox<ChatRouteOptions> = async (
  app,
  { chat, users, extensions, limits, messagesPerUserPerMinute },
) => {
  const common = { tags: ['chat'], security: BEARER_SECURITY };
  const sendLimit = limits.perMinute(
    'messages',
    messagesPerUserPerMinute,
    (request) => String(viewerOf(request).id),
    'Too many messages.',
  );
  const Room = RoomAnswer(extensions);

  app.get(
    '/rooms',
    {
      schema: {
        operationId: 'listChatRooms',
        ...common,
        summary: 'The caller’s rooms, most recently active first',
        description:
          'By the latest message, or by creation before the first; among rooms equally recent, the newer room first. ' +
          'Without paging parameters every room, however many: the plain contract’s list. With the extensions, a page ' +
          'object when page, size, after, before or unread is given (size 20 unless given), and with ids just those rooms.',
        querystring: RoomsQuery(extensions),
        response: { 200: RoomListAnswer(extensions), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as {
        page?: number;
        size?: number;
        after?: string;
        before?: string;
        unread?: boolean;
        ids?: string;
      };
      if (extensions && query.ids !== undefined) {
        const ids = [...new Set(query.ids.split(',').map(Number))].filter((id) => id <= MAX_DATABASE_ID);
        return chat.roomsByIds(viewerOf(request), ids);
      }
      const paged =
        extensions &&
        (query.page !== undefined ||
          query.size !== undefined ||
          query.after !== undefined ||
          query.before !== undefined ||
          query.unread !== undefined);
      if (!paged) return chat.rooms(viewerOf(request));
      if (query.after !== undefined && query.before !== undefined) throw badRequest(ONE_DIRECTION, 'before');
      return chat.roomPage(viewerOf(request), {
        page: query.page ?? 0,
        size: query.size ?? DEFAULT_ROOM_PAGE_SIZE,
        after: query.after === undefined ? undefined : roomPositionOf(query.after, 'after'),
        before: query.before === undefined ? undefined : roomPlaceBefore(query.before),
        unreadOnly: query.unread ?? false,
      });
    },
  );

  if (extensions) {
    app.get(
      '/unread-count',
      {
        schema: {
          operationId: 'countUnreadMessages',
          ...common,
          summary: 'How many messages the caller has not read, over all their rooms (extension)',
          description: 'The chat badge, exact, without listing the rooms.',
          response: { 200: UnreadCountAnswer, ...errorAnswers(401) },
        },
      },
      async (request) => ({ unreadCount: await chat.unreadTotal(viewerOf(request)) }),
    );
  }

  app.post(
    '/rooms/create',
    {
      schema: {
        operationId: 'createChatRoom',
        ...common,
        summary: 'The room with another user (the same pair always gets the same room)',
        body: CreateRoomBody,
        response: { 200: Room, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => chat.createRoom(viewerOf(request), request.body.participantUsername),
  );

  app.get(
    '/rooms/:roomId/messages',
    {
      schema: {
        operationId: 'listChatMessages',
        ...common,
        summary: 'A page of the room’s messages, newest first',
        params: RoomParams,
        querystring: MessagesQuery(extensions),
        response: { 200: MessagePage(extensions), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query as {
        page?: number;
        size?: number;
        before?: number;
        after?: number;
        include?: typeof INCLUDE_ROOM;
      };
      if (!extensions)
        return chat.messages(viewerOf(request), request.params.roomId, { page: query.page, size: query.size });
      if (query.after !== undefined && query.before !== undefined) throw badRequest(ONE_DIRECTION, 'before');
      const paging = { page: query.page, size: query.size, before: query.before, after: query.after };
      if (query.include === INCLUDE_ROOM)
        return chat.messagesWithRoom(viewerOf(request), request.params.roomId, paging);
      return chat.messages(viewerOf(request), request.params.roomId, paging);
    },
  );

  app.post(
    '/rooms/:receiver/messages',
    {
      preHandler: sendLimit,
      schema: {
        operationId: 'sendChatMessage',
        ...common,
        summary: 'Send a message to the receiver (by username) in the room of the pair',
        params: ReceiverParams,
        body: SendBody,
        response: { 201: MessageAnswer(extensions), ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await chat.send(viewerOf(request), request.params.receiver, request.body.content)),
  );

  app.get(
    '/rooms/:roomId/unread-count',
    {
      schema: {
        operationId: 'countUnreadRoomMessages',
        ...common,
        summary: 'How many of the room’s messages the caller has not read',
        params: RoomParams,
        response: { 200: UnreadCountAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({ unreadCount: await chat.unreadCount(viewerOf(request), request.params.roomId) }),
  );

  app.post(
    '/rooms/:roomId/mark-as-read',
    {
      schema: {
        operationId: 'markChatRoomRead',
        ...common,
        summary: 'Mark every message of the room read for the caller',
        params: RoomParams,
        response: { 204: Type.Null({ description: 'Marked' }), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await chat.markRead(viewerOf(request), request.params.roomId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/cleanup-duplicates',
    {
      schema: {
        operationId: 'cleanupChatRooms',
        ...common,
        summary: 'Remove rooms no participant can open any more (admins only)',
        description:
          'Housekeeping for admins. The original client calls it before loading the people to chat with, as any ' +
          'user: for anyone but an admin it does nothing and answers `{ removedRooms: 0 }`.',
        response: { 200: CleanupAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => ({ removedRooms: can(viewerOf(request), 'MODERATE_CHAT') ? await chat.cleanup() : 0 }),
  );

  app.get(
    '/available-users-from-main',
    {
      schema: {
        operationId: 'listChatUsers',
        ...common,
        summary: 'Everyone the caller can chat with',
        ...(extensions ? { description: 'Not the people the caller blocked (extension chat-blocking).' } : {}),
        response: { 200: Type.Array(AvailableChatUser), ...errorAnswers(401) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const blocked = new Set((await chat.blocked(viewer)).map((person) => person.id));
      const everyone = await users.listChatUsers(viewer.id);
      return blocked.size === 0 ? everyone : everyone.filter((user) => !blocked.has(user.id));
    },
  );

  if (!extensions) return;
  const BlockedAnswer = Type.Object(
    {
      username: Type.String(),
      blockedAt: Timestamp,
    },
    { description: 'Someone the caller blocked' },
  );
  const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });

  app.get(
    '/blocks',
    {
      schema: {
        operationId: 'listChatBlocks',
        ...common,
        summary: 'The people the caller blocked, the latest first (extension chat-blocking)',
        response: { 200: Type.Array(BlockedAnswer), ...errorAnswers(401) },
      },
    },
    async (request) => chat.blocked(viewerOf(request)),
  );

  app.put(
    '/blocks/:username',
    {
      schema: {
        operationId: 'blockChatUser',
        ...common,
        summary: 'Block someone (extension chat-blocking)',
        description:
          'They can no longer start a room with the caller or send them messages (403 MESSAGES_REFUSED, "You cannot send messages to …", nothing more), nor the caller to them (409 USER_BLOCKED); their room leaves the caller’s list and unread count, and they leave the caller’s list of people to chat with. Blocking again changes nothing. 400 for oneself, 404 for nobody.',
        params: UsernameParams,
        response: { 200: BlockedAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => chat.block(viewerOf(request), request.params.username),
  );

  app.delete(
    '/blocks/:username',
    {
      schema: {
        operationId: 'unblockChatUser',
        ...common,
        summary: 'Unblock someone: their room comes back to the caller’s list (extension chat-blocking)',
        description: 'Someone not blocked: nothing changes (204). 404 for nobody.',
        params: UsernameParams,
        response: { 204: Type.Null({ description: 'Not blocked now' }), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await chat.unblock(viewerOf(request), request.params.username);
      return reply.code(204).send(null);
    },
  );
};
