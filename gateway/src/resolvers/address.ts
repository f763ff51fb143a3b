// Address (extension address-book): an address of the viewer's address book, as the REST service answers it.
import type { AddressResolvers } from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import { countryOf } from './shipping.js';

export const Address: AddressResolvers = {
  id: (address) => toGlobalId('Address', address.id),
  country: (address) => countryOf(address.country),
};
