// What the catalogue's search takes (issue 34): the REST service's `search` on /api/products/filter (extension
// product-search), the graph's `products(search:)` and the web listing's search box (`?q=` in the address). How the
// words are then read (folded, stemmed, corrected) is the REST service's (rest/src/db/search).
import type { RuleViolation } from './rule-violation.js';

/** A word of a search, or of what it reads: letters and digits, with any combining marks inside it. */
export const SEARCH_WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

export const MAX_SEARCH_LENGTH = 200;
/** Words in one search at most: each is one more condition every product found must meet. */
export const MAX_SEARCH_WORDS = 10;

export const SEARCH_TOO_LONG = `Search must be at most ${MAX_SEARCH_LENGTH} characters`;
export const SEARCH_TOO_MANY_WORDS = `Search takes at most ${MAX_SEARCH_WORDS} words`;

/**
 * The search as typed, trimmed: undefined when blank (no search: the list as without one), or why it cannot be one.
 * A text without a letter or digit is a search that finds nothing.
 */
export function checkProductSearch(text: string | null | undefined): string | undefined | RuleViolation<'search'> {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > MAX_SEARCH_LENGTH) return { message: SEARCH_TOO_LONG, field: 'search' };
  if ((trimmed.match(SEARCH_WORD)?.length ?? 0) > MAX_SEARCH_WORDS)
    return { message: SEARCH_TOO_MANY_WORDS, field: 'search' };
  return trimmed;
}
