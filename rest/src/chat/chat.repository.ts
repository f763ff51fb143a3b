// SQL for chat: one room per pair of users (pair_key), a membership row per participant with what they last read.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type PreparedQuery, preparedQuery } from '../db/prepared-query.js';
import type { ChatMessageRow, Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';

export interface Membership {
  roomId: number;
  createdAt: string;
  lastMessageId: number | null;
  lastReadMessageId: number;
  /** Its last message's time, or the room's creation before the first: what a user's rooms are ordered by. */
  lastActivityAt: string;
}

/** Where a page of rooms starts: after this room, as the list was ordered when that room was shown. */
export interface RoomPosition {
  lastActivityAt: string;
  roomId: number;
}

/** The end of a user's list: the place before which its last rooms are. */
export const END_OF_LIST = 'end';

export interface RoomSelection {
  /** Only these rooms (those of the user among them). */
  roomIds?: readonly number[] | undefined;
  after?: RoomPosition | undefined;
  /** Only the rooms before this one in the list (more recently active); `end`: every room, counted from the end. */
  before?: RoomPosition | typeof END_OF_LIST | undefined;
  /** Only rooms with messages the user has not read. */
  unreadOnly?: boolean | undefined;
}

/** A part of a room's history: messages older than `beforeId`, newer than `afterId`. */
export interface MessageRange {
  beforeId?: number | undefined;
  afterId?: number | undefined;
}

function messagesIn({ beforeId, afterId }: MessageRange) {
  return (eb: ExpressionBuilder<Database, 'chatMessages'>) => {
    const conditions = [];
    if (beforeId !== undefined) conditions.push(eb('chatMessages.id', '<', beforeId));
    if (afterId !== undefined) conditions.push(eb('chatMessages.id', '>', afterId));
    return eb.and(conditions);
  };
}

export interface Participant {
  roomId: number;
  userId: number | null;
  username: string | null;
}

export interface MessageWithSender extends ChatMessageRow {
  senderUsername: string | null;
}

export const pairKey = (userA: number, userB: number) => `${Math.min(userA, userB)}:${Math.max(userA, userB)}`;

export class ChatRepository {
  // What every opened chat asks (issue 33): who may read the room, its newest page, and how many messages it has;
  // built and compiled once, not on each call.
  private readonly membershipOf: PreparedQuery<[userId: number, roomId: number], Membership>;
  private readonly newestMessages: PreparedQuery<[roomId: number, limit: number, offset: number], MessageWithSender>;
  private readonly messageCount: PreparedQuery<[roomId: number], { count: number | string | bigint }>;
  // And what describes the one room it is in (include=room, a room created or read alone).
  private readonly participantsOfRoom: PreparedQuery<[roomId: number], Participant>;
  private readonly messageOfId: PreparedQuery<[id: number], MessageWithSender>;
  private readonly unreadOfRoom: PreparedQuery<
    [userId: number, sameUserId: number, roomId: number],
    { roomId: number; unread: number | string | bigint | null }
  >;

  constructor(private readonly db: Kysely<Database>) {
    this.membershipOf = preparedQuery(
      db,
      (_db, userId: number, roomId: number) =>
        this.selectMemberships().where('chatParticipants.userId', '=', userId).where('chatRooms.id', '=', roomId),
      [1, 2],
    );
    this.newestMessages = preparedQuery(
      db,
      (_db, roomId: number, limit: number, offset: number) =>
        this.selectMessages()
          .where('chatMessages.roomId', '=', roomId)
          .orderBy('chatMessages.id', 'desc')
          .limit(limit)
          .offset(offset),
      [1, 2, 3],
    );
    this.messageCount = preparedQuery(
      db,
      (db, roomId: number) =>
        db
          .selectFrom('chatMessages')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('chatMessages.roomId', '=', roomId),
      [1],
    );
    this.participantsOfRoom = preparedQuery(db, (_db, roomId: number) => this.selectParticipants([roomId]), [1]);
    this.messageOfId = preparedQuery(
      db,
      (_db, id: number) => this.selectMessages().where('chatMessages.id', '=', id),
      [1],
    );
    // The user's id twice: the count's (in the select) and the membership's (in the where), in that order.
    this.unreadOfRoom = preparedQuery(
      db,
      (db, userId: number, sameUserId: number, roomId: number) =>
        db
          .selectFrom('chatParticipants')
          .select(['chatParticipants.roomId', (eb) => this.unreadOfMembership(eb, userId).as('unread')])
          .where('chatParticipants.userId', '=', sameUserId)
          .where('chatParticipants.roomId', '=', roomId),
      [1, 2, 3],
    );
  }

  private selectMemberships() {
    return this.db
      .selectFrom('chatParticipants')
      .innerJoin('chatRooms', 'chatRooms.id', 'chatParticipants.roomId')
      .select([
        'chatRooms.id as roomId',
        'chatRooms.createdAt',
        'chatRooms.lastMessageId',
        'chatParticipants.lastReadMessageId',
        'chatParticipants.lastActivityAt',
      ]);
  }

  /** The user's membership of this room, if they have one. */
  async membership(userId: number, roomId: number): Promise<Membership | undefined> {
    return (await this.membershipOf([userId, roomId]))[0];
  }

  /**
   * The user's rooms, most recently active first, the newer room first among rooms equally recent; from after
   * `selection.after` when given. Read off the index (user, activity, room): a page costs its own rows, however
   * many rooms the user has. With `selection.before` the slice is counted back from that place (the rooms nearest
   * it), read off the same index the other way, and answered in the list's order.
   */
  async roomsByActivity(
    userId: number,
    selection: RoomSelection,
    slice?: { offset: number; limit: number },
  ): Promise<Membership[]> {
    const direction = selection.before ? 'asc' : 'desc';
    let query = this.selectMemberships()
      .where(this.selected(userId, selection))
      .orderBy('chatParticipants.lastActivityAt', direction)
      .orderBy('chatParticipants.roomId', direction);
    if (slice) query = query.limit(slice.limit).offset(slice.offset);
    const rooms = await query.execute();
    return selection.before ? rooms.reverse() : rooms;
  }

  async countRooms(userId: number, selection: RoomSelection): Promise<number> {
    const query = this.db
      .selectFrom('chatParticipants')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(this.selected(userId, selection));
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  /**
   * The condition a room of the user's list meets: theirs, among the ids given, after the position given, unread if
   * asked.
   */
  private selected(userId: number, { roomIds, after, before, unreadOnly }: RoomSelection) {
    return (eb: ExpressionBuilder<Database, 'chatParticipants'>) => {
      const conditions = [eb('chatParticipants.userId', '=', userId)];
      if (roomIds) conditions.push(roomIds.length ? eb('chatParticipants.roomId', 'in', roomIds) : eb.lit(false));
      // A room with someone the user blocked is not in their list (a few rows of the index read past, at most); asked
      // for by its id, it is still theirs.
      else conditions.push(eb('chatParticipants.hidden', '=', 0));
      // A row value: both databases read it as one range of the index (an OR of the two cases would not be).
      if (after)
        conditions.push(
          eb(
            eb.refTuple('chatParticipants.lastActivityAt', 'chatParticipants.roomId'),
            '<',
            eb.tuple(after.lastActivityAt, after.roomId),
          ),
        );
      if (before && before !== END_OF_LIST) {
        conditions.push(
          eb(
            eb.refTuple('chatParticipants.lastActivityAt', 'chatParticipants.roomId'),
            '>',
            eb.tuple(before.lastActivityAt, before.roomId),
          ),
        );
      }
      if (unreadOnly) {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('chatMessages')
              .select('chatMessages.id')
              .whereRef('chatMessages.roomId', '=', 'chatParticipants.roomId')
              .whereRef('chatMessages.id', '>', 'chatParticipants.lastReadMessageId')
              .where((inner) =>
                inner.or([inner('chatMessages.senderId', 'is', null), inner('chatMessages.senderId', '<>', userId)]),
              ),
          ),
        );
      }
      return eb.and(conditions);
    };
  }

  private selectParticipants(roomIds: readonly number[]) {
    return this.db
      .selectFrom('chatParticipants')
      .leftJoin('users', 'users.id', 'chatParticipants.userId')
      .select(['chatParticipants.roomId', 'chatParticipants.userId', 'users.username'])
      .where('chatParticipants.roomId', roomIds.length === 1 ? '=' : 'in', roomIds.length === 1 ? roomIds[0]! : roomIds)
      .orderBy('chatParticipants.id');
  }

  participants(roomIds: number[]): Promise<Participant[]> {
    if (roomIds.length === 0) return Promise.resolve([]);
    if (roomIds.length === 1) return this.participantsOfRoom([roomIds[0]!]);
    return this.selectParticipants(roomIds).execute();
  }

  messagesByIds(ids: number[]): Promise<MessageWithSender[]> {
    if (ids.length === 0) return Promise.resolve([]);
    if (ids.length === 1) return this.messageOfId([ids[0]!]);
    return this.selectMessages().where('chatMessages.id', 'in', ids).execute();
  }

  /**
   * Unread messages per room: from others (or from deleted accounts), newer than what the user last read. Counted
   * per membership, so that only the unread messages of each room are visited, not its whole history.
   */
  async unreadCounts(userId: number, roomIds: number[]): Promise<Map<number, number>> {
    if (roomIds.length === 0) return new Map();
    if (roomIds.length === 1) {
      const rows = await this.unreadOfRoom([userId, userId, roomIds[0]!]);
      return new Map(rows.map((row) => [row.roomId, Number(row.unread)]));
    }
    const rows = await this.db
      .selectFrom('chatParticipants')
      .select(['chatParticipants.roomId', (eb) => this.unreadOfMembership(eb, userId).as('unread')])
      .where('chatParticipants.userId', '=', userId)
      .where('chatParticipants.roomId', 'in', roomIds)
      .execute();
    return new Map(rows.map((row) => [row.roomId, Number(row.unread)]));
  }

  /** How many messages of the membership's room its user has not read: one range of the (room_id, id) index. */
  private unreadOfMembership(eb: ExpressionBuilder<Database, 'chatParticipants'>, userId: number) {
    return eb
      .selectFrom('chatMessages')
      .select((inner) => inner.fn.countAll<number>().as('unread'))
      .whereRef('chatMessages.roomId', '=', 'chatParticipants.roomId')
      .whereRef('chatMessages.id', '>', 'chatParticipants.lastReadMessageId')
      .where((inner) =>
        inner.or([inner('chatMessages.senderId', 'is', null), inner('chatMessages.senderId', '<>', userId)]),
      );
  }

  /**
   * The user's unread messages over all their rooms. Only messages after what the user last read in each room are
   * visited (the (room_id, id) index), never the history they have read.
   */
  async unreadTotal(userId: number): Promise<number> {
    // Rooms with nothing after what the user read are passed over on their last_message_id; the others are counted
    // one by one. As one join of memberships and messages, PostgreSQL may instead hash every message of the table.
    const row = await this.db
      .selectFrom('chatParticipants')
      .innerJoin('chatRooms', 'chatRooms.id', 'chatParticipants.roomId')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(this.unreadOfMembership(eb, userId)), eb.lit(0)).as('unread'))
      .where('chatParticipants.userId', '=', userId)
      .where('chatParticipants.hidden', '=', 0)
      .whereRef('chatRooms.lastMessageId', '>', 'chatParticipants.lastReadMessageId')
      .executeTakeFirstOrThrow();
    return Number(row.unread);
  }

  async roomExists(roomId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('chatRooms').select('id').where('id', '=', roomId).executeTakeFirst()) !== undefined
    );
  }

  /**
   * The room of two users, created with both memberships if it does not exist yet; safe when both create it at once.
   */
  async findOrCreateRoom(userA: number, userB: number): Promise<number> {
    const key = pairKey(userA, userB);
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('chatRooms')
        .values({ pairKey: key, createdAt: now(), lastMessageId: null })
        .onConflict((conflict) => conflict.column('pairKey').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created) {
        await trx
          .insertInto('chatParticipants')
          .values([
            { roomId: created.id, userId: userA, lastReadMessageId: 0 },
            { roomId: created.id, userId: userB, lastReadMessageId: 0 },
          ])
          .execute();
        return created.id;
      }
      const existing = await trx
        .selectFrom('chatRooms')
        .select('id')
        .where('pairKey', '=', key)
        .executeTakeFirstOrThrow();
      return existing.id;
    });
  }

  private selectMessages() {
    return this.db
      .selectFrom('chatMessages')
      .leftJoin('users', 'users.id', 'chatMessages.senderId')
      .selectAll('chatMessages')
      .select('users.username as senderUsername');
  }

  /**
   * Newest first: the newest of the room (older than `beforeId` when given), or, with `afterId`, the `limit` messages
   * that came next after it (read oldest first off the (room_id, id) index, answered newest first like every page).
   */
  async messages(
    roomId: number,
    slice: { offset: number; limit: number } & MessageRange,
  ): Promise<MessageWithSender[]> {
    if (slice.beforeId === undefined && slice.afterId === undefined) {
      return this.newestMessages([roomId, slice.limit, slice.offset]);
    }
    const forward = slice.afterId !== undefined;
    const messages = await this.selectMessages()
      .where('chatMessages.roomId', '=', roomId)
      .where(messagesIn(slice))
      .orderBy('chatMessages.id', forward ? 'asc' : 'desc')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute();
    return forward ? messages.reverse() : messages;
  }

  async countMessages(roomId: number, range: MessageRange = {}): Promise<number> {
    if (range.beforeId === undefined && range.afterId === undefined) {
      return Number((await this.messageCount([roomId]))[0]!.count);
    }
    const query = this.db
      .selectFrom('chatMessages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('chatMessages.roomId', '=', roomId)
      .where(messagesIn(range));
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  async insertMessage(roomId: number, senderId: number, content: string, plainLinks = false): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('chatMessages')
        .values({ roomId, senderId, content, plainLinks: plainLinks ? 1 : 0, createdAt: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Only ever forward: two messages sent at once may commit in either order (PostgreSQL runs them side by side).
      await trx
        .updateTable('chatRooms')
        .set({
          lastMessageId: sql<number>`case when last_message_id is null or last_message_id < ${id} then ${id} else last_message_id end`,
        })
        .where('id', '=', roomId)
        .execute();
      // The sender has read their own message and everything before it.
      await trx
        .updateTable('chatParticipants')
        .set({
          lastReadMessageId: sql<number>`case when last_read_message_id < ${id} then ${id} else last_read_message_id end`,
        })
        .where('roomId', '=', roomId)
        .where('userId', '=', senderId)
        .execute();
      return id;
    });
  }

  async markRead(roomId: number, userId: number): Promise<void> {
    await this.db
      .updateTable('chatParticipants')
      .set({
        // Everything in the room so far, counted from the messages themselves; never backwards.
        lastReadMessageId: sql<number>`case
          when coalesce((select max(id) from chat_messages where room_id = ${roomId}), 0) > last_read_message_id
          then coalesce((select max(id) from chat_messages where room_id = ${roomId}), 0)
          else last_read_message_id end`,
      })
      .where('roomId', '=', roomId)
      .where('userId', '=', userId)
      .execute();
  }

  /** Rooms in which no participant has an account any more: nobody can ever open them again. */
  async deleteAbandonedRooms(): Promise<number> {
    const result = await this.db
      .deleteFrom('chatRooms')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chatParticipants')
              .select('chatParticipants.id')
              .whereRef('chatParticipants.roomId', '=', 'chatRooms.id')
              .where('chatParticipants.userId', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
