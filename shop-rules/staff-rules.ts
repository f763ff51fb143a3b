// Staff (issue 36): what a staff member may do is a set of permissions, given by the roles they hold. The shop's
// built-in roles are fixed here; an owner adds roles of their own (kept by the REST service). Every account holds
// USER; ADMIN (the owner) holds every permission, so a shop of one admin works as it always did.
import type { RuleViolation } from './rule-violation.js';

/** Each thing staff may be allowed, in the order screens list them. */
export const PERMISSIONS = [
  'MANAGE_CATALOGUE',
  'MANAGE_ORDERS',
  'RECORD_PAYMENTS',
  'MANAGE_SETTINGS',
  'MODERATE_CHAT',
  'READ_AUDIT',
  'MANAGE_STAFF',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission opens, in words a shop owner reads on the staff screen. */
export const PERMISSION_TEXTS: Record<Permission, { title: string; description: string }> = {
  MANAGE_CATALOGUE: {
    title: 'Manage catalogue',
    description: 'Products, their pictures and stock, categories, CSV import and export, the low-stock threshold',
  },
  MANAGE_ORDERS: { title: 'Manage orders', description: 'See every order and move it on: confirm, ship, cancel' },
  RECORD_PAYMENTS: { title: 'Record payments', description: 'See every order and record a bank transfer as paid' },
  MANAGE_SETTINGS: {
    title: 'Manage shop settings',
    description: 'Shipping methods, tax rates and the bank account transfers pay into',
  },
  MODERATE_CHAT: { title: 'Moderate chat', description: 'Handle reported messages and clean up empty chats' },
  READ_AUDIT: { title: 'Read the audit trail', description: 'See what staff changed, and when' },
  MANAGE_STAFF: {
    title: 'Manage staff',
    description: 'Make roles, and give people roles or take them away',
  },
};

/** Every account's role: a shopper, with no permission. */
export const USER_ROLE = 'USER';
/** The owner's role: every permission, now and whatever is added later. */
export const OWNER_ROLE = 'ADMIN';

export interface StaffRoleDefinition {
  name: string;
  permissions: Permission[];
}

/** The roles every shop has; they cannot be changed or deleted. */
export const BUILT_IN_ROLES: readonly StaffRoleDefinition[] = [
  { name: OWNER_ROLE, permissions: [...PERMISSIONS] },
  { name: 'CATALOGUE_MANAGER', permissions: ['MANAGE_CATALOGUE'] },
  { name: 'ORDER_CLERK', permissions: ['MANAGE_ORDERS'] },
  { name: 'BOOKKEEPER', permissions: ['RECORD_PAYMENTS', 'READ_AUDIT'] },
  { name: 'SUPPORT', permissions: ['MODERATE_CHAT', 'READ_AUDIT'] },
];

export const builtInRole = (name: string): StaffRoleDefinition | undefined =>
  BUILT_IN_ROLES.find((role) => role.name === name);

/** Those who see every order (the desk): whoever moves orders on, or records their payments. */
export const SEES_EVERY_ORDER: readonly Permission[] = ['MANAGE_ORDERS', 'RECORD_PAYMENTS'];

export const seesEveryOrder = (permissions: Iterable<Permission>): boolean =>
  [...permissions].some((permission) => SEES_EVERY_ORDER.includes(permission));

/** A staff member: anyone holding a role besides USER. */
export const isStaff = (roles: readonly string[]): boolean => roles.some((role) => role !== USER_ROLE);

export const MIN_ROLE_NAME_LENGTH = 3;
export const MAX_ROLE_NAME_LENGTH = 30;
export const ROLE_NAME_PATTERN = '^[A-Z][A-Z0-9_]*$';
export const ROLE_NAME_RULE = `A role’s name is ${MIN_ROLE_NAME_LENGTH} to ${MAX_ROLE_NAME_LENGTH} capital letters, digits and underscores, starting with a letter`;
/** Staff may hold a few roles at once, not a list without end. */
export const MAX_ROLES_PER_PERSON = 10;

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** What a role of the shop's own must be: a free name of the pattern, and at least one known permission. */
export function roleViolation(role: {
  name: string;
  permissions: readonly string[];
}): RuleViolation<string> | undefined {
  const { name, permissions } = role;
  if (
    name.length < MIN_ROLE_NAME_LENGTH ||
    name.length > MAX_ROLE_NAME_LENGTH ||
    !new RegExp(ROLE_NAME_PATTERN).test(name)
  )
    return { message: ROLE_NAME_RULE, field: 'name' };
  if (name === USER_ROLE || builtInRole(name)) return { message: `${name} is a built-in role`, field: 'name' };
  return permissionsViolation(permissions);
}

export function permissionsViolation(permissions: readonly string[]): RuleViolation<string> | undefined {
  if (permissions.length === 0) return { message: 'A role needs at least one permission', field: 'permissions' };
  const unknown = permissions.find((permission) => !isPermission(permission));
  if (unknown !== undefined) return { message: `${unknown} is not a permission`, field: 'permissions' };
  return undefined;
}

/** The permissions of a set of roles, in PERMISSIONS' order; `custom` tells the shop's own roles' permissions. */
export function permissionsOfRoles(
  roles: readonly string[],
  custom: ReadonlyMap<string, readonly Permission[]> = new Map(),
): Permission[] {
  const held = new Set<Permission>();
  for (const role of roles)
    for (const permission of builtInRole(role)?.permissions ?? custom.get(role) ?? []) held.add(permission);
  return PERMISSIONS.filter((permission) => held.has(permission));
}
