// Journey 3: two people chat, each in their own browser, and everything arrives live.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_USERNAME,
  type JourneyShop,
  connectionDot,
  leave,
  lookAt,
  openPerson,
  registerAndLogIn,
  openJourney,
} from './support/journey.js';

/** The navbar's Chat link as it reads: 'Chat', or 'Chat 2 unread'. */
const chatLink = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chat/ }).textContent())?.trim();
const roomButtons = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('button');

describe.skipIf(!chromiumFound)('journey: a chat between two browsers', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('A starts a chat with B; B sees it arrive, opens it and replies; A sees the reply once', async () => {
    // B already talks to the admin: that conversation is the one open on B's screen.
    const bruno = await openPerson(browser, shop);
    await registerAndLogIn(shop, bruno.page, 'bruno');
    const brunoToken = await shop.rest.login('bruno', 'secret-pass');
    const adminRoom = await shop.rest.request('POST', '/api/chat/rooms/create', {
      token: brunoToken,
      body: { participantUsername: ADMIN_USERNAME },
    });
    await shop.rest.request('POST', `/api/chat/rooms/${adminRoom.body.id}/messages`, {
      token: brunoToken,
      body: { content: 'Hello, is the nebulizer back?' },
    });
    await bruno.page.goto('/chat');
    await expect
      .poll(() => roomButtons(bruno.page).allInnerTexts())
      .toEqual([expect.stringMatching(/^A\s+admin\s+Hello, is the nebulizer back\?/)]);
    await expect.poll(() => connectionDot(bruno.page).getAttribute('aria-label')).toBe('Online');

    // A starts the conversation through + New Chat.
    const alice = await openPerson(browser, shop);
    await registerAndLogIn(shop, alice.page, 'alice');
    await alice.page.getByRole('link', { name: 'Chat', exact: true }).click();
    await alice.page.waitForURL('/chat');
    await alice.page.getByRole('button', { name: '+ New Chat' }).first().click();
    const dialog = alice.page.getByRole('dialog', { name: 'New Chat' });
    await dialog.getByRole('searchbox', { name: 'Search users' }).fill('bru');
    await expect
      .poll(() => dialog.getByRole('list', { name: 'People' }).getByRole('button').allInnerTexts())
      .toEqual([expect.stringMatching(/^B\s+bruno\s+User$/), 'Block']);
    await lookAt(alice.page, 'chat', 'new-chat-dialog');
    await dialog.getByRole('button', { name: /^bruno/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const aliceComposer = alice.page.getByRole('textbox', { name: 'Message to bruno' });
    await aliceComposer.fill('Hi Bruno, is the compact nebulizer quiet?');
    await aliceComposer.press('Enter');
    const aliceLog = alice.page.getByRole('log', { name: 'Messages with bruno' });
    await expect.poll(() => aliceLog.getByText('Hi Bruno, is the compact nebulizer quiet?').count()).toBe(1);

    // B, without reloading: the room appears on top with its unread count, and the navbar counts it.
    await expect.poll(() => chatLink(bruno.page)).toBe('Chat 1 unread');
    await expect
      .poll(() => roomButtons(bruno.page).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^A\s+alice\s+Hi Bruno, is the compact nebul\.\.\.\s+\d{1,2}:\d\d [AP]M\s+1\s+unread$/),
        expect.stringMatching(/^A\s+admin\s+Hello, is the nebulizer back\?/),
      ]);
    expect(await bruno.page.getByRole('log', { name: 'Messages with admin' }).count()).toBe(1);
    await lookAt(bruno.page, 'chat', 'unread-arrived');

    // B opens it: the badge clears; B replies.
    await roomButtons(bruno.page).first().click();
    const brunoLog = bruno.page.getByRole('log', { name: 'Messages with alice' });
    await expect.poll(() => brunoLog.getByText('Hi Bruno, is the compact nebulizer quiet?').count()).toBe(1);
    await expect.poll(() => chatLink(bruno.page)).toBe('Chat');
    const brunoComposer = bruno.page.getByRole('textbox', { name: 'Message to alice' });
    await brunoComposer.fill('Yes, very quiet: about 50 dB.');
    await brunoComposer.press('Enter');

    // A sees the reply live, once, and is online.
    await expect.poll(() => aliceLog.getByText('Yes, very quiet: about 50 dB.').count()).toBe(1);
    // B's next message arriving shows that an echo of the reply would have come by now: the reply is still there once.
    await brunoComposer.fill('It folds away too.');
    await brunoComposer.press('Enter');
    await expect.poll(() => aliceLog.getByText('It folds away too.').count()).toBe(1);
    expect(await aliceLog.getByText('Yes, very quiet: about 50 dB.').count()).toBe(1);
    expect(await chatLink(alice.page)).toBe('Chat');
    expect(await connectionDot(alice.page).getAttribute('aria-label')).toBe('Online');
    await lookAt(alice.page, 'chat', 'conversation');
    await leave(alice, bruno);
  });
});
