// Reporting a message (issue 36): a reason from the shop's short list and a note (needed for "Something else"), asked
// in a dialog; once sent, the message says where the report stands (Message.viewerReport), and moderators find it in
// their queue. The shop's rules are checked before sending, and its refusal shown in the dialog.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import {
  MAX_REPORT_NOTE_LENGTH,
  REPORT_REASONS,
  REPORT_REASON_TEXTS,
  type ReportReason,
  checkReport,
} from '@shop-rules/chat-report-rules';
import { isRuleViolation } from '@shop-rules/rule-violation';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextAreaField } from '@/components/field';
import { ReportMessageDocument } from '@/gql/graphql';
import { isNotSupported } from '@/lib/not-supported';
import { type ReportTarget, reportNoteId } from './chat-message';
import styles from './chat.module.css';

/** Where the shop's REST service takes no reports (the plain contract). */
const NO_REPORTS = 'This shop does not take reports of messages.';

if (false) {
  gql`
    mutation ReportMessage($input: ReportMessageInput!) {
      reportMessage(input: $input) {
        message {
          id
          removed
          viewerReport {
            status
          }
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

/** The dialog and what opens it: `ask` with the message; `dialog` is rendered where the asking component is. */
export function useReportMessage() {
  const id = useId();
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const [report, { loading }] = useMutation(ReportMessageDocument);

  const send = async () => {
    if (!target) return;
    setError(undefined);
    setNoteError(undefined);
    if (!reason) return setError('Choose why you report it');
    const checked = checkReport({ reason, note });
    if (isRuleViolation(checked))
      return checked.field === 'note' ? setNoteError(checked.message) : setError(checked.message);
    try {
      const answer = (await report({ variables: { input: { messageId: target.id, reason, note: checked.note } } })).data
        ?.reportMessage;
      if (answer?.message) {
        setTarget(null);
        // Once the dialog has closed and given focus back (to a button that is gone now), to what the report became.
        const noteId = reportNoteId(answer.message.id);
        requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(noteId)?.focus()));
        return;
      }
      setError(answer?.userErrors[0]?.message ?? 'Failed to send the report. Please try again.');
    } catch (error) {
      setError(isNotSupported(error) ? NO_REPORTS : 'Failed to send the report. Please try again.');
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target ? `Report this message from ${target.senderUsername}?` : ''}
      description="A moderator of the shop will read it with the messages around it and decide what to do."
      confirmLabel="Send Report"
      confirmVariant="primary"
      busyLabel="Sending..."
      busy={loading}
      error={error}
      onConfirm={() => void send()}
      onCancel={() => setTarget(null)}
    >
      <fieldset className={styles.reportReasons}>
        <legend>Why do you report it?</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className={styles.reportReason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {REPORT_REASON_TEXTS[value]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={reason === 'OTHER' ? 'What is wrong with it?' : 'Anything to add? (optional)'}
        value={note}
        maxLength={MAX_REPORT_NOTE_LENGTH}
        rows={3}
        error={noteError}
        hint={`Up to ${MAX_REPORT_NOTE_LENGTH} characters`}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );

  return {
    ask: (message: ReportTarget) => {
      setReason(null);
      setNote('');
      setError(undefined);
      setNoteError(undefined);
      setTarget(message);
    },
    dialog,
  };
}
