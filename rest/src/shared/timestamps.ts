/** Timestamps are stored and answered as ISO-8601 UTC strings, which sort by time on both databases. */
export const now = (): string => new Date().toISOString();
