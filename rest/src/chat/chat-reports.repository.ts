// SQL of reporting and moderation in chat (migration 0030): reports of messages, the moderators' queue, and what a
// decision writes (the reports closed, the message removed, the sender's chat suspended) in the caller's transaction.
import { type Kysely, type Selectable, sql } from 'kysely';
import { usernameKey } from '../../../shop-rules/account-rules.js';
import type { DatabaseKind } from '../db/database.js';
import type { MailRecipient } from '../mail/mail-layout.js';
import type { ChatReportsTable, Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import type { MessageWithSender } from './chat.repository.js';

export type ChatReportRow = Selectable<ChatReportsTable>;

/** A report as the queue lists it: who reported, who sent the message, who decided. */
export interface QueuedReport extends ChatReportRow {
  reporterUsername: string | null;
  deciderUsername: string | null;
  roomId: number;
  senderId: number | null;
  senderUsername: string | null;
  senderSuspendedUntil: string | null;
}

/** Messages shown on each side of a reported one in the queue. */
export const CONTEXT_MESSAGES = 3;

export class ChatReportsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  /** The new report, or undefined when the reporter reported this message already. */
  async insert(report: {
    messageId: number;
    reporterId: number;
    reason: string;
    note: string | null;
  }): Promise<ChatReportRow | undefined> {
    return this.db
      .insertInto('chatReports')
      .values({ ...report, createdAt: now() })
      .onConflict((conflict) => conflict.columns(['messageId', 'reporterId']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** The reporter's own reports of these messages. */
  ofReporter(reporterId: number, messageIds: readonly number[]): Promise<ChatReportRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('chatReports')
      .selectAll()
      .where('reporterId', '=', reporterId)
      .where('messageId', 'in', messageIds)
      .execute();
  }

  private selectQueued() {
    return this.db
      .selectFrom('chatReports')
      .innerJoin('chatMessages', 'chatMessages.id', 'chatReports.messageId')
      .leftJoin('users as reporter', 'reporter.id', 'chatReports.reporterId')
      .leftJoin('users as decider', 'decider.id', 'chatReports.decidedById')
      .leftJoin('users as sender', 'sender.id', 'chatMessages.senderId')
      .selectAll('chatReports')
      .select([
        'reporter.username as reporterUsername',
        'decider.username as deciderUsername',
        'chatMessages.roomId',
        'chatMessages.senderId',
        'sender.username as senderUsername',
        'sender.chatSuspendedUntil as senderSuspendedUntil',
      ]);
  }

  /** A page of the reports of one status: the open ones oldest first (first come, first seen), decided ones newest. */
  async queue(status: string, slice: { offset: number; limit: number }): Promise<QueuedReport[]> {
    return this.selectQueued()
      .where('chatReports.status', '=', status)
      .orderBy('chatReports.id', status === 'OPEN' ? 'asc' : 'desc')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute();
  }

  async count(status: string): Promise<number> {
    const row = await this.db
      .selectFrom('chatReports')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * One report, held until the transaction ends on PostgreSQL (two moderators deciding it at once are decided one
   * after the other; SQLite's one writer does that already).
   */
  async queued(reportId: number): Promise<QueuedReport | undefined> {
    const query = this.selectQueued().where('chatReports.id', '=', reportId);
    const holdsRow = this.kind === 'postgres' && this.db.isTransaction;
    return (holdsRow ? query.forUpdate('chatReports') : query).executeTakeFirst();
  }

  /**
   * The messages around each reported one: up to CONTEXT_MESSAGES before and after it in its room, oldest first
   * (the reported one among them).
   */
  async context(messages: readonly { id: number; roomId: number }[]): Promise<Map<number, MessageWithSender[]>> {
    const around = new Map<number, MessageWithSender[]>();
    await Promise.all(
      messages.map(async ({ id, roomId }) => {
        const side = (direction: 'before' | 'after') =>
          this.db
            .selectFrom('chatMessages')
            .leftJoin('users', 'users.id', 'chatMessages.senderId')
            .selectAll('chatMessages')
            .select('users.username as senderUsername')
            .where('chatMessages.roomId', '=', roomId)
            .where('chatMessages.id', direction === 'before' ? '<=' : '>', id)
            .orderBy('chatMessages.id', direction === 'before' ? 'desc' : 'asc')
            .limit(direction === 'before' ? CONTEXT_MESSAGES + 1 : CONTEXT_MESSAGES)
            .execute();
        const [before, after] = await Promise.all([side('before'), side('after')]);
        around.set(id, [...before.reverse(), ...after]);
      }),
    );
    return around;
  }

  /**
   * Closes every open report of the message with `status`: the ids closed (the reporter's among them), and who
   * reported each, for their e-mails.
   */
  async decide(
    messageId: number,
    status: string,
    moderatorId: number,
  ): Promise<{ id: number; reporterId: number | null }[]> {
    return this.db
      .updateTable('chatReports')
      .set({ status, decidedById: moderatorId, decidedAt: now() })
      .where('messageId', '=', messageId)
      .where('status', '=', 'OPEN')
      .returning(['id', 'reporterId'])
      .execute();
  }

  /** Someone by their username (any case), for a moderator's lifting of their suspension. */
  person(username: string): Promise<{ id: number; username: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('usernameKey', '=', usernameKey(username))
      .executeTakeFirst();
  }

  /** Of these reporters, those who take the shop's e-mails: a verified address with notifications on. */
  reportersToTell(reporterIds: readonly number[]): Promise<(MailRecipient & { email: string })[]> {
    if (reporterIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['username', 'firstName', 'email', 'emailNotifications', 'language', 'timezone'])
      .where('id', 'in', reporterIds)
      .where('emailNotifications', '=', 1)
      .where('email', 'is not', null)
      .where('emailVerifiedAt', 'is not', null)
      .$narrowType<{ email: string }>()
      .execute();
  }

  /** Marks the message removed (once: a second removal keeps the first time). */
  async removeMessage(messageId: number): Promise<void> {
    await this.db
      .updateTable('chatMessages')
      .set({ removedAt: now() })
      .where('id', '=', messageId)
      .where('removedAt', 'is', null)
      .execute();
  }

  /**
   * Ends the user's suspension, if one lasts at `now`: the end it had, or undefined when there was none to lift. One
   * conditional UPDATE, so two moderators lifting it at once lift it once.
   */
  async lift(userId: number, now: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('chatSuspendedUntil')
      .where('id', '=', userId)
      .where('chatSuspendedUntil', '>', now)
      .executeTakeFirst();
    if (!row?.chatSuspendedUntil) return undefined;
    const lifted = await this.db
      .updateTable('users')
      .set({ chatSuspendedUntil: null })
      .where('id', '=', userId)
      .where('chatSuspendedUntil', '=', row.chatSuspendedUntil)
      .executeTakeFirst();
    return lifted.numUpdatedRows > 0n ? row.chatSuspendedUntil : undefined;
  }

  /** Suspends the user's chat until `until`, or keeps a later suspension already set. The end it now has. */
  async suspend(userId: number, until: string): Promise<string> {
    const row = await this.db
      .updateTable('users')
      .set({
        chatSuspendedUntil: sql<string>`case when chat_suspended_until is not null and chat_suspended_until > ${until} then chat_suspended_until else ${until} end`,
      })
      .where('id', '=', userId)
      .returning('chatSuspendedUntil')
      .executeTakeFirstOrThrow();
    return row.chatSuspendedUntil!;
  }
}
