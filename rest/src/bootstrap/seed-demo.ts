// Loads the demo catalogue into an empty shop (SEED_DEMO=true). Its images are served by this service itself.
import type { Kysely } from 'kysely';
import { ProductRepository } from '../products/product.repository.js';
import { now } from '../shared/timestamps.js';
import { dollarsToCents } from '../../../shop-rules/money.js';
import type { Database } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { CategoryRepository } from '../categories/category.repository.js';
import { demoCategories, demoProducts } from './demo-products.js';

export const DEMO_IMAGE_PATH = '/images/products/';

const DEMO_CATALOGUE = 'demo-catalogue';

/** The demo products' SKUs, in the catalogue's order: MED-0001, MED-0002, … */
export const demoSku = (index: number) => `MED-${String(index + 1).padStart(4, '0')}`;

/**
 * Answers how many products it added: all of them into a new shop, once; none into a shop that has had them (even
 * if an admin has since deleted them) or that had products of its own before. Instances starting together on one
 * database wait for each other on the seed_runs row, the transaction's first write, and only one loads it.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, kind: DatabaseKind): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('seedRuns')
      .values({ name: DEMO_CATALOGUE, ranAt: now() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    const products = new ProductRepository(trx, kind);
    if ((await products.count({})) > 0) return 0;
    const categoriesOf = await seedDemoCategories(new CategoryRepository(trx));
    for (const [index, product] of demoProducts.entries()) {
      const imageUrls = product.images.map((file) => `${DEMO_IMAGE_PATH}${file}`);
      await products.insert({
        name: product.name,
        description: product.description,
        priceCents: dollarsToCents(product.price) ?? 0,
        quantity: product.quantity,
        imageUrl: imageUrls[0] ?? null,
        imageUrls,
        imageAlts: [],
        sku: demoSku(index),
        categoryIds: categoriesOf.get(product.name) ?? [],
        lowStockThreshold: null,
      });
    }
    return demoProducts.length;
  });
}

/** The demo categories, each path's categories made once; answers each demo product's categories by its name. */
async function seedDemoCategories(categories: CategoryRepository): Promise<Map<string, number[]>> {
  const idOfPath = new Map<string, number>();
  const categoriesOf = new Map<string, number[]>();
  for (const { path, products } of demoCategories) {
    let parentId: number | null = null;
    for (const [depth, name] of path.entries()) {
      const key = path.slice(0, depth + 1).join(' › ');
      let id = idOfPath.get(key);
      if (id === undefined) {
        id = (await categories.insert({ name, parentId })).id;
        idOfPath.set(key, id);
      }
      parentId = id;
    }
    for (const product of products) categoriesOf.set(product, [...(categoriesOf.get(product) ?? []), parentId!]);
  }
  return categoriesOf;
}
