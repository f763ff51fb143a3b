// The catalogue exported as CSV and imported back (issue 34, extension product-csv). An import is read twice: once to
// preview it (what it would create and change, and every bad row with its line and reason; nothing is written), and
// again when the admin confirms, in one transaction with the audit records of every product it creates or changes.
// The preview answers a `confirmation`, a digest of exactly what it would write: the import goes ahead only while the
// same file, read against the catalogue as it is by then, comes to the same writes. A product changed in between (its
// stock sold, another admin's edit) makes it refuse, and the admin previews again, so nothing happens that the admin
// did not see.
import crypto from 'node:crypto';
import type { CategoryRow, ProductRow } from '../db/schema.js';
import { inBatches } from '../shared/batches.js';
import { badRequest, conflict } from '../shared/http-errors.js';
import type { CategoryRepository } from '../categories/category.repository.js';
import type { Actor } from '../audit/audit.repository.js';
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  type ProductField,
  type ValidProduct,
  contractFieldsOf,
} from '../../../shop-rules/product-fields.js';
import { altsOfImages, normaliseImages, skuKey, validateProductForm } from '../../../shop-rules/product-rules.js';
import { type ProductRepository, contractFieldsOfRow } from './product.repository.js';
import { type ProductTransaction, productChanges, toProductAnswer } from './product.service.js';
import type { ProductAnswer } from './product.schemas.js';
import type { CsvProblem, ImportAnswer, ImportChange } from '../../../shop-rules/product-csv-columns.js';
import { CategoryPaths, type CsvRow, columnOf, csvHeader, csvLines, csvRowOf, readCsv } from './product-csv.js';

/** At most this many problems and changes are listed in an answer; its counts count them all. */
export const MAX_LISTED = 1000;
/** Rows read from the database at a time, for the export and for the products a file names. */
const BATCH = 500;

interface Planned {
  line: number;
  fields: ValidProduct;
  /** The product as it is, for an update. */
  before?: ProductRow;
  changed: string[];
}

interface ImportPlan {
  problems: CsvProblem[];
  creates: Planned[];
  updates: Planned[];
  unchanged: number;
}

/** The file's optional columns an update leaves as the product has them when the file has no such column. */
function formOf(row: CsvRow, before: ProductRow | undefined): Record<string, unknown> {
  const current = before ? contractFieldsOfRow(before) : undefined;
  const form: Record<string, unknown> = { ...row.form };
  for (const name of PRODUCT_FIELD_NAMES) {
    if (name in form) continue;
    if (name === 'imageUrl') form.imageUrl = 'imageUrls' in form ? null : (current?.imageUrl ?? null);
    else if ((PRODUCT_FIELDS[name] as ProductField).optional) form[name] = current?.[name] ?? null;
  }
  // No column holds the alt texts: each image the file keeps keeps its own.
  const images = normaliseImages(form.imageUrl as string | null, form.imageUrls as string[] | null);
  if (current && Array.isArray(images)) form.imageAlts = altsOfImages(images, current.imageAlts);
  return form;
}

const listedAnswer = (plan: ImportPlan, confirmation: string | null, imported: boolean): ImportAnswer => {
  const changes: ImportChange[] = [];
  for (const [action, planned] of [
    ['create', plan.creates],
    ['update', plan.updates],
  ] as const)
    for (const each of planned)
      changes.push({
        line: each.line,
        action,
        id: each.before?.id ?? null,
        name: each.fields.name,
        fields: each.changed,
      });
  changes.sort((one, other) => one.line - other.line);
  return {
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    problemCount: plan.problems.length,
    problems: plan.problems.slice(0, MAX_LISTED),
    changes: changes.slice(0, MAX_LISTED),
    confirmation,
    imported,
  };
};

const changedSincePreview = () =>
  conflict(
    'The catalogue or the file changed since the preview: preview the file again. Nothing was imported',
    'IMPORT_CHANGED',
    'confirm',
  );

/** A digest of exactly what the plan writes, over what it changes from. */
const digestOf = (plan: ImportPlan) =>
  crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        plan.creates.map((each) => each.fields),
        plan.updates.map((each) => [contractFieldsOfRow(each.before!), each.before!.id, each.fields]),
      ]),
    )
    .digest('base64url');

export class CatalogueCsvService {
  constructor(
    private readonly products: ProductRepository,
    private readonly categories: CategoryRepository,
    private readonly inTransaction: ProductTransaction,
  ) {}

  /** The whole catalogue in id order, as the header and then rows, a batch of them at a time. */
  async *export(): AsyncGenerator<string> {
    const paths = new CategoryPaths(await this.categories.all());
    // The byte order mark: spreadsheet programs then read the file as UTF-8 (a name's "é" stays "é").
    yield `\uFEFF${csvHeader()}`;
    for (let after = 0; ;) {
      const rows = await this.products.findBeyond({}, { after }, BATCH);
      if (rows.length === 0) return;
      yield csvLines(rows.map((row) => csvRowOf(row.id, contractFieldsOfRow(row), paths)));
      after = rows.at(-1)!.id;
    }
  }

  /** What importing the file would do, writing nothing. */
  async preview(text: string): Promise<ImportAnswer> {
    const plan = await this.plan(this.products, await this.categories.all(), text);
    return listedAnswer(plan, plan.problems.length === 0 ? digestOf(plan) : null, false);
  }

  /** Imports the file in one transaction, if it still does what the preview `confirmation` was given for said. */
  async import(actor: Actor, text: string, confirmation: string): Promise<ImportAnswer> {
    return this.inTransaction(async ({ products, audit, categories }) => {
      const plan = await this.plan(products, await categories.all(), text);
      if (plan.problems.length > 0)
        throw badRequest(
          `The file has ${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'}, the first on line ${plan.problems[0]!.line}: ${plan.problems[0]!.message}. Nothing was imported`,
          'body',
          'IMPORT_INVALID',
        );
      if (digestOf(plan) !== confirmation) throw changedSincePreview();
      // A SKU an updated product gives up may be another's new one: each is let go first.
      const givingUp = plan.updates
        .filter(({ before, fields }) => before!.sku && skuKey(before!.sku) !== skuKey(fields.sku ?? ''))
        .map(({ before }) => before!.id);
      for (const ids of inBatches(givingUp, BATCH)) await products.clearSkus(ids);
      const updated = await products.updateMany(
        plan.updates.map((each) => ({ id: each.before!.id, fields: each.fields })),
      );
      // A product deleted since it was read: the transaction is given up, and the admin previews again.
      if (updated.length !== plan.updates.length) throw changedSincePreview();
      const created = await products.insertMany(plan.creates.map((each) => each.fields));
      await audit.recordMany(actor, [
        ...updated.map((row, index) => ({
          action: 'product.updated' as const,
          subject: { type: 'product' as const, id: row.id },
          changes: productChanges(toProductAnswer(plan.updates[index]!.before!), toProductAnswer(row)),
        })),
        ...created.map((row) => ({
          action: 'product.created' as const,
          subject: { type: 'product' as const, id: row.id },
          changes: productChanges(undefined, toProductAnswer(row)),
        })),
      ]);
      const createdIds = new Map(plan.creates.map((each, index) => [each.line, created[index]!.id]));
      const answer = listedAnswer(plan, null, true);
      for (const change of answer.changes) if (change.action === 'create') change.id = createdIds.get(change.line)!;
      return answer;
    });
  }

  /** What the file asks for, row by row, against the catalogue as `products` reads it. */
  private async plan(products: ProductRepository, tree: CategoryRow[], text: string): Promise<ImportPlan> {
    const file = readCsv(text, new CategoryPaths(tree));
    const problems = [...file.problems];
    const plan: ImportPlan = { problems, creates: [], updates: [], unchanged: 0 };
    if (file.rows.length === 0) {
      if (problems.length === 0) problems.push({ line: 2, column: null, message: 'The file has no rows to import' });
      return plan;
    }

    const named = [...new Set(file.rows.flatMap((row) => (row.id === null ? [] : [row.id])))];
    const byId = new Map<number, ProductRow>();
    for (const ids of inBatches(named, BATCH)) for (const row of await products.findByIds(ids)) byId.set(row.id, row);
    const skuOf = (value: unknown) => (typeof value === 'string' && value.trim() ? skuKey(value.trim()) : undefined);
    const skus = [...new Set(file.rows.flatMap((row) => skuOf(row.form.sku) ?? []))];
    const bySku = new Map<string, ProductRow>();
    for (const keys of inBatches(skus, BATCH))
      for (const row of await products.findBySkuKeys(keys)) bySku.set(skuKey(row.sku!), row);

    const productLines = new Map<number, number>();
    const skuLines = new Map<string, number>();
    const planned: Planned[] = [];
    for (const row of file.rows) {
      const problem = (column: string | null, message: string) => problems.push({ line: row.line, column, message });
      let before: ProductRow | undefined;
      if (row.id !== null) {
        before = byId.get(row.id);
        if (!before) {
          problem('id', `No product has id ${row.id}`);
          continue;
        }
      } else {
        // No id: a product whose SKU the row gives is the one it changes.
        const sku = skuOf(row.form.sku);
        before = sku === undefined ? undefined : bySku.get(sku);
      }
      if (before) {
        const earlier = productLines.get(before.id);
        if (earlier !== undefined) {
          problem(row.id === null ? 'sku' : 'id', `Product ${before.id} is on line ${earlier} already`);
          continue;
        }
        productLines.set(before.id, row.line);
      }
      const valid = validateProductForm(formOf(row, before) as never);
      if (Array.isArray(valid)) {
        for (const violation of valid) problem(columnOf(violation.field), violation.message);
        continue;
      }
      if (valid.sku) {
        const key = skuKey(valid.sku);
        const earlier = skuLines.get(key);
        if (earlier !== undefined) {
          problem('sku', `SKU ${valid.sku} is on line ${earlier} already`);
          continue;
        }
        skuLines.set(key, row.line);
      }
      const after = contractFieldsOf(valid);
      const changed = Object.keys(productChanges(before && toProductAnswer(before), after as ProductAnswer));
      planned.push({ line: row.line, fields: valid, before, changed });
    }

    // A SKU the catalogue holds for a product that keeps it (not one of the file's, or one the file leaves it on).
    for (const each of planned) {
      const holder = each.fields.sku ? bySku.get(skuKey(each.fields.sku)) : undefined;
      if (!holder || holder.id === each.before?.id) continue;
      const holderLine = productLines.get(holder.id);
      if (holderLine === undefined)
        problems.push({
          line: each.line,
          column: 'sku',
          message: `SKU ${each.fields.sku} is already used by ${JSON.stringify(holder.name)}`,
        });
    }
    problems.sort((one, other) => one.line - other.line);
    for (const each of planned) {
      if (!each.before) plan.creates.push(each);
      else if (each.changed.length > 0) plan.updates.push(each);
      else plan.unchanged += 1;
    }
    return plan;
  }
}
