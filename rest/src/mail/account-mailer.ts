// Writes the account's e-mails (a password reset's link) to the outbox inside the transaction that makes the link:
// both happen, or neither. The sender is woken once the transaction has committed.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { DatabaseKind } from '../db/database.js';
import { passwordResetMail } from './account-mails.js';
import type { MailContext } from './mail-layout.js';
import { OutboxRepository } from './outbox.repository.js';

export class AccountMailer {
  constructor(
    private readonly kind: DatabaseKind,
    private readonly context: MailContext,
    /** Tells the sender something is waiting (after the commit: before it, the sender would not see it). */
    readonly wake: () => void,
  ) {}

  async passwordReset(trx: Kysely<Database>, account: UserRow & { email: string }, token: string, expiresAt: string): Promise<void> {
    await new OutboxRepository(trx, this.kind).enqueue(passwordResetMail(account, token, expiresAt, this.context));
  }
}
