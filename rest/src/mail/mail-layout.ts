// What every e-mail of the shop shares: who it is for, the buyer's formats (their zone, their language's way with
// dates and amounts; the words stay English, as on the site), and the shop's look in HTML.
import { moneyFormat } from '../../../shop-rules/money.js';

/** What the e-mails need to know of their recipient (a row of users). */
export interface MailRecipient {
  username: string;
  firstName: string | null;
  email: string | null;
  emailNotifications: number;
  language: string;
  timezone: string;
}

export interface MailContext {
  /** Where people open the shop (SHOP_URL), for the links. */
  shopUrl: string;
  /** SHOP_CURRENCY. */
  currency: string;
}

/**
 * The recipient's language as an Intl locale, and their zone; what Intl does not know falls back to English and UTC.
 */
export function formatsFor(recipient: MailRecipient, currency: string) {
  const locale = Intl.DateTimeFormat.supportedLocalesOf([recipient.language])[0] ?? 'en-US';
  let timeZone = 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: recipient.timezone });
    timeZone = recipient.timezone;
  } catch {
    // An unknown zone: UTC, said as such.
  }
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const money = moneyFormat(locale, currency);
  return {
    when: (iso: string) => `${time.format(new Date(iso))} (${timeZone})`,
    amount: (cents: number) => money.format(cents / 100),
  };
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The shop's look, kept simple: mail programs ignore most of CSS, so styles are inline. Laid out at the screen's width
 * (without the viewport, a phone lays a page out 980 px wide and shrinks it), and any text breaks inside a word rather
 * than push what follows out of the card (a product's name may be 200 characters without a space).
 */
export function htmlPage(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px 8px;background:#f4f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #d9e2ec;word-break:break-word;overflow-wrap:anywhere">
<div style="background:#0b5cad;color:#ffffff;padding:16px 20px;font-size:20px;font-weight:600">Medshop</div>
<div style="padding:20px;line-height:1.5">${body}</div>
<div style="padding:16px 20px;font-size:13px;color:#52606d;border-top:1px solid #d9e2ec">${footer}</div>
</div></body></html>
`;
}

export const greeting = (recipient: MailRecipient) => `Hello ${recipient.firstName?.trim() || recipient.username},`;

/** A link as a button, in the shop's colours. */
export const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;
