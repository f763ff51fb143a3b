// /chat (spec §2): conversations on the left, most recently active first, the open one on the right (on a phone:
// one or the other). The conversations come a page at a time (a user may have thousands): the first page fills the
// sidebar, the next one loads when the list is scrolled near its end, or with 'Load more conversations'. When none
// is chosen, the one with the newest unread message opens (asked of the shop, as it may be beyond the pages
// loaded), else the most recently active; the chosen one is in the address (?room=…).
// Everything stays live through the cache: the live updates add messages, move rooms to the top and count unread ones.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { type UIEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { Alert, ErrorState, Skeleton } from '@/components/feedback';
import { LoadMore, useNextPage } from '@/components/load-more';
import { Page } from '@/components/page';
import { useMediaQuery } from '@/lib/use-media-query';
import { ChatPageDocument, ChatRoomToOpenDocument } from '@/gql/graphql';
import { ChatRoomListItem } from './chat-room-list-item';
import { MessageWindow } from './message-window';
import { NewChatDialog } from './new-chat-dialog';
import { surface } from '@/components/card';
import styles from './chat.module.css';

if (false) {
  gql`
    query ChatPage($first: Int!, $after: String) {
      viewer {
        # Until when a moderator suspended the viewer's chat: the send box says so instead of sending.
        chatSuspendedUntil
        chatRoomConnection(first: $first, after: $after) {
          edges {
            cursor
            node {
              id
              roomName
              lastMessageTime
              createdAt
              unreadCount
              ...ChatRoomListItem_room
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }

    # Asked only while no room is chosen: the room with the newest unread message, wherever it is in the list.
    query ChatRoomToOpen {
      viewer {
        chatRoomConnection(first: 1, unreadOnly: true) {
          edges {
            node {
              id
              lastMessageTime
              createdAt
              unreadCount
            }
          }
        }
      }
    }
  `;
}

/** Conversations a page: more than a tall sidebar shows, so that it is full before anyone scrolls. */
export const ROOMS_PAGE_SIZE = 20;
/** How close to the end (px) the list must be scrolled for the next page to load. */
const LOAD_MORE_THRESHOLD = 160;

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

interface ActiveRoom {
  id: string;
  lastMessageTime: string | null;
  createdAt: string | null;
  unreadCount: number;
}

/** When a room was last active: its latest message, or, before the first, when it was made (unknown: oldest). */
const activityOf = (room: ActiveRoom) => Date.parse(room.lastMessageTime ?? room.createdAt ?? '') || 0;

/** Most recently active first. */
export function byRecentActivity<Room extends ActiveRoom>(rooms: readonly Room[]): Room[] {
  return [...rooms].sort((a, b) => activityOf(b) - activityOf(a));
}

/**
 * The room opened when none is chosen: the one with the newest unread message, else the most recently active.
 * `newestUnread` is the shop's answer for the rooms not loaded; a loaded room may since have had a newer one, and
 * the shop's may since have been read (the cache keeps both counts live).
 */
export function roomToOpen(roomsByActivity: readonly ActiveRoom[], newestUnread?: ActiveRoom): ActiveRoom | undefined {
  const candidates = newestUnread ? byRecentActivity([...roomsByActivity, newestUnread]) : roomsByActivity;
  return candidates.find((room) => room.unreadCount > 0) ?? roomsByActivity[0];
}

export function ChatRoute() {
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenRoom = searchParams.get('room');
  const [view, setView] = useState<'list' | 'room'>(chosenRoom ? 'room' : 'list');
  const [newChatOpen, setNewChatOpen] = useState(false);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  // On a phone, opening a room hides the list the focus was in: the room's heading takes it (a count, so that
  // each opening asks once), and "← All chats" gives it back to the room's row.
  const [headingFocusRequest, setHeadingFocusRequest] = useState(0);
  const roomButtons = useRef(new Map<string, HTMLButtonElement>());
  // What is cached shows at once; the first page is fetched afresh on every visit (people may have written meanwhile).
  const { data, loading, error, refetch, fetchMore } = useQuery(ChatPageDocument, {
    variables: { first: ROOMS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  // The room opened when none was chosen, held from the render that chose it until the address names it (below);
  // then let go, so that the next visit with none chosen (the navbar's Chat) chooses afresh.
  const [openedRoom, setOpenedRoom] = useState<string | null>(null);
  if (chosenRoom && openedRoom) setOpenedRoom(null);
  // Fresh, never from the cache: it decides which room opens (asked once: not again once a room is opened).
  const newestUnread = useQuery(ChatRoomToOpenDocument, {
    skip: !!(chosenRoom ?? openedRoom),
    fetchPolicy: 'network-only',
  });

  const connection = data?.viewer?.chatRoomConnection;
  const rooms = byRecentActivity(connection?.edges.map((edge) => edge.node) ?? []);
  const nextPage = useNextPage(() => fetchMore({ variables: { after: connection?.pageInfo.endCursor } }));
  const loadMoreOnScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    // After a failure only the button tries again: scrolling on would ask again and again.
    if (!connection?.pageInfo.hasNextPage || nextPage.failed) return;
    if (list.scrollHeight - list.scrollTop - list.clientHeight < LOAD_MORE_THRESHOLD) void nextPage.load();
  };

  // Chosen once both are known: the loaded rooms, and the shop's answer about unread ones (or its failure).
  const choosing = !chosenRoom && !openedRoom && !newestUnread.data && !newestUnread.error;
  const roomToOpenId =
    openedRoom ??
    (choosing ? null : (roomToOpen(rooms, newestUnread.data?.viewer?.chatRoomConnection.edges[0]?.node)?.id ?? null));
  // The room opened for the person is chosen for good: a message arriving elsewhere moves that room to the top of
  // the list, and opening the room marks it read, but neither may switch the conversation on screen. The address
  // keeps it, but only later: a navigation is a transition, which React commits after the urgent updates (the
  // room's history shown, its unread count dropped to 0), so the choice is held from the render that makes it.
  if (!chosenRoom && !openedRoom && roomToOpenId) setOpenedRoom(roomToOpenId);
  const activeRoomId = chosenRoom ?? roomToOpenId;
  useEffect(() => {
    if (!chosenRoom && roomToOpenId) setSearchParams({ room: roomToOpenId }, { replace: true });
  }, [chosenRoom, roomToOpenId, setSearchParams]);
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
  const [notice, setNotice] = useState<string>();
  const activeRoomName = rooms.find((room) => room.id === activeRoomId)?.roomName;
  // Blocked from the open room: it is gone from the list, and the screen goes back to choosing.
  const blocked = (username: string) => {
    setNotice(`${username} is blocked. You can unblock them from your profile.`);
    setOpenedRoom(null);
    setView('list');
    setSearchParams({}, { replace: true });
  };
  const listFailed = !data?.viewer && !!error;

  let sidebarContent;
  if (data?.viewer) {
    sidebarContent =
      rooms.length === 0 && !connection?.pageInfo.hasNextPage ? (
        <p className={styles.sidebarEmpty}>
          No conversations yet. Start one with <span className={styles.nowrap}>+ New Chat</span>.
        </p>
      ) : (
        <div className={styles.roomList} onScroll={loadMoreOnScroll}>
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
          {connection?.pageInfo.hasNextPage && (
            <div className={styles.moreRooms}>
              <LoadMore
                label="Load more conversations"
                size="small"
                failedMessage="Failed to load more conversations. Please try again."
                nextPage={nextPage}
              />
            </div>
          )}
        </div>
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
  else if ((loading && !data?.viewer) || (choosing && rooms.length > 0)) placeholder = null;
  else placeholder = <p>Choose a conversation, or start a new one.</p>;

  return (
    <Page title="Chat">
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      <div className={surface(styles.layout)} data-view={view}>
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
            onBlocked={blocked}
            suspendedUntil={data?.viewer?.chatSuspendedUntil ?? null}
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
        onBlocked={(username) => {
          // The open conversation was with them: it is gone from the list, so it closes too.
          if (activeRoomName === username) {
            setOpenedRoom(null);
            setView('list');
            setSearchParams({}, { replace: true });
          }
        }}
      />
    </Page>
  );
}
