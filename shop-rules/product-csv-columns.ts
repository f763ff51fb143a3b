// The catalogue as a CSV file (issue 34, extension product-csv): its columns, its limits and what an import answers,
// shared by the REST service (which writes and reads the file: rest/src/products/product-csv.ts) and the web app
// (which tells admins what a file holds and shows the answer). The columns follow PRODUCT_FIELDS, so a new product
// field is a new column. `id` comes first: it says which product a row changes (empty: a new one). The images are one
// column (`imageUrls`, the first the main image, separated by spaces, which no URL the shop takes holds), and
// categories are written as their paths.
import { PRODUCT_FIELDS, PRODUCT_FIELD_NAMES, type ProductField, type ProductFieldName } from './product-fields.js';

/** The most rows one import reads (10,000 are checked and written in seconds: bench/README). */
export const MAX_IMPORT_ROWS = 20_000;
/** The largest file an import reads. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Between the steps of a category's path ("Wound care > Dressings"), and between a product's categories. */
export const PATH_STEP = ' > ';
export const CATEGORY_SEPARATOR = ' | ';

/** A column of the file and the product field it carries (none: `id`). */
export interface CsvColumn {
  name: string;
  field?: ProductFieldName;
  /** A file must have it: the fields a product cannot be without. */
  required: boolean;
}

/**
 * Which of the product's fields the file leaves out of its columns: the main image is the first of `imageUrls`; the
 * pictures' alt texts stay as each product has them for the images it keeps (a text per image would need a column
 * that pairs them, easy to get out of step in a spreadsheet).
 */
const NOT_A_COLUMN: readonly ProductFieldName[] = ['imageUrl', 'imageAlts'];
/** A field's column, when its name is not the field's: categories by their paths, not ids. */
const COLUMN_NAMES: Partial<Record<ProductFieldName, string>> = { categoryIds: 'categories' };

export const CSV_COLUMNS: readonly CsvColumn[] = [
  { name: 'id', required: false },
  ...PRODUCT_FIELD_NAMES.filter((name) => !NOT_A_COLUMN.includes(name)).map((name) => ({
    name: COLUMN_NAMES[name] ?? name,
    field: name,
    required: !(PRODUCT_FIELDS[name] as ProductField).optional,
  })),
];

/** A problem of the file, at the line its row starts on (the header's is 1; a blank line counts, as in an editor). */
export interface CsvProblem {
  line: number;
  column: string | null;
  message: string;
}

/** A product an import creates or changes. */
export interface ImportChange {
  line: number;
  action: 'create' | 'update';
  /** The product's id; null for one a preview would create. */
  id: number | null;
  name: string;
  /** The fields it changes (every field of a new product). */
  fields: string[];
}

/** What a preview, or an import, answers (the first 1,000 problems and changes; the counts count them all). */
export interface ImportAnswer {
  created: number;
  updated: number;
  unchanged: number;
  problemCount: number;
  problems: CsvProblem[];
  changes: ImportChange[];
  /** What confirms this preview's writes, while nothing is wrong with the file; null otherwise, and once imported. */
  confirmation: string | null;
  imported: boolean;
}
