// POST /api/auth/register and /api/auth/login: both answer the token itself as the plain response body.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorAnswers } from '../shared/schemas.js';
import type { UserService } from '../users/user.service.js';
import { toAuthenticatedUser } from '../users/user.service.js';
import { issueToken } from './authenticate.js';

const TokenAnswer = {
  description: 'The JWT itself, as plain text',
  content: { 'text/plain': { schema: Type.String() } },
};

const Username = Type.String({
  minLength: 3,
  maxLength: 50,
  // At least one letter: chat paths carry a username where the original client sends a room id, and this keeps them apart.
  pattern: '^(?=.*[A-Za-z])[A-Za-z0-9._-]+$',
  errorMessage: {
    pattern: 'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter',
  },
});
const NewPassword = Type.String({ minLength: 3, maxLength: 128 });

const RegisterBody = Type.Object({
  username: Username,
  password: NewPassword,
  confirmPassword: Type.Optional(Type.String({ maxLength: 128, description: 'Checked against password when sent' })),
  roles: Type.Optional(Type.Unknown({ description: 'Ignored: every new account is a regular USER' })),
});

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 50 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const authRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (always role USER) and answer its token',
        body: RegisterBody,
        response: { 201: TokenAnswer, ...errorAnswers(400, 409) },
      },
    },
    async (request, reply) => {
      const user = await users.register(request.body);
      return reply.code(201).type('text/plain; charset=utf-8').send(issueToken(app, toAuthenticatedUser(user)));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange username and password for a token',
        body: LoginBody,
        response: { 200: TokenAnswer, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await users.login(request.body.username, request.body.password);
      return reply.type('text/plain; charset=utf-8').send(issueToken(app, toAuthenticatedUser(user)));
    },
  );
};
