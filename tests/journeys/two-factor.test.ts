// Journey: two-factor sign-in for staff, in a shop that requires it (STAFF_TWO_FACTOR_REQUIRED). The owner logs in
// with the password alone and finds no staff screen, only a notice on every screen leading to the profile's tab that
// asks for a second factor; sets it up by the key beside the QR code (the test is the authenticator app: otplib makes
// the code from that key), keeps the recovery codes, and the desk appears in the menu without a reload, the notice
// gone. On a phone, a later login asks for the app's code; another uses a recovery code, which then works no more.
// The owner resets a clerk's second factor (asked first, audited): the clerk signs in with the password alone again.
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
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
} from './support/journey.js';

/** The code an app shows `stepsAhead` steps of 30 seconds from now (the shop takes the step before and after too). */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

describe.skipIf(!chromiumFound)('journey: staff sign in with a second factor', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened), { restSettings: { STAFF_TWO_FACTOR_REQUIRED: 'true' } });

  it('the owner turns it on to reach the desk; logins then take the app’s code or a recovery code once', async () => {
    // The owner's password alone opens the shop as a shopper's: no desk, and the profile says why.
    const owner = await openPerson(browser, shop);
    await owner.page.goto('/login');
    await owner.page.getByLabel('Username').fill(ADMIN_USERNAME);
    await owner.page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await owner.page.getByRole('button', { name: 'Login' }).click();
    await owner.page.waitForURL('/');
    const nav = owner.page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('(User)').waitFor();
    expect(await nav.getByRole('link', { name: 'Manage Orders' }).count()).toBe(0);
    const notice = owner.page.getByText(
      'Your staff roles need two-factor sign-in: your staff screens open once it is on.',
    );
    await notice.waitFor();
    await lookAt(owner.page, 'two-factor', 'notice');
    await owner.page.getByRole('link', { name: 'Set Up Two-Factor Sign-In' }).click();
    await owner.page.waitForURL('/profile?tab=two-factor');
    await owner.page
      .getByText('Your staff roles require two-factor sign-in: your staff screens open once it is on.')
      .waitFor();
    expect(await notice.count()).toBe(0);
    // The link is gone with the notice: the tab's heading has the focus.
    await expect
      .poll(() => owner.page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Two-Factor Sign-In');
    await lookAt(owner.page, 'two-factor', 'required');

    // Set up: the QR code, and the key an app takes by hand.
    await owner.page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
    await owner.page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const key = (await owner.page.locator('code').first().innerText()).replaceAll(' ', '');
    expect(key).toMatch(/^[A-Z2-7]{26,}$/);
    await lookAt(owner.page, 'two-factor', 'setup');
    const codeField = owner.page.getByLabel(/^Authentication code/);
    await codeField.fill('12');
    await owner.page.getByRole('button', { name: 'Turn On' }).click();
    await owner.page.getByText('The code is 6 digits, as your authenticator app shows it').waitFor();
    await codeField.fill(await codeOf(key));
    await owner.page.getByLabel(/^Current Password/).fill(ADMIN_PASSWORD);
    await owner.page.getByRole('button', { name: 'Turn On' }).click();
    await owner.page.getByText('Two-factor sign-in is on.').waitFor();
    const recoveryCodes = await owner.page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await lookAt(owner.page, 'two-factor', 'recovery-codes');
    await owner.page.getByRole('button', { name: 'I Have Saved Them' }).click();
    await owner.page.getByText(/10 of 10 recovery codes left\./).waitFor();
    // Without a reload, the desk is in the menu: the owner's permissions came with the second factor.
    await expect.poll(() => nav.getByRole('link', { name: 'Manage Orders' }).count(), { timeout: 15_000 }).toBe(1);
    await nav.getByText('(Admin)').waitFor();
    await lookAt(owner.page, 'two-factor', 'on');
    await owner.page.getByRole('tab', { name: 'Profile Information' }).click();
    await owner.page.getByRole('navigation', { name: 'Staff screens' }).waitFor();
    expect(await notice.count()).toBe(0);
    // Choosing tabs replaced the address: Back leaves the profile for the page the notice was followed from.
    expect(owner.page.url()).toMatch(/\/profile\?tab=information$/);
    await owner.page.goBack();
    await owner.page.waitForURL('/');

    // On a phone: the password, then the app's next code.
    const phone = await openPerson(browser, shop, 375);
    const passwordStep = async () => {
      await phone.page.goto('/login');
      await phone.page.getByLabel('Username').fill(ADMIN_USERNAME);
      await phone.page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
      await phone.page.getByRole('button', { name: 'Login' }).click();
      await phone.page.getByRole('heading', { name: 'Two-Factor Sign-In' }).waitFor();
    };
    await passwordStep();
    await lookAt(phone.page, 'two-factor', 'second-step');
    await phone.page.getByLabel(/^Authentication code/).fill(await codeOf(key, 1));
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.waitForURL('/');
    await phone.page.getByRole('button', { name: /^(Menu|Close menu)/ }).click();
    await phone.page.getByRole('navigation', { name: 'Main' }).getByText('(Admin)').waitFor();
    await phone.page.getByRole('button', { name: 'Logout' }).click();
    await phone.page.waitForURL(/\/login/);

    // Again with a recovery code instead; the same one a second time is refused.
    for (const attempt of ['first', 'again']) {
      await passwordStep();
      await phone.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await phone.page.getByLabel(/^Recovery code/).fill(recoveryCodes[0]!.toUpperCase());
      await phone.page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await phone.page.waitForURL('/');
        await phone.page.getByRole('button', { name: /^(Menu|Close menu)/ }).click();
        await phone.page.getByRole('button', { name: 'Logout' }).click();
        await phone.page.waitForURL(/\/login/);
      } else {
        await phone.page.getByText('That recovery code is not one of yours, or it was used already').waitFor();
        expect(phone.page.url()).toMatch(/\/login$/);
        await lookAt(phone.page, 'two-factor', 'recovery-code-used');
      }
    }
    // A clerk lost their phone: the owner resets their second factor from the staff screen.
    const clerkToken = await shop.rest.register('lost-phone-lee', 'secret-pass');
    const admin = await shop.rest.request('POST', '/api/auth/login/second-factor', {
      body: {
        challenge: (
          await shop.rest.request('POST', '/api/auth/login', {
            body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
          })
        ).body.challenge,
        recoveryCode: recoveryCodes[1],
      },
    });
    expect(admin.status).toBe(200);
    // Two recovery codes spent: the journey's, and this one.
    const status = await shop.rest.request('GET', '/api/users/two-factor', { token: admin.text });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 8, required: true });
    await shop.rest.request('PUT', '/api/staff/members/lost-phone-lee', {
      token: admin.text,
      body: { roles: ['ORDER_CLERK'] },
    });
    const { secret } = (await shop.rest.request('POST', '/api/users/two-factor/setup', { token: clerkToken })).body;
    await shop.rest.request('POST', '/api/users/two-factor/enable', {
      token: clerkToken,
      body: { code: await codeOf(secret), password: 'secret-pass' },
    });
    await owner.page.goto('/admin/staff');
    const clerkRow = owner.page.getByRole('listitem', { name: 'lost-phone-lee' });
    await clerkRow.getByText('Two-factor sign-in: on').waitFor();
    await clerkRow.getByRole('button', { name: 'Reset two-factor sign-in of lost-phone-lee' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Reset the two-factor sign-in of lost-phone-lee?' });
    await dialog.waitFor();
    await lookAt(owner.page, 'two-factor', 'reset-asked');
    await dialog.getByRole('button', { name: 'Reset Two-Factor' }).click();
    await owner.page
      .getByText('lost-phone-lee signs in with their password alone until they set it up again.')
      .waitFor();
    await clerkRow.getByText('Two-factor sign-in: off').waitFor();
    const login = await shop.rest.request('POST', '/api/auth/login', {
      body: { username: 'lost-phone-lee', password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    const audit = await shop.rest.request('GET', '/api/audit-events', { token: admin.text, query: { size: 1 } });
    expect(audit.body.content[0]).toMatchObject({ action: 'user.two_factor_reset', actor: { username: 'admin' } });

    await leave(owner, phone);
  });
});
