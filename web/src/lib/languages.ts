// The languages the shop offers for its `language` preference (how dates and numbers are written), and what a browser
// says of its person: the profile lists them, and a new account starts with the browser's language and time zone.
import { DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE } from './format';

/**
 * The languages offered, each also by region where the regions write dates and numbers differently ('en' writes
 * 11/20/2026 as the US does, 'en-GB' 20/11/2026): any BCP 47 code is valid (shop-rules' LANGUAGE_PATTERN), so a code
 * saved before, or one this list lacks, stays as it is and is offered too.
 */
export const LANGUAGES = [
  'en',
  'en-GB',
  'en-US',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'en-NZ',
  'de',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es',
  'es-ES',
  'es-MX',
  'es-AR',
  'it',
  'it-IT',
  'it-CH',
  'nl',
  'nl-NL',
  'nl-BE',
  'pt',
  'pt-PT',
  'pt-BR',
  'pl',
];

/**
 * The language of the list that best fits a browser's languages (navigator.languages, most wanted first): the first
 * one the list has as it is (in any case: "en-gb" is en-GB), or else by its language alone (de-LU is de); undefined
 * when the list has none of them.
 */
export function offeredLanguageFor(browserLanguages: readonly string[]): string | undefined {
  const offered = new Map(LANGUAGES.map((code) => [code.toLowerCase(), code]));
  for (const wanted of browserLanguages) {
    const code = wanted.toLowerCase();
    const found = offered.get(code) ?? offered.get(code.split('-')[0]!);
    if (found) return found;
  }
  return undefined;
}

/** The time zone a browser reports, as Intl names it ("Etc/UTC" is UTC); undefined when it reports none. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The preferences a new account should start with, from what the browser says: its language (as the list offers it)
 * and its time zone, each only where it differs from the shop's defaults (en, UTC); null when neither does.
 */
export function preferencesFromBrowser(
  browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
  timeZone: string | undefined = browserTimeZone(),
): { language?: string; timezone?: string } | null {
  const language = offeredLanguageFor(browserLanguages);
  const preferences = {
    ...(language && language !== DEFAULT_LANGUAGE ? { language } : {}),
    ...(timeZone && timeZone !== DEFAULT_TIME_ZONE ? { timezone: timeZone } : {}),
  };
  return Object.keys(preferences).length > 0 ? preferences : null;
}
