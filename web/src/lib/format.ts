// How the shop writes money and time (spec §9), for one viewer: every date and time in their `timezone` preference,
// and dates and numbers as their `language` writes them (the shop's words stay English). Amounts keep the currency
// the graph names, with its narrow symbol as the e-mails write it (shop-rules' moneyFormat: "$12.50" in English, en-GB
// included, "12,50 $" in German); chat times are a clock time when under 24 hours old,
// else a date. A zone or a language Intl does not know falls back to UTC or English, never to an error or a blank.
// The defaults (en, UTC) write what the shop always wrote: "$1,234.00", "Nov 22, 2026, 2:30 PM".
import { moneyFormat } from '@shop-rules/money';
import type { Money } from './money';

/** The viewer's preferences that say how to write (User.preferences). */
export interface FormatPreferences {
  /** A BCP 47 language code: "en", "de-CH". */
  language: string;
  /** An IANA time zone: "UTC", "Europe/Berlin". */
  timezone: string;
}

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_TIME_ZONE = 'UTC';
export const RECENT_MESSAGE_MS = 24 * 60 * 60 * 1000;

/** How one viewer's screens write money and time. */
export interface Formats {
  /** The Intl locale in use: the viewer's language, or 'en' when Intl does not know it. */
  readonly locale: string;
  /** The time zone in use: the viewer's, as they chose it, or 'UTC' when Intl does not know it. */
  readonly timeZone: string;
  /**
   * { amount: "12.50", currencyCode: "USD" } → "$12.50", "1234.00" → "$1,234.00" (de: "1.234,00 $"). The exact
   * decimal is formatted (Intl reads a numeric string as a decimal), not a float made of it.
   */
  money(money: Pick<Money, 'amount' | 'currencyCode'>): string;
  /** A chat time: "9:05 AM" when under 24 hours old, otherwise "11/20/2026"; '' when there is none. */
  chatTime(iso: string | null | undefined, now?: number): string;
  /** An order's date and time: "Nov 22, 2026, 2:30 PM"; '' when there is none. */
  dateTime(iso: string | null | undefined): string;
  /** A calendar date: "November 22, 2026"; '' when there is none. */
  longDate(iso: string | null | undefined): string;
}

/** The Intl locale for a language, both for dates and numbers; undefined when Intl does not know it. */
export function knownLocale(language: string | null | undefined): string | undefined {
  if (!language) return undefined;
  try {
    const [dates] = Intl.DateTimeFormat.supportedLocalesOf([language]);
    const [numbers] = Intl.NumberFormat.supportedLocalesOf([language]);
    return dates && numbers ? dates : undefined;
  } catch {
    // Not a language code at all (RangeError).
    return undefined;
  }
}

/** The zone as chosen when Intl knows it (in any case: "europe/berlin" is Europe/Berlin); undefined when not. */
export function knownTimeZone(timezone: string | null | undefined): string | undefined {
  if (!timezone) return undefined;
  try {
    new Intl.DateTimeFormat(DEFAULT_LANGUAGE, { timeZone: timezone });
    return timezone;
  } catch {
    return undefined;
  }
}

function validDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function createFormats(locale: string, timeZone: string): Formats {
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const day = new Intl.DateTimeFormat(locale, { timeZone });
  const dateAndTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  return {
    locale,
    timeZone,
    money({ amount, currencyCode }) {
      let format = moneyFormats.get(currencyCode);
      if (!format) {
        format = moneyFormat(locale, currencyCode);
        moneyFormats.set(currencyCode, format);
      }
      return format.format(amount as Intl.StringNumericLiteral);
    },
    chatTime(iso, now = Date.now()) {
      const date = validDate(iso);
      if (!date) return '';
      // Elapsed time decides, not the calendar day in the zone.
      return now - date.getTime() < RECENT_MESSAGE_MS ? clock.format(date) : day.format(date);
    },
    dateTime(iso) {
      const date = validDate(iso);
      return date ? dateAndTime.format(date) : '';
    },
    longDate(iso) {
      const date = validDate(iso);
      return date ? longDay.format(date) : '';
    },
  };
}

// One Formats per language and zone in use: the same object each time, so that a screen re-renders only when they
// change.
const made = new Map<string, Formats>();

/** How a viewer with these preferences sees money and time; without them (nobody logged in), English and UTC. */
export function formatsFor(preferences?: Partial<FormatPreferences> | null): Formats {
  const locale = knownLocale(preferences?.language) ?? DEFAULT_LANGUAGE;
  const timeZone = knownTimeZone(preferences?.timezone) ?? DEFAULT_TIME_ZONE;
  const key = `${locale} ${timeZone}`;
  let formats = made.get(key);
  if (!formats) {
    formats = createFormats(locale, timeZone);
    made.set(key, formats);
  }
  return formats;
}

/** The chat sidebar's preview: at most 30 characters, then '...' (spec §9); a space where it is cut is dropped. */
export const PREVIEW_LENGTH = 30;
export function previewOf(text: string | null | undefined): string {
  if (!text) return 'No messages yet';
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH).trimEnd()}...` : text;
}
