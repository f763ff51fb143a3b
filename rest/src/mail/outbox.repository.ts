// The mail outbox (migration 0007): an e-mail is written here in the transaction of the change it tells of, so that
// a change never goes without its e-mail nor an e-mail without its change; the sender (mail-sender.ts) delivers it.
// Several instances may send from one database: each claims a batch for a while (a lease), and only the holder of
// the lease may record how it went.
import { type Kysely, sql } from 'kysely';
import type { Database, MailOutboxRow } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { now } from '../shared/timestamps.js';

export type MailKind =
  'order-placed' | 'order-status' | 'password-reset' | 'email-verification' | 'chat-digest' | 'chat-report-decided';

export interface OutgoingMail {
  kind: MailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Not worth sending after this (ISO-8601 UTC): it carries a secret that ends then (a reset or verification link). */
  expiresAt?: string;
}

/** What an e-mail with a secret in it keeps once it is sent or given up on: the link must not outlive its use. */
export const BLANKED_BODY = '(not kept: this e-mail held a link that works once)';

/** A claimed e-mail: what to send, and the lease under which its outcome is recorded. */
export interface ClaimedMail extends MailOutboxRow {
  lease: string;
}

const blankedIfSecret = (mail: ClaimedMail) =>
  mail.expiresAt === null ? {} : { textBody: BLANKED_BODY, htmlBody: BLANKED_BODY };

export class OutboxRepository {
  /** `db` may be a transaction: the e-mail is then part of it. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  async enqueue(mail: OutgoingMail): Promise<number> {
    const at = now();
    const { id } = await this.db
      .insertInto('mailOutbox')
      .values({
        kind: mail.kind,
        recipient: mail.recipient,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        createdAt: at,
        nextAttemptAt: at,
        expiresAt: mail.expiresAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Up to `limit` pending e-mails that are due and not claimed by another instance (or whose claim lapsed: that
   * instance stopped), claimed until `leaseUntil`. On PostgreSQL the rows are taken with SKIP LOCKED, so instances
   * claiming at once take different ones; SQLite runs one write at a time.
   */
  async claimDue(limit: number, leaseUntil: string): Promise<ClaimedMail[]> {
    const at = now();
    // The lease names the claim: another instance's later claim of a lapsed row writes another one.
    const lease = `${leaseUntil}#${Math.random().toString(36).slice(2, 10)}`;
    const due = this.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .where('nextAttemptAt', '<=', at)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', at)]))
      .orderBy('id')
      .limit(limit);
    const rows = await this.db
      .updateTable('mailOutbox')
      .set({ claimedUntil: lease })
      .where('id', 'in', this.kind === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id).map((row) => ({ ...row, lease }));
  }

  /** Delivered: never sent again. False when the lease was lost meanwhile (another instance has it now). */
  async markSent(mail: ClaimedMail): Promise<boolean> {
    const result = await this.db
      .updateTable('mailOutbox')
      .set({
        sentAt: now(),
        claimedUntil: null,
        attempts: sql`attempts + 1`,
        lastError: null,
        ...blankedIfSecret(mail),
      })
      .where('id', '=', mail.id)
      .where('claimedUntil', '=', mail.lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** An attempt failed: tried again at `retryAt`, or given up on when `retryAt` is undefined. */
  async markFailed(mail: ClaimedMail, error: string, retryAt: string | undefined): Promise<void> {
    await this.db
      .updateTable('mailOutbox')
      .set({
        attempts: sql`attempts + 1`,
        lastError: error.slice(0, 1000),
        claimedUntil: null,
        ...(retryAt === undefined ? { failedAt: now(), ...blankedIfSecret(mail) } : { nextAttemptAt: retryAt }),
      })
      .where('id', '=', mail.id)
      .where('claimedUntil', '=', mail.lease)
      .execute();
  }

  /**
   * E-mails whose end passed before they could be sent (a reset link's), and that no instance is sending: given up on
   * and their body blanked, so that no link waits in the table after it ended. Answers their ids.
   */
  async giveUpExpired(): Promise<number[]> {
    const at = now();
    const rows = await this.db
      .updateTable('mailOutbox')
      .set({
        failedAt: at,
        claimedUntil: null,
        lastError: sql<string>`'its link expired at ' || expires_at || ', before it could be delivered'`,
        textBody: BLANKED_BODY,
        htmlBody: BLANKED_BODY,
      })
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .where('expiresAt', '<=', at)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', at)]))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** How many are waiting to be sent (the operator's gauge). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
