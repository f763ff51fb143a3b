// SQL for password reset links (migration 0008): only each link's SHA-256 is stored. A link is good once, until it
// ends, and only while the account's token version is the one it was made under: any password change (this reset, a
// change on the profile, the admin's password set at start) ends every link made before it.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { usernameKey } from '../../../shop-rules/account-rules.js';

/** Accounts one e-mail address may name at most (addresses are not unique): each gets its own link. */
const ACCOUNTS_PER_ADDRESS = 10;

export interface NewResetLink {
  userId: number;
  tokenHash: string;
  tokenVersion: number;
  createdAt: string;
  expiresAt: string;
}

export class PasswordResetRepository {
  /** `db` may be a transaction. */
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The account with that username (any case), or the accounts with that e-mail address (any case). */
  async accountsNamedBy(text: string): Promise<UserRow[]> {
    const byUsername = await this.db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(text)).executeTakeFirst();
    if (byUsername) return [byUsername];
    if (!text.includes('@')) return [];
    return this.db
      .selectFrom('users')
      .selectAll()
      // lower(email) is indexed (users_email_key_idx).
      .where((eb) => eb(eb.fn('lower', ['email']), '=', text.toLowerCase()))
      .orderBy('id')
      .limit(ACCOUNTS_PER_ADDRESS)
      .execute();
  }

  async insert(link: NewResetLink): Promise<void> {
    await this.db.insertInto('passwordResets').values(link).execute();
  }

  /** Links of this account that can no longer be used (ended or used before `before`): nothing keeps them. */
  async forgetEnded(userId: number, before: string): Promise<void> {
    await this.db
      .deleteFrom('passwordResets')
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('expiresAt', '<', before), eb('usedAt', '<', before)]))
      .execute();
  }

  /**
   * Uses the link whose token has this hash, at `at`: the account's id when it was good (not used, not ended, made
   * under the account's current password), else undefined. One statement, so two uses at once cannot both succeed.
   */
  async use(tokenHash: string, at: string): Promise<number | undefined> {
    const used = await this.db
      .updateTable('passwordResets')
      .set({ usedAt: at })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', at)
      .where('tokenVersion', '=', (eb) => eb.selectFrom('users').select('users.tokenVersion').whereRef('users.id', '=', 'passwordResets.userId'))
      .returning('userId')
      .executeTakeFirst();
    return used?.userId;
  }
}
