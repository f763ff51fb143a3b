// SQL for payment (migration 0022): the bank account transfers pay into (a shop setting), and the conditional
// changes of an order's payment, each of which happens once however many ask for it at the same moment.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import type { BankTransferSettings } from '../../../shop-rules/payment-rules.js';

/** The shop setting's row name (shop_settings): absent while the shop takes no bank transfers. */
export const BANK_TRANSFER = 'bank_transfer';

export class PaymentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async bankTransfer(): Promise<BankTransferSettings | null> {
    const row = await this.db
      .selectFrom('shopSettings')
      .select('value')
      .where('name', '=', BANK_TRANSFER)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as BankTransferSettings) : null;
  }

  /** Sets the account (null: the shop stops taking bank transfers; orders waiting for one still wait). */
  async setBankTransfer(settings: BankTransferSettings | null): Promise<void> {
    if (settings === null) {
      await this.db.deleteFrom('shopSettings').where('name', '=', BANK_TRANSFER).execute();
      return;
    }
    const at = now();
    await this.db
      .insertInto('shopSettings')
      .values({ name: BANK_TRANSFER, value: JSON.stringify(settings), updatedAt: at })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql`excluded.value`, updatedAt: at }))
      .execute();
  }

  /**
   * Marks an order paid if it still waits for its payment and is not cancelled; answers whether it did (two admins
   * recording one payment at once: one of them).
   */
  async markPaid(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ paymentStatus: 'PAID', paidAt: at, reservedUntil: null })
      .where('id', '=', id)
      .where('paymentStatus', '=', 'AWAITING_PAYMENT')
      .where('status', '<>', 'CANCELLED')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks a paid order's payment refunded (its cancellation), once. */
  async markRefunded(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ paymentStatus: 'REFUNDED' })
      .where('id', '=', id)
      .where('paymentStatus', '=', 'PAID')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Pending orders whose reservation ran out by `at` while they waited for their payment, the oldest first. */
  async expiredReservations(at: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select('id')
      .where('paymentStatus', '=', 'AWAITING_PAYMENT')
      .where('reservedUntil', '<=', at)
      .where('status', '=', 'PENDING')
      .orderBy('reservedUntil')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
