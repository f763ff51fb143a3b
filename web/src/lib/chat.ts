// Chat state shared by the chat screen and the live updates: which room is open, marking a room read, and adding
// a message to the cached history and room list (from a sendMessage payload or a messageAdded event alike).
import { gql, type ApolloCache, type ApolloClient, type Reference } from '@apollo/client';
import { MarkRoomReadDocument } from '../gql/graphql';

if (false) {
  gql`
    mutation MarkRoomRead($input: MarkRoomReadInput!) {
      markRoomRead(input: $input) {
        room {
          id
          unreadCount
        }
        userErrors {
          message
        }
      }
    }
  `;
}

let openRoomId: string | null = null;

/** The chat screen says which room it shows (null when none). */
export function setOpenChatRoom(roomId: string | null): void {
  openRoomId = roomId;
}

/** The room the person is looking at: open on screen, in a tab they can see. */
export function visibleChatRoom(): string | null {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden' ? null : openRoomId;
}

/** Marks the room read: its unread count (and so the navbar's badge) drops at once, and on the server. */
export function markRoomRead(client: ApolloClient, roomId: string): Promise<unknown> {
  return client
    .mutate({
      mutation: MarkRoomReadDocument,
      variables: { input: { roomId } },
      optimisticResponse: {
        markRoomRead: { __typename: 'MarkRoomReadPayload', room: { __typename: 'ChatRoom', id: roomId, unreadCount: 0 }, userErrors: [] },
      },
    })
    .catch((error: unknown) => {
      // Not worth interrupting anyone: the room stays unread on the server and is marked again when next opened.
      console.warn('Could not mark the chat room read', error);
    });
}

/** A connection as relayStylePagination keeps it in the cache. */
interface StoredConnection {
  edges: readonly { node: Reference }[];
  totalCount?: number;
}

/**
 * What a new message changes besides its own fields (which normalization has written): it joins its room's
 * loaded history once (an id is never shown twice), and a room not yet in the list joins the list.
 */
export function addMessageToCache(cache: ApolloCache, message: { id: string; room: { id: string } }): void {
  cache.modify<{ messages: StoredConnection }>({
    id: cache.identify({ __typename: 'ChatRoom', id: message.room.id }),
    fields: {
      messages(existing, { readField, toReference, isReference }) {
        if (isReference(existing) || existing.edges.some((edge) => readField('id', edge.node) === message.id)) return existing;
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
  addRoomToList(cache, message.room.id);
}

/** Puts a room into the viewer's cached room list if it is not there yet (a new chat, a first message). */
export function addRoomToList(cache: ApolloCache, roomId: string): void {
  cache.modify<{ chatRooms: readonly Reference[] }>({
    id: cache.identify({ __typename: 'User' }),
    fields: {
      chatRooms(existing, { readField, toReference }) {
        if (existing.some((room) => readField('id', room) === roomId)) return existing;
        const room = toReference({ __typename: 'ChatRoom', id: roomId });
        return room ? [room, ...existing] : existing;
      },
    },
  });
}
