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
   * Marks an order paid if it still waits for its payment and is not cancelled, and gives it the next invoice number;
   * answers whether it did (two admins recording one payment at once: one of them). Run in a transaction: one rolled
   * back takes no number, so the invoices have no gaps.
   */
  async markPaid(id: number, at: string, paidBy: string | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({
        paymentStatus: 'PAID',
        paidAt: at,
        reservedUntil: null,
        paidBy,
        paymentSession: null,
        paymentSessionUrl: null,
        paymentSessionExpires: null,
      })
      .where('id', '=', id)
      .where('paymentStatus', '=', 'AWAITING_PAYMENT')
      .where('status', '<>', 'CANCELLED')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    // The counter's row is locked until this transaction ends: concurrent payments take the next numbers in turn.
    const { last } = await this.db
      .updateTable('invoiceCounter')
      .set((eb) => ({ last: eb('last', '+', 1) }))
      .where('id', '=', 1)
      .returning('last')
      .executeTakeFirstOrThrow();
    await this.db.insertInto('invoices').values({ number: last, orderId: id, issuedAt: at }).execute();
    return true;
  }

  /** A paid order's invoice: its number and when it was issued; undefined before the order is paid. */
  invoiceOf(orderId: number) {
    return this.db
      .selectFrom('invoices')
      .select(['number', 'issuedAt'])
      .where('orderId', '=', orderId)
      .executeTakeFirst();
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

  /**
   * A payment that came after its order was cancelled is given back: the order says REFUNDED (once; answers whether
   * this call did it).
   */
  async markReturned(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ paymentStatus: 'REFUNDED', paymentSession: null, paymentSessionUrl: null, paymentSessionExpires: null })
      .where('id', '=', id)
      .where('paymentStatus', '=', 'AWAITING_PAYMENT')
      .where('status', '=', 'CANCELLED')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Keeps a card order's Checkout Session if the order still waits for its payment and its session is still
   * `previous` (or already this one: two clicks that opened the same session); answers whether it did. A session that
   * lost is expired by the caller: one order, one way to pay at a time.
   */
  async keepSession(
    id: number,
    previous: string | null,
    session: { id: string; url: string; expiresAt: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ paymentSession: session.id, paymentSessionUrl: session.url, paymentSessionExpires: session.expiresAt })
      .where('id', '=', id)
      .where('paymentStatus', '=', 'AWAITING_PAYMENT')
      .where('status', '<>', 'CANCELLED')
      .where((eb) =>
        eb.or([
          previous === null ? eb('paymentSession', 'is', null) : eb('paymentSession', '=', previous),
          eb('paymentSession', '=', session.id),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Holds a card order's row until the transaction ends (an UPDATE that changes nothing: a lock on PostgreSQL, where a
   * webhook and a cancellation run at once; SQLite runs one writer at a time anyway), so that what the webhook decides
   * is decided on the order as it stands.
   */
  async holdOrder(id: number): Promise<void> {
    await this.db
      .updateTable('orders')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', id)
      .execute();
  }

  /** What only Stripe can finish: card orders still waiting for their payment, and refunds not yet taken. */
  async cardWorkOutstanding(): Promise<{ waiting: number; refunds: number }> {
    const [waiting, refunds] = await Promise.all([
      this.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('paymentStatus', '=', 'AWAITING_PAYMENT')
        .where('paymentMethod', '=', 'CARD')
        .where('status', '=', 'PENDING')
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('paymentRefunds')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('refundedAt', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { waiting: Number(waiting.count), refunds: Number(refunds.count) };
  }

  /** Cancelled orders whose Checkout Session may still be open (its expiry failed or was cut off), a few at a time. */
  async openSessionsOfCancelled(limit: number) {
    return this.db
      .selectFrom('orders')
      .select(['id', 'paymentSession'])
      .where('status', '=', 'CANCELLED')
      .where('paymentSession', 'is not', null)
      .limit(limit)
      .execute();
  }

  /** The order's session is closed at Stripe: nothing left to expire. */
  async forgetSession(id: number, sessionId: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ paymentSession: null, paymentSessionUrl: null, paymentSessionExpires: null })
      .where('id', '=', id)
      .where('paymentSession', '=', sessionId)
      .execute();
  }

  /**
   * Notes a Stripe event as acted on, in the transaction of what it did; false when it already was (delivered again):
   * then nothing is done twice.
   */
  async takeEvent(event: { id: string; type: string; orderId: number | null }, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('paymentEvents')
      .values({ eventId: event.id, type: event.type, orderId: event.orderId, receivedAt: at })
      .onConflict((conflict) => conflict.column('eventId').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /** Owes a card payment back (once per payment, however often it is decided), to be sent to Stripe. */
  async oweRefund(refund: { paymentIntent: string; orderId: number; amountCents: number }, at: string): Promise<void> {
    await this.db
      .insertInto('paymentRefunds')
      .values({ ...refund, createdAt: at, refundId: null, refundedAt: null, lastError: null })
      .onConflict((conflict) => conflict.column('paymentIntent').doNothing())
      .execute();
  }

  /**
   * The refunds Stripe has not taken yet, the least tried first, then the oldest (one Stripe keeps refusing does not
   * hold back those behind it); of one order only where `orderId` says.
   */
  async refundsDue(limit: number, orderId?: number) {
    let query = this.db
      .selectFrom('paymentRefunds')
      .select(['paymentIntent', 'orderId', 'amountCents', 'attempts'])
      .where('refundedAt', 'is', null);
    if (orderId !== undefined) query = query.where('orderId', '=', orderId);
    return query.orderBy('attempts').orderBy('createdAt').limit(limit).execute();
  }

  /** Stripe took the refund (its id; null where Stripe had refunded the payment already). */
  async refundTaken(paymentIntent: string, refundId: string | null, at: string): Promise<void> {
    await this.db
      .updateTable('paymentRefunds')
      .set({ refundId, refundedAt: at, lastError: null })
      .where('paymentIntent', '=', paymentIntent)
      .execute();
  }

  async refundFailed(paymentIntent: string, error: string): Promise<void> {
    await this.db
      .updateTable('paymentRefunds')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: error.slice(0, 500) }))
      .where('paymentIntent', '=', paymentIntent)
      .execute();
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
