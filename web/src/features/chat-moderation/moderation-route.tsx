// /admin/reports (issue 36): the reported chat messages, for staff whose roles allow MODERATE_CHAT. The open reports
// first come first, each with the reported message among the messages around it, the reason and the reporter's note;
// a moderator dismisses it, removes the message (both people see it removed at once), or suspends its sender's chat
// for a day, a week or a month (the message removed too), asked first. Decided reports are kept under their outcome.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { TabGroup, TabPanel, TabPanels } from '@headlessui/react';
import { useRef, useState } from 'react';
import {
  REPORT_OUTCOME_TEXTS,
  REPORT_REASON_TEXTS,
  SUSPENSION_CHOICES_HOURS,
  type ReportDecision,
  type ReportStatus,
} from '@shop-rules/chat-report-rules';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { SelectField } from '@/components/field';
import { Page } from '@/components/page';
import { StripTab, TabStrip } from '@/components/tab-strip';
import {
  ChatReportsDocument,
  type ChatReportsQuery,
  DecideChatReportDocument,
  LiftChatSuspensionDocument,
} from '@/gql/graphql';
import { useFormats } from '@/lib/use-formats';
import styles from './moderation.module.css';

if (false) {
  gql`
    query ChatReports($status: ChatReportStatus!, $after: String) {
      chatReports(status: $status, first: 20, after: $after) {
        totalCount
        edges {
          node {
            id
            reason
            note
            status
            reportedAt
            reporterUsername
            decidedBy
            decidedAt
            senderSuspendedUntil
            message {
              messageId
              senderUsername
            }
            context {
              messageId
              senderUsername
              content
              timestamp
              removed
              reported
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }

    mutation LiftChatSuspension($input: LiftChatSuspensionInput!) {
      liftChatSuspension(input: $input) {
        liftedUsername
        userErrors {
          message
          field
          code
        }
      }
    }

    mutation DecideChatReport($input: DecideChatReportInput!) {
      decideChatReport(input: $input) {
        report {
          id
          status
          decidedBy
          decidedAt
          senderSuspendedUntil
        }
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

type Report = NonNullable<ChatReportsQuery['chatReports']>['edges'][number]['node'];

const TABS: { status: ReportStatus; name: string }[] = [
  { status: 'OPEN', name: 'Open' },
  { status: 'MESSAGE_REMOVED', name: 'Removed' },
  { status: 'SENDER_SUSPENDED', name: 'Suspended' },
  { status: 'DISMISSED', name: 'Dismissed' },
];

const SUSPENSION_NAMES: Record<number, string> = { 24: '1 day', 168: '7 days', 720: '30 days' };

interface Asking {
  report: Report;
  decision: ReportDecision;
}

export function ModerationRoute() {
  const [selected, setSelected] = useState(0);
  const status = TABS[selected]!.status;
  return (
    <Page title="Reported Messages">
      <TabGroup selectedIndex={selected} onChange={setSelected}>
        <TabStrip label="Reports by outcome" className={styles.tabList}>
          {TABS.map((tab) => (
            <StripTab key={tab.status}>{tab.name}</StripTab>
          ))}
        </TabStrip>
        <TabPanels>
          {TABS.map((tab, index) => (
            <TabPanel key={tab.status} className={styles.panel}>
              {index === selected && <ReportList status={status} />}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </Page>
  );
}

function ReportList({ status }: { status: ReportStatus }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ChatReportsDocument, {
    variables: { status },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [asking, setAsking] = useState<Asking | null>(null);
  const [hours, setHours] = useState<number>(SUSPENSION_CHOICES_HOURS[0]);
  const [failure, setFailure] = useState<string>();
  const [decide, { loading: deciding }] = useMutation(DecideChatReportDocument);
  const countLine = useRef<HTMLParagraphElement>(null);
  // What "still lasts" is measured against: the time the list was last read.
  const [now, setNow] = useState(() => Date.now());
  const [lifting, setLifting] = useState<string | null>(null);
  const [liftFailure, setLiftFailure] = useState<string>();
  const [lift, { loading: liftBusy }] = useMutation(LiftChatSuspensionDocument);

  const reports = data?.chatReports;
  if (!reports && loading)
    return (
      <div className={styles.loading} role="status" aria-label="Loading reports...">
        <Skeleton height="9rem" />
        <Skeleton height="9rem" />
      </div>
    );
  if (!reports)
    return <ErrorState message="Failed to load the reports." onRetry={() => void refetch()} hint={error?.message} />;

  const confirm = async () => {
    if (!asking) return;
    setFailure(undefined);
    try {
      const answer = (
        await decide({
          variables: {
            input: {
              reportId: asking.report.id,
              decision: asking.decision,
              ...(asking.decision === 'SUSPEND_SENDER' ? { hours } : {}),
            },
          },
        })
      ).data?.decideChatReport;
      if (answer?.report) {
        setAsking(null);
        // It leaves the open list; the other lists are read afresh when shown. Its card and buttons are gone: focus
        // goes to the count above the list, once the dialog has given it back.
        await refetch();
        requestAnimationFrame(() => requestAnimationFrame(() => countLine.current?.focus()));
        return;
      }
      setFailure(answer?.userErrors[0]?.message ?? 'Failed to decide. Please try again.');
    } catch {
      setFailure('Failed to decide. Please try again.');
    }
  };

  const confirmLift = async () => {
    if (!lifting) return;
    setLiftFailure(undefined);
    try {
      const answer = (await lift({ variables: { input: { username: lifting } } })).data?.liftChatSuspension;
      if (answer?.liftedUsername) {
        setLifting(null);
        await refetch();
        setNow(Date.now());
        requestAnimationFrame(() => requestAnimationFrame(() => countLine.current?.focus()));
        return;
      }
      setLiftFailure(answer?.userErrors[0]?.message ?? 'Failed to lift the suspension. Please try again.');
    } catch {
      setLiftFailure('Failed to lift the suspension. Please try again.');
    }
  };

  const sender = asking?.report.message.senderUsername ?? '';
  const questions: Record<ReportDecision, { title: string; description: string; label: string; busy: string }> = {
    DISMISS: {
      title: 'Dismiss this report?',
      description: `The message stays as it is. ${asking?.report.reporterUsername ?? ''} is told that no action was taken.`,
      label: 'Dismiss',
      busy: 'Dismissing...',
    },
    REMOVE_MESSAGE: {
      title: `Remove this message from ${sender}?`,
      description:
        'Both people will see “This message was removed by a moderator.” in its place. This cannot be undone.',
      label: 'Remove Message',
      busy: 'Removing...',
    },
    SUSPEND_SENDER: {
      title: `Suspend ${sender}’s chat?`,
      description: `The message is removed, and ${sender} can read their chats but not send anything until the time is over.`,
      label: 'Suspend',
      busy: 'Suspending...',
    },
  };
  const question = asking ? questions[asking.decision] : undefined;

  return (
    <>
      <p ref={countLine} tabIndex={-1} className={styles.count} role="status">
        {reports.totalCount === 1 ? '1 report' : `${reports.totalCount} reports`}
      </p>
      {reports.edges.length === 0 ? (
        <EmptyState
          title={status === 'OPEN' ? 'No reports waiting' : 'No reports here'}
          hint={status === 'OPEN' ? 'Reported messages show up here for a moderator to decide.' : undefined}
        />
      ) : (
        <ul className={styles.list}>
          {reports.edges.map(({ node }) => (
            <li key={node.id}>
              <ReportCard
                report={node}
                now={now}
                onLift={() => {
                  setLiftFailure(undefined);
                  setLifting(node.message.senderUsername);
                }}
                onDecide={(decision) => {
                  // Each suspension is chosen afresh: the shortest unless changed.
                  setHours(SUSPENSION_CHOICES_HOURS[0]);
                  setAsking({ report: node, decision });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {reports.pageInfo.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            disabled={loading}
            onClick={() => void fetchMore({ variables: { after: reports.pageInfo.endCursor } })}
          >
            {loading ? 'Loading...' : 'Show more reports'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={question?.title ?? ''}
        description={question?.description}
        confirmLabel={question?.label ?? ''}
        busyLabel={question?.busy}
        busy={deciding}
        error={failure}
        confirmVariant={asking?.decision === 'DISMISS' ? 'primary' : 'danger'}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(null);
          setFailure(undefined);
        }}
      >
        {asking?.decision === 'SUSPEND_SENDER' && (
          <SelectField label="For how long" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            {SUSPENSION_CHOICES_HOURS.map((choice) => (
              <option key={choice} value={choice}>
                {SUSPENSION_NAMES[choice]}
              </option>
            ))}
          </SelectField>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={lifting !== null}
        title={lifting ? `Lift ${lifting}’s suspension?` : ''}
        description={`${lifting ?? ''} can send messages again at once.`}
        confirmLabel="Lift Suspension"
        busyLabel="Lifting..."
        busy={liftBusy}
        error={liftFailure}
        confirmVariant="primary"
        onConfirm={() => void confirmLift()}
        onCancel={() => setLifting(null)}
      />
    </>
  );
}

function ReportCard({
  report,
  now,
  onDecide,
  onLift,
}: {
  report: Report;
  now: number;
  onDecide(decision: ReportDecision): void;
  /** Offered while the sender's suspension lasts. */
  onLift(): void;
}) {
  const formats = useFormats();
  const suspended = report.senderSuspendedUntil !== null && Date.parse(report.senderSuspendedUntil) > now;
  const reason = REPORT_REASON_TEXTS[report.reason];
  return (
    <article className={surface(styles.card)} aria-label={`Report of a message from ${report.message.senderUsername}`}>
      <header className={styles.cardHeader}>
        <h2 className={styles.reason}>{reason}</h2>
        <p className={styles.byline}>
          Reported by <strong>{report.reporterUsername}</strong> on{' '}
          <time dateTime={report.reportedAt}>{formats.dateTime(report.reportedAt)}</time>
        </p>
      </header>
      {report.note && <blockquote className={styles.note}>{report.note}</blockquote>}
      <ol className={styles.context} aria-label="The message among those around it">
        {report.context.map((line) => (
          <li
            key={line.messageId}
            className={[styles.line, line.reported && styles.reported].filter(Boolean).join(' ')}
          >
            <span className={styles.lineMeta}>
              <strong>{line.senderUsername}</strong>{' '}
              <time dateTime={line.timestamp}>{formats.dateTime(line.timestamp)}</time>
              {line.reported && <span className={styles.tag}>Reported</span>}
              {line.removed && <span className={styles.tag}>Removed</span>}
            </span>
            <span className={styles.lineText}>{line.content}</span>
          </li>
        ))}
      </ol>
      {report.status === 'OPEN' ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onDecide('DISMISS')}>
            Dismiss
          </Button>
          <Button variant="dangerOutline" onClick={() => onDecide('REMOVE_MESSAGE')}>
            Remove Message
          </Button>
          <Button variant="danger" onClick={() => onDecide('SUSPEND_SENDER')}>
            Suspend Sender…
          </Button>
        </div>
      ) : (
        <p className={styles.outcome}>
          {REPORT_OUTCOME_TEXTS[report.status].replace(
            /^Reported: a moderator/,
            `${report.decidedBy ?? 'A moderator'}`,
          )}{' '}
          on <time dateTime={report.decidedAt ?? ''}>{formats.dateTime(report.decidedAt)}</time>
          {report.status === 'SENDER_SUSPENDED' && suspended && (
            <> (until {formats.dateTime(report.senderSuspendedUntil)})</>
          )}
          .
        </p>
      )}
      {report.status !== 'OPEN' && suspended && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onLift}>
            Lift Suspension
          </Button>
        </div>
      )}
    </article>
  );
}
