// Tax (issue 35, item 3; the rules first, the REST service, graph and screens to follow): rates by destination country,
// and a reduced rate for a category (and the categories under it) where a country taxes medical goods less; prices
// entered and shown with tax or without it, as the shop is set. An order's tax is computed once, by these rules, exact
// to the cent: its amounts are grouped by rate (shipping at the country's standard rate), each group's tax rounded
// half up, as an invoice states tax by rate.
import { COUNTRY_CODES, countryName } from './address-rules.js';
import { type CategoryNode, ancestorsOf } from './category-rules.js';
import type { RuleViolation } from './rule-violation.js';

/** A rate in basis points: 1900 is 19 %. */
export const BASIS_POINTS_PER_UNIT = 10_000;
export const INVALID_TAX_RATE = 'Rate must be a percentage from 0 to 100, with at most two decimals';
const COUNTRIES = new Set(COUNTRY_CODES);

/** A rate as an admin sets it: a country's standard rate (no category), or its rate for one category. */
export interface TaxRateForm {
  country: string;
  categoryId?: number | null | undefined;
  /** Percent: 19, 7.5. */
  rate: number;
}

export interface ValidTaxRate {
  country: string;
  categoryId: number | null;
  basisPoints: number;
}

export const TAX_RATE_TAKEN = (country: string, categoryName: string | null): string =>
  categoryName === null
    ? `${countryName(country)} has a standard rate already`
    : `${countryName(country)} has a rate for ${categoryName} already`;
/** An order without a country where the shop taxes some: it could not be taxed. */
export const TAX_COUNTRY_REQUIRED = 'Say which country the order ships to: the shop taxes orders by where they go';

/** The rate as kept, or every rule it breaks. */
export function checkTaxRate(form: TaxRateForm): ValidTaxRate | RuleViolation<string>[] {
  const problems: RuleViolation<string>[] = [];
  const country = (form.country ?? '').trim().toUpperCase();
  if (!COUNTRIES.has(country))
    problems.push({
      message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
      field: 'country',
    });
  const basisPoints = Math.round(form.rate * 100);
  if (!Number.isFinite(form.rate) || form.rate < 0 || form.rate > 100 || !/^\d+(\.\d{1,2})?$/.test(String(form.rate)))
    problems.push({ message: INVALID_TAX_RATE, field: 'rate' });
  const categoryId = form.categoryId ?? null;
  if (categoryId !== null && !(Number.isInteger(categoryId) && categoryId > 0))
    problems.push({ message: 'Category not found', field: 'categoryId' });
  return problems.length > 0 ? problems : { country, categoryId, basisPoints };
}

/**
 * The rate a line going to `country` is taxed at: the lowest of the country's rates for the product's categories and
 * the categories above them (`categoryIds`: each with its ancestors), else the country's standard rate, else none (0).
 */
export function lineRate(rates: readonly ValidTaxRate[], country: string, categoryIds: readonly number[]): number {
  let standard = 0;
  let reduced: number | undefined;
  for (const rate of rates) {
    if (rate.country !== country) continue;
    if (rate.categoryId === null) standard = rate.basisPoints;
    else if (categoryIds.includes(rate.categoryId)) reduced = Math.min(reduced ?? rate.basisPoints, rate.basisPoints);
  }
  return reduced ?? standard;
}

/** A product's categories and every category above them: what `lineRate` looks for a category's rate in. */
export function withAncestors(tree: readonly CategoryNode[], categoryIds: readonly number[]): number[] {
  const ids = new Set(categoryIds);
  for (const id of categoryIds) for (const ancestor of ancestorsOf(tree, id)) ids.add(ancestor.id);
  return [...ids];
}

/**
 * The tax in an amount of cents at a rate: on top of it (prices without tax), or the part of it that is tax (prices
 * with tax); half up, exact (no float beyond what a double holds: at most 10¹³ here).
 */
export function taxIn(cents: number, basisPoints: number, pricesIncludeTax: boolean): number {
  if (pricesIncludeTax)
    return cents - Math.round((cents * BASIS_POINTS_PER_UNIT) / (BASIS_POINTS_PER_UNIT + basisPoints));
  return Math.round((cents * basisPoints) / BASIS_POINTS_PER_UNIT);
}

/** One rate's share of an order: what is taxed at it, and its tax. */
export interface TaxGroup {
  basisPoints: number;
  amountCents: number;
  taxCents: number;
}

export interface OrderTax {
  /** The order's tax, the groups' together. */
  taxCents: number;
  /** By rate, the highest first; a rate of 0 is left out. */
  groups: TaxGroup[];
  /** What the order costs: the lines and shipping, and the tax on top where prices are without it. */
  totalCents: number;
}

/**
 * An order's tax: each line at its rate (`lineRate`), shipping at the country's standard rate, grouped by rate and each
 * group rounded once.
 */
export function orderTax(order: {
  lines: readonly { cents: number; categoryIds: readonly number[] }[];
  shippingCents: number;
  country: string;
  rates: readonly ValidTaxRate[];
  pricesIncludeTax: boolean;
}): OrderTax {
  const byRate = new Map<number, number>();
  const add = (basisPoints: number, cents: number) => byRate.set(basisPoints, (byRate.get(basisPoints) ?? 0) + cents);
  for (const line of order.lines) add(lineRate(order.rates, order.country, line.categoryIds), line.cents);
  if (order.shippingCents > 0) add(lineRate(order.rates, order.country, []), order.shippingCents);
  const groups = [...byRate]
    .filter(([basisPoints]) => basisPoints > 0)
    .sort(([a], [b]) => b - a)
    .map(([basisPoints, amountCents]) => ({
      basisPoints,
      amountCents,
      taxCents: taxIn(amountCents, basisPoints, order.pricesIncludeTax),
    }));
  const taxCents = groups.reduce((sum, group) => sum + group.taxCents, 0);
  const goods = order.lines.reduce((sum, line) => sum + line.cents, 0) + order.shippingCents;
  return { taxCents, groups, totalCents: order.pricesIncludeTax ? goods : goods + taxCents };
}

/** "19 %", "7.5 %": a rate as the shop writes it. */
export const percentText = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** A rate's line under an order's subtotal: "Tax, 19 %" (added on top) or "Tax included, 19 %" (within the prices). */
export const taxLineLabel = (basisPoints: number, pricesIncludeTax: boolean): string =>
  `${pricesIncludeTax ? 'Tax included' : 'Tax'}, ${percentText(basisPoints)}`;

/** What an order's lines cost, from its total: less shipping, and less the tax where it was added on top. */
export const linesSubtotalCents = (order: {
  totalCents: number;
  shippingCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
}): number => order.totalCents - order.shippingCents - (order.pricesIncludeTax ? 0 : order.taxCents);
