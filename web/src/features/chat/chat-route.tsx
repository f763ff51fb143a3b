// /chat (spec §2): conversations on the left, the open one on the right (on a phone: one or the other). The
// most recently active conversation opens when none is chosen; the chosen one is in the address (?room=…).
// Everything stays live through the cache: the live updates add messages, move rooms and count unread ones.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { ErrorState, Skeleton } from '../../components/feedback';
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

const SKELETON_ROOMS = 4;

/** Where the conversations will be, while they load. */
function RoomListSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      {Array.from({ length: SKELETON_ROOMS }, (_, index) => (
        <div key={index} className={styles.roomSkeleton}>
          <Skeleton width="2.5rem" height="2.5rem" style={{ borderRadius: '50%' }} />
          <div className={styles.roomSkeletonText}>
            <Skeleton width="45%" />
            <Skeleton width="80%" height="0.8rem" />
          </div>
        </div>
      ))}
    </div>
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
  // On a phone, opening a room hides the list the focus was in: the room's heading takes it (a count, so that
  // each opening asks once), and "← All chats" gives it back to the room's row.
  const [headingFocusRequest, setHeadingFocusRequest] = useState(0);
  const roomButtons = useRef(new Map<string, HTMLButtonElement>());
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
    if (!sideBySide) setHeadingFocusRequest((count) => count + 1);
  };
  const backToList = () => {
    // The row must be shown before it can take the focus.
    flushSync(() => setView('list'));
    if (activeRoomId) roomButtons.current.get(activeRoomId)?.focus();
  };
  const listFailed = !data?.viewer && !!error;

  let sidebarContent;
  if (data?.viewer) {
    sidebarContent =
      rooms.length === 0 ? (
        <p className={styles.sidebarEmpty}>
          No conversations yet. Start one with <span className={styles.nowrap}>+ New Chat</span>.
        </p>
      ) : (
        <ul className={styles.rooms} aria-label="Conversations">
          {rooms.map((room) => (
            <li key={room.id}>
              <ChatRoomListItem
                ref={(button) => {
                  if (!button) return;
                  roomButtons.current.set(room.id, button);
                  return () => {
                    roomButtons.current.delete(room.id);
                  };
                }}
                room={room}
                selected={room.id === activeRoomId}
                now={now}
                onSelect={open}
              />
            </li>
          ))}
        </ul>
      );
  } else if (listFailed) {
    sidebarContent = (
      <div className={styles.sidebarError}>
        <ErrorState message="Failed to load conversations" onRetry={() => void refetch()} />
      </div>
    );
  } else sidebarContent = <RoomListSkeleton />;

  let placeholder;
  if (listFailed) placeholder = <p>Your conversations could not be loaded. You can still start a new one.</p>;
  else if (loading && !data?.viewer) placeholder = null;
  else placeholder = <p>Choose a conversation, or start a new one.</p>;

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
          <MessageWindow
            key={activeRoomId}
            roomId={activeRoomId}
            now={now}
            shown={sideBySide || view === 'room'}
            headingFocusRequest={headingFocusRequest}
            onBack={backToList}
          />
        ) : (
          <section className={styles.window} aria-label="Conversation">
            {placeholder && (
              <div className={styles.placeholder}>
                {placeholder}
                <Button onClick={() => setNewChatOpen(true)}>+ New Chat</Button>
              </div>
            )}
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
