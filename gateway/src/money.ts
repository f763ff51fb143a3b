// Money as client developers know it (Shopify's MoneyV2, Saleor's Money): an exact decimal amount, its ISO 4217
// currency, and the same amount in the currency's minor unit. The shop keeps amounts in hundredths (integer cents
// inside the REST service, dollars with two decimals on the wire), so its currency must have two minor digits.
import { ConfigError } from '../../config/env.js';
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

/** SHOP_CURRENCY: an ISO 4217 code with two minor digits (USD, EUR, GBP…); USD when unset. */
export function parseCurrency(value: string | undefined): string {
  const code = (value ?? '').trim().toUpperCase() || 'USD';
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
    throw new ConfigError(`SHOP_CURRENCY: "${value}" is not an ISO 4217 currency code; set it to one such as USD, EUR or GBP`);
  }
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
  if (digits !== 2) {
    throw new ConfigError(`SHOP_CURRENCY: ${code} has ${digits} minor digits; the shop keeps amounts in hundredths, so choose a currency with two (USD, EUR, GBP…)`);
  }
  return code;
}
