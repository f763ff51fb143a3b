// One key per attempt at something that must happen once (placing an order): sent again when the same attempt is
// retried, so the shop answers what the first try did instead of doing it twice.

/** 128 random bits as hex. crypto.getRandomValues, not randomUUID: the latter exists only on https and localhost. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
