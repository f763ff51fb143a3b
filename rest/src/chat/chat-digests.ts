// Missed messages by e-mail (issue 36): every minute, each participant whose room has messages from the other person
// waiting unread for CHAT_DIGEST_AFTER_MINUTES is e-mailed one digest of that room, through the outbox ("3 new
// messages from anna"), never one e-mail per message. A digest covers the room's messages up to its newest; the next
// one tells only of messages after it, once the oldest of those has waited as long. Only to a verified address with
// e-mail notifications on, and not about a room the recipient hid by blocking its other person. Several instances
// sweep alike: the participant's row decides (its digested message moves forward once), so each digest is written once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { chatDigestMail } from '../mail/chat-mails.js';
import type { MailContext } from '../mail/mail-layout.js';
import { OutboxRepository } from '../mail/outbox.repository.js';

/** Participants looked at in one round at most: a long backlog is worked off over a few minutes. */
const ROUND_SIZE = 200;

export interface DigestRound {
  /** Digests written to the outbox. */
  written: number;
}

export class ChatDigests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    private readonly context: MailContext,
    /** CHAT_DIGEST_AFTER_MINUTES: how long a message waits unread before it is told of. */
    private readonly afterMinutes: number,
    /** Tells the mail sender something is waiting. */
    private readonly wake: () => void,
  ) {}

  /** One round, as of `now` (tests drive the clock). */
  async sweep(now: Date = new Date()): Promise<DigestRound> {
    const cutoff = new Date(now.getTime() - this.afterMinutes * 60_000).toISOString();
    const due = await this.db
      .selectFrom('chatParticipants as p')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .innerJoin('chatMessages as m', (join) =>
        join
          .onRef('m.roomId', '=', 'p.roomId')
          .onRef('m.id', '>', 'p.lastReadMessageId')
          .onRef('m.id', '>', 'p.digestedMessageId')
          .onRef('m.senderId', '<>', 'p.userId')
          // A message a moderator removed is nothing to read.
          .on('m.removedAt', 'is', null),
      )
      .innerJoin('users as sender', 'sender.id', 'm.senderId')
      .select((eb) => [
        'p.id as participantId',
        'u.username',
        'u.firstName',
        'u.email',
        'u.emailNotifications',
        'u.language',
        'u.timezone',
        'sender.username as sender',
        eb.fn.countAll<number | string | bigint>().as('count'),
        eb.fn.max('m.id').as('newest'),
        eb.fn.min('m.createdAt').as('oldestAt'),
      ])
      .where('p.hidden', '=', 0)
      .where('u.emailNotifications', '=', 1)
      .where('u.email', 'is not', null)
      .where('u.emailVerifiedAt', 'is not', null)
      .groupBy([
        'p.id',
        'u.username',
        'u.firstName',
        'u.email',
        'u.emailNotifications',
        'u.language',
        'u.timezone',
        'sender.username',
      ])
      .having((eb) => eb.fn.min('m.createdAt'), '<=', cutoff)
      .orderBy('p.id')
      .limit(ROUND_SIZE)
      .execute();
    let written = 0;
    for (const row of due) {
      const wrote = await this.db.transaction().execute(async (trx) => {
        // Moved forward once, whichever instance comes first: the other finds nothing to move and writes nothing.
        const moved = await trx
          .updateTable('chatParticipants')
          .set({ digestedMessageId: Number(row.newest) })
          .where('id', '=', row.participantId)
          .where('digestedMessageId', '<', Number(row.newest))
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) return false;
        await new OutboxRepository(trx, this.kind).enqueue(
          chatDigestMail({ ...row, email: row.email! }, { count: Number(row.count), sender: row.sender }, this.context),
        );
        return true;
      });
      if (wrote) written += 1;
    }
    if (written > 0) this.wake();
    return { written };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The digests of missed chat messages, where CHAT_DIGEST_AFTER_MINUTES is not 0 (the extensions on). */
    chatDigests?: ChatDigests;
  }
}
