import { describe, expect, it } from 'vitest';
import { offeredLanguageFor, preferencesFromBrowser } from './languages';

describe('the offered language that fits a browser’s languages', () => {
  it.each([
    { browser: ['en-GB', 'en'], offered: 'en-GB' },
    { browser: ['de-AT', 'de', 'en'], offered: 'de-AT' },
    // In any case, as browsers and people write them.
    { browser: ['en-gb'], offered: 'en-GB' },
    // A region the list lacks: the language alone, before a language further down the browser's list.
    { browser: ['de-LU', 'en-GB'], offered: 'de' },
    { browser: ['fr-LU'], offered: 'fr' },
    // A language the list lacks: the next one the browser names.
    { browser: ['ja-JP', 'ja', 'pt-BR'], offered: 'pt-BR' },
    { browser: ['ja', 'zh-CN'], offered: undefined },
    { browser: [], offered: undefined },
  ])('$browser → $offered', ({ browser, offered }) => {
    expect(offeredLanguageFor(browser)).toBe(offered);
  });
});

describe('the preferences a new account starts with', () => {
  it.each([
    { browser: ['de-AT', 'de'], zone: 'Europe/Vienna', preferences: { language: 'de-AT', timezone: 'Europe/Vienna' } },
    { browser: ['en-GB'], zone: 'UTC', preferences: { language: 'en-GB' } },
    { browser: ['en'], zone: 'Asia/Tokyo', preferences: { timezone: 'Asia/Tokyo' } },
    // What the shop starts with anyway: nothing to save.
    { browser: ['en'], zone: 'UTC', preferences: null },
    { browser: ['ja'], zone: undefined, preferences: null },
  ])('$browser in $zone → $preferences', ({ browser, zone, preferences }) => {
    expect(preferencesFromBrowser(browser, zone)).toEqual(preferences);
  });
});
