// Journey: a report handled by a moderator, in three browsers side by side. sam, on a phone, insults anna; anna, on a
// wide screen, reports the message (a reason and a note, asked in a dialog) and sees beside it that a moderator will
// look. A support clerk (the SUPPORT role, given by the owner) finds the report on the Reported Messages screen with
// the messages around it and suspends sam's chat for a week: the message shows as removed to anna and to sam at once,
// anna's report says what was decided, and sam's next message is refused until the week is over. Audited.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type JourneyShop,
  leave,
  lookAt,
  openJourney,
  openPerson,
  registerAndLogIn,
} from './support/journey.js';

const REMOVED = 'This message was removed by a moderator.';
const history = (page: Page, other: string) => page.getByRole('log', { name: `Messages with ${other}` });

describe.skipIf(!chromiumFound)('journey: reporting a message to a moderator', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the reporter and the sender both see the moderator’s decision live, and the sender is suspended', async () => {
    const anna = await openPerson(browser, shop);
    await registerAndLogIn(shop, anna.page, 'anna-reports');
    const sam = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, sam.page, 'rude-sam');

    // sam writes to anna from his phone.
    await sam.page.goto('/chat');
    await sam.page.getByRole('button', { name: '+ New Chat' }).first().click();
    const picker = sam.page.getByRole('dialog', { name: 'New Chat' });
    await picker.getByRole('searchbox', { name: 'Search users' }).fill('anna');
    await picker.getByRole('button', { name: /^anna-reports/ }).click();
    await picker.waitFor({ state: 'detached' });
    const samComposer = sam.page.getByRole('textbox', { name: 'Message to anna-reports' });
    for (const text of ['Hi anna', 'You are a useless idiot']) {
      await samComposer.fill(text);
      await samComposer.press('Enter');
      await history(sam.page, 'anna-reports').getByText(text).waitFor();
    }

    // anna reports the insult.
    await anna.page.getByRole('link', { name: /^Chat/ }).click();
    await anna.page.waitForURL(/\/chat/);
    const annaHistory = history(anna.page, 'rude-sam');
    await annaHistory.getByText('You are a useless idiot').waitFor();
    await expect
      .poll(() => annaHistory.getByRole('button', { name: 'Report this message from rude-sam' }).count())
      .toBe(2);
    await annaHistory.getByRole('button', { name: 'Report this message from rude-sam' }).last().click();
    const dialog = anna.page.getByRole('dialog', { name: 'Report this message from rude-sam?' });
    await dialog.getByRole('radio', { name: 'Harassment or threats' }).check();
    await dialog
      .getByRole('textbox', { name: 'Anything to add? (optional)' })
      .fill('He insults me after I asked about gauze.');
    await lookAt(anna.page, 'reporting', 'report-dialog');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await annaHistory.getByText('Reported: a moderator will look at it').waitFor();
    await lookAt(anna.page, 'reporting', 'reported');

    // The owner makes a support clerk; the clerk opens the queue from the profile's staff screens.
    const admin = await shop.rest.login(ADMIN_USERNAME, ADMIN_PASSWORD);
    const moderator = await openPerson(browser, shop);
    await registerAndLogIn(shop, moderator.page, 'support-sue');
    const given = await shop.rest.request('PUT', '/api/staff/members/support-sue', {
      token: admin,
      body: { roles: ['SUPPORT'] },
    });
    expect(given.status).toBe(200);
    await moderator.page.reload();
    await moderator.page.getByRole('link', { name: 'Profile' }).click();
    await moderator.page.getByRole('link', { name: 'Reported Messages' }).click();
    const card = moderator.page.getByRole('article', { name: 'Report of a message from rude-sam' });
    await card.getByRole('heading', { name: 'Harassment or threats' }).waitFor();
    await card.getByText('He insults me after I asked about gauze.').waitFor();
    expect(
      await card
        .getByRole('list', { name: 'The message among those around it' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual([
      expect.stringMatching(/^rude-sam .*Hi anna$/),
      expect.stringMatching(/^rude-sam .*ReportedYou are a useless idiot$/),
    ]);
    await lookAt(moderator.page, 'reporting', 'queue');

    // A week's suspension, asked first.
    await card.getByRole('button', { name: 'Suspend Sender…' }).click();
    const ask = moderator.page.getByRole('dialog', { name: 'Suspend rude-sam’s chat?' });
    await ask.getByRole('combobox', { name: 'For how long' }).selectOption({ label: '7 days' });
    await lookAt(moderator.page, 'reporting', 'suspend-asked');
    await ask.getByRole('button', { name: 'Suspend', exact: true }).click();
    await moderator.page.getByText('No reports waiting').waitFor();
    await moderator.page.getByRole('tab', { name: 'Suspended' }).click();
    await moderator.page.getByText(/^support-sue removed the message and suspended the sender’s chat on/).waitFor();

    // Both people see it removed, live; anna hears what was decided.
    await annaHistory.getByText(REMOVED).waitFor();
    await annaHistory.getByText('Reported: a moderator removed the message and suspended the sender’s chat').waitFor();
    expect(await annaHistory.getByText('You are a useless idiot').count()).toBe(0);
    await lookAt(anna.page, 'reporting', 'removed-for-reporter');
    await history(sam.page, 'anna-reports').getByText(REMOVED).waitFor();

    // sam can read, not send.
    await samComposer.fill('Why?');
    await samComposer.press('Enter');
    await sam.page
      .getByText(
        /^A moderator suspended your chat until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: you can read your messages, not send any$/,
      )
      .waitFor();
    await lookAt(sam.page, 'reporting', 'suspended-sender');

    const audit = await shop.rest.request('GET', '/api/audit-events', { token: admin });
    expect(audit.body.content.slice(0, 2)).toMatchObject([
      { action: 'user.chat_suspended', actor: { username: 'support-sue' }, changes: { hours: { to: 168 } } },
      { action: 'chat_message.removed', actor: { username: 'support-sue' } },
    ]);

    await leave(anna, sam, moderator);
  });
});
