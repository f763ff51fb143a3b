// Tax: the rate each line is taxed at, and an order's tax grouped by rate, exact to the cent with prices with or
// without tax.
import { describe, expect, it } from 'vitest';
import {
  TAX_RATE_TAKEN,
  checkTaxRate,
  lineRate,
  linesSubtotalCents,
  orderTax,
  percentText,
  taxIn,
  taxLineLabel,
  withAncestors,
} from './tax-rules.js';

// Germany: 19 %, 7 % for category 3 (medical goods) and what is under it; Austria: 20 %.
const rates = [
  { country: 'DE', categoryId: null, basisPoints: 1900 },
  { country: 'DE', categoryId: 3, basisPoints: 700 },
  { country: 'DE', categoryId: 8, basisPoints: 1000 },
  { country: 'AT', categoryId: null, basisPoints: 2000 },
];

describe('tax rules', () => {
  it('taxes a line at the lowest rate of its categories (or those above them), else the country’s, else none', () => {
    expect(lineRate(rates, 'DE', [])).toBe(1900);
    // Category 5 lies under 3: its path holds both.
    expect(lineRate(rates, 'DE', [5, 3])).toBe(700);
    expect(lineRate(rates, 'DE', [8, 3])).toBe(700);
    expect(lineRate(rates, 'DE', [8])).toBe(1000);
    expect(lineRate(rates, 'AT', [3])).toBe(2000);
    expect(lineRate(rates, 'US', [3])).toBe(0);
  });

  it('looks for a category’s rate in the categories above a product’s too', () => {
    // 3 ⊃ 5 ⊃ 9; 8 at the top.
    const tree = [
      { id: 3, parentId: null },
      { id: 5, parentId: 3 },
      { id: 9, parentId: 5 },
      { id: 8, parentId: null },
    ];
    expect(withAncestors(tree, [9, 8]).sort((a, b) => a - b)).toEqual([3, 5, 8, 9]);
    expect(lineRate(rates, 'DE', withAncestors(tree, [9]))).toBe(700);
    expect(withAncestors(tree, [])).toEqual([]);
    expect(TAX_RATE_TAKEN('DE', null)).toBe('Germany has a standard rate already');
    expect(TAX_RATE_TAKEN('DE', 'Medicines')).toBe('Germany has a rate for Medicines already');
  });

  it('names a rate’s line as added or included, and finds the lines’ subtotal from a total either way', () => {
    expect([taxLineLabel(1900, false), taxLineLabel(750, true)]).toEqual(['Tax, 19 %', 'Tax included, 7.5 %']);
    const order = { totalCents: 4414, shippingCents: 595, taxCents: 489 };
    expect(linesSubtotalCents({ ...order, pricesIncludeTax: false })).toBe(3330);
    expect(linesSubtotalCents({ ...order, totalCents: 3925, pricesIncludeTax: true })).toBe(3330);
  });

  it('finds the tax on top of a net amount, or inside a gross one, half up', () => {
    expect(taxIn(1000, 1900, false)).toBe(190);
    expect(taxIn(1190, 1900, true)).toBe(190);
    // 9.99 at 19 %: 1.8981 → 1.90; inside 9.99: 9.99 − 8.39 (8.3950…) → 1.60.
    expect(taxIn(999, 1900, false)).toBe(190);
    expect(taxIn(999, 1900, true)).toBe(160);
    expect(taxIn(0, 1900, false)).toBe(0);
    // The most an order may cost, at 100 %: exact.
    expect(taxIn(1_000_000_000, 10_000, false)).toBe(1_000_000_000);
  });

  it('groups an order by rate, shipping at the country’s standard rate, each group rounded once', () => {
    const order = {
      lines: [
        { cents: 5, categoryIds: [] },
        { cents: 5, categoryIds: [] },
        { cents: 2000, categoryIds: [5, 3] },
      ],
      shippingCents: 490,
      country: 'DE',
      rates,
    };
    // 19 % of 4.90 + 0.10 = 5.00 is 0.95 (line by line, 0.01 + 0.01 + 0.93 = 0.95 here too); 7 % of 20.00 is 1.40.
    expect(orderTax({ ...order, pricesIncludeTax: false })).toEqual({
      taxCents: 235,
      groups: [
        { basisPoints: 1900, amountCents: 500, taxCents: 95 },
        { basisPoints: 700, amountCents: 2000, taxCents: 140 },
      ],
      totalCents: 2735,
    });
    // With tax in the prices: the total is what the prices say, the tax inside it.
    expect(orderTax({ ...order, pricesIncludeTax: true })).toEqual({
      taxCents: 80 + 131,
      groups: [
        { basisPoints: 1900, amountCents: 500, taxCents: 80 },
        { basisPoints: 700, amountCents: 2000, taxCents: 131 },
      ],
      totalCents: 2500,
    });
    // No rate for the country: no tax, no group.
    expect(orderTax({ ...order, country: 'US', pricesIncludeTax: false })).toEqual({
      taxCents: 0,
      groups: [],
      totalCents: 2500,
    });
  });

  it('keeps a rate as basis points, and answers every rule broken at once', () => {
    expect(checkTaxRate({ country: ' de ', rate: 7.5, categoryId: 3 })).toEqual({
      country: 'DE',
      categoryId: 3,
      basisPoints: 750,
    });
    expect(checkTaxRate({ country: 'XX', rate: 19.125 })).toEqual([
      { message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US', field: 'country' },
      { message: 'Rate must be a percentage from 0 to 100, with at most two decimals', field: 'rate' },
    ]);
    expect(checkTaxRate({ country: 'DE', rate: 101 })).toEqual([
      { message: 'Rate must be a percentage from 0 to 100, with at most two decimals', field: 'rate' },
    ]);
    expect([percentText(1900), percentText(750), percentText(0)]).toEqual(['19 %', '7.5 %', '0 %']);
  });
});
