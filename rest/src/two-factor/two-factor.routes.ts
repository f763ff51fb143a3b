// /api/users/two-factor (extension two-factor): the caller's own second factor. The login's second step is with the
// other login routes (users/account.routes.ts); an owner's reset of someone's, with the staff (staff/staff.routes.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RECOVERY_CODE_COUNT } from '../../../shop-rules/two-factor-rules.js';
import { issueToken, viewerOf } from '../auth/authenticate.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { BEARER_SECURITY, NoticeAnswer, Nullable, Timestamp, errorAnswers } from '../shared/schemas.js';
import type { TwoFactorService } from './two-factor.service.js';

const TwoFactorStatusAnswer = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether logins ask for a code after the password' }),
    enabledAt: Nullable(Timestamp, { description: 'When it was turned on; null while off' }),
    recoveryCodesLeft: Type.Integer({ minimum: 0, description: 'Recovery codes not used yet (0 while off)' }),
    required: Type.Boolean({
      description:
        'STAFF_TWO_FACTOR_REQUIRED asks it of this account (it holds a staff role): while it is off, the account’s permissions count as none; once on, it cannot be turned off',
    }),
  },
  { description: 'The caller’s two-factor sign-in' },
);

const SetupAnswer = Type.Object(
  {
    secret: Type.String({ description: 'The secret, base32, for typing into an app by hand' }),
    uri: Type.String({ description: 'The otpauth:// URI to show as a QR code' }),
  },
  { description: 'A setup under way: scan it, then send the app’s first code to /enable' },
);

const RecoveryCodesAnswer = Type.Object(
  {
    recoveryCodes: Type.Array(Type.String(), {
      minItems: RECOVERY_CODE_COUNT,
      maxItems: RECOVERY_CODE_COUNT,
      description: 'Ten single-use codes (xxxxx-xxxxx), shown this once: the shop keeps only their hashes',
    }),
  },
  { description: 'Recovery codes' },
);

const PasswordBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) });
const EnableBody = Type.Object({
  code: Type.String({ maxLength: 20, description: 'The app’s 6-digit code' }),
  password: Type.String({ minLength: 1, maxLength: 128, description: 'The account’s password' }),
});

const EnabledAnswer = Type.Object(
  {
    ...RecoveryCodesAnswer.properties,
    token: Type.String({
      description: 'The caller’s session from now on: every token issued before (password-only sessions) stops working',
    }),
  },
  { description: 'Recovery codes, and the new session' },
);

export interface TwoFactorRouteOptions {
  twoFactor: TwoFactorService;
  limits: RateLimits;
  /** Wrong passwords (or codes) a minute an account may send here, as at login (LOGIN_ATTEMPTS_PER_MINUTE). */
  attemptsPerMinute: number;
}

export const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRouteOptions> = async (
  app,
  { twoFactor, limits, attemptsPerMinute },
) => {
  const common = { tags: ['users'], security: BEARER_SECURITY };
  // The routes that check the password: a stolen session may not guess it here faster than at login (per account).
  const failedChecks = limits.failuresPerMinute(
    'two-factor-password-failures',
    attemptsPerMinute,
    (request) => String(viewerOf(request).id),
    'Too many wrong passwords or codes.',
  );
  const checked = { preHandler: failedChecks.check };

  app.get(
    '/',
    {
      schema: {
        operationId: 'getTwoFactor',
        ...common,
        summary: 'Whether the caller signs in with a second factor (extension)',
        response: { 200: TwoFactorStatusAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => twoFactor.status(viewerOf(request)),
  );

  app.post(
    '/setup',
    {
      schema: {
        operationId: 'startTwoFactorSetup',
        ...common,
        summary: 'A new secret for an authenticator app (extension)',
        description:
          'Nothing changes at login until /enable gets the app’s first code. Asking again replaces a setup not finished. 409 TWO_FACTOR_ALREADY_ON while it is on.',
        response: { 200: SetupAnswer, ...errorAnswers(401, 409) },
      },
    },
    async (request) => twoFactor.startSetup(viewerOf(request)),
  );

  app.post(
    '/enable',
    {
      ...checked,
      schema: {
        operationId: 'enableTwoFactor',
        ...common,
        summary: 'Turn it on with the app’s first code and the password; answers ten recovery codes (extension)',
        description:
          'Every session signed in before ends: the answer’s token is the caller’s from now on. 400 INVALID_INPUT for a code that is not 6 digits, 400 INVALID_SECOND_FACTOR for a wrong one (nothing changes: try the next), 400 on `password` for a wrong password; 409 TWO_FACTOR_NOT_STARTED without a setup, TWO_FACTOR_ALREADY_ON, CHANGED_MEANWHILE when another setup started meanwhile.',
        body: EnableBody,
        response: { 200: EnabledAnswer, ...errorAnswers(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { codes, user } = await twoFactor.enable(viewerOf(request), request.body.code, request.body.password);
      await failedChecks.succeeded(request);
      return { recoveryCodes: codes, token: issueToken(app, user) };
    },
  );

  app.post(
    '/disable',
    {
      ...checked,
      schema: {
        operationId: 'disableTwoFactor',
        ...common,
        summary: 'Turn it off, with the password (extension)',
        description:
          'Also ends a setup not finished. 400 for a wrong password (the session goes on); 409 TWO_FACTOR_OFF when there is nothing to turn off, TWO_FACTOR_REQUIRED when STAFF_TWO_FACTOR_REQUIRED asks it of the account.',
        body: PasswordBody,
        response: { 200: NoticeAnswer, ...errorAnswers(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await twoFactor.disable(viewerOf(request), request.body.password);
      await failedChecks.succeeded(request);
      return { message: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    '/recovery-codes',
    {
      ...checked,
      schema: {
        operationId: 'regenerateRecoveryCodes',
        ...common,
        summary: 'Ten new recovery codes, with the password; the earlier ones stop working (extension)',
        body: PasswordBody,
        response: { 200: RecoveryCodesAnswer, ...errorAnswers(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(viewerOf(request), request.body.password);
      await failedChecks.succeeded(request);
      return { recoveryCodes };
    },
  );
};
