// How the shop writes money and time (spec §9): amounts in the currency the graph names, with its sign and two
// decimals ("$12.50" in the shop's default, USD); chat times as a clock time when under 24 hours old, else a date.
// The shop's language is English, so is its formatting; times are in the viewer's own time zone.
import type { Money } from './money';

const LOCALE = 'en-US';
export const RECENT_MESSAGE_MS = 24 * 60 * 60 * 1000;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * { amount: "12.50", currencyCode: "USD" } → "$12.50", "1234.00" → "$1,234.00". The exact decimal is formatted
 * (Intl reads a numeric string as a decimal), not a float made of it.
 */
export function formatMoney({ amount, currencyCode }: Pick<Money, 'amount' | 'currencyCode'>): string {
  let format = moneyFormats.get(currencyCode);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currencyCode });
    moneyFormats.set(currencyCode, format);
  }
  return format.format(amount as Intl.StringNumericLiteral);
}

function validDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A chat time: "09:05 AM" when under 24 hours old, otherwise "11/20/2026"; '' when there is none. */
export function formatChatTime(iso: string | null | undefined, now: number = Date.now()): string {
  const date = validDate(iso);
  if (!date) return '';
  if (now - date.getTime() < RECENT_MESSAGE_MS) return date.toLocaleTimeString(LOCALE, { hour: 'numeric', minute: '2-digit' });
  return date.toLocaleDateString(LOCALE);
}

/** An order's date and time: "Nov 22, 2026, 2:30 PM". */
export function formatDateTime(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? date.toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/** A calendar date: "November 22, 2026". */
export function formatLongDate(iso: string | null | undefined): string {
  const date = validDate(iso);
  return date ? date.toLocaleDateString(LOCALE, { dateStyle: 'long' }) : '';
}

/** The chat sidebar's preview: at most 30 characters, then '...' (spec §9); a space where it is cut is dropped. */
export const PREVIEW_LENGTH = 30;
export function previewOf(text: string | null | undefined): string {
  if (!text) return 'No messages yet';
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH).trimEnd()}...` : text;
}
