// What the account's e-mails say: the link to reset a forgotten password, and the link that proves an address. Sent to
// the account's address whatever its notification settings (they were asked for), with the time the link ends in the
// person's own zone.
import { EMAIL_VERIFICATION_HOURS, PASSWORD_RESET_MINUTES } from '../../../shop-rules/account-rules.js';
import {
  type MailContext,
  type MailRecipient,
  button,
  escapeHtml,
  formatsFor,
  greeting,
  htmlPage,
} from './mail-layout.js';
import type { OutgoingMail } from './outbox.repository.js';

/** The page of the web app that takes the link's token. */
export const resetLinkOf = (shopUrl: string, token: string) =>
  `${shopUrl}/reset-password?token=${encodeURIComponent(token)}`;

export function passwordResetMail(
  recipient: MailRecipient & { email: string },
  token: string,
  expiresAt: string,
  context: MailContext,
): OutgoingMail {
  const { when } = formatsFor(recipient, context.currency);
  const link = resetLinkOf(context.shopUrl, token);
  const subject = 'Reset your Medshop password';
  const asked = `Someone, we hope you, asked to reset the password of your Medshop account "${recipient.username}".`;
  const expiry = `The link works once, for ${PASSWORD_RESET_MINUTES} minutes: until ${when(expiresAt)}.`;
  const notYou = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  const footer = `You get this e-mail because a password reset was asked for at ${context.shopUrl}/forgot-password.`;
  const text = [
    greeting(recipient),
    '',
    asked,
    '',
    'Choose a new password here:',
    link,
    '',
    expiry,
    '',
    notYou,
    '',
    footer,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(asked)}</p>
<p>${button(link, 'Choose a new password')}</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">Or open this address: ${escapeHtml(link)}</p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(notYou)}</p>`,
    escapeHtml(footer),
  );
  return { kind: 'password-reset', recipient: recipient.email, subject, text, html, expiresAt };
}

/** The page of the web app that takes a verification link's token. */
export const verificationLinkOf = (shopUrl: string, token: string) =>
  `${shopUrl}/verify-email?token=${encodeURIComponent(token)}`;

/** To an address just given to an account: the one e-mail an address gets before its owner has proven it. */
export function emailVerificationMail(
  recipient: MailRecipient & { email: string },
  token: string,
  expiresAt: string,
  context: MailContext,
): OutgoingMail {
  const { when } = formatsFor(recipient, context.currency);
  const link = verificationLinkOf(context.shopUrl, token);
  const subject = 'Verify your email address for Medshop';
  const given = `This address was given to the Medshop account "${recipient.username}". Verify that it is yours, and the shop will write to it: order e-mails, and a link when a password is forgotten.`;
  const expiry = `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours: until ${when(expiresAt)}.`;
  const notYou =
    'If this was not you, ignore this e-mail: nothing more is sent to this address unless the link is opened.';
  const footer = `You get this e-mail because this address was given to an account at ${context.shopUrl}.`;
  const text = [
    greeting(recipient),
    '',
    given,
    '',
    'Verify your email address here:',
    link,
    '',
    expiry,
    '',
    notYou,
    '',
    footer,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(given)}</p>
<p>${button(link, 'Verify my email address')}</p>
<p style="font-size:13px;color:#52606d;word-break:break-all">Or open this address: ${escapeHtml(link)}</p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(notYou)}</p>`,
    escapeHtml(footer),
  );
  return { kind: 'email-verification', recipient: recipient.email, subject, text, html, expiresAt };
}
