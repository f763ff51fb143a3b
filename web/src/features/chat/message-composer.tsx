// The send box (spec §5): Enter sends, Shift+Enter starts a new line, blank messages are ignored. A message that
// could not be sent stays in the box with a word about it.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { MAX_MESSAGE_LENGTH, messageLength, withinMessageLength } from '../../../../shop-rules/order-rules';
import { Button } from '../../components/button';
import { Alert } from '../../components/feedback';
import { SendMessageDocument } from '../../gql/graphql';
import { addMessageToCache } from '../../lib/chat';
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
  onSent(): void;
}

export function MessageComposer({ roomId, recipient, onSent }: MessageComposerProps) {
  const id = useId();
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
    try {
      const { data } = await sendMessage({ variables: { input: { roomId, content: text } } });
      const problem = data?.sendMessage.userErrors[0]?.message;
      if (problem) return setFailure(problem);
      setContent('');
      onSent();
    } catch (error) {
      console.warn('Sending a chat message failed', error);
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
        />
        <Button type="submit" disabled={!content.trim() || loading}>
          {loading ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
