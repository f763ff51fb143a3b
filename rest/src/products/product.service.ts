// The catalogue's rules: what a valid product is (spec §5, DESIGN §3) and how listings and filters answer.
import type { ProductRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../shared/http-errors.js';
import { altsOfImages, validateProductForm } from '../../../shop-rules/product-rules.js';
import { PRODUCT_FIELDS, PRODUCT_FIELD_NAMES, type ProductField } from '../../../shop-rules/product-fields.js';
import { type Page, type PageRequest, toPage } from '../shared/paging.js';
import type { Actor, AuditChanges, AuditRepository } from '../audit/audit.repository.js';
import type { CategoryRepository } from '../categories/category.repository.js';
import {
  type ProductCriteria,
  type ProductFields,
  type ProductPlace,
  type ProductRepository,
  contractFieldsOfRow,
} from './product.repository.js';
import type { ProductSortName } from '../../../shop-rules/product-sorts.js';
import { checkProductSearch } from '../../../shop-rules/product-search.js';
import { isRuleViolation } from '../../../shop-rules/rule-violation.js';
import { excerptParts, highlightedParts, searchWordsOf } from '../db/search/search-text.js';
import type { ProductAnswer, ProductFacets, ProductFilter, ProductInput, SearchPage } from './product.schemas.js';
import { PRICE_BANDS } from '../../../shop-rules/product-facets.js';
import { centsToDollars } from '../../../shop-rules/money.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** A product low in stock, with the threshold it is at or under (its own, else the shop's). */
export type LowStockProduct = ProductAnswer & { appliedThreshold: number };

export function toProductAnswer(row: ProductRow): ProductAnswer {
  return { id: row.id, ...contractFieldsOfRow(row), createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** The product form after the rules of spec §5 (shared with the gateway), or a 400 naming the first broken one. */
export function validateProductInput(input: ProductInput): ProductFields {
  const valid = validateProductForm(input);
  if (Array.isArray(valid)) throw badRequest(valid[0]!.message, valid[0]!.field);
  return valid;
}

/** The filter as asked, and whether its name finds a product by its whole SKU too (extension: product-sku). */
export type ProductSearch = ProductFilter & { orSkuIs?: boolean };

function criteriaOf(filter: ProductSearch): ProductCriteria {
  if (filter.minPrice !== undefined && filter.maxPrice !== undefined && filter.minPrice > filter.maxPrice) {
    throw badRequest('Min price must not be greater than max price', 'minPrice');
  }
  if (filter.minQuantity !== undefined && filter.maxQuantity !== undefined && filter.minQuantity > filter.maxQuantity) {
    throw badRequest('Min quantity must not be greater than max quantity', 'minQuantity');
  }
  return {
    nameContains: filter.name?.trim() || undefined,
    orSkuIs: filter.orSkuIs,
    // Bounds in cents: a minimum of 10.005 admits 10.01 and up, a maximum of 10.005 admits up to 10.00.
    minPriceCents: filter.minPrice === undefined ? undefined : Math.ceil(filter.minPrice * 100 - 1e-6),
    maxPriceCents: filter.maxPrice === undefined ? undefined : Math.floor(filter.maxPrice * 100 + 1e-6),
    minQuantity: filter.minQuantity,
    maxQuantity: filter.maxQuantity,
    categoryId: filter.category,
  };
}

const skuTaken = (sku: string, holder?: string) =>
  conflict(
    holder
      ? `SKU ${sku} is already used by ${JSON.stringify(holder)}`
      : `SKU ${sku} is already used by another product`,
    'SKU_TAKEN',
    'sku',
  );

/**
 * The fields a form left out that an update keeps (`keptWhenLeftOut`: the SKU), taken from the product as it is: a
 * client that never sends them cannot erase them.
 */
function keepingLeftOut(fields: ProductFields, input: ProductInput, before: ProductRow): ProductFields {
  const kept = PRODUCT_FIELD_NAMES.filter(
    (name) =>
      (PRODUCT_FIELDS[name] as ProductField).keptWhenLeftOut && (input as Record<string, unknown>)[name] === undefined,
  );
  const current = contractFieldsOfRow(before);
  const keeping: ProductFields = { ...fields, ...Object.fromEntries(kept.map((name) => [name, current[name]])) };
  // Alt texts kept are those of the images still there: a text is its image's, whatever the images' order.
  return { ...keeping, imageAlts: altsOfImages(keeping.imageUrls, keeping.imageAlts) };
}

/** Runs `work` in one transaction, with the repositories bound to it: a change and its audit record commit together. */
export type ProductTransaction = <T>(
  work: (repositories: {
    products: ProductRepository;
    audit: AuditRepository;
    /** The category tree, read in the same transaction (a CSV import names categories by their paths). */
    categories: CategoryRepository;
  }) => Promise<T>,
) => Promise<T>;

/** The fields whose values differ (all of them against nothing: a product created, or deleted). */
export function productChanges(before: ProductAnswer | undefined, after: ProductAnswer | undefined): AuditChanges {
  const changes: AuditChanges = {};
  // What the audit record keeps of a product: every field an admin edits (shop-rules' PRODUCT_FIELDS).
  for (const field of PRODUCT_FIELD_NAMES) {
    const [from, to] = [before?.[field], after?.[field]];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = { ...(before ? { from } : {}), ...(after ? { to } : {}) };
  }
  return changes;
}

export class ProductService {
  constructor(
    private readonly products: ProductRepository,
    private readonly inTransaction: ProductTransaction,
  ) {}

  /**
   * Saves a product's fields (a new one without `id`), refusing a SKU another product holds, in any case. Inside the
   * change's transaction: the check and the write see the same catalogue (the unique index decides a race).
   */
  private async save(products: ProductRepository, fields: ProductFields, id?: number): Promise<ProductRow | undefined> {
    const [missing] = await products.missingCategories(fields.categoryIds);
    if (missing !== undefined) throw badRequest(`Category ${missing} does not exist`, 'categoryIds');
    if (fields.sku) {
      const holder = await products.holderOfSku(fields.sku, id);
      if (holder) throw skuTaken(fields.sku, holder.name);
    }
    try {
      return id === undefined ? await products.insert(fields) : await products.update(id, fields);
    } catch (error) {
      if (fields.sku && isUniqueViolation(error)) throw skuTaken(fields.sku);
      throw error;
    }
  }

  /** Every matching product, by id or in `sort`'s order (extension: product-sort). */
  async list(filter: ProductSearch = {}, sort?: ProductSortName): Promise<ProductAnswer[]> {
    return (await this.products.find(criteriaOf(filter), undefined, sort)).map(toProductAnswer);
  }

  async page(filter: ProductSearch, request: PageRequest, sort?: ProductSortName): Promise<Page<ProductAnswer>> {
    const criteria = criteriaOf(filter);
    const [rows, total] = await Promise.all([
      this.products.find(criteria, { offset: request.page * request.size, limit: request.size }, sort),
      this.products.count(criteria),
    ]);
    return toPage(rows.map(toProductAnswer), total, request);
  }

  /**
   * The `size` products after (or before) a place, as a page of what lies beyond it: `totalElements` counts the
   * products after the place (before it, for `before`), as the chat's rooms page (extension: product-keyset).
   */
  async seek(filter: ProductSearch, place: ProductPlace, size: number): Promise<Page<ProductAnswer>> {
    const criteria = criteriaOf(filter);
    const [rows, beyond] = await Promise.all([
      this.products.findBeyond(criteria, place, size),
      this.products.count(criteria, place),
    ]);
    return toPage(rows.map(toProductAnswer), beyond, { page: 0, size });
  }

  /**
   * A page of the products that have every word of `filter.search` (each typing mistake corrected from the
   * catalogue's words), within the filter's other bounds, the most relevant first unless `sort` says otherwise; each
   * with where its words are (extension: product-search).
   */
  async search(filter: ProductSearch, request: PageRequest, sort: ProductSortName = 'relevance'): Promise<SearchPage> {
    const resolved = await this.searchedFor(filter);
    if (resolved.stems.length === 0) {
      // Nothing to look for (no letter or digit): nothing is found.
      return { ...toPage([], 0, request), search: { words: [], corrections: [] } };
    }
    const criteria = { ...criteriaOf(filter), searchStems: resolved.stems };
    const [rows, total] = await Promise.all([
      this.products.find(criteria, { offset: request.page * request.size, limit: request.size }, sort),
      this.products.count(criteria),
    ]);
    const found = new Set(resolved.stems);
    const content = rows.map((row) => ({
      ...toProductAnswer(row),
      highlight: { name: highlightedParts(row.name, found), excerpt: excerptParts(row.description, found) ?? null },
    }));
    return {
      ...toPage(content, total, request),
      search: { words: resolved.words, corrections: resolved.corrections },
    };
  }

  /** The words of `filter.search` as the catalogue has them (each typing mistake corrected), or a 400. */
  private async searchedFor(filter: ProductSearch) {
    const text = checkProductSearch(filter.search);
    if (isRuleViolation(text)) throw badRequest(text.message, text.field);
    return this.products.search.resolve(searchWordsOf(text ?? ''));
  }

  /**
   * The counts beside each way of narrowing the products `filter` matches (extension: product-facets): the categories
   * one level under `filter.category`, the price bands and "in stock", each as if its own choice were not made.
   */
  async facets(filter: ProductSearch): Promise<ProductFacets> {
    const searching = Boolean(filter.search?.trim());
    const stems = searching ? (await this.searchedFor(filter)).stems : undefined;
    const counts = await this.products.facets({ ...criteriaOf(filter), searchStems: stems });
    return {
      totalElements: counts.total,
      categories: counts.categories,
      priceBands: PRICE_BANDS.map((band, index) => ({
        minPrice: centsToDollars(band.minCents),
        maxPrice: band.maxCents === null ? null : centsToDollars(band.maxCents),
        count: counts.priceBands[index]!,
      })),
      inStock: counts.inStock,
    };
  }

  /**
   * A page of the products low in stock (extension product-low-stock): at or under their own threshold, else the
   * shop's; the fewest units first. Each with the threshold that applies to it.
   */
  async lowStock(request: PageRequest, shopThreshold: number): Promise<Page<LowStockProduct>> {
    const [rows, total] = await Promise.all([
      this.products.findLowStock(shopThreshold, { offset: request.page * request.size, limit: request.size }),
      this.products.countLowStock(shopThreshold),
    ]);
    const content = rows.map((row) => ({
      ...toProductAnswer(row),
      appliedThreshold: row.lowStockThreshold ?? shopThreshold,
    }));
    return toPage(content, total, request);
  }

  async byIds(ids: number[]): Promise<ProductAnswer[]> {
    return (await this.products.findByIds(ids)).map(toProductAnswer);
  }

  async get(id: number): Promise<ProductAnswer> {
    const row = await this.products.findById(id);
    if (!row) throw notFound('Product not found', 'PRODUCT_NOT_FOUND', 'id');
    return toProductAnswer(row);
  }

  async create(actor: Actor, input: ProductInput): Promise<ProductAnswer> {
    const fields = validateProductInput(input);
    return this.inTransaction(async ({ products, audit }) => {
      const created = toProductAnswer((await this.save(products, fields))!);
      await audit.record(
        actor,
        'product.created',
        { type: 'product', id: created.id },
        productChanges(undefined, created),
      );
      return created;
    });
  }

  async update(actor: Actor, id: number, input: ProductInput): Promise<ProductAnswer> {
    const fields = validateProductInput(input);
    return this.inTransaction(async ({ products, audit }) => {
      const before = await products.findForChange(id);
      const row = before && (await this.save(products, keepingLeftOut(fields, input, before), id));
      if (!row) throw notFound('Product not found', 'PRODUCT_NOT_FOUND', 'id');
      const updated = toProductAnswer(row);
      const changes = productChanges(toProductAnswer(before), updated);
      // Saved as it was: nothing happened that a record should tell.
      if (Object.keys(changes).length > 0)
        await audit.record(actor, 'product.updated', { type: 'product', id }, changes);
      return updated;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.inTransaction(async ({ products, audit }) => {
      const before = await products.findForChange(id);
      if (!before || !(await products.delete(id))) throw notFound('Product not found', 'PRODUCT_NOT_FOUND', 'id');
      await audit.record(
        actor,
        'product.deleted',
        { type: 'product', id },
        productChanges(toProductAnswer(before), undefined),
      );
    });
  }
}
