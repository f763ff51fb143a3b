// POST /api/auth/register and /api/auth/login: accounts made and proven, both answering the token itself as the plain
// response body (the paths are the contract's; the code lives with the accounts it works on).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
import { ErrorAnswer, NO_SECURITY, Nullable, errorAnswers } from '../shared/schemas.js';
import type { UserRow } from '../db/schema.js';
import { type UserLookup, challengedUser, issueChallenge, issueToken } from '../auth/authenticate.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
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

/** A login's 401: a wrong password, or (extension two-factor) a right one whose account wants a second factor. */
const LoginRefusal = Type.Object(
  {
    ...ErrorAnswer.properties,
    challenge: Type.Optional(
      Type.String({
        description:
          'With code SECOND_FACTOR_REQUIRED: what to send to POST /api/auth/login/second-factor with the code, within five minutes (extension: two-factor)',
      }),
    ),
  },
  { description: 'The login was refused; or, with `challenge`, it wants a second factor' },
);

/** Wrong codes an account may get in a day, whatever the minute's limit lets through: about 1 in 10,000 to guess. */
export const SECOND_FACTOR_FAILURES_PER_DAY = 30;

const SecondFactorBody = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 2000, description: 'The login’s challenge' }),
  code: Type.Optional(Type.String({ maxLength: 20, description: 'The authenticator app’s 6-digit code' })),
  recoveryCode: Type.Optional(
    Type.String({
      maxLength: 20,
      description: 'Instead of a code: one of the account’s recovery codes, used up by it',
    }),
  ),
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
  /** With the extension two-factor: a login whose account has a second factor asks for it. */
  twoFactor?: { service: TwoFactorService; users: UserLookup };
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
      return reply.code(201).type('text/plain; charset=utf-8').send(issueToken(app, user));
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
        response: { 200: TokenAnswer, ...errorAnswers(400, 429), 401: LoginRefusal },
      },
    },
    async (request, reply) => {
      // The attempt's point was taken before it (failedLogins.check): a failure keeps it.
      const user = await users.login(request.body.username, request.body.password);
      await failedLogins.succeeded(request);
      // Asked even where the second step is not served (the plain contract): a shop run so locks such an account out
      // rather than letting the password alone in.
      if (user.twoFactorEnabledAt !== null) {
        // The password is proven, the login is not: a challenge, for the second step (which counts its own failures).
        return reply.code(401).send({
          message: 'Enter the code from your authenticator app',
          code: 'SECOND_FACTOR_REQUIRED',
          challenge: issueChallenge(app, user),
        });
      }
      return reply.type('text/plain; charset=utf-8').send(issueToken(app, user));
    },
  );

  const { twoFactor } = options;
  if (!twoFactor) return;
  // Per account, whatever the address: whoever holds the password gets a few guesses a minute, then a growing wait,
  // however many addresses they send from (a code has a million values; three are right at any moment).
  const accountOfChallenge = (request: FastifyRequest) => String(request.challengedUser?.id);
  const failedSecondFactors = limits.failuresPerMinute(
    'second-factor-failures',
    options.loginAttemptsPerMinute,
    accountOfChallenge,
    'Too many wrong codes for this account.',
  );
  // And a day's wall: guessing just under the minute's limit all day gets no further than this.
  const failedSecondFactorsToday = limits.failuresPerWindow(
    'second-factor-failures-day',
    SECOND_FACTOR_FAILURES_PER_DAY,
    24 * 60 * 60,
    accountOfChallenge,
    'Too many wrong codes for this account today.',
  );
  app.post(
    '/login/second-factor',
    {
      onRequest: limits.perMinute(
        'second-factor-attempts',
        options.loginAttemptsPerAddressPerMinute,
        (request) => request.ip,
        'Too many login attempts from this address.',
      ),
      preHandler: [
        async (request) => {
          request.challengedUser = await challengedUser(
            app,
            twoFactor.users,
            (request.body as { challenge: string }).challenge,
          );
        },
        failedSecondFactors.check,
        failedSecondFactorsToday.check,
      ],
      schema: {
        operationId: 'loginSecondFactor',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'A login’s second step: the challenge and a code (or a recovery code) for a token (extension)',
        description:
          'After a login answered 401 SECOND_FACTOR_REQUIRED with a challenge. Exactly one of `code` (the authenticator app’s, each works once) and `recoveryCode` (each works once). A wrong one: 401 INVALID_SECOND_FACTOR at its field, counted per account as LOGIN_ATTEMPTS_PER_MINUTE counts passwords, and at most 30 a day (then 429). An expired challenge (five minutes), or one made before the password changed: 401 INVALID_TOKEN, sign in again.',
        body: SecondFactorBody,
        response: { 200: TokenAnswer, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = request.challengedUser!;
      await twoFactor.service.verifySecondFactor(user, request.body);
      await Promise.all([failedSecondFactors.succeeded(request), failedSecondFactorsToday.succeeded(request)]);
      return reply.type('text/plain; charset=utf-8').send(issueToken(app, user));
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    /** A login's second step: the account its challenge is for. */
    challengedUser?: UserRow;
  }
}
