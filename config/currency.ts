// The shop's currency (SHOP_CURRENCY), read alike by the gateway (every Money of the graph) and the REST service (the
// amounts in its e-mails).
import { ConfigError, readText } from './env.js';

/** SHOP_CURRENCY: an ISO 4217 code with two minor digits (USD, EUR, GBP…); its declared default (USD) when unset. */
export function parseCurrency(value: string | undefined): string {
  const code = (value ?? '').trim().toUpperCase() || (readText({}, 'SHOP_CURRENCY') as string);
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
    throw new ConfigError(
      `SHOP_CURRENCY: "${value}" is not an ISO 4217 currency code; set it to one such as USD, EUR or GBP`,
    );
  }
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits;
  if (digits !== 2) {
    throw new ConfigError(
      `SHOP_CURRENCY: ${code} has ${digits} minor digits; the shop keeps amounts in hundredths, so choose a currency with two (USD, EUR, GBP…)`,
    );
  }
  return code;
}
