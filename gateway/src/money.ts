// Money as client developers know it (Shopify's MoneyV2, Saleor's Money): an exact decimal amount, its ISO 4217
// currency, and the same amount in the currency's minor unit. The shop keeps amounts in hundredths (integer cents
// inside the REST service, dollars with two decimals on the wire), so its currency must have two minor digits.
import { nearestCents } from '../../shop-rules/money.js';

export interface Money {
  amount: string;
  currencyCode: string;
  minorUnits: number;
}

/** An amount of the wire (12.5) in the shop's currency: { amount: "12.50", currencyCode: "USD", minorUnits: 1250 }. */
export function moneyOf(amount: number, currencyCode: string): Money {
  const minorUnits = nearestCents(amount);
  const sign = minorUnits < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(minorUnits) / 100);
  const hundredths = String(Math.abs(minorUnits) % 100).padStart(2, '0');
  return { amount: `${sign}${whole}.${hundredths}`, currencyCode, minorUnits };
}
