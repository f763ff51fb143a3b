// The catalogue as a CSV file (issue 34, extension product-csv): a product written as a row and a row read into the
// product form, each field by its kind, so a new product field of a known kind needs nothing here. The columns
// themselves are shop-rules' (product-csv-columns.ts).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  PRODUCT_FIELDS,
  type ProductContractFields,
  type ProductFieldName,
} from '../../../shop-rules/product-fields.js';
import type { ProductForm } from '../../../shop-rules/product-rules.js';
import {
  CATEGORY_SEPARATOR,
  CSV_COLUMNS,
  type CsvColumn,
  type CsvProblem,
  MAX_IMPORT_ROWS,
  PATH_STEP,
} from '../../../shop-rules/product-csv-columns.js';
import { ancestorsOf, categoryNameKey } from '../../../shop-rules/category-rules.js';
import type { CategoryRow } from '../db/schema.js';

/** The category tree as the file names categories: each one's path, and back. */
export class CategoryPaths {
  private readonly pathById = new Map<number, string>();
  private readonly idByPath = new Map<string, number>();

  constructor(tree: readonly CategoryRow[]) {
    for (const category of tree) {
      const path = [...ancestorsOf(tree, category.id).reverse(), category].map((step) => step.name).join(PATH_STEP);
      this.pathById.set(category.id, path);
      this.idByPath.set(CategoryPaths.key(path), category.id);
    }
  }

  /** A path as the file may write it: steps in any case, with any spaces around " > ". */
  private static key(path: string): string {
    return path
      .split('>')
      .map((step) => categoryNameKey(step.trim()))
      .join('>');
  }

  cellOf(ids: readonly number[]): string {
    return ids.map((id) => this.pathById.get(id) ?? `${id}`).join(CATEGORY_SEPARATOR);
  }

  /** The ids a cell names, or the first path no category has. */
  idsOf(cell: string): number[] | { unknown: string } {
    const ids: number[] = [];
    for (const path of cell.split('|').map((part) => part.trim())) {
      if (!path) continue;
      const id = this.idByPath.get(CategoryPaths.key(path));
      if (id === undefined) return { unknown: path };
      ids.push(id);
    }
    return ids;
  }
}

/** A product as a row of the file, in CSV_COLUMNS' order. */
export function csvRowOf(id: number, product: ProductContractFields, categories: CategoryPaths): string[] {
  return CSV_COLUMNS.map(({ field }) => {
    if (!field) return String(id);
    const value = product[field];
    switch (PRODUCT_FIELDS[field].kind) {
      case 'dollars':
        return (value as number).toFixed(2);
      case 'urls':
        return (value as string[]).join(' ');
      case 'ids':
        return categories.cellOf(value as number[]);
      default:
        return value === null ? '' : String(value);
    }
  });
}

export const csvHeader = () => stringify([CSV_COLUMNS.map((column) => column.name)]);
export const csvLines = (rows: string[][]) => stringify(rows);

/** A row of an imported file: the product it names (by id, by SKU, or none: a new one) and its form. */
export interface CsvRow {
  line: number;
  id: number | null;
  /** The form's fields the file has columns for; the others are the product's own (or none, for a new one). */
  form: Partial<ProductForm>;
}

export type CsvFile = { rows: CsvRow[]; problems: CsvProblem[] };

/** A whole number as a cell may write it ("12", " 12 "), or NaN (the rules then say it must be a whole number). */
const wholeNumber = (cell: string) => (/^\s*-?\d+\s*$/.test(cell) ? Number(cell) : Number.NaN);

/** The cell as the form takes its field, or why it cannot be read at all. */
function formValue(field: ProductFieldName, cell: string, categories: CategoryPaths): unknown {
  const blank = cell.trim() === '';
  switch (PRODUCT_FIELDS[field].kind) {
    case 'dollars':
    case 'text':
      return cell;
    case 'count':
      return blank ? Number.NaN : wholeNumber(cell);
    case 'limit':
      return blank ? null : wholeNumber(cell);
    case 'urls':
      return cell.split(/\s+/).filter(Boolean);
    case 'ids': {
      const ids = categories.idsOf(cell);
      if (!Array.isArray(ids))
        return new Error(
          `No category is ${JSON.stringify(ids.unknown)}: write each as its path ("Wound care${PATH_STEP}Dressings"), several separated by "${CATEGORY_SEPARATOR}"`,
        );
      return ids;
    }
    default:
      return blank ? null : cell;
  }
}

/**
 * The file's rows as forms, or every problem with its header and cells that can be told without the catalogue:
 * columns missing, unknown or twice, a row of another length, an id that is not one, a category no one has. The
 * product rules are checked later, on the whole form. A file that is not CSV (a quote left open) answers that alone.
 */
export function readCsv(text: string, categories: CategoryPaths): CsvFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const { lines } = error as { lines?: number };
    const reason = (error as Error).message.replace(/^Invalid Record Length: /, '').replace(/, on line \d+$/, '');
    return { rows: [], problems: [{ line: lines ?? 1, column: null, message: `The file is not CSV: ${reason}` }] };
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], problems: [{ line: 1, column: null, message: 'The file is empty: it has no header' }] };
  const problems: CsvProblem[] = [];
  const header = head.record.map((name) => name.trim());
  const known = new Map(CSV_COLUMNS.map((column) => [column.name.toLowerCase(), column]));
  const place = new Map<CsvColumn, number>();
  header.forEach((name, index) => {
    const column = known.get(name.toLowerCase());
    if (!column)
      problems.push({
        line: 1,
        column: name,
        message: `Unknown column ${JSON.stringify(name)}: the columns are ${CSV_COLUMNS.map((each) => each.name).join(', ')}`,
      });
    else if (place.has(column))
      problems.push({ line: 1, column: column.name, message: `Column ${column.name} is there twice` });
    else place.set(column, index);
  });
  for (const column of CSV_COLUMNS)
    if (column.required && !place.has(column))
      problems.push({ line: 1, column: column.name, message: `The file has no ${column.name} column` });
  if (problems.length > 0) return { rows: [], problems };
  if (body.length > MAX_IMPORT_ROWS)
    return {
      rows: [],
      problems: [
        {
          line: 1,
          column: null,
          message: `The file has ${body.length} rows: an import takes at most ${MAX_IMPORT_ROWS}`,
        },
      ],
    };

  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    // csv-parse tells the line a record ends on; a cell may hold line breaks.
    const line = info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0);
    if (record.length !== header.length) {
      problems.push({
        line,
        column: null,
        message: `The row has ${record.length} cells where the header has ${header.length}`,
      });
      continue;
    }
    let id: number | null = null;
    const form: Record<string, unknown> = {};
    let readable = true;
    for (const [column, at] of place) {
      const cell = record[at]!;
      if (!column.field) {
        if (cell.trim() === '') continue;
        id = wholeNumber(cell);
        if (!(id >= 1)) {
          problems.push({ line, column: 'id', message: `The id must be a product's number, or empty for a new one` });
          readable = false;
        }
        continue;
      }
      const value = formValue(column.field, cell, categories);
      if (value instanceof Error) {
        problems.push({ line, column: column.name, message: value.message });
        readable = false;
      } else form[column.field] = value;
    }
    if (readable) rows.push({ line, id, form: form as Partial<ProductForm> });
  }
  return { rows, problems };
}

/** The column a product field's problem is at. */
export const columnOf = (field: string | null): string | null =>
  field === null
    ? null
    : field === 'imageUrl'
      ? 'imageUrls'
      : (CSV_COLUMNS.find((column) => column.field === field)?.name ?? field);
