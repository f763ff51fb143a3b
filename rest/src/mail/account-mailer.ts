// Writes the account's e-mails (a password reset's link, an address's verification link) to the outbox inside the
// transaction that makes the link: both happen, or neither. The sender is woken once the transaction has committed.
// Both kinds are held to the limit per recipient (RecipientLimit): the caller asks `secondsToWait` first, in the same
// transaction, and makes no link when the address has had its share.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { emailVerificationMail, passwordResetMail } from './account-mails.js';
import type { MailContext } from './mail-layout.js';
import { type MailKind, OutboxRepository } from './outbox.repository.js';
import type { RecipientLimit } from './recipient-limit.js';

export class AccountMailer {
  constructor(
    private readonly kind: DatabaseKind,
    private readonly context: MailContext,
    private readonly limit: RecipientLimit,
    /** Tells the sender something is waiting (after the commit: before it, the sender would not see it). */
    readonly wake: () => void,
  ) {}

  /** Undefined when an e-mail of this kind may be written to the address now; else the seconds until one may. */
  secondsToWait(
    trx: Kysely<Database>,
    kind: Extract<MailKind, 'password-reset' | 'email-verification'>,
    recipient: string,
  ): Promise<number | undefined> {
    return this.limit.secondsToWait(trx, kind, recipient);
  }

  async passwordReset(
    trx: Kysely<Database>,
    account: UserRow & { email: string },
    token: string,
    expiresAt: string,
  ): Promise<void> {
    await new OutboxRepository(trx, this.kind).enqueue(passwordResetMail(account, token, expiresAt, this.context));
  }

  async emailVerification(
    trx: Kysely<Database>,
    account: UserRow & { email: string },
    token: string,
    expiresAt: string,
  ): Promise<void> {
    await new OutboxRepository(trx, this.kind).enqueue(emailVerificationMail(account, token, expiresAt, this.context));
  }
}
