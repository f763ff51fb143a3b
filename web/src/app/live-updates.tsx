// What arrives over the socket while someone is logged in, written into the cache so every screen follows:
// chat messages (appended once to their room's history if it is loaded, the room moved to the top of the list or
// put there, the navbar's unread total moved with the room's count, read at once if the room is open; one a moderator
// removed shows as removed), product
// changes (stock and price on the listing, the detail page and the cart) and order moves (the buyer's orders and
// confirmation page; for admins also new orders, and the desk's tabs and counts).
// Every scalar field is selected, so whatever a screen shows of these objects stays complete.
import { gql } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import {
  LiveMessageAddedDocument,
  LiveMessageFieldsFragmentDoc,
  LiveMessageRemovedDocument,
  LiveOrderFieldsFragmentDoc,
  LiveOrderUpdatedDocument,
  LiveProductRemovedDocument,
  LiveProductUpdatedDocument,
} from '../gql/graphql';
import { markRoomRead, receiveMessage, visibleChatRoom } from '../lib/chat';
import { removeProductFromCache } from '../lib/cart';
import { newOrderIds, receiveOrder } from '../lib/orders';

if (false) {
  gql`
    # What a message event carries, written over the cache by hand (unmasked: live-updates reads it all), so that the
    # room's unread count before it is known and the navbar's total moves by the difference.
    fragment LiveMessageFields on Message {
      id
      content
      senderUsername
      timestamp
      isMine
      linksAllowed
      removed
      viewerReport {
        status
      }
      room {
        id
        roomName
        participantUsernames
        lastMessage
        lastMessageTime
        createdAt
        unreadCount
      }
    }

    subscription LiveMessageAdded {
      messageAdded {
        ...LiveMessageFields @unmask
      }
    }

    # A message a moderator removed: the same message by id, its text gone, written over the cached one by the
    # cache itself; the room's preview with it.
    subscription LiveMessageRemoved {
      messageRemoved {
        id
        content
        removed
        viewerReport {
          status
        }
        room {
          id
          lastMessage
        }
      }
    }

    # What an order event carries, written over the cached order (unmasked: live-updates reads it all).
    fragment LiveOrderFields on Order {
      id
      number
      orderDate
      status
      total {
        ...MoneyFields @unmask
      }
      ...OrderChargesFields @unmask
      shippingAddress
      customerUsername
      viewerCanCancel
      items {
        ...ItemLines_orderLine @unmask
        product {
          id
          imageUrls
        }
      }
    }

    subscription LiveOrderUpdated {
      orderUpdated {
        ...LiveOrderFields @unmask
      }
    }

    subscription LiveProductRemoved {
      productRemoved
    }

    subscription LiveProductUpdated {
      productUpdated {
        ...CachedProduct @unmask
      }
    }
  `;
}

export function LiveUpdates() {
  const client = useApolloClient();
  // Written here rather than by the hook, so that the room's unread count before the message is known: the navbar's
  // total moves by what the room's count moved.
  useSubscription(LiveMessageAddedDocument, {
    ignoreResults: true,
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      const message = data.data?.messageAdded;
      if (!message) return;
      receiveMessage(client, LiveMessageFieldsFragmentDoc, message);
      // A message in the room the person is looking at is read as it arrives: no badge rises for it.
      if (!message.isMine && visibleChatRoom() === message.room.id) void markRoomRead(client, message.room.id);
    },
  });
  // Written over the cached message (and its room's preview) by the cache: both people see it removed at once.
  useSubscription(LiveMessageRemovedDocument, { ignoreResults: true });
  useSubscription(LiveProductUpdatedDocument, { ignoreResults: true });
  // A deleted product leaves every cart (the shop removed it) and every listing.
  useSubscription(LiveProductRemovedDocument, {
    ignoreResults: true,
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      const productId = data.data?.productRemoved;
      if (productId) removeProductFromCache(client.cache, productId);
    },
  });
  // Written here rather than by the hook, so the status it had before is known: the admins' desk lists and counts
  // move with it. The buyer's own pages follow the order itself.
  useSubscription(LiveOrderUpdatedDocument, {
    ignoreResults: true,
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      const order = data.data?.orderUpdated;
      if (!order) return;
      const previous = receiveOrder(client.cache, LiveOrderFieldsFragmentDoc, 'LiveOrderFields', order);
      if (!previous) newOrderIds(new Set([...newOrderIds(), order.id]));
    },
  });
  return null;
}
