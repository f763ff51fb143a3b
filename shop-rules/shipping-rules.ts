// Shipping (issue 35): the methods admins manage (Standard, Express, Pick-up…), each with rates by destination
// country, free from an order value; what a method costs an order going to a country, or why it cannot take it. The
// REST service checks and prices with these, the graph and the web show the same words.
import { COUNTRY_CODES, countryName } from './address-rules.js';
import { dollarsToCents, formatCents } from './money.js';
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';

export const MAX_METHOD_NAME_LENGTH = 60;
export const MAX_METHOD_DESCRIPTION_LENGTH = 200;
export const MAX_DELIVERY_DAYS = 90;
export const MAX_RATES = 50;
/** A rate's price at most: shipping that costs more is a typo. */
export const MAX_SHIPPING_PRICE_CENTS = 1_000_000;
const COUNTRIES = new Set(COUNTRY_CODES);

/** A rate as sent: the countries it serves, its price, and the order value from which it is free (dollars). */
export interface RateForm {
  countries: readonly string[];
  price: number;
  freeFrom?: number | null | undefined;
}

export interface ShippingMethodForm {
  name: string;
  description?: string | null | undefined;
  minDays: number;
  maxDays: number;
  active?: boolean | undefined;
  rates: readonly RateForm[];
}

export interface ValidRate {
  /** Upper-case, each once, in the order given. */
  countries: string[];
  priceCents: number;
  freeFromCents: number | null;
}

export interface ValidShippingMethod {
  name: string;
  description: string | null;
  minDays: number;
  maxDays: number;
  active: boolean;
  rates: ValidRate[];
}

export const SHIPPING_METHOD_NAME_TAKEN = (name: string) => `A shipping method named ${name} exists already`;
export const SHIPPING_METHOD_REQUIRED = 'Choose a shipping method';
export const SHIPPING_METHOD_GONE = 'This shipping method is no longer offered: choose another';
export const doesNotShipTo = (method: string, country: string) => `${method} does not ship to ${countryName(country)}`;

const wholeDays = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_DELIVERY_DAYS;

/** The method as kept, or every rule it breaks (each named by its field: `rates[1].price`). */
export function checkShippingMethod(form: ShippingMethodForm): ValidShippingMethod | RuleViolation<string>[] {
  const problems: RuleViolation<string>[] = [];
  const name = (form.name ?? '').trim();
  if (!name) problems.push({ message: 'Name is required', field: 'name' });
  else if (name.length > MAX_METHOD_NAME_LENGTH)
    problems.push({ message: `Name must be at most ${MAX_METHOD_NAME_LENGTH} characters long`, field: 'name' });
  else if (!isSingleLine(name)) problems.push({ message: notSingleLine('Name'), field: 'name' });
  const description = (form.description ?? '').trim() || null;
  if (description && description.length > MAX_METHOD_DESCRIPTION_LENGTH)
    problems.push({
      message: `Description must be at most ${MAX_METHOD_DESCRIPTION_LENGTH} characters long`,
      field: 'description',
    });
  if (!wholeDays(form.minDays))
    problems.push({ message: `Delivery days must be whole numbers from 0 to ${MAX_DELIVERY_DAYS}`, field: 'minDays' });
  else if (!wholeDays(form.maxDays))
    problems.push({ message: `Delivery days must be whole numbers from 0 to ${MAX_DELIVERY_DAYS}`, field: 'maxDays' });
  else if (form.maxDays < form.minDays)
    problems.push({ message: 'The longest delivery cannot be shorter than the shortest', field: 'maxDays' });
  const rates: ValidRate[] = [];
  if (!Array.isArray(form.rates) || form.rates.length === 0)
    problems.push({ message: 'A shipping method needs a rate for at least one country', field: 'rates' });
  else if (form.rates.length > MAX_RATES)
    problems.push({ message: `A shipping method can have at most ${MAX_RATES} rates`, field: 'rates' });
  else {
    const seen = new Map<string, number>();
    form.rates.forEach((rate, index) => {
      const field = (part: string) => `rates[${index}].${part}`;
      const given: readonly string[] = rate.countries ?? [];
      const countries = [...new Set(given.map((code) => String(code).trim().toUpperCase()))];
      if (countries.length === 0)
        problems.push({ message: 'A rate needs at least one country', field: field('countries') });
      const unknown = countries.find((code) => !COUNTRIES.has(code));
      if (unknown !== undefined)
        problems.push({
          message: `${unknown} is not a country’s two-letter code (ISO 3166), such as DE or US`,
          field: field('countries'),
        });
      const twice = countries.find((code) => seen.has(code));
      if (twice !== undefined)
        problems.push({
          message: `${countryName(twice)} has a rate already: a country can have one rate in a method`,
          field: field('countries'),
        });
      for (const code of countries) seen.set(code, index);
      const priceCents = dollarsToCents(rate.price);
      if (priceCents === undefined || priceCents > MAX_SHIPPING_PRICE_CENTS)
        problems.push({
          message: `Price must be from 0 to ${formatCents(MAX_SHIPPING_PRICE_CENTS)} in whole cents`,
          field: field('price'),
        });
      let freeFromCents: number | null = null;
      if (rate.freeFrom !== null && rate.freeFrom !== undefined) {
        const cents = dollarsToCents(rate.freeFrom);
        if (cents === undefined || cents === 0)
          problems.push({
            message: 'Free from must be an order value over 0 in whole cents, or none',
            field: field('freeFrom'),
          });
        else freeFromCents = cents;
      }
      rates.push({ countries, priceCents: priceCents ?? 0, freeFromCents });
    });
  }
  if (problems.length > 0) return problems;
  return { name, description, minDays: form.minDays, maxDays: form.maxDays, active: form.active ?? true, rates };
}

/** What a method is to an order: the price for it, or why it cannot take it. */
export type ShippingQuote = { available: true; priceCents: number } | { available: false; reason: string };

/** What `method` costs an order worth `subtotalCents` going to `country` (free from its rate's amount on). */
export function quoteShipping(
  method: Pick<ValidShippingMethod, 'name' | 'rates'>,
  country: string,
  subtotalCents: number,
): ShippingQuote {
  const rate = method.rates.find((candidate) => candidate.countries.includes(country));
  if (!rate) return { available: false, reason: doesNotShipTo(method.name, country) };
  const free = rate.freeFromCents !== null && subtotalCents >= rate.freeFromCents;
  return { available: true, priceCents: free ? 0 : rate.priceCents };
}

/** "Same day", "1 business day", "2–4 business days": how long a method takes, as checkout and e-mails say it. */
export function deliveryEstimate(minDays: number, maxDays: number): string {
  if (maxDays === 0) return 'Same day';
  const days = (count: number) => `${count} business ${count === 1 ? 'day' : 'days'}`;
  // A range reads in the plural whatever its end: "0–1 business days".
  return minDays === maxDays ? days(maxDays) : `${minDays}–${maxDays} business days`;
}
