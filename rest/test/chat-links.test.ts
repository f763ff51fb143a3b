// A new account's links (issue 36, extension chat-links): a message sent by an account younger than
// CHAT_LINKS_AFTER_HOURS (24 unless set) is answered `linksAllowed: false`, and keeps it once the account is older; an
// older account's are links. The plain contract's answers carry no such field. On the suite's database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());

const LINK = 'Cheap gauze at https://bargains.example/gauze';
const send = (service: RestService, token: string, receiver: string, content = LINK) =>
  service.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });

/** Makes the account `hours` older, as if it had been made then. */
async function age(service: RestService, username: string, hours: number) {
  const then = new Date(Date.now() - hours * 3_600_000).toISOString();
  await sql`update users set created_at = ${then} where username = ${username}`.execute(service.app.shopDatabase.db);
}

describe('a new account’s links', () => {
  it('are plain text in the messages it sends while younger than a day, for good; an older account’s are links', async () => {
    const fresh = await shop.register('links-fresh');
    const reader = await shop.register('links-reader');
    const sent = await send(shop, fresh, 'links-reader');
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ content: LINK, linksAllowed: false });

    // A day later, its new messages are links; the first one stays plain text.
    await age(shop, 'links-fresh', 25);
    const later = await send(shop, fresh, 'links-reader', 'Again: https://bargains.example/gauze');
    expect(later.body).toMatchObject({ linksAllowed: true });
    const page = await shop.request<{ content: { content: string; linksAllowed: boolean }[] }>(
      'GET',
      `/api/chat/rooms/${sent.body.chatRoomId}/messages`,
      { token: reader },
    );
    expect(page.body.content.map(({ content, linksAllowed }) => [content, linksAllowed])).toEqual([
      ['Again: https://bargains.example/gauze', true],
      [LINK, false],
    ]);
  });

  it('CHAT_LINKS_AFTER_HOURS=0 makes every account’s addresses links', async () => {
    const open = await startRestService({ env: { CHAT_LINKS_AFTER_HOURS: '0' } });
    try {
      const token = await open.register('links-open');
      await open.register('links-open-reader');
      expect((await send(open, token, 'links-open-reader')).body).toMatchObject({ linksAllowed: true });
    } finally {
      await open.close();
    }
  });

  it('the plain contract’s messages carry no linksAllowed', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.register('links-plain');
      await plain.register('links-plain-reader');
      const sent = await send(plain, token, 'links-plain-reader');
      expect(sent.status).toBe(201);
      expect(Object.keys(sent.body).sort()).toEqual(['chatRoomId', 'content', 'id', 'senderUsername', 'timestamp']);
    } finally {
      await plain.close();
    }
  });
});
