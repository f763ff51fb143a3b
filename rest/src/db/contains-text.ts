// "Contains" as SQL on both databases: LIKE with the text's own wildcards taken literally.
import { type RawBuilder, sql } from 'kysely';

/** LIKE treats % and _ as wildcards (and \ escapes them here); a search for "100%" or "ada_1" means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * `column like '%text%'`, the text's wildcards escaped. Case is the caller's: both sides are compared as they are,
 * so pass a lower-cased key column and lower-cased text (SQLite's LIKE ignores ASCII case, PostgreSQL's does not).
 */
export const containing = (column: string, text: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '\\'`;
