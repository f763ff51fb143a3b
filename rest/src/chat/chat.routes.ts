// /api/chat: rooms, messages, unread counts and the user picker, for participants only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from '../auth/authenticate.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { BEARER_SECURITY, errorAnswers } from '../shared/schemas.js';
import { AvailableChatUser } from '../users/user.schemas.js';
import type { UserService } from '../users/user.service.js';
import {
  CleanupAnswer,
  CreateRoomBody,
  ChatMessageAnswer,
  MessagePage,
  MessagesQuery,
  ReceiverParams,
  RoomAnswer,
  RoomParams,
  SendBody,
  UnreadCountAnswer,
} from './chat.schemas.js';
import type { ChatService } from './chat.service.js';

export interface ChatRouteOptions {
  chat: ChatService;
  users: UserService;
  extensions: boolean;
  limits: RateLimits;
  messagesPerUserPerMinute: number;
}

export const chatRoutes: FastifyPluginAsyncTypebox<ChatRouteOptions> = async (app, { chat, users, extensions, limits, messagesPerUserPerMinute }) => {
  const common = { tags: ['chat'], security: BEARER_SECURITY };
  const sendLimit = limits.perMinute('messages', messagesPerUserPerMinute, (request) => String(viewerOf(request).id), 'Too many messages.');
  const Room = RoomAnswer(extensions);

  app.get(
    '/rooms',
    {
      schema: { ...common, summary: 'The caller’s rooms, most recent first', response: { 200: Type.Array(Room), ...errorAnswers(401) } },
    },
    async (request) => chat.rooms(viewerOf(request)),
  );

  app.post(
    '/rooms/create',
    {
      schema: {
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
        ...common,
        summary: 'A page of the room’s messages, newest first',
        params: RoomParams,
        querystring: MessagesQuery(extensions),
        response: { 200: MessagePage, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query as { page?: number; size?: number; before?: number };
      return chat.messages(viewerOf(request), request.params.roomId, extensions ? query : { ...query, before: undefined });
    },
  );

  app.post(
    '/rooms/:receiver/messages',
    {
      preHandler: sendLimit,
      schema: {
        ...common,
        summary: 'Send a message to the receiver (by username) in the room of the pair',
        params: ReceiverParams,
        body: SendBody,
        response: { 201: ChatMessageAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await chat.send(viewerOf(request), request.params.receiver, request.body.content)),
  );

  app.get(
    '/rooms/:roomId/unread-count',
    {
      schema: {
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
        ...common,
        summary: 'Remove rooms no participant can open any more (admins only)',
        description:
          'Housekeeping for admins. The original client calls it before loading the people to chat with, as any ' +
          'user: for anyone but an admin it does nothing and answers `{ removedRooms: 0 }`.',
        response: { 200: CleanupAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => ({ removedRooms: viewerOf(request).isAdmin ? await chat.cleanup() : 0 }),
  );

  app.get(
    '/available-users-from-main',
    {
      schema: {
        ...common,
        summary: 'Everyone the caller can chat with',
        response: { 200: Type.Array(AvailableChatUser), ...errorAnswers(401) },
      },
    },
    async (request) => users.listChatUsers(viewerOf(request).id),
  );
};
