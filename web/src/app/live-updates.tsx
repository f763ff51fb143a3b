// What arrives over the socket while someone is logged in, written into the cache so every screen follows:
// chat messages (appended once to their room's history if it is loaded, the room added to the list if new, read
// at once if the room is open), product changes (stock and price on the listing, the detail page and the cart) and
// order moves (the buyer's orders and confirmation page; for admins also new orders, and the desk's tabs and counts).
// Every scalar field is selected, so whatever a screen shows of these objects stays complete.
import { gql } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import {
  LiveMessageAddedDocument,
  LiveOrderFieldsFragmentDoc,
  LiveOrderStatusFragmentDoc,
  LiveOrderUpdatedDocument,
  LiveProductUpdatedDocument,
} from '../gql/graphql';
import { addMessageToCache, markRoomRead, visibleChatRoom } from '../lib/chat';
import { applyOrderChange, newOrderIds } from '../lib/orders';


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

    # What an order event carries, written over the cached order (unmasked: live-updates reads it all).
    fragment LiveOrderFields on Order {
      id
      number
      orderDate
      status
      totalAmount
      shippingAddress
      customerUsername
      items {
        productName
        price
        quantity
        subtotal
      }
    }

    fragment LiveOrderStatus on Order {
      status
    }

    subscription LiveOrderUpdated {
      orderUpdated {
        ...LiveOrderFields @unmask
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
  // Written here rather than by the hook, so the status it had before is known: the admins' desk lists and counts
  // move with it. The buyer's own pages follow the order itself.
  useSubscription(LiveOrderUpdatedDocument, {
    ignoreResults: true,
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      const order = data.data?.orderUpdated;
      if (!order) return;
      const previous = client.cache.readFragment({ id: client.cache.identify(order), fragment: LiveOrderStatusFragmentDoc, returnPartialData: true });
      client.cache.writeFragment({ id: client.cache.identify(order), fragment: LiveOrderFieldsFragmentDoc, data: order });
      applyOrderChange(client.cache, order, previous?.status);
      if (!previous?.status) newOrderIds(new Set([...newOrderIds(), order.id]));
    },
  });
  return null;
}
