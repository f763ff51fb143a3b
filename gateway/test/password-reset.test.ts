// A forgotten password and a verified address through the graph, as a client meets them: requestPasswordReset answered
// alike whatever it names, the link read from the e-mail a real SMTP server received, resetPassword ending every
// session (HTTP tokens and open sockets) and answering the username to log in with; an address given on the profile or
// at registration verified with the link e-mailed to it (verifyEmail), sent again on request (resendEmailVerification);
// refusals as userErrors on their fields, writing nothing. Against the plain contract (the gateway-plain project) all
// four are NOT_SUPPORTED and `emailVerified` is null.
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_SUBJECT, VERIFY_SUBJECT, linkIn, nthMailTo } from '../../tests/helpers/mail-links.js';
import { poll } from '../../tests/helpers/poll.js';
import { type GraphQLAnswer, type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../tests/helpers/smtp-receiver.js';
import { ask, within } from '../../tests/helpers/socket-feed.js';

const REQUEST = `mutation ($input: RequestPasswordResetInput!) {
  requestPasswordReset(input: $input) { message userErrors { message field code } clientMutationId }
}`;
const RESET = `mutation ($input: ResetPasswordInput!) {
  resetPassword(input: $input) { username userErrors { message field code } clientMutationId }
}`;
const REQUESTED =
  'If an account has that username or email address, and a verified email address to write to, a link to choose a new password is on its way. It works for 30 minutes.';

let smtp: SmtpReceiver;
let shop: Shop;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  shop = await startShop({
    rest: { env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '50', SHOP_URL: 'https://shop.example' } },
  });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const errorCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

async function payloadOf(answer: GraphQLAnswer, name: string) {
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

const SAVE_EMAIL = `mutation ($email: String) {
  updateProfile(input: { email: $email }) { user { email emailVerified } userErrors { message field code } }
}`;
const VERIFY = `mutation ($input: VerifyEmailInput!) {
  verifyEmail(input: $input) { email viewer { username emailVerified } userErrors { message field code } clientMutationId }
}`;
const RESEND = `mutation ($input: ResendEmailVerificationInput!) {
  resendEmailVerification(input: $input) { message user { email emailVerified } userErrors { message field code } clientMutationId }
}`;
const INVALID_VERIFICATION =
  'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.';

/** The token of the `nth` link to `page` e-mailed to `email`, as its owner reads it. */
async function linkTokenFor(
  email: string,
  page: 'reset-password' | 'verify-email' = 'reset-password',
  nth = 1,
): Promise<string> {
  return linkIn(await nthMailTo(smtp, email, page === 'reset-password' ? RESET_SUBJECT : VERIFY_SUBJECT, nth), page)
    .token;
}

/** An account with an e-mail address, verified through the graph (the link e-mailed to it, opened), and logged in. */
async function accountWithAddress(username: string) {
  const token = await shop.user(username, 'old-secret');
  const email = `${username}@people.example`;
  const saved = await shop.graphql(SAVE_EMAIL, { email }, token);
  expect(saved.data.updateProfile).toEqual({ user: { email, emailVerified: false }, userErrors: [] });
  const verified = await payloadOf(
    await shop.graphql(VERIFY, { input: { token: await linkTokenFor(email, 'verify-email') } }),
    'verifyEmail',
  );
  expect(verified).toEqual({ email, viewer: null, userErrors: [], clientMutationId: null });
  return { token, email };
}

/** Resolves with the close code once the server closes the socket. */
function closeCodeOf(client: Client): Promise<number> {
  return within(
    new Promise((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code))),
    'the socket closing',
  );
}

describe.runIf(restExtensions)('password reset', () => {
  it('asks, reads the link from the e-mail, resets: every session ends, sockets included; the new password logs in', async () => {
    const { token, email } = await accountWithAddress('gql-forgetful');
    const tab = shop.gateway.socket(token, { onNonLazyError: () => undefined });
    expect((await ask(tab, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'gql-forgetful' } });
    const whenClosed = closeCodeOf(tab);

    const asked = await payloadOf(
      await shop.graphql(REQUEST, {
        input: { usernameOrEmail: ` ${email.toUpperCase()} `, clientMutationId: 'ask-1' },
      }),
      'requestPasswordReset',
    );
    expect(asked).toEqual({ message: REQUESTED, userErrors: [], clientMutationId: 'ask-1' });
    const link = await linkTokenFor(email);

    const reset = await payloadOf(
      await shop.graphql(RESET, {
        input: { token: link, newPassword: 'new-secret', confirmPassword: 'new-secret', clientMutationId: 'reset-1' },
      }),
      'resetPassword',
    );
    expect(reset).toEqual({ username: 'gql-forgetful', userErrors: [], clientMutationId: 'reset-1' });
    expect(await whenClosed).toBe(4403);
    expect(errorCodes(await shop.graphql('{ viewer { username } }', {}, token))).toEqual(['UNAUTHENTICATED']);
    const login = await shop.graphql(
      'mutation { login(input: { username: "gql-forgetful", password: "new-secret" }) { token userErrors { code } } }',
    );
    expect(login.data.login).toEqual({ token: expect.any(String), userErrors: [] });

    // The link is used up.
    const again = await payloadOf(
      await shop.graphql(RESET, { input: { token: link, newPassword: 'other-one', confirmPassword: 'other-one' } }),
      'resetPassword',
    );
    expect(again).toEqual({
      username: null,
      userErrors: [
        {
          message: 'This link to reset your password is invalid, used or expired. Ask for a new one.',
          field: 'token',
          code: 'INVALID_INPUT',
        },
      ],
      clientMutationId: null,
    });
  });

  it('answers an unknown account exactly as a known one', async () => {
    const answer = await payloadOf(
      await shop.graphql(REQUEST, { input: { usernameOrEmail: 'nobody-by-this-name' } }),
      'requestPasswordReset',
    );
    expect(answer).toEqual({ message: REQUESTED, userErrors: [], clientMutationId: null });
  });

  it.each([
    {
      why: 'a blank username or address',
      input: { usernameOrEmail: '  ' },
      errors: [{ message: 'Username or email address is required', field: 'usernameOrEmail', code: 'INVALID_INPUT' }],
    },
  ])('refuses $why as a userError, asking the REST service nothing', async ({ input, errors }) => {
    shop.resetCalls();
    const answer = await payloadOf(await shop.graphql(REQUEST, { input }), 'requestPasswordReset');
    expect(answer).toEqual({ message: null, userErrors: errors, clientMutationId: null });
    expect(shop.calls).toEqual([]);
  });

  it('refuses every broken field of a reset at once, asking the REST service nothing', async () => {
    shop.resetCalls();
    const answer = await payloadOf(
      await shop.graphql(RESET, { input: { token: '', newPassword: 'ab', confirmPassword: 'abc' } }),
      'resetPassword',
    );
    expect(answer.userErrors).toEqual([
      {
        message: 'This link to reset your password is invalid, used or expired. Ask for a new one.',
        field: 'token',
        code: 'INVALID_INPUT',
      },
      { message: 'New password must be at least 3 characters long', field: 'newPassword', code: 'INVALID_INPUT' },
      { message: 'Passwords do not match', field: 'confirmPassword', code: 'INVALID_INPUT' },
    ]);
    expect(shop.calls).toEqual([]);
  });

  it('passes on too many resets from one address as TOO_MANY_ATTEMPTS, naming no field', async () => {
    const strict = await startShop({ rest: { env: { PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '1' } } });
    try {
      const first = await payloadOf(
        await strict.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } }),
        'requestPasswordReset',
      );
      const second = await payloadOf(
        await strict.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } }),
        'requestPasswordReset',
      );
      expect(first.userErrors).toEqual([]);
      expect(second).toEqual({
        message: null,
        userErrors: [
          {
            message: 'Too many password resets from this address. Try again in 1 minute.',
            field: null,
            code: 'TOO_MANY_ATTEMPTS',
          },
        ],
        clientMutationId: null,
      });
    } finally {
      await strict.close();
    }
  });
});

describe.runIf(restExtensions)('an e-mail address verified', () => {
  it('given on the profile: unverified, verified with the e-mailed link (anonymous, or logged in: the viewer follows), once', async () => {
    const token = await shop.user('gql-verifying', 'secret1');
    const email = 'gql-verifying@people.example';
    expect((await shop.graphql(SAVE_EMAIL, { email }, token)).data.updateProfile.user).toEqual({
      email,
      emailVerified: false,
    });
    const link = await linkTokenFor(email, 'verify-email');
    const verified = await payloadOf(
      await shop.graphql(VERIFY, { input: { token: ` ${link} `, clientMutationId: 'verify-1' } }, token),
      'verifyEmail',
    );
    expect(verified).toEqual({
      email,
      viewer: { username: 'gql-verifying', emailVerified: true },
      userErrors: [],
      clientMutationId: 'verify-1',
    });
    const again = await payloadOf(await shop.graphql(VERIFY, { input: { token: link } }), 'verifyEmail');
    expect(again).toEqual({
      email: null,
      viewer: null,
      userErrors: [{ message: INVALID_VERIFICATION, field: 'token', code: 'INVALID_INPUT' }],
      clientMutationId: null,
    });
    const resent = await payloadOf(await shop.graphql(RESEND, { input: {} }, token), 'resendEmailVerification');
    expect(resent).toEqual({
      message: null,
      user: null,
      userErrors: [{ message: 'Your email address is already verified', field: null, code: 'CONFLICT' }],
      clientMutationId: null,
    });
  });

  it('given at registration: the account starts unverified, and the link verifies it', async () => {
    const email = 'gql-registering@people.example';
    const registered = await shop.graphql(
      'mutation ($input: RegisterInput!) { register(input: $input) { token userErrors { message field code } } }',
      { input: { username: 'gql-registering', password: 'secret1', confirmPassword: 'secret1', email } },
    );
    expect(registered.data.register).toEqual({ token: expect.any(String), userErrors: [] });
    const token = registered.data.register.token as string;
    expect((await shop.graphql('{ viewer { email emailVerified } }', {}, token)).data.viewer).toEqual({
      email,
      emailVerified: false,
    });
    await payloadOf(
      await shop.graphql(VERIFY, { input: { token: await linkTokenFor(email, 'verify-email') } }),
      'verifyEmail',
    );
    expect((await shop.graphql('{ viewer { email emailVerified } }', {}, token)).data.viewer).toEqual({
      email,
      emailVerified: true,
    });
  });

  it('sends the link again on request, and says so when the address had its links for this hour', async () => {
    const receiver = await startSmtpReceiver();
    const strict = await startShop({
      rest: { env: { SMTP_URL: receiver.url, MAIL_POLL_MS: '50', EMAILS_PER_RECIPIENT_PER_HOUR: '2' } },
    });
    try {
      const token = await strict.user('gql-resending', 'secret1');
      const none = await payloadOf(
        await strict.graphql(RESEND, { input: { clientMutationId: 'none' } }, token),
        'resendEmailVerification',
      );
      expect(none).toEqual({
        message: null,
        user: null,
        userErrors: [{ message: 'Your profile has no email address to verify', field: null, code: 'INVALID_INPUT' }],
        clientMutationId: 'none',
      });
      const email = 'gql-resending@people.example';
      await strict.graphql(SAVE_EMAIL, { email }, token);
      const resent = await payloadOf(await strict.graphql(RESEND, { input: {} }, token), 'resendEmailVerification');
      expect(resent).toEqual({
        message: `A link to verify ${email} is on its way. It works for 24 hours.`,
        user: { email, emailVerified: false },
        userErrors: [],
        clientMutationId: null,
      });
      const refused = await payloadOf(await strict.graphql(RESEND, { input: {} }, token), 'resendEmailVerification');
      expect(refused).toEqual({
        message: null,
        user: null,
        userErrors: [
          {
            message: 'Too many emails to this address this hour. Try again in 60 minutes.',
            field: null,
            code: 'TOO_MANY_ATTEMPTS',
          },
        ],
        clientMutationId: null,
      });
      expect(
        (
          await poll(
            async () => receiver.received,
            (found) => found.length === 2,
            { within: 20_000 },
          )
        ).map((mail) => mail.subject),
      ).toEqual([VERIFY_SUBJECT, VERIFY_SUBJECT]);
    } finally {
      await strict.close();
      await receiver.close();
    }
  });

  it('refuses a blank token as a userError, asking the REST service nothing', async () => {
    shop.resetCalls();
    const answer = await payloadOf(await shop.graphql(VERIFY, { input: { token: '  ' } }), 'verifyEmail');
    expect(answer.userErrors).toEqual([{ message: INVALID_VERIFICATION, field: 'token', code: 'INVALID_INPUT' }]);
    expect(shop.calls).toEqual([]);
  });
});

describe.runIf(!restExtensions)('an e-mail address over the plain contract', () => {
  it('is neither verified nor not (emailVerified null), and verifying is NOT_SUPPORTED', async () => {
    const token = await shop.user('plain-verifying', 'secret1');
    expect((await shop.graphql('{ viewer { emailVerified } }', {}, token)).data.viewer).toEqual({
      emailVerified: null,
    });
    const verify = await shop.graphql(VERIFY, { input: { token: 'some-token' } });
    const resend = await shop.graphql(RESEND, { input: {} }, token);
    expect(
      [verify.errors?.[0], resend.errors?.[0]].map((error) => ({
        message: error?.message,
        code: error?.extensions?.code,
      })),
    ).toEqual([
      {
        message:
          "The shop's REST service offers no e-mail address verification (it lacks the POST /api/auth/verify-email extension)",
        code: 'NOT_SUPPORTED',
      },
      {
        message:
          "The shop's REST service offers no e-mail address verification (it lacks the POST /api/users/resend-email-verification extension)",
        code: 'NOT_SUPPORTED',
      },
    ]);
  });
});

describe.runIf(!restExtensions)('password reset over the plain contract', () => {
  it('is NOT_SUPPORTED, saying what the REST service lacks', async () => {
    const asked = await shop.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } });
    const reset = await shop.graphql(RESET, {
      input: { token: 'some-token', newPassword: 'new-secret', confirmPassword: 'new-secret' },
    });
    expect(
      [asked.errors?.[0], reset.errors?.[0]].map((error) => ({
        message: error?.message,
        code: error?.extensions?.code,
      })),
    ).toEqual([
      {
        message:
          "The shop's REST service offers no password reset (it lacks the POST /api/auth/request-password-reset extension)",
        code: 'NOT_SUPPORTED',
      },
      {
        message:
          "The shop's REST service offers no password reset (it lacks the POST /api/auth/reset-password extension)",
        code: 'NOT_SUPPORTED',
      },
    ]);
  });
});
