// SQL for the address books (migration 0019): each address belongs to one account, and is only ever read or changed
// through it.
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import type { AddressRow, Database } from '../db/schema.js';
import type { ValidAddress } from '../../../shop-rules/address-rules.js';
import { now } from '../shared/timestamps.js';

/** The parts that make an address: two rows alike in all of them are the same address. */
const ADDRESS_COLUMNS = ['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const;

export class AddressRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  /** The account's addresses, the last used first (never used ones after, the newest first). */
  list(userId: number): Promise<AddressRow[]> {
    return this.db
      .selectFrom('addresses')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy((eb) => eb.case().when('lastUsedAt', 'is', null).then(1).else(0).end())
      .orderBy('lastUsedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Adds an address unless the book holds it already (every part the same: that one is answered, `created` false) or
   * holds `max`, counted in the same transaction; on PostgreSQL the account's row is locked first, so two added at
   * once cannot both pass the count (SQLite runs one writer at a time). Undefined when it is full.
   */
  async insert(
    userId: number,
    address: ValidAddress,
    max: number,
  ): Promise<{ row: AddressRow; created: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
      const kept = await trx.selectFrom('addresses').selectAll().where('userId', '=', userId).execute();
      const same = kept.find((row) => ADDRESS_COLUMNS.every((column) => row[column] === address[column]));
      if (same) return { row: same, created: false };
      if (kept.length >= max) return undefined;
      const row = await trx
        .insertInto('addresses')
        .values({ userId, ...address, createdAt: now(), lastUsedAt: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, created: true };
    });
  }

  update(userId: number, id: number, address: ValidAddress): Promise<AddressRow | undefined> {
    return this.db
      .updateTable('addresses')
      .set(address)
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async markUsed(userId: number, id: number, at: string): Promise<void> {
    await this.db
      .updateTable('addresses')
      .set({ lastUsedAt: at })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .execute();
  }
}
