// Journey: blocking in chat, in two browsers side by side. A stranger writes to anna; anna, on a wide screen, blocks
// him from the open conversation (asked first): the room leaves her list and her chat badge, and he, on a phone, is
// told only that he cannot send her messages; the New Chat picker no longer offers him to her. She unblocks him from
// her profile: his next message reaches her live.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, lookAt, openJourney, openPerson, registerAndLogIn } from './support/journey.js';

const roomButtons = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('button');

describe.skipIf(!chromiumFound)('journey: blocking a stranger in chat', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the blocked one cannot write, the room leaves the blocker’s list, and unblocking lets him write again', async () => {
    const anna = await openPerson(browser, shop);
    await registerAndLogIn(shop, anna.page, 'anna-blocks');
    const stranger = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, stranger.page, 'pushy-stranger');

    // The stranger writes first (from the phone, through the shop's chat).
    await stranger.page.goto('/chat');
    await stranger.page.getByRole('button', { name: '+ New Chat' }).first().click();
    const picker = stranger.page.getByRole('dialog', { name: 'New Chat' });
    await picker.getByRole('searchbox', { name: 'Search users' }).fill('anna');
    await picker.getByRole('button', { name: /^anna-blocks/ }).click();
    await picker.waitFor({ state: 'detached' });
    const strangerComposer = stranger.page.getByRole('textbox', { name: 'Message to anna-blocks' });
    await strangerComposer.fill('Cheap gauze, message me back!');
    await strangerComposer.press('Enter');

    // Anna opens her chat, reads him, and blocks him from the conversation.
    await anna.page.getByRole('link', { name: /^Chat/ }).click();
    await anna.page.waitForURL(/\/chat/);
    await anna.page.getByRole('log', { name: 'Messages with pushy-stranger' }).getByText('Cheap gauze').waitFor();
    await anna.page.getByRole('button', { name: 'Block pushy-stranger' }).click();
    const ask = anna.page.getByRole('dialog', { name: 'Block pushy-stranger?' });
    await ask.waitFor();
    await lookAt(anna.page, 'blocking', 'block-asked');
    await ask.getByRole('button', { name: 'Block', exact: true }).click();
    await anna.page.getByText('pushy-stranger is blocked. You can unblock them from your profile.').waitFor();
    await expect.poll(() => roomButtons(anna.page).count()).toBe(0);
    await lookAt(anna.page, 'blocking', 'blocked');

    // The stranger's next message is refused, saying no more than that.
    await strangerComposer.fill('Hello? Still there?');
    await strangerComposer.press('Enter');
    await stranger.page.getByText('You cannot send messages to anna-blocks').waitFor();
    await lookAt(stranger.page, 'blocking', 'refused');
    const annaToken = await shop.rest.login('anna-blocks', 'secret-pass');
    const rooms = await shop.rest.request('GET', '/api/chat/rooms', { token: annaToken });
    expect(rooms.body).toEqual([]);

    // Her picker no longer offers him.
    await anna.page.getByRole('button', { name: '+ New Chat' }).first().click();
    const annaPicker = anna.page.getByRole('dialog', { name: 'New Chat' });
    await annaPicker.getByRole('searchbox', { name: 'Search users' }).fill('pushy');
    await annaPicker.getByText('No users match “pushy”.').waitFor();
    await annaPicker.getByRole('button', { name: 'Cancel' }).click();

    // She unblocks him from her profile; his next message reaches her, live.
    await anna.page.getByRole('link', { name: 'Profile' }).click();
    await anna.page.getByRole('tab', { name: 'Account Settings' }).click();
    const blocked = anna.page.getByRole('list', { name: 'Blocked people' });
    await blocked.getByText('pushy-stranger').waitFor();
    await lookAt(anna.page, 'blocking', 'profile-blocked');
    await blocked.getByRole('button', { name: 'Unblock pushy-stranger' }).click();
    await anna.page.getByText('pushy-stranger is unblocked: your chat with them is back in your list.').waitFor();
    await anna.page.getByText('You have not blocked anyone.').waitFor();
    await anna.page.getByRole('link', { name: /^Chat/ }).click();
    await expect.poll(() => roomButtons(anna.page).count()).toBe(1);
    await strangerComposer.fill('Sorry for the spam.');
    await strangerComposer.press('Enter');
    await anna.page
      .getByRole('log', { name: 'Messages with pushy-stranger' })
      .getByText('Sorry for the spam.')
      .waitFor();

    await leave(anna, stranger);
  });
});
