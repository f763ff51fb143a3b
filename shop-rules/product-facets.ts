// The listing's facets (issue 34): the counts beside each way of narrowing a list (a category one level down, a price
// band, "in stock"), shared by the REST service (which counts), the gateway and the web app (which shows each band by
// its words and narrows the list to it through the spec's own price bounds, `minPrice` and `maxPrice`).
export interface PriceBand {
  /** The lowest price in the band, in cents. */
  minCents: number;
  /** The highest price in the band, in cents; null: no upper end. */
  maxCents: number | null;
}

/**
 * The bands a listing's prices are counted in: fixed, so a shopper finds the same ones on every page and a shared
 * link means the same thing tomorrow. Each is a whole price range (the next starts a cent above its end).
 */
export const PRICE_BANDS: readonly PriceBand[] = [
  { minCents: 0, maxCents: 999 },
  { minCents: 1000, maxCents: 2499 },
  { minCents: 2500, maxCents: 4999 },
  { minCents: 5000, maxCents: 9999 },
  { minCents: 10000, maxCents: null },
];

/** The units in stock that "in stock" means: at least one (the filter's `minQuantity`). */
export const IN_STOCK_MIN_QUANTITY = 1;

/**
 * A band as a shopper reads it, its amounts written by `money` (the reader's way of writing the shop's currency):
 * "Under $10.00", "$10.00 – $24.99", "$100.00 and over".
 */
export function priceBandLabel(band: PriceBand, money: (cents: number) => string): string {
  if (band.minCents === 0 && band.maxCents !== null) return `Under ${money(band.maxCents + 1)}`;
  if (band.maxCents === null) return `${money(band.minCents)} and over`;
  return `${money(band.minCents)} – ${money(band.maxCents)}`;
}
