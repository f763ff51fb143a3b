// Blocking someone from the chat (issue 36): asked first, then their room leaves this browser's list (the shop leaves
// it out of the list from now on) and the chat badge follows. Used by an open conversation's header and by the New
// Chat picker; unblocking is on the profile (profile/blocked-people.tsx).
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BlockUserDocument } from '@/gql/graphql';
import { NO_BLOCKING, forgetBlockedPerson } from '@/lib/chat';
import { isNotSupported } from '@/lib/not-supported';

if (false) {
  gql`
    mutation BlockUser($input: BlockUserInput!) {
      blockUser(input: $input) {
        blockedUser {
          username
          blockedAt
        }
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

/** Someone to block (the room with them, named after them, leaves the list). */
export interface BlockTarget {
  username: string;
}

/** The question and its answer: `ask` opens it; `dialog` is rendered where the asking component is. */
export function useBlockUser(onBlocked: (target: BlockTarget) => void) {
  const [asking, setAsking] = useState<BlockTarget | null>(null);
  const [error, setError] = useState<string>();
  const [block, { loading }] = useMutation(BlockUserDocument);

  const confirm = async () => {
    if (!asking) return;
    setError(undefined);
    try {
      const answer = (
        await block({
          variables: { input: { username: asking.username } },
          update(cache, { data }) {
            if (data?.blockUser.blockedUser) forgetBlockedPerson(cache, data.blockUser.blockedUser.username);
          },
        })
      ).data?.blockUser;
      if (answer?.blockedUser) {
        const target = asking;
        setAsking(null);
        onBlocked(target);
        return;
      }
      setError(answer?.userErrors[0]?.message ?? 'Failed to block. Please try again.');
    } catch (error) {
      setError(isNotSupported(error) ? NO_BLOCKING : 'Failed to block. Please try again.');
    }
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={asking ? `Block ${asking.username}?` : ''}
      description="They will not be able to start a chat with you or send you messages, and your chat with them leaves your list. You can unblock them from your profile."
      confirmLabel="Block"
      busyLabel="Blocking..."
      busy={loading}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  );

  return {
    ask: (target: BlockTarget) => {
      setError(undefined);
      setAsking(target);
    },
    dialog,
  };
}
