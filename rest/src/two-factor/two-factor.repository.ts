// SQL of two-factor sign-in (migration 0027): the secret and its dates on the account's row, the recovery codes in
// their own table. Every write that decides something (a code used, a recovery code spent) is one statement whose
// WHERE clause is the decision, so two requests carrying the same code cannot both succeed.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { now } from '../shared/timestamps.js';

export class TwoFactorRepository {
  /** `db` may be a transaction. */
  constructor(private readonly db: Kysely<Database>) {}

  /** Starts (or starts again) a setup: the new secret, while the second factor is off. False when it is on. */
  async startSetup(userId: number, secret: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ twoFactorSecret: secret, twoFactorLastStep: null, updatedAt: now() })
      .where('id', '=', userId)
      .where('twoFactorEnabledAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Turns the second factor on with the setup's secret, taking `step` as used: the account as it now is; undefined
   * when it is on already, or the secret is no longer the one the code was checked against (another setup started).
   */
  async enable(userId: number, secret: string, step: number): Promise<UserRow | undefined> {
    const at = now();
    // The token version is raised with it: every session signed in with the password alone ends.
    return this.db
      .updateTable('users')
      .set((eb) => ({
        twoFactorEnabledAt: at,
        twoFactorLastStep: step,
        tokenVersion: eb('tokenVersion', '+', 1),
        updatedAt: at,
      }))
      .where('id', '=', userId)
      .where('twoFactorSecret', '=', secret)
      .where('twoFactorEnabledAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Takes the code of time step `step` as used, if no code of it or a later one was: the one statement that lets a
   * code work once, whichever instance two requests carrying it reach.
   */
  async useStep(userId: number, secret: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ twoFactorLastStep: step })
      .where('id', '=', userId)
      .where('twoFactorEnabledAt', 'is not', null)
      .where('twoFactorSecret', '=', secret)
      .where((eb) => eb.or([eb('twoFactorLastStep', 'is', null), eb('twoFactorLastStep', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Turns the second factor off and forgets its secret and recovery codes. False when it was off. */
  async disable(userId: number): Promise<boolean> {
    await this.db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    const result = await this.db
      .updateTable('users')
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: now() })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('twoFactorSecret', 'is not', null), eb('twoFactorEnabledAt', 'is not', null)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Replaces the account's recovery codes with these (their hashes). */
  async replaceRecoveryCodes(userId: number, hashes: readonly string[]): Promise<void> {
    await this.db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    const createdAt = now();
    await this.db
      .insertInto('recoveryCodes')
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt })))
      .execute();
  }

  /** Spends the recovery code whose hash this is: true when it was the account's and unused (it is gone now). */
  async spendRecoveryCode(userId: number, hash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('recoveryCodes')
      .where('userId', '=', userId)
      .where('codeHash', '=', hash)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recoveryCodes')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }
}
