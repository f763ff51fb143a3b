// /chat (spec §2): conversations on the left, the open one on the right (on a phone: one or the other). The
// most recently active conversation opens when none is chosen; the chosen one is in the address (?room=…).
// Everything stays live through the cache: the live updates add messages, move rooms and count unread ones.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { ErrorState, Loading } from '../../components/feedback';
import { Page } from '../../components/page';
import { ChatPageDocument } from '../../gql/graphql';
import { ChatRoomListItem } from './chat-room-list-item';
import { MessageWindow } from './message-window';
import { NewChatDialog } from './new-chat-dialog';
import styles from './chat.module.css';

if (false) {
  gql`
    query ChatPage {
      viewer {
        chatRooms {
          id
          lastMessageTime
          ...ChatRoomListItem_room
        }
      }
    }
  `;
}

/** Re-renders every minute, so "under 24 hours" times turn into dates as they age. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

// Where chat.module.css shows the list and the room side by side; below it a phone shows one or the other.
const SIDE_BY_SIDE = '(min-width: 768px)';

function useSideBySide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(SIDE_BY_SIDE);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(SIDE_BY_SIDE).matches ?? true,
  );
}

/** Most recently active first; a conversation not yet started counts as the newest. */
export function byRecentActivity<Room extends { lastMessageTime: string | null }>(rooms: readonly Room[]): Room[] {
  const time = (room: Room) => (room.lastMessageTime ? Date.parse(room.lastMessageTime) : Number.POSITIVE_INFINITY);
  return [...rooms].sort((a, b) => time(b) - time(a));
}

export function ChatRoute() {
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenRoom = searchParams.get('room');
  const [view, setView] = useState<'list' | 'room'>(chosenRoom ? 'room' : 'list');
  const [newChatOpen, setNewChatOpen] = useState(false);
  const sideBySide = useSideBySide();
  // What is cached shows at once; the list is fetched afresh on every visit (people may have written meanwhile).
  const { data, loading, error, refetch } = useQuery(ChatPageDocument, { fetchPolicy: 'cache-and-network' });

  const rooms = byRecentActivity(data?.viewer?.chatRooms ?? []);
  const firstRoomId = rooms[0]?.id ?? null;
  const activeRoomId = chosenRoom ?? firstRoomId;
  // The room opened for the person is chosen for good (in the address): a message arriving elsewhere moves that
  // room to the top of the list, but must not switch the conversation on screen.
  useEffect(() => {
    if (!chosenRoom && firstRoomId) setSearchParams({ room: firstRoomId }, { replace: true });
  }, [chosenRoom, firstRoomId, setSearchParams]);
  const open = (roomId: string) => {
    setSearchParams({ room: roomId }, { replace: true });
    setView('room');
  };

  let sidebarContent;
  if (data?.viewer) {
    sidebarContent =
      rooms.length === 0 ? (
        <p className={styles.sidebarEmpty}>No conversations yet. Start one with + New Chat.</p>
      ) : (
        <ul className={styles.rooms} aria-label="Conversations">
          {rooms.map((room) => (
            <li key={room.id}>
              <ChatRoomListItem room={room} selected={room.id === activeRoomId} now={now} onSelect={open} />
            </li>
          ))}
        </ul>
      );
  } else if (loading && !error) sidebarContent = <Loading />;
  else sidebarContent = <ErrorState message="Failed to load conversations" onRetry={() => void refetch()} />;

  return (
    <Page title="Chat">
      <div className={styles.layout} data-view={view}>
        <nav className={styles.sidebar} aria-label="Chat conversations">
          <div className={styles.sidebarHeader}>
            <h2>Conversations</h2>
            <Button size="small" onClick={() => setNewChatOpen(true)}>
              + New Chat
            </Button>
          </div>
          {sidebarContent}
        </nav>
        {activeRoomId ? (
          <MessageWindow key={activeRoomId} roomId={activeRoomId} now={now} shown={sideBySide || view === 'room'} onBack={() => setView('list')} />
        ) : (
          <section className={styles.window} aria-label="Conversation">
            <div className={styles.placeholder}>
              <p>Choose a conversation, or start a new one.</p>
              <Button onClick={() => setNewChatOpen(true)}>+ New Chat</Button>
            </div>
          </section>
        )}
      </div>
      <NewChatDialog
        open={newChatOpen}
        onClose={() => setNewChatOpen(false)}
        onOpened={(roomId) => {
          setNewChatOpen(false);
          open(roomId);
        }}
      />
    </Page>
  );
}
