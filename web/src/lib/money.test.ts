import { describe, expect, it } from 'vitest';
import { isMoney, moneyOf, sameMoney, sumOf, timesQuantity } from './money';

const usd = (minorUnits: number) => moneyOf(minorUnits, 'USD');

describe('money in minor units', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [123456789, '1234567.89'],
    [-320, '-3.20'],
  ])('writes %i hundredths as the gateway does: %s', (minorUnits, amount) => {
    expect(usd(minorUnits)).toEqual({ __typename: 'Money', amount, currencyCode: 'USD', minorUnits });
  });

  it('multiplies and sums exactly, in the currency it is given', () => {
    expect(timesQuantity(usd(1099), 3)).toEqual(usd(3297));
    expect(sumOf([usd(10), usd(20)], 'USD')).toEqual({
      __typename: 'Money',
      amount: '0.30',
      currencyCode: 'USD',
      minorUnits: 30,
    });
    expect(sumOf([], 'EUR')).toEqual({ __typename: 'Money', amount: '0.00', currencyCode: 'EUR', minorUnits: 0 });
    expect(timesQuantity(moneyOf(250, 'EUR'), 2).currencyCode).toBe('EUR');
  });

  it('compares amounts and their currencies', () => {
    expect(sameMoney(usd(599), { amount: '5.99', currencyCode: 'USD', minorUnits: 599 })).toBe(true);
    expect(sameMoney(usd(599), usd(649))).toBe(false);
    expect(sameMoney(usd(599), moneyOf(599, 'EUR'))).toBe(false);
  });

  it('tells a whole Money from what a cache read may give', () => {
    expect(isMoney(usd(1))).toBe(true);
    expect([undefined, null, 12.5, { amount: '12.50', minorUnits: 1250 }].some(isMoney)).toBe(false);
  });
});
