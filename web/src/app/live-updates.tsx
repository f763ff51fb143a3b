// What arrives over the socket while someone is logged in, written into the cache so every screen follows:
// chat messages (appended once to their room's history if it is loaded, the room added to the list if new, read
// at once if the room is open) and product changes (stock and price on the listing, the detail page and the cart).
// Every scalar field is selected, so whatever a screen shows of these objects stays complete.
import { gql } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { LiveMessageAddedDocument, LiveProductUpdatedDocument } from '../gql/graphql';
import { addMessageToCache, markRoomRead, visibleChatRoom } from '../lib/chat';

if (false) {
  gql`
    subscription LiveMessageAdded {
      messageAdded {
        id
        content
        senderUsername
        timestamp
        isMine
        room {
          id
          roomName
          participantUsernames
          lastMessage
          lastMessageTime
          unreadCount
        }
      }
    }

    subscription LiveProductUpdated {
      productUpdated {
        id
        name
        description
        price
        quantity
        inStock
        imageUrl
        imageUrls
      }
    }
  `;
}

export function LiveUpdates() {
  const client = useApolloClient();
  useSubscription(LiveMessageAddedDocument, {
    ignoreResults: true,
    onData: ({ data }) => {
      const message = data.data?.messageAdded;
      if (!message) return;
      addMessageToCache(client.cache, message);
      // A message in the room the person is looking at is read as it arrives: no badge rises for it.
      if (!message.isMine && visibleChatRoom() === message.room.id) void markRoomRead(client, message.room.id);
    },
  });
  useSubscription(LiveProductUpdatedDocument, { ignoreResults: true });
  return null;
}
