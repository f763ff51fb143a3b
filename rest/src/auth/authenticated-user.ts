// Who a request comes from once its token is checked: the identity every route and service may rely on.
import type { UserRow } from '../db/schema.js';
import {
  OWNER_ROLE,
  type Permission,
  USER_ROLE as SHOPPER_ROLE,
  builtInRole,
  permissionsOfRoles,
  seesEveryOrder,
} from '../../../shop-rules/staff-rules.js';

export const ADMIN_ROLE = OWNER_ROLE;
export const USER_ROLE = SHOPPER_ROLE;

export interface AuthenticatedUser {
  id: number;
  username: string;
  roles: string[];
  /** The owner (role ADMIN): every permission, and the only one who makes or unmakes owners. */
  isAdmin: boolean;
  /** What the caller's roles allow (shop-rules/staff-rules.ts), as their rows said when the token was checked. */
  permissions: ReadonlySet<Permission>;
  tokenVersion: number;
  /** Whether the account signs in with a second factor (extension two-factor). */
  twoFactorEnabled: boolean;
  /**
   * STAFF_TWO_FACTOR_REQUIRED asks a second factor of this account (its roles hold a permission). While it is off,
   * `permissions` is empty and `isAdmin` false: the account acts as a shopper until it turns one on.
   */
  twoFactorRequired: boolean;
  /** When the account was made: a new account's chat links show as plain text. */
  createdAt: string;
  /** Until when a moderator suspended the account's chat (extension chat-reports); null or past: it may send. */
  chatSuspendedUntil: string | null;
  /**
   * What the account's row said of its e-mail when the request's token was checked: a request that writes the buyer
   * an e-mail (checkout) need not read the row again.
   */
  mail?: MailPreferences;
}

export type MailPreferences = Pick<
  UserRow,
  'username' | 'firstName' | 'email' | 'emailNotifications' | 'language' | 'timezone' | 'emailVerifiedAt'
>;

/** Roles are kept as one comma-separated column. */
export const parseRoles = (roles: string): string[] => roles.split(',').filter(Boolean);

/** The roles that are the shop's own (neither USER nor built in): only these need their permissions read. */
export const customRolesOf = (roles: readonly string[]): string[] =>
  roles.filter((role) => role !== USER_ROLE && !builtInRole(role));

/**
 * `custom`: the permissions of the shop's own roles among the account's (none needed for built-in ones).
 * `staffTwoFactorRequired` (STAFF_TWO_FACTOR_REQUIRED): a staff account without a second factor holds no permission.
 */
export function toAuthenticatedUser(
  row: UserRow,
  custom: ReadonlyMap<string, readonly Permission[]> = new Map(),
  staffTwoFactorRequired = false,
): AuthenticatedUser {
  const roles = parseRoles(row.roles);
  const permissions = permissionsOfRoles(roles, custom);
  const twoFactorEnabled = row.twoFactorEnabledAt != null;
  const twoFactorRequired = staffTwoFactorRequired && permissions.length > 0;
  const withheld = twoFactorRequired && !twoFactorEnabled;
  return {
    id: row.id,
    username: row.username,
    roles,
    isAdmin: !withheld && roles.includes(ADMIN_ROLE),
    permissions: new Set(withheld ? [] : permissions),
    twoFactorEnabled,
    twoFactorRequired,
    tokenVersion: row.tokenVersion,
    createdAt: row.createdAt,
    chatSuspendedUntil: row.chatSuspendedUntil,
    mail: {
      username: row.username,
      firstName: row.firstName,
      email: row.email,
      emailNotifications: row.emailNotifications,
      language: row.language,
      timezone: row.timezone,
      emailVerifiedAt: row.emailVerifiedAt,
    },
  };
}

/** Whether the caller's roles allow it. */
export const can = (user: AuthenticatedUser, permission: Permission): boolean => user.permissions.has(permission);

/** Whether the caller reads every order (the desk), not only their own. */
export const readsEveryOrder = (user: AuthenticatedUser): boolean => seesEveryOrder(user.permissions);
