// Subscription events: in-process by default; through Redis when REDIS_URL is set, so an event published by
// one gateway instance reaches the subscribers of every instance.
import { PubSub } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { RestChatRoom, RestMessage, RestProduct } from './rest/contract.js';

export interface ShopEvents {
  /**
   * A message, who may see it (its room's participants), and the room as it is now apart from what differs per
   * participant (roomName, unreadCount), so delivering it needs no upstream call for those fields.
   */
  MESSAGE_ADDED: { message: RestMessage; participantUsernames: string[]; room: Omit<RestChatRoom, 'roomName' | 'unreadCount'> };
  PRODUCT_UPDATED: { product: RestProduct };
  /** The user's tokens were revoked (password changed, account deleted): their sockets must close. */
  SESSION_ENDED: { username: string };
}

export type ShopTopic = keyof ShopEvents;

export interface ShopPubSub {
  publish<T extends ShopTopic>(topic: T, payload: ShopEvents[T]): Promise<void>;
  subscribe<T extends ShopTopic>(topic: T): AsyncIterableIterator<ShopEvents[T]>;
  close(): Promise<void>;
}

/** `channelPrefix` keeps this shop's channels apart from anything else on a shared Redis (another shop, staging). */
export function createPubSub(redisUrl: string | undefined, channelPrefix = 'medshop:'): ShopPubSub {
  if (!redisUrl) {
    const local = new PubSub<{ [T in ShopTopic]: ShopEvents[T] }>();
    return {
      publish: (topic, payload) => local.publish(topic, payload as never),
      subscribe: (topic) => local.asyncIterableIterator(topic) as AsyncIterableIterator<never>,
      close: async () => undefined,
    };
  }
  const options = { maxRetriesPerRequest: 3, lazyConnect: false };
  const redis = new RedisPubSub({
    publisher: new Redis(redisUrl, options),
    subscriber: new Redis(redisUrl, options),
  });
  return {
    publish: (topic, payload) => redis.publish(`${channelPrefix}${topic}`, payload),
    subscribe: (topic) => redis.asyncIterableIterator(`${channelPrefix}${topic}`) as AsyncIterableIterator<never>,
    close: async () => {
      await redis.close();
    },
  };
}
