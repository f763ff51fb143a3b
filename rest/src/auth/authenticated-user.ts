// Who a request comes from once its token is checked: the identity every route and service may rely on.
import type { UserRow } from '../db/schema.js';

export const ADMIN_ROLE = 'ADMIN';
export const USER_ROLE = 'USER';

export interface AuthenticatedUser {
  id: number;
  username: string;
  roles: string[];
  isAdmin: boolean;
  tokenVersion: number;
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

export function toAuthenticatedUser(row: UserRow): AuthenticatedUser {
  const roles = parseRoles(row.roles);
  return {
    id: row.id,
    username: row.username,
    roles,
    isAdmin: roles.includes(ADMIN_ROLE),
    tokenVersion: row.tokenVersion,
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
