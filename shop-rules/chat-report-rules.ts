// Reporting a chat message and what a moderator decides (issue 36): the reasons a person picks from, the note beside
// it, the decisions, and how long a sender's chat may be suspended. Shared by the REST service, the graph and the web,
// so a report is checked alike before it is sent and every screen names things the same way.
import type { RuleViolation } from './rule-violation.js';

/** Why a message is reported, in the order the report dialog lists them. */
export const REPORT_REASONS = ['SPAM', 'HARASSMENT', 'INAPPROPRIATE', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_TEXTS: Record<ReportReason, string> = {
  SPAM: 'Spam or advertising',
  HARASSMENT: 'Harassment or threats',
  INAPPROPRIATE: 'Offensive or inappropriate',
  OTHER: 'Something else',
};

/** Where a report stands: waiting for a moderator, or what they decided. */
export const REPORT_STATUSES = ['OPEN', 'DISMISSED', 'MESSAGE_REMOVED', 'SENDER_SUSPENDED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator may decide about a report; each closes every open report of the same message alike. */
export const REPORT_DECISIONS = ['DISMISS', 'REMOVE_MESSAGE', 'SUSPEND_SENDER'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The status a decision leaves its reports in. Suspending the sender removes the message too. */
export const STATUS_OF_DECISION: Record<ReportDecision, ReportStatus> = {
  DISMISS: 'DISMISSED',
  REMOVE_MESSAGE: 'MESSAGE_REMOVED',
  SUSPEND_SENDER: 'SENDER_SUSPENDED',
};

/** What the reporter is told of their report, as the chat shows it beside the message and the e-mail says it. */
export const REPORT_OUTCOME_TEXTS: Record<ReportStatus, string> = {
  OPEN: 'Reported: a moderator will look at it',
  DISMISSED: 'Reported: a moderator looked at it and took no action',
  MESSAGE_REMOVED: 'Reported: a moderator removed the message',
  SENDER_SUSPENDED: 'Reported: a moderator removed the message and suspended the sender’s chat',
};

export const MAX_REPORT_NOTE_LENGTH = 500;
/** A suspension lasts an hour at least and a year at most. */
export const MIN_SUSPENSION_HOURS = 1;
export const MAX_SUSPENSION_HOURS = 8760;
/** The lengths the moderation screen offers. */
export const SUSPENSION_CHOICES_HOURS = [24, 24 * 7, 24 * 30] as const;

/** What a removed message says in place of its text. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';

export const OWN_MESSAGE_REPORT = 'You cannot report your own message';
export const ALREADY_REPORTED = 'You reported this message already';
export const SUSPENSION_HOURS_RULE = `Suspend for ${MIN_SUSPENSION_HOURS} to ${MAX_SUSPENSION_HOURS} hours (a year), in whole hours`;

export const isReportReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value);

/** A report's reason and note as sent: the note trimmed, none when blank. */
export function checkReport(input: {
  reason: string;
  note?: string | null;
}): { reason: ReportReason; note: string | null } | RuleViolation {
  if (!isReportReason(input.reason))
    return { field: 'reason', message: `Choose why you report it: one of ${REPORT_REASONS.join(', ')}` };
  const note = input.note?.trim() || null;
  if (note && [...note].length > MAX_REPORT_NOTE_LENGTH)
    return { field: 'note', message: `The note is at most ${MAX_REPORT_NOTE_LENGTH} characters` };
  if (input.reason === 'OTHER' && !note) return { field: 'note', message: 'Say in a few words what is wrong with it' };
  return { reason: input.reason, note };
}

/** A decision's suspension: only SUSPEND_SENDER takes one, of whole hours within the bounds. */
export function checkSuspensionHours(decision: ReportDecision, hours: number | null | undefined): RuleViolation | null {
  if (decision !== 'SUSPEND_SENDER') {
    return hours == null ? null : { field: 'hours', message: 'Only a suspension takes hours' };
  }
  if (hours == null) return { field: 'hours', message: 'Say for how long to suspend the sender’s chat' };
  if (!Number.isInteger(hours) || hours < MIN_SUSPENSION_HOURS || hours > MAX_SUSPENSION_HOURS)
    return { field: 'hours', message: SUSPENSION_HOURS_RULE };
  return null;
}
