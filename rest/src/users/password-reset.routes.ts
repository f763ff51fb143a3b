// POST /api/auth/request-password-reset and /api/auth/reset-password: a forgotten password (an extension of the
// contract, DESIGN §4). Both are anonymous, and both count against PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_PASSWORD_LENGTH } from '../../../shop-rules/account-rules.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { NO_SECURITY, NoticeAnswer, errorAnswers } from '../shared/schemas.js';
import { PASSWORD_RESET, type PasswordResetService, RESET_REQUESTED } from './password-reset.service.js';

// Generous bounds against abuse; the rules (shop-rules) answer what is wrong with a value in words.
const ResetRequestBody = Type.Object({
  usernameOrEmail: Type.String({
    maxLength: 1000,
    description: 'A username, or an e-mail address of an account (any case)',
  }),
});

const ResetBody = Type.Object({
  token: Type.String({ maxLength: 1000, description: 'The token of the e-mailed link (`/reset-password?token=…`)' }),
  newPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH * 8 }),
  confirmPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH * 8 }),
});

const ResetAnswer = Type.Object(
  {
    message: Type.String(),
    id: Type.Integer({ description: 'The account whose password was reset' }),
    username: Type.String({ description: 'Its username, to log in with' }),
  },
  { description: 'The password is reset; every session of the account has ended' },
);

export interface PasswordResetRouteOptions {
  resets: PasswordResetService;
  limits: RateLimits;
  perAddressPerMinute: number;
}

export const passwordResetRoutes: FastifyPluginAsyncTypebox<PasswordResetRouteOptions> = async (
  app,
  { resets, limits, perAddressPerMinute },
) => {
  // request.ip is the client's address: the gateway passes it on (x-forwarded-for, believed from TRUSTED_PROXIES).
  const perAddress = limits.perMinute(
    'password-resets',
    perAddressPerMinute,
    (request) => request.ip,
    'Too many password resets from this address.',
  );

  app.post(
    '/request-password-reset',
    {
      onRequest: perAddress,
      // The request is carried out once it is answered: nothing it finds can change the answer or its time.
      onResponse: async () => resets.wake(),
      schema: {
        operationId: 'requestPasswordReset',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'E-mail a link to reset a forgotten password (extension)',
        description:
          'Answered alike whether or not an account matches: the account with that username, or every account with that e-mail address, gets a link that works once, for 30 minutes (when it has an address; at most PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR).',
        body: ResetRequestBody,
        response: { 202: NoticeAnswer, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      await resets.request(request.body.usernameOrEmail);
      return reply.code(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/reset-password',
    {
      onRequest: perAddress,
      schema: {
        operationId: 'resetPassword',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed link’s token; every session of the account ends (extension)',
        body: ResetBody,
        response: { 200: ResetAnswer, ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      const account = await resets.reset(request.body);
      return { message: PASSWORD_RESET, id: account.id, username: account.username };
    },
  );
};
