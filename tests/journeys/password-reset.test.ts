// Journey 9: a shopper proves her e-mail address, then forgets her password and gets back in. Her profile marks the
// address "Unverified"; she asks for the link again and opens it from the e-mail a real SMTP server received (once:
// opened again it says so). Then "Forgot password?" on the login page, the reset link from the e-mail, a new password,
// and a login with it. Her session open in another browser ends meanwhile, and the link does not work twice.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_SUBJECT, linkIn, nthMailTo } from '../helpers/mail-links.js';
import { poll } from '../helpers/poll.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.js';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, logIn, lookAt, openJourney, openPerson } from './support/journey.js';

const SENT =
  'If an account has that username or email address, and a verified email address to write to, a link to choose a new password is on its way. It works for 30 minutes.';

describe.skipIf(!chromiumFound)('journey: a forgotten password', () => {
  let browser: Browser;
  let shop: JourneyShop;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  openJourney((opened) => ({ browser, shop } = opened), { smtpUrl: () => smtp.url });

  it('asks for a link from the login page, sets a new password with it and logs in; the other session ends', async () => {
    const token = await shop.rest.register('forgetful-fiona', 'first-pass');
    expect(
      (await shop.rest.request('PUT', '/api/users/profile', { token, body: { email: 'fiona@people.example' } })).status,
    ).toBe(200);
    // On her other computer Fiona's profile says the address is not verified yet; the first e-mail got lost, so she
    // asks for the link again.
    const elsewhere = await openPerson(browser, shop);
    await logIn(elsewhere.page, 'forgetful-fiona', 'first-pass');
    await elsewhere.page.goto('/profile');
    const profileDetails = elsewhere.page.getByRole('tabpanel');
    await expect
      .poll(() => profileDetails.innerText())
      .toMatch(/Email\s+fiona@people\.example\s+Unverified\s+We emailed a link to this address/i);
    await lookAt(elsewhere.page, 'password-reset', 'profile-unverified');
    await elsewhere.page.getByRole('button', { name: 'Send the link again' }).click();
    await expect
      .poll(() => elsewhere.page.getByRole('status').textContent())
      .toBe('A link to verify fiona@people.example is on its way. It works for 24 hours.');
    await lookAt(elsewhere.page, 'password-reset', 'profile-link-sent');

    // She opens the newer link on her phone, where nobody is logged in: verified, the token gone from the address.
    const person = await openPerson(browser, shop, 375);
    const { page } = person;
    const look = (screen: string) => lookAt(page, 'password-reset', screen);
    const verification = linkIn(await nthMailTo(smtp, 'fiona@people.example', VERIFY_SUBJECT, 2), 'verify-email').url;
    expect(verification.startsWith(`${shop.origin}/verify-email?token=`)).toBe(true);
    const opened = await page.goto(verification);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(
        'Your email address fiona@people.example is verified. Your order updates and password reset links will be sent there.',
      );
    expect(page.url()).toBe(`${shop.origin}/verify-email`);
    await look('verify-email-done');
    // The link works once: opened again, it says so and shows the way to a new one.
    await page.goto(verification);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.');
    await look('verify-email-used');
    // On the other computer the profile, loaded again, marks the address verified; she goes on to her orders.
    await elsewhere.page.reload();
    await expect
      .poll(() => profileDetails.innerText())
      .toMatch(/Email\s+fiona@people\.example\s+Verified\s+Phone number/i);
    await elsewhere.page.getByRole('link', { name: 'Orders' }).click();
    await elsewhere.page.getByRole('heading', { name: 'Orders' }).waitFor();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByLabel(/^Username or email address/).getAttribute('aria-invalid')).toBe('true');
    await look('forgot-empty');
    await page.getByLabel(/^Username or email address/).fill('Fiona@People.example');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(SENT);
    await look('forgot-sent');

    // The e-mail, as Fiona's mail program shows it: the link to open.
    const [mail] = await poll(
      async () =>
        smtp.received.filter(
          (received) => received.to === 'fiona@people.example' && received.subject === 'Reset your Medshop password',
        ),
      (found) => found.length > 0,
      { within: 20_000 },
    );
    expect(mail?.subject).toBe('Reset your Medshop password');
    const link = /^(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+)$/m.exec(mail?.text ?? '')?.[1];
    expect(link?.startsWith(`${shop.origin}/reset-password?token=`)).toBe(true);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New Password/).fill('second-pass');
    await page.getByLabel('Confirm New Password').fill('second-pas');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByLabel('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    await look('reset-mismatch');
    await page.getByLabel('Confirm New Password').fill('second-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    // The login page, with her username filled in and what happened said.
    await page.waitForURL('/login');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Your password has been reset. Please log in with your new password.');
    expect(await page.getByLabel('Username').inputValue()).toBe('forgetful-fiona');
    await look('login-after-reset');
    await page.getByLabel(/^Password/).fill('second-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('/');
    await expect.poll(() => page.getByText('forgetful-fiona (User)').count()).toBeGreaterThan(0);

    // The session on the other computer has ended: its live connection was closed.
    await elsewhere.page.waitForURL('/login');
    await expect
      .poll(() => elsewhere.page.getByRole('status').textContent())
      .toBe('Your session has ended. Please log in again.');

    // The link works once: opened again on the other computer, it says so and offers a new one.
    const other = elsewhere.page;
    await other.goto(link!);
    await other.getByLabel(/^New Password/).fill('third-pass');
    await other.getByLabel('Confirm New Password').fill('third-pass');
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => other.getByRole('alert').textContent())
      .toBe('This link to reset your password is invalid, used or expired. Ask for a new one.');
    await lookAt(other, 'password-reset', 'reset-used-link');
    await other.getByRole('link', { name: 'Ask for a New Link' }).click();
    await other.waitForURL('/forgot-password');
    await leave(person, elsewhere);
  });
});
