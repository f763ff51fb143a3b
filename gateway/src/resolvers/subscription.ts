// Subscription: live chat and live stock. Events are filtered per subscriber: a message reaches the
// participants of its room only.
import { withFilter } from 'graphql-subscriptions';
import type { SubscriptionResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { numericIdOf } from '../global-id.js';
import type { ShopEvents } from '../pubsub.js';
import { sameUsername } from './user.js';

type MessageEvent = ShopEvents['MESSAGE_ADDED'];
type ProductEvent = ShopEvents['PRODUCT_UPDATED'];

export const Subscription: SubscriptionResolvers = {
  messageAdded: {
    subscribe: withFilter<MessageEvent, unknown, GatewayContext>(
      // Each user listens on their own channel; the filter is a second guard, not the fan-out.
      (_root, _args, context) => context!.pubsub.subscribe('MESSAGE_ADDED', context!.socketUsername ?? ''),
      (event, _args, context) =>
        !!event &&
        !!context?.socketUsername &&
        event.participantUsernames.some((name) => sameUsername(name, context.socketUsername!)),
    ) as never,
    // Each event is resolved with fresh loaders, so its room shows the new lastMessage and unreadCount. The room
    // comes with the event: only what differs per person (the unread count) is asked of the REST service.
    resolve: (event: MessageEvent, _args: unknown, context: GatewayContext) => {
      context.refreshLoaders();
      const me = context.socketUsername ?? '';
      const roomName = event.participantUsernames.find((name) => !sameUsername(name, me)) ?? event.participantUsernames[0] ?? '';
      context.loaders.primeRoom({ ...event.room, roomName });
      return event.message;
    },
  },
  productUpdated: {
    subscribe: withFilter<ProductEvent, { ids?: readonly string[] | null }, GatewayContext>(
      (_root, _args, context) => context!.pubsub.subscribe('PRODUCT_UPDATED'),
      (event, args) =>
        !!event && (!args?.ids || args.ids.some((id) => numericIdOf(id, 'Product') === event.product.id)),
    ) as never,
    resolve: (event: ProductEvent, _args: unknown, context: GatewayContext) => {
      context.refreshLoaders();
      context.loaders.primeProducts([event.product]);
      return event.product;
    },
  },
};
