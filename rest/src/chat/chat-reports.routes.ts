// /api/chat reports (extension chat-reports): a participant reports a message; staff who moderate chat read the queue
// and decide.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import {
  MAX_REPORT_NOTE_LENGTH,
  REPORT_DECISIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportDecision,
  type ReportStatus,
  SUSPENSION_HOURS_RULE,
} from '../../../shop-rules/chat-report-rules.js';
import { DEFAULT_PAGE_SIZE, PageQuery, PageSchema } from '../shared/paging.js';
import { BEARER_SECURITY, DatabaseId, Nullable, Timestamp, errorAnswers } from '../shared/schemas.js';
import { MessageAnswer } from './chat.schemas.js';
import type { ChatReportsService } from './chat-reports.service.js';

const ReportFields = {
  id: Type.Integer(),
  messageId: Type.Integer(),
  reason: Type.String({ enum: [...REPORT_REASONS] }),
  note: Nullable(Type.String()),
  status: Type.String({
    enum: [...REPORT_STATUSES],
    description: 'OPEN until a moderator decides; then DISMISSED, MESSAGE_REMOVED or SENDER_SUSPENDED',
  }),
  createdAt: Timestamp,
  decidedAt: Nullable(Timestamp),
};
const ReportAnswer = Type.Object(
  { ...ReportFields, message: MessageAnswer(true) },
  { description: 'A report, as its reporter sees it, and the message with it beside it (`report`)' },
);

const QueuedReportAnswer = Type.Object(
  {
    ...ReportFields,
    reporterUsername: Type.String({ description: '"Deleted user" once the reporter deleted their account' }),
    decidedBy: Nullable(Type.String({ description: 'The moderator who decided; null while OPEN' })),
    message: MessageAnswer(true),
    context: Type.Array(MessageAnswer(true), {
      description: 'Up to 3 messages before the reported one, it, and up to 3 after, oldest first',
    }),
    participants: Type.Array(Type.Object({ id: Nullable(Type.Integer()), username: Type.String() }), {
      description: 'The room’s two people (a deleted account’s id null)',
    }),
    senderSuspendedUntil: Nullable(Timestamp, { description: 'Until when the sender’s chat is suspended, if ever' }),
  },
  { description: 'A report as moderators see it: the message with its text, even removed, in its context' },
);

export const chatReportRoutes: FastifyPluginAsyncTypebox<{ reports: ChatReportsService }> = async (
  app,
  { reports },
) => {
  const common = { tags: ['chat'], security: BEARER_SECURITY };
  const moderators = requirePermission('MODERATE_CHAT', 'Only staff who moderate chat can see or decide reports');

  app.post(
    '/messages/:messageId/reports',
    {
      schema: {
        operationId: 'reportChatMessage',
        ...common,
        summary: 'Report a message of the other person in one of the caller’s rooms (extension chat-reports)',
        description:
          'Once per message. A note is needed for OTHER. 400 for one’s own message; 404 MESSAGE_NOT_FOUND for a message of none of the caller’s rooms; 409 ALREADY_REPORTED, or MESSAGE_REMOVED when a moderator removed it already.',
        params: Type.Object({ messageId: DatabaseId }),
        body: Type.Object({
          reason: Type.String({ enum: [...REPORT_REASONS], description: REPORT_REASONS.join(', ') }),
          note: Type.Optional(
            Nullable(Type.String({ maxLength: MAX_REPORT_NOTE_LENGTH * 2, description: 'Up to 500 characters' })),
          ),
        }),
        response: { 201: ReportAnswer, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reports.report(viewerOf(request), request.params.messageId, request.body)),
  );

  app.get(
    '/reports',
    {
      preValidation: moderators,
      schema: {
        operationId: 'listChatReports',
        ...common,
        summary: 'Reports of one status, open ones first come first (MODERATE_CHAT; extension chat-reports)',
        description:
          'OPEN unless status is given: oldest first; a decided status newest first. Pages of 20 by default.',
        querystring: Type.Intersect([
          PageQuery,
          Type.Object({ status: Type.Optional(Type.String({ enum: [...REPORT_STATUSES] })) }),
        ]),
        response: { 200: PageSchema(QueuedReportAnswer), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page = 0, size = DEFAULT_PAGE_SIZE, status = 'OPEN' } = request.query;
      return reports.queue(status as ReportStatus, { page, size });
    },
  );

  app.get(
    '/reports/:reportId',
    {
      preValidation: moderators,
      schema: {
        operationId: 'getChatReport',
        ...common,
        summary: 'One report, as the queue shows it (MODERATE_CHAT; extension chat-reports)',
        params: Type.Object({ reportId: DatabaseId }),
        response: { 200: QueuedReportAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => reports.one(request.params.reportId),
  );

  app.delete(
    '/suspensions/:username',
    {
      preValidation: moderators,
      schema: {
        operationId: 'liftChatSuspension',
        ...common,
        summary: 'Lift a suspension before its time (MODERATE_CHAT, audited; extension chat-reports)',
        description:
          'They send again at once. 403 for one’s own; 404 USER_NOT_FOUND; 409 NOT_SUSPENDED when their chat is not suspended.',
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 204: Type.Null({ description: 'Lifted' }), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await reports.liftSuspension(viewerOf(request), request.params.username);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reports/:reportId/decision',
    {
      preValidation: moderators,
      schema: {
        operationId: 'decideChatReport',
        ...common,
        summary: 'Decide a report (MODERATE_CHAT, audited; extension chat-reports)',
        description:
          'DISMISS; REMOVE_MESSAGE (both people see it removed); SUSPEND_SENDER for `hours` (removes the message too; the sender reads and sends nothing until then: 403 CHAT_SUSPENDED). Every open report of the message is closed alike and each reporter told. 403 for a report of one’s own message; 409 REPORT_DECIDED, or SENDER_DELETED to suspend a deleted account.',
        params: Type.Object({ reportId: DatabaseId }),
        body: Type.Object({
          decision: Type.String({ enum: [...REPORT_DECISIONS], description: REPORT_DECISIONS.join(', ') }),
          hours: Type.Optional(
            Nullable(Type.Integer({ description: `${SUSPENSION_HOURS_RULE}; only with SUSPEND_SENDER` })),
          ),
        }),
        response: { 200: QueuedReportAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reports.decide(
        viewerOf(request),
        request.params.reportId,
        request.body.decision as ReportDecision,
        request.body.hours,
      ),
  );
};
