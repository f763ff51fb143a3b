// One message of a conversation: the viewer's own on the right, the other person's on the left.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { ChatMessage_MessageFragmentDoc } from '../../gql/graphql';
import { formatChatTime } from '../../lib/format';
import styles from './chat.module.css';

if (false) {
  gql`
    fragment ChatMessage_message on Message {
      id
      content
      senderUsername
      timestamp
      isMine
    }
  `;
}

export function ChatMessage({ message, now }: { message: FragmentType<typeof ChatMessage_MessageFragmentDoc>; now: number }) {
  const { data, complete } = useFragment({ fragment: ChatMessage_MessageFragmentDoc, from: message });
  if (!complete) return null;
  return (
    <div className={[styles.message, data.isMine && styles.mine].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{data.isMine ? 'You' : data.senderUsername}: </span>
      <div className={styles.bubble}>{data.content}</div>
      <time className={styles.messageTime} dateTime={data.timestamp}>
        {formatChatTime(data.timestamp, now)}
      </time>
    </div>
  );
}
