// Subscription events: in-process by default; through Redis when REDIS_URL is set, so an event published by
// one gateway instance reaches the subscribers of every instance.
import { PubSub } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { RestMessage, RestProduct } from './rest/contract.js';

export interface ShopEvents {
  /** A message and who may see it: its room's participants. */
  MESSAGE_ADDED: { message: RestMessage; participantUsernames: string[] };
  PRODUCT_UPDATED: { product: RestProduct };
}

export type ShopTopic = keyof ShopEvents;

export interface ShopPubSub {
  publish<T extends ShopTopic>(topic: T, payload: ShopEvents[T]): Promise<void>;
  subscribe<T extends ShopTopic>(topic: T): AsyncIterableIterator<ShopEvents[T]>;
  close(): Promise<void>;
}

/** Channel names on a shared Redis, kept apart from anything else using it. */
const CHANNEL_PREFIX = 'medshop:';

export function createPubSub(redisUrl: string | undefined): ShopPubSub {
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
    publish: (topic, payload) => redis.publish(`${CHANNEL_PREFIX}${topic}`, payload),
    subscribe: (topic) => redis.asyncIterableIterator(`${CHANNEL_PREFIX}${topic}`) as AsyncIterableIterator<never>,
    close: async () => {
      await redis.close();
    },
  };
}
