// Journey 6: the shop's parts stop and come back while someone is using it. The REST service stops: the listing
// says so (the connection dot stays honest: the gateway is still there); it returns: Apply Filters works again,
// without a reload. The gateway restarts: the socket reconnects and a message sent meanwhile shows up.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  type JourneyShop,
  connectionDot,
  leave,
  lookAt,
  openPerson,
  registerAndLogIn,
  openJourney,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: the REST service and the gateway restart under a shopper', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('says when the backend is down, works again when it is back, and catches up after the gateway restarts', async () => {
    const rita = await openPerson(browser, shop);
    const { page } = rita;
    await registerAndLogIn(shop, page, 'rita');
    const summary = page.getByText(/^Showing \d+ of \d+ products$/);
    await expect.poll(() => summary.textContent()).toBe('Showing 24 of 32 products');
    await expect.poll(() => connectionDot(page).getAttribute('aria-label')).toBe('Online');

    // The REST service stops: asking for what the gateway has not kept (catalogue-cache.ts keeps the first page it
    // served) fails and says so, with Retry; the gateway (and the socket) stay.
    await shop.stopRest();
    await page.getByLabel('Name').fill('thermometer');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const failure = page.getByRole('alert');
    await expect
      .poll(() => failure.textContent())
      .toBe('Failed to filter productsCheck the filters and try again.Retry');
    await expect.poll(() => page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await connectionDot(page).getAttribute('aria-label')).toBe('Online');
    await lookAt(page, 'resilience', 'backend-down');

    // It comes back: Apply Filters works again, no reload.
    await shop.startRest();
    await page.getByLabel('Name').fill('bandage');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => summary.textContent()).toBe('Showing 2 of 2 products');
    expect(await failure.count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await expect.poll(() => summary.textContent()).toBe('Showing 24 of 32 products');

    // A conversation open in the chat…
    await shop.rest.register('sam', 'secret-pass');
    const samToken = await shop.rest.login('sam', 'secret-pass');
    const room = await shop.rest.request('POST', '/api/chat/rooms/create', {
      token: samToken,
      body: { participantUsername: 'rita' },
    });
    await shop.rest.request('POST', `/api/chat/rooms/${room.body.id}/messages`, {
      token: samToken,
      body: { content: 'Your order has shipped.' },
    });
    await page.getByRole('link', { name: /^Chat/ }).click();
    const conversation = page.getByRole('log', { name: 'Messages with sam' });
    await expect.poll(() => conversation.getByText('Your order has shipped.').count()).toBe(1);

    // …while the gateway restarts: the dot goes Offline; a message sent meanwhile arrives once it is back.
    await shop.stopGateway();
    await expect.poll(() => connectionDot(page).getAttribute('aria-label')).toBe('Offline');
    await lookAt(page, 'resilience', 'gateway-down');
    await shop.rest.request('POST', `/api/chat/rooms/${room.body.id}/messages`, {
      token: samToken,
      body: { content: 'It should arrive on Tuesday.' },
    });
    await shop.startGateway();
    await expect.poll(() => connectionDot(page).getAttribute('aria-label'), { timeout: 40_000 }).toBe('Online');
    await expect.poll(() => conversation.getByText('It should arrive on Tuesday.').count()).toBe(1);
    await lookAt(page, 'resilience', 'caught-up');
    await leave(rita);
  });
});
