// SQL for accounts. Usernames are unique case-insensitively through username_key.
import type { Kysely } from 'kysely';
import { type PreparedQuery, preparedQuery } from '../db/prepared-query.js';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import { usernameKey } from '../../../shop-rules/account-rules.js';

export class UserRepository {
  // Every authenticated request asks for its caller: compiled once (db/prepared-query.ts).
  private readonly userById: PreparedQuery<[id: number], UserRow>;

  constructor(private readonly db: Kysely<Database>) {
    this.userById = preparedQuery(db, (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id), [1]);
  }

  async findById(id: number): Promise<UserRow | undefined> {
    return (await this.userById([id]))[0];
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(username)).executeTakeFirst();
  }

  /**
   * Inserts the account; answers undefined when the username is taken (also when another request took it meanwhile).
   */
  async insert(user: Omit<NewUserRow, 'usernameKey' | 'createdAt' | 'updatedAt'>): Promise<UserRow | undefined> {
    const timestamp = now();
    return this.db
      .insertInto('users')
      .values({ ...user, usernameKey: usernameKey(user.username), createdAt: timestamp, updatedAt: timestamp })
      .onConflict((conflict) => conflict.column('usernameKey').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updatedAt: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Replaces the password and raises the token version, so every token issued before stops working. With
   * `whileVersion`, only if the token version is still that (a reset link's): undefined when another change came first.
   */
  async replacePassword(id: number, passwordHash: string, whileVersion?: number): Promise<UserRow | undefined> {
    let update = this.db
      .updateTable('users')
      .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now() }))
      .where('id', '=', id);
    if (whileVersion !== undefined) update = update.where('tokenVersion', '=', whileVersion);
    return update.returningAll().executeTakeFirst();
  }

  /**
   * Marks the account's address proven, at `at`, only while it is still `email` (any case): undefined when the address
   * changed meanwhile (the link went to the old one).
   */
  markEmailVerified(id: number, email: string, at: string): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ emailVerifiedAt: at })
      .where('id', '=', id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
      .returningAll()
      .executeTakeFirst();
  }

  /** Turns the account's second factor off and forgets its recovery codes: whether it was on (or being set up). */
  async turnOffSecondFactor(id: number): Promise<boolean> {
    await this.db.deleteFrom('recoveryCodes').where('userId', '=', id).execute();
    const result = await this.db
      .updateTable('users')
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      .where('id', '=', id)
      .where('twoFactorSecret', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Ends the account's password reset links not used yet: they went to an e-mail address it no longer has. */
  async endResetLinks(id: number): Promise<void> {
    await this.db
      .updateTable('passwordResets')
      .set({ usedAt: now() })
      .where('userId', '=', id)
      .where('usedAt', 'is', null)
      .execute();
  }

  /**
   * Deletes the account. The foreign keys do the rest in the same statement: cart lines go with it, orders,
   * chat memberships and sent messages stay with their link to the person set to null.
   */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  listAllExcept(id: number): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('id', '<>', id).orderBy('usernameKey').execute();
  }
}
