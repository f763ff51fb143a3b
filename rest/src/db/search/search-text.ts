// How the catalogue's search reads text (issue 34): the words of a product's name, SKU and description, and of what a
// shopper types, each folded (any case, accents dropped) and brought to its stem (Porter's, so "thermometers" finds
// "thermometer"). Both databases index these stems exactly as this module makes them, and match them exactly (no
// parser or stemmer of their own), which is why a search finds the same products on SQLite and PostgreSQL.
import { stemmer } from 'stemmer';
import { SEARCH_WORD } from '../../../../shop-rules/product-search.js';

/** Any case, accents dropped: "Écharpe" and "echarpe" are one word. */
export const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * Its stem: Porter's for a word of English letters ("dressings" → "dress"), the word itself otherwise (digits, a model
 * number like "10ml", another script).
 */
export const stemOf = (folded: string) => (/^[a-z]+$/.test(folded) ? stemmer(folded) : folded);

export interface WordAt {
  /** As written in the text. */
  text: string;
  start: number;
  end: number;
  folded: string;
}

/** Every word of a text with where it stands. */
export function wordsOf(text: string): WordAt[] {
  return [...text.matchAll(SEARCH_WORD)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
    folded: fold(match[0]),
  }));
}

/**
 * The longest word the index keeps: nobody searches for longer ones, and PostgreSQL indexes neither a lexeme of 2 KB
 * nor a B-tree key of about 2.7 KB (a product's 5,000-character description may be one "word").
 */
export const MAX_WORD_LENGTH = 64;

const indexable = (folded: string) => folded.length <= MAX_WORD_LENGTH;

/** A text's stems, each once, in the order they first appear, space-separated: what the index holds of it. */
export function stemsOf(text: string): string {
  return [
    ...new Set(
      wordsOf(text)
        .filter((word) => indexable(word.folded))
        .map((word) => stemOf(word.folded)),
    ),
  ].join(' ');
}

/**
 * The words a typing mistake may be corrected to: English letters only, three or more (a shorter word has too few
 * trigrams to tell one from another). The same test on both databases keeps their vocabularies alike.
 */
export const isVocabularyWord = (folded: string) => /^[a-z]{3,}$/.test(folded) && indexable(folded);

/** A text's vocabulary words, each once. */
export const vocabularyOf = (text: string) =>
  [...new Set(wordsOf(text).map((word) => word.folded))].filter(isVocabularyWord);

/**
 * Words too common to narrow a search: left out of what a shopper types ("gauze for wounds" looks for gauze and
 * wounds), unless that is all they typed.
 */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

export interface SearchWord {
  /** As typed, folded. */
  typed: string;
  stem: string;
}

/**
 * What a search (checked by shop-rules' checkProductSearch) looks for: its words, stop words left out, one per stem
 * (each must be found); none for a text without letters or digits.
 */
export function searchWordsOf(text: string): SearchWord[] {
  // A word longer than any the index keeps can be in no product: it is no condition (and a search of only such words
  // finds nothing).
  const typed = wordsOf(text)
    .map((word) => word.folded)
    .filter(indexable);
  const meaningful = typed.filter((word) => !STOP_WORDS.has(word));
  const words = new Map<string, SearchWord>();
  for (const word of meaningful.length > 0 ? meaningful : typed) {
    const stem = stemOf(word);
    if (!words.has(stem)) words.set(stem, { typed: word, stem });
  }
  return [...words.values()];
}

/**
 * A word's trigrams as PostgreSQL's pg_trgm makes them: the word padded with two spaces before and one after, every
 * three characters in a row, each once. SQLite's vocabulary keeps these, so a typing mistake is corrected by the same
 * measure on both databases.
 */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) trigrams.add(padded.slice(index, index + 3));
  return [...trigrams];
}

/** pg_trgm's similarity of two words: the trigrams they share over all their distinct trigrams. */
export function similarity(one: string, other: string): number {
  const mine = new Set(trigramsOf(one));
  const theirs = trigramsOf(other);
  const shared = theirs.filter((trigram) => mine.has(trigram)).length;
  return shared / (mine.size + theirs.length - shared);
}

/** pg_trgm's default threshold (pg_trgm.similarity_threshold): a word this similar or more may stand for another. */
export const SIMILAR_ENOUGH = 0.3;

/** A run of text, and whether it is a word the search found. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** The text in parts: the words whose stem is one of `stems` (what the search found) apart from the rest. */
export function highlightedParts(text: string, stems: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const add = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  for (const word of wordsOf(text)) {
    if (!stems.has(stemOf(word.folded))) continue;
    add(text.slice(at, word.start), false);
    add(word.text, true);
    at = word.end;
  }
  add(text.slice(at), false);
  return parts;
}

/** How much of a description an excerpt shows, at most, in characters (not counting the … at its ends). */
export const EXCERPT_LENGTH = 160;
/** How much an excerpt shows before the first word found, at most. */
const EXCERPT_LEAD = 50;

/**
 * The part of a long text around the first word found, in parts, with … where it was cut (at a word's edge); the
 * whole text when it is short; undefined when no word of it was found.
 */
export function excerptParts(text: string, stems: ReadonlySet<string>): TextPart[] | undefined {
  const words = wordsOf(text);
  const first = words.find((word) => stems.has(stemOf(word.folded)));
  if (!first) return undefined;
  if (text.length <= EXCERPT_LENGTH) return highlightedParts(text, stems);
  // From the start of a word at most EXCERPT_LEAD characters before the first one found, to the end of the last word
  // that fits.
  const start = words.find((word) => word.start >= first.start - EXCERPT_LEAD)!.start;
  const fitting = words.filter((word) => word.start >= start && word.end <= start + EXCERPT_LENGTH);
  const lastWordEnd = Math.max(first.end, fitting.at(-1)?.end ?? first.end);
  // What follows the last word with no word in it (a full stop) is shown, not cut.
  const end = /[\p{L}\p{N}]/u.test(text.slice(lastWordEnd)) ? lastWordEnd : text.length;
  const parts = highlightedParts(text.slice(start, end), stems);
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  // The … joins the text beside it when both are unmatched.
  return parts.reduce<TextPart[]>((joined, part) => {
    const last = joined.at(-1);
    if (last && !last.match && !part.match) last.text += part.text;
    else joined.push({ ...part });
    return joined;
  }, []);
}
