// The Product of spec §3 on the wire, the product form, and the listing/filter parameters.
import { Type, type Static } from 'typebox';
import { PageQuery, PageSchema } from '../shared/paging.js';
import { MAX_DATABASE_ID, Nullable, Timestamp } from '../shared/schemas.js';

import {
  MAX_DESCRIPTION_LENGTH,
  MAX_IMAGES,
  MAX_IMAGE_URL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PRICE,
  MAX_STOCK,
} from '../../../shop-rules/product-rules.js';

export { MAX_STOCK };

export const ProductAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Number({ description: 'Dollars, at most 2 decimals' }),
  quantity: Type.Integer({ description: 'Units in stock' }),
  imageUrl: Nullable(Type.String()),
  imageUrls: Type.Array(Type.String(), { description: 'Every image, imageUrl first' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProductAnswer = Static<typeof ProductAnswer>;

const ImageUrl = Type.String({ maxLength: MAX_IMAGE_URL_LENGTH });

export const ProductInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
  description: Type.String({ minLength: 1, maxLength: MAX_DESCRIPTION_LENGTH }),
  price: Type.Number({ minimum: 0, maximum: MAX_PRICE, description: 'Dollars, at most 2 decimals' }),
  quantity: Type.Integer({ minimum: 0, maximum: MAX_STOCK }),
  imageUrl: Type.Optional(Nullable(ImageUrl)),
  imageUrls: Type.Optional(Nullable(Type.Array(ImageUrl, { maxItems: MAX_IMAGES }))),
});
export type ProductInput = Static<typeof ProductInput>;

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

export const ProductListQuery = (extensions: boolean) =>
  extensions ? Type.Intersect([PageQuery, SeekFields, Type.Object({ ids: Type.Optional(Ids) })]) : Type.Object({});

const Amount = Type.Number({ minimum: 0, maximum: MAX_PRICE });
const Stock = Type.Integer({ minimum: 0, maximum: MAX_STOCK });

const FilterFields = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name, any case' })),
  minPrice: Type.Optional(Amount),
  maxPrice: Type.Optional(Amount),
  minQuantity: Type.Optional(Stock),
  maxQuantity: Type.Optional(Stock),
});
export type ProductFilter = Static<typeof FilterFields>;

export const ProductFilterQuery = (extensions: boolean) =>
  extensions ? Type.Intersect([FilterFields, PageQuery, SeekFields]) : FilterFields;

export const ProductListAnswer = (extensions: boolean) =>
  extensions
    ? Type.Union([Type.Array(ProductAnswer), PageSchema(ProductAnswer)], {
        description: 'A list; a page object when page, size, after or before is given',
      })
    : Type.Array(ProductAnswer);
