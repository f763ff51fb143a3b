// /api/users: the caller's own profile, password and account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, NoticeAnswer, errorAnswers } from '../shared/schemas.js';
import { PasswordChange, ProfileUpdate, UserAnswer } from './user.schemas.js';
import { type UserService, toUserAnswer } from './user.service.js';

export const userRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  const common = { tags: ['users'], security: BEARER_SECURITY };

  app.get(
    '/profile',
    {
      schema: { operationId: 'getProfile', ...common, summary: 'The caller’s profile', response: { 200: UserAnswer, ...errorAnswers(401) } },
    },
    async (request) => toUserAnswer(await users.getProfile(viewerOf(request).id)),
  );

  app.put(
    '/profile',
    {
      schema: {
        operationId: 'updateProfile',
        ...common,
        summary: 'Change profile fields and preferences',
        body: ProfileUpdate,
        response: { 200: UserAnswer, ...errorAnswers(400, 401) },
      },
    },
    async (request) => toUserAnswer(await users.updateProfile(viewerOf(request).id, request.body)),
  );

  app.put(
    '/change-password',
    {
      schema: {
        operationId: 'changePassword',
        ...common,
        summary: 'Change the password; every token issued before stops working',
        body: PasswordChange,
        response: { 200: NoticeAnswer, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      await users.changePassword(viewerOf(request).id, request.body);
      return { message: 'Password changed successfully' };
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        operationId: 'deleteAccount',
        ...common,
        summary: 'Delete the account: personal data and cart deleted, orders kept anonymised, tokens revoked',
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(viewerOf(request).id);
      return reply.code(204).send(null);
    },
  );
};
