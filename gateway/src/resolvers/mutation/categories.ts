// Mutations of the catalogue's categories (admins, extension product-categories): create, rename or move, delete
// (its products moved first, and published as changed).
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputCheck } from '../../errors.js';
import { productsByIds } from '../../rest/plain-contract/by-ids.js';
import { checkCategoryName } from '../../../../shop-rules/category-rules.js';
import { categoryIdOf } from '../category.js';
import { publishProductsById } from './catalogue.js';
import { withUserErrors } from './user-errors.js';

/** Tells every gateway's catalogue cache that the tree changed (paths and facets with it); a failure is logged. */
async function announceCategoryChange(context: GatewayContext, categoryId: number): Promise<void> {
  try {
    await context.pubsub.publish('CATEGORIES_CHANGED', { categoryId });
  } catch (error) {
    context.log.error({ err: error, categoryId }, 'could not announce a category change');
  }
}

/** The category form as REST takes it: the name after the rules, the parent by number. */
function categoryBody(input: { name: string; parentId?: string | null }, check: InputCheck) {
  const name = check.value(checkCategoryName(input.name));
  const parentId =
    input.parentId == null ? null : check.attempt(() => categoryIdOf(input.parentId!, 'parentId', 'INVALID_INPUT'));
  check.done();
  return { name: name!, parentId: parentId ?? null };
}

export const categoryMutations: Pick<MutationResolvers, 'createCategory' | 'updateCategory' | 'deleteCategory'> = {
  createCategory: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['name', 'parentId'] }, async () => {
      await context.api.categories.refuseWhereUnsupported();
      const category = await context.api.categories.create(categoryBody(input, new InputCheck()));
      context.loaders.categories.clear();
      await announceCategoryChange(context, category.id);
      return { category };
    }),

  updateCategory: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id', 'name', 'parentId'] }, async () => {
      await context.api.categories.refuseWhereUnsupported();
      const check = new InputCheck();
      const id = check.attempt(() => categoryIdOf(input.id, 'id'))!;
      const category = await context.api.categories.update(id, categoryBody(input, check));
      context.loaders.categories.clear();
      await announceCategoryChange(context, id);
      return { category };
    }),

  deleteCategory: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id', 'moveProductsTo'] }, async () => {
      await context.api.categories.refuseWhereUnsupported();
      const check = new InputCheck();
      const id = check.attempt(() => categoryIdOf(input.id, 'id'))!;
      const moveTo =
        input.moveProductsTo == null
          ? undefined
          : check.attempt(() => categoryIdOf(input.moveProductsTo!, 'moveProductsTo'));
      check.done();
      const moved = await context.api.categories.delete(id, moveTo);
      context.loaders.categories.clear();
      await announceCategoryChange(context, id);
      context.loaders.productById.clearAll();
      // The moved products changed: every client showing them hears it.
      await publishProductsById(context, moved);
      const movedProducts = moved.length > 0 ? [...(await productsByIds(context.api, moved)).values()] : [];
      return { deletedCategoryId: input.id, movedProducts };
    }) as never,
};
