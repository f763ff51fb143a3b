// An e-mail address proven by its owner before the shop writes to it (issue 30, item 4), as a person and as someone
// aiming the shop's e-mails at a stranger meet it, with every e-mail delivered to a real SMTP server the test starts:
// giving an address sends only the link that verifies it, which works once, for 24 hours, and only while the account
// has that address; a password reset goes only to a verified address; the e-mails one address gets an hour are held to
// EMAILS_PER_RECIPIENT_PER_HOUR, whatever accounts point at it.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  linkIn,
  mailsTo,
  nthMailTo,
  verifyAddressByMail,
} from '../../tests/helpers/mail-links.js';
import { type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import { poll } from '../../tests/helpers/poll.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../tests/helpers/smtp-receiver.js';

const MAIL = { MAIL_POLL_MS: '50', SHOP_URL: 'https://shop.example', MAIL_FROM: 'Medshop <accounts@shop.example>' };
const DELIVERY = { within: 20_000 };
const INVALID_LINK = {
  message: 'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.',
  code: 'INVALID_VERIFICATION_TOKEN',
  field: 'token',
};

let smtp: SmtpReceiver;
let shop: RestService;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  shop = await startRestService({ env: { SMTP_URL: smtp.url, ...MAIL } });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const newName = (prefix = 'proving') => `${prefix}-${++counter}`;

const setEmail = (service: RestService, token: string, email: string | null, extra: Record<string, unknown> = {}) =>
  service.request('PUT', '/api/users/profile', { token, body: { email, ...extra } });

const openLink = (service: RestService, token: unknown) =>
  service.request('POST', '/api/auth/verify-email', { body: { token } });
const resend = (service: RestService, token: string) =>
  service.request('POST', '/api/users/resend-email-verification', { token });
const profileOf = async (service: RestService, token: string) =>
  (await service.request('GET', '/api/users/profile', { token })).body;
const askForReset = (service: RestService, usernameOrEmail: string) =>
  service.request('POST', '/api/auth/request-password-reset', { body: { usernameOrEmail } });

const outboxKinds = async (service: RestService, email: string) =>
  (
    await service.app.shopDatabase.db
      .selectFrom('mailOutbox')
      .select('kind')
      .where('recipient', '=', email)
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);

/** Once every "Forgot password?" request answered has been carried out. */
const allCarriedOut = (service: RestService) =>
  poll(
    async () => {
      await service.app.passwordResets.carryOutPending();
      const row = await service.app.shopDatabase.db
        .selectFrom('passwordResetRequests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    (count) => count === 0,
    DELIVERY,
  );

/** Every e-mail the outbox holds has been delivered or given up on: what the SMTP server has is all there will be. */
const outboxDone = (service: RestService) =>
  poll(
    async () => {
      await service.app.mailSender.deliverDue();
      const pending = await service.app.shopDatabase.db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('sentAt', 'is', null)
        .where('failedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(pending.n);
    },
    (count) => count === 0,
    DELIVERY,
  );

describe('giving an address', () => {
  it('sends it only the link that verifies it, in the owner’s zone; the profile says it is not verified yet', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    const saved = await setEmail(shop, token, email, { firstName: 'Nina', preferences: { timezone: 'Asia/Tokyo' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email, emailVerified: false });
    const mail = await nthMailTo(smtp, email, VERIFY_SUBJECT, 1);
    const link = linkIn(mail, 'verify-email');
    const [row] = await shop.app.shopDatabase.db
      .selectFrom('emailVerifications')
      .selectAll()
      .where('tokenHash', '=', crypto.createHash('sha256').update(link.token).digest('hex'))
      .execute();
    expect(Date.parse(row!.expiresAt) - Date.parse(row!.createdAt)).toBe(24 * 60 * 60_000);
    const until = new Intl.DateTimeFormat('en', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(row!.expiresAt));
    expect(mail).toMatchObject({ from: 'accounts@shop.example', subject: 'Verify your email address for Medshop' });
    expect(mail.text).toBe(
      [
        'Hello Nina,',
        '',
        `This address was given to the Medshop account "${username}". Verify that it is yours, and the shop will write to it: order e-mails, and a link when a password is forgotten.`,
        '',
        'Verify your email address here:',
        `https://shop.example/verify-email?token=${link.token}`,
        '',
        `The link works once, for 24 hours: until ${until} (Asia/Tokyo).`,
        '',
        'If this was not you, ignore this e-mail: nothing more is sent to this address unless the link is opened.',
        '',
        'You get this e-mail because this address was given to an account at https://shop.example.',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain(`<a href="https://shop.example/verify-email?token=${link.token}"`);
    // Only the link's hash is kept, and the e-mail's body goes once it is sent.
    expect(
      JSON.stringify(await shop.app.shopDatabase.db.selectFrom('emailVerifications').selectAll().execute()),
    ).not.toContain(link.token);
    const sent = await poll(
      () =>
        shop.app.shopDatabase.db
          .selectFrom('mailOutbox')
          .selectAll()
          .where('recipient', '=', email)
          .executeTakeFirstOrThrow(),
      (found) => found.sentAt !== null,
      DELIVERY,
    );
    expect(JSON.stringify(sent)).not.toContain(link.token);
    expect(await outboxKinds(shop, email)).toEqual(['email-verification']);
    expect((await profileOf(shop, token)).emailVerified).toBe(false);
  });

  it('at registration, when one is given: the same link, and the account starts unverified', async () => {
    const username = newName('registering');
    const email = `${username}@people.example`;
    const registered = await shop.request('POST', '/api/auth/register', {
      body: { username, password: 'secret1', email: ` ${email} ` },
    });
    expect(registered.status).toBe(201);
    expect(await profileOf(shop, registered.text)).toMatchObject({ email, emailVerified: false });
    await verifyAddressByMail(shop, smtp, email);
    expect(await profileOf(shop, registered.text)).toMatchObject({ email, emailVerified: true });
  });

  it('refuses at registration an address that is none, and makes no account', async () => {
    const username = newName('registering');
    const refused = await shop.request('POST', '/api/auth/register', {
      body: { username, password: 'secret1', email: 'not an address' },
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { message: 'Please enter a valid email address', code: 'INVALID_INPUT', field: 'email' },
    });
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: 'secret1' } })).status).toBe(
      401,
    );
  });
});

describe('the link', () => {
  it('verifies the address once: opened again it is refused, and so are the account’s other links', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    expect((await resend(shop, token)).status).toBe(202);
    const first = linkIn(await nthMailTo(smtp, email, VERIFY_SUBJECT, 1), 'verify-email').token;
    const second = linkIn(await nthMailTo(smtp, email, VERIFY_SUBJECT, 2), 'verify-email').token;
    const opened = await openLink(shop, second);
    expect({ status: opened.status, body: opened.body }).toEqual({
      status: 200,
      body: { message: 'Your email address is verified.', id: expect.any(Number), username, email },
    });
    expect((await profileOf(shop, token)).emailVerified).toBe(true);
    for (const again of [second, first])
      expect(await openLink(shop, again)).toMatchObject({ status: 400, body: INVALID_LINK });
    // The success the matrix of authorization.test.ts cannot reach (it needs an e-mailed link), against the document.
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    expect(answerChecker(document).problems('POST', '/api/auth/verify-email', opened)).toEqual([]);
  });

  it('two opens of one link at once: one verifies, the other is refused', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    const link = linkIn(await nthMailTo(smtp, email, VERIFY_SUBJECT, 1), 'verify-email').token;
    const answers = await Promise.all([openLink(shop, link), openLink(shop, link), openLink(shop, link)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
  });

  it('ends after 24 hours: opened later it is refused and the address stays unverified', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    const link = linkIn(await nthMailTo(smtp, email, VERIFY_SUBJECT, 1), 'verify-email').token;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 1_000);
    const late = await openLink(shop, link);
    vi.useRealTimers();
    expect({ status: late.status, body: late.body }).toEqual({ status: 400, body: INVALID_LINK });
    expect((await profileOf(shop, token)).emailVerified).toBe(false);
  });

  it('a new address unverifies the account and ends the links sent to the old one; the same address in another case does not', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    await verifyAddressByMail(shop, smtp, email);
    // The same address, written otherwise: still verified, and nothing sent.
    const recased = await setEmail(shop, token, ` ${email.toUpperCase()} `);
    expect(recased.body).toMatchObject({ email: email.toUpperCase(), emailVerified: true });

    const other = `other-${email}`;
    expect((await setEmail(shop, token, other)).body).toMatchObject({ email: other, emailVerified: false });
    const toOther = linkIn(await nthMailTo(smtp, other, VERIFY_SUBJECT, 1), 'verify-email').token;
    // Back to the first address: unverified again (proven once is not proven now), and the link to `other` ends.
    expect((await setEmail(shop, token, email)).body).toMatchObject({ email, emailVerified: false });
    expect(await openLink(shop, toOther)).toMatchObject({ status: 400, body: INVALID_LINK });
    expect((await setEmail(shop, token, null)).body).toMatchObject({ email: null, emailVerified: false });
    const lastToFirst = linkIn(await nthMailTo(smtp, email, VERIFY_SUBJECT, 2), 'verify-email').token;
    expect(await openLink(shop, lastToFirst)).toMatchObject({ status: 400, body: INVALID_LINK });
    expect(mailsTo(smtp, email.toUpperCase())).toEqual([]);
  });

  it.each([
    { why: 'an unknown token', token: 'not-a-link-we-sent' },
    { why: 'a blank token', token: '  ' },
  ])('refuses $why', async ({ token }) => {
    const answer = await openLink(shop, token);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: INVALID_LINK });
  });
});

describe('asking for the link again', () => {
  it('sends a new link to the address as it is now', async () => {
    const username = newName();
    const token = await shop.register(username);
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    const again = await resend(shop, token);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 202,
      body: { message: `A link to verify ${email} is on its way. It works for 24 hours.` },
    });
    // The success the matrix of authorization.test.ts cannot reach (its accounts have no address), against the
    // document.
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    expect(answerChecker(document).problems('POST', '/api/users/resend-email-verification', again)).toEqual([]);
    await verifyAddressByMail(shop, smtp, email, 2);
    expect((await profileOf(shop, token)).emailVerified).toBe(true);
  });

  it('is refused without an address, and once the address is verified', async () => {
    const username = newName();
    const token = await shop.register(username);
    const none = await resend(shop, token);
    expect({ status: none.status, body: none.body }).toEqual({
      status: 400,
      body: { message: 'Your profile has no email address to verify', code: 'INVALID_INPUT', field: 'email' },
    });
    const email = `${username}@people.example`;
    expect((await setEmail(shop, token, email)).status).toBe(200);
    await verifyAddressByMail(shop, smtp, email);
    const verified = await resend(shop, token);
    expect({ status: verified.status, body: verified.body }).toEqual({
      status: 409,
      body: { message: 'Your email address is already verified', code: 'EMAIL_ALREADY_VERIFIED', field: 'email' },
    });
  });
});

describe('aiming the shop’s e-mails at someone else’s address', () => {
  it('15 accounts on one address: it gets the limit’s verification links, and no reset until it is verified; then at most the limit', async () => {
    const receiver = await startSmtpReceiver();
    const service = await startRestService({ env: { SMTP_URL: receiver.url, ...MAIL } });
    try {
      const victim = 'victim@people.example';
      const accounts = [];
      for (let index = 0; index < 15; index += 1) {
        const username = newName('aiming');
        const token = await service.register(username);
        expect((await setEmail(service, token, index % 2 ? victim.toUpperCase() : victim)).status).toBe(200);
        accounts.push({ username, token });
      }
      // The default limit: 5 links to one address an hour, whatever accounts point at it, in whatever case.
      await outboxDone(service);
      expect(receiver.received.map((mail) => [mail.to.toLowerCase(), mail.subject])).toEqual(
        Array(5).fill([victim, VERIFY_SUBJECT]),
      );
      expect(accounts.every(({ token }) => token)).toBe(true);

      // One anonymous request by the address, and others by the accounts' names: no reset e-mail, the address is
      // unproven.
      for (const text of [victim, accounts[0]!.username, accounts[1]!.username])
        expect((await askForReset(service, text)).status).toBe(202);
      await allCarriedOut(service);
      await outboxDone(service);
      expect(receiver.received.filter((mail) => mail.subject !== VERIFY_SUBJECT)).toEqual([]);
      const asked = await resend(service, accounts[14]!.token);
      expect({
        status: asked.status,
        message: asked.body.message,
        retryAfter: Number(asked.headers['retry-after']),
      }).toEqual({
        status: 429,
        message: 'Too many emails to this address this hour. Try again in 60 minutes.',
        retryAfter: expect.any(Number),
      });
      expect(Number(asked.headers['retry-after'])).toBeGreaterThan(59 * 60 - 30);

      // The owner opens the five links: five accounts have the address, verified. A request by the address now finds
      // them, and the address gets the limit's reset e-mails; another request this hour gets it nothing more.
      for (const mail of receiver.received)
        expect((await openLink(service, linkIn(mail, 'verify-email').token)).status).toBe(200);
      expect((await askForReset(service, victim)).status).toBe(202);
      await allCarriedOut(service);
      expect((await askForReset(service, victim.toUpperCase())).status).toBe(202);
      await allCarriedOut(service);
      await outboxDone(service);
      const resets = receiver.received.filter((mail) => mail.subject === RESET_SUBJECT);
      expect(resets.map((mail) => mail.to.toLowerCase())).toEqual(Array(5).fill(victim));
    } finally {
      await service.close();
      await receiver.close();
    }
  });
});

describe('the limit per recipient', () => {
  it('holds when many accounts are given one address at the same moment: exactly the limit’s links are written', async () => {
    const address = `${newName('crowd')}@people.example`;
    const tokens = await Promise.all(Array.from({ length: 8 }, () => shop.register(newName('crowd'))));
    const answers = await Promise.all(tokens.map((token) => setEmail(shop, token, address)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await outboxKinds(shop, address)).toEqual(Array(5).fill('email-verification'));
  });
});

describe('on the plain contract', () => {
  it('has no verification: no endpoints, no emailVerified in the profile', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.register(newName('plain'));
      expect(Object.keys(await profileOf(plain, token))).not.toContain('emailVerified');
      expect((await openLink(plain, 'some-token')).status).toBe(404);
      expect((await resend(plain, token)).status).toBe(404);
      expect((await plain.request('GET', '/api/products', { token })).headers['contract-extensions']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
