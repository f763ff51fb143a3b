// The record of what admins did (migration 0006): appended inside the transaction of the change it tells of, so that
// a change is never without its record, nor a record without its change.
import type { Kysely } from 'kysely';
import type { AuditEventRow, Database } from '../db/schema.js';
import { inBatches } from '../shared/batches.js';
import { now } from '../shared/timestamps.js';

/** What an admin did, each kind by name (the audit trail's `action`). */
export const AUDIT_ACTIONS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'order.status_changed',
  'order.payment_recorded',
  'order.payment_refunded',
  'category.created',
  'category.updated',
  'category.deleted',
  'settings.updated',
  'shipping_method.created',
  'shipping_method.updated',
  'shipping_method.deleted',
  'tax_rate.created',
  'tax_rate.updated',
  'tax_rate.deleted',
  'staff_role.created',
  'staff_role.updated',
  'staff_role.deleted',
  'user.roles_changed',
  'user.two_factor_reset',
  'chat_report.dismissed',
  'chat_message.removed',
  'user.chat_suspended',
  'user.chat_suspension_lifted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an action was done to (the audit trail's `subject.type`). */
export const AUDIT_SUBJECT_TYPES = [
  'product',
  'order',
  'category',
  'shop',
  'shipping_method',
  'tax_rate',
  'staff_role',
  'user',
  'chat_message',
] as const;
export type AuditSubject = { type: (typeof AUDIT_SUBJECT_TYPES)[number]; id: number };
/** Field → what it was and what it became (one side only when it was created or deleted). */
export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;
export interface Actor {
  id: number;
  username: string;
}

export interface AuditEvent {
  id: number;
  at: string;
  actor: Actor;
  action: AuditAction;
  subject: AuditSubject;
  changes: AuditChanges;
}

const toEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  at: row.occurredAt,
  actor: { id: row.actorId, username: row.actorUsername },
  action: row.action as AuditAction,
  subject: { type: row.subjectType as AuditSubject['type'], id: row.subjectId },
  changes: JSON.parse(row.changes) as AuditChanges,
});

/** Records one INSERT writes at most: 7 values each, well under SQLite's bound. */
const EVENTS_PER_STATEMENT = 500;

export class AuditRepository {
  /** `db` may be a transaction: the record is then part of it. */
  constructor(private readonly db: Kysely<Database>) {}

  async record(actor: Actor, action: AuditAction, subject: AuditSubject, changes: AuditChanges): Promise<void> {
    await this.recordMany(actor, [{ action, subject, changes }]);
  }

  /** Records of one actor's changes, in the order given, a few hundred to a statement (a CSV import's thousands). */
  async recordMany(
    actor: Actor,
    events: readonly { action: AuditAction; subject: AuditSubject; changes: AuditChanges }[],
  ): Promise<void> {
    const occurredAt = now();
    for (const batch of inBatches(events, EVENTS_PER_STATEMENT))
      await this.db
        .insertInto('auditEvents')
        .values(
          batch.map(({ action, subject, changes }) => ({
            occurredAt,
            actorId: actor.id,
            actorUsername: actor.username,
            action,
            subjectType: subject.type,
            subjectId: subject.id,
            changes: JSON.stringify(changes),
          })),
        )
        .execute();
  }

  /** One subject's events, oldest first. */
  async ofSubject(subject: AuditSubject): Promise<AuditEvent[]> {
    const rows = await this.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('subjectType', '=', subject.type)
      .where('subjectId', '=', subject.id)
      .orderBy('id')
      .execute();
    return rows.map(toEvent);
  }

  /** A page of every event (or one subject's), newest first, and how many there are. */
  async page(
    slice: { offset: number; limit: number },
    subject?: AuditSubject,
  ): Promise<{ events: AuditEvent[]; total: number }> {
    let query = this.db.selectFrom('auditEvents');
    if (subject) query = query.where('subjectType', '=', subject.type).where('subjectId', '=', subject.id);
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(slice.limit).offset(slice.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { events: rows.map(toEvent), total: Number(counted.count) };
  }
}
