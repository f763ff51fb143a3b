// A forgotten password through the graph, as a client meets it: requestPasswordReset answered alike whatever it names,
// the link read from the e-mail a real SMTP server received, resetPassword ending every session (HTTP tokens and open
// sockets) and answering the username to log in with; refusals as userErrors on their fields, writing nothing. Against
// the plain contract (the gateway-plain project) both are NOT_SUPPORTED.
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  'If an account has that username or email address, and an email address to write to, a link to choose a new password is on its way. It works for 30 minutes.';

let smtp: SmtpReceiver;
let shop: Shop;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  shop = await startShop({ rest: { env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '50', SHOP_URL: 'https://shop.example' } } });
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

/** An account with an e-mail address, logged in through the graph. */
async function accountWithAddress(username: string) {
  const token = await shop.user(username, 'old-secret');
  const email = `${username}@people.example`;
  const saved = await shop.graphql('mutation ($email: String) { updateProfile(input: { email: $email }) { userErrors { message } } }', { email }, token);
  expect(saved.data.updateProfile.userErrors).toEqual([]);
  return { token, email };
}

async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await poll(async () => smtp.received.filter((received) => received.to === email), (found) => found.length > 0, { within: 20_000 });
  const token = mail && /^https:\/\/shop\.example\/reset-password\?token=([\w-]+)$/m.exec(mail.text)?.[1];
  expect(token, mail?.text).toEqual(expect.any(String));
  return token!;
}

/** Resolves with the close code once the server closes the socket. */
function closeCodeOf(client: Client): Promise<number> {
  return within(new Promise((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code))), 'the socket closing');
}

describe.runIf(restExtensions)('password reset', () => {
  it('asks, reads the link from the e-mail, resets: every session ends, sockets included; the new password logs in', async () => {
    const { token, email } = await accountWithAddress('gql-forgetful');
    const tab = shop.gateway.socket(token, { onNonLazyError: () => undefined });
    expect((await ask(tab, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'gql-forgetful' } });
    const whenClosed = closeCodeOf(tab);

    const asked = await payloadOf(await shop.graphql(REQUEST, { input: { usernameOrEmail: ` ${email.toUpperCase()} `, clientMutationId: 'ask-1' } }), 'requestPasswordReset');
    expect(asked).toEqual({ message: REQUESTED, userErrors: [], clientMutationId: 'ask-1' });
    const link = await linkTokenFor(email);

    const reset = await payloadOf(
      await shop.graphql(RESET, { input: { token: link, newPassword: 'new-secret', confirmPassword: 'new-secret', clientMutationId: 'reset-1' } }),
      'resetPassword',
    );
    expect(reset).toEqual({ username: 'gql-forgetful', userErrors: [], clientMutationId: 'reset-1' });
    expect(await whenClosed).toBe(4403);
    expect(errorCodes(await shop.graphql('{ viewer { username } }', {}, token))).toEqual(['UNAUTHENTICATED']);
    const login = await shop.graphql('mutation { login(input: { username: "gql-forgetful", password: "new-secret" }) { token userErrors { code } } }');
    expect(login.data.login).toEqual({ token: expect.any(String), userErrors: [] });

    // The link is used up.
    const again = await payloadOf(await shop.graphql(RESET, { input: { token: link, newPassword: 'other-one', confirmPassword: 'other-one' } }), 'resetPassword');
    expect(again).toEqual({
      username: null,
      userErrors: [{ message: 'This link to reset your password is invalid, used or expired. Ask for a new one.', field: 'token', code: 'INVALID_INPUT' }],
      clientMutationId: null,
    });
  });

  it('answers an unknown account exactly as a known one', async () => {
    const answer = await payloadOf(await shop.graphql(REQUEST, { input: { usernameOrEmail: 'nobody-by-this-name' } }), 'requestPasswordReset');
    expect(answer).toEqual({ message: REQUESTED, userErrors: [], clientMutationId: null });
  });

  it.each([
    { why: 'a blank username or address', input: { usernameOrEmail: '  ' }, errors: [{ message: 'Username or email address is required', field: 'usernameOrEmail', code: 'INVALID_INPUT' }] },
  ])('refuses $why as a userError, asking the REST service nothing', async ({ input, errors }) => {
    shop.resetCalls();
    const answer = await payloadOf(await shop.graphql(REQUEST, { input }), 'requestPasswordReset');
    expect(answer).toEqual({ message: null, userErrors: errors, clientMutationId: null });
    expect(shop.calls).toEqual([]);
  });

  it('refuses every broken field of a reset at once, asking the REST service nothing', async () => {
    shop.resetCalls();
    const answer = await payloadOf(await shop.graphql(RESET, { input: { token: '', newPassword: 'ab', confirmPassword: 'abc' } }), 'resetPassword');
    expect(answer.userErrors).toEqual([
      { message: 'This link to reset your password is invalid, used or expired. Ask for a new one.', field: 'token', code: 'INVALID_INPUT' },
      { message: 'New password must be at least 3 characters long', field: 'newPassword', code: 'INVALID_INPUT' },
      { message: 'Passwords do not match', field: 'confirmPassword', code: 'INVALID_INPUT' },
    ]);
    expect(shop.calls).toEqual([]);
  });

  it('passes on too many resets from one address as TOO_MANY_ATTEMPTS, naming no field', async () => {
    const strict = await startShop({ rest: { env: { PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '1' } } });
    try {
      const first = await payloadOf(await strict.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } }), 'requestPasswordReset');
      const second = await payloadOf(await strict.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } }), 'requestPasswordReset');
      expect(first.userErrors).toEqual([]);
      expect(second).toEqual({
        message: null,
        userErrors: [{ message: 'Too many password resets from this address. Try again in 1 minute.', field: null, code: 'TOO_MANY_ATTEMPTS' }],
        clientMutationId: null,
      });
    } finally {
      await strict.close();
    }
  });
});

describe.runIf(!restExtensions)('password reset over the plain contract', () => {
  it('is NOT_SUPPORTED, saying what the REST service lacks', async () => {
    const asked = await shop.graphql(REQUEST, { input: { usernameOrEmail: 'someone' } });
    const reset = await shop.graphql(RESET, { input: { token: 'some-token', newPassword: 'new-secret', confirmPassword: 'new-secret' } });
    expect([asked.errors?.[0], reset.errors?.[0]].map((error) => ({ message: error?.message, code: error?.extensions?.code }))).toEqual([
      { message: "The shop's REST service offers no password reset (it lacks the POST /api/auth/request-password-reset extension)", code: 'NOT_SUPPORTED' },
      { message: "The shop's REST service offers no password reset (it lacks the POST /api/auth/reset-password extension)", code: 'NOT_SUPPORTED' },
    ]);
  });
});
