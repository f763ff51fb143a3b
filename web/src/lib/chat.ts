// Chat state shared by the chat screen and the live updates: which room is open, marking a room read, adding a
// message to the cached history and room list (from a sendMessage payload or a messageAdded event alike), and
// keeping the navbar's unread total exact while only some rooms are loaded: it moves by what each room's count moves.
import { gql, type ApolloCache, type ApolloClient, type Reference, type TypedDocumentNode } from '@apollo/client';
import {
  ChatRoomUnreadCountFragmentDoc,
  ChatUnreadTotalDocument,
  MarkRoomReadDocument,
  ViewerUnreadTotalFragmentDoc,
} from '../gql/graphql';

/** What the chat and the profile say where the shop's REST service has no blocking (the plain contract). */
export const NO_BLOCKING = 'This shop does not offer blocking.';

if (false) {
  gql`
    mutation MarkRoomRead($input: MarkRoomReadInput!) {
      markRoomRead(input: $input) {
        room {
          id
          unreadCount
        }
        viewer {
          unreadMessageCount
        }
        userErrors {
          message
        }
      }
    }

    query ChatUnreadTotal {
      viewer {
        unreadMessageCount
      }
    }

    fragment ChatRoomUnreadCount on ChatRoom {
      unreadCount
    }

    fragment ViewerUnreadTotal on User {
      unreadMessageCount
    }
  `;
}

let openRoomId: string | null = null;

/** What a message being sent is called until the shop gives it its id. */
const PENDING_MESSAGE_PREFIX = 'pending-';
let pendingMessages = 0;

export function pendingMessageId(): string {
  pendingMessages += 1;
  return `${PENDING_MESSAGE_PREFIX}${pendingMessages}`;
}

/** A message shown while it is being sent: it has no id from the shop yet. */
export function isPendingMessage(id: string): boolean {
  return id.startsWith(PENDING_MESSAGE_PREFIX);
}

/** The chat screen says which room it shows (null when none). */
export function setOpenChatRoom(roomId: string | null): void {
  openRoomId = roomId;
}

/** The room the person is looking at: open on screen, in a tab they can see. */
export function visibleChatRoom(): string | null {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden' ? null : openRoomId;
}

const viewerId = (cache: ApolloCache) => cache.identify({ __typename: 'User' });
const roomIdOf = (cache: ApolloCache, roomId: string) => cache.identify({ __typename: 'ChatRoom', id: roomId });

/** The room's unread count as cached; undefined when this cache does not know the room. */
function cachedUnreadCount(cache: ApolloCache, roomId: string, optimistic = false): number | undefined {
  const room = cache.readFragment(
    { id: roomIdOf(cache, roomId), fragment: ChatRoomUnreadCountFragmentDoc, returnPartialData: true },
    optimistic,
  );
  return typeof room?.unreadCount === 'number' ? room.unreadCount : undefined;
}

/** The navbar's unread total as cached; undefined before the session query brought it. */
function cachedUnreadTotal(cache: ApolloCache, optimistic = false): number | undefined {
  const viewer = cache.readFragment(
    { id: viewerId(cache), fragment: ViewerUnreadTotalFragmentDoc, returnPartialData: true },
    optimistic,
  );
  return typeof viewer?.unreadMessageCount === 'number' ? viewer.unreadMessageCount : undefined;
}

function moveUnreadTotal(cache: ApolloCache, by: number): void {
  if (by === 0) return;
  cache.modify<{ unreadMessageCount: number }>({
    id: viewerId(cache),
    fields: { unreadMessageCount: (total) => Math.max(0, total + by) },
  });
}

/**
 * Marks the room read: its unread count and the navbar's total drop at once by what the room had, and the shop's
 * answer then tells the total exactly. Resolves whether the shop marked it; when not, the counts come back.
 */
export function markRoomRead(client: ApolloClient, roomId: string): Promise<boolean> {
  const total = cachedUnreadTotal(client.cache, true);
  const roomHad = cachedUnreadCount(client.cache, roomId, true) ?? 0;
  return client
    .mutate({
      mutation: MarkRoomReadDocument,
      variables: { input: { roomId } },
      optimisticResponse: {
        markRoomRead: {
          __typename: 'MarkRoomReadPayload',
          room: { __typename: 'ChatRoom', id: roomId, unreadCount: 0 },
          viewer: total === undefined ? null : { __typename: 'User', unreadMessageCount: Math.max(0, total - roomHad) },
          userErrors: [],
        },
      },
    })
    .then(
      ({ data }) => data?.markRoomRead.userErrors.length === 0,
      (error: unknown) => {
        // Not worth interrupting anyone: the room stays unread on the server and is marked again when next opened.
        console.warn('Could not mark the chat room read', error);
        return false;
      },
    );
}

/** What a messageAdded event tells of a message: enough to write it and to know how its room's count moved. */
export interface ArrivingMessage {
  id: string;
  isMine: boolean;
  room: { id: string; unreadCount: number };
}

/**
 * A message arrived over the socket: it is written (with its room), joins its room's history and moves the room to
 * the top of the list, and the navbar's total moves by what the room's count moved. A room this cache did not
 * know went up by one for someone else's message; for one's own (sent from another tab) its count dropped to 0 by
 * an amount this tab cannot tell, so the total is asked for afresh.
 */
export function receiveMessage<Message extends ArrivingMessage>(
  client: ApolloClient,
  fragment: TypedDocumentNode<Message>,
  message: Message,
): void {
  const { cache } = client;
  const before = cachedUnreadCount(cache, message.room.id);
  // The callers pass what an @unmask spread gave them: all of the fragment's fields, which TypeScript cannot see
  // through a generic.
  cache.writeFragment({
    id: cache.identify({ __typename: 'Message', id: message.id }),
    fragment,
    data: message as never,
  });
  addMessageToCache(cache, message);
  if (before !== undefined) moveUnreadTotal(cache, message.room.unreadCount - before);
  else if (!message.isMine) moveUnreadTotal(cache, 1);
  else void client.query({ query: ChatUnreadTotalDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
}

/** A connection as relayStylePagination keeps it in the cache. */
interface StoredConnection {
  edges: readonly { node: Reference; cursor?: string }[];
  totalCount?: number;
  pageInfo?: { hasNextPage?: boolean };
}

/**
 * What a new message changes besides its own fields (which normalization has written): it joins its room's
 * loaded history once (an id is never shown twice), and its room moves to the top of the room list.
 */
export function addMessageToCache(cache: ApolloCache, message: { id: string; room: { id: string } }): void {
  cache.modify<{ messages: StoredConnection }>({
    id: roomIdOf(cache, message.room.id),
    fields: {
      messages(existing, { readField, toReference, isReference }) {
        if (isReference(existing) || existing.edges.some((edge) => readField('id', edge.node) === message.id))
          return existing;
        const node = toReference({ __typename: 'Message', id: message.id });
        if (!node) return existing;
        return {
          ...existing,
          edges: [...existing.edges, { __typename: 'MessageEdge', cursor: '', node }],
          ...(typeof existing.totalCount === 'number' ? { totalCount: existing.totalCount + 1 } : {}),
        };
      },
    },
  });
  putRoomOnTop(cache, message.room.id, { move: true });
}

/**
 * A person was blocked: the room with them leaves every cached list of the viewer's rooms (found by its name, theirs,
 * wherever it was blocked from), and the people to chat with are asked for afresh (they are not among them now).
 */
export function forgetBlockedPerson(cache: ApolloCache, username: string): void {
  cache.modify<{ chatRoomConnection: StoredConnection; chatUsers: unknown }>({
    id: viewerId(cache),
    fields: {
      chatUsers: (_existing, { DELETE }) => DELETE,
      chatRoomConnection(existing, { readField, isReference }) {
        if (isReference(existing) || !existing?.edges) return existing;
        const edges = existing.edges.filter((edge) => readField('roomName', edge.node) !== username);
        if (edges.length === existing.edges.length) return existing;
        return {
          ...existing,
          edges,
          ...(typeof existing.totalCount === 'number' ? { totalCount: existing.totalCount - 1 } : {}),
        };
      },
    },
  });
}

/** Someone was unblocked: their room comes back, and they are among the people to chat with: both asked afresh. */
export function forgetUnblockedPerson(cache: ApolloCache): void {
  cache.modify({
    id: viewerId(cache),
    fields: { chatUsers: (_existing, { DELETE }) => DELETE, chatRoomConnection: (_existing, { DELETE }) => DELETE },
  });
}

/** Puts a room into the viewer's cached room list if it is not there yet (a new chat): on top, where it is newest. */
export function addRoomToList(cache: ApolloCache, roomId: string): void {
  putRoomOnTop(cache, roomId, { move: false });
}

/**
 * The room on top of the loaded rooms (the list of every room, not the unreadOnly one), loaded or not: the list is
 * read a page at a time and this room may not be among the pages read yet. Its edge has no cursor: the next page
 * follows the last page read (its endCursor), not this room, which the shop now places above every cursor handed
 * out, so it will not come again. `move: false` leaves a room already listed where it is.
 */
function putRoomOnTop(cache: ApolloCache, roomId: string, { move }: { move: boolean }): void {
  cache.modify<{ chatRoomConnection: StoredConnection }>({
    id: viewerId(cache),
    fields: {
      chatRoomConnection(existing, { readField, toReference, isReference, storeFieldName }) {
        if (isReference(existing) || !existing?.edges || storeFieldName.includes('"unreadOnly":true')) return existing;
        const listed = existing.edges.some((edge) => readField('id', edge.node) === roomId);
        const onTop = existing.edges[0] !== undefined && readField('id', existing.edges[0].node) === roomId;
        if (listed && (!move || onTop)) return existing;
        const node = toReference({ __typename: 'ChatRoom', id: roomId });
        if (!node) return existing;
        const others = existing.edges.filter((edge) => readField('id', edge.node) !== roomId);
        // A room new to a list read to its end is one more room; beyond the pages read it may have been counted.
        const counted = !listed && !existing.pageInfo?.hasNextPage && typeof existing.totalCount === 'number';
        return {
          ...existing,
          edges: [{ __typename: 'ChatRoomEdge', cursor: '', node }, ...others],
          ...(counted ? { totalCount: existing.totalCount! + 1 } : {}),
        };
      },
    },
  });
}
