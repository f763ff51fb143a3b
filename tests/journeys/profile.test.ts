// Journey 5: a shopper looks after their account, changes the password, and finally deletes the account.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, logIn, lookAt, openPerson, registerAndLogIn, openJourney } from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: a profile from first edit to deletion', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

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
