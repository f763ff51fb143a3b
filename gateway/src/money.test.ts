// Money as the graph answers it: an exact decimal string, the currency, and minor units, from the wire's dollars; and
// which currencies the shop can be set to.
import { describe, expect, it } from 'vitest';
import { parseCurrency } from '../../config/currency.js';
import { moneyOf } from './money.js';

describe('moneyOf', () => {
  it.each([
    [12.5, { amount: '12.50', currencyCode: 'USD', minorUnits: 1250 }],
    [0, { amount: '0.00', currencyCode: 'USD', minorUnits: 0 }],
    [0.1 + 0.2, { amount: '0.30', currencyCode: 'USD', minorUnits: 30 }],
    [1234567.89, { amount: '1234567.89', currencyCode: 'USD', minorUnits: 123456789 }],
    [0.05, { amount: '0.05', currencyCode: 'USD', minorUnits: 5 }],
    [-3.2, { amount: '-3.20', currencyCode: 'USD', minorUnits: -320 }],
  ])('%s dollars is %o', (dollars, money) => {
    expect(moneyOf(dollars, 'USD')).toEqual(money);
  });
});

describe('SHOP_CURRENCY', () => {
  it('is USD when unset, and any currency of two minor digits, in any case', () => {
    expect(parseCurrency(undefined)).toBe('USD');
    expect(parseCurrency('')).toBe('USD');
    expect(parseCurrency('eur')).toBe('EUR');
    expect(parseCurrency(' GBP ')).toBe('GBP');
  });

  it.each([
    ['DOLLARS', 'SHOP_CURRENCY: "DOLLARS" is not an ISO 4217 currency code; set it to one such as USD, EUR or GBP'],
    ['XYZ', 'SHOP_CURRENCY: "XYZ" is not an ISO 4217 currency code; set it to one such as USD, EUR or GBP'],
    [
      'JPY',
      'SHOP_CURRENCY: JPY has 0 minor digits; the shop keeps amounts in hundredths, so choose a currency with two (USD, EUR, GBP…)',
    ],
    [
      'KWD',
      'SHOP_CURRENCY: KWD has 3 minor digits; the shop keeps amounts in hundredths, so choose a currency with two (USD, EUR, GBP…)',
    ],
  ])('refuses %s in one line', (value, message) => {
    expect(() => parseCurrency(value)).toThrow(message);
  });
});
