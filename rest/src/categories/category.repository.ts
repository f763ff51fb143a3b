// SQL for the catalogue's categories (migration 0013): the tree, and which products each holds.
import { type Kysely, sql } from 'kysely';
import type { CategoryRow, Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import { categoryNameKey } from '../../../shop-rules/category-rules.js';
import { CatalogueCounts } from '../db/catalogue-counts.js';

export interface CategoryFields {
  name: string;
  parentId: number | null;
}

export class CategoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The whole tree, each level by name (any case), then by id. */
  all(): Promise<CategoryRow[]> {
    return this.db.selectFrom('categories').selectAll().orderBy('nameKey').orderBy('id').execute();
  }

  findById(id: number): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these ids are categories. */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The category under the same parent with this name in any case, other than `exceptId`. */
  sibling(fields: CategoryFields, exceptId?: number): Promise<CategoryRow | undefined> {
    let query = this.db
      .selectFrom('categories')
      .selectAll()
      .where('nameKey', '=', categoryNameKey(fields.name))
      .where(sql<boolean>`coalesce(parent_id, 0) = ${fields.parentId ?? 0}`);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  insert(fields: CategoryFields): Promise<CategoryRow> {
    const at = now();
    return this.db
      .insertInto('categories')
      .values({ ...fields, nameKey: categoryNameKey(fields.name), createdAt: at, updatedAt: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(id: number, fields: CategoryFields): Promise<CategoryRow | undefined> {
    return this.db
      .updateTable('categories')
      .set({ ...fields, nameKey: categoryNameKey(fields.name), updatedAt: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('catalogueCounts').where('categoryId', '=', id).execute();
    await this.db.deleteFrom('categories').where('id', '=', id).execute();
  }

  /**
   * Counts the catalogue's products by category afresh (db/catalogue-counts.ts), after a change that moves products
   * between subtrees: a category moved, or its products moved to another. Inside the caller's transaction.
   */
  recountProducts(): Promise<void> {
    return new CatalogueCounts(this.db).rebuild();
  }

  /** How many subcategories it has, and how many products it holds itself. */
  async contents(id: number): Promise<{ subcategories: number; products: number }> {
    const [subcategories, products] = await Promise.all([
      this.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('parentId', '=', id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('productCategories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('categoryId', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    return { subcategories: Number(subcategories.count), products: Number(products.count) };
  }

  /**
   * Moves every product of one category into another (kept where it is in both), on both of the places a product's
   * categories are kept: its row's list (in place, its order kept) and product_categories. Inside the caller's
   * transaction. Answers the products moved.
   */
  async moveProducts(from: number, to: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('products')
      .select(['id', 'categoryIds'])
      .where('id', 'in', (eb) => eb.selectFrom('productCategories').select('productId').where('categoryId', '=', from))
      .execute();
    for (const row of rows) {
      const ids = (JSON.parse(row.categoryIds) as number[]).map((id) => (id === from ? to : id));
      await this.db
        .updateTable('products')
        .set({ categoryIds: JSON.stringify([...new Set(ids)]), updatedAt: now() })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length > 0) {
      await this.db
        .insertInto('productCategories')
        .values(rows.map((row) => ({ productId: row.id, categoryId: to })))
        .onConflict((conflict) => conflict.columns(['productId', 'categoryId']).doNothing())
        .execute();
      await this.db.deleteFrom('productCategories').where('categoryId', '=', from).execute();
    }
    return rows.map((row) => row.id);
  }
}
