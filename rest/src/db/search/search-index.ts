// Where the catalogue's search keeps what it reads (issue 34), and how it asks: each product's stems (search-text.ts)
// in an index of the database's own (SQLite's FTS5, PostgreSQL's full text search over a GIN index), and every word of
// the catalogue in a vocabulary that a typing mistake is corrected from by trigram similarity (PostgreSQL's pg_trgm;
// on SQLite the same trigrams kept in a table). Kept in the same transaction as the product it reads, by
// ProductRepository; built whole by migration 0012 and by the bench's shop (rebuild()).
//
// Both databases get exactly the stems this module makes and match them exactly: FTS5 with no stemmer and no folding
// of its own, PostgreSQL's tsvector built from the stems as they are (array_to_tsvector, no parser). Relevance is a
// score both compute the same way. So a search finds the same products, in the same order, on both.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../database.js';
import { inBatches } from '../../shared/batches.js';
import {
  SIMILAR_ENOUGH,
  type SearchWord,
  isVocabularyWord,
  stemOf,
  stemsOf,
  trigramsOf,
  vocabularyOf,
} from './search-text.js';

/** The text of a product the search reads. */
export interface SearchableProduct {
  name: string;
  sku: string | null;
  description: string;
}

/** A word typed that no product has, and the catalogue's word put in its place. */
export interface SearchCorrection {
  typed: string;
  suggested: string;
}

/** A search as the index will run it: the stems every product found has, and the corrections made to get them. */
export interface ResolvedSearch {
  /** The words looked for, typed or suggested (folded). */
  words: string[];
  stems: string[];
  corrections: SearchCorrection[];
}

/** How much a word found in each field adds to a product's relevance: the name most, the description least. */
const WEIGHTS = { name: 4, sku: 2, description: 1 } as const;

/** Rows in one INSERT: well under SQLite's 32,766 bound values at 5 a row. */
const ROWS_PER_INSERT = 500;
/** Products read at a time by rebuild(). */
const REBUILD_BATCH = 2_000;

const termsOf = (product: SearchableProduct) => ({
  name: stemsOf(product.name),
  sku: stemsOf(product.sku ?? ''),
  description: stemsOf(product.description),
  words: vocabularyOf(`${product.name} ${product.sku ?? ''} ${product.description}`).join(' '),
});

const wordsIn = (text: string | undefined) => (text ? text.split(' ') : []);

// Any Kysely: the service's (camel-case plugin) and the migrations' (none). Every statement here is raw SQL with
// snake_case names and one-word result columns, so it reads the same through either.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

export class SearchIndex {
  constructor(
    private readonly db: AnyKysely,
    private readonly kind: DatabaseKind,
  ) {}

  /** product_terms' column of the product's id: FTS5's rowid on SQLite. */
  private get idColumn() {
    return this.kind === 'sqlite' ? sql`rowid` : sql`product_id`;
  }

  /** Indexes a product (again, after a change): its stems, and its words in the vocabulary. */
  index(productId: number, product: SearchableProduct): Promise<void> {
    return this.indexMany([{ id: productId, product }]);
  }

  /**
   * Indexes products (again, after a change), a batch of them in a few statements whatever its size (a CSV import's
   * thousands): their stems, and the vocabulary's counts changed once for all of them.
   */
  async indexMany(products: readonly { id: number; product: SearchableProduct }[]): Promise<void> {
    for (const batch of inBatches(products, ROWS_PER_INSERT)) {
      const before = await this.wordsIndexed(batch.map(({ id }) => id));
      const indexed = batch.map(({ id, product }) => ({ id, ...termsOf(product) }));
      const values = sql.join(
        indexed.map((row) => sql`(${row.id}, ${row.name}, ${row.sku}, ${row.description}, ${row.words})`),
      );
      if (this.kind === 'sqlite') {
        // FTS5 has no upsert: the old rows go first.
        await sql`delete from product_terms where rowid in (${sql.join(batch.map(({ id }) => id))})`.execute(this.db);
        await sql`insert into product_terms (rowid, name, sku, description, words) values ${values}`.execute(this.db);
      } else {
        await sql`insert into product_terms (product_id, name, sku, description, words) values ${values}
                  on conflict (product_id) do update set name = excluded.name, sku = excluded.sku,
                    description = excluded.description, words = excluded.words`.execute(this.db);
      }
      const change = new Map<string, number>();
      for (const row of indexed) {
        const after = new Set(wordsIn(row.words));
        const old = new Set(before.get(row.id) ?? []);
        for (const word of after) if (!old.has(word)) change.set(word, (change.get(word) ?? 0) + 1);
        for (const word of old) if (!after.has(word)) change.set(word, (change.get(word) ?? 0) - 1);
      }
      await this.countWords(change);
    }
  }

  /** Takes a product out of the index (before it is deleted). */
  async remove(productId: number): Promise<void> {
    const before = (await this.wordsIndexed([productId])).get(productId);
    if (before === undefined) return;
    await sql`delete from product_terms where ${this.idColumn} = ${productId}`.execute(this.db);
    await this.countWords(new Map(before.map((word) => [word, -1])));
  }

  /** The words each of these products is indexed under (none for one not indexed). */
  private async wordsIndexed(productIds: number[]): Promise<Map<number, string[]>> {
    const { rows } = await sql<{ id: number; words: string }>`
      select ${this.idColumn} as id, words from product_terms
      where ${this.idColumn} in (${sql.join(productIds)})`.execute(this.db);
    return new Map(rows.map((row) => [Number(row.id), wordsIn(row.words)]));
  }

  /**
   * Each word's count of products changed by `change` (more, or fewer); a word no product has any more leaves the
   * vocabulary. In the words' order, so that two changes at once lock the same rows in the same order (PostgreSQL).
   */
  private async countWords(change: Map<string, number>): Promise<void> {
    const added = [...change.keys()].filter((word) => change.get(word)! > 0).sort();
    for (const chunk of inBatches(added, ROWS_PER_INSERT)) {
      const rows = chunk.map((word) =>
        this.kind === 'sqlite'
          ? sql`(${word}, ${stemOf(word)}, ${change.get(word)!}, ${trigramsOf(word).length})`
          : sql`(${word}, ${stemOf(word)}, ${change.get(word)!})`,
      );
      await (
        this.kind === 'sqlite'
          ? sql`insert into search_words (word, stem, products, trigrams) values ${sql.join(rows)}
              on conflict (word) do update set products = search_words.products + excluded.products`
          : sql`insert into search_words (word, stem, products) values ${sql.join(rows)}
              on conflict (word) do update set products = search_words.products + excluded.products`
      ).execute(this.db);
      if (this.kind === 'sqlite') await this.keepTrigrams(chunk);
    }
    const removed = [...change.keys()].filter((word) => change.get(word)! < 0).sort();
    for (const chunk of inBatches(removed, ROWS_PER_INSERT)) {
      // One statement a count: a change of one product has only 1s, an import's few distinct counts.
      for (const fewer of new Set(chunk.map((word) => -change.get(word)!))) {
        const words = chunk.filter((word) => -change.get(word)! === fewer);
        await sql`update search_words set products = products - ${fewer}
                  where word in (${sql.join(words)})`.execute(this.db);
      }
      const { rows } = await sql<{
        word: string;
      }>`select word from search_words where products <= 0 and word in (${sql.join(chunk)})`.execute(this.db);
      const gone = rows.map((row) => row.word);
      if (gone.length === 0) continue;
      await sql`delete from search_words where word in (${sql.join(gone)})`.execute(this.db);
      if (this.kind === 'sqlite')
        await sql`delete from search_word_trigrams where word in (${sql.join(gone)})`.execute(this.db);
    }
  }

  /** SQLite: each word's trigrams, for correcting a mistake (pg_trgm's index does this on PostgreSQL). */
  private async keepTrigrams(words: string[]): Promise<void> {
    const rows = words.flatMap((word) => trigramsOf(word).map((trigram) => sql`(${trigram}, ${word})`));
    for (const chunk of inBatches(rows, ROWS_PER_INSERT))
      await sql`insert into search_word_trigrams (trigram, word) values ${sql.join(chunk)}
                on conflict do nothing`.execute(this.db);
  }

  /** Builds the whole index again from the catalogue as it is (a new index; a shop filled without the service). */
  async rebuild(): Promise<void> {
    await sql`delete from product_terms`.execute(this.db);
    await sql`delete from search_words`.execute(this.db);
    if (this.kind === 'sqlite') await sql`delete from search_word_trigrams`.execute(this.db);
    const counts = new Map<string, number>();
    for (let after = 0; ;) {
      const { rows } = await sql<SearchableProduct & { id: number }>`
        select id, name, sku, description from products where id > ${after} order by id limit ${REBUILD_BATCH}`.execute(
        this.db,
      );
      if (rows.length === 0) break;
      after = Number(rows.at(-1)!.id);
      const indexed = rows.map((row) => ({ id: Number(row.id), ...termsOf(row) }));
      for (const chunk of inBatches(indexed, ROWS_PER_INSERT)) {
        const values = sql.join(
          chunk.map((row) => sql`(${row.id}, ${row.name}, ${row.sku}, ${row.description}, ${row.words})`),
        );
        await sql`insert into product_terms (${this.idColumn}, name, sku, description, words) values ${values}`.execute(
          this.db,
        );
      }
      for (const row of indexed) for (const word of wordsIn(row.words)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const words = [...counts.keys()].sort();
    for (const chunk of inBatches(words, ROWS_PER_INSERT)) {
      const rows = chunk.map((word) =>
        this.kind === 'sqlite'
          ? sql`(${word}, ${stemOf(word)}, ${counts.get(word)!}, ${trigramsOf(word).length})`
          : sql`(${word}, ${stemOf(word)}, ${counts.get(word)!})`,
      );
      await (
        this.kind === 'sqlite'
          ? sql`insert into search_words (word, stem, products, trigrams) values ${sql.join(rows)}`
          : sql`insert into search_words (word, stem, products) values ${sql.join(rows)}`
      ).execute(this.db);
      if (this.kind === 'sqlite') await this.keepTrigrams(chunk);
    }
  }

  /**
   * The search as it will run: each word whose stem no product has, when it is a vocabulary word, replaced by the
   * catalogue's most similar word (pg_trgm's similarity, at least SIMILAR_ENOUGH; the word more products have, then
   * the first in the alphabet, between equals). A word with nothing similar stays: it finds nothing.
   */
  async resolve(words: SearchWord[]): Promise<ResolvedSearch> {
    const correctable = words.filter((word) => isVocabularyWord(word.typed));
    const known = new Set<string>();
    if (correctable.length > 0) {
      const { rows } = await sql<{ stem: string }>`select distinct stem from search_words where stem in (${sql.join(
        correctable.map((word) => word.stem),
      )})`.execute(this.db);
      for (const row of rows) known.add(row.stem);
    }
    const resolved: ResolvedSearch = { words: [], stems: [], corrections: [] };
    for (const word of words) {
      const suggestion =
        isVocabularyWord(word.typed) && !known.has(word.stem) ? await this.mostSimilar(word.typed) : undefined;
      if (suggestion) resolved.corrections.push({ typed: word.typed, suggested: suggestion.word });
      const [shown, stem] = suggestion ? [suggestion.word, suggestion.stem] : [word.typed, word.stem];
      // Two words may come to one stem once corrected: it is looked for once.
      if (resolved.stems.includes(stem)) continue;
      resolved.words.push(shown);
      resolved.stems.push(stem);
    }
    return resolved;
  }

  private async mostSimilar(typed: string): Promise<{ word: string; stem: string } | undefined> {
    if (this.kind === 'postgres') {
      // `%` finds the candidates through the GIN trigram index (at pg_trgm.similarity_threshold, 0.3 unless set
      // otherwise); the explicit bound keeps SIMILAR_ENOUGH whatever that setting is.
      const { rows } = await sql<{ word: string; stem: string }>`
        select word, stem from search_words
        where word % ${typed} and similarity(word, ${typed}) >= ${SIMILAR_ENOUGH}
        order by similarity(word, ${typed}) desc, products desc, word
        limit 1`.execute(this.db);
      return rows[0];
    }
    const trigrams = trigramsOf(typed);
    const mine = trigrams.length;
    // similarity = shared / (mine + theirs - shared) >= SIMILAR_ENOUGH (3/10); in whole numbers:
    // 10 * shared >= 3 * (mine + theirs - shared).
    const { rows } = await sql<{ word: string; stem: string }>`
      select w.word as word, w.stem as stem
      from search_word_trigrams t join search_words w on w.word = t.word
      where t.trigram in (${sql.join(trigrams)})
      group by w.word
      having 10 * count(*) >= 3 * (${mine} + w.trigrams - count(*))
      order by count(*) * 1.0 / (${mine} + w.trigrams - count(*)) desc, w.products desc, w.word
      limit 1`.execute(this.db);
    return rows[0];
  }

  /** The ids of the products that have every stem, as a subquery. */
  matchingIds(stems: string[]): RawBuilder<unknown> {
    if (this.kind === 'sqlite') {
      // Each stem one FTS5 string (letters and digits only, so nothing in it is taken as syntax); side by side: all.
      const query = stems.map((stem) => `"${stem}"`).join(' ');
      return sql`select rowid from product_terms where product_terms match ${query}`;
    }
    // Each stem a lexeme as it is (quoted: not parsed or normalised), all of them (&).
    const query = stems.map((stem) => `'${stem}'`).join(' & ');
    return sql`select product_id from product_terms where document @@ ${query}::tsquery`;
  }

  /** For each stem in product_terms' name, SKU or description, WEIGHTS' points: the same sum on both databases. */
  private score(stems: string[]): RawBuilder<number> {
    const position = (column: string, stem: string) =>
      this.kind === 'sqlite'
        ? sql`instr(' ' || ${sql.raw(column)} || ' ', ${` ${stem} `})`
        : sql`strpos(' ' || ${sql.raw(column)} || ' ', ${` ${stem} `})`;
    const points = stems.flatMap((stem) =>
      (Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]).map(
        (column) => sql`(case when ${position(column, stem)} > 0 then ${sql.lit(WEIGHTS[column])} else 0 end)`,
      ),
    );
    return sql<number>`${sql.join(points, sql` + `)}`;
  }

  /** A product's relevance to the stems, as a scalar subquery on `products` (see score). */
  relevance(stems: string[]): RawBuilder<number> {
    return sql<number>`(select ${this.score(stems)} from product_terms where ${this.idColumn} = products.id)`;
  }

  /**
   * The products that have every stem, each with its relevance, as a table to join (`product_id`, `score`): one pass
   * over the index's matches. Joined by id, the catalogue's rows are then read only for the page, where a scalar
   * subquery per product makes PostgreSQL read every product to find the thousands a common word matches.
   */
  found(stems: string[]): RawBuilder<{ productId: number; score: number }> {
    const match =
      this.kind === 'sqlite'
        ? sql`product_terms match ${stems.map((stem) => `"${stem}"`).join(' ')}`
        : sql`document @@ ${stems.map((stem) => `'${stem}'`).join(' & ')}::tsquery`;
    return sql`(select ${this.idColumn} as product_id, ${this.score(stems)} as score from product_terms where ${match})`;
  }
}
