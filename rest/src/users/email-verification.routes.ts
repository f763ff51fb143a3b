// POST /api/auth/verify-email: the link e-mailed to a new address, opened (an extension of the contract, DESIGN §4).
// Anonymous — the link's token is the proof, and it may be opened in a browser where nobody is logged in — and counted
// against PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE with the other secret links.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RateLimits } from '../shared/rate-limits.js';
import { NO_SECURITY, errorAnswers } from '../shared/schemas.js';
import { EMAIL_VERIFIED, type EmailVerificationService } from './email-verification.service.js';

const VerifyBody = Type.Object({
  token: Type.String({ maxLength: 1000, description: 'The token of the e-mailed link (`/verify-email?token=…`)' }),
});

const VerifyAnswer = Type.Object(
  {
    message: Type.String(),
    id: Type.Integer({ description: 'The account whose address is verified' }),
    username: Type.String(),
    email: Type.String({ description: 'The address verified' }),
  },
  { description: 'The address is verified: the shop writes to it from now on' },
);

export interface EmailVerificationRouteOptions {
  verifications: EmailVerificationService;
  limits: RateLimits;
  perAddressPerMinute: number;
}

export const emailVerificationRoutes: FastifyPluginAsyncTypebox<EmailVerificationRouteOptions> = async (
  app,
  { verifications, limits, perAddressPerMinute },
) => {
  app.post(
    '/verify-email',
    {
      // request.ip is the client's address: the gateway passes it on (x-forwarded-for, believed from TRUSTED_PROXIES).
      onRequest: limits.perMinute(
        'email-verifications',
        perAddressPerMinute,
        (request) => request.ip,
        'Too many email verifications from this address.',
      ),
      schema: {
        operationId: 'verifyEmail',
        security: NO_SECURITY,
        tags: ['auth'],
        summary: 'Verify an e-mail address with the token of the link sent to it (extension)',
        description:
          'The link works once, for 24 hours, and only while its account still has the address it was sent to. Every other link of the account ends with it.',
        body: VerifyBody,
        response: { 200: VerifyAnswer, ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      const account = await verifications.verify(request.body.token);
      return { message: EMAIL_VERIFIED, id: account.id, username: account.username, email: account.email };
    },
  );
};
