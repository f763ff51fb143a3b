// Writes an order's e-mails to the outbox inside the transaction of the change they tell of (checkout, a move of
// its status): both happen, or neither. The sender is woken once the transaction has committed. Only to a verified
// address, about the owner's own orders: these are not held to the limit per recipient.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import type { OrderWithItems } from '../orders/order.repository.js';
import type { MailPreferences } from '../auth/authenticated-user.js';
import { type MailContext, type MailRecipient, orderPlacedMail, orderStatusMail } from './order-mails.js';
import { type OutgoingMail, OutboxRepository } from './outbox.repository.js';

export class OrderMailer {
  constructor(
    private readonly kind: DatabaseKind,
    private readonly context: MailContext,
    /** Tells the sender something is waiting (after the commit: before it, the sender would not see it). */
    readonly wake: () => void,
  ) {}

  /** `buyer`: the buyer's e-mail as the request read it already (then it is not read again), else read here. */
  async placed(trx: Kysely<Database>, order: OrderWithItems, buyer?: MailPreferences): Promise<boolean> {
    const compose = (recipient: MailRecipient) => orderPlacedMail(recipient, order, this.context);
    if (buyer === undefined) return this.write(trx, order.userId, compose);
    return buyer.emailVerifiedAt !== null && this.enqueue(trx, compose(buyer));
  }

  async moved(trx: Kysely<Database>, order: OrderWithItems, status: string, at: string): Promise<boolean> {
    return this.write(trx, order.userId, (recipient) => orderStatusMail(recipient, order, status, at, this.context));
  }

  /** The payment for the order arrived (an admin recorded the transfer). */
  async paid(trx: Kysely<Database>, order: OrderWithItems, at: string): Promise<boolean> {
    return this.write(trx, order.userId, (recipient) => orderStatusMail(recipient, order, 'PAID', at, this.context));
  }

  /** A card payment the shop could not take was given back (issue 35: paymentArrival's REFUND). */
  async refunded(
    trx: Kysely<Database>,
    order: OrderWithItems,
    at: string,
    refund: { cents: number; orderCancelled: boolean },
  ): Promise<boolean> {
    return this.write(trx, order.userId, (recipient) =>
      orderStatusMail(recipient, order, 'REFUNDED', at, this.context, refund),
    );
  }

  /**
   * Whether an e-mail was written (the buyer may have turned them off, or have no address, or one they never verified,
   * or no account any more). An address not verified gets nothing: whoever typed it into the profile may not own it.
   */
  private async write(
    trx: Kysely<Database>,
    userId: number | null,
    compose: (recipient: MailRecipient) => OutgoingMail | undefined,
  ): Promise<boolean> {
    if (userId === null) return false;
    const recipient = await trx
      .selectFrom('users')
      .select(['username', 'firstName', 'email', 'emailNotifications', 'language', 'timezone'])
      .where('id', '=', userId)
      .where('emailVerifiedAt', 'is not', null)
      .executeTakeFirst();
    return this.enqueue(trx, recipient ? compose(recipient) : undefined);
  }

  private async enqueue(trx: Kysely<Database>, mail: OutgoingMail | undefined): Promise<boolean> {
    if (!mail) return false;
    await new OutboxRepository(trx, this.kind).enqueue(mail);
    return true;
  }
}
