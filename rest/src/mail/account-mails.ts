// What the account's e-mails say: the link to reset a forgotten password. Sent to the account's address whatever its
// notification settings (it was asked for), with the time the link ends in the person's own zone.
import { PASSWORD_RESET_MINUTES } from '../../../shop-rules/account-rules.js';
import { type MailContext, type MailRecipient, button, escapeHtml, formatsFor, greeting, htmlPage } from './mail-layout.js';
import type { OutgoingMail } from './outbox.repository.js';

/** The page of the web app that takes the link's token. */
export const resetLinkOf = (shopUrl: string, token: string) => `${shopUrl}/reset-password?token=${encodeURIComponent(token)}`;

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
  const text = [greeting(recipient), '', asked, '', 'Choose a new password here:', link, '', expiry, '', notYou, '', footer, ''].join('\n');
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
