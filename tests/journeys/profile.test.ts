// Journey 5: a shopper looks after their account, changes the password, sets her time zone and language (every time
// in the shop follows), and finally deletes the account. Before that, a new account starts with the language and zone
// of the browser it was registered in.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  type JourneyShop,
  leave,
  logIn,
  lookAt,
  openPerson,
  registerAndLogIn,
  openJourney,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: a profile from first edit to deletion', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('starts a new account with the browser’s language and time zone: an Austrian browser in Vienna', async () => {
    const person = await openPerson(browser, shop, 1280, { locale: 'de-AT', timezoneId: 'Europe/Vienna' });
    const { page } = person;
    await page.goto('/register');
    await page.getByLabel('Username').fill('lena');
    await page.getByLabel(/^Password/).fill('lena-secret');
    await page.getByLabel('Confirm Password').fill('lena-secret');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('/login');
    await logIn(page, 'lena', 'lena-secret');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('/profile');
    const details = page.getByRole('tabpanel');
    await expect.poll(() => details.innerText()).toMatch(/Language\s+German, Austria \(de-AT\)/i);
    expect(await details.innerText()).toMatch(
      /Time zone\s+Europe\/Vienna\s+Times in the shop are shown in Europe\/Vienna\./i,
    );
    // Saved in the shop, not only shown: the REST service answers the same.
    const token = await shop.rest.login('lena', 'lena-secret');
    expect((await shop.rest.request('GET', '/api/users/profile', { token })).body.preferences).toMatchObject({
      language: 'de-AT',
      timezone: 'Europe/Vienna',
    });
    await leave(person);
  });

  it('edits and saves, changes the password and goes on, logs in with it, and deletes the account', async () => {
    const person = await openPerson(browser, shop);
    const { page } = person;
    const look = (screen: string) => lookAt(page, 'profile', screen);
    await registerAndLogIn(shop, page, 'olga', 'first-pass');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('/profile');

    // Edit and save: the 3 s message, and the details as saved.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Olga');
    await page.getByLabel('Last name').fill('Petrova');
    await page.getByLabel('Email', { exact: true }).fill('olga@example.com');
    await page.getByLabel('Address', { exact: true }).fill('7 Linden Street, Riga');
    await look('edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Profile updated successfully' });
    await saved.waitFor();
    const details = page.getByRole('tabpanel');
    await expect.poll(() => details.getByRole('heading', { level: 2 }).textContent()).toBe('Olga Petrova');
    expect(await details.innerText()).toMatch(/Email\s+olga@example\.com/i);
    expect(await details.innerText()).toMatch(/Address\s+7 Linden Street, Riga/i);
    await look('saved');
    await saved.waitFor({ state: 'detached', timeout: 6_000 });

    // The address book: one address kept in parts, listed as it prints; checkout offers it (the order-desk journey).
    await page.getByRole('tab', { name: 'Addresses' }).click();
    await expect.poll(() => page.getByText('No saved addresses yet', { exact: true }).count()).toBe(1);
    await look('addresses-empty');
    await page.getByRole('button', { name: 'Add Address' }).click();
    const form = page.getByRole('form', { name: 'New Address' });
    await form.getByLabel(/^Name/).fill('Olga Petrova');
    await form.getByLabel(/^Address line 1/).fill('7 Linden Street');
    await form.getByLabel(/^Postal code/).fill('LV-1010');
    await form.getByLabel(/^City/).fill('Riga');
    await form.getByLabel(/^Country/).selectOption('LV');
    await look('address-form');
    await form.getByRole('button', { name: 'Save Address' }).click();
    const book = page.getByRole('list', { name: 'Saved addresses' });
    await expect
      .poll(() => book.innerText())
      .toBe('Olga Petrova\n7 Linden Street\nLV-1010 Riga\nLatvia\n\nNot used for an order yet\n\nEdit\nDelete');
    await look('addresses');

    // Change the password: the session goes on with the new token.
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await page.getByLabel('Current Password').fill('first-pass');
    await page.getByLabel(/^New Password/).fill('second-pass');
    await page.getByLabel('Confirm New Password').fill('second-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed successfully' }).waitFor();
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('/orders');
    await expect.poll(() => page.getByText('No orders found', { exact: true }).count()).toBe(1);

    // Out, and in again with the new password (the old one no longer works).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('/login');
    await page.getByLabel('Username').fill('olga');
    await page.getByLabel(/^Password/).fill('first-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    await logIn(page, 'olga', 'second-pass');

    // Her own time zone and language: an order placed earlier (through the REST service) shows in UTC and English
    // first, and once they are saved in Tokyo's time and as German writes dates and numbers, with no reload.
    const token = await shop.rest.login('olga', 'second-pass');
    const [product] = (await shop.rest.request('GET', '/api/products', { token })).body;
    await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
    const checkout = await shop.rest.request('POST', '/api/orders/checkout', {
      token,
      body: { shippingAddress: '7 Linden Street, Riga' },
    });
    expect(checkout.status).toBe(201);
    const placed = checkout.body as { id: number; orderDate: string; totalAmount: number };
    const shown = (locale: string, timeZone: string) => ({
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(placed.orderDate),
      ),
      total: `Total: ${new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(placed.totalAmount)}`,
    });
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('/orders');
    const order = page.getByRole('article', { name: `Order #${placed.id}` });
    await expect.poll(() => order.innerText()).toContain(shown('en', 'UTC').date);
    expect(await order.innerText()).toContain(shown('en', 'UTC').total);

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByRole('checkbox', { name: 'SMS notifications' }).isDisabled()).toBe(true);
    await page.getByLabel('Language').selectOption('de');
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await page.getByText('Times in the shop are shown in Asia/Tokyo.').waitFor();
    await look('preferences-edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await saved.waitFor();
    expect(await details.innerText()).toMatch(/SMS notifications\s+Off \(not available yet\)/i);
    expect(await details.innerText()).toMatch(
      /Language\s+German \(de\)\s+Sets how dates and numbers are written; the shop's words stay in English\./i,
    );
    expect(await details.innerText()).toMatch(
      /Time zone\s+Asia\/Tokyo\s+Times in the shop are shown in Asia\/Tokyo\./i,
    );
    await look('preferences');
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('/orders');
    await expect.poll(() => order.innerText()).toContain(shown('de', 'Asia/Tokyo').date);
    expect(await order.innerText()).toContain(shown('de', 'Asia/Tokyo').total);
    await look('orders-in-tokyo');

    // A zone as long as zones get, saved from another device: on a phone it wraps, it never widens the page.
    const moved = await shop.rest.request('PUT', '/api/users/profile', {
      token,
      body: { preferences: { timezone: 'America/Argentina/ComodRivadavia' } },
    });
    expect(moved.status).toBe(200);
    await page.goto('/profile');
    await page.getByText('Times in the shop are shown in America/Argentina/ComodRivadavia.').waitFor();
    await look('long-zone');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/Argentina/ComodRivadavia');
    await look('long-zone-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Delete the account: asked twice, then the login page says so, and the account is gone.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await look('danger-zone');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const first = page.getByRole('dialog', { name: 'Delete your account?' });
    await first.waitFor();
    await look('delete-first-confirmation');
    await first.getByRole('button', { name: 'Continue' }).click();
    const second = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await second.waitFor();
    await look('delete-second-confirmation');
    await second.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL('/login');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Account deleted successfully');
    await page.getByLabel('Username').fill('olga');
    await page.getByLabel(/^Password/).fill('second-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    await leave(person);
  });
});
