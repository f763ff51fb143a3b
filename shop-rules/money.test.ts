// Money: integer cents inside, dollars on the wire; only amounts exact in cents become cents.
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  decimalToCents,
  dollarsToCents,
  formatCents,
  lineSubtotal,
  moneyFormat,
  nearestCents,
  sumOfAmounts,
} from './money.js';

describe('dollarsToCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [0.1, 10],
    [0.01, 1],
    [19.99, 1999],
    // 0.29 * 100 is 28.999999999999996: rounded, not cut.
    [0.29, 29],
    [1.15, 115],
    [1_000_000, 100_000_000],
    [1_000_000.99, 100_000_099],
  ])('turns %d dollars into %d cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    { why: 'a negative amount', dollars: -1 },
    { why: 'a negative cent', dollars: -0.01 },
    { why: 'three decimals', dollars: 1.005 },
    { why: 'a tenth of a cent', dollars: 0.001 },
    { why: 'a sum not exact in cents', dollars: 0.1 + 0.2 },
    { why: 'NaN', dollars: Number.NaN },
    { why: 'Infinity', dollars: Number.POSITIVE_INFINITY },
    { why: '-Infinity', dollars: Number.NEGATIVE_INFINITY },
    // String(1e21) is "1e+21".
    { why: 'an amount written with an exponent', dollars: 1e21 },
    { why: 'a tiny amount written with an exponent', dollars: 1e-7 },
  ])('refuses $why', ({ dollars }) => {
    expect(dollarsToCents(dollars)).toBeUndefined();
  });
});

describe('centsToDollars', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [1250, 12.5],
    [1999, 19.99],
    [100_000_000, 1_000_000],
  ])('turns %d cents into %d dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it.each([0, 1, 29, 115, 1999, 123_456_789])('round-trips %d cents through dollars', (cents) => {
    expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe('nearestCents', () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    // Another implementation's subtotal: 3 × 19.99 is 59.97000000000001 in floating point.
    [3 * 19.99, 5997],
    [0.004, 0],
    [0.006, 1],
    // 1.005 is 1.00499999999999989… as a double: the nearest cent is below.
    [1.005, 100],
  ])('rounds %d dollars to %d cents', (dollars, cents) => {
    expect(nearestCents(dollars)).toBe(cents);
  });
});

describe('lineSubtotal and sumOfAmounts', () => {
  it.each([
    { price: 19.99, quantity: 3, subtotal: 59.97 },
    { price: 0.1, quantity: 3, subtotal: 0.3 },
    { price: 5.99, quantity: 0, subtotal: 0 },
  ])('$price × $quantity is $subtotal', ({ price, quantity, subtotal }) => {
    expect(lineSubtotal(price, quantity)).toBe(subtotal);
  });

  it.each([
    { amounts: [0.1, 0.2], sum: 0.3 },
    { amounts: [59.97, 0.3], sum: 60.27 },
    { amounts: [], sum: 0 },
  ])('$amounts add up to $sum', ({ amounts, sum }) => {
    expect(sumOfAmounts(amounts)).toBe(sum);
  });
});

describe('decimalToCents', () => {
  it.each([
    ['0', 0],
    ['19.98', 1998],
    ['12.5', 1250],
    ['7', 700],
    ['0.29', 29],
    ['19.980', 1998],
    ['007.50', 750],
    ['1000000.00', 100_000_000],
    ['21999999.78', 2_199_999_978],
  ])('turns "%s" into %d cents, without a float on the way', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each([
    ['a negative amount', '-0.01'],
    ['a fraction of a cent', '19.985'],
    ['an exponent', '1e3'],
    ['grouping', '1,000.00'],
    ['blanks around it', ' 1.00'],
    ['a point without digits after it', '1.'],
    ['a point without digits before it', '.5'],
    ['nothing', ''],
    ['an amount beyond what a double holds exactly in cents', '99999999999999999.99'],
    ['more than 40 characters', `1.${'0'.repeat(39)}`],
  ])('refuses %s', (_why, text) => {
    expect(decimalToCents(text)).toBeUndefined();
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1998, '$19.98'],
    [100_099, '$1,000.99'],
    [1_000_000_000, '$10,000,000.00'],
    [2_199_999_978, '$21,999,999.78'],
  ])('writes %d cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('moneyFormat: an amount as the reader’s language writes it, with the currency’s narrow symbol', () => {
  const NBSP = '\u00a0';
  it.each([
    ['en', 'USD', '$1,234.50'],
    ['en-GB', 'USD', '$1,234.50'],
    ['en-AU', 'USD', '$1,234.50'],
    ['en-CA', 'USD', '$1,234.50'],
    ['de', 'USD', `1.234,50${NBSP}$`],
    ['fr-CA', 'USD', `1${NBSP}234,50${NBSP}$`],
    ['en-GB', 'EUR', '€1,234.50'],
    ['fr', 'GBP', `1${'\u202f'}234,50${NBSP}£`],
  ])('%s, %s: %s', (locale, currency, text) => {
    expect(moneyFormat(locale, currency).format(1234.5)).toBe(text);
  });
});
