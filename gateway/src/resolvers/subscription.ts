// Subscription: live chat and live stock. Events are filtered per subscriber: a message reaches the
// participants of its room only.
import { withFilter } from 'graphql-subscriptions';
import { sameUsername } from '../../../shop-rules/account-rules.js';
import type { SubscriptionResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext, SocketViewer } from '../context.js';
import { UpstreamRejection } from '../errors.js';
import { numericIdOf, toGlobalId } from '../global-id.js';
import { ADMINS_AUDIENCE, type ShopEvents, userAudience } from '../pubsub.js';
import { seesEveryOrder } from '../../../shop-rules/staff-rules.js';
import { permissionsOfProfile } from '../permissions.js';

type MessageEvent = ShopEvents['MESSAGE_ADDED'];
type RemovedEvent = ShopEvents['MESSAGE_REMOVED'];

function isParticipant(
  event: Pick<MessageEvent, 'participantIds' | 'participantUsernames'>,
  viewer: SocketViewer,
): boolean {
  if (event.participantIds && viewer.id !== undefined) return event.participantIds.includes(viewer.id);
  return event.participantUsernames.some((name) => sameUsername(name, viewer.username));
}
type ProductEvent = ShopEvents['PRODUCT_UPDATED'];
type ProductRemovedEvent = ShopEvents['PRODUCT_REMOVED'];

/**
 * What the REST service answers with the socket's token, or, when it refuses the token (revoked, expired, the account
 * deleted), the socket's session ended: a socket does not outlive its session.
 */
async function endingRefusedSession<T>(context: GatewayContext, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof UpstreamRejection && (error.status === 401 || error.status === 403))
      context.socketViewer?.endSession('Session ended');
    throw error;
  }
}
type OrderEvent = ShopEvents['ORDER_UPDATED'];

/** An order event is the buyer's (by id where known, else by name) or, for staff of the desk, everyone's. */
function mayFollow(event: OrderEvent, viewer: SocketViewer): boolean {
  if (viewer.followsEveryOrder) return true;
  const { userId, username } = event.order;
  if (userId != null && viewer.id !== undefined) return userId === viewer.id;
  return !!username && sameUsername(username, viewer.username);
}

/**
 * A chat event's feed: each user listens on their own channel; the filter is a second guard, not the fan-out. By id
 * where the REST service tells ids, and by name for one that does not (whose events are published by name).
 */
function participantFeed(topic: 'MESSAGE_ADDED' | 'MESSAGE_REMOVED') {
  return withFilter<MessageEvent | RemovedEvent, unknown, GatewayContext>(
    (_root, _args, context) => {
      const viewer = context!.socketViewer;
      if (!viewer) return context!.pubsub.subscribe(topic, []);
      const byName = userAudience({ username: viewer.username });
      return context!.pubsub.subscribe(topic, viewer.id === undefined ? [byName] : [userAudience(viewer), byName]);
    },
    (event, _args, context) => !!event && !!context?.socketViewer && isParticipant(event, context.socketViewer),
  ) as never;
}

export const Subscription: SubscriptionResolvers = {
  messageAdded: {
    subscribe: participantFeed('MESSAGE_ADDED'),
    // Each event is resolved with fresh loaders, so its room shows the new lastMessage and unreadCount. The room
    // comes with the event: only what differs per person (the unread count) is asked of the REST service.
    resolve: async (event: MessageEvent, _args: unknown, context: GatewayContext) => {
      context.refreshLoaders(event);
      const me = context.socketViewer?.username ?? '';
      const roomName =
        event.participantUsernames.find((name) => !sameUsername(name, me)) ?? event.participantUsernames[0] ?? '';
      context.loaders.primeRoom({ ...event.room, roomName });
      // The unread count, asked first and with the socket's token, is also the check that the socket's user still
      // exists: an account deleted behind the gateway must not read what is sent to whoever takes its name next.
      await endingRefusedSession(context, context.loaders.unreadCountByRoomId.load(event.room.id));
      return event.message;
    },
  },
  messageRemoved: {
    // The reporter's event carries their report as decided.
    subscribe: participantFeed('MESSAGE_REMOVED'),
    // The room, read with the socket's token, is its `lastMessage` as it is now, and the check that the socket's
    // session still stands.
    resolve: async (event: RemovedEvent, _args: unknown, context: GatewayContext) => {
      context.refreshLoaders(event);
      await endingRefusedSession(context, context.loaders.roomById(event.message.chatRoomId));
      return event.message;
    },
  },
  orderUpdated: {
    // Admins listen on the admins' channel, where every order event goes; anyone else on their own.
    subscribe: withFilter<OrderEvent, unknown, GatewayContext>(
      (_root, _args, context) => {
        const viewer = context!.socketViewer;
        if (!viewer) return context!.pubsub.subscribe('ORDER_UPDATED', []);
        if (viewer.followsEveryOrder) return context!.pubsub.subscribe('ORDER_UPDATED', [ADMINS_AUDIENCE]);
        const byName = userAudience({ username: viewer.username });
        return context!.pubsub.subscribe(
          'ORDER_UPDATED',
          viewer.id === undefined ? [byName] : [userAudience(viewer), byName],
        );
      },
      // An order carries a name and an address: before each one is delivered, the socket's token is asked about (its
      // session may have been ended at the REST service, behind every gateway's back: a password reset), and whether
      // its user may still see it (staff whose roles were taken follow only their own orders).
      async (event, _args, context) => {
        const viewer = context?.socketViewer;
        if (!event || !context || !viewer || !mayFollow(event, viewer)) return false;
        context.refreshLoaders(event);
        try {
          const profile = await endingRefusedSession(context, context.loaders.profile.get());
          return mayFollow(event, {
            ...viewer,
            id: profile.id ?? viewer.id,
            followsEveryOrder: seesEveryOrder(permissionsOfProfile(profile)),
          });
        } catch (error) {
          // An unreachable REST service: the event is not delivered, as when it cannot be checked.
          context.log.warn(
            { err: error, orderId: event.order.id },
            'orderUpdated not delivered: the socket could not be checked',
          );
          return false;
        }
      },
    ) as never,
    // The filter gave this event its own loaders (and checked the socket with them).
    resolve: (event: OrderEvent, _args: unknown, context: GatewayContext) => {
      context.loaders.primeOrders([event.order]);
      return event.order;
    },
  },
  productUpdated: {
    subscribe: withFilter<ProductEvent, { ids?: readonly string[] | null }, GatewayContext>(
      (_root, _args, context) => context!.pubsub.subscribe('PRODUCT_UPDATED'),
      (event, args) =>
        !!event && (!args?.ids || args.ids.some((id) => numericIdOf(id, 'Product') === event.product.id)),
    ) as never,
    resolve: (event: ProductEvent, _args: unknown, context: GatewayContext) => {
      context.refreshLoaders(event);
      context.loaders.primeProducts([event.product]);
      return event.product;
    },
  },
  productRemoved: {
    subscribe: withFilter<ProductRemovedEvent, { ids?: readonly string[] | null }, GatewayContext>(
      (_root, _args, context) => context!.pubsub.subscribe('PRODUCT_REMOVED'),
      (event, args) => !!event && (!args?.ids || args.ids.some((id) => numericIdOf(id, 'Product') === event.productId)),
    ) as never,
    resolve: (event: ProductRemovedEvent) => toGlobalId('Product', event.productId),
  },
};
