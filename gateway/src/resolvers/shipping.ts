// ShippingMethod, ShippingRate and ShippingOption (extension shipping), as the REST service answers them (dollars).
import { GraphQLError } from 'graphql';
import type {
  ShippingMethodResolvers,
  ShippingOptionResolvers,
  ShippingRateResolvers,
} from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import { moneyOf } from '../money.js';
import { COUNTRY_CODES, INVALID_COUNTRY, countryName } from '../../../shop-rules/address-rules.js';

/** A country as the graph answers it. */
export const countryOf = (code: string) => ({ code, name: countryName(code) });

/** A country's code as given (any case, spaces around it), upper-case; BAD_USER_INPUT when it names none. */
export function countryCodeOf(given: string, field = 'country'): string {
  const code = given.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(code))
    throw new GraphQLError(INVALID_COUNTRY, { extensions: { code: 'BAD_USER_INPUT', field } });
  return code;
}

export const ShippingMethod: ShippingMethodResolvers = {
  id: (method) => toGlobalId('ShippingMethod', method.id),
  description: (method) => method.description ?? null,
};

export const ShippingRate: ShippingRateResolvers = {
  countries: (rate) => rate.countries.map(countryOf),
  price: (rate, _args, context) => moneyOf(rate.price, context.currency),
  freeFrom: (rate, _args, context) => (rate.freeFrom === null ? null : moneyOf(rate.freeFrom, context.currency)),
};

export const ShippingOption: ShippingOptionResolvers = {
  price: (option, _args, context) => (option.price === null ? null : moneyOf(option.price, context.currency)),
  unavailableReason: (option) => option.reason,
};
