// '+ New Chat' (spec §2): people to talk to, searchable by username or name and labelled Admin or User. Picking
// someone opens the room with them (the same pair always gets the same room) and closes the dialog; 'Block' beside
// each blocks them instead (asked first), and they leave the list.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { Alert, Loading } from '@/components/feedback';
import { TextField } from '@/components/field';
import { ChatUsersDocument, CreateChatRoomDocument } from '@/gql/graphql';
import { addRoomToList } from '@/lib/chat';
import { useBlockUser } from './block-user';
import dialogStyles from '@/components/confirm-dialog.module.css';
import styles from './new-chat-dialog.module.css';

if (false) {
  gql`
    query ChatUsers($search: String) {
      viewer {
        chatUsers(search: $search) {
          id
          username
          firstName
          lastName
          isAdmin
        }
      }
    }

    mutation CreateChatRoom($input: CreateChatRoomInput!) {
      createChatRoom(input: $input) {
        room {
          id
          roomName
          participantUsernames
          lastMessage
          lastMessageTime
          createdAt
          unreadCount
        }
        userErrors {
          message
        }
      }
    }
  `;
}

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface NewChatDialogProps {
  open: boolean;
  onClose(): void;
  onOpened(roomId: string): void;
  /** Someone was blocked from the list: the screen closes their room if it is the open one. */
  onBlocked(username: string): void;
}

export function NewChatDialog({ open, onClose, onOpened, onBlocked }: NewChatDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className={dialogStyles.root}>
      <div className={dialogStyles.backdrop} aria-hidden="true" />
      <div className={dialogStyles.container}>
        <DialogPanel className={[dialogStyles.panel, styles.panel].join(' ')}>
          {open && <UserPicker onClose={onClose} onOpened={onOpened} onBlocked={onBlocked} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function UserPicker({ onClose, onOpened, onBlocked }: Omit<NewChatDialogProps, 'open'>) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, loading, error, refetch } = useQuery(ChatUsersDocument, { variables: { search: term || null } });
  const [createChatRoom, creating] = useMutation(CreateChatRoomDocument, {
    update(cache, { data: answer }) {
      const room = answer?.createChatRoom.room;
      if (room) addRoomToList(cache, room.id);
    },
  });
  const [failure, setFailure] = useState<string>();
  const [blockedNotice, setBlockedNotice] = useState<string>();
  const blocking = useBlockUser((target) => {
    setBlockedNotice(`${target.username} is blocked. You can unblock them from your profile.`);
    onBlocked(target.username);
  });
  const users = data?.viewer?.chatUsers ?? [];

  const pick = async (username: string) => {
    setFailure(undefined);
    try {
      const { data: answer } = await createChatRoom({ variables: { input: { participantUsername: username } } });
      const room = answer?.createChatRoom.room;
      if (room) return onOpened(room.id);
      setFailure(answer?.createChatRoom.userErrors[0]?.message ?? 'Failed to create chat. Please try again.');
    } catch {
      setFailure('Failed to create chat. Please try again.');
    }
  };

  let list;
  if (error && !data) {
    list = (
      <Alert tone="error">
        Failed to load users. Please try again or contact support.{' '}
        <Button variant="ghost" size="small" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (!data && loading) {
    list = <Loading label="Loading users..." />;
  } else if (users.length === 0) {
    list = (
      <p className={styles.empty}>
        {term
          ? `No users match “${term}”.`
          : 'No other users found. Make sure other users are registered in the system.'}
      </p>
    );
  } else {
    list = (
      <ul className={styles.users} aria-label="People">
        {users.map((user) => {
          const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
          return (
            <li key={user.id}>
              <button
                type="button"
                className={styles.user}
                onClick={() => void pick(user.username)}
                disabled={creating.loading}
              >
                <span className={styles.avatar} aria-hidden="true">
                  {user.username.charAt(0).toUpperCase()}
                </span>
                <span className={styles.userText}>
                  <span className={styles.userName}>{name || user.username}</span>
                  {name && <span className={styles.userHandle}>{user.username}</span>}
                </span>
                <span className={[styles.role, user.isAdmin && styles.admin].filter(Boolean).join(' ')}>
                  {user.isAdmin ? 'Admin' : 'User'}
                </span>
              </button>
              <Button
                variant="ghost"
                size="small"
                onClick={() => blocking.ask({ username: user.username })}
                aria-label={`Block ${user.username}`}
              >
                Block
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <DialogTitle className={dialogStyles.title}>New Chat</DialogTitle>
      <TextField
        label="Search users"
        type="search"
        name="search"
        placeholder="Username or name"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-autofocus
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div role="status" className={styles.notice}>
        {blockedNotice && <Alert tone="success">{blockedNotice}</Alert>}
      </div>
      <div className={styles.results}>{list}</div>
      {blocking.dialog}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </>
  );
}
