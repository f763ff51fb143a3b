// /api/users: the caller's own profile, password and account, and (an extension) the link that verifies its address.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { issueToken, viewerOf } from '../auth/authenticate.js';
import { HttpError } from '../shared/http-errors.js';
import { type RateLimits, inWords } from '../shared/rate-limits.js';
import { BEARER_SECURITY, NoticeAnswer, errorAnswers } from '../shared/schemas.js';
import { type EmailVerificationService, verificationSent } from './email-verification.service.js';
import { PasswordChange, ProfileUpdate, UserAnswer } from './user.schemas.js';
import { type UserService, toUserAnswer } from './user.service.js';

/** A changed password (extension): the notice, and the caller's new session. */
const PasswordChangedAnswer = Type.Object(
  {
    message: Type.String(),
    token: Type.String({ description: 'The caller’s session from now on (every earlier token stopped working)' }),
  },
  { description: 'What happened, and the new session' },
);

export interface UserRouteOptions {
  users: UserService;
  verifications: EmailVerificationService;
  /** false → the plain contract: no `emailVerified`, no way to ask for the link again. */
  extensions: boolean;
  limits: RateLimits;
  /** Wrong current passwords a minute an account may send, as at login (LOGIN_ATTEMPTS_PER_MINUTE). */
  passwordAttemptsPerMinute: number;
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRouteOptions> = async (
  app,
  { users, verifications, extensions, limits, passwordAttemptsPerMinute },
) => {
  const common = { tags: ['users'], security: BEARER_SECURITY };
  // A stolen session may not guess the current password here faster than at login (per account).
  const failedPasswordChecks = limits.failuresPerMinute(
    'password-change-failures',
    passwordAttemptsPerMinute,
    (request) => String(viewerOf(request).id),
    'Too many wrong passwords.',
  );
  const User = UserAnswer(extensions);

  app.get(
    '/profile',
    {
      schema: {
        operationId: 'getProfile',
        ...common,
        summary: 'The caller’s profile',
        response: { 200: User, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return toUserAnswer(await users.getProfile(viewer.id), viewer);
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        operationId: 'updateProfile',
        ...common,
        summary: 'Change profile fields and preferences',
        ...(extensions
          ? {
              description:
                'A new e-mail address (not the same one in another case) is unverified: a link to verify it is e-mailed to it, and the shop sends it nothing else until the link is opened.',
            }
          : {}),
        body: ProfileUpdate,
        response: { 200: User, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return toUserAnswer(await users.updateProfile(viewer.id, request.body), viewer);
    },
  );

  if (extensions) {
    app.post(
      '/resend-email-verification',
      {
        schema: {
          operationId: 'resendEmailVerification',
          ...common,
          summary: 'E-mail the link that verifies the caller’s address once more (extension)',
          description:
            'To the profile’s address as it is now; the link works once, for 24 hours. Earlier links to the same address keep working until one is opened. At most EMAILS_PER_RECIPIENT_PER_HOUR links go to one address an hour, whatever accounts have it: beyond, 429 with Retry-After.',
          response: { 202: NoticeAnswer, ...errorAnswers(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const outcome = await verifications.resend(viewerOf(request).id);
        if ('retryAfterSeconds' in outcome) {
          reply.header('retry-after', outcome.retryAfterSeconds);
          throw new HttpError(
            429,
            `Too many emails to this address this hour. Try again in ${inWords(outcome.retryAfterSeconds)}.`,
            'TOO_MANY_ATTEMPTS',
          );
        }
        return reply.code(202).send({ message: verificationSent(outcome.sentTo) });
      },
    );
  }

  app.put(
    '/change-password',
    {
      preHandler: failedPasswordChecks.check,
      schema: {
        operationId: 'changePassword',
        ...common,
        summary: 'Change the password; every token issued before stops working',
        ...(extensions
          ? {
              description:
                'The answer’s `token` (extension) is the caller’s session from now on: a client need not log in again, which for an account with a second factor would ask for a code.',
            }
          : {}),
        body: PasswordChange,
        response: { 200: extensions ? PasswordChangedAnswer : NoticeAnswer, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => {
      const changed = await users.changePassword(viewerOf(request).id, request.body);
      await failedPasswordChecks.succeeded(request);
      return { message: 'Password changed successfully', ...(extensions ? { token: issueToken(app, changed) } : {}) };
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
