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
}

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
  };
}
