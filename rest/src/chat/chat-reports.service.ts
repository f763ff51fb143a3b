// Reporting and moderation in chat (issue 36): a participant reports a message of the other one (a reason from a
// short list, a note); staff who moderate chat see the open reports with the message in its context and decide:
// dismiss, remove the message (it shows as removed for both), or also suspend its sender's chat for a time. A decision
// closes every open report of the message, is audited, and tells each reporter the outcome (by e-mail, and beside the
// message in their chat).
import {
  ALREADY_REPORTED,
  OWN_MESSAGE_REPORT,
  REPORT_OUTCOME_TEXTS,
  type ReportDecision,
  type ReportStatus,
  STATUS_OF_DECISION,
  checkReport,
  checkSuspensionHours,
} from '../../../shop-rules/chat-report-rules.js';
import type { Actor, AuditRepository } from '../audit/audit.repository.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { reportDecidedMail } from '../mail/chat-mails.js';
import type { MailContext } from '../mail/mail-layout.js';
import type { OutboxRepository } from '../mail/outbox.repository.js';
import { badRequest, conflict, forbidden, notFound, orBadRequest } from '../shared/http-errors.js';
import { type Page, toPage } from '../shared/paging.js';
import { MAX_DATABASE_ID } from '../shared/schemas.js';
import type { ChatReportRow, ChatReportsRepository, QueuedReport } from './chat-reports.repository.js';
import type { ChatRepository } from './chat.repository.js';
import type { ChatMessageAnswer } from './chat.schemas.js';
import { DELETED_USER, toMessageAnswer } from './chat.service.js';

/** A report as its reporter sees it. */
export interface ReportAnswer {
  id: number;
  messageId: number;
  reason: string;
  note: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

/** A report as the moderators' queue shows it: the message (with its text, even removed) among its neighbours. */
export interface QueuedReportAnswer extends ReportAnswer {
  reporterUsername: string;
  decidedBy: string | null;
  message: ChatMessageAnswer;
  /** Oldest first, the reported message among them. */
  context: ChatMessageAnswer[];
  /** The room's two people (a deleted account's id is null): whom a removal is told to, live. */
  participants: { id: number | null; username: string }[];
  senderSuspendedUntil: string | null;
}

export interface ModerationWork {
  reports: ChatReportsRepository;
  audit: AuditRepository;
  outbox: OutboxRepository;
}
export type ModerationTransaction = <T>(work: (repositories: ModerationWork) => Promise<T>) => Promise<T>;

const toReportAnswer = (row: ChatReportRow): ReportAnswer => ({
  id: row.id,
  messageId: row.messageId,
  reason: row.reason,
  note: row.note,
  status: row.status,
  createdAt: row.createdAt,
  decidedAt: row.decidedAt,
});

const messageNotFound = () => notFound('Message not found', 'MESSAGE_NOT_FOUND', 'messageId');

export class ChatReportsService {
  constructor(
    private readonly chat: ChatRepository,
    private readonly reports: ChatReportsRepository,
    private readonly inTransaction: ModerationTransaction,
    private readonly mail: MailContext,
    /** Tells the mail sender something is waiting (after the decision committed). */
    private readonly wakeMail: () => void,
  ) {}

  /**
   * Reports a message of the other person in one of the caller's rooms, once. A message of a room not theirs is not
   * found (its existence is nobody else's business); their own, or one removed already, is refused.
   */
  async report(viewer: AuthenticatedUser, messageId: number, input: { reason: string; note?: string | null }) {
    const { reason, note } = orBadRequest(checkReport(input));
    if (messageId > MAX_DATABASE_ID) throw messageNotFound();
    const [message] = await this.chat.messagesByIds([messageId]);
    if (!message || !(await this.chat.membership(viewer.id, message.roomId))) throw messageNotFound();
    if (message.senderId === viewer.id) throw badRequest(OWN_MESSAGE_REPORT, 'messageId');
    if (message.removedAt !== null)
      throw conflict('A moderator removed this message already', 'MESSAGE_REMOVED', 'messageId');
    const created = await this.reports.insert({ messageId, reporterId: viewer.id, reason, note });
    if (!created) throw conflict(ALREADY_REPORTED, 'ALREADY_REPORTED', 'messageId');
    // The message as the reporter now reads it: with their report beside it.
    const shown = toMessageAnswer(message);
    shown.report = { id: created.id, reason: created.reason, status: created.status };
    return { ...toReportAnswer(created), message: shown };
  }

  /** A page of the reports of one status, for moderators: open ones oldest first, decided ones newest first. */
  async queue(status: ReportStatus, paging: { page: number; size: number }): Promise<Page<QueuedReportAnswer>> {
    const [rows, total] = await Promise.all([
      this.reports.queue(status, { offset: paging.page * paging.size, limit: paging.size }),
      this.reports.count(status),
    ]);
    return toPage(await this.describe(rows), total, paging);
  }

  /** One report as the queue shows it, for moderators. */
  async one(reportId: number): Promise<QueuedReportAnswer> {
    const row = reportId > MAX_DATABASE_ID ? undefined : await this.reports.queued(reportId);
    if (!row) throw notFound('Report not found', 'REPORT_NOT_FOUND', 'reportId');
    return (await this.describe([row]))[0]!;
  }

  private async describe(rows: QueuedReport[]): Promise<QueuedReportAnswer[]> {
    const messages = rows.map((row) => ({ id: row.messageId, roomId: row.roomId }));
    const [around, participants] = await Promise.all([
      this.reports.context(messages),
      this.chat.participants([...new Set(rows.map((row) => row.roomId))]),
    ]);
    return rows.map((row) => {
      const context = (around.get(row.messageId) ?? []).map((message) => toMessageAnswer(message, true));
      return {
        ...toReportAnswer(row),
        reporterUsername: row.reporterUsername ?? DELETED_USER,
        decidedBy: row.decidedAt === null ? null : (row.deciderUsername ?? DELETED_USER),
        message: context.find((message) => message.id === row.messageId)!,
        context,
        participants: participants
          .filter((participant) => participant.roomId === row.roomId)
          .map((participant) => ({ id: participant.userId, username: participant.username ?? DELETED_USER })),
        senderSuspendedUntil: row.senderSuspendedUntil,
      };
    });
  }

  /**
   * Lifts `username`'s suspension before its time (a moderator's second thought), audited: they send again at once.
   * Not one's own; 409 when their chat is not suspended.
   */
  async liftSuspension(moderator: AuthenticatedUser, username: string): Promise<void> {
    await this.inTransaction(async ({ reports, audit }) => {
      const person = await reports.person(username.trim());
      if (!person) throw notFound('User not found', 'USER_NOT_FOUND', 'username');
      if (person.id === moderator.id)
        throw forbidden('You cannot lift your own suspension: leave it to another moderator');
      const until = await reports.lift(person.id, new Date().toISOString());
      if (until === undefined)
        throw conflict(`${person.username}'s chat is not suspended`, 'NOT_SUSPENDED', 'username');
      await audit.record(
        { id: moderator.id, username: moderator.username },
        'user.chat_suspension_lifted',
        { type: 'user', id: person.id },
        { chatSuspendedUntil: { from: until, to: null } },
      );
    });
  }

  /**
   * A moderator's decision about a report; it closes every open report of the same message alike, each reporter
   * told. Removing the message (or suspending its sender, which removes it too) shows it as removed to both people.
   * Audited in the same transaction. Not about one's own message, and not twice.
   */
  async decide(
    moderator: AuthenticatedUser,
    reportId: number,
    decision: ReportDecision,
    hours?: number | null,
  ): Promise<QueuedReportAnswer> {
    const problem = checkSuspensionHours(decision, hours);
    if (problem) throw badRequest(problem.message, problem.field);
    if (reportId > MAX_DATABASE_ID) throw notFound('Report not found', 'REPORT_NOT_FOUND', 'reportId');
    const status = STATUS_OF_DECISION[decision];
    const actor: Actor = { id: moderator.id, username: moderator.username };
    await this.inTransaction(async ({ reports, audit, outbox }) => {
      const report = await reports.queued(reportId);
      if (!report) throw notFound('Report not found', 'REPORT_NOT_FOUND', 'reportId');
      if (report.status !== 'OPEN')
        throw conflict(`This report was decided already: ${describeStatus(report.status)}`, 'REPORT_DECIDED');
      if (report.senderId === moderator.id)
        throw forbidden('You cannot decide a report of your own message: leave it to another moderator');
      if (report.reporterId === moderator.id)
        throw forbidden('You cannot decide a report you made: leave it to another moderator');
      if (decision === 'SUSPEND_SENDER' && report.senderId === null)
        throw conflict(
          'The sender deleted their account: there is nobody to suspend; remove the message instead',
          'SENDER_DELETED',
        );
      const closed = await reports.decide(report.messageId, status, moderator.id);
      // Held above, so it is still open; should it not be, nothing more is written.
      if (closed.length === 0)
        throw conflict('This report was decided meanwhile: read the list again', 'REPORT_DECIDED');
      const reportIds = closed.map((row) => row.id);
      const message = { type: 'chat_message' as const, id: report.messageId };
      if (decision === 'DISMISS') {
        await audit.record(actor, 'chat_report.dismissed', message, {
          reports: { to: reportIds },
          status: { from: 'OPEN', to: status },
        });
      } else {
        await reports.removeMessage(report.messageId);
        await audit.record(actor, 'chat_message.removed', message, {
          reports: { to: reportIds },
          removed: { from: false, to: true },
        });
      }
      if (decision === 'SUSPEND_SENDER') {
        const until = await reports.suspend(report.senderId!, new Date(Date.now() + hours! * 3_600_000).toISOString());
        await audit.record(
          actor,
          'user.chat_suspended',
          { type: 'user', id: report.senderId! },
          {
            chatSuspendedUntil: { from: report.senderSuspendedUntil, to: until },
            hours: { to: hours },
            reports: { to: reportIds },
          },
        );
      }
      // Each reporter told what became of their report, where they take e-mails.
      for (const recipient of await reports.reportersToTell(closed.flatMap((row) => row.reporterId ?? []))) {
        await outbox.enqueue(
          reportDecidedMail(
            recipient,
            { sender: report.senderUsername ?? DELETED_USER, outcome: capitalized(describeStatus(status)) },
            this.mail,
          ),
        );
      }
    });
    this.wakeMail();
    return this.one(reportId);
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'a moderator removed the message', from the reporter's words without their 'Reported: '. */
function describeStatus(status: string): string {
  const text = REPORT_OUTCOME_TEXTS[status as ReportStatus] ?? status;
  return text.replace(/^Reported: /, '');
}
