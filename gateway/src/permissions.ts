// What a user's roles allow, read off their REST profile: as the REST service tells it (extension staff-roles), else
// ADMIN's every permission and nobody else's any (the plain contract knows no other role). Resolvers and the socket
// server both ask.
import { OWNER_ROLE, PERMISSIONS, type Permission } from '../../shop-rules/staff-rules.js';
import type { RestUser } from './rest/contract.js';

export function permissionsOfProfile(profile: Pick<RestUser, 'roles' | 'permissions'>): Permission[] {
  // Names a newer service might add are left out: the schema's enum does not know them.
  if (profile.permissions) return PERMISSIONS.filter((permission) => profile.permissions!.includes(permission));
  // The plain contract's ADMIN: everything but MANAGE_STAFF, which it has no staff roles for.
  return profile.roles?.includes(OWNER_ROLE) ? PERMISSIONS.filter((permission) => permission !== 'MANAGE_STAFF') : [];
}
