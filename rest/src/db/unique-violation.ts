// A write refused by a unique index: PostgreSQL's unique_violation, SQLite's SQLITE_CONSTRAINT_UNIQUE. The services
// check for a taken name or place first; this is what two saves at once meet, and answer as the same conflict.
export const isUniqueViolation = (error: unknown): boolean =>
  ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes((error as { code?: string } | null)?.code ?? '');
