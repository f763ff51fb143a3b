// One message of a conversation: the viewer's own on the right, the other person's on the left. Web addresses in
// it are links (http and https only: nothing else a message says becomes markup), unless its sender's account was new
// when they sent it (Message.linksAllowed). A message a moderator removed says so in place of its text; the other
// person's messages can be reported, and once reported say where the report stands.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { REMOVED_MESSAGE_TEXT, REPORT_OUTCOME_TEXTS } from '@shop-rules/chat-report-rules';
import { ChatMessage_MessageFragmentDoc } from '@/gql/graphql';
import { isPendingMessage } from '@/lib/chat';
import { useFormats } from '@/lib/use-formats';
import styles from './chat.module.css';

if (false) {
  gql`
    fragment ChatMessage_message on Message {
      id
      content
      senderUsername
      timestamp
      isMine
      linksAllowed
      removed
      viewerReport {
        status
      }
    }
  `;
}

/** An http(s) address, up to the first space; punctuation that ends a sentence is left out of it. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'}]/g;

/** The message's text with its web addresses as links that open in a new tab. */
export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer nofollow">
        {match[0]}
      </a>,
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The element that says where the viewer's report of a message stands. */
export const reportNoteId = (messageId: string) => `report-note-${messageId}`;

/** A message someone may report: its id and who sent it. */
export interface ReportTarget {
  id: string;
  senderUsername: string;
}

export function ChatMessage({
  message,
  now,
  onReport,
}: {
  message: FragmentType<typeof ChatMessage_MessageFragmentDoc>;
  now: number;
  /** Offered beside the other person's messages (not once reported or removed). */
  onReport?: (target: ReportTarget) => void;
}) {
  const { data, complete } = useFragment({ fragment: ChatMessage_MessageFragmentDoc, from: message });
  const formats = useFormats();
  if (!complete) return null;
  const pending = isPendingMessage(data.id);
  const reportable = !data.isMine && !data.removed && !pending && !data.viewerReport && onReport;
  return (
    <div
      className={[styles.message, data.isMine && styles.mine, pending && styles.pending, data.removed && styles.removed]
        .filter(Boolean)
        .join(' ')}
    >
      <span className="visually-hidden">{data.isMine ? 'You' : data.senderUsername}: </span>
      {/* A new account's addresses stay plain text: no one is one click from a stranger's link. */}
      <div className={styles.bubble}>
        {data.removed ? REMOVED_MESSAGE_TEXT : data.linksAllowed ? withLinks(data.content) : data.content}
      </div>
      <div className={styles.messageMeta}>
        {pending ? (
          <span className={styles.messageTime}>Sending…</span>
        ) : (
          <time className={styles.messageTime} dateTime={data.timestamp}>
            {formats.chatTime(data.timestamp, now)}
          </time>
        )}
        {reportable && (
          <button
            type="button"
            className={styles.reportButton}
            aria-label={`Report this message from ${data.senderUsername}`}
            onClick={() => onReport({ id: data.id, senderUsername: data.senderUsername })}
          >
            Report
          </button>
        )}
      </div>
      {data.viewerReport && (
        // Focused once a report is sent from here (the button that opened the dialog is gone): the reader hears it.
        <p id={reportNoteId(data.id)} tabIndex={-1} className={styles.reportNote}>
          {REPORT_OUTCOME_TEXTS[data.viewerReport.status]}
        </p>
      )}
    </div>
  );
}
