// The shop's shipping methods (issue 35), shared by checkout and the admins' Shipping screen: what a method reads,
// saving and deleting one, and what it costs an order going to a country, priced here by the shop's own rules
// (shop-rules' quoteShipping), exactly as the shop prices it at checkout.
import { gql } from '@apollo/client';
import { quoteShipping } from '@shop-rules/shipping-rules';
import type { ShippingMethodFieldsFragment } from '@/gql/graphql';
import { type Money, type MoneyObject, moneyOf } from './money';

if (false) {
  gql`
    fragment ShippingMethodFields on ShippingMethod {
      id
      name
      description
      minDays
      maxDays
      estimate
      active
      rates {
        countries {
          code
          name
        }
        price {
          ...MoneyFields @unmask
        }
        freeFrom {
          ...MoneyFields @unmask
        }
      }
    }

    query ShippingMethods {
      shippingMethods {
        ...ShippingMethodFields @unmask
      }
    }

    mutation SaveShippingMethod($input: SaveShippingMethodInput!) {
      saveShippingMethod(input: $input) {
        shippingMethod {
          ...ShippingMethodFields @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DeleteShippingMethod($input: DeleteShippingMethodInput!) {
      deleteShippingMethod(input: $input) {
        deletedShippingMethodId
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

export type ShippingMethod = ShippingMethodFieldsFragment;

/** A method for an order: its price there, or why it cannot take it. */
export type ShippingQuote =
  | { method: ShippingMethod; available: true; price: MoneyObject }
  | { method: ShippingMethod; available: false; reason: string };

/** What `method` costs an order whose lines cost `subtotal`, going to `country` (free from its rate's amount on). */
export function quoteOf(method: ShippingMethod, country: string, subtotal: Money): ShippingQuote {
  const quote = quoteShipping(
    {
      name: method.name,
      rates: method.rates.map((rate) => ({
        countries: rate.countries.map((each) => each.code),
        priceCents: rate.price.minorUnits,
        freeFromCents: rate.freeFrom?.minorUnits ?? null,
      })),
    },
    country,
    subtotal.minorUnits,
  );
  return quote.available
    ? { method, available: true, price: moneyOf(quote.priceCents, subtotal.currencyCode) }
    : { method, available: false, reason: quote.reason };
}

/** The cheapest of the quotes that can take the order (the first of equals: the fastest); undefined when none. */
export function cheapestQuote(quotes: readonly ShippingQuote[]): ShippingQuote | undefined {
  let cheapest: (ShippingQuote & { available: true }) | undefined;
  for (const quote of quotes)
    if (quote.available && (!cheapest || quote.price.minorUnits < cheapest.price.minorUnits)) cheapest = quote;
  return cheapest;
}

/** "Free", or the amount as the shop writes money. */
export const priceText = (price: Money, money: (amount: Money) => string): string =>
  price.minorUnits === 0 ? 'Free' : money(price);
