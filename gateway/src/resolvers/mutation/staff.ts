// Mutations of staff roles (extension staff-roles): make, change and delete a role, and give a person their roles. The
// REST service checks MANAGE_STAFF and the rules (shop-rules/staff-rules.ts) and answers what breaks them. A person
// whose roles changed has their sockets closed through every gateway (ROLES_CHANGED): their clients reconnect, and
// their subscriptions follow what they may see now.
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { withUserErrors } from './user-errors.js';

export const staffMutations: Pick<
  MutationResolvers,
  'createStaffRole' | 'updateStaffRole' | 'deleteStaffRole' | 'setStaffRoles'
> = {
  createStaffRole: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['name', 'permissions'] }, async () => ({
      staffRole: await context.api.staff.createRole(input.name, input.permissions),
    })),
  updateStaffRole: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['name', 'permissions'] }, async () => {
      const staffRole = await context.api.staff.updateRole(input.name, input.permissions);
      // What its holders may do changed: their sockets reconnect as a person's whose roles changed.
      if (staffRole.holders > 0)
        for (const member of await context.api.staff.members())
          if (member.roles.includes(staffRole.name))
            await context.pubsub.publish('ROLES_CHANGED', { username: member.username, userId: member.id });
      return { staffRole };
    }),
  deleteStaffRole: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['name'] }, async () => {
      await context.api.staff.deleteRole(input.name);
      return { deletedStaffRoleName: input.name };
    }),
  setStaffRoles: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['username', 'roles'] }, async () => {
      const staffMember = await context.api.staff.setRoles(input.username, input.roles);
      await context.pubsub.publish('ROLES_CHANGED', { username: staffMember.username, userId: staffMember.id });
      return { staffMember };
    }),
};
