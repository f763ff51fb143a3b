// POST /api/auth/register and /api/auth/login: both answer the token itself as the plain response body.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
  USERNAME_PATTERN_MESSAGE,
} from '../../../shop-rules/account-rules.js';
import { errorAnswers } from '../shared/schemas.js';
import type { UserService } from '../users/user.service.js';
import { toAuthenticatedUser } from '../users/user.service.js';
import { issueToken } from './authenticate.js';

const TokenAnswer = {
  description: 'The JWT itself, as plain text',
  content: { 'text/plain': { schema: Type.String() } },
};

const Username = Type.String({
  minLength: MIN_USERNAME_LENGTH,
  maxLength: MAX_USERNAME_LENGTH,
  pattern: USERNAME_PATTERN,
  errorMessage: { pattern: USERNAME_PATTERN_MESSAGE },
});
const NewPassword = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });

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

export interface AuthRouteOptions {
  users: UserService;
  loginAttemptsPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { users, loginAttemptsPerMinute }) => {
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
      // Counted per username, not per address: every request comes through the gateway's one address.
      config: {
        rateLimit: {
          max: loginAttemptsPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `login:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many login attempts for this username. Try again in ${context.after}.`,
          }),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Exchange username and password for a token',
        body: LoginBody,
        response: { 200: TokenAnswer, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await users.login(request.body.username, request.body.password);
      return reply.type('text/plain; charset=utf-8').send(issueToken(app, toAuthenticatedUser(user)));
    },
  );
};
