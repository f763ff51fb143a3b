// POST /api/auth/register and /api/auth/login: accounts made and proven, both answering the token itself as the plain
// response body (the paths are the contract's; the code lives with the accounts it works on).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
  USERNAME_PATTERN_MESSAGE,
  usernameKey,
} from '../../../shop-rules/account-rules.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { NO_SECURITY, Nullable, errorAnswers } from '../shared/schemas.js';
import { issueToken } from '../auth/authenticate.js';
import { toAuthenticatedUser } from '../auth/authenticated-user.js';
import type { UserService } from './user.service.js';

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

const RegisterBody = (extensions: boolean) =>
  Type.Object({
    username: Username,
    password: NewPassword,
    confirmPassword: Type.Optional(Type.String({ maxLength: 128, description: 'Checked against password when sent' })),
    roles: Type.Optional(Type.Unknown({ description: 'Ignored: every new account is a regular USER' })),
    ...(extensions
      ? {
          email: Type.Optional(
            Nullable(
              Type.String({
                maxLength: 254,
                description:
                  'The account’s e-mail address (extension): e-mailed a link to verify it, and nothing else until it is opened',
              }),
            ),
          ),
        }
      : {}),
  });

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 50 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export interface AccountRouteOptions {
  users: UserService;
  limits: RateLimits;
  /** Failed logins per username and client address. */
  loginAttemptsPerMinute: number;
  loginAttemptsPerAddressPerMinute: number;
  registrationsPerAddressPerMinute: number;
  /** false → the plain contract's registration: no `email`. */
  extensions: boolean;
}

export const accountRoutes: FastifyPluginAsyncTypebox<AccountRouteOptions> = async (app, options) => {
  const { users, limits } = options;
  // Per username *and* client address: a stranger guessing elsewhere does not lock the owner out of their own address.
  const failedLogins = limits.failuresPerMinute(
    'login-failures',
    options.loginAttemptsPerMinute,
    (request) =>
      `${usernameKey(String((request.body as { username?: unknown } | undefined)?.username ?? ''))}:${request.ip}`,
    'Too many login attempts for this username.',
  );
  app.post(
    '/register',
    {
      // request.ip is the client's address: the gateway passes it on (x-forwarded-for, believed from TRUSTED_PROXIES).
      onRequest: limits.perMinute(
        'registrations',
        options.registrationsPerAddressPerMinute,
        (request) => request.ip,
        'Too many new accounts from this address.',
      ),
      schema: {
        operationId: 'register',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'Create an account (always role USER) and answer its token',
        body: RegisterBody(options.extensions),
        response: { 201: TokenAnswer, ...errorAnswers(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, ...registration } = request.body as typeof request.body & { email?: string | null };
      const user = await users.register(options.extensions ? { ...registration, email } : registration);
      return reply
        .code(201)
        .type('text/plain; charset=utf-8')
        .send(issueToken(app, toAuthenticatedUser(user)));
    },
  );

  app.post(
    '/login',
    {
      // Every attempt from one address across usernames (each is a slow hash: CPU); then the failures of this one.
      onRequest: limits.perMinute(
        'login-attempts',
        options.loginAttemptsPerAddressPerMinute,
        (request) => request.ip,
        'Too many login attempts from this address.',
      ),
      preHandler: failedLogins.check,
      schema: {
        operationId: 'login',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'Exchange username and password for a token',
        body: LoginBody,
        response: { 200: TokenAnswer, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request, reply) => {
      // The attempt's point was taken before it (failedLogins.check): a failure keeps it.
      const user = await users.login(request.body.username, request.body.password);
      await failedLogins.succeeded(request);
      return reply.type('text/plain; charset=utf-8').send(issueToken(app, toAuthenticatedUser(user)));
    },
  );
};
