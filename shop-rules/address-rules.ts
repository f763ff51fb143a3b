// A postal address in parts (issue 35: the address book), and its printed form: the text an order keeps as its
// shipping address (the contract's `shippingAddress`), so an order placed with a saved address reads as any other.
import { MAX_SHIPPING_ADDRESS_LENGTH } from './order-rules.js';
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';

/**
 * The countries of ISO 3166-1 (alpha-2), 249 of them: Intl's regions less CLDR's aliases of old codes and its
 * regions that are not countries (EU, UN, the unknown ZZ…), so the list is the same in every runtime.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA ' +
  'CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA ' +
  'GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
  'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** A country's name in English, as the printed address writes it (the shop's words are English). */
export const countryName = (code: string): string => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

/** How many addresses one account may keep. */
export const MAX_ADDRESSES = 20;
export const TOO_MANY_ADDRESSES = `You can keep at most ${MAX_ADDRESSES} addresses: delete one first`;
export const INVALID_COUNTRY = 'Country must be a country’s two-letter code (ISO 3166), such as DE or US';
export const INVALID_ADDRESS_PHONE = 'Phone may contain only digits, spaces, +, -, ( and )';
const PHONE = /^\+?[0-9 ().-]{3,24}$/;

/** The parts, as a form or an API client gives them: the optional ones blank or absent when not given. */
export interface AddressForm {
  name: string;
  line1: string;
  line2?: string | null | undefined;
  city: string;
  postalCode?: string | null | undefined;
  country: string;
  phone?: string | null | undefined;
}

/** The parts as kept: trimmed, the optional ones null when blank, the country upper-case. */
export interface ValidAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

type TextPart = 'name' | 'line1' | 'line2' | 'city' | 'postalCode';

/**
 * Each one-line part with its label and most characters: together with the country's name and the phone, the printed
 * form stays within the MAX_SHIPPING_ADDRESS_LENGTH an order's address may have.
 */
const TEXT_PARTS: Record<TextPart, { label: string; max: number; required: boolean }> = {
  name: { label: 'Name', max: 80, required: true },
  line1: { label: 'Address line 1', max: 120, required: true },
  line2: { label: 'Address line 2', max: 120, required: false },
  city: { label: 'City', max: 80, required: true },
  postalCode: { label: 'Postal code', max: 16, required: false },
};

/** The address as kept, or every part that breaks its rule (each named by its field). */
export function checkAddress(form: AddressForm): ValidAddress | RuleViolation<string>[] {
  const problems: RuleViolation<string>[] = [];
  const text = (part: TextPart): string | null => {
    const { label, max, required } = TEXT_PARTS[part];
    const value = (form[part] ?? '').trim();
    if (!value) {
      if (required) problems.push({ message: `${label} is required`, field: part });
      return null;
    }
    if (value.length > max) problems.push({ message: `${label} must be at most ${max} characters long`, field: part });
    else if (!isSingleLine(value)) problems.push({ message: notSingleLine(label), field: part });
    return value;
  };
  const name = text('name');
  const line1 = text('line1');
  const line2 = text('line2');
  const city = text('city');
  const postalCode = text('postalCode');
  const country = (form.country ?? '').trim().toUpperCase();
  if (!country) problems.push({ message: 'Country is required', field: 'country' });
  else if (!COUNTRIES.has(country)) problems.push({ message: INVALID_COUNTRY, field: 'country' });
  const phone = (form.phone ?? '').trim() || null;
  if (phone && !PHONE.test(phone)) problems.push({ message: INVALID_ADDRESS_PHONE, field: 'phone' });
  if (problems.length > 0) return problems;
  return { name: name!, line1: line1!, line2, city: city!, postalCode, country, phone };
}

/**
 * The address as an order keeps it and a label prints it: the name, the lines, the postal code before the city, the
 * country's name, the phone; one per line.
 */
export function printedAddress(address: ValidAddress): string {
  const printed = [
    address.name,
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    countryName(address.country),
    address.phone,
  ]
    .filter(Boolean)
    .join('\n');
  // The parts' limits keep it within an order's; checked here too, so no change of a limit can break it unnoticed.
  if (printed.length > MAX_SHIPPING_ADDRESS_LENGTH) throw new Error('An address prints longer than an order keeps');
  return printed;
}
