// Money as the graph answers it (Money: the exact decimal amount, its ISO 4217 currency, the same amount in the
// currency's minor unit) and as the client computes with it: in minor units, whole numbers, never in binary floats
// (0.1 + 0.2 is not 0.3). The shop keeps amounts in hundredths (the gateway refuses a SHOP_CURRENCY with other minor
// digits), and one shop has one currency: the amounts summed here are all in it.
import { gql } from '@apollo/client';

if (false) {
  gql`
    # Every Money a document selects, whole (an amount has no id: a smaller selection replacing it in the cache would
    # lose fields another screen reads). Spread unmasked: what reads it is formats.money and the sums here, no component.
    fragment MoneyFields on Money {
      amount
      currencyCode
      minorUnits
    }
  `;
}

export interface Money {
  /** The exact decimal: "12.50". */
  amount: string;
  currencyCode: string;
  /** The amount in hundredths: 1250. */
  minorUnits: number;
}

/** Money as the cache stores it, and as optimistic answers must give it: a whole object, typename included. */
export interface MoneyObject extends Money {
  __typename: 'Money';
}

const MINOR_UNITS_PER_UNIT = 100;

/** 1250 in USD → { amount: "12.50", currencyCode: "USD", minorUnits: 1250 }, as the gateway writes it. */
export function moneyOf(minorUnits: number, currencyCode: string): MoneyObject {
  const sign = minorUnits < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(minorUnits) / MINOR_UNITS_PER_UNIT);
  const hundredths = String(Math.abs(minorUnits) % MINOR_UNITS_PER_UNIT).padStart(2, '0');
  return { __typename: 'Money', amount: `${sign}${whole}.${hundredths}`, currencyCode, minorUnits };
}

/** Whether a value read from the cache is a whole Money (a field may be missing there). */
export function isMoney(value: unknown): value is Money {
  const money = value as Partial<Money> | null | undefined;
  return (
    typeof money?.minorUnits === 'number' && typeof money.currencyCode === 'string' && typeof money.amount === 'string'
  );
}

/** A line's total: its unit price times its quantity. */
export function timesQuantity(unitPrice: Money, quantity: number): MoneyObject {
  return moneyOf(unitPrice.minorUnits * quantity, unitPrice.currencyCode);
}

/** The sum of amounts; `currencyCode` is the shop's, which an empty sum (an empty cart) still names. */
export function sumOf(amounts: readonly Money[], currencyCode: string): MoneyObject {
  return moneyOf(
    amounts.reduce((sum, money) => sum + money.minorUnits, 0),
    currencyCode,
  );
}

export function sameMoney(a: Money, b: Money): boolean {
  return a.minorUnits === b.minorUnits && a.currencyCode === b.currencyCode;
}
