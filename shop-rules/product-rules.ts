// What a valid product is (spec §5 and DESIGN §3).
import { DECIMAL_PATTERN, decimalToCents, dollarsToCents } from './money.js';
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';
import {
  type ImageAlt,
  MAX_IMAGES,
  MAX_IMAGE_URL_LENGTH,
  MAX_PRICE,
  PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  type ProductField,
  type ProductForm,
  type ValidProduct,
} from './product-fields.js';

export { type RuleViolation, isRuleViolation } from './rule-violation.js';

export {
  type ImageAlt,
  MAX_ALT_TEXT_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_IMAGES,
  MAX_IMAGE_URL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PRICE,
  MAX_STOCK,
  type ProductForm,
  type ValidProduct,
} from './product-fields.js';

/** One word: a letter or digit first, then letters, digits and - _ . / (what labels and scanners print). */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const INVALID_SKU = 'SKU must be letters, digits and - _ . / only, starting with a letter or digit';

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

/** Why a text field's value cannot be, by its definition, or undefined when it can. */
function checkText(name: string, field: ProductField, text: string): RuleViolation<string> | undefined {
  const label = field.label ?? name;
  if (!text && (field.min ?? 0) > 0) return { message: `${label} is required`, field: name };
  if (field.max !== undefined && text.length > field.max)
    return { message: `${label} must be at most ${field.max} characters long`, field: name };
  if (field.singleLine && !isSingleLine(text)) return { message: notSingleLine(label), field: name };
  return undefined;
}

/** Why a count cannot be, by its definition, or undefined when it can. */
function checkCount(name: string, field: ProductField, count: number): RuleViolation<string> | undefined {
  const label = field.label ?? name;
  if (!Number.isInteger(count)) return { message: `${label} must be a whole number`, field: name };
  if (field.min !== undefined && count < field.min)
    return { message: `${label} must be at least ${field.min}`, field: name };
  if (field.max !== undefined && count > field.max)
    return { message: `${label} must be at most ${field.max}`, field: name };
  return undefined;
}

/** The ids a list names, each once, in the order given; or why they cannot be the field's (none is an empty list). */
function checkIds(name: string, field: ProductField, ids: unknown): number[] | RuleViolation<string> {
  const label = field.label ?? name;
  const list = ids == null ? [] : ids;
  if (!Array.isArray(list) || !list.every((id) => Number.isInteger(id) && id >= 1 && id <= (field.max ?? Infinity)))
    return { message: `${label} must be a list of ids`, field: name };
  const unique = [...new Set(list as number[])];
  if (field.maxItems !== undefined && unique.length > field.maxItems)
    return { message: `${label} must be at most ${field.maxItems}`, field: name };
  return unique;
}

export const ALT_NOT_OF_AN_IMAGE = 'Alt text must be for one of the product’s images';
export const ALT_TWICE = 'Alt text can be given once for each image';

/**
 * The alt texts a form gives, each for one of `images` (the product's images once judged; undefined when they could
 * not be, and only the texts are judged), trimmed, blanks dropped, in the images' order; or why they cannot be.
 */
function checkAlts(
  name: string,
  field: ProductField,
  alts: unknown,
  images: readonly string[] | undefined,
): ImageAlt[] | RuleViolation<string> {
  const label = field.label ?? name;
  const list = alts == null ? [] : alts;
  if (
    !Array.isArray(list) ||
    !list.every((entry: Partial<ImageAlt> | null) => typeof entry?.url === 'string' && typeof entry.alt === 'string')
  )
    return { message: `${label} must be a list of images’ URLs and texts`, field: name };
  const given = (list as ImageAlt[]).map((entry) => ({ url: entry.url.trim(), alt: entry.alt.trim() }));
  const seen = new Set<string>();
  for (const { url, alt } of given) {
    if (seen.has(url)) return { message: ALT_TWICE, field: name };
    seen.add(url);
    if (images && !images.includes(url)) return { message: ALT_NOT_OF_AN_IMAGE, field: name };
    const violation = checkText(name, { ...field, min: 0 }, alt);
    if (violation) return violation;
  }
  const named = given.filter((entry) => entry.alt !== '');
  return images ? altsOfImages(images, named) : named;
}

/** Why a picture's alt text (as typed: trimmed first) cannot be, or undefined when it can; blank is none. */
export const checkAltText = (alt: string) =>
  checkText('imageAlts', { ...PRODUCT_FIELDS.imageAlts, min: 0 }, alt.trim());

/**
 * The alt texts of the images a product keeps, in their order: what an update that changes the images but not the
 * texts (a client that never sends them, a CSV file, which has no such column) leaves of the ones it had.
 */
export function altsOfImages(images: readonly string[], alts: readonly ImageAlt[]): ImageAlt[] {
  const byUrl = new Map(alts.map((entry) => [entry.url, entry.alt]));
  return images.flatMap((url) => {
    const alt = byUrl.get(url);
    return alt === undefined ? [] : [{ url, alt }];
  });
}

/** Why a code cannot be, by its definition, or undefined when it can (blank is none, and can). */
function checkCode(name: string, field: ProductField, code: string): RuleViolation<string> | undefined {
  const label = field.label ?? name;
  if (field.max !== undefined && code.length > field.max)
    return { message: `${label} must be at most ${field.max} characters long`, field: name };
  if (code && !SKU_PATTERN.test(code)) return { message: INVALID_SKU, field: name };
  return undefined;
}

/** Why a SKU (as typed: trimmed first) cannot be a product's, or undefined when it can; blank is none. */
export const checkSku = (sku: string) => checkCode('sku', PRODUCT_FIELDS.sku, sku.trim());

/** A SKU as the shop compares them: in any case (two products cannot have "ab-1" and "AB-1"). */
export const skuKey = (sku: string) => sku.toUpperCase();

/**
 * The product form after the rules of spec §5, or every field's first broken rule, in the form's order
 * (PRODUCT_FIELDS'): each field checked by its kind; the main image and the others as one list.
 */
export function validateProductForm(form: ProductForm): ValidProduct | RuleViolation<string>[] {
  const violations: RuleViolation<string>[] = [];
  const given = form as unknown as Record<string, unknown>;
  const valid: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES) {
    const field: ProductField = PRODUCT_FIELDS[name];
    let violation: RuleViolation<string> | undefined;
    switch (field.kind) {
      case 'text': {
        const text = String(given[name] ?? '').trim();
        violation = checkText(name, field, text);
        valid[name] = text;
        break;
      }
      case 'dollars': {
        const price = given[name] as number | string;
        violation = checkPrice(price);
        valid[`${name}Cents`] = violation ? undefined : priceCentsOf(price);
        break;
      }
      case 'count':
        violation = checkCount(name, field, given[name] as number);
        valid[name] = given[name];
        break;
      case 'limit': {
        // None (null, or left out): the shop's own value stands.
        const limit = given[name] ?? null;
        violation = limit === null ? undefined : checkCount(name, field, limit as number);
        valid[name] = limit;
        break;
      }
      case 'url': {
        // The main image and the list are one list of images (normaliseImages), judged once, here.
        const images = normaliseImages(form.imageUrl, form.imageUrls);
        if (Array.isArray(images)) Object.assign(valid, { imageUrl: images[0] ?? null, imageUrls: images });
        else violation = images;
        break;
      }
      case 'urls':
        break;
      case 'code': {
        const code = String(given[name] ?? '').trim();
        violation = checkCode(name, field, code);
        valid[name] = code || null;
        break;
      }
      case 'ids': {
        const ids = checkIds(name, field, given[name]);
        if (Array.isArray(ids)) valid[name] = ids;
        else violation = ids;
        break;
      }
      case 'alts': {
        // After the images (PRODUCT_FIELDS' order): each text is for one of them, as judged above.
        const alts = checkAlts(name, field, given[name], valid.imageUrls as string[] | undefined);
        if (Array.isArray(alts)) valid[name] = alts;
        else violation = alts;
        break;
      }
    }
    if (violation) violations.push(violation);
  }
  return violations.length > 0 ? violations : (valid as ValidProduct);
}
