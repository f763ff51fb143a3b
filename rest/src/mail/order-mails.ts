// What an order's e-mails say: placed (its lines, total, shipping address and a link to the orders), and each move of
// its status. Plain text and HTML alike, in the shop's look; times in the buyer's own zone and amounts as their
// language writes them (the words stay English, as on the site). Only to a buyer with e-mail notifications on and an
// address set.
import type { OrderWithItems } from '../orders/order.repository.js';
import type { OutgoingMail } from './outbox.repository.js';

/** What the e-mails need to know of the buyer (a row of users). */
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

const wantsMail = (recipient: MailRecipient): recipient is MailRecipient & { email: string } => recipient.emailNotifications !== 0 && !!recipient.email;

/** The buyer's language as an Intl locale, and their zone; what Intl does not know falls back to English and UTC. */
function formatsFor(recipient: MailRecipient, currency: string) {
  const locale = Intl.DateTimeFormat.supportedLocalesOf([recipient.language])[0] ?? 'en-US';
  let timeZone = 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: recipient.timezone });
    timeZone = recipient.timezone;
  } catch {
    // An unknown zone: UTC, said as such.
  }
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return {
    when: (iso: string) => `${time.format(new Date(iso))} (${timeZone})`,
    amount: (cents: number) => money.format(cents / 100),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The shop's look, kept simple: mail programs ignore most of CSS, so styles are inline. */
function htmlPage(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #d9e2ec">
<div style="background:#0b5cad;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:600">Medshop</div>
<div style="padding:24px;line-height:1.5">${body}</div>
<div style="padding:16px 24px;font-size:13px;color:#52606d;border-top:1px solid #d9e2ec">${footer}</div>
</div></body></html>
`;
}

function footers(context: MailContext) {
  const profile = `${context.shopUrl}/profile`;
  return {
    text: `You get these e-mails because order notifications are on in your profile: ${profile}`,
    html: `You get these e-mails because order notifications are on in <a href="${escapeHtml(profile)}" style="color:#0b5cad">your profile</a>.`,
  };
}

const greeting = (recipient: MailRecipient) => `Hello ${recipient.firstName?.trim() || recipient.username},`;

export function orderPlacedMail(recipient: MailRecipient, order: OrderWithItems, context: MailContext): OutgoingMail | undefined {
  if (!wantsMail(recipient)) return undefined;
  const { when, amount } = formatsFor(recipient, context.currency);
  const ordersUrl = `${context.shopUrl}/orders`;
  const subject = `Your Medshop order #${order.id} is placed`;
  const lines = order.items.map((item) => ({
    name: item.productName,
    quantity: item.quantity,
    each: amount(item.priceCents),
    total: amount(item.subtotalCents),
  }));
  const total = amount(order.totalCents);
  const footer = footers(context);
  const text = [
    greeting(recipient),
    '',
    `Thank you for your order #${order.id}, placed on ${when(order.orderDate)}.`,
    '',
    ...lines.map((line) => `  ${line.quantity} × ${line.name}, ${line.each} each: ${line.total}`),
    '',
    `Total: ${total}`,
    '',
    'Shipping to:',
    order.shippingAddress,
    '',
    `Follow your order: ${ordersUrl}`,
    '',
    footer.text,
    '',
  ].join('\n');
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${line.quantity} × ${escapeHtml(line.name)}<br><span style="color:#52606d;font-size:13px">${escapeHtml(line.each)} each</span></td>` +
        `<td style="padding:6px 0;text-align:right;white-space:nowrap">${escapeHtml(line.total)}</td></tr>`,
    )
    .join('');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>Thank you for your order <strong>#${order.id}</strong>, placed on ${escapeHtml(when(order.orderDate))}.</p>
<table style="width:100%;border-collapse:collapse;border-top:1px solid #d9e2ec;border-bottom:1px solid #d9e2ec">${rows}
<tr><td style="padding:8px 0;font-weight:600;border-top:1px solid #d9e2ec">Total</td><td style="padding:8px 0;text-align:right;font-weight:600;border-top:1px solid #d9e2ec">${escapeHtml(total)}</td></tr></table>
<p><strong>Shipping to:</strong><br>${escapeHtml(order.shippingAddress).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(ordersUrl)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Follow your order</a></p>`,
    footer.html,
  );
  return { kind: 'order-placed', recipient: recipient.email, subject, text, html };
}

/** Each move, as the buyer reads it. */
const MOVES: Record<string, { subject: (id: number) => string; says: string; note?: string }> = {
  CONFIRMED: { subject: (id) => `Your Medshop order #${id} is confirmed`, says: 'is confirmed: we are preparing it' },
  SHIPPED: { subject: (id) => `Your Medshop order #${id} has shipped`, says: 'has shipped' },
  DELIVERED: { subject: (id) => `Your Medshop order #${id} was delivered`, says: 'was delivered' },
  CANCELLED: {
    subject: (id) => `Your Medshop order #${id} was cancelled`,
    says: 'was cancelled',
    note: 'Its items went back into the shop’s stock; nothing more will happen with this order.',
  },
};

export function orderStatusMail(recipient: MailRecipient, order: OrderWithItems, status: string, at: string, context: MailContext): OutgoingMail | undefined {
  const move = MOVES[status];
  if (!move || !wantsMail(recipient)) return undefined;
  const { when, amount } = formatsFor(recipient, context.currency);
  const ordersUrl = `${context.shopUrl}/orders`;
  const subject = move.subject(order.id);
  const footer = footers(context);
  const summary = `Your order #${order.id} (${order.items.length === 1 ? '1 item' : `${order.items.length} items`}, ${amount(order.totalCents)}) ${move.says}, on ${when(at)}.`;
  const text = [greeting(recipient), '', summary, ...(move.note ? ['', move.note] : []), '', `Follow your order: ${ordersUrl}`, '', footer.text, ''].join('\n');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(summary)}</p>${move.note ? `\n<p>${escapeHtml(move.note)}</p>` : ''}
<p><a href="${escapeHtml(ordersUrl)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Follow your order</a></p>`,
    footer.html,
  );
  return { kind: 'order-status', recipient: recipient.email, subject, text, html };
}
