// SQL for the links that prove an e-mail address (migration 0009): only each link's SHA-256 is stored. A link is good
// once, until it ends, and only while its account still has the address it was sent to (any case); a new address ends
// every earlier link of the account.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface NewVerificationLink {
  userId: number;
  email: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export class EmailVerificationRepository {
  /** `db` may be a transaction. */
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (links: EmailVerificationRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new EmailVerificationRepository(trx), trx));
  }

  async insert(link: NewVerificationLink): Promise<void> {
    await this.db.insertInto('emailVerifications').values(link).execute();
  }

  /** Every link of the account not used yet stops working (a new address; the address proven by one of them). */
  async endLinks(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('emailVerifications')
      .set({ usedAt: at })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
  }

  /** Links of this account that can no longer be used (ended or used before `before`): nothing keeps them. */
  async forgetEnded(userId: number, before: string): Promise<void> {
    await this.db
      .deleteFrom('emailVerifications')
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('expiresAt', '<', before), eb('usedAt', '<', before)]))
      .execute();
  }

  /**
   * Uses the link whose token has this hash, at `at`: its account and the address it proves, when it was good (not
   * used, not ended, its account still has that address); else undefined. Two uses at once cannot both succeed (the
   * row's lock on PostgreSQL; SQLite writes one at a time).
   */
  async use(tokenHash: string, at: string): Promise<{ userId: number; email: string } | undefined> {
    return this.db
      .updateTable('emailVerifications')
      .set({ usedAt: at })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', at)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'emailVerifications.userId')
            .where((inner) =>
              inner(inner.fn('lower', ['users.email']), '=', inner.fn('lower', ['emailVerifications.email'])),
            ),
        ),
      )
      .returning(['userId', 'email'])
      .executeTakeFirst();
  }
}
