// SQL for the catalogue. Stock only changes through the conditional updates here, so it never goes negative.
import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import { type PreparedQuery, preparedQuery } from '../db/prepared-query.js';
import { containing } from '../db/contains-text.js';
import type { Database, ProductRow, ProductsTable } from '../db/schema.js';
import { inBatches } from '../shared/batches.js';
import { now } from '../shared/timestamps.js';
import { centsToDollars } from '../../../shop-rules/money.js';
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  type ProductContractFields,
  type ProductFieldKind,
} from '../../../shop-rules/product-fields.js';
import { type ValidProduct, skuKey } from '../../../shop-rules/product-rules.js';
import type { ProductSortName } from '../../../shop-rules/product-sorts.js';
import { SearchIndex } from '../db/search/search-index.js';
import { CatalogueCounts, WHOLE_CATALOGUE, priceBandOfProduct } from '../db/catalogue-counts.js';
import { IN_STOCK_MIN_QUANTITY, PRICE_BANDS } from '../../../shop-rules/product-facets.js';

/** A product as the shop rules accept it (validated, prices in cents): what the catalogue stores. */
export type ProductFields = ValidProduct;

export interface ProductCriteria {
  nameContains?: string | undefined;
  /** With `nameContains`: a product whose SKU is that text (any case) matches too (extension: product-sku). */
  orSkuIs?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  minQuantity?: number | undefined;
  maxQuantity?: number | undefined;
  /** Products with every one of these stems in their name, SKU or description (extension: product-search). */
  searchStems?: string[] | undefined;
  /** Products in this category or any under it (extension: product-categories). */
  categoryId?: number | undefined;
}

/** The counts beside each way of narrowing a list (extension: product-facets); see ProductRepository.facets. */
export interface ProductFacetCounts {
  total: number;
  categories: { id: number; count: number }[];
  /** In PRICE_BANDS' order. */
  priceBands: number[];
  inStock: number;
}

export interface Slice {
  offset: number;
  limit: number;
}

/**
 * Each order but the catalogue's, with what breaks a tie: read off an index each (products_price_idx, migration
 * 0011's by name and by stock), so a page costs what the catalogue's does.
 */
type ProductsQuery<Row> = SelectQueryBuilder<Database, 'products', Row>;

const SORTED_BY: Record<
  ProductSortName,
  <Row>(query: ProductsQuery<Row>, criteria: ProductCriteria, search: SearchIndex) => ProductsQuery<Row>
> = {
  // The most relevant first (search-index.ts' score), equal scores by id: the same order on both databases.
  relevance: (query, criteria, search) =>
    query.orderBy(search.relevance(criteria.searchStems ?? []), 'desc').orderBy('id'),
  'price-asc': (query) => query.orderBy('priceCents').orderBy('id'),
  'price-desc': (query) => query.orderBy('priceCents', 'desc').orderBy('id', 'desc'),
  name: (query) => query.orderBy('nameKey').orderBy('id'),
  newest: (query) => query.orderBy('id', 'desc'),
  // false (in stock) before true, on both databases (SQLite's 0 and 1).
  'in-stock': (query) => query.orderBy(sql`(quantity = 0)`).orderBy('id'),
};

/** A range of values, its top null when it has none. */
interface Range {
  low: number;
  high: number | null;
}

const PRICE_RANGES: readonly Range[] = PRICE_BANDS.map((band) => ({ low: band.minCents, high: band.maxCents }));
/** The ranges of units in stock the kept counts tell apart, by their `in_stock`: none (0), and some (1). */
const STOCK_RANGES: readonly Range[] = [
  { low: 0, high: IN_STOCK_MIN_QUANTITY - 1 },
  { low: IN_STOCK_MIN_QUANTITY, high: null },
];

/** The ranges (by index) wholly within [min, max]; undefined when the bounds cut one of them. */
function rangesWithin(ranges: readonly Range[], min?: number, max?: number): Set<number> | undefined {
  const chosen = new Set<number>();
  for (const [index, range] of ranges.entries()) {
    const top = range.high ?? Infinity;
    const inside = (min === undefined || range.low >= min) && (max === undefined || top <= max);
    const outside = (max !== undefined && range.low > max) || (min !== undefined && top < min);
    if (inside) chosen.add(index);
    else if (!outside) return undefined;
  }
  return chosen;
}

/**
 * The price bands and stock classes `criteria` chooses, when the kept counts can count it (a category at most, and
 * bounds that cut no band nor class); undefined when its products must be counted.
 */
function countedChoice(criteria: ProductCriteria): { bands: Set<number>; stock: Set<number> } | undefined {
  if (criteria.nameContains || criteria.searchStems !== undefined) return undefined;
  const bands = rangesWithin(PRICE_RANGES, criteria.minPriceCents, criteria.maxPriceCents);
  const stock = rangesWithin(STOCK_RANGES, criteria.minQuantity, criteria.maxQuantity);
  return bands && stock ? { bands, stock } : undefined;
}

/** Whether a column is within the bounds given, as SQL (true without any). */
function within(column: string, min: number | undefined, max: number | undefined) {
  const bounds = [
    ...(min === undefined ? [] : [sql`${sql.raw(column)} >= ${min}`]),
    ...(max === undefined ? [] : [sql`${sql.raw(column)} <= ${max}`]),
  ];
  return sql<boolean>`(${bounds.length > 0 ? sql.join(bounds, sql` and `) : sql`1 = 1`})`;
}

/** A place in the list (ordered by id) to read from: after a product, or before one (`end`: before the list's end). */
export type ProductPlace = { after: number } | { before: number | 'end' };

export const nameKey = (name: string) => name.toLocaleLowerCase('en');

/**
 * How each kind of field is kept in its column: an amount in cents (`priceCents`), a list as JSON text, the rest as
 * it is; a field of a new kind says here how.
 */
const KEPT_AS: Record<ProductFieldKind, { column: (name: string) => string; toColumn: (value: unknown) => unknown }> = {
  text: { column: (name) => name, toColumn: (value) => value },
  dollars: { column: (name) => `${name}Cents`, toColumn: (value) => value },
  count: { column: (name) => name, toColumn: (value) => value },
  url: { column: (name) => name, toColumn: (value) => value },
  urls: { column: (name) => name, toColumn: (value) => JSON.stringify(value) },
  code: { column: (name) => name, toColumn: (value) => value },
  // Kept as JSON text on the row (read with it, at no extra cost), and in product_categories (to find a category's).
  ids: { column: (name) => name, toColumn: (value) => JSON.stringify(value) },
  limit: { column: (name) => name, toColumn: (value) => value },
  alts: { column: (name) => name, toColumn: (value) => JSON.stringify(value) },
};

function toColumns(fields: ProductFields) {
  const valid = fields as unknown as Record<string, unknown>;
  const columns = Object.fromEntries(
    PRODUCT_FIELD_NAMES.map((name) => {
      const keptAs = KEPT_AS[PRODUCT_FIELDS[name].kind];
      // The rules answer an amount in cents already, under the column's name.
      return [keptAs.column(name), keptAs.toColumn(valid[keptAs.column(name)])];
    }),
  ) as Omit<Insertable<ProductsTable>, 'id' | 'nameKey' | 'createdAt' | 'updatedAt'>;
  return { ...columns, nameKey: nameKey(fields.name) };
}

/** How each field is read from its stored row, worked out once: this runs for every product of every answer. */
const READ_FROM_ROW = PRODUCT_FIELD_NAMES.map((name) => {
  const kind = PRODUCT_FIELDS[name].kind;
  const convert =
    kind === 'dollars'
      ? (value: unknown) => centsToDollars(value as number)
      : kind === 'urls' || kind === 'ids' || kind === 'alts'
        ? (value: unknown) => JSON.parse(value as string) as unknown
        : undefined;
  return { name, column: KEPT_AS[kind].column(name), convert };
});

/** A stored product's editable fields as the contract carries them: amounts in dollars, lists parsed. */
export function contractFieldsOfRow(row: ProductRow): ProductContractFields {
  const stored = row as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const { name, column, convert } of READ_FROM_ROW)
    fields[name] = convert ? convert(stored[column]) : stored[column];
  return fields as ProductContractFields;
}

/** Rows one INSERT writes at most: well under SQLite's 32,766 bound values at a product's 15. */
const ROWS_PER_STATEMENT = 500;

/** Up to this many ids (a cart holds at most 100 products), products by ids run a query compiled for their count. */
const MAX_PREPARED_IDS = 100;

/** The least share of the catalogue a category holds for a page of it to be found by walking the list. */
const WALKED_CATEGORY_SHARE = 0.02;

/** FTS5's trigram index finds a text of 3 characters or more; shorter ones are looked for the plain way. */
const TRIGRAM = 3;

/** The text as one FTS5 phrase: every character literal (quotes doubled), so "100%" means those four characters. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Whether `criteria` narrows the catalogue at all (`orSkuIs` only widens a name's). */
const hasCriteria = ({ orSkuIs: _widensName, ...narrowing }: ProductCriteria) =>
  Object.values(narrowing).some((value) => value !== undefined && value !== '');

export class ProductRepository {
  // The listing's first screen, every product in pages, and its count: compiled once (db/prepared-query.ts).
  private readonly everyProductPage: PreparedQuery<[limit: number, offset: number], ProductRow>;
  private readonly rowCount: PreparedQuery<[table: string], { count: number }>;
  private readonly productsByIds = new Map<number, PreparedQuery<number[], ProductRow>>();
  /** The search's index, kept with each change of a product's text in the same transaction. */
  readonly search: SearchIndex;
  private readonly counts: CatalogueCounts;

  /**
   * `kind` chooses how "name contains" is looked up (SQLite's FTS5 trigram table, or LIKE over pg_trgm's index on
   * PostgreSQL), how a row is locked for a change, and the search index's statements.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {
    this.everyProductPage = preparedQuery(
      db,
      (db, limit: number, offset: number) =>
        db.selectFrom('products').selectAll().orderBy('id').limit(limit).offset(offset),
      [7, 3],
    );
    this.search = new SearchIndex(db, kind);
    this.counts = new CatalogueCounts(db);
    this.rowCount = preparedQuery(
      db,
      (db, table: string) => db.selectFrom('rowCounts').select('count').where('name', '=', table),
      ['products'],
    );
  }

  /**
   * The products matching `criteria`. `walkCategory` (the category's ids, its own and those under it, from
   * walksCategory): for a page of a category that holds many products, each product met in the list's order is looked
   * up among the category's (EXISTS), so a page of 24 reads about 24 / share rows, where gathering the category's
   * products first (IN) reads all of them, a third of the catalogue for a top category. A small category is gathered:
   * walking the list would read most of the catalogue to find a page.
   */
  private matching(
    criteria: ProductCriteria,
    walkCategory?: readonly number[],
  ): SelectQueryBuilder<Database, 'products', object> {
    let query = this.db.selectFrom('products');
    const { nameContains, orSkuIs } = criteria;
    if (nameContains) {
      const text = nameKey(nameContains);
      query = query.where((eb) => {
        const byName =
          this.kind === 'sqlite' && [...text].length >= TRIGRAM
            ? eb(
                'id',
                'in',
                this.db
                  .selectFrom('productsNameSearch')
                  .select('rowid')
                  .where(sql<boolean>`products_name_search match ${ftsPhrase(text)}`),
              )
            : containing('nameKey', text);
        // Each side is read off its own index (the name's, and products_sku_key_idx), and the two joined.
        return orSkuIs ? eb.or([byName, eb(sql`upper(sku)`, '=', skuKey(nameContains.trim()))]) : byName;
      });
    }
    if (criteria.searchStems)
      query =
        criteria.searchStems.length === 0
          ? // A search with nothing to look for (no letter or digit) finds nothing.
            query.where(sql<boolean>`1 = 0`)
          : query.where(sql<boolean>`products.id in (${this.search.matchingIds(criteria.searchStems)})`);
    if (criteria.categoryId !== undefined)
      query = query.where(
        walkCategory
          ? sql<boolean>`exists (select 1 from product_categories where product_categories.product_id = products.id
              and product_categories.category_id in (${sql.join(walkCategory)}))`
          : sql<boolean>`products.id in (${this.inCategory(criteria.categoryId)})`,
      );
    if (criteria.minPriceCents !== undefined) query = query.where('priceCents', '>=', criteria.minPriceCents);
    if (criteria.maxPriceCents !== undefined) query = query.where('priceCents', '<=', criteria.maxPriceCents);
    if (criteria.minQuantity !== undefined) query = query.where('quantity', '>=', criteria.minQuantity);
    if (criteria.maxQuantity !== undefined) query = query.where('quantity', '<=', criteria.maxQuantity);
    return query;
  }

  /**
   * The category and those under it, when a page of `criteria` is best found by walking the list (matching's
   * `walkCategory`): a category holding at least WALKED_CATEGORY_SHARE of the catalogue, by the kept counts. Given
   * as ids, not a subquery: PostgreSQL would gather a subquery's products whole for each page.
   */
  private async walksCategory(criteria: ProductCriteria): Promise<number[] | undefined> {
    if (criteria.categoryId === undefined) return undefined;
    const rows = await this.counts.of([criteria.categoryId, WHOLE_CATALOGUE]);
    const held = (categoryId: number) =>
      rows.reduce((total, row) => (row.categoryId === categoryId ? total + row.count : total), 0);
    if (held(criteria.categoryId) === 0 || held(criteria.categoryId) < held(WHOLE_CATALOGUE) * WALKED_CATEGORY_SHARE)
      return undefined;
    const { rows: subtree } = await sql<{ id: number }>`with recursive subtree (id) as (
        select id from categories where id = ${criteria.categoryId}
        union all select categories.id from categories join subtree on categories.parent_id = subtree.id)
      select id from subtree`.execute(this.db);
    return subtree.map((row) => Number(row.id));
  }

  /** The ids of the products in a category or any under it, as a subquery (one recursive query, both databases). */
  private inCategory(categoryId: number) {
    return sql`with recursive subtree (id) as (
        select id from categories where id = ${categoryId}
        union all select categories.id from categories join subtree on categories.parent_id = subtree.id)
      select product_id from product_categories where category_id in (select id from subtree)`;
  }

  /**
   * The facets of the products matching `criteria` (extension: product-facets), each counted as if its own choice
   * were not made, so a shopper sees what choosing another would give (Saleor's and Shopify's listings count so):
   * - each category one level under `criteria.categoryId` (the top level without it): the matching products in it or
   *   under it, each once (0 included);
   * - each of PRICE_BANDS: the matching products in it, the price bounds set aside;
   * - in stock: the matching products with stock, the stock bounds set aside.
   * From the kept counts where they count `criteria` (keptFacets); else in one query, the products matching read once.
   */
  async facets(criteria: ProductCriteria): Promise<ProductFacetCounts> {
    const kept = await this.keptFacets(criteria);
    if (kept) return kept;
    const { categoryId, minPriceCents, maxPriceCents, minQuantity, maxQuantity, ...rest } = criteria;
    // The products of everything but the bounds, read once (a search's matches are found once), each with its band,
    // whether it is in stock, and whether it is within the price bounds and within the stock bounds: each count sets
    // its own bounds aside.
    const base = this.matching({ ...rest, categoryId }).select([
      'products.id',
      priceBandOfProduct().as('band'),
      sql<number>`case when products.quantity >= ${sql.lit(IN_STOCK_MIN_QUANTITY)} then 1 else 0 end`.as('stocked'),
      within('products.price_cents', minPriceCents, maxPriceCents).as('priced'),
      within('products.quantity', minQuantity, maxQuantity).as('held'),
    ]);
    const { rows } = await sql<{ kind: string; key: number; count: number }>`with recursive tree (id, top) as (
        select id, id from categories where ${categoryId === undefined ? sql`parent_id is null` : sql`parent_id = ${categoryId}`}
        union all select categories.id, tree.top from categories join tree on categories.parent_id = tree.id),
      base as materialized ${base /* a subquery brings its own parentheses */}
      select 'total' as kind, 0 as key, count(*) as count from base where priced and held
      union all select 'band', band, count(*) from base where held group by band
      union all select 'stock', 0, count(*) from base where priced and stocked = 1
      union all select 'child', id, 0 from tree where id = top
      union all select 'category', tree.top, count(distinct base.id) from base
        join product_categories on product_categories.product_id = base.id
        join tree on tree.id = product_categories.category_id
        where priced and held group by tree.top`.execute(this.db);
    const counted = (kind: string, key = 0) =>
      Number(rows.find((row) => row.kind === kind && Number(row.key) === key)?.count ?? 0);
    return {
      total: counted('total'),
      categories: rows
        .filter((row) => row.kind === 'child')
        .map((row) => Number(row.key))
        .sort((one, other) => one - other)
        .map((id) => ({ id, count: counted('category', id) })),
      priceBands: PRICE_BANDS.map((_, band) => counted('band', band)),
      inStock: counted('stock'),
    };
  }

  /**
   * The facets as the kept counts give them (db/catalogue-counts.ts), when `criteria` is what they count: a category,
   * prices of whole bands (the web's band facets), "in stock" or not; else undefined, and they are counted.
   */
  private async keptFacets(criteria: ProductCriteria): Promise<ProductFacetCounts | undefined> {
    const choice = countedChoice(criteria);
    if (!choice) return undefined;
    const parent = criteria.categoryId ?? WHOLE_CATALOGUE;
    const children = await this.db
      .selectFrom('categories')
      .select('id')
      .where((eb) => (criteria.categoryId === undefined ? eb('parentId', 'is', null) : eb('parentId', '=', parent)))
      .orderBy('id')
      .execute();
    const rows = await this.counts.of([parent, ...children.map((child) => child.id)]);
    const sum = (categoryId: number, bands: ReadonlySet<number>, stock: ReadonlySet<number>) =>
      rows.reduce(
        (total, row) =>
          row.categoryId === categoryId && bands.has(row.priceBand) && stock.has(row.inStock)
            ? total + row.count
            : total,
        0,
      );
    return {
      total: sum(parent, choice.bands, choice.stock),
      categories: children.map(({ id }) => ({ id, count: sum(id, choice.bands, choice.stock) })),
      priceBands: PRICE_BANDS.map((_, band) => sum(parent, new Set([band]), choice.stock)),
      inStock: sum(parent, choice.bands, new Set([1])),
    };
  }

  /** The products at or under their low-stock threshold (their own, else `shopThreshold`). */
  private lowInStock(shopThreshold: number) {
    return this.db
      .selectFrom('products')
      .where(sql<boolean>`quantity <= coalesce(low_stock_threshold, ${shopThreshold})`);
  }

  /** A slice of the products low in stock, the fewest units first (then by id): what to restock first. */
  findLowStock(shopThreshold: number, slice: Slice): Promise<ProductRow[]> {
    return this.lowInStock(shopThreshold)
      .selectAll()
      .orderBy('quantity')
      .orderBy('id')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute();
  }

  async countLowStock(shopThreshold: number): Promise<number> {
    const { count } = await this.lowInStock(shopThreshold)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Which of these category ids no category has (inside a change's transaction: what the save will meet). */
  async missingCategories(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  }

  /** Each product's categories as product_categories holds them: exactly its `ids` (its row holds them too). */
  private async replaceCategories(products: readonly { id: number; categoryIds: readonly number[] }[]): Promise<void> {
    for (const batch of inBatches(products, ROWS_PER_STATEMENT)) {
      await this.db
        .deleteFrom('productCategories')
        .where(
          'productId',
          'in',
          batch.map(({ id }) => id),
        )
        .execute();
      const rows = batch.flatMap(({ id, categoryIds }) =>
        categoryIds.map((categoryId) => ({ productId: id, categoryId })),
      );
      if (rows.length > 0) await this.db.insertInto('productCategories').values(rows).execute();
    }
  }

  /** The products matching `criteria` in the catalogue's order (by id) or `sort`'s; a slice of them with `slice`. */
  async find(criteria: ProductCriteria, slice?: Slice, sort?: ProductSortName): Promise<ProductRow[]> {
    if (slice && !sort && !hasCriteria(criteria)) return this.everyProductPage([slice.limit, slice.offset]);
    // By relevance, a search's matches are scored; in another order they are products like any others.
    if (criteria.searchStems && criteria.searchStems.length > 0 && (!sort || sort === 'relevance'))
      return this.findFound(criteria, slice, sort);
    const matching = this.matching(criteria, slice ? await this.walksCategory(criteria) : undefined);
    const inOrder = <Row>(query: ProductsQuery<Row>) =>
      sort ? SORTED_BY[sort](query, criteria, this.search) : query.orderBy('products.id');
    if (!slice) return inOrder(matching.selectAll()).execute();
    // The page's ids first, read off the order's index alone, then the rows of those 24: with the rows read in the
    // walk, an OFFSET reads every product it skips (the page 500 by name on PostgreSQL: 39 → 2 ms in EXPLAIN
    // ANALYZE at 100,000 products).
    const page = inOrder(matching.select('products.id')).limit(slice.limit).offset(slice.offset);
    return inOrder(this.db.selectFrom('products').selectAll().where('products.id', 'in', page)).execute();
  }

  /**
   * What a search found (its stems), within the rest of `criteria`, in `sort`'s order or by relevance: the page's ids
   * from the search's matches joined to the catalogue (search-index.ts' `found`), then those products' rows.
   */
  private async findFound(criteria: ProductCriteria, slice?: Slice, sort?: ProductSortName): Promise<ProductRow[]> {
    let query = this.matching({ ...criteria, searchStems: undefined })
      .innerJoin(this.search.found(criteria.searchStems!).as('found'), 'found.productId', 'products.id')
      .select('products.id');
    query =
      sort && sort !== 'relevance'
        ? SORTED_BY[sort](query, criteria, this.search)
        : query.orderBy('found.score', 'desc').orderBy('products.id');
    if (slice) query = query.limit(slice.limit).offset(slice.offset);
    const ids = (await query.execute()).map((row) => row.id);
    const byId = new Map((await this.findByIds(ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The products matching `criteria` on the far side of `place` (none of it included). */
  private beyond(
    criteria: ProductCriteria,
    place: ProductPlace | undefined,
    walkCategory?: readonly number[],
  ): SelectQueryBuilder<Database, 'products', object> {
    const query = this.matching(criteria, walkCategory);
    if (!place) return query;
    if ('after' in place) return query.where('id', '>', place.after);
    return place.before === 'end' ? query : query.where('id', '<', place.before);
  }

  /**
   * Keyset paging: the `limit` matching products just after (or before) a place, in the list's order (by id). Read
   * off the primary key's index from the place on, so a page deep in the list costs what the first one does, where
   * OFFSET would read (and on PostgreSQL, sort) every matching row before it.
   */
  async findBeyond(criteria: ProductCriteria, place: ProductPlace, limit: number): Promise<ProductRow[]> {
    const backward = 'before' in place;
    const rows = await this.beyond(criteria, place, await this.walksCategory(criteria))
      .selectAll()
      .orderBy('id', backward ? 'desc' : 'asc')
      .limit(limit)
      .execute();
    return backward ? rows.reverse() : rows;
  }

  /** How many products match `criteria`, on the far side of `place` when one is given. */
  async count(criteria: ProductCriteria, place?: ProductPlace): Promise<number> {
    const wholeList = !place || ('before' in place && place.before === 'end');
    // The whole catalogue is counted by the triggers, not by this request.
    if (!hasCriteria(criteria) && wholeList) {
      const [counted] = await this.rowCount(['products']);
      if (counted) return Number(counted.count);
    }
    // A category's, a price band's, the products in stock: as the kept counts give them.
    const choice = wholeList ? countedChoice(criteria) : undefined;
    if (choice) {
      const rows = await this.counts.of([criteria.categoryId ?? WHOLE_CATALOGUE]);
      return rows.reduce(
        (total, row) => (choice.bands.has(row.priceBand) && choice.stock.has(row.inStock) ? total + row.count : total),
        0,
      );
    }
    // A search alone: its matches, counted in the search's index without reading the products (PostgreSQL joined
    // them, 14 → 3 ms for the 9,600 products "thermometer" finds in the bench's big shop).
    const { searchStems, ...others } = criteria;
    if (searchStems && searchStems.length > 0 && wholeList && !hasCriteria(others)) {
      const { rows } = await sql<{
        count: number;
      }>`select count(*) as count from (${this.search.matchingIds(searchStems)}) as found`.execute(this.db);
      return Number(rows[0]!.count);
    }
    const { count } = await this.beyond(criteria, place)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  findByIds(ids: number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    if (ids.length > MAX_PREPARED_IDS)
      return this.db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id').execute();
    // A cart's or an order's lines' products (line-products) on every such answer: one compiled query per count.
    let byIds = this.productsByIds.get(ids.length);
    if (!byIds) {
      byIds = preparedQuery(
        this.db,
        (db, ...some: number[]) => db.selectFrom('products').selectAll().where('id', 'in', some).orderBy('id'),
        ids.map((_, index) => index + 1),
      );
      this.productsByIds.set(ids.length, byIds);
    }
    return byIds(ids);
  }

  /** The product whose SKU is this one in any case, other than `exceptId`: the one that holds it already. */
  /** The products whose SKUs are these, as skuKey writes them (upper case). */
  findBySkuKeys(keys: string[]): Promise<ProductRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('products')
      .selectAll()
      .where(sql`upper(sku)`, 'in', keys)
      .execute();
  }

  /** Takes these products' SKUs away (inside a transaction that gives them new ones, or others theirs). */
  async clearSkus(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.updateTable('products').set({ sku: null }).where('id', 'in', ids).execute();
  }

  holderOfSku(sku: string, exceptId?: number): Promise<Pick<ProductRow, 'id' | 'name'> | undefined> {
    let query = this.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where(sql`upper(sku)`, '=', skuKey(sku));
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  findById(id: number): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The product as a change inside the caller's transaction finds it, held until that transaction ends: no other
   * change (an admin's, a checkout's) comes between what is read and what is written. PostgreSQL locks the row;
   * SQLite's transactions hold its write lock from their start (database.ts).
   */
  findForChange(id: number): Promise<ProductRow | undefined> {
    const query = this.db.selectFrom('products').selectAll().where('id', '=', id);
    return (this.kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /**
   * Locks these products until the transaction ends (PostgreSQL; SQLite's transactions hold its one write lock), in id
   * order: a change takes its products' rows before the kept counts' rows, as a checkout's sale does.
   */
  private async lockForChange(ids: readonly number[]): Promise<void> {
    if (this.kind !== 'postgres' || ids.length === 0) return;
    for (const batch of inBatches(
      [...ids].sort((one, other) => one - other),
      ROWS_PER_STATEMENT,
    ))
      await this.db.selectFrom('products').select('id').where('id', 'in', batch).orderBy('id').forUpdate().execute();
  }

  /** Adds a product, and indexes it for search: call inside a transaction, so that both are kept or neither. */
  async insert(fields: ProductFields): Promise<ProductRow> {
    return (await this.insertMany([fields]))[0]!;
  }

  /**
   * Adds products, in the order given, a batch in a few statements whatever its size (a CSV import's thousands), and
   * indexes them: inside a transaction, as insert.
   */
  async insertMany(list: readonly ProductFields[]): Promise<ProductRow[]> {
    const timestamp = now();
    const rows: ProductRow[] = [];
    for (const batch of inBatches(list, ROWS_PER_STATEMENT)) {
      const inserted = await this.db
        .insertInto('products')
        .values(batch.map((fields) => ({ ...toColumns(fields), createdAt: timestamp, updatedAt: timestamp })))
        .returningAll()
        .execute();
      // One statement numbers its rows in the order of its values; the order it returns them in is not promised.
      rows.push(...inserted.sort((one, other) => one.id - other.id));
    }
    await this.search.indexMany(rows.map((row) => ({ id: row.id, product: row })));
    await this.replaceCategories(rows.map((row, index) => ({ id: row.id, categoryIds: list[index]!.categoryIds })));
    await this.counts.add(
      rows.map((row) => row.id),
      1,
    );
    return rows;
  }

  /** Changes a product, and its search index: inside a transaction, as insert. */
  async update(id: number, fields: ProductFields): Promise<ProductRow | undefined> {
    return (await this.updateMany([{ id, fields }]))[0];
  }

  /** Changes products, and their search index (one statement a product, the rest in a few): as insertMany. */
  async updateMany(changes: readonly { id: number; fields: ProductFields }[]): Promise<ProductRow[]> {
    const timestamp = now();
    const rows: ProductRow[] = [];
    const changed: { id: number; categoryIds: readonly number[] }[] = [];
    const ids = changes.map(({ id }) => id);
    // The products first, then their counts, as a sale takes them: two changes never wait for each other in turn.
    await this.lockForChange(ids);
    // Counted as they were, then as they are.
    await this.counts.add(ids, -1);
    for (const { id, fields } of changes) {
      const row = await this.db
        .updateTable('products')
        .set({ ...toColumns(fields), updatedAt: timestamp })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) continue;
      rows.push(row);
      changed.push({ id, categoryIds: fields.categoryIds });
    }
    await this.search.indexMany(rows.map((row) => ({ id: row.id, product: row })));
    await this.replaceCategories(changed);
    await this.counts.add(
      rows.map((row) => row.id),
      1,
    );
    return rows;
  }

  /** Deletes a product, and its search index: inside a transaction, as insert. */
  async delete(id: number): Promise<boolean> {
    await this.lockForChange([id]);
    await this.counts.add([id], -1);
    await this.search.remove(id);
    const result = await this.db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Takes units out of stock only if that many are there; answers whether it did. Runs inside the caller's transaction.
   */
  async takeStock(trx: Kysely<Database>, productId: number, units: number): Promise<boolean> {
    const left = await trx
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '-', units), updatedAt: now() }))
      .where('id', '=', productId)
      .where('quantity', '>=', units)
      .returning('quantity')
      .executeTakeFirst();
    // The last units sold: the product is counted out of stock from now on.
    if (left && left.quantity < IN_STOCK_MIN_QUANTITY && left.quantity + units >= IN_STOCK_MIN_QUANTITY)
      await this.stockCrossed(trx, productId, 1);
    return left !== undefined;
  }

  /** Puts units back (a cancelled order), inside the caller's transaction. */
  async returnStock(trx: Kysely<Database>, productId: number, units: number): Promise<void> {
    const refilled = await trx
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '+', units), updatedAt: now() }))
      .where('id', '=', productId)
      .returning('quantity')
      .executeTakeFirst();
    if (refilled && refilled.quantity >= IN_STOCK_MIN_QUANTITY && refilled.quantity - units < IN_STOCK_MIN_QUANTITY)
      await this.stockCrossed(trx, productId, 0);
  }

  /** A product's stock went from in stock (`was` 1) to none, or back: moved between the two in the kept counts. */
  private async stockCrossed(trx: Kysely<Database>, productId: number, was: 0 | 1): Promise<void> {
    const counts = new CatalogueCounts(trx);
    await counts.add([productId], -1, was);
    await counts.add([productId], 1);
  }

  async stockOf(trx: Kysely<Database>, productId: number): Promise<number | undefined> {
    const product = await trx.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirst();
    return product?.quantity;
  }
}
