// Many rows written or read a statement at a time (an import's thousands, the search index's words): each statement
// stays within the databases' bound on values (SQLite's 32,766) and within one round trip.

/** `items` in order, `size` at a time (the last batch may be smaller). */
export const inBatches = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
