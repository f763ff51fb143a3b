// Category: a category of the catalogue's tree (extension product-categories). Every field reads the whole tree,
// fetched once a request (loaders.categories); the admins' mutations are in mutation/categories.ts.
import type { GraphQLResolveInfo } from 'graphql';
import type { CategoryResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { InputProblem } from '../errors.js';
import { numericIdOf, toGlobalId } from '../global-id.js';
import type { RestCategory, RestProduct } from '../rest/contract.js';
import { onlyIdRequested } from './requested-fields.js';
import { ancestorsOf } from '../../../shop-rules/category-rules.js';

/** A category's number from its global id; INVALID_INPUT on `field` for an id of another type or none. */
export function categoryIdOf(globalId: string, field: string, code: 'NOT_FOUND' | 'INVALID_INPUT' = 'NOT_FOUND') {
  const id = numericIdOf(globalId, 'Category');
  if (id === undefined) throw new InputProblem('Category not found', field, code);
  return id;
}

export const Category: CategoryResolvers = {
  id: (category) => toGlobalId('Category', category.id),
  parent: async (category, _args, context) =>
    category.parentId === null
      ? null
      : ((await context.loaders.categories.get()).find((each) => each.id === category.parentId) ?? null),
  children: async (category, _args, context) =>
    (await context.loaders.categories.get()).filter((each) => each.parentId === category.id),
  path: async (category, _args, context) => [
    ...ancestorsOf(await context.loaders.categories.get(), category.id).reverse(),
    category,
  ],
};

/**
 * A product's categories, each level by name (none where the shop keeps none). Asked for their ids alone (the listing,
 * the product form), they are the product's own `categoryIds` and cost no upstream call: the web app draws a product's
 * breadcrumbs from those and the tree it already holds.
 */
export async function categoriesOfProduct(
  product: RestProduct,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): Promise<RestCategory[]> {
  const ids = product.categoryIds ?? [];
  if (ids.length === 0) return [];
  if (onlyIdRequested(info)) return ids.map((id) => ({ id }) as RestCategory);
  return (await context.loaders.categories.get()).filter((category) => ids.includes(category.id));
}
