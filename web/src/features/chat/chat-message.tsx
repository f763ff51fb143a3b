// One message of a conversation: the viewer's own on the right, the other person's on the left. Web addresses in
// it are links (http and https only: nothing else a message says becomes markup), unless its sender's account was new
// when they sent it (Message.linksAllowed).
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import type { ReactNode } from 'react';
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

export function ChatMessage({
  message,
  now,
}: {
  message: FragmentType<typeof ChatMessage_MessageFragmentDoc>;
  now: number;
}) {
  const { data, complete } = useFragment({ fragment: ChatMessage_MessageFragmentDoc, from: message });
  const formats = useFormats();
  if (!complete) return null;
  const pending = isPendingMessage(data.id);
  return (
    <div className={[styles.message, data.isMine && styles.mine, pending && styles.pending].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{data.isMine ? 'You' : data.senderUsername}: </span>
      {/* A new account's addresses stay plain text: no one is one click from a stranger's link. */}
      <div className={styles.bubble}>{data.linksAllowed ? withLinks(data.content) : data.content}</div>
      {pending ? (
        <span className={styles.messageTime}>Sending…</span>
      ) : (
        <time className={styles.messageTime} dateTime={data.timestamp}>
          {formats.chatTime(data.timestamp, now)}
        </time>
      )}
    </div>
  );
}
