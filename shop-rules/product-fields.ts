// A product's editable fields, defined once (issue 32): how each travels in the contract (spec §3, §7), its limits,
// and which graph input fields carry it. Read by the REST service (its schemas for the form and the answer, the
// audit's changed fields, its rows) and by the gateway (what it sends the contract, which inputs its errors name).
// The rules a form must pass and their messages stay in product-rules.ts, whose limits this reuses.
import { centsToDollars } from './money.js';

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
/** A picture's alt text at most: a sentence that says what the picture shows, not a description. */
export const MAX_ALT_TEXT_LENGTH = 250;
export const MAX_SKU_LENGTH = 64;
/** Categories one product may be in at most. */
export const MAX_PRODUCT_CATEGORIES = 10;
/** The largest id a database row can have (the graph's and the contract's 32-bit integers). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * How a field travels: text; dollars (a number, at most 2 decimals; kept in cents); a whole number; one URL, or
 * none (null); a list of URLs; a code (one word of letters, digits and - _ . /, unique among products in any case),
 * or none (null); a list of ids of other rows (each once, in the order given); a whole number, or none (null: the
 * shop's own value stands); texts each for one of the product's images, by its URL (each image at most once, in the
 * images' order; an image without one has none).
 */
export type ProductFieldKind = 'text' | 'dollars' | 'count' | 'url' | 'urls' | 'code' | 'ids' | 'limit' | 'alts';

/** What one of the product's pictures shows, for people who cannot see it (its `alt`). */
export interface ImageAlt {
  url: string;
  alt: string;
}

export interface ProductField {
  kind: ProductFieldKind;
  /** How its messages name it ("Name is required"); the price's and the images' are product-rules' own. */
  label?: string;
  /** Text that must be one line (text-rules). */
  singleLine?: boolean;
  /** Text's least length, or the least amount or count. */
  min?: number;
  /** Text's (a URL's, each URL's) greatest length, or the greatest amount or count. */
  max?: number;
  /** A list's entries at most. */
  maxItems?: number;
  /** The form may leave it out or send null (spec §5: images are optional). */
  optional?: boolean;
  /** What the OpenAPI document says of it on the product answered. */
  description?: string;
  /** What it says of it on the form, when that differs from the answer's. */
  inputDescription?: string;
  /** The graph's input fields that carry it, when not one of its own name (the price: exact text or Float). */
  graphInputs?: readonly string[];
  /**
   * The Contract-Extensions name under which our REST service offers it, when the plain contract has no such field:
   * the form and the answer carry it only while the extensions are on.
   */
  extension?: string;
  /**
   * A form that leaves it out (undefined) keeps the product's value on an update, rather than clearing it: clients
   * written before the field existed send every other field, and must not erase it. null or blank clears it.
   */
  keptWhenLeftOut?: boolean;
}

const DOLLARS = 'Dollars, at most 2 decimals';

/** Every field an admin edits, in the form's order (the contract's, the audit's and the error messages'). */
export const PRODUCT_FIELDS = {
  name: { kind: 'text', label: 'Name', min: 1, max: MAX_NAME_LENGTH, singleLine: true },
  description: { kind: 'text', label: 'Description', min: 1, max: MAX_DESCRIPTION_LENGTH },
  price: {
    kind: 'dollars',
    min: 0,
    max: MAX_PRICE,
    description: DOLLARS,
    inputDescription: DOLLARS,
    graphInputs: ['unitPriceAmount', 'price'],
  },
  quantity: { kind: 'count', label: 'Quantity', min: 0, max: MAX_STOCK, description: 'Units in stock' },
  imageUrl: { kind: 'url', max: MAX_IMAGE_URL_LENGTH, optional: true },
  imageUrls: {
    kind: 'urls',
    max: MAX_IMAGE_URL_LENGTH,
    maxItems: MAX_IMAGES,
    optional: true,
    description: 'Every image, imageUrl first',
  },
  imageAlts: {
    kind: 'alts',
    label: 'Alt text',
    max: MAX_ALT_TEXT_LENGTH,
    maxItems: MAX_IMAGES + 1,
    singleLine: true,
    optional: true,
    extension: 'product-pictures',
    keptWhenLeftOut: true,
    description:
      'What each picture shows, for people who cannot see it, in the images’ order; an image without one is not ' +
      'listed (extension: product-pictures)',
    inputDescription:
      'What each picture shows: for an image of the product (by its URL, once), one line of at most 250 characters; ' +
      'blank: none; null or empty: none for any image; left out on an update: each image kept keeps its own ' +
      '(extension: product-pictures)',
  },
  sku: {
    kind: 'code',
    label: 'SKU',
    max: MAX_SKU_LENGTH,
    optional: true,
    extension: 'product-sku',
    keptWhenLeftOut: true,
    description: 'The stock-keeping unit, unique among products in any case; null when none (extension: product-sku)',
    inputDescription:
      'The stock-keeping unit: letters, digits and - _ . /, at most 64, unique in any case; null or blank: none; ' +
      'left out on an update: unchanged (extension: product-sku)',
  },
  categoryIds: {
    kind: 'ids',
    label: 'Categories',
    max: MAX_ROW_ID,
    maxItems: MAX_PRODUCT_CATEGORIES,
    optional: true,
    extension: 'product-categories',
    keptWhenLeftOut: true,
    description: 'The categories the product is in, by id (extension: product-categories)',
    inputDescription:
      'The categories the product is in, by id, each an existing category; at most 10; null or empty: none; left out ' +
      'on an update: unchanged (extension: product-categories)',
  },
  lowStockThreshold: {
    kind: 'limit',
    label: 'Low stock threshold',
    min: 0,
    max: MAX_STOCK,
    optional: true,
    extension: 'product-low-stock',
    keptWhenLeftOut: true,
    description:
      'The product is low in stock at this many units or fewer; null: at the shop’s threshold (extension: product-low-stock)',
    inputDescription:
      'Low in stock at this many units or fewer: a whole number from 0 to 1,000,000; null: the shop’s threshold; left ' +
      'out on an update: unchanged (extension: product-low-stock)',
  },
} as const satisfies Record<string, ProductField>;

export type ProductFieldName = keyof typeof PRODUCT_FIELDS;

export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELDS) as ProductFieldName[];

interface KindValues {
  text: string;
  dollars: number;
  count: number;
  url: string | null;
  urls: string[];
  code: string | null;
  ids: number[];
  limit: number | null;
  alts: ImageAlt[];
}

/** The editable fields as the contract carries them, both ways: the form the REST service takes, and its answer. */
export type ProductContractFields = {
  -readonly [Name in ProductFieldName]: KindValues[(typeof PRODUCT_FIELDS)[Name]['kind']];
};

type OptionalName = {
  [Name in ProductFieldName]: (typeof PRODUCT_FIELDS)[Name] extends { optional: true } ? Name : never;
}[ProductFieldName];

/** The product form as the contract takes it: an optional field left out, or null. */
export type ProductContractForm = Omit<ProductContractFields, OptionalName> & {
  [Name in OptionalName]?: ProductContractFields[Name] | null;
};

type Kind<Name extends ProductFieldName> = (typeof PRODUCT_FIELDS)[Name]['kind'];

/** The product form as the rules take it: a price as dollars or as exact decimal text ("12.50"). */
export type ProductForm = {
  [Name in Exclude<ProductFieldName, OptionalName>]: Kind<Name> extends 'dollars'
    ? number | string
    : KindValues[Kind<Name>];
} & {
  [Name in OptionalName]?:
    | (Kind<Name> extends 'urls'
        ? readonly string[]
        : Kind<Name> extends 'ids'
          ? readonly number[]
          : Kind<Name> extends 'alts'
            ? readonly ImageAlt[]
            : KindValues[Kind<Name>])
    | null
    | undefined;
};

/** A product after the rules: trimmed, amounts in cents (`priceCents`), the images one list. */
export type ValidProduct = {
  -readonly [Name in ProductFieldName as Kind<Name> extends 'dollars' ? `${Name}Cents` : Name]: KindValues[Kind<Name>];
};

/** The graph's input fields of the product form (create and update), as its user errors name them. */
export const PRODUCT_GRAPH_INPUTS: readonly string[] = PRODUCT_FIELD_NAMES.flatMap(
  (name) => (PRODUCT_FIELDS[name] as ProductField).graphInputs ?? [name],
);

/** The fields only our REST service's extensions carry, each with its Contract-Extensions name. */
export const PRODUCT_EXTENSION_FIELDS: readonly { name: ProductFieldName; extension: string }[] =
  PRODUCT_FIELD_NAMES.flatMap((name) => {
    const { extension } = PRODUCT_FIELDS[name] as ProductField;
    return extension ? [{ name, extension }] : [];
  });

/**
 * A form the rules accepted, as the contract takes it, in the fields' order: amounts back in dollars. Given the form
 * as it came, a field it left out that an update keeps (`keptWhenLeftOut`) is left out too.
 */
export function contractFieldsOf(valid: ValidProduct, form?: object): ProductContractForm {
  const stored = valid as unknown as Record<string, unknown>;
  const given = form as Record<string, unknown> | undefined;
  const entries = PRODUCT_FIELD_NAMES.filter(
    (name) => !(given && given[name] === undefined && (PRODUCT_FIELDS[name] as ProductField).keptWhenLeftOut),
  ).map((name) => [
    name,
    PRODUCT_FIELDS[name].kind === 'dollars' ? centsToDollars(stored[`${name}Cents`] as number) : stored[name],
  ]);
  return Object.fromEntries(entries) as ProductContractForm;
}
