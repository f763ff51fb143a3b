// The send box (spec §5): Enter sends, Shift+Enter starts a new line, blank messages are ignored. Sending empties
// the box at once and shows the message in the history as pending, so the next one can be written meanwhile; a
// message that could not be sent goes back into the box with a word about it.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { MAX_MESSAGE_LENGTH, messageLength, withinMessageLength } from '@shop-rules/order-rules';
import { Button } from '@/components/button';
import { Alert } from '@/components/feedback';
import { SendMessageDocument } from '@/gql/graphql';
import { addMessageToCache, pendingMessageId } from '@/lib/chat';
import { useViewer } from '@/lib/viewer';
import { useFormats } from '@/lib/use-formats';
import styles from './chat.module.css';

if (false) {
  gql`
    mutation SendMessage($input: SendMessageInput!) {
      sendMessage(input: $input) {
        message {
          id
          ...ChatMessage_message
          room {
            id
            lastMessage
            lastMessageTime
            unreadCount
          }
        }
        userErrors {
          message
        }
      }
    }
  `;
}

interface MessageComposerProps {
  roomId: string;
  recipient: string;
  /** Until when a moderator suspended the viewer's chat: until then the box says so and sends nothing. */
  suspendedUntil: string | null;
  /** The chat screen's clock: a suspension that ends while the screen is open ends here too. */
  now: number;
  onSent(): void;
}

export function MessageComposer({ roomId, recipient, suspendedUntil, now, onSent }: MessageComposerProps) {
  const formats = useFormats();
  const suspended = suspendedUntil !== null && Date.parse(suspendedUntil) > now;
  const id = useId();
  const viewer = useViewer();
  const [content, setContent] = useState('');
  const [failure, setFailure] = useState<string>();
  const [sendMessage, { loading }] = useMutation(SendMessageDocument, {
    update(cache, { data }) {
      const message = data?.sendMessage.message;
      if (message) addMessageToCache(cache, message);
    },
  });

  const atLimit = messageLength(content) >= MAX_MESSAGE_LENGTH;

  const send = async () => {
    const text = content.trim();
    if (!text || loading) return;
    setFailure(undefined);
    setContent('');
    const sentAt = new Date().toISOString();
    // What was typed after this message is kept, after the message put back.
    const putBack = () => setContent((typed) => withinMessageLength(typed ? `${text}\n${typed}` : text));
    try {
      const { data } = await sendMessage({
        variables: { input: { roomId, content: text } },
        // Shown at once, marked pending, until the shop's answer takes its place.
        optimisticResponse: {
          sendMessage: {
            __typename: 'SendMessagePayload',
            message: {
              __typename: 'Message',
              id: pendingMessageId(),
              content: text,
              senderUsername: viewer?.username ?? '',
              timestamp: sentAt,
              isMine: true,
              // Until the shop says: a new account's addresses stay plain text, so none shows as a link before.
              linksAllowed: false,
              removed: false,
              viewerReport: null,
              room: { __typename: 'ChatRoom', id: roomId, lastMessage: text, lastMessageTime: sentAt, unreadCount: 0 },
            },
            userErrors: [],
          },
        },
      });
      const problem = data?.sendMessage.userErrors[0]?.message;
      if (problem) {
        putBack();
        return setFailure(problem);
      }
      onSent();
    } catch (error) {
      console.warn('Sending a chat message failed', error);
      putBack();
      setFailure('Message not sent. Please try again.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      {suspended && !failure && (
        <Alert tone="warning">
          A moderator suspended your chat until {formats.dateTime(suspendedUntil)}: you can read your messages, not send
          any.
        </Alert>
      )}
      <div className={styles.composerHeader}>
        <label htmlFor={id} className={styles.composerLabel}>
          Message to {recipient}
        </label>
        <span id={`${id}-hint`} className={styles.composerHint}>
          {atLimit ? `${MAX_MESSAGE_LENGTH} characters at most` : 'Enter sends, Shift+Enter starts a new line'}
        </span>
      </div>
      <div className={styles.composerRow}>
        <textarea
          id={id}
          name="content"
          className={styles.composerInput}
          rows={1}
          placeholder="Write a message…"
          aria-describedby={`${id}-hint`}
          value={content}
          // Cut by characters as the shop counts them (an emoji is one), not by maxLength's UTF-16 units.
          onChange={(event) => setContent(withinMessageLength(event.target.value))}
          onKeyDown={onKeyDown}
          disabled={suspended}
        />
        <Button type="submit" disabled={suspended || !content.trim() || loading}>
          {loading ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
