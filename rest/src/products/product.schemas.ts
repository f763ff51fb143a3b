// The Product of spec §3 on the wire, the product form, and the listing/filter parameters.
import { Type, type Static, type TSchema } from 'typebox';
import { PageQuery, PageSchema } from '../shared/paging.js';
import { MAX_DATABASE_ID, Nullable, Timestamp } from '../shared/schemas.js';

import { MAX_PRICE, MAX_STOCK } from '../../../shop-rules/product-rules.js';
import { PRODUCT_SORT_NAMES, type ProductSortName } from '../../../shop-rules/product-sorts.js';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, SEARCH_TOO_LONG } from '../../../shop-rules/product-search.js';
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  type ProductContractFields,
  type ProductContractForm,
  type ProductField,
  type ProductFieldName,
} from '../../../shop-rules/product-fields.js';

export { MAX_STOCK };

/** A field's schema: on the form with its limits (`input`), on the answer without them (what is stored is valid). */
function fieldSchema(field: ProductField, input: boolean): TSchema {
  const limits = input ? { min: field.min, max: field.max } : {};
  const about = input ? field.inputDescription : field.description;
  const options = (extra: object) =>
    Object.fromEntries(Object.entries({ ...extra, description: about }).filter(([, value]) => value !== undefined));
  switch (field.kind) {
    case 'text':
    case 'url': {
      const text = Type.String(options({ minLength: limits.min, maxLength: limits.max }));
      return field.kind === 'url' ? Nullable(text) : text;
    }
    case 'dollars':
      return Type.Number(options({ minimum: limits.min, maximum: limits.max }));
    case 'count':
      return Type.Integer(options({ minimum: limits.min, maximum: limits.max }));
    case 'urls': {
      const entry = Type.String(input ? { maxLength: field.max } : {});
      return Type.Array(entry, options({ maxItems: input ? field.maxItems : undefined }));
    }
    case 'code':
      return Nullable(Type.String(options({ maxLength: limits.max })));
    case 'ids': {
      const entry = Type.Integer(input ? { minimum: 1, maximum: field.max } : {});
      return Type.Array(entry, options({ maxItems: input ? field.maxItems : undefined }));
    }
    case 'limit':
      return Nullable(Type.Integer(options({ minimum: limits.min, maximum: limits.max })));
    case 'alts': {
      // Each text's limits are the rules' (product-rules' checkAlts), which name the field and the image.
      const entry = Type.Object({ url: Type.String(), alt: Type.String() });
      return Type.Array(entry, options({ maxItems: input ? field.maxItems : undefined }));
    }
  }
}

/**
 * The editable fields' schemas, in the form's order; an optional field may be left out of the form, or null. A field
 * of an extension is there only while the extensions are on: the plain contract neither takes nor answers it.
 */
const fieldSchemas = (input: boolean, extensions: boolean) =>
  Object.fromEntries(
    PRODUCT_FIELD_NAMES.flatMap((name) => {
      const field: ProductField = PRODUCT_FIELDS[name];
      if (field.extension && !extensions) return [];
      const schema = fieldSchema(field, input);
      const optional = input && field.optional;
      const nullable =
        field.kind === 'url' || field.kind === 'code' || field.kind === 'limit' ? schema : Nullable(schema);
      return [[name, optional ? Type.Optional(nullable) : schema]];
    }),
  ) as Record<ProductFieldName, TSchema>;

export const ProductAnswer = (extensions: boolean) =>
  Type.Unsafe<ProductAnswer>(
    Type.Object({ id: Type.Integer(), ...fieldSchemas(false, extensions), createdAt: Timestamp, updatedAt: Timestamp }),
  );
export type ProductAnswer = { id: number; createdAt: string; updatedAt: string } & ProductContractFields;

export const ProductInput = (extensions: boolean) =>
  Type.Unsafe<ProductContractForm>(Type.Object(fieldSchemas(true, extensions)));
export type ProductInput = ProductContractForm;

const Ids = Type.String({
  pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$',
  errorMessage: { pattern: 'IDs must be up to 100 comma-separated product ids' },
  description: 'Comma-separated ids: answers just those products (extension)',
});

/**
 * Keyset paging (extension: product-keyset): the page that follows (or precedes) a product in the list's order (by
 * id), read off the index from that product on, rather than counted from the start: a deep page costs what the first
 * does. What a client holds is the last product it has, never a page number.
 */
const SeekFields = Type.Object({
  after: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_DATABASE_ID,
      description:
        'Only the `size` products after the one with this id, in the list’s order (by id); `totalElements` counts the products after it. Not with `page` or `before` (extension: product-keyset)',
    }),
  ),
  before: Type.Optional(
    Type.String({
      pattern: '^(end|[0-9]{1,10})$',
      description:
        'The `size` products just before the one with this id (`end`: the list’s last ones), in the list’s order; `totalElements` counts the products before it. Not with `page` or `after` (extension: product-keyset)',
    }),
  ),
});
export type SeekQuery = Static<typeof SeekFields>;

/** Extension product-sort: the order of a list, when not the catalogue's (by id). */
const SortField = Type.Object({
  sort: Type.Optional(
    Type.Unsafe<ProductSortName>({
      type: 'string',
      enum: PRODUCT_SORT_NAMES,
      description:
        'The list’s order instead of by id: relevance (only with `search`, and its order when none is given: the products with the most of its words in the name, then the SKU, then the description first; equal ones by id), price-asc and price-desc (the unit price; equal prices by id, in the same direction), name (any case, then by id), newest (the latest added first), in-stock (products in stock first, each part by id). Read by page, not with `after` or `before` (extension: product-sort)',
      errorMessage: `Sort must be one of ${PRODUCT_SORT_NAMES.join(', ')}`,
    }),
  ),
});
export type SortQuery = Static<typeof SortField>;

export const ProductListQuery = (extensions: boolean) =>
  extensions
    ? Type.Intersect([PageQuery, SeekFields, SortField, Type.Object({ ids: Type.Optional(Ids) })])
    : Type.Object({});

const Amount = Type.Number({ minimum: 0, maximum: MAX_PRICE });
const Stock = Type.Integer({ minimum: 0, maximum: MAX_STOCK });

const FilterFields = (extensions: boolean) =>
  Type.Object({
    name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: extensions
          ? 'Part of the name, any case; or a product’s whole SKU, any case (extension: product-sku)'
          : 'Part of the name, any case',
      }),
    ),
    minPrice: Type.Optional(Amount),
    maxPrice: Type.Optional(Amount),
    minQuantity: Type.Optional(Stock),
    maxQuantity: Type.Optional(Stock),
  });
export type ProductFilter = Static<ReturnType<typeof FilterFields>> & {
  search?: string | undefined;
  category?: number | undefined;
};

/** Extension product-categories: a category's products. */
const CategoryField = Type.Object({
  category: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_DATABASE_ID,
      description:
        'Only the products in this category or any category under it; none for a category that does not exist (extension: product-categories)',
    }),
  ),
});

/** Extension product-search: words to find in the name, SKU and description. */
const SearchField = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: MAX_SEARCH_LENGTH,
      errorMessage: { maxLength: SEARCH_TOO_LONG },
      description:
        `Words to find, each in the name, the SKU or the description (any case, accents and word endings aside: ` +
        `"thermometers" finds "thermometer"; "the", "for" and such are left out); at most ${MAX_SEARCH_WORDS} words. ` +
        'A word no product has is replaced by the most similar one that some product has (a typing mistake), said ' +
        'in the answer’s `search.corrections`. Answers a page (page 0 of 20 unless `page` or `size` says otherwise), ' +
        'by relevance unless `sort` says otherwise; not with `after` or `before`. Blank: no search (extension: product-search)',
    }),
  ),
});

export const ProductFilterQuery = (extensions: boolean) =>
  extensions
    ? Type.Intersect([FilterFields(true), CategoryField, SearchField, PageQuery, SeekFields, SortField])
    : FilterFields(false);

/** A run of a product's text, and whether it is a word the search found. */
const TextPart = Type.Object({ text: Type.String(), match: Type.Boolean() });

/** A product a search found, with where: its name in parts, and the part of its description around the first word. */
const SearchHit = Type.Intersect([
  ProductAnswer(true),
  Type.Object({
    highlight: Type.Object(
      {
        name: Type.Array(TextPart, { description: 'The name in parts, the words found marked' }),
        excerpt: Nullable(
          Type.Array(TextPart, {
            description:
              'The description around the first word found (… where it is cut), in parts; null when no word was found in it',
          }),
        ),
      },
      { description: 'Where the search’s words are in the product’s text' },
    ),
  }),
]);

/**
 * A page of what a search found: the products, and how the search was read. One object whose `search` is required, so
 * that the answer's serializer tells any other page from it at its first check (a plain page has none).
 */
const SearchPage = Type.Object({
  search: Type.Object({
    words: Type.Array(Type.String(), {
      description: 'The words looked for, as read (any case folded), each corrected one as suggested',
    }),
    corrections: Type.Array(Type.Object({ typed: Type.String(), suggested: Type.String() }), {
      description: 'Each word no product has, and the catalogue’s word looked for instead',
    }),
  }),
  ...PageSchema(SearchHit).properties,
});

export const ProductListAnswer = (extensions: boolean) =>
  extensions
    ? Type.Union([Type.Array(ProductAnswer(true)), SearchPage, PageSchema(ProductAnswer(true))], {
        description: 'A list; a page object when page, size, after or before is given; a search’s page with `search`',
      })
    : Type.Array(ProductAnswer(false));

export interface TextPart {
  text: string;
  match: boolean;
}
export type SearchHit = ProductAnswer & { highlight: { name: TextPart[]; excerpt: TextPart[] | null } };
export interface SearchPage {
  content: SearchHit[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  search: { words: string[]; corrections: { typed: string; suggested: string }[] };
}

/** Extension product-facets: the products a filter and a search match, as /api/products/filter takes them. */
export const ProductFacetsQuery = Type.Intersect([FilterFields(true), CategoryField, SearchField]);

const FacetCount = (description: string) => Type.Integer({ minimum: 0, description });

/** The counts beside each way of narrowing a list, each as if its own choice were not made (product-facets). */
export const ProductFacetsAnswer = Type.Object({
  totalElements: FacetCount('How many products the filter and search match'),
  categories: Type.Array(
    Type.Object({
      id: Type.Integer(),
      count: FacetCount('The matching products in the category or any under it, each once'),
    }),
    {
      description:
        'Each category one level under `category` (the top level without it), by id: how many matching products it holds (0 included)',
    },
  ),
  priceBands: Type.Array(
    Type.Object({
      minPrice: Type.Number({ description: 'The band’s lowest price' }),
      maxPrice: Nullable(Type.Number({ description: 'The band’s highest price; null: no upper end' })),
      count: FacetCount('The matching products in the band, the price bounds set aside'),
    }),
    {
      description:
        'The shop’s price bands, cheapest first: choose one by giving its minPrice and maxPrice as the filter’s bounds',
    },
  ),
  inStock: FacetCount('The matching products with at least 1 unit in stock, the stock bounds set aside'),
});
export type ProductFacets = Static<typeof ProductFacetsAnswer>;

/** Extension product-low-stock: a page of the products low in stock, each with the threshold that applies to it. */
export const LowStockPage = PageSchema(
  Type.Intersect([
    ProductAnswer(true),
    Type.Object({
      appliedThreshold: Type.Integer({
        description: 'The threshold it is at or under: its own, else the shop’s',
      }),
    }),
  ]),
);
