// The open conversation (spec §2): header with the room name and participant count, the history (older messages
// load when scrolled to the top, or with the button there), and the send box. Opening a room marks it read, and
// so does a message arriving while it is open and the tab is visible.
import { gql, NetworkStatus } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/button';
import { ErrorState, Skeleton } from '@/components/feedback';
import { ChatRoomMessagesDocument } from '@/gql/graphql';
import { markRoomRead, setOpenChatRoom } from '@/lib/chat';
import { useViewer } from '@/lib/viewer';
import { useBlockUser } from './block-user';
import { ChatMessage } from './chat-message';
import { useReportMessage } from './report-message';
import { MessageComposer } from './message-composer';
import styles from './chat.module.css';

if (false) {
  gql`
    query ChatRoomMessages($roomId: ID!, $last: Int!, $before: String) {
      node(id: $roomId) {
        id
        ... on ChatRoom {
          roomName
          participantUsernames
          unreadCount
          messages(last: $last, before: $before) {
            totalCount
            edges {
              cursor
              node {
                id
                ...ChatMessage_message
              }
            }
            pageInfo {
              hasPreviousPage
              startCursor
            }
          }
        }
      }
    }
  `;
}

export const MESSAGES_PAGE_SIZE = 30;
/** How close to the top (px) the history must be scrolled for older messages to load. */
const LOAD_OLDER_THRESHOLD = 80;
/** How close to the bottom (px) counts as reading the latest messages: new ones then scroll into view. */
const STICK_TO_BOTTOM_THRESHOLD = 120;

function subscribeToVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeToVisibility, () => document.visibilityState !== 'hidden');
}

const SKELETON_MESSAGE_WIDTHS = ['55%', '40%', '65%', '35%'];

/** Where the history will be, while it loads: bubbles on either side. */
function HistorySkeleton() {
  return (
    <div className={styles.messageSkeletons} role="status">
      <span className="visually-hidden">Loading...</span>
      {SKELETON_MESSAGE_WIDTHS.map((width, index) => (
        <Skeleton key={index} width={width} height="2.5rem" />
      ))}
    </div>
  );
}

interface MessageWindowProps {
  roomId: string;
  now: number;
  /** False while a phone shows the list instead: the room is chosen but nobody is reading it. */
  shown: boolean;
  /** Raised each time a phone opens a room from the list: the room's heading then takes the focus. */
  headingFocusRequest: number;
  onBack(): void;
  /** The person on the other side was blocked: the room is no longer the viewer's to show. */
  onBlocked(username: string): void;
  /** Until when a moderator suspended the viewer's chat (null: they may send). */
  suspendedUntil: string | null;
}

/** How the shop names a participant whose account is gone (no username has a space). */
const DELETED_USER = 'Deleted user';

export function MessageWindow({
  roomId,
  now,
  shown,
  headingFocusRequest,
  onBack,
  onBlocked,
  suspendedUntil,
}: MessageWindowProps) {
  const client = useApolloClient();
  const viewer = useViewer();
  const blocking = useBlockUser((target) => onBlocked(target.username));
  const reporting = useReportMessage();
  const visible = usePageVisible() && shown;
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ChatRoomMessagesDocument, {
    variables: { roomId, last: MESSAGES_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const room = data?.node?.__typename === 'ChatRoom' ? data.node : null;
  // The person on the other side, who can be blocked (not once their account is gone).
  const other = viewer
    ? room?.participantUsernames.find((name) => name !== viewer.username && name !== DELETED_USER)
    : undefined;
  const edges = room?.messages.edges ?? [];
  const loadingOlder = networkStatus === NetworkStatus.fetchMore;
  const [olderFailed, setOlderFailed] = useState(false);

  useEffect(() => {
    if (!shown) return;
    setOpenChatRoom(roomId);
    return () => setOpenChatRoom(null);
  }, [roomId, shown]);

  const unreadCount = room?.unreadCount ?? 0;
  // Asked once at a time, and not again in this opening once the shop did not mark it: its count then comes back
  // (the optimistic 0 undone), which would otherwise ask again at once, for as long as the shop fails. A message
  // arriving while the room is open is marked read by the live updates.
  const marking = useRef(false);
  const markFailed = useRef(false);
  useEffect(() => {
    if (!visible || unreadCount === 0 || marking.current || markFailed.current) return;
    marking.current = true;
    void markRoomRead(client, roomId).then((marked) => {
      marking.current = false;
      if (!marked) markFailed.current = true;
    });
  }, [client, roomId, unreadCount, visible]);

  // Scrolling: to the newest message when the room opens and when one arrives (if the reader was at the bottom
  // or sent it); kept in place when older messages are put on top.
  const list = useRef<HTMLDivElement>(null);
  const seen = useRef<{ roomId: string; firstId?: string; lastId?: string; height: number; nearBottom: boolean }>({
    roomId: '',
    height: 0,
    nearBottom: true,
  });
  const firstId = edges[0]?.node.id;
  const lastId = edges[edges.length - 1]?.node.id;
  // Newer messages arrived (live, or fetched after a reconnect) while the reader was further up: a button says so.
  const [newBelow, setNewBelow] = useState(false);
  useLayoutEffect(() => {
    const element = list.current;
    // Hidden (a phone showing the list), the history has no height to scroll: it is scrolled to the newest
    // message when it is shown, as if opened then.
    if (!shown) {
      seen.current = { roomId: '', height: 0, nearBottom: true };
      return;
    }
    if (!element) return;
    const before = seen.current;
    if (before.roomId !== roomId || !before.lastId) {
      element.scrollTop = element.scrollHeight;
    } else if (firstId !== before.firstId && lastId === before.lastId) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (lastId !== before.lastId && before.nearBottom) {
      element.scrollTop = element.scrollHeight;
    } else if (lastId !== before.lastId) {
      setNewBelow(true);
    }
    seen.current = { roomId, firstId, lastId, height: element.scrollHeight, nearBottom: before.nearBottom };
  }, [roomId, firstId, lastId, shown]);

  const heading = useRef<HTMLHeadingElement>(null);
  const handledFocusRequest = useRef(0);
  const roomLoaded = room !== null;
  useEffect(() => {
    if (!shown || !roomLoaded || headingFocusRequest === handledFocusRequest.current) return;
    handledFocusRequest.current = headingFocusRequest;
    heading.current?.focus();
  }, [shown, roomLoaded, headingFocusRequest]);

  const loadOlder = async () => {
    if (!room?.messages.pageInfo.hasPreviousPage || loadingOlder) return;
    setOlderFailed(false);
    try {
      await fetchMore({ variables: { before: room.messages.pageInfo.startCursor } });
    } catch {
      setOlderFailed(true);
    }
  };

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    seen.current.nearBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_THRESHOLD;
    if (seen.current.nearBottom) setNewBelow(false);
    if (element.scrollTop < LOAD_OLDER_THRESHOLD) void loadOlder();
  };

  const header = (
    <div className={styles.windowHeader}>
      <Button variant="ghost" size="small" className={styles.backToList} onClick={onBack}>
        ← All chats
      </Button>
      {room && (
        <div className={styles.windowTitle}>
          {/* Focusable by script only: a phone moves the focus here when the room opens. */}
          <h2 ref={heading} tabIndex={-1}>
            {room.roomName}
          </h2>
          <span className={styles.participants}>
            {room.participantUsernames.length} {room.participantUsernames.length === 1 ? 'participant' : 'participants'}
          </span>
        </div>
      )}
      {other && (
        <Button
          variant="ghost"
          size="small"
          className={styles.blockButton}
          onClick={() => blocking.ask({ username: other })}
          aria-label={`Block ${other}`}
        >
          Block
        </Button>
      )}
    </div>
  );

  if (!room) {
    return (
      <section className={styles.window} aria-label="Conversation">
        {header}
        {error ? (
          <ErrorState message="Failed to load messages" onRetry={() => void refetch()} />
        ) : networkStatus === NetworkStatus.loading ? (
          <HistorySkeleton />
        ) : (
          <div className={styles.placeholder}>This conversation no longer exists.</div>
        )}
      </section>
    );
  }

  return (
    <section className={styles.window} aria-label={`Conversation with ${room.roomName}`}>
      {header}
      {blocking.dialog}
      {reporting.dialog}
      <div
        ref={list}
        className={styles.messages}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${room.roomName}`}
        tabIndex={0}
      >
        {room.messages.pageInfo.hasPreviousPage && (
          <div className={styles.olderRow}>
            <Button variant="ghost" size="small" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {loadingOlder
                ? 'Loading...'
                : olderFailed
                  ? 'Failed to load older messages. Retry'
                  : 'Load older messages'}
            </Button>
          </div>
        )}
        {edges.length === 0 && <p className={styles.noMessages}>No messages yet. Say hello!</p>}
        {edges.map((edge) => (
          <ChatMessage key={edge.node.id} message={edge.node} now={now} onReport={reporting.ask} />
        ))}
      </div>
      {newBelow && (
        <div className={styles.newBelow}>
          <Button
            size="small"
            onClick={() => {
              const element = list.current;
              if (element) element.scrollTop = element.scrollHeight;
              seen.current.nearBottom = true;
              setNewBelow(false);
            }}
          >
            New messages ↓
          </Button>
        </div>
      )}
      <MessageComposer
        roomId={roomId}
        recipient={room.roomName}
        suspendedUntil={suspendedUntil}
        now={now}
        onSent={() => {
          seen.current.nearBottom = true;
        }}
      />
    </section>
  );
}
