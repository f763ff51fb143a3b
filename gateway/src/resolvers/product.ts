// Product: a catalogue entry as the contract answers it.
import type { ProductEdgeResolvers, ProductResolvers } from '../__generated__/resolvers-types.js';
import { toGlobalId } from '../global-id.js';
import { moneyOf } from '../money.js';
import type { RestProduct } from '../rest/contract.js';
import { categoriesOfProduct } from './category.js';

export const imagesOf = (product: RestProduct): string[] =>
  product.imageUrls?.length ? product.imageUrls : product.imageUrl ? [product.imageUrl] : [];

/** A product known only by id: enough for `product { id }`, which then needs no upstream call. */
export const productReference = (id: number): RestProduct => ({ id }) as RestProduct;

export const Product: ProductResolvers = {
  id: (product) => toGlobalId('Product', product.id),
  description: (product) => product.description ?? '',
  price: (product) => Number(product.price),
  unitPrice: (product, _args, context) => moneyOf(Number(product.price), context.currency),
  quantity: (product) => Number(product.quantity),
  inStock: (product) => Number(product.quantity) > 0,
  imageUrl: (product) => product.imageUrl ?? imagesOf(product)[0] ?? null,
  imageUrls: imagesOf,
  images: (product) => {
    const alts = new Map((product.imageAlts ?? []).map((entry) => [entry.url, entry.alt]));
    return imagesOf(product).map((url) => ({ url, alt: alts.get(url) ?? null }));
  },
  categories: (product, _args, context, info) => categoriesOfProduct(product, context, info),
};

/** A product of a search's page carries where its words are (extension product-search); of any other list, none. */
export const ProductEdge: ProductEdgeResolvers = {
  highlight: (edge) => edge.node.highlight ?? null,
};
