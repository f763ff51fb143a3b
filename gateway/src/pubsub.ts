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
  /** `audience` narrows the topic to one listener, e.g. a user: only those subscribed with it receive the event. */
  publish<T extends ShopTopic>(topic: T, payload: ShopEvents[T], audience?: string): Promise<void>;
  subscribe<T extends ShopTopic>(topic: T, audience?: string): AsyncIterableIterator<ShopEvents[T]>;
  close(): Promise<void>;
}

/**
 * The channel of a topic, or of one audience of it. Chat events go to each participant's own channel: a message
 * then wakes its participants' subscriptions only, not every socket's filter (1,000 sockets, 50 messages a second).
 */
const channelOf = (topic: ShopTopic, audience?: string) => (audience === undefined ? topic : `${topic}:${audience.toLowerCase()}`);

/** `channelPrefix` keeps this shop's channels apart from anything else on a shared Redis (another shop, staging). */
export function createPubSub(redisUrl: string | undefined, channelPrefix = 'medshop:'): ShopPubSub {
  if (!redisUrl) {
    const local = new PubSub<Record<string, unknown>>();
    return {
      publish: (topic, payload, audience) => local.publish(channelOf(topic, audience), payload),
      subscribe: (topic, audience) => local.asyncIterableIterator(channelOf(topic, audience)) as AsyncIterableIterator<never>,
      close: async () => undefined,
    };
  }
  const options = { maxRetriesPerRequest: 3, lazyConnect: false };
  const redis = new RedisPubSub({
    publisher: new Redis(redisUrl, options),
    subscriber: new Redis(redisUrl, options),
  });
  return {
    publish: (topic, payload, audience) => redis.publish(`${channelPrefix}${channelOf(topic, audience)}`, payload),
    subscribe: (topic, audience) => redis.asyncIterableIterator(`${channelPrefix}${channelOf(topic, audience)}`) as AsyncIterableIterator<never>,
    close: async () => {
      await redis.close();
    },
  };
}
