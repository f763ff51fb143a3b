// What an order's e-mails say: placed (its lines, total, shipping address and a link to the orders), and each move of
// its status. Plain text and HTML alike, in the shop's look; times in the buyer's own zone and amounts as their
// language writes them (the words stay English, as on the site). Only to a buyer with e-mail notifications on and an
// address set.
import type { OrderWithItems } from '../orders/order.repository.js';
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
import { type TaxGroup, linesSubtotalCents, taxLineLabel } from '../../../shop-rules/tax-rules.js';
import { type BankAccount, formatIban, transferReference } from '../../../shop-rules/payment-rules.js';

export type { MailContext, MailRecipient };

const wantsMail = (recipient: MailRecipient): recipient is MailRecipient & { email: string } =>
  recipient.emailNotifications !== 0 && !!recipient.email;

function footers(context: MailContext) {
  const profile = `${context.shopUrl}/profile`;
  return {
    text: `You get these e-mails because order notifications are on in your profile: ${profile}`,
    html: `You get these e-mails because order notifications are on in <a href="${escapeHtml(profile)}" style="color:#0b5cad">your profile</a>.`,
  };
}

export function orderPlacedMail(
  recipient: MailRecipient,
  order: OrderWithItems,
  context: MailContext,
): OutgoingMail | undefined {
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
  // What shipping added, by which method (an order placed without one says nothing of it).
  // What the order was charged besides its lines: shipping by its method, and tax by rate ("Tax, 19 %" added on top,
  // "Tax included, 19 %" a part of the prices), under the lines' subtotal.
  const included = order.pricesIncludeTax === 1;
  const taxGroups = order.taxGroups === null ? [] : (JSON.parse(order.taxGroups) as TaxGroup[]);
  const charges: { label: string; cost: string }[] = [
    ...(order.shippingMethod
      ? [
          {
            label: `Shipping, ${order.shippingMethod}`,
            cost: order.shippingCents === 0 ? 'Free' : amount(order.shippingCents),
          },
        ]
      : []),
    ...taxGroups.map((group) => ({
      label: taxLineLabel(group.basisPoints, included),
      cost: amount(group.taxCents),
    })),
  ];
  const subtotal = amount(linesSubtotalCents({ ...order, pricesIncludeTax: included }));
  const footer = footers(context);
  const howToPay = paymentInstructions(order, total, when);
  const text = [
    greeting(recipient),
    '',
    `Thank you for your order #${order.id}, placed on ${when(order.orderDate)}.`,
    '',
    ...lines.map((line) => `  ${line.quantity} × ${line.name}, ${line.each} each: ${line.total}`),
    '',
    ...(charges.length > 0
      ? [`Subtotal: ${subtotal}`, ...charges.map((charge) => `${charge.label}: ${charge.cost}`)]
      : []),
    `Total: ${total}`,
    '',
    ...(howToPay ? [howToPay.says, ...howToPay.facts.map(([term, value]) => `  ${term}: ${value}`), ''] : []),
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
        `<tr><td style="padding:6px 0;vertical-align:top">${line.quantity} × ${escapeHtml(line.name)}<br><span style="color:#52606d;font-size:13px;white-space:nowrap">${escapeHtml(line.each)} each</span></td>` +
        `<td style="padding:6px 0 6px 12px;text-align:right;vertical-align:top;white-space:nowrap">${escapeHtml(line.total)}</td></tr>`,
    )
    .join('');
  const cell = 'padding:6px 0;vertical-align:top';
  const shippingRows =
    charges.length > 0
      ? `<tr><td style="${cell};border-top:1px solid #d9e2ec">Subtotal</td><td style="${cell};padding-left:12px;text-align:right;white-space:nowrap;border-top:1px solid #d9e2ec">${escapeHtml(subtotal)}</td></tr>` +
        charges
          .map(
            (charge) =>
              `<tr><td style="${cell}">${escapeHtml(charge.label)}</td><td style="${cell};padding-left:12px;text-align:right;white-space:nowrap">${escapeHtml(charge.cost)}</td></tr>`,
          )
          .join('')
      : '';
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>Thank you for your order <strong>#${order.id}</strong>, placed on ${escapeHtml(when(order.orderDate))}.</p>
<table style="width:100%;border-collapse:collapse;border-top:1px solid #d9e2ec;border-bottom:1px solid #d9e2ec">${rows}${shippingRows}
<tr><td style="padding:8px 0;font-weight:600;border-top:1px solid #d9e2ec">Total</td><td style="padding:8px 0 8px 12px;text-align:right;white-space:nowrap;font-weight:600;border-top:1px solid #d9e2ec">${escapeHtml(total)}</td></tr></table>
${
  howToPay
    ? `<p>${escapeHtml(howToPay.says)}</p>
${
  howToPay.facts.length === 0
    ? ''
    : `<table style="border-collapse:collapse;margin:0 0 16px">${howToPay.facts
        .map(
          ([term, value]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#52606d;vertical-align:top">${escapeHtml(term)}</td><td style="padding:2px 0;font-weight:600;word-break:break-all">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
}`
    : ''
}<p><strong>Shipping to:</strong><br>${escapeHtml(order.shippingAddress).replace(/\n/g, '<br>')}</p>
<p>${button(ordersUrl, 'Follow your order')}</p>`,
    footer.html,
  );
  return { kind: 'order-placed', recipient: recipient.email, subject, text, html };
}

/**
 * How to pay an order waiting for its payment: a bank transfer's amount, account, reference to quote and the day its
 * items are held until; a card's amount and that day (the buyer was sent to Stripe's page already, and may go back
 * there from the orders page); undefined for an order that takes no payment through the shop.
 */
function paymentInstructions(
  order: OrderWithItems,
  total: string,
  when: (iso: string) => string,
): { says: string; facts: [string, string][] } | undefined {
  if (order.paymentMethod === 'CARD' && order.reservedUntil !== null)
    return {
      says: `Unless you have paid already: please pay ${total} by card by ${when(order.reservedUntil)}, with 'Pay by Card' on your orders page; we hold your items until then.`,
      facts: [],
    };
  if (order.paymentMethod !== 'BANK_TRANSFER' || order.paymentAccount === null || order.reservedUntil === null)
    return undefined;
  const account = JSON.parse(order.paymentAccount) as BankAccount;
  return {
    says: `Please transfer ${total} by ${when(order.reservedUntil)}, quoting the reference below; we hold your items until then.`,
    facts: [
      ['Account holder', account.accountHolder],
      ['IBAN', formatIban(account.iban)],
      ...(account.bic ? [['BIC', account.bic]] : []),
      ['Reference', transferReference(order.id)],
      ['Amount', total],
    ] as [string, string][],
  };
}

/** Each move, as the buyer reads it; and PAID, the payment's arrival (not a status: the order stays where it is). */
const MOVES: Record<string, { subject: (id: number) => string; says: string; note?: string }> = {
  PAID: {
    subject: (id) => `Your Medshop order #${id} is paid`,
    says: 'is paid: thank you',
    note: 'We will confirm it and send it on its way.',
  },
  REFUNDED: {
    subject: (id) => `A payment for your Medshop order #${id} is refunded`,
    says: 'had a card payment we could not take',
  },
  CONFIRMED: { subject: (id) => `Your Medshop order #${id} is confirmed`, says: 'is confirmed: we are preparing it' },
  SHIPPED: { subject: (id) => `Your Medshop order #${id} has shipped`, says: 'has shipped' },
  DELIVERED: { subject: (id) => `Your Medshop order #${id} was delivered`, says: 'was delivered' },
  CANCELLED: {
    subject: (id) => `Your Medshop order #${id} was cancelled`,
    says: 'was cancelled',
    note: 'Its items went back into the shop’s stock; nothing more will happen with this order.',
  },
};

export function orderStatusMail(
  recipient: MailRecipient,
  order: OrderWithItems,
  status: string,
  at: string,
  context: MailContext,
  /** REFUNDED: what was given back, and whether the order was cancelled (else: paid already, or another amount). */
  refund?: { cents: number; orderCancelled: boolean },
): OutgoingMail | undefined {
  const listed = MOVES[status];
  if (!listed || !wantsMail(recipient)) return undefined;
  const { when, amount } = formatsFor(recipient, context.currency);
  // A paid order cancelled: its payment goes back (the order as it was before the move says it was paid).
  let move =
    status === 'CANCELLED' && order.paymentStatus === 'PAID'
      ? { ...listed, note: `${listed.note} The ${amount(order.totalCents)} you paid will be returned to you.` }
      : listed;
  if (refund)
    move = {
      ...listed,
      note: `The ${amount(refund.cents)} is refunded to your card: ${refund.orderCancelled ? 'the order was cancelled before the payment arrived' : 'the order was paid already, or the amount was not the order’s'}. Your bank shows it within a few days.`,
    };
  const ordersUrl = `${context.shopUrl}/orders`;
  const subject = move.subject(order.id);
  const footer = footers(context);
  // Items as the shop counts them everywhere (the cart, the desk): the sum of the quantities, not the lines.
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const summary = `Your order #${order.id} (${units === 1 ? '1 item' : `${units} items`}, ${amount(order.totalCents)}) ${move.says}, on ${when(at)}.`;
  const text = [
    greeting(recipient),
    '',
    summary,
    ...(move.note ? ['', move.note] : []),
    '',
    `Follow your order: ${ordersUrl}`,
    '',
    footer.text,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting(recipient))}</p>
<p>${escapeHtml(summary)}</p>${move.note ? `\n<p>${escapeHtml(move.note)}</p>` : ''}
<p>${button(ordersUrl, 'Follow your order')}</p>`,
    footer.html,
  );
  return { kind: 'order-status', recipient: recipient.email, subject, text, html };
}
