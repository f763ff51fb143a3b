// Blocked People, on the Account Settings tab (issue 36): whom the person blocked in chat, and Unblock for each (their
// chat comes back to the list, and they can write again). Read when the tab opens.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { Alert, ErrorState, Skeleton } from '@/components/feedback';
import { BlockedPeopleDocument, UnblockUserDocument } from '@/gql/graphql';
import { NO_BLOCKING, forgetUnblockedPerson } from '@/lib/chat';
import { useFormats } from '@/lib/use-formats';
import styles from './profile.module.css';

if (false) {
  gql`
    query BlockedPeople {
      viewer {
        id
        blockedUsers {
          username
          blockedAt
        }
      }
    }

    mutation UnblockUser($input: UnblockUserInput!) {
      unblockUser(input: $input) {
        unblockedUsername
        viewer {
          id
          unreadMessageCount
          blockedUsers {
            username
            blockedAt
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

export function BlockedPeople() {
  const { data, loading, refetch } = useQuery(BlockedPeopleDocument);
  const [unblock, { loading: unblocking }] = useMutation(UnblockUserDocument);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' }>();
  const formats = useFormats();

  const unblockPerson = async (username: string) => {
    setMessage(undefined);
    try {
      const answer = (
        await unblock({
          variables: { input: { username } },
          update(cache, { data: unblocked }) {
            if (unblocked?.unblockUser.unblockedUsername) forgetUnblockedPerson(cache);
          },
        })
      ).data?.unblockUser;
      if (answer?.unblockedUsername)
        setMessage({ text: `${username} is unblocked: your chat with them is back in your list.`, tone: 'success' });
      else
        setMessage({ text: answer?.userErrors[0]?.message ?? 'Failed to unblock. Please try again.', tone: 'error' });
    } catch {
      setMessage({ text: 'Failed to unblock. Please try again.', tone: 'error' });
    }
  };

  let body;
  if (!data) {
    body = loading ? (
      <div role="status">
        <span className="visually-hidden">Loading...</span>
        <Skeleton width="50%" />
      </div>
    ) : (
      <ErrorState message="Failed to load the people you blocked" onRetry={() => void refetch()} />
    );
  } else if (!data.viewer?.blockedUsers) {
    body = <p>{NO_BLOCKING}</p>;
  } else if (data.viewer.blockedUsers.length === 0) {
    body = <p className={styles.passwordHint}>You have not blocked anyone.</p>;
  } else {
    body = (
      <ul className={styles.blockedList} aria-label="Blocked people">
        {data.viewer.blockedUsers.map((person) => (
          <li key={person.username} className={styles.blockedRow}>
            <span className={styles.fixed}>
              <strong>{person.username}</strong>
              <span className={styles.passwordHint}>Blocked {formats.longDate(person.blockedAt)}</span>
            </span>
            <Button
              variant="secondary"
              size="small"
              disabled={unblocking}
              onClick={() => void unblockPerson(person.username)}
              aria-label={`Unblock ${person.username}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.blocked} aria-labelledby="blocked-people-title">
      <div className={styles.passwordHeading}>
        <h2 id="blocked-people-title">Blocked People</h2>
        <p className={styles.passwordHint}>
          People you blocked cannot start a chat with you or send you messages, and your chats with them are not in your
          list.
        </p>
      </div>
      <div role="status" className={styles.copyNotice}>
        {message?.tone === 'success' && <Alert tone="success">{message.text}</Alert>}
      </div>
      {message?.tone === 'error' && <Alert tone="error">{message.text}</Alert>}
      {body}
    </section>
  );
}
