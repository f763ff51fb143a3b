// SQL for password reset links (migration 0008): only each link's SHA-256 is stored. A link is good once, until it
// ends, and only while the account's token version is the one it was made under: any password change (this reset, a
// change on the profile, the admin's password set at start) ends every link made before it.
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
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

/** A request claimed by this instance: what was asked for, and the lease under which it is carried out. */
export interface ClaimedRequest {
  id: number;
  askedFor: string;
  lease: string;
}

export class PasswordResetRepository {
  /** `db` may be a transaction. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
  ) {}

  transaction<T>(work: (resets: PasswordResetRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PasswordResetRepository(trx, this.kind), trx));
  }

  /** A request as it came, whatever it names: the same row, the same time. */
  async addRequest(askedFor: string, at: string): Promise<void> {
    await this.db.insertInto('passwordResetRequests').values({ askedFor, requestedAt: at }).execute();
  }

  /**
   * The oldest request no instance is carrying out (or whose instance stopped: its lease lapsed), claimed until
   * `leaseUntil`. On PostgreSQL taken with SKIP LOCKED, so instances claiming at once take different ones.
   */
  async claimRequest(leaseUntil: string, at: string): Promise<ClaimedRequest | undefined> {
    const lease = `${leaseUntil}#${Math.random().toString(36).slice(2, 10)}`;
    const next = this.db
      .selectFrom('passwordResetRequests')
      .select('id')
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', at)]))
      .orderBy('id')
      .limit(1);
    const claimed = await this.db
      .updateTable('passwordResetRequests')
      .set({ claimedUntil: lease })
      .where('id', 'in', this.kind === 'postgres' ? next.forUpdate().skipLocked() : next)
      .returning(['id', 'askedFor'])
      .executeTakeFirst();
    return claimed && { ...claimed, lease };
  }

  /** Carried out: the request goes. False when this instance's lease was lost meanwhile (another has it now). */
  async completeRequest(request: ClaimedRequest): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passwordResetRequests')
      .where('id', '=', request.id)
      .where('claimedUntil', '=', request.lease)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** How many requests wait to be carried out. */
  async pendingRequests(): Promise<number> {
    const row = await this.db
      .selectFrom('passwordResetRequests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The account with that username (any case), or the accounts whose verified e-mail address it is (any case): an
   * address typed into a profile but never proven finds nothing.
   */
  async accountsNamedBy(text: string): Promise<UserRow[]> {
    const byUsername = await this.db
      .selectFrom('users')
      .selectAll()
      .where('usernameKey', '=', usernameKey(text))
      .executeTakeFirst();
    if (byUsername) return [byUsername];
    if (!text.includes('@')) return [];
    return (
      this.db
        .selectFrom('users')
        .selectAll()
        // lower(email) is indexed (users_email_key_idx).
        .where((eb) => eb(eb.fn('lower', ['email']), '=', text.toLowerCase()))
        .where('emailVerifiedAt', 'is not', null)
        .orderBy('id')
        .limit(ACCOUNTS_PER_ADDRESS)
        .execute()
    );
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
   * Uses the link whose token has this hash, at `at`: the account's id and the token version the link was made under,
   * when it was good (not used, not ended, made under the account's current password); else undefined. Two uses of one
   * link at once cannot both succeed (the row's lock); two links of one account are settled by the password's update,
   * which must find that version still (UserRepository.replacePassword).
   */
  async use(tokenHash: string, at: string): Promise<{ userId: number; tokenVersion: number } | undefined> {
    return this.db
      .updateTable('passwordResets')
      .set({ usedAt: at })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', at)
      .where('tokenVersion', '=', (eb) =>
        eb.selectFrom('users').select('users.tokenVersion').whereRef('users.id', '=', 'passwordResets.userId'),
      )
      .returning(['userId', 'tokenVersion'])
      .executeTakeFirst();
  }
}
