// Shipping methods: what a method costs an order going to a country, exact to the cent, free from its amount on.
import { describe, expect, it } from 'vitest';
import { checkShippingMethod, deliveryEstimate, quoteShipping } from './shipping-rules.js';

const standard = {
  name: 'Standard',
  rates: [
    { countries: ['DE', 'AT'], priceCents: 490, freeFromCents: 5000 },
    { countries: ['US'], priceCents: 1200, freeFromCents: null },
  ],
};

describe('shipping rules', () => {
  it('prices a method for a country by its rate, free from the rate’s amount on (that amount included)', () => {
    expect(quoteShipping(standard, 'AT', 4999)).toEqual({ available: true, priceCents: 490 });
    expect(quoteShipping(standard, 'AT', 5000)).toEqual({ available: true, priceCents: 0 });
    expect(quoteShipping(standard, 'US', 1_000_000)).toEqual({ available: true, priceCents: 1200 });
    expect(quoteShipping(standard, 'LV', 100)).toEqual({
      available: false,
      reason: 'Standard does not ship to Latvia',
    });
  });

  it('says how long a method takes in words', () => {
    expect([deliveryEstimate(0, 0), deliveryEstimate(1, 1), deliveryEstimate(0, 1), deliveryEstimate(2, 4)]).toEqual([
      'Same day',
      '1 business day',
      '0–1 business days',
      '2–4 business days',
    ]);
  });

  it('keeps a method’s countries upper-case and once, its amounts in cents, and answers every rule broken at once', () => {
    expect(
      checkShippingMethod({
        name: ' Express ',
        minDays: 1,
        maxDays: 2,
        rates: [{ countries: ['de', ' DE', 'at'], price: 14.9, freeFrom: 100 }],
      }),
    ).toEqual({
      name: 'Express',
      description: null,
      minDays: 1,
      maxDays: 2,
      active: true,
      rates: [{ countries: ['DE', 'AT'], priceCents: 1490, freeFromCents: 10000 }],
    });
    expect(
      checkShippingMethod({ name: '', minDays: 5, maxDays: 3, rates: [{ countries: ['ZZ'], price: 0.001 }] }),
    ).toEqual([
      { message: 'Name is required', field: 'name' },
      { message: 'The longest delivery cannot be shorter than the shortest', field: 'maxDays' },
      {
        message: 'ZZ is not a country’s two-letter code (ISO 3166), such as DE or US',
        field: 'rates[0].countries',
      },
      { message: 'Price must be from 0 to $10,000.00 in whole cents', field: 'rates[0].price' },
    ]);
  });
});
