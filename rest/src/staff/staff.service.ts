// Staff (extension staff-roles): the roles an owner makes, and who holds which. Each change is audited in its own
// transaction. Two rules keep a shop manageable: only an owner (ADMIN) makes or unmakes owners, so a staff manager
// cannot raise themselves above the one who made them; and the shop always keeps an owner, so someone can always
// manage staff (ADMIN holds every permission) and make owners.
import type { Actor, AuditRepository } from '../audit/audit.repository.js';
import { type AuthenticatedUser, parseRoles } from '../auth/authenticated-user.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../shared/http-errors.js';
import { sameUsername } from '../../../shop-rules/account-rules.js';
import {
  BUILT_IN_ROLES,
  MAX_ROLES_PER_PERSON,
  OWNER_ROLE,
  PERMISSIONS,
  type Permission,
  USER_ROLE,
  builtInRole,
  permissionsOfRoles,
  permissionsViolation,
  roleViolation,
} from '../../../shop-rules/staff-rules.js';
import type { CustomRole, StaffRepository } from './staff.repository.js';
import type { TwoFactorRepository } from '../two-factor/two-factor.repository.js';

export interface StaffRoleAnswer {
  name: string;
  permissions: Permission[];
  /** One of the shop's built-in roles: it cannot be changed or deleted. */
  builtIn: boolean;
  /** How many people hold it. */
  holders: number;
}

export interface StaffMemberAnswer {
  id: number;
  username: string;
  /** The staff roles held (USER left out: everyone holds it). */
  roles: string[];
  permissions: Permission[];
  twoFactorEnabled: boolean;
}

export type StaffTransaction = <T>(
  work: (repositories: {
    staff: StaffRepository;
    audit: AuditRepository;
    twoFactor: TwoFactorRepository;
  }) => Promise<T>,
) => Promise<T>;

export const roleNotFound = (name: string, field = 'name') =>
  notFound(`There is no role ${name}`, 'ROLE_NOT_FOUND', field);
const roleNameTaken = (name: string) => conflict(`There is a role ${name} already`, 'ROLE_NAME_TAKEN', 'name');
const builtInRefused = (name: string) =>
  conflict(`${name} is a built-in role: it cannot be changed or deleted`, 'ROLE_BUILT_IN', 'name');
export const LAST_OWNER = 'The shop must keep an owner: make another person ADMIN first';
export const OWNERS_ONLY = 'Only an owner (ADMIN) can make or unmake owners';
export const BEYOND_OWN = 'You can give only permissions your own roles hold';
export const CONFIGURED_OWNER = (username: string) =>
  `${username} is the shop's configured admin account (ADMIN_USERNAME): it stays an owner`;

/**
 * A staff manager who is not an owner gives no more than they hold: a role they make or change, and the roles they
 * give someone, allow only what their own roles allow (else MANAGE_STAFF would be every permission in two steps).
 */
function refuseBeyondOwn(actor: AuthenticatedUser, permissions: readonly Permission[]): void {
  if (actor.isAdmin) return;
  if (permissions.some((permission) => !actor.permissions.has(permission))) throw forbidden(BEYOND_OWN);
}

const staffRolesOf = (row: UserRow) => parseRoles(row.roles).filter((role) => role !== USER_ROLE);

function customMap(roles: readonly CustomRole[]): Map<string, Permission[]> {
  return new Map(roles.map((role) => [role.name, role.permissions]));
}

function toMember(row: UserRow, custom: ReadonlyMap<string, readonly Permission[]>): StaffMemberAnswer {
  const roles = staffRolesOf(row);
  return {
    id: row.id,
    username: row.username,
    roles,
    permissions: permissionsOfRoles(roles, custom),
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
  };
}

/** The role names asked for, each once, in the order given, each a role of the shop; else a 400 on `roles`. */
function checkedRoleNames(names: readonly string[], custom: ReadonlyMap<string, unknown>): string[] {
  const unique = [...new Set(names.map((name) => name.trim()))].filter((name) => name !== USER_ROLE);
  if (unique.length > MAX_ROLES_PER_PERSON)
    throw badRequest(`A person holds at most ${MAX_ROLES_PER_PERSON} roles`, 'roles');
  const unknown = unique.find((name) => !builtInRole(name) && !custom.has(name));
  if (unknown !== undefined) throw badRequest(`There is no role ${unknown || '(empty)'}`, 'roles');
  return unique;
}

export class StaffService {
  constructor(
    private readonly staff: StaffRepository,
    private readonly inTransaction: StaffTransaction,
    /** ADMIN_USERNAME: the account every start makes sure of; it stays an owner. */
    private readonly configuredOwner: string,
  ) {}

  /** Every role, the built-in ones first, each with how many hold it. */
  async roles(): Promise<StaffRoleAnswer[]> {
    const [custom, members] = await Promise.all([this.staff.roles(), this.staff.staff()]);
    const holders = (name: string) => members.filter((member) => staffRolesOf(member).includes(name)).length;
    return [
      ...BUILT_IN_ROLES.map((role) => ({ ...role, permissions: [...role.permissions], builtIn: true })),
      ...custom.map((role) => ({ name: role.name, permissions: role.permissions, builtIn: false })),
    ].map((role) => ({ ...role, holders: holders(role.name) }));
  }

  async createRole(actor: AuthenticatedUser, input: { name: string; permissions: string[] }): Promise<StaffRoleAnswer> {
    const name = input.name.trim();
    const permissions = [...new Set(input.permissions)];
    if (name === USER_ROLE || builtInRole(name)) throw roleNameTaken(name);
    const violation = roleViolation({ name, permissions });
    if (violation) throw badRequest(violation.message, violation.field);
    refuseBeyondOwn(actor, ordered(permissions));
    return this.inTransaction(async ({ staff, audit }) => {
      const created = await staff.insert(name, ordered(permissions));
      if (!created) throw roleNameTaken(name);
      await audit.record(
        actor,
        'staff_role.created',
        { type: 'staff_role', id: created.id },
        { name: { to: name }, permissions: { to: created.permissions } },
      );
      return { name, permissions: created.permissions, builtIn: false, holders: 0 };
    });
  }

  async updateRole(actor: AuthenticatedUser, name: string, permissions: string[]): Promise<StaffRoleAnswer> {
    if (builtInRole(name) || name === USER_ROLE) throw builtInRefused(name);
    const violation = permissionsViolation(permissions);
    if (violation) throw badRequest(violation.message, violation.field);
    refuseBeyondOwn(actor, ordered(permissions));
    return this.inTransaction(async ({ staff, audit }) => {
      const before = await staff.role(name); // held on PostgreSQL: not deleted meanwhile
      if (!before) throw roleNotFound(name);
      // Nor a role that allows more than they hold: what is above them is not theirs to change.
      refuseBeyondOwn(actor, before.permissions);
      const members = await staff.staff();
      const updated = await staff.update(name, ordered(permissions));
      if (!updated) throw roleNotFound(name);
      if (before.permissions.join() !== updated.permissions.join())
        await audit.record(
          actor,
          'staff_role.updated',
          { type: 'staff_role', id: updated.id },
          { permissions: { from: before.permissions, to: updated.permissions } },
        );
      const holders = members.filter((member) => staffRolesOf(member).includes(name)).length;
      return { name, permissions: updated.permissions, builtIn: false, holders };
    });
  }

  /** Deletes a role of the shop's own that nobody holds (take it from its holders first). */
  async deleteRole(actor: Actor, name: string): Promise<void> {
    if (builtInRole(name) || name === USER_ROLE) throw builtInRefused(name);
    await this.inTransaction(async ({ staff, audit }) => {
      const role = await staff.role(name); // held on PostgreSQL: a giving of it waits, or is waited for
      if (!role) throw roleNotFound(name);
      const holders = (await staff.staff()).filter((member) => staffRolesOf(member).includes(name));
      if (holders.length > 0)
        throw conflict(
          `${holders.length === 1 ? 'One person holds' : `${holders.length} people hold`} ${name}: take it from them first`,
          'ROLE_IN_USE',
          'name',
        );
      await staff.delete(name);
      await audit.record(
        actor,
        'staff_role.deleted',
        { type: 'staff_role', id: role.id },
        { name: { from: name }, permissions: { from: role.permissions } },
      );
    });
  }

  /** Everyone holding a staff role, by name. */
  async members(): Promise<StaffMemberAnswer[]> {
    const [custom, members] = await Promise.all([this.staff.roles(), this.staff.staff()]);
    const permissions = customMap(custom);
    return members.map((member) => toMember(member, permissions));
  }

  /**
   * Gives `username` exactly these staff roles ([]: none, a shopper again). Effective from their next request; the
   * graph closes their open sockets so they follow what they may see now.
   */
  async setRoles(actor: AuthenticatedUser, username: string, roles: string[]): Promise<StaffMemberAnswer> {
    return this.inTransaction(async ({ staff, audit }) => {
      const custom = customMap(await staff.rolesToGive());
      const wanted = checkedRoleNames(roles, custom);
      const person = await staff.person(username); // held on PostgreSQL: `before` is what the change replaces
      if (!person) throw notFound('User not found', 'USER_NOT_FOUND', 'username');
      const before = staffRolesOf(person);
      if (before.includes(OWNER_ROLE) !== wanted.includes(OWNER_ROLE) && !actor.isAdmin) throw forbidden(OWNERS_ONLY);
      refuseBeyondOwn(actor, permissionsOfRoles(wanted, custom));
      if (sameUsername(person.username, this.configuredOwner) && !wanted.includes(OWNER_ROLE))
        throw conflict(CONFIGURED_OWNER(person.username), 'CONFIGURED_OWNER', 'roles');
      if (before.includes(OWNER_ROLE) && !wanted.includes(OWNER_ROLE)) {
        // The staff's rows are held on PostgreSQL until the commit: two owners unmaking each other at once are decided
        // one after the other, and the second sees the first's change.
        const owners = (await staff.staff()).filter((member) => staffRolesOf(member).includes(OWNER_ROLE));
        if (owners.every((owner) => owner.id === person.id)) throw conflict(LAST_OWNER, 'LAST_OWNER', 'roles');
      }
      const after = (await staff.setRoles(person.id, wanted))!;
      if (before.join() !== wanted.join())
        await audit.record(
          actor,
          'user.roles_changed',
          { type: 'user', id: person.id },
          { roles: { from: before, to: wanted } },
        );
      return toMember(after, custom);
    });
  }

  /**
   * Turns off `username`'s second factor (their phone is lost): they sign in with the password alone until they set
   * one up again. Not one's own (the profile turns it off, with the password), nor an owner's unless by an owner.
   */
  async resetTwoFactor(actor: AuthenticatedUser, username: string): Promise<StaffMemberAnswer> {
    return this.inTransaction(async ({ staff, audit, twoFactor }) => {
      const person = await staff.person(username);
      if (!person) throw notFound('User not found', 'USER_NOT_FOUND', 'username');
      if (person.id === actor.id)
        throw badRequest('Turn your own second factor off from your profile (it asks for your password)', 'username');
      if (staffRolesOf(person).includes(OWNER_ROLE) && !actor.isAdmin)
        throw forbidden("Only an owner (ADMIN) can reset an owner's second factor");
      if (!(await twoFactor.disable(person.id)))
        throw conflict(`${person.username} does not sign in with a second factor`, 'TWO_FACTOR_OFF', 'username');
      await audit.record(
        actor,
        'user.two_factor_reset',
        { type: 'user', id: person.id },
        { twoFactor: { from: true, to: false } },
      );
      const custom = customMap(await staff.rolesToGive());
      return toMember((await staff.person(username))!, custom);
    });
  }
}

/** Permissions in the order PERMISSIONS lists them, each once. */
function ordered(permissions: readonly string[]): Permission[] {
  return PERMISSIONS.filter((permission) => permissions.includes(permission));
}
