// What a valid product is (spec §5 and DESIGN §3).
import { DECIMAL_PATTERN, decimalToCents, dollarsToCents } from './money.js';
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';

export { type RuleViolation, isRuleViolation } from './rule-violation.js';

/**
 * A unit price's bound, in dollars: $1,000,000.00 is 100,000,000 cents, well within what the graph carries (money.ts).
 */
export const MAX_PRICE = 1_000_000;
/** Units in stock at most, and so in one cart line (order-rules' checkCartQuantity). */
export const MAX_STOCK = 1_000_000;
export const MAX_IMAGES = 20;
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_IMAGE_URL_LENGTH = 2048;

export const INVALID_IMAGE_URL = 'Image URL must be an absolute http(s) URL or a path on the shop starting with /';

/**
 * An absolute http(s) URL, or a path on the shop itself ("/images/…", not "//host/…"); nothing else can be shown
 * safely.
 */
export function isAcceptableImageUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\\]/.test(url) || url.length > MAX_IMAGE_URL_LENGTH) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** imageUrl and imageUrls as one list: trimmed, blanks dropped, duplicates removed, imageUrl first (spec §5). */
export function normaliseImages(
  imageUrl: string | null | undefined,
  imageUrls: readonly string[] | null | undefined,
): string[] | RuleViolation<string> {
  const trimmedMain = (imageUrl ?? '').trim();
  if (trimmedMain && !isAcceptableImageUrl(trimmedMain)) return { message: INVALID_IMAGE_URL, field: 'imageUrl' };
  const others = (imageUrls ?? []).map((url) => url.trim()).filter((url) => url !== '');
  if (others.length > MAX_IMAGES)
    return { message: `Image URLs must have at most ${MAX_IMAGES} entries`, field: 'imageUrls' };
  if (others.some((url) => !isAcceptableImageUrl(url))) return { message: INVALID_IMAGE_URL, field: 'imageUrls' };
  return [...new Set(trimmedMain ? [trimmedMain, ...others] : others)];
}

export interface ProductForm {
  name: string;
  description: string;
  /** Dollars as a number (the contract's, and the graph's deprecated Float), or as exact decimal text ("12.50"). */
  price: number | string;
  quantity: number;
  imageUrl?: string | null | undefined;
  imageUrls?: readonly string[] | null | undefined;
}

export interface ValidProduct {
  name: string;
  description: string;
  priceCents: number;
  quantity: number;
  imageUrl: string | null;
  imageUrls: string[];
}

const priceCentsOf = (price: number | string) =>
  typeof price === 'string' ? decimalToCents(price) : dollarsToCents(price);

export const PRICE_REQUIRED = 'Price is required';
export const PRICE_NOT_AN_AMOUNT = 'Price must be an amount such as 12.50';

/**
 * Why a price (dollars, or exact decimal text) cannot be a product's, or undefined when it can: 0 to MAX_PRICE, whole
 * cents.
 */
export function checkPrice(price: number | string): RuleViolation<string> | undefined {
  if (typeof price === 'string' && price.trim() === '') return { message: PRICE_REQUIRED, field: 'price' };
  if (typeof price === 'string' && !DECIMAL_PATTERN.test(price))
    return { message: PRICE_NOT_AN_AMOUNT, field: 'price' };
  // Compared as a number: only which side of a bound it is on, never the amount kept (that is priceCentsOf's).
  const value = Number(price);
  if (!Number.isFinite(value) || value < 0) return { message: 'Price must be at least 0', field: 'price' };
  if (value > MAX_PRICE) return { message: `Price must be at most ${MAX_PRICE}`, field: 'price' };
  if (priceCentsOf(price) === undefined) return { message: 'Price can have at most 2 decimal places', field: 'price' };
  return undefined;
}

/** The product form after the rules of spec §5, or every field's first broken rule, in the form's order. */
export function validateProductForm(form: ProductForm): ValidProduct | RuleViolation<string>[] {
  const violations: RuleViolation<string>[] = [];
  const name = form.name.trim();
  if (!name) violations.push({ message: 'Name is required', field: 'name' });
  else if (name.length > MAX_NAME_LENGTH)
    violations.push({ message: `Name must be at most ${MAX_NAME_LENGTH} characters long`, field: 'name' });
  else if (!isSingleLine(name)) violations.push({ message: notSingleLine('Name'), field: 'name' });
  const description = form.description.trim();
  if (!description) violations.push({ message: 'Description is required', field: 'description' });
  else if (description.length > MAX_DESCRIPTION_LENGTH) {
    violations.push({
      message: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters long`,
      field: 'description',
    });
  }
  const priceViolation = checkPrice(form.price);
  const priceCents = priceViolation ? undefined : priceCentsOf(form.price);
  if (priceViolation) violations.push(priceViolation);
  if (!Number.isInteger(form.quantity))
    violations.push({ message: 'Quantity must be a whole number', field: 'quantity' });
  else if (form.quantity < 0) violations.push({ message: 'Quantity must be at least 0', field: 'quantity' });
  else if (form.quantity > MAX_STOCK)
    violations.push({ message: `Quantity must be at most ${MAX_STOCK}`, field: 'quantity' });
  const images = normaliseImages(form.imageUrl, form.imageUrls);
  if (!Array.isArray(images)) violations.push(images);
  if (violations.length > 0 || priceCents === undefined || !Array.isArray(images)) return violations;
  return { name, description, priceCents, quantity: form.quantity, imageUrl: images[0] ?? null, imageUrls: images };
}
