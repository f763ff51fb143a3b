// Reporting and moderation in chat (issue 36, extension chat-reports): a participant reports a message of the other
// one (a reason from a short list, a note), once; staff who moderate chat read the open reports with the message in
// its context and decide: dismiss, remove the message (it shows as removed to both), or suspend its sender's chat for
// a time (the message removed too). A decision is audited and tells the reporter (beside the message, and by e-mail
// where they take them). Bad input gets a clear answer and writes nothing. On the suite's database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let moderator: { username: string; token: string };
let counter = 0;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  moderator = await person('moderator');
  expect(
    (
      await shop.request('PUT', `/api/staff/members/${moderator.username}`, {
        token: admin,
        body: { roles: ['SUPPORT'] },
      })
    ).status,
  ).toBe(200);
});
afterAll(() => shop.close());

async function person(prefix: string, { verified = false } = {}) {
  const username = `${prefix}-${++counter}`;
  const token = await shop.register(username);
  const email = `${username}@people.example`;
  if (verified)
    await sql`update users set email = ${email}, email_verified_at = ${new Date().toISOString()}
      where username = ${username}`.execute(shop.app.shopDatabase.db);
  return { username, token, email };
}

interface Message {
  id: number;
  timestamp: string;
  chatRoomId: number;
  content: string;
  removed: boolean;
  report: { id: number; reason: string; status: string } | null;
}
const send = async (token: string, receiver: string | number, content: string) => {
  const answer = await shop.request<Message>('POST', `/api/chat/rooms/${receiver}/messages`, {
    token,
    body: { content },
  });
  expect(answer.status).toBe(201);
  return answer.body;
};
const report = (token: string, messageId: number, body: object) =>
  shop.request('POST', `/api/chat/messages/${messageId}/reports`, { token, body });
const messagesOf = async (token: string, roomId: number) =>
  (await shop.request<{ content: Message[] }>('GET', `/api/chat/rooms/${roomId}/messages`, { token })).body.content;
const queue = async (status?: string) =>
  (
    await shop.request<{ content: Record<string, unknown>[]; totalElements: number }>('GET', '/api/chat/reports', {
      token: moderator.token,
      query: status ? { status, size: 100 } : { size: 100 },
    })
  ).body;
const decide = (token: string, reportId: number, body: object) =>
  shop.request('POST', `/api/chat/reports/${reportId}/decision`, { token, body });
const reportsCount = async () =>
  Number(
    (
      await shop.app.shopDatabase.db
        .selectFrom('chatReports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const mailsTo = (email: string) =>
  shop.app.shopDatabase.db
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody'])
    .where('kind', '=', 'chat-report-decided')
    .where('recipient', '=', email)
    .execute();

describe('reporting a message', () => {
  it('takes a report of the other person’s message once, says so beside the message, and queues it in its context', async () => {
    const anna = await person('anna');
    const sam = await person('sam');
    for (const text of ['one', 'two', 'three', 'four']) await send(sam.token, anna.username, `Before ${text}`);
    const abusive = await send(sam.token, anna.username, 'You are an idiot');
    await send(anna.token, sam.username, 'Excuse me?');
    await send(sam.token, anna.username, 'Idiot');

    const made = await report(anna.token, abusive.id, { reason: 'HARASSMENT', note: '  Insults me  ' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(Number),
      messageId: abusive.id,
      reason: 'HARASSMENT',
      note: 'Insults me',
      status: 'OPEN',
      createdAt: expect.any(String),
      decidedAt: null,
      message: {
        id: abusive.id,
        chatRoomId: abusive.chatRoomId,
        senderUsername: sam.username,
        content: 'You are an idiot',
        timestamp: abusive.timestamp,
        // A new account's (chat-links.test.ts).
        linksAllowed: false,
        removed: false,
        report: { id: made.body.id, reason: 'HARASSMENT', status: 'OPEN' },
      },
    });
    // Beside the message, for her only.
    const hers = await messagesOf(anna.token, abusive.chatRoomId);
    expect(hers.find((message) => message.id === abusive.id)!.report).toEqual({
      id: made.body.id,
      reason: 'HARASSMENT',
      status: 'OPEN',
    });
    expect(hers.filter((message) => message.report !== null)).toHaveLength(1);
    expect((await messagesOf(sam.token, abusive.chatRoomId)).every((message) => message.report === null)).toBe(true);

    // Again: refused, nothing written.
    expect(await report(anna.token, abusive.id, { reason: 'SPAM' })).toMatchObject({
      status: 409,
      body: { message: 'You reported this message already', code: 'ALREADY_REPORTED', field: 'messageId' },
    });

    const entry = (await queue()).content.find((queued) => queued.id === made.body.id)!;
    expect(entry).toMatchObject({
      reporterUsername: anna.username,
      decidedBy: null,
      reason: 'HARASSMENT',
      note: 'Insults me',
      status: 'OPEN',
      message: { id: abusive.id, senderUsername: sam.username, content: 'You are an idiot', removed: false },
      participants: [
        { id: expect.any(Number), username: sam.username },
        { id: expect.any(Number), username: anna.username },
      ],
      senderSuspendedUntil: null,
    });
    // Three before it, it, and what followed (up to three), oldest first.
    expect((entry.context as Message[]).map((message) => message.content)).toEqual([
      'Before two',
      'Before three',
      'Before four',
      'You are an idiot',
      'Excuse me?',
      'Idiot',
    ]);
  });

  it('refuses bad reports with a clear answer and writes nothing', async () => {
    const anna = await person('anna');
    const sam = await person('sam');
    const stranger = await person('stranger');
    const message = await send(sam.token, anna.username, 'Hello');
    const own = await send(anna.token, sam.username, 'Hi');
    const count = await reportsCount();

    expect(await report(anna.token, own.id, { reason: 'SPAM' })).toMatchObject({
      status: 400,
      body: { message: 'You cannot report your own message', code: 'INVALID_INPUT', field: 'messageId' },
    });
    // A message of a room not theirs is not found, as one that does not exist.
    const notFound = { message: 'Message not found', code: 'MESSAGE_NOT_FOUND', field: 'messageId' };
    expect(await report(stranger.token, message.id, { reason: 'SPAM' })).toMatchObject({ status: 404, body: notFound });
    expect(await report(anna.token, 999_999_999, { reason: 'SPAM' })).toMatchObject({ status: 404, body: notFound });
    expect(await report(anna.token, message.id, { reason: 'BORING' })).toMatchObject({
      status: 400,
      body: { field: 'reason' },
    });
    expect(await report(anna.token, message.id, { reason: 'OTHER', note: '   ' })).toMatchObject({
      status: 400,
      body: { message: 'Say in a few words what is wrong with it', field: 'note' },
    });
    expect(await report(anna.token, message.id, { reason: 'SPAM', note: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { message: 'The note is at most 500 characters', field: 'note' },
    });
    expect(await report(anna.token, message.id, {})).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(
      (await shop.request('POST', `/api/chat/messages/${message.id}/reports`, { body: { reason: 'SPAM' } })).status,
    ).toBe(401);
    expect(await reportsCount()).toBe(count);
  });
});

describe('moderating', () => {
  it('is only for staff who moderate chat', async () => {
    const shopper = await person('shopper');
    const clerk = await person('clerk');
    await shop.request('PUT', `/api/staff/members/${clerk.username}`, {
      token: admin,
      body: { roles: ['ORDER_CLERK'] },
    });
    const refusal = { message: 'Only staff who moderate chat can see or decide reports', code: 'FORBIDDEN' };
    for (const token of [shopper.token, clerk.token]) {
      expect(await shop.request('GET', '/api/chat/reports', { token })).toMatchObject({ status: 403, body: refusal });
      expect(await decide(token, 1, { decision: 'DISMISS' })).toMatchObject({ status: 403, body: refusal });
    }
    expect((await shop.request('GET', '/api/chat/reports', { token: admin })).status).toBe(200);
  });

  it('dismisses a report: the message stays, the reporter is told, the decision audited', async () => {
    const anna = await person('anna', { verified: true });
    const sam = await person('sam');
    const message = await send(sam.token, anna.username, 'Would you like some gauze?');
    const made = (await report(anna.token, message.id, { reason: 'SPAM' })).body as { id: number };

    const decided = await decide(moderator.token, made.id, { decision: 'DISMISS' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      id: made.id,
      status: 'DISMISSED',
      decidedBy: moderator.username,
      decidedAt: expect.any(String),
      message: { id: message.id, content: 'Would you like some gauze?', removed: false },
    });
    expect((await messagesOf(sam.token, message.chatRoomId))[0]).toMatchObject({
      content: 'Would you like some gauze?',
      removed: false,
    });
    expect((await messagesOf(anna.token, message.chatRoomId))[0]!.report).toEqual({
      id: made.id,
      reason: 'SPAM',
      status: 'DISMISSED',
    });
    expect((await shop.request('GET', `/api/chat/reports/${made.id}`, { token: moderator.token })).body).toEqual(
      decided.body,
    );
    expect((await queue()).content.map((entry) => entry.id)).not.toContain(made.id);
    expect((await queue('DISMISSED')).content.map((entry) => entry.id)).toContain(made.id);

    const [mail] = await mailsTo(anna.email);
    expect(mail!.subject).toBe(`Your report of a message from ${sam.username}`);
    expect(mail!.textBody).toContain(
      `You reported a message ${sam.username} sent you on Medshop. A moderator looked at it and took no action.`,
    );
    expect(mail!.textBody).not.toContain('gauze');

    const audit = await shop.request<{ content: Record<string, unknown>[] }>('GET', '/api/audit-events', {
      token: admin,
    });
    expect(audit.body.content[0]).toMatchObject({
      action: 'chat_report.dismissed',
      actor: { username: moderator.username },
      subject: { type: 'chat_message', id: message.id },
      changes: { reports: { to: [made.id] }, status: { from: 'OPEN', to: 'DISMISSED' } },
    });

    // Decided once: a second decision is refused and changes nothing.
    expect(await decide(moderator.token, made.id, { decision: 'REMOVE_MESSAGE' })).toMatchObject({
      status: 409,
      body: {
        message: 'This report was decided already: a moderator looked at it and took no action',
        code: 'REPORT_DECIDED',
      },
    });
    expect((await messagesOf(sam.token, message.chatRoomId))[0]!.removed).toBe(false);
  });

  it('removes a message for both people; the sender may still write', async () => {
    const anna = await person('anna', { verified: true });
    const ben = await person('ben');
    const sam = await person('sam');
    const toAnna = await send(sam.token, anna.username, 'Nasty words');
    await send(sam.token, ben.username, 'Nasty words again');
    const annas = (await report(anna.token, toAnna.id, { reason: 'INAPPROPRIATE' })).body as { id: number };

    const decided = await decide(moderator.token, annas.id, { decision: 'REMOVE_MESSAGE' });
    expect(decided.body).toMatchObject({
      status: 'MESSAGE_REMOVED',
      message: { content: 'Nasty words', removed: true },
    });
    for (const token of [anna.token, sam.token]) {
      expect((await messagesOf(token, toAnna.chatRoomId))[0]).toMatchObject({
        id: toAnna.id,
        content: '',
        removed: true,
      });
      const [room] = (await shop.request<{ lastMessage: string }[]>('GET', '/api/chat/rooms', { token })).body.filter(
        (candidate) => (candidate as unknown as { id: number }).id === toAnna.chatRoomId,
      );
      expect(room!.lastMessage).toBe('This message was removed by a moderator.');
    }
    // A removed message cannot be reported again.
    expect(await report(anna.token, toAnna.id, { reason: 'SPAM' })).toMatchObject({
      status: 409,
      body: { code: 'MESSAGE_REMOVED' },
    });
    expect((await mailsTo(anna.email))[0]!.textBody).toContain('A moderator removed the message.');
    // The sender may still write: removing is not suspending.
    await send(sam.token, anna.username, 'Sorry');
  });

  it('suspends the sender’s chat for a time: the message removed, sending refused until then, audited', async () => {
    const anna = await person('anna');
    const ben = await person('ben');
    const sam = await person('sam');
    const message = await send(sam.token, anna.username, 'Threat');
    await send(sam.token, ben.username, 'Hello ben');
    // The suspension stops him writing to anyone, not only to the one who reported him.
    const annas = (await report(anna.token, message.id, { reason: 'HARASSMENT' })).body as { id: number };

    expect(await decide(moderator.token, annas.id, { decision: 'SUSPEND_SENDER' })).toMatchObject({
      status: 400,
      body: { message: 'Say for how long to suspend the sender’s chat', field: 'hours' },
    });
    expect(await decide(moderator.token, annas.id, { decision: 'SUSPEND_SENDER', hours: 9000 })).toMatchObject({
      status: 400,
      body: { message: 'Suspend for 1 to 8760 hours (a year), in whole hours', field: 'hours' },
    });
    expect(await decide(moderator.token, annas.id, { decision: 'DISMISS', hours: 24 })).toMatchObject({
      status: 400,
      body: { message: 'Only a suspension takes hours', field: 'hours' },
    });
    expect((await queue()).content.map((entry) => entry.id)).toContain(annas.id);

    const started = Date.now();
    const decided = await decide(moderator.token, annas.id, { decision: 'SUSPEND_SENDER', hours: 24 });
    expect(decided.body).toMatchObject({ status: 'SENDER_SUSPENDED', message: { removed: true } });
    const until = (decided.body as { senderSuspendedUntil: string }).senderSuspendedUntil;
    expect(Date.parse(until) - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(Date.parse(until) - started).toBeLessThan(24 * 3_600_000 + 60_000);

    const readable = `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const suspended = {
      message: `A moderator suspended your chat until ${readable}: you can read your messages, not send any`,
      code: 'CHAT_SUSPENDED',
    };
    for (const receiver of [anna.username, ben.username, message.chatRoomId])
      expect(
        await shop.request('POST', `/api/chat/rooms/${receiver}/messages`, {
          token: sam.token,
          body: { content: 'Hi' },
        }),
      ).toMatchObject({ status: 403, body: suspended });
    expect(
      await shop.request('POST', '/api/chat/rooms/create', {
        token: sam.token,
        body: { participantUsername: (await person('new')).username },
      }),
    ).toMatchObject({ status: 403, body: suspended });
    // He still reads, and his profile says until when.
    expect((await messagesOf(sam.token, message.chatRoomId))[0]).toMatchObject({ removed: true, content: '' });
    expect((await shop.request('GET', '/api/users/profile', { token: sam.token })).body).toMatchObject({
      chatSuspendedUntil: until,
    });
    expect((await shop.request('GET', '/api/users/profile', { token: anna.token })).body).toMatchObject({
      chatSuspendedUntil: null,
    });

    const audit = await shop.request<{ content: Record<string, unknown>[] }>('GET', '/api/audit-events', {
      token: admin,
    });
    expect(audit.body.content.slice(0, 2)).toMatchObject([
      {
        action: 'user.chat_suspended',
        subject: { type: 'user' },
        changes: { chatSuspendedUntil: { from: null, to: until }, hours: { to: 24 }, reports: { to: [annas.id] } },
      },
      { action: 'chat_message.removed', subject: { type: 'chat_message', id: message.id } },
    ]);

    // A moderator may lift it before its time (not a shopper, nor a second time), audited: he writes again at once.
    const lift = (token: string, username = sam.username) =>
      shop.request('DELETE', `/api/chat/suspensions/${username}`, { token });
    expect(await lift(anna.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await lift(moderator.token, 'nobody-by-this-name')).toMatchObject({
      status: 404,
      body: { code: 'USER_NOT_FOUND', field: 'username' },
    });
    expect(await lift(moderator.token, moderator.username)).toMatchObject({
      status: 403,
      body: { message: 'You cannot lift your own suspension: leave it to another moderator' },
    });
    expect((await lift(moderator.token, sam.username.toUpperCase())).status).toBe(204);
    expect(await lift(moderator.token)).toMatchObject({
      status: 409,
      body: { message: `${sam.username}'s chat is not suspended`, code: 'NOT_SUSPENDED', field: 'username' },
    });
    const lifted = await shop.request<{ content: Record<string, unknown>[] }>('GET', '/api/audit-events', {
      token: admin,
    });
    expect(lifted.body.content[0]).toMatchObject({
      action: 'user.chat_suspension_lifted',
      actor: { username: moderator.username },
      changes: { chatSuspendedUntil: { from: until, to: null } },
    });
    expect((await shop.request('GET', '/api/users/profile', { token: sam.token })).body).toMatchObject({
      chatSuspendedUntil: null,
    });
    await send(sam.token, anna.username, 'I am back');

    // A suspension that ended on its own lets him write too, and there is nothing to lift then.
    const again = await send(sam.token, anna.username, 'Again');
    const second = (await report(anna.token, again.id, { reason: 'SPAM' })).body as { id: number };
    expect((await decide(moderator.token, second.id, { decision: 'SUSPEND_SENDER', hours: 1 })).status).toBe(200);
    await sql`update users set chat_suspended_until = ${new Date(Date.now() - 1000).toISOString()}
      where username = ${sam.username}`.execute(shop.app.shopDatabase.db);
    await send(sam.token, anna.username, 'Back again');
    expect((await lift(moderator.token)).status).toBe(409);
  });

  it('refuses a decision about one’s own message, a suspension of a deleted account, and a report that is not there', async () => {
    const anna = await person('anna');
    const message = await send(moderator.token, anna.username, 'Official notice');
    const made = (await report(anna.token, message.id, { reason: 'OTHER', note: 'Rude' })).body as { id: number };
    expect(await decide(moderator.token, made.id, { decision: 'DISMISS' })).toMatchObject({
      status: 403,
      body: { message: 'You cannot decide a report of your own message: leave it to another moderator' },
    });
    // Nor one they made themselves.
    const colleague = await person('colleague');
    await shop.request('PUT', `/api/staff/members/${colleague.username}`, {
      token: admin,
      body: { roles: ['SUPPORT'] },
    });
    const fromAnna = await send(anna.token, colleague.username, 'You are slow');
    const own = (await report(colleague.token, fromAnna.id, { reason: 'HARASSMENT' })).body as { id: number };
    expect(await decide(colleague.token, own.id, { decision: 'SUSPEND_SENDER', hours: 24 })).toMatchObject({
      status: 403,
      body: { message: 'You cannot decide a report you made: leave it to another moderator', code: 'FORBIDDEN' },
    });
    expect((await messagesOf(anna.token, fromAnna.chatRoomId))[0]!.removed).toBe(false);
    expect((await decide(admin, made.id, { decision: 'DISMISS' })).status).toBe(200);

    const ghost = await person('ghost');
    const gone = await send(ghost.token, anna.username, 'Bye');
    const ofGhost = (await report(anna.token, gone.id, { reason: 'SPAM' })).body as { id: number };
    expect((await shop.request('DELETE', '/api/users/account', { token: ghost.token })).status).toBe(204);
    expect(await decide(moderator.token, ofGhost.id, { decision: 'SUSPEND_SENDER', hours: 24 })).toMatchObject({
      status: 409,
      body: { code: 'SENDER_DELETED' },
    });
    expect((await decide(moderator.token, ofGhost.id, { decision: 'REMOVE_MESSAGE' })).body).toMatchObject({
      status: 'MESSAGE_REMOVED',
      message: { senderUsername: 'Deleted user' },
    });
    expect(await decide(moderator.token, 999_999_999, { decision: 'DISMISS' })).toMatchObject({
      status: 404,
      body: { code: 'REPORT_NOT_FOUND' },
    });
    expect(await decide(moderator.token, made.id, { decision: 'BAN' })).toMatchObject({
      status: 400,
      body: { field: 'decision' },
    });
  });
});
