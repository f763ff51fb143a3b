// /api/audit-events (an extension, admins only): what admins did — products created, changed, deleted, orders moved —
// newest first, for everything or one product's or order's, with who, when and what changed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission } from '../auth/authenticate.js';
import { badRequest } from '../shared/http-errors.js';
import { PageQuery, PageSchema, toPage } from '../shared/paging.js';
import { BEARER_SECURITY, MAX_DATABASE_ID, Timestamp, errorAnswers } from '../shared/schemas.js';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditRepository } from './audit.repository.js';

const AuditEventAnswer = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  actor: Type.Object({
    id: Type.Integer(),
    username: Type.String({ description: 'As it was then: it stays when the account goes' }),
  }),
  action: Type.String({ enum: [...AUDIT_ACTIONS] }),
  subject: Type.Object({ type: Type.String({ enum: [...AUDIT_SUBJECT_TYPES] }), id: Type.Integer() }),
  changes: Type.Record(
    Type.String(),
    Type.Object({ from: Type.Optional(Type.Unknown()), to: Type.Optional(Type.Unknown()) }),
    {
      description: 'Field → { from, to }; a created product has only `to`, a deleted one only `from`',
    },
  ),
});

const AuditQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    subjectType: Type.Optional(
      Type.String({ enum: [...AUDIT_SUBJECT_TYPES], description: 'Only this kind of subject (with subjectId)' }),
    ),
    subjectId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_DATABASE_ID,
        description: 'Only this product’s, order’s or category’s events',
      }),
    ),
  }),
]);

export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditRepository }> = async (app, { audit }) => {
  app.get(
    '/',
    {
      preValidation: requirePermission('READ_AUDIT', 'Only administrators can read the audit record'),
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        security: BEARER_SECURITY,
        summary:
          'What admins did, newest first; one product’s or order’s with subjectType and subjectId (ADMIN, extension)',
        querystring: AuditQuery,
        response: { 200: PageSchema(AuditEventAnswer), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page = 0, size = 20, subjectType, subjectId } = request.query;
      if ((subjectType === undefined) !== (subjectId === undefined)) {
        throw badRequest(
          'subjectType and subjectId go together: send both, or neither',
          subjectType === undefined ? 'subjectType' : 'subjectId',
        );
      }
      const subject =
        subjectType && subjectId ? { type: subjectType as 'product' | 'order', id: subjectId } : undefined;
      const { events, total } = await audit.page({ offset: page * size, limit: size }, subject);
      return toPage(events, total, { page, size });
    },
  );
};
