// Addresses in parts: the printed form an order keeps, within what an order's address may hold whatever is typed.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, checkAddress, countryName, printedAddress } from './address-rules.js';
import { MAX_SHIPPING_ADDRESS_LENGTH } from './order-rules.js';

describe('addresses', () => {
  it('knows the 249 countries of ISO 3166-1, each by its English name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => countryName(code) !== code)).toBe(true);
  });

  it('prints every part as long as it may be, with the longest country name, within an order’s address', () => {
    const longestCountry = [...COUNTRY_CODES].sort((a, b) => countryName(b).length - countryName(a).length)[0]!;
    const longest = checkAddress({
      name: 'n'.repeat(80),
      line1: 'a'.repeat(120),
      line2: 'b'.repeat(120),
      city: 'c'.repeat(80),
      postalCode: 'p'.repeat(16),
      country: longestCountry,
      phone: `+${'1'.repeat(23)}`,
    });
    expect(Array.isArray(longest)).toBe(false);
    expect(printedAddress(longest as Exclude<typeof longest, unknown[]>).length).toBeLessThanOrEqual(
      MAX_SHIPPING_ADDRESS_LENGTH,
    );
  });

  it('answers every part at fault at once', () => {
    expect(checkAddress({ name: '', line1: '', city: '', country: 'zz' })).toEqual([
      { message: 'Name is required', field: 'name' },
      { message: 'Address line 1 is required', field: 'line1' },
      { message: 'City is required', field: 'city' },
      { message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US', field: 'country' },
    ]);
  });
});
