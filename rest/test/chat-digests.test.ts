// Missed messages by e-mail (issue 36): a message waiting unread for CHAT_DIGEST_AFTER_MINUTES (30 unless set) gets its
// recipient one digest of the room in the outbox ("3 new messages from sam"), without the messages' text; then none
// again for those messages, and a new one only once newer messages have waited as long. Not to an address that is
// unverified or has notifications off, not about a room read meanwhile, nor about someone blocked. The sweep is driven
// with its clock (`sweep(now)`), not waited for. On the suite's database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let counter = 0;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());

const MINUTE = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** An account with a verified address (and notifications on unless told). */
async function person(prefix: string, { notifications = true, verified = true } = {}) {
  const username = `${prefix}-${++counter}`;
  const token = await shop.register(username);
  const email = `${username}@people.example`;
  const db = shop.app.shopDatabase.db;
  await sql`update users set email = ${email}, email_notifications = ${notifications ? 1 : 0},
    email_verified_at = ${verified ? new Date().toISOString() : null} where username = ${username}`.execute(db);
  return { username, token, email };
}

const send = (token: string, receiver: string, content: string) =>
  shop.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });

const digestsTo = async (email: string) =>
  shop.app.shopDatabase.db
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody', 'htmlBody'])
    .where('kind', '=', 'chat-digest')
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

describe('digests of missed messages', () => {
  it('writes one digest per room once the messages waited, without their text, and one more only for newer ones', async () => {
    const anna = await person('anna');
    const sam = await person('sam');
    for (const text of ['Secret one', 'Secret two', 'Secret three'])
      expect((await send(sam.token, anna.username, text)).status).toBe(201);

    expect(await shop.app.chatDigests!.sweep(later(29))).toEqual({ written: 0 });
    expect(await digestsTo(anna.email)).toEqual([]);
    expect(await shop.app.chatDigests!.sweep(later(31))).toEqual({ written: 1 });
    const [digest] = await digestsTo(anna.email);
    expect(digest!.subject).toBe(`3 new messages from ${sam.username}`);
    expect(digest!.textBody).toContain(`${sam.username} wrote to you on Medshop: 3 messages wait unread.`);
    expect(digest!.textBody).toContain('/chat');
    for (const body of [digest!.textBody, digest!.htmlBody]) expect(body).not.toMatch(/Secret/);
    // The sender gets none: nothing waits for him.
    expect(await digestsTo(sam.email)).toEqual([]);

    // Told once: later sweeps write nothing more about these three.
    await shop.app.chatDigests!.sweep(later(90));
    expect(await digestsTo(anna.email)).toHaveLength(1);

    // A newer message: a digest of its own, once it has waited.
    await send(sam.token, anna.username, 'Secret four');
    await shop.app.chatDigests!.sweep(later(91));
    const digests = await digestsTo(anna.email);
    expect(digests.map((each) => each.subject)).toEqual([
      `3 new messages from ${sam.username}`,
      `1 new message from ${sam.username}`,
    ]);
    expect(digests[1]!.textBody).toContain('a message waits unread');
  });

  it('writes none about a room read meanwhile, to notifications off or an unverified address, or about someone blocked', async () => {
    const reader = await person('reader');
    const quiet = await person('quiet', { notifications: false });
    const unverified = await person('unverified', { verified: false });
    const blocker = await person('blocker');
    const writer = await person('writer');
    const sent = await send(writer.token, reader.username, 'Hello reader');
    await shop.request('POST', `/api/chat/rooms/${sent.body.chatRoomId}/mark-as-read`, { token: reader.token });
    await send(writer.token, quiet.username, 'Hello quiet');
    await send(writer.token, unverified.username, 'Hello unverified');
    await send(writer.token, blocker.username, 'Hello blocker');
    await shop.request('PUT', `/api/chat/blocks/${writer.username}`, { token: blocker.token });

    await shop.app.chatDigests!.sweep(later(31));
    for (const who of [reader, quiet, unverified, blocker])
      expect(await digestsTo(who.email), who.username).toEqual([]);
  });

  it('leaves out a message a moderator removed, and writes none when it was the only one', async () => {
    const kim = await person('kim');
    const lou = await person('lou');
    const removed = (await send(lou.token, kim.username, 'Gone')).body as { id: number };
    await send(lou.token, kim.username, 'Still here');
    const mia = await person('mia');
    const alone = (await send(lou.token, mia.username, 'Gone too')).body as { id: number };
    await sql`update chat_messages set removed_at = ${new Date().toISOString()}
      where id in (${removed.id}, ${alone.id})`.execute(shop.app.shopDatabase.db);

    await shop.app.chatDigests!.sweep(later(31));
    expect((await digestsTo(kim.email)).map((digest) => digest.subject)).toEqual([
      `1 new message from ${lou.username}`,
    ]);
    expect(await digestsTo(mia.email)).toEqual([]);
  });

  it('writes each digest once when two instances sweep at the same time', async () => {
    const ida = await person('ida');
    const jon = await person('jon');
    await send(jon.token, ida.username, 'Two sweeps');
    await Promise.all([shop.app.chatDigests!.sweep(later(31)), shop.app.chatDigests!.sweep(later(31))]);
    expect(await digestsTo(ida.email)).toHaveLength(1);
  });

  it('are off with CHAT_DIGEST_AFTER_MINUTES=0, and without the extensions', async () => {
    const off = await startRestService({ env: { CHAT_DIGEST_AFTER_MINUTES: '0' } });
    const plain = await startRestService({ extensions: false });
    try {
      expect(off.app.chatDigests).toBeUndefined();
      expect(plain.app.chatDigests).toBeUndefined();
    } finally {
      await off.close();
      await plain.close();
    }
  });
});
