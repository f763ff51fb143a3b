// A product's editable fields, defined once (issue 32): how each travels in the contract (spec §3, §7), its limits,
// and which graph input fields carry it. Read by the REST service (its schemas for the form and the answer, the
// audit's changed fields, its rows) and by the gateway (what it sends the contract, which inputs its errors name).
// The rules a form must pass and their messages stay in product-rules.ts, whose limits this reuses.
import { centsToDollars } from './money.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_IMAGES,
  MAX_IMAGE_URL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PRICE,
  MAX_STOCK,
  type ValidProduct,
} from './product-rules.js';

/**
 * How a field travels: text; dollars (a number, at most 2 decimals; kept in cents); a whole number; one URL, or
 * none (null); a list of URLs.
 */
export type ProductFieldKind = 'text' | 'dollars' | 'count' | 'url' | 'urls';

export interface ProductField {
  kind: ProductFieldKind;
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
}

const DOLLARS = 'Dollars, at most 2 decimals';

/** Every field an admin edits, in the form's order (the contract's, the audit's and the error messages'). */
export const PRODUCT_FIELDS = {
  name: { kind: 'text', min: 1, max: MAX_NAME_LENGTH },
  description: { kind: 'text', min: 1, max: MAX_DESCRIPTION_LENGTH },
  price: {
    kind: 'dollars',
    min: 0,
    max: MAX_PRICE,
    description: DOLLARS,
    inputDescription: DOLLARS,
    graphInputs: ['unitPriceAmount', 'price'],
  },
  quantity: { kind: 'count', min: 0, max: MAX_STOCK, description: 'Units in stock' },
  imageUrl: { kind: 'url', max: MAX_IMAGE_URL_LENGTH, optional: true },
  imageUrls: {
    kind: 'urls',
    max: MAX_IMAGE_URL_LENGTH,
    maxItems: MAX_IMAGES,
    optional: true,
    description: 'Every image, imageUrl first',
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

/** The graph's input fields of the product form (create and update), as its user errors name them. */
export const PRODUCT_GRAPH_INPUTS: readonly string[] = PRODUCT_FIELD_NAMES.flatMap(
  (name) => (PRODUCT_FIELDS[name] as ProductField).graphInputs ?? [name],
);

/** A form the rules accepted, as the contract takes it, in the fields' order: amounts back in dollars. */
export function contractFieldsOf(valid: ValidProduct): ProductContractFields {
  const stored = valid as unknown as Record<string, unknown>;
  const entries = PRODUCT_FIELD_NAMES.map((name) => [
    name,
    PRODUCT_FIELDS[name].kind === 'dollars' ? centsToDollars(stored[`${name}Cents`] as number) : stored[name],
  ]);
  return Object.fromEntries(entries) as ProductContractFields;
}
