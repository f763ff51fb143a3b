// The viewer's address book (issue 35), shared by the profile's Addresses tab and checkout: what an address reads,
// saving and forgetting one, and the form's values and checks (shop-rules' address rules, the same the shop applies).
import { gql } from '@apollo/client';
import type { ApolloCache } from '@apollo/client';
import {
  type AddressForm,
  COUNTRY_CODES,
  type ValidAddress,
  checkAddress,
  countryName,
} from '@shop-rules/address-rules';
import type { AddressFieldsFragment } from '@/gql/graphql';

if (false) {
  gql`
    fragment AddressFields on Address {
      id
      name
      line1
      line2
      city
      postalCode
      country {
        code
        name
      }
      phone
      printed
      lastUsedAt
    }

    query ViewerAddresses {
      viewer {
        id
        addresses {
          ...AddressFields @unmask
        }
      }
    }

    mutation SaveAddress($input: SaveAddressInput!) {
      saveAddress(input: $input) {
        address {
          ...AddressFields @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DeleteAddress($input: DeleteAddressInput!) {
      deleteAddress(input: $input) {
        deletedAddressId
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

export type SavedAddress = AddressFieldsFragment;

/** The parts as a form holds them: every one a string, blank when not given. */
export type AddressValues = { [Part in keyof AddressForm]-?: string };

/** A form that edits an address keeps its parts under `address` (AddressFields registers them there). */
export interface AddressFieldsForm {
  address: AddressValues;
}

export const ADDRESS_PARTS = ['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The country of the browser's language ("en-GB" → GB) to start a new address with; blank when it names none. */
export function browserCountry(): string {
  if (typeof navigator === 'undefined') return '';
  try {
    const region = new Intl.Locale(navigator.language).maximize().region ?? '';
    return COUNTRY_CODES.includes(region) ? region : '';
  } catch {
    return '';
  }
}

export const emptyAddress = (): AddressValues => ({
  name: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: browserCountry(),
  phone: '',
});

export const addressValuesOf = (address: SavedAddress): AddressValues => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  postalCode: address.postalCode ?? '',
  country: address.country.code,
  phone: address.phone ?? '',
});

/** The address as the shop keeps it, or undefined while a part breaks its rule (the fields say which). */
export function validAddress(values: AddressValues): ValidAddress | undefined {
  const checked = checkAddress(values);
  return Array.isArray(checked) ? undefined : checked;
}

/** The rule a part breaks, for react-hook-form's `validate`; true when it keeps them. */
export function partProblem(values: AddressValues, part: AddressPart): string | true {
  const checked = checkAddress(values);
  return (Array.isArray(checked) && checked.find((problem) => problem.field === part)?.message) || true;
}

/** Every country by its English name, as the select lists them. */
export const COUNTRY_CHOICES: readonly { code: string; name: string }[] = COUNTRY_CODES.map((code) => ({
  code,
  name: countryName(code),
})).sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** A saveAddress's userErrors with their fields where the form keeps them (`country` → `address.country`). */
export function onAddressFields<Error extends { field: string | null }>(errors: readonly Error[]): Error[] {
  return errors.map((error) =>
    (ADDRESS_PARTS as readonly (string | null)[]).includes(error.field)
      ? { ...error, field: `address.${error.field}` }
      : error,
  );
}

/** A new address is in the book: the list is read again, in the shop's order (the last used first). */
export function forgetAddressList(cache: ApolloCache): void {
  cache.evict({ id: cache.identify({ __typename: 'User' }), fieldName: 'addresses' });
}
