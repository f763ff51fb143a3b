// /api/staff (extension staff-roles): the shop's roles and who holds them, for those whose roles allow MANAGE_STAFF.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, errorAnswers } from '../shared/schemas.js';
import {
  MAX_ROLE_NAME_LENGTH,
  MAX_ROLES_PER_PERSON,
  PERMISSIONS,
  ROLE_NAME_RULE,
} from '../../../shop-rules/staff-rules.js';
import type { StaffService } from './staff.service.js';

const PermissionList = Type.Array(Type.String({ enum: [...PERMISSIONS] }), {
  maxItems: PERMISSIONS.length * 2,
  description: `Any of ${PERMISSIONS.join(', ')}`,
});

const RoleAnswer = Type.Object({
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  builtIn: Type.Boolean({ description: 'One of the shop’s own roles: it cannot be changed or deleted' }),
  holders: Type.Integer({ description: 'How many people hold it' }),
});

const MemberAnswer = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  roles: Type.Array(Type.String(), { description: 'The staff roles held (USER, which everyone holds, left out)' }),
  permissions: Type.Array(Type.String(), { description: 'What those roles allow' }),
  twoFactorEnabled: Type.Boolean({ description: 'Whether they sign in with a second factor (extension two-factor)' }),
});

const RoleName = Type.Object({ name: Type.String({ maxLength: MAX_ROLE_NAME_LENGTH + 10 }) });

export const staffRoutes: FastifyPluginAsyncTypebox<{ staff: StaffService }> = async (app, { staff }) => {
  const common = { tags: ['staff'], security: BEARER_SECURITY };
  const staffManagers = requirePermission('MANAGE_STAFF', 'Only staff who manage staff can see or change roles');

  app.get(
    '/roles',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'listStaffRoles',
        ...common,
        summary: 'Every role, the built-in ones first, with its permissions and holders (MANAGE_STAFF; extension)',
        response: { 200: Type.Array(RoleAnswer), ...errorAnswers(401, 403) },
      },
    },
    async () => staff.roles(),
  );

  app.post(
    '/roles',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'createStaffRole',
        ...common,
        summary: 'Make a role of the shop’s own (MANAGE_STAFF, audited; extension)',
        body: Type.Object({
          name: Type.String({ maxLength: MAX_ROLE_NAME_LENGTH + 10, description: ROLE_NAME_RULE }),
          permissions: PermissionList,
        }),
        response: { 201: RoleAnswer, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await staff.createRole(viewerOf(request), request.body)),
  );

  app.put(
    '/roles/:name',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'updateStaffRole',
        ...common,
        summary:
          'Change what a role of the shop’s own allows (MANAGE_STAFF, audited; extension): its holders have it from their next request',
        params: RoleName,
        body: Type.Object({ permissions: PermissionList }),
        response: { 200: RoleAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff.updateRole(viewerOf(request), request.params.name, request.body.permissions),
  );

  app.delete(
    '/roles/:name',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'deleteStaffRole',
        ...common,
        summary: 'Delete a role of the shop’s own that nobody holds (MANAGE_STAFF, audited; extension)',
        params: RoleName,
        response: { 204: Type.Null(), ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await staff.deleteRole(viewerOf(request), request.params.name);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/members',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'listStaffMembers',
        ...common,
        summary: 'Everyone who holds a staff role, by name (MANAGE_STAFF; extension)',
        response: { 200: Type.Array(MemberAnswer), ...errorAnswers(401, 403) },
      },
    },
    async () => staff.members(),
  );

  app.put(
    '/members/:username',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'setStaffRoles',
        ...common,
        summary:
          'Give a person exactly these staff roles; none makes them a shopper again (MANAGE_STAFF, audited; extension)',
        description:
          'Effective from their next request. Only an owner (ADMIN) gives or takes ADMIN (403), and the shop keeps at least one owner (409 LAST_OWNER).',
        params: Type.Object({ username: Type.String({ maxLength: 100 }) }),
        body: Type.Object({
          roles: Type.Array(Type.String({ maxLength: MAX_ROLE_NAME_LENGTH + 10 }), {
            maxItems: MAX_ROLES_PER_PERSON * 2,
          }),
        }),
        response: { 200: MemberAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff.setRoles(viewerOf(request), request.params.username, request.body.roles),
  );

  app.delete(
    '/members/:username/two-factor',
    {
      preValidation: staffManagers,
      schema: {
        operationId: 'resetTwoFactor',
        ...common,
        summary: 'Turn off someone’s second factor, for a lost phone (MANAGE_STAFF, audited; extension)',
        description:
          'They sign in with their password alone until they set it up again (with STAFF_TWO_FACTOR_REQUIRED, as a shopper until then). Anyone’s but one’s own (turned off from the profile, with the password); an owner’s only by an owner (403). 409 TWO_FACTOR_OFF when theirs is off.',
        params: Type.Object({ username: Type.String({ maxLength: 100 }) }),
        response: { 200: MemberAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff.resetTwoFactor(viewerOf(request), request.params.username),
  );
};
