// SQL of blocking in chat (migration 0028): who blocked whom, and the blocker's membership of the pair's room hidden
// from their list while the block lasts. A block and its hiding are written in one transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import { pairKey } from './chat.repository.js';

export interface BlockedPerson {
  id: number;
  username: string;
  blockedAt: string;
}

export class ChatBlocksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Blocks `blockedId` for `blockerId` (again: nothing changes) and hides their room from the blocker's list. */
  async block(blockerId: number, blockedId: number): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chatBlocks')
        .values({ blockerId, blockedId, createdAt: now() })
        .onConflict((conflict) => conflict.columns(['blockerId', 'blockedId']).doNothing())
        .execute();
      await this.hide(trx, blockerId, blockedId, 1);
      const row = await trx
        .selectFrom('chatBlocks')
        .select('createdAt')
        .where('blockerId', '=', blockerId)
        .where('blockedId', '=', blockedId)
        .executeTakeFirstOrThrow();
      return row.createdAt;
    });
  }

  /** Ends the block (if there was one) and brings the room back to the blocker's list. */
  async unblock(blockerId: number, blockedId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('chatBlocks')
        .where('blockerId', '=', blockerId)
        .where('blockedId', '=', blockedId)
        .execute();
      await this.hide(trx, blockerId, blockedId, 0);
    });
  }

  private async hide(trx: Kysely<Database>, blockerId: number, otherId: number, hidden: 0 | 1): Promise<void> {
    await trx
      .updateTable('chatParticipants')
      .set({ hidden })
      .where('userId', '=', blockerId)
      .where('roomId', 'in', (eb) =>
        eb.selectFrom('chatRooms').select('chatRooms.id').where('chatRooms.pairKey', '=', pairKey(blockerId, otherId)),
      )
      .execute();
  }

  /** The people `blockerId` blocked, the latest first. */
  blocked(blockerId: number): Promise<BlockedPerson[]> {
    return this.db
      .selectFrom('chatBlocks')
      .innerJoin('users', 'users.id', 'chatBlocks.blockedId')
      .select(['users.id', 'users.username', 'chatBlocks.createdAt as blockedAt'])
      .where('chatBlocks.blockerId', '=', blockerId)
      .orderBy('chatBlocks.createdAt', 'desc')
      .orderBy('chatBlocks.id', 'desc')
      .execute();
  }

  /** Whether either of the two blocked the other: who blocked whom, by the blocker's id. */
  async between(userA: number, userB: number): Promise<{ blockerId: number }[]> {
    return this.db
      .selectFrom('chatBlocks')
      .select('blockerId')
      .where((eb) =>
        eb.or([
          eb.and([eb('blockerId', '=', userA), eb('blockedId', '=', userB)]),
          eb.and([eb('blockerId', '=', userB), eb('blockedId', '=', userA)]),
        ]),
      )
      .execute();
  }
}
