// SQL for staff (migration 0025): the roles an owner made, and the accounts that hold more than USER.
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, StaffRolesTable, UserRow } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import { usernameKey } from '../../../shop-rules/account-rules.js';
import { type Permission, USER_ROLE, isPermission } from '../../../shop-rules/staff-rules.js';

/** A role of the shop's own, as kept. */
export interface CustomRole {
  id: number;
  name: string;
  permissions: Permission[];
  createdAt: string;
  updatedAt: string;
}

const toRole = (row: Selectable<StaffRolesTable>): CustomRole => ({
  id: row.id,
  name: row.name,
  // A permission a later release dropped is simply no longer given.
  permissions: row.permissions.split(',').filter(isPermission),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export class StaffRepository {
  /** `db` may be a transaction. */
  constructor(
    private readonly db: Kysely<Database> | Transaction<Database>,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  async roles(): Promise<CustomRole[]> {
    return (await this.db.selectFrom('staffRoles').selectAll().orderBy('name').execute()).map(toRole);
  }

  /** On PostgreSQL, inside a transaction, the role's row is held until the commit (a change or deletion of it). */
  async role(name: string): Promise<CustomRole | undefined> {
    let query = this.db.selectFrom('staffRoles').selectAll().where('name', '=', name);
    if (this.holdsRows) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toRole(row);
  }

  /**
   * The roles given to someone, read so that none of them is deleted before the giving commits (PostgreSQL: shared
   * locks on their rows, which a deletion waits for).
   */
  async rolesToGive(): Promise<CustomRole[]> {
    let query = this.db.selectFrom('staffRoles').selectAll().orderBy('name');
    if (this.holdsRows) query = query.forShare();
    return (await query.execute()).map(toRole);
  }

  /** Whether rows read in this transaction are held until it ends: PostgreSQL's; SQLite's writers queue anyway. */
  private get holdsRows(): boolean {
    return this.kind === 'postgres' && this.db.isTransaction;
  }

  /** The permissions of those of `names` that are roles of the shop's own (a request's caller: one statement). */
  async permissionsOf(names: readonly string[]): Promise<Map<string, Permission[]>> {
    if (names.length === 0) return new Map();
    const rows = await this.db.selectFrom('staffRoles').selectAll().where('name', 'in', names).execute();
    return new Map(rows.map((row) => [row.name, toRole(row).permissions]));
  }

  /** The new role, or undefined when its name was taken meanwhile. */
  async insert(name: string, permissions: readonly Permission[]): Promise<CustomRole | undefined> {
    const at = now();
    const row = await this.db
      .insertInto('staffRoles')
      .values({ name, permissions: permissions.join(','), createdAt: at, updatedAt: at })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toRole(row);
  }

  async update(name: string, permissions: readonly Permission[]): Promise<CustomRole | undefined> {
    const row = await this.db
      .updateTable('staffRoles')
      .set({ permissions: permissions.join(','), updatedAt: now() })
      .where('name', '=', name)
      .returningAll()
      .executeTakeFirst();
    return row && toRole(row);
  }

  async delete(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('staffRoles').where('name', '=', name).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Every account holding more than USER, by name (the partial index users_staff_idx). In a PostgreSQL transaction
   * their rows are held: two owners taking staff rights away at once are then decided one after the other.
   */
  async staff(): Promise<UserRow[]> {
    let query = this.db
      .selectFrom('users')
      .selectAll()
      // The index's own predicate, written out: a bound parameter would keep either database from using it.
      .where(sql<boolean>`roles <> 'USER'`)
      .orderBy('usernameKey');
    if (this.holdsRows) query = query.forUpdate();
    return query.execute();
  }

  /** The account, its row held until the transaction's end on PostgreSQL: two changes of its roles queue. */
  person(username: string): Promise<UserRow | undefined> {
    let query = this.db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(username));
    if (this.holdsRows) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** Sets the account's roles (USER first, always there); undefined when there is no such account. */
  async setRoles(userId: number, roles: readonly string[]): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ roles: [USER_ROLE, ...roles.filter((role) => role !== USER_ROLE)].join(','), updatedAt: now() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }
}
