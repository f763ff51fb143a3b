// The limit per recipient (EMAILS_PER_RECIPIENT_PER_HOUR): at most that many e-mails of one kind to one address (any
// case) in any hour, whatever accounts point at it. It covers the e-mails someone other than the address's owner can
// set off: a password reset's link (anyone may ask) and an address's verification link (anyone may type an address).
// Order e-mails go only to an address its owner proved, about that owner's own orders, and are not held back.
//
// Counted from the outbox itself, inside the transaction that would write the e-mail: exact across instances and
// restarts. On PostgreSQL the transaction first takes a lock on the address (an advisory lock, released with it), so
// that two writers at once cannot both take the last place; SQLite runs one write transaction at a time.
import { type Kysely, sql } from 'kysely';
import { rateLimitRefusals } from '../../../config/metrics.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { MailKind } from './outbox.repository.js';

const HOUR_MS = 60 * 60_000;

export class RecipientLimit {
  constructor(
    private readonly kind: DatabaseKind,
    /** EMAILS_PER_RECIPIENT_PER_HOUR. */
    readonly perHour: number,
  ) {}

  /**
   * In the transaction that would write an e-mail of `mailKind` to `recipient`: undefined when it may, else how many
   * seconds until it may (when the oldest of the hour's e-mails leaves the hour). Nothing is taken: the caller writes.
   */
  async secondsToWait(trx: Kysely<Database>, mailKind: MailKind, recipient: string): Promise<number | undefined> {
    const key = recipient.trim().toLowerCase();
    if (this.kind === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended(${`medshop-mail:${mailKind}:${key}`}, 0))`.execute(trx);
    const at = Date.now();
    const recent = await trx
      .selectFrom('mailOutbox')
      .select('createdAt')
      // lower(recipient), kind, created_at is indexed (mail_outbox_recipient_idx).
      .where((eb) => eb(eb.fn('lower', ['recipient']), '=', key))
      .where('kind', '=', mailKind)
      .where('createdAt', '>', new Date(at - HOUR_MS).toISOString())
      .orderBy('createdAt')
      .limit(this.perHour)
      .execute();
    if (recent.length < this.perHour) return undefined;
    rateLimitRefusals.inc({ service: 'rest', limit: 'emails-per-recipient' });
    return Math.max(1, Math.ceil((Date.parse(recent[0]!.createdAt) + HOUR_MS - at) / 1000));
  }
}
