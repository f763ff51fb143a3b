import { describe, expect, it } from 'vitest';
import { type FormatPreferences, formatsFor, knownLocale, knownTimeZone, previewOf } from './format';

const NOW = Date.parse('2026-11-22T15:00:00.000Z');
// Intl's spaces where they are not plain ones: French groups thousands with a narrow no-break space, and German,
// French and Swiss German put a no-break space between the amount and its currency.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('how the shop writes money and time for the defaults (en, UTC): as it always has', () => {
  const formats = formatsFor({ language: 'en', timezone: 'UTC' });

  it('is the same for no preferences at all (nobody logged in) and for the defaults', () => {
    expect(formatsFor()).toBe(formats);
    expect(formatsFor(null)).toBe(formats);
    expect([formats.locale, formats.timeZone]).toEqual(['en', 'UTC']);
  });

  it('writes money with its currency’s sign and two decimals, from the exact amount', () => {
    const usd = ['0.00', '9.90', '12.50', '1234.00', '0.30', '90071992547409.93'].map((amount) =>
      formats.money({ amount, currencyCode: 'USD' }),
    );
    expect(usd).toEqual(['$0.00', '$9.90', '$12.50', '$1,234.00', '$0.30', '$90,071,992,547,409.93']);
    expect(formats.money({ amount: '12.50', currencyCode: 'EUR' })).toBe('€12.50');
    expect(formats.money({ amount: '12.50', currencyCode: 'GBP' })).toBe('£12.50');
  });

  it('writes a chat time as a clock time under 24 hours old, else as a date', () => {
    expect(formats.chatTime('2026-11-22T09:05:00.000Z', NOW)).toBe('9:05 AM');
    expect(formats.chatTime('2026-11-21T15:00:01.000Z', NOW)).toBe('3:00 PM');
    expect(formats.chatTime('2026-11-21T15:00:00.000Z', NOW)).toBe('11/21/2026');
    expect(formats.chatTime('2026-01-02T10:00:00.000Z', NOW)).toBe('1/2/2026');
    expect(formats.chatTime(null, NOW)).toBe('');
    expect(formats.chatTime('not a date', NOW)).toBe('');
  });

  it('writes an order’s date and time, and a calendar date', () => {
    expect(formats.dateTime('2026-11-22T14:30:00.000Z')).toBe('Nov 22, 2026, 2:30 PM');
    expect(formats.longDate('2026-11-22T14:30:00.000Z')).toBe('November 22, 2026');
    expect(formats.dateTime(null)).toBe('');
    expect(formats.longDate('not a date')).toBe('');
  });
});

describe('times in the viewer’s zone', () => {
  it.each([
    // Clocks go back in New York at 2:00 on November 1: 1:30 comes twice, an hour apart.
    ['America/New_York', '2026-11-01T05:30:00.000Z', 'Nov 1, 2026, 1:30 AM'],
    ['America/New_York', '2026-11-01T06:30:00.000Z', 'Nov 1, 2026, 1:30 AM'],
    // And forward at 2:00 on March 8: a minute after 1:59 is 3:00.
    ['America/New_York', '2026-03-08T06:59:00.000Z', 'Mar 8, 2026, 1:59 AM'],
    ['America/New_York', '2026-03-08T07:00:00.000Z', 'Mar 8, 2026, 3:00 AM'],
    ['America/New_York', '2026-11-22T14:30:00.000Z', 'Nov 22, 2026, 9:30 AM'],
    // Half an hour ahead of the hour, and past midnight into the next day.
    ['Asia/Kolkata', '2026-11-22T14:30:00.000Z', 'Nov 22, 2026, 8:00 PM'],
    ['Asia/Kolkata', '2026-11-22T18:45:00.000Z', 'Nov 23, 2026, 12:15 AM'],
    ['Asia/Tokyo', '2026-11-22T14:30:00.000Z', 'Nov 22, 2026, 11:30 PM'],
    ['UTC', '2026-11-22T14:30:00.000Z', 'Nov 22, 2026, 2:30 PM'],
  ])('%s: %s is %s', (timezone, iso, shown) => {
    expect(formatsFor({ language: 'en', timezone }).dateTime(iso)).toBe(shown);
  });

  it('writes the calendar date of the zone', () => {
    expect(formatsFor({ language: 'en', timezone: 'Asia/Tokyo' }).longDate('2026-11-22T20:00:00.000Z')).toBe(
      'November 23, 2026',
    );
    expect(formatsFor({ language: 'en', timezone: 'America/New_York' }).longDate('2026-11-22T03:00:00.000Z')).toBe(
      'November 21, 2026',
    );
  });

  it('decides a chat time by the time passed, and writes it in the zone', () => {
    const newYork = formatsFor({ language: 'en', timezone: 'America/New_York' });
    expect(newYork.chatTime('2026-11-22T09:05:00.000Z', NOW)).toBe('4:05 AM');
    // 23 hours, 59 minutes and 59 seconds ago is still a clock time, though it was yesterday in the zone.
    expect(newYork.chatTime('2026-11-21T15:00:01.000Z', NOW)).toBe('10:00 AM');
    expect(newYork.chatTime('2026-11-21T15:00:00.000Z', NOW)).toBe('11/21/2026');
    // The date is the zone's: 3:00 UTC on the 21st is the evening of the 20th in New York.
    expect(newYork.chatTime('2026-11-21T03:00:00.000Z', NOW)).toBe('11/20/2026');
    expect(formatsFor({ language: 'en', timezone: 'Asia/Kolkata' }).chatTime('2026-11-22T09:05:00.000Z', NOW)).toBe(
      '2:35 PM',
    );
  });
});

describe('dates and numbers as the viewer’s language writes them', () => {
  const cases: {
    preferences: FormatPreferences;
    money: string;
    dateTime: string;
    longDate: string;
    clock: string;
    day: string;
  }[] = [
    {
      preferences: { language: 'de', timezone: 'Europe/Berlin' },
      money: `1.234,00${NBSP}$`,
      dateTime: '22.11.2026, 15:30',
      longDate: '22. November 2026',
      clock: '10:05',
      day: '21.11.2026',
    },
    {
      preferences: { language: 'fr', timezone: 'Europe/Paris' },
      money: `1${NNBSP}234,00${NBSP}$`,
      dateTime: '22 nov. 2026, 15:30',
      longDate: '22 novembre 2026',
      clock: '10:05',
      day: '21/11/2026',
    },
    {
      preferences: { language: 'de-CH', timezone: 'Europe/Zurich' },
      money: `$${NBSP}1'234.00`,
      dateTime: '22.11.2026, 15:30',
      longDate: '22. November 2026',
      clock: '10:05',
      day: '21.11.2026',
    },
    // Regional variants (the profile offers them): a British shopper reads 21/11/2026, not 11/21/2026, and the shop's
    // one currency with its narrow symbol, as in en: $1,234.00, not US$1,234.00.
    {
      preferences: { language: 'en-GB', timezone: 'Europe/London' },
      money: '$1,234.00',
      dateTime: '22 Nov 2026, 14:30',
      longDate: '22 November 2026',
      clock: '9:05',
      day: '21/11/2026',
    },
    {
      preferences: { language: 'de-AT', timezone: 'Europe/Vienna' },
      money: `$${NBSP}1.234,00`,
      dateTime: '22.11.2026, 15:30',
      longDate: '22. November 2026',
      clock: '10:05',
      day: '21.11.2026',
    },
    {
      preferences: { language: 'fr-CA', timezone: 'America/Toronto' },
      money: `1${NBSP}234,00${NBSP}$`,
      dateTime: '22 nov. 2026, 09 h 30',
      longDate: '22 novembre 2026',
      clock: '4 h 05',
      day: '2026-11-21',
    },
    {
      preferences: { language: 'en', timezone: 'Europe/Berlin' },
      money: '$1,234.00',
      dateTime: 'Nov 22, 2026, 3:30 PM',
      longDate: 'November 22, 2026',
      clock: '10:05 AM',
      day: '11/21/2026',
    },
  ];

  it.each(cases)(
    '$preferences.language in $preferences.timezone',
    ({ preferences, money, dateTime, longDate, clock, day }) => {
      const formats = formatsFor(preferences);
      expect([formats.locale, formats.timeZone]).toEqual([preferences.language, preferences.timezone]);
      expect(formats.money({ amount: '1234.00', currencyCode: 'USD' })).toBe(money);
      expect(formats.dateTime('2026-11-22T14:30:00.000Z')).toBe(dateTime);
      expect(formats.longDate('2026-11-22T14:30:00.000Z')).toBe(longDate);
      expect(formats.chatTime('2026-11-22T09:05:00.000Z', NOW)).toBe(clock);
      expect(formats.chatTime('2026-11-21T15:00:00.000Z', NOW)).toBe(day);
    },
  );

  it('keeps the graph’s currency, whatever the language', () => {
    expect(formatsFor({ language: 'de', timezone: 'UTC' }).money({ amount: '12.50', currencyCode: 'EUR' })).toBe(
      `12,50${NBSP}€`,
    );
    expect(formatsFor({ language: 'fr', timezone: 'UTC' }).money({ amount: '0.30', currencyCode: 'GBP' })).toBe(
      `0,30${NBSP}£`,
    );
  });

  it.each([
    ['en-GB', '$12.50'],
    ['en-AU', '$12.50'],
    ['en-CA', '$12.50'],
    ['en-IN', '$12.50'],
    ['en-NZ', '$12.50'],
    ['en-IE', '$12.50'],
    ['en-US', '$12.50'],
  ])('writes dollars as $ in %s too (the narrow symbol), not as US$', (language, shown) => {
    expect(formatsFor({ language, timezone: 'UTC' }).money({ amount: '12.50', currencyCode: 'USD' })).toBe(shown);
  });
});

describe('what Intl does not know', () => {
  it.each([
    {
      why: 'a zone nobody has',
      preferences: { language: 'de', timezone: 'Mars/Olympus' },
      locale: 'de',
      timeZone: 'UTC',
      dateTime: '22.11.2026, 14:30',
    },
    {
      why: 'an empty zone',
      preferences: { language: 'en', timezone: '' },
      locale: 'en',
      timeZone: 'UTC',
      dateTime: 'Nov 22, 2026, 2:30 PM',
    },
    {
      why: 'a language Intl has no data for',
      preferences: { language: 'zz', timezone: 'Asia/Tokyo' },
      locale: 'en',
      timeZone: 'Asia/Tokyo',
      dateTime: 'Nov 22, 2026, 11:30 PM',
    },
    {
      why: 'no language code at all',
      preferences: { language: 'not a code!', timezone: 'UTC' },
      locale: 'en',
      timeZone: 'UTC',
      dateTime: 'Nov 22, 2026, 2:30 PM',
    },
    {
      why: 'neither',
      preferences: { language: '', timezone: 'Nowhere' },
      locale: 'en',
      timeZone: 'UTC',
      dateTime: 'Nov 22, 2026, 2:30 PM',
    },
  ])('$why: falls back to English or UTC', ({ preferences, locale, timeZone, dateTime }) => {
    const formats = formatsFor(preferences);
    expect([formats.locale, formats.timeZone]).toEqual([locale, timeZone]);
    expect(formats.dateTime('2026-11-22T14:30:00.000Z')).toBe(dateTime);
  });

  it('answers which languages and zones it knows, as they were given', () => {
    expect([
      knownLocale('de-CH'),
      knownLocale('en'),
      knownLocale('zz'),
      knownLocale('not a code!'),
      knownLocale(''),
    ]).toEqual(['de-CH', 'en', undefined, undefined, undefined]);
    expect([
      knownTimeZone('America/Argentina/ComodRivadavia'),
      knownTimeZone('Mars/Olympus'),
      knownTimeZone(null),
    ]).toEqual(['America/Argentina/ComodRivadavia', undefined, undefined]);
  });
});

describe('the chat sidebar’s preview', () => {
  it('cuts the last message at 30 characters with ..., and says when there is none', () => {
    expect(previewOf('Exactly thirty characters ok!!')).toBe('Exactly thirty characters ok!!');
    expect(previewOf('Thirty-one characters are cut!!')).toBe('Thirty-one characters are cut!...');
    expect(previewOf('A cut that falls on a space is tidy')).toBe('A cut that falls on a space is...');
    expect(previewOf(null)).toBe('No messages yet');
    expect(previewOf('')).toBe('No messages yet');
  });
});
