// A forgotten password, as its owner and as someone probing for accounts meet it: the request answered alike whatever
// it names, the link delivered to a real SMTP server the test starts, good once and for 30 minutes, ending every
// session; bad input, a used, expired or outdated link writing nothing; the limits per address and per account.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { poll } from '../../tests/helpers/poll.js';
import { sql } from 'kysely';
import { type OpenApiDocument, answerChecker } from '../../tests/helpers/openapi-answers.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { suiteDatabaseKind } from '../../tests/helpers/test-database.js';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../tests/helpers/smtp-receiver.js';
import { RESET_SUBJECT, VERIFY_SUBJECT, mailsTo, verifyAddressByMail } from '../../tests/helpers/mail-links.js';

const MAIL = { MAIL_POLL_MS: '50', SHOP_URL: 'https://shop.example', MAIL_FROM: 'Medshop <accounts@shop.example>' };
const DELIVERY = { within: 20_000 };
const REQUESTED =
  'If an account has that username or email address, and a verified email address to write to, a link to choose a new password is on its way. It works for 30 minutes.';
const INVALID_LINK = {
  message: 'This link to reset your password is invalid, used or expired. Ask for a new one.',
  code: 'INVALID_RESET_TOKEN',
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

/** An account with an address (or none), in a zone; the address verified by its owner (the e-mailed link opened). */
async function account(service: RestService, profile: Record<string, unknown> = {}, receiver = smtp) {
  const username = `forgetful-${++counter}`;
  const token = await service.register(username, 'old-secret');
  const email = `${username}@people.example`;
  const body = { email, firstName: 'Nina', preferences: { timezone: 'America/New_York' }, ...profile };
  const verificationsBefore = body.email ? mailsTo(receiver, body.email as string, VERIFY_SUBJECT).length : 0;
  const answer = await service.request('PUT', '/api/users/profile', { token, body });
  expect(answer.status).toBe(200);
  if (body.email) await verifyAddressByMail(service, receiver, body.email as string, verificationsBefore + 1);
  return { username, email, token };
}

const askForReset = (service: RestService, usernameOrEmail: unknown, headers?: Record<string, string>) =>
  service.request('POST', '/api/auth/request-password-reset', {
    body: { usernameOrEmail },
    ...(headers ? { headers } : {}),
  });

const resetWith = (service: RestService, token: string, newPassword = 'new-secret', confirmPassword = newPassword) =>
  service.request('POST', '/api/auth/reset-password', { body: { token, newPassword, confirmPassword } });

const resetMailsTo = (receiver: SmtpReceiver, email: string) => mailsTo(receiver, email, RESET_SUBJECT);

/** The token of the link in a reset e-mail. */
function linkTokenOf(mail: ReceivedMail): string {
  const link = /^https:\/\/shop\.example\/reset-password\?token=([\w-]+)$/m.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

async function resetMailFor(
  service: RestService,
  receiver: SmtpReceiver,
  usernameOrEmail: string,
  email: string,
): Promise<ReceivedMail> {
  const before = resetMailsTo(receiver, email).length;
  const answer = await askForReset(service, usernameOrEmail);
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { message: REQUESTED } });
  const mails = await poll(
    async () => resetMailsTo(receiver, email),
    (found) => found.length > before,
    DELIVERY,
  );
  return mails[mails.length - 1]!;
}

/** Once every request answered has been carried out (its row goes in the transaction that writes its links). */
const allCarriedOut = (service: RestService) =>
  poll(
    () => service.app.passwordResets.carryOutPending().then(() => pendingRequests(service)),
    (count) => count === 0,
    DELIVERY,
  );
const pendingRequests = async (service: RestService) =>
  Number(
    (
      await service.app.shopDatabase.db
        .selectFrom('passwordResetRequests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const outboxCount = async (service: RestService) =>
  Number(
    (
      await service.app.shopDatabase.db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('asking for a reset', () => {
  it('e-mails the account a link that works once, for 30 minutes, said in the owner’s zone', async () => {
    const { username, email } = await account(shop);
    const mail = await resetMailFor(shop, smtp, username.toUpperCase(), email);
    const token = linkTokenOf(mail);
    const [row] = await shop.app.shopDatabase.db
      .selectFrom('passwordResets')
      .selectAll()
      .where('tokenHash', '=', crypto.createHash('sha256').update(token).digest('hex'))
      .execute();
    const until = new Intl.DateTimeFormat('en', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(new Date(row!.expiresAt));
    expect(Date.parse(row!.expiresAt) - Date.parse(row!.createdAt)).toBe(30 * 60_000);
    expect(mail).toMatchObject({ from: 'accounts@shop.example', subject: 'Reset your Medshop password' });
    expect(mail.text).toBe(
      [
        'Hello Nina,',
        '',
        `Someone, we hope you, asked to reset the password of your Medshop account "${username}".`,
        '',
        'Choose a new password here:',
        `https://shop.example/reset-password?token=${token}`,
        '',
        `The link works once, for 30 minutes: until ${until} (America/New_York).`,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
        'You get this e-mail because a password reset was asked for at https://shop.example/forgot-password.',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain(`<a href="https://shop.example/reset-password?token=${token}"`);
    // The database keeps the link's hash only, and the sent e-mail's body is not kept.
    const stored = JSON.stringify(await shop.app.shopDatabase.db.selectFrom('passwordResets').selectAll().execute());
    expect(stored).not.toContain(token);
    // Once the sender has recorded the delivery (a moment after the mail server has the message).
    const sent = await poll(
      () =>
        shop.app.shopDatabase.db
          .selectFrom('mailOutbox')
          .selectAll()
          .where('recipient', '=', email)
          .where('kind', '=', 'password-reset')
          .executeTakeFirstOrThrow(),
      (row) => row.sentAt !== null,
      DELIVERY,
    );
    expect(JSON.stringify(sent)).not.toContain(token);
    const outbox = JSON.stringify(
      await shop.app.shopDatabase.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('kind', '=', 'password-reset')
        .execute(),
    );
    expect(outbox).not.toContain(token);
  });

  it('finds accounts by e-mail address in any case: each account with the address gets its own link', async () => {
    const first = await account(shop);
    const second = await account(shop, { email: first.email });
    const before = resetMailsTo(smtp, first.email).length;
    expect((await askForReset(shop, `  ${first.email.toUpperCase()}  `)).status).toBe(202);
    const mails = await poll(
      async () => resetMailsTo(smtp, first.email).slice(before),
      (found) => found.length === 2,
      DELIVERY,
    );
    expect(mails.map((mail) => /your Medshop account "([^"]+)"/.exec(mail.text)?.[1]).sort()).toEqual(
      [first.username, second.username].sort(),
    );
    expect(new Set(mails.map(linkTokenOf)).size).toBe(2);
  });

  it('answers alike whatever it names, and writes nothing for an unknown account or one without an address', async () => {
    const noAddress = await account(shop, { email: null });
    const outboxBefore = await outboxCount(shop);
    const answers = [];
    for (const text of ['nobody-here', 'nobody@nowhere.example', noAddress.username])
      answers.push(await askForReset(shop, text));
    await allCarriedOut(shop);
    expect(answers.map((answer) => ({ status: answer.status, body: answer.body }))).toEqual(
      Array(3).fill({ status: 202, body: { message: REQUESTED } }),
    );
    expect(await outboxCount(shop)).toBe(outboxBefore);
  });

  it.each([
    { usernameOrEmail: '   ', message: 'Username or email address is required' },
    {
      usernameOrEmail: `${'x'.repeat(250)}@a.example`,
      message: 'Username or email address must be at most 254 characters long',
    },
    {
      usernameOrEmail: 'nina\r\nnina@a.example',
      message: 'Username or email address must be a single line of text, without line breaks or control characters',
    },
  ])('refuses "$message" and writes nothing', async ({ usernameOrEmail, message }) => {
    const outboxBefore = await outboxCount(shop);
    const answer = await askForReset(shop, usernameOrEmail);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { message, code: 'INVALID_INPUT', field: 'usernameOrEmail' },
    });
    expect(await pendingRequests(shop)).toBe(0);
    expect(await outboxCount(shop)).toBe(outboxBefore);
  });
});

describe('answering a request', () => {
  it('writes the request down and nothing else: what it names is looked at after the answer, in the background', async () => {
    const quiet = await startRestService({ env: { SMTP_URL: smtp.url, ...MAIL } });
    try {
      const { username, email } = await account(quiet);
      await quiet.app.ready();
      // The background rounds stopped: the answer alone is what is seen.
      await quiet.app.passwordResets.stop();
      const db = quiet.app.shopDatabase.db;
      for (const text of [username, 'nobody-here']) expect((await askForReset(quiet, `  ${text} `)).status).toBe(202);
      expect(await db.selectFrom('passwordResetRequests').select('askedFor').orderBy('id').execute()).toEqual([
        { askedFor: username },
        { askedFor: 'nobody-here' },
      ]);
      expect(await db.selectFrom('passwordResets').selectAll().execute()).toEqual([]);
      expect(
        await db
          .selectFrom('mailOutbox')
          .selectAll()
          .where('recipient', '=', email)
          .where('kind', '=', 'password-reset')
          .execute(),
      ).toEqual([]);
      // Carried out later, once each: one link for the account, nothing for the unknown name.
      expect(await quiet.app.passwordResets.carryOutPending()).toBe(2);
      expect(await quiet.app.passwordResets.carryOutPending()).toBe(0);
      expect(
        (await db.selectFrom('mailOutbox').select('recipient').where('kind', '=', 'password-reset').execute()).map(
          (row) => row.recipient,
        ),
      ).toEqual([email]);
    } finally {
      await quiet.close();
    }
  });
});

describe('resetting with the link', () => {
  it('sets the new password and ends every session: old tokens refused, the old password too', async () => {
    const { username, email, token: session } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const answer = await resetWith(shop, link, 'brand-new-1');
    const user = await shop.request('POST', '/api/auth/login', { body: { username, password: 'brand-new-1' } });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: {
        message: 'Your password has been reset. Log in with your new password.',
        id: expect.any(Number),
        username,
      },
    });
    // The success the matrix of authorization.test.ts cannot reach (it needs an e-mailed link), against the document.
    const document = (await shop.request<OpenApiDocument>('GET', '/api/openapi.json')).body;
    expect(answerChecker(document).problems('POST', '/api/auth/reset-password', answer)).toEqual([]);
    expect(user.status).toBe(200);
    expect((await shop.request('GET', '/api/users/profile', { token: session })).status).toBe(401);
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: 'old-secret' } })).status).toBe(
      401,
    );
  });

  it('works once: the link used again is refused, and the password stays the first reset’s', async () => {
    const { username, email } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    expect((await resetWith(shop, link, 'first-reset')).status).toBe(200);
    const again = await resetWith(shop, link, 'second-reset');
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: INVALID_LINK });
    expect(
      (await shop.request('POST', '/api/auth/login', { body: { username, password: 'first-reset' } })).status,
    ).toBe(200);
  });

  it('two resets with one link at once: exactly one is taken', async () => {
    const { username, email } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const answers = await Promise.all(
      ['racer-one', 'racer-two', 'racer-three'].map((password) => resetWith(shop, link, password)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const winner = ['racer-one', 'racer-two', 'racer-three'][answers.findIndex((answer) => answer.status === 200)]!;
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: winner } })).status).toBe(200);
  });

  it('two links of one account used at once: exactly one sets the password', async () => {
    const { username, email } = await account(shop);
    const first = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const second = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const answers = await Promise.all([
      resetWith(shop, first, 'via-first-link'),
      resetWith(shop, second, 'via-second-link'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'via-first-link' : 'via-second-link';
    const loser = winner === 'via-first-link' ? 'via-second-link' : 'via-first-link';
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: winner } })).status).toBe(200);
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: loser } })).status).toBe(401);
  });

  // On PostgreSQL two transactions run at once: both links pass their check before either password is written. The
  // account's row is held by the test until both resets wait on it, so that they meet exactly there.
  it.runIf(suiteDatabaseKind() === 'postgres')(
    'two links used at once, meeting at the account’s row: exactly one sets the password',
    async () => {
      const { username, email } = await account(shop);
      const first = linkTokenOf(await resetMailFor(shop, smtp, username, email));
      const second = linkTokenOf(await resetMailFor(shop, smtp, username, email));
      const db = shop.app.shopDatabase.db;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = db.transaction().execute(async (trx) => {
        await sql`select id from users where username = ${username} for update`.execute(trx);
        await held;
      });
      const answers = Promise.all([
        resetWith(shop, first, 'via-first-link'),
        resetWith(shop, second, 'via-second-link'),
      ]);
      const waiting = () =>
        sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
          .execute(db)
          .then((result) => result.rows[0]!.n);
      expect(await poll(waiting, (count) => count === 2, DELIVERY)).toBe(2);
      release();
      await holding;
      const statuses = (await answers).map((answer) => answer.status);
      expect(statuses.sort()).toEqual([200, 400]);
    },
  );

  it('ends when the account’s e-mail address changes: the link went to the old one', async () => {
    const { username, email, token } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    expect((await shop.request('PUT', '/api/users/profile', { token, body: { email: `new-${email}` } })).status).toBe(
      200,
    );
    expect((await resetWith(shop, link)).body).toEqual(INVALID_LINK);
  });

  it('ends after 30 minutes: a link opened later is refused and the password is unchanged', async () => {
    const { username, email } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1_000);
    const late = await resetWith(shop, link);
    vi.useRealTimers();
    expect({ status: late.status, body: late.body }).toEqual({ status: 400, body: INVALID_LINK });
    expect((await shop.request('POST', '/api/auth/login', { body: { username, password: 'old-secret' } })).status).toBe(
      200,
    );
  });

  it('ends with any password change: a link from before a change on the profile, or before another link was used', async () => {
    const { username, email, token } = await account(shop);
    const first = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const second = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    expect((await resetWith(shop, second, 'via-second')).status).toBe(200);
    expect((await resetWith(shop, first, 'via-first')).body).toEqual(INVALID_LINK);
    const third = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const session = await shop.login(username, 'via-second');
    expect(token).not.toBe(session);
    const change = await shop.request('PUT', '/api/users/change-password', {
      token: session,
      body: { currentPassword: 'via-second', newPassword: 'changed-here', confirmPassword: 'changed-here' },
    });
    expect(change.status).toBe(200);
    expect((await resetWith(shop, third, 'via-third')).body).toEqual(INVALID_LINK);
    expect(
      (await shop.request('POST', '/api/auth/login', { body: { username, password: 'changed-here' } })).status,
    ).toBe(200);
  });

  it.each([
    {
      why: 'an unknown token',
      token: 'not-a-link-we-sent',
      password: 'new-secret',
      confirm: 'new-secret',
      body: INVALID_LINK,
    },
    { why: 'a blank token', token: ' ', password: 'new-secret', confirm: 'new-secret', body: INVALID_LINK },
  ])('refuses $why', async ({ token, password, confirm, body }) => {
    const answer = await resetWith(shop, token, password, confirm);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body });
  });

  it('refuses a new password that breaks the rules, and leaves the link good', async () => {
    const { username, email } = await account(shop);
    const link = linkTokenOf(await resetMailFor(shop, smtp, username, email));
    const short = await resetWith(shop, link, 'ab');
    const differing = await resetWith(shop, link, 'new-secret', 'new-secreT');
    expect([short.body, differing.body]).toEqual([
      { message: 'New password must be at least 3 characters long', code: 'INVALID_INPUT', field: 'newPassword' },
      { message: 'Passwords do not match', code: 'INVALID_INPUT', field: 'confirmPassword' },
    ]);
    expect((await resetWith(shop, link, 'now-right')).status).toBe(200);
  });
});

describe('limits', () => {
  it('per client address: requests and resets beyond PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE are refused with 429', async () => {
    const strict = await startRestService({
      env: { SMTP_URL: smtp.url, ...MAIL, PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '2' },
    });
    try {
      const here = { 'x-forwarded-for': '198.51.100.7' };
      const statuses = [
        (await askForReset(strict, 'someone', here)).status,
        (await askForReset(strict, 'someone', here)).status,
      ];
      const refused = await askForReset(strict, 'someone', here);
      const elsewhere = await askForReset(strict, 'someone', { 'x-forwarded-for': '198.51.100.8' });
      expect([...statuses, refused.status, elsewhere.status]).toEqual([202, 202, 429, 202]);
      expect(refused.body).toEqual({
        message: 'Too many password resets from this address. Try again in 1 minute.',
        code: 'TOO_MANY_ATTEMPTS',
      });
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      await strict.close();
    }
  });

  it('per account: beyond PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR requests are answered alike and send nothing', async () => {
    const receiver = await startSmtpReceiver();
    const strict = await startRestService({
      env: { SMTP_URL: receiver.url, ...MAIL, PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR: '2' },
    });
    try {
      const { username, email } = await account(strict, {}, receiver);
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        answers.push(await askForReset(strict, attempt % 2 ? email : username));
      await allCarriedOut(strict);
      expect(answers.map((answer) => answer.body)).toEqual(Array(4).fill({ message: REQUESTED }));
      expect(
        await strict.app.shopDatabase.db
          .selectFrom('mailOutbox')
          .select('id')
          .where('recipient', '=', email)
          .where('kind', '=', 'password-reset')
          .execute(),
      ).toHaveLength(2);
      expect(
        await poll(
          async () => resetMailsTo(receiver, email).length,
          (count) => count === 2,
          DELIVERY,
        ),
      ).toBe(2);
    } finally {
      await strict.close();
      await receiver.close();
    }
  });
});

describe('the e-mail', () => {
  it('is given up on once its link has ended, and its body is not kept', async () => {
    const receiver = await startSmtpReceiver();
    const strict = await startRestService({
      env: { SMTP_URL: receiver.url, ...MAIL, MAIL_RETRY_BASE_MS: '50', MAIL_MAX_ATTEMPTS: '1000' },
    });
    try {
      const { username, email } = await account(strict, {}, receiver);
      const offeredBefore = receiver.offered.length;
      receiver.refuse = () => ({ responseCode: 451, message: 'Try again later' });
      expect((await askForReset(strict, username)).status).toBe(202);
      await allCarriedOut(strict);
      await poll(
        async () => receiver.offered.slice(offeredBefore).filter((address) => address === email).length,
        (count) => count >= 1,
        DELIVERY,
      );
      // The link's end comes while the mail server still refuses.
      const outbox = strict.app.shopDatabase.db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('recipient', '=', email)
        .where('kind', '=', 'password-reset');
      await strict.app.shopDatabase.db
        .updateTable('mailOutbox')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('recipient', '=', email)
        .where('kind', '=', 'password-reset')
        .execute();
      const row = await poll(
        () => outbox.executeTakeFirstOrThrow(),
        (found) => found.failedAt !== null,
        DELIVERY,
      );
      expect({ lastError: row.lastError, text: row.textBody, html: row.htmlBody }).toEqual({
        lastError: `its link expired at ${row.expiresAt}, before it could be delivered`,
        text: '(not kept: this e-mail held a link that works once)',
        html: '(not kept: this e-mail held a link that works once)',
      });
      expect(resetMailsTo(receiver, email)).toEqual([]);
    } finally {
      await strict.close();
      await receiver.close();
    }
  });

  it('a request answered but not carried out when the service stops is carried out after its next start', async () => {
    const first = await startRestService({ env: { SMTP_URL: smtp.url, ...MAIL } });
    const { username, email } = await account(first);
    await first.app.ready();
    // Stopped before it could look at the request, as a crash would stop it.
    await first.app.passwordResets.stop();
    expect((await askForReset(first, username)).status).toBe(202);
    await first.close({ keepData: true });
    const again = await startRestService({
      reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir },
      env: { SMTP_URL: smtp.url, ...MAIL },
    });
    try {
      // Ready, as a listening service is: its sender starts.
      await again.app.ready();
      const [mail] = await poll(
        async () => resetMailsTo(smtp, email),
        (found) => found.length === 1,
        DELIVERY,
      );
      expect(mail!.subject).toBe('Reset your Medshop password');
    } finally {
      await again.close();
    }
  });
});

describe('on the plain contract', () => {
  it('is not there: 404 NO_SUCH_ENDPOINT', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const answer = await askForReset(plain, 'someone');
      expect({ status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
        status: 404,
        message: 'No such endpoint: POST /api/auth/request-password-reset',
      });
    } finally {
      await plain.close();
    }
  });
});
