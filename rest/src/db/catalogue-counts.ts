// How many products each category holds, by price band and by whether they are in stock (issue 34's facets at
// scale): counted as products change rather than when a shopper asks, so a category's page and the listing's facets
// cost a few rows whatever the catalogue's size. A product counts once in each category it is in and in each category
// above those (once, however many of its categories a category holds), and once in the whole catalogue (category 0).
//
// Kept by ProductRepository in the same transaction as the products it changes (a product's count is taken away
// before the change and added after it, and moved between "in stock" and not when a sale empties its stock or a
// cancellation refills it); built whole by migration 0017, by the category changes that move products between
// subtrees (a category moved, or deleted with its products moved), and by the bench's shop (rebuild()).
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.js';
import { inBatches } from '../shared/batches.js';
import { IN_STOCK_MIN_QUANTITY, PRICE_BANDS } from '../../../shop-rules/product-facets.js';

/** The category id under which the whole catalogue is counted (no category has it: ids start at 1). */
export const WHOLE_CATALOGUE = 0;

/** A kept count: how many products of a category (or the whole catalogue) are in a price band and in stock or not. */
export interface CatalogueCount {
  categoryId: number;
  priceBand: number;
  inStock: number;
  count: number;
}

/** Products counted in one statement at most (their ids are bound values). */
const PRODUCTS_PER_STATEMENT = 500;

/** Which of PRICE_BANDS a product's price is in (its index), as SQL over `products.price_cents`. */
export function priceBandOfProduct(): RawBuilder<number> {
  const cases = sql.join(
    PRICE_BANDS.map((each, index) =>
      each.maxCents === null
        ? sql`else ${sql.lit(index)}`
        : sql`when products.price_cents <= ${sql.lit(each.maxCents)} then ${sql.lit(index)}`,
    ),
    sql` `,
  );
  return sql<number>`case ${cases} end`;
}

const inStockOfProduct = sql<number>`case when products.quantity >= ${sql.lit(IN_STOCK_MIN_QUANTITY)} then 1 else 0 end`;

/**
 * Each product (of `ids`, or every one) with each category it counts in: its own, every one above them (each pair
 * once: UNION), and the whole catalogue's.
 */
function countedIn(ids: readonly number[] | undefined) {
  const ofProducts = (column: string) => (ids ? sql`where ${sql.raw(column)} in (${sql.join(ids)})` : sql``);
  return sql`with recursive up (product_id, id) as (
      select product_id, category_id from product_categories ${ofProducts('product_id')}
      union select up.product_id, categories.parent_id from up join categories on categories.id = up.id
        where categories.parent_id is not null),
    counted (product_id, category_id) as (
      select product_id, id from up
      union all select id, ${sql.lit(WHOLE_CATALOGUE)} from products ${ofProducts('id')})`;
}

export class CatalogueCounts {
  constructor(private readonly db: Kysely<Database> | Kysely<unknown>) {}

  /**
   * Adds these products, as they are now, to the counts (`sign` 1), or takes them away (-1): before a change, as they
   * were; after it, as they are. `inStock` counts them as in stock (1) or not (0) whatever their stock now: a sale that
   * emptied a product's stock takes it away from where it was counted before.
   */
  async add(ids: readonly number[], sign: 1 | -1, inStock?: 0 | 1): Promise<void> {
    for (const batch of inBatches(ids, PRODUCTS_PER_STATEMENT)) {
      // Ordered, so that two transactions take the rows' locks in the same order (PostgreSQL).
      await sql`${countedIn(batch)}
        insert into catalogue_counts (category_id, price_band, in_stock, count)
        select counted.category_id, ${priceBandOfProduct()}, ${inStock === undefined ? inStockOfProduct : sql.lit(inStock)},
          ${sql.lit(sign)} * count(*)
        from counted join products on products.id = counted.product_id where true
        group by 1, 2, 3 order by 1, 2, 3
        on conflict (category_id, price_band, in_stock) do update set count = catalogue_counts.count + excluded.count`.execute(
        this.db,
      );
    }
  }

  /** Counts every product afresh (inside the caller's transaction, which then sees the counts whole). */
  async rebuild(): Promise<void> {
    await sql`delete from catalogue_counts`.execute(this.db);
    await sql`${countedIn(undefined)}
      insert into catalogue_counts (category_id, price_band, in_stock, count)
      select counted.category_id, ${priceBandOfProduct()}, ${inStockOfProduct}, count(*)
      from counted join products on products.id = counted.product_id
      group by 1, 2, 3`.execute(this.db);
  }

  /** The kept counts of these categories (WHOLE_CATALOGUE: the whole catalogue's). */
  async of(categoryIds: readonly number[]): Promise<CatalogueCount[]> {
    if (categoryIds.length === 0) return [];
    const rows = await (this.db as Kysely<Database>)
      .selectFrom('catalogueCounts')
      .selectAll()
      .where('categoryId', 'in', [...categoryIds])
      .execute();
    return rows.map((row) => ({
      categoryId: Number(row.categoryId),
      priceBand: Number(row.priceBand),
      inStock: Number(row.inStock),
      count: Number(row.count),
    }));
  }
}
