// The catalogue's categories (issue 34, extension product-categories): admins create, rename, move and delete them;
// a category with subcategories is never deleted, one with products only with a category to move them to. Each change
// commits with its audit record.
import type { Actor, AuditChanges, AuditRepository } from '../audit/audit.repository.js';
import type { CategoryRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../shared/http-errors.js';
import { checkCategoryName, checkCategoryPlace } from '../../../shop-rules/category-rules.js';
import { isRuleViolation } from '../../../shop-rules/rule-violation.js';
import type { CategoryFields, CategoryRepository } from './category.repository.js';

export interface CategoryAnswer {
  id: number;
  name: string;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryInput {
  name: string;
  parentId?: number | null | undefined;
}

const toCategoryAnswer = (row: CategoryRow): CategoryAnswer => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** Runs `work` in one transaction, the repositories bound to it. */
export type CategoryTransaction = <T>(
  work: (repositories: { categories: CategoryRepository; audit: AuditRepository }) => Promise<T>,
) => Promise<T>;

const categoryNotFound = (field = 'id') => notFound('Category not found', 'CATEGORY_NOT_FOUND', field);

/** What differs between two states of a category (every field against nothing: created, or deleted). */
function changesOf(before: CategoryFields | undefined, after: CategoryFields | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of ['name', 'parentId'] as const) {
    const [from, to] = [before?.[field], after?.[field]];
    if (from === to) continue;
    changes[field] = { ...(before ? { from } : {}), ...(after ? { to } : {}) };
  }
  return changes;
}

export class CategoryService {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly inTransaction: CategoryTransaction,
  ) {}

  async list(): Promise<CategoryAnswer[]> {
    return (await this.categories.all()).map(toCategoryAnswer);
  }

  /**
   * The fields after the rules, checked against the tree as it is inside the change's transaction: the parent exists,
   * the category does not go under itself or too deep, and no sibling has the name.
   */
  private async checked(categories: CategoryRepository, input: CategoryInput, id?: number): Promise<CategoryFields> {
    const name = checkCategoryName(input.name);
    if (isRuleViolation(name)) throw badRequest(name.message, name.field);
    const fields = { name, parentId: input.parentId ?? null };
    const tree = await categories.all();
    if (fields.parentId !== null && !tree.some((category) => category.id === fields.parentId))
      throw badRequest('Parent category not found', 'parentId');
    const misplaced = checkCategoryPlace(tree, id, fields.parentId);
    if (misplaced) throw badRequest(misplaced.message, misplaced.field);
    const sibling = await categories.sibling(fields, id);
    if (sibling) {
      const parent = tree.find((category) => category.id === fields.parentId);
      throw conflict(
        `A category named ${JSON.stringify(sibling.name)} is already ${parent ? `under ${JSON.stringify(parent.name)}` : 'at the top level'}`,
        'CATEGORY_NAME_TAKEN',
        'name',
      );
    }
    return fields;
  }

  async create(actor: Actor, input: CategoryInput): Promise<CategoryAnswer> {
    return this.inTransaction(async ({ categories, audit }) => {
      const created = await categories.insert(await this.checked(categories, input));
      await audit.record(
        actor,
        'category.created',
        { type: 'category', id: created.id },
        changesOf(undefined, created),
      );
      return toCategoryAnswer(created);
    });
  }

  /** Renames or moves a category (its subcategories and products go with it). */
  async update(actor: Actor, id: number, input: CategoryInput): Promise<CategoryAnswer> {
    return this.inTransaction(async ({ categories, audit }) => {
      const before = await categories.findById(id);
      if (!before) throw categoryNotFound();
      const updated = (await categories.update(id, await this.checked(categories, input, id)))!;
      // Moved: its products now count under other categories.
      if (updated.parentId !== before.parentId) await categories.recountProducts();
      const changes = changesOf(before, updated);
      if (Object.keys(changes).length > 0)
        await audit.record(actor, 'category.updated', { type: 'category', id }, changes);
      return toCategoryAnswer(updated);
    });
  }

  /**
   * Deletes a category without subcategories: an empty one, or one whose products go to `moveProductsTo` first (in
   * the same transaction). Answers the products moved.
   */
  async delete(actor: Actor, id: number, moveProductsTo?: number): Promise<number[]> {
    return this.inTransaction(async ({ categories, audit }) => {
      const before = await categories.findById(id);
      if (!before) throw categoryNotFound();
      const { subcategories, products } = await categories.contents(id);
      if (subcategories > 0)
        throw conflict(
          `${JSON.stringify(before.name)} has ${subcategories === 1 ? 'a subcategory' : `${subcategories} subcategories`}: move or delete ${subcategories === 1 ? 'it' : 'them'} first`,
          'CATEGORY_NOT_EMPTY',
        );
      let moved: number[] = [];
      if (products > 0) {
        if (moveProductsTo === undefined)
          throw conflict(
            `${JSON.stringify(before.name)} holds ${products === 1 ? 'a product' : `${products} products`}: choose a category to move ${products === 1 ? 'it' : 'them'} to`,
            'CATEGORY_NOT_EMPTY',
            'moveProductsTo',
          );
        if (moveProductsTo === id) throw badRequest('Move its products to another category', 'moveProductsTo');
        if (!(await categories.findById(moveProductsTo))) throw categoryNotFound('moveProductsTo');
        moved = await categories.moveProducts(id, moveProductsTo);
      }
      await categories.delete(id);
      if (moved.length > 0) await categories.recountProducts();
      const changes = changesOf(before, undefined);
      // The products it held, and where they went.
      if (moved.length > 0) Object.assign(changes, { products: { from: moved }, movedTo: { to: moveProductsTo } });
      await audit.record(actor, 'category.deleted', { type: 'category', id }, changes);
      return moved;
    });
  }
}
