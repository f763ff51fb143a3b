// Subscription events: in-process by default; through Redis when REDIS_URL is set, so an event published by
// one gateway instance reaches the subscribers of every instance.
import { PubSub } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { RestChatRoom, RestMessage, RestOrder, RestProduct } from './rest/contract.js';

export interface ShopEvents {
  /**
   * A message, who may see it (its room's participants), and the room as it is now apart from what differs per
   * participant (roomName, unreadCount), so delivering it needs no upstream call for those fields.
   */
  MESSAGE_ADDED: {
    message: RestMessage;
    participantUsernames: string[];
    /** The participants' user ids where the REST service tells them (an extension). */
    participantIds?: (number | null)[] | undefined;
    room: Omit<RestChatRoom, 'roomName' | 'unreadCount'>;
  };
  /**
   * A message a moderator removed, as its room's participants now read it (removed, no text), to each participant's
   * own channel; the reporter's event carries their report as it now stands.
   */
  MESSAGE_REMOVED: { message: RestMessage; participantUsernames: string[]; participantIds?: (number | null)[] };
  PRODUCT_UPDATED: { product: RestProduct };
  /** A product deleted from the catalogue (and so from every cart). */
  PRODUCT_REMOVED: { productId: number };
  /**
   * A category created, renamed, moved or deleted: the catalogue's paths and counts (its facets) change with no product
   * event. Only the catalogue cache listens (it forgets its answers).
   */
  CATEGORIES_CHANGED: { categoryId: number };
  /**
   * A CSV import written (plugins/catalogue-files.ts): products created and changed at once. Only the catalogue cache
   * listens (it forgets its answers); the changed products are published as PRODUCT_UPDATED besides.
   */
  CATALOGUE_IMPORTED: { created: number; updated: number };
  /** An order moved (to its buyer and the admins), or a new one was placed (to the admins). */
  ORDER_UPDATED: { order: RestOrder };
  /** The user's tokens were revoked (password changed, account deleted): their sockets must close. */
  SESSION_ENDED: { username: string; userId?: number | undefined };
  /** The user's staff roles changed: their sockets close, and their clients reconnect with what they may see now. */
  ROLES_CHANGED: { username: string; userId?: number | undefined };
}

export type ShopTopic = keyof ShopEvents;

export interface ShopPubSub {
  /**
   * `audience` narrows the topic to one listener, e.g. a user: only those subscribed with it receive the event.
   * Never fails: while Redis is unreachable the event is dropped (said once in the log), not the mutation behind it.
   */
  publish<T extends ShopTopic>(topic: T, payload: ShopEvents[T], audience?: string): Promise<void>;
  /**
   * Events of the topic, or of those of its audiences that are given. Never fails either: while Redis is unreachable
   * the subscription waits, and delivers once it is back.
   */
  subscribe<T extends ShopTopic>(topic: T, audiences?: readonly string[]): AsyncIterableIterator<ShopEvents[T]>;
  /** `unavailable` while events cannot travel between gateways (Redis unreachable); in-process, always `ok`. */
  health(): 'ok' | 'unavailable';
  /** Called when Redis is back after an outage: whatever was published meanwhile (a revoked session) was lost. */
  onRecovered(listener: () => void): void;
  close(): Promise<void>;
}

/** Where the pub/sub says, once per outage, that Redis went away and came back. */
export interface PubSubLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * The channel of a topic, or of one audience of it. Chat events go to each participant's own channel: a message
 * then wakes its participants' subscriptions only, not every socket's filter (1,000 sockets, 50 messages a second).
 */
const channelOf = (topic: ShopTopic, audience?: string) => (audience === undefined ? topic : `${topic}:${audience}`);
const channelsOf = (topic: ShopTopic, audiences?: readonly string[]) =>
  audiences === undefined ? [topic] : audiences.map((audience) => channelOf(topic, audience));

/**
 * One user as an audience: by their id where the REST service tells it (a username is free again once its account
 * is deleted, and whoever takes it next must not receive what was meant for the old one), by username otherwise.
 */
export function userAudience(user: { id?: number | null | undefined; username: string }): string {
  return user.id == null ? `name:${user.username.toLowerCase()}` : `user:${user.id}`;
}

/** Every admin, as one audience: they follow all orders. */
export const ADMINS_AUDIENCE = 'admins';

/** `channelPrefix` keeps this shop's channels apart from anything else on a shared Redis (another shop, staging). */
export function createPubSub(redisUrl: string | undefined, channelPrefix = 'medshop:', log?: PubSubLog): ShopPubSub {
  if (!redisUrl) {
    const local = new PubSub<Record<string, unknown>>();
    return {
      publish: (topic, payload, audience) => local.publish(channelOf(topic, audience), payload),
      subscribe: (topic, audiences) =>
        local.asyncIterableIterator(channelsOf(topic, audiences)) as AsyncIterableIterator<never>,
      health: () => 'ok',
      onRecovered: () => undefined,
      close: async () => undefined,
    };
  }
  // The publisher fails at once while disconnected (a mutation must not wait for Redis); the subscriber queues its
  // SUBSCRIBE commands until Redis is back, and resubscribes everything after a reconnect. Both retry for ever.
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const recoveryListeners: (() => void)[] = [];
  let outage = false;
  const connected = () => publisher.status === 'ready' && subscriber.status === 'ready';
  const wentAway = (error: Error) => {
    if (outage) return;
    outage = true;
    log?.warn(
      { error: error.message },
      'Redis is unreachable: live events between gateways are paused until it is back',
    );
  };
  const cameBack = () => {
    if (!outage || !connected()) return;
    outage = false;
    log?.info('Redis is back: live events flow again');
    for (const listener of recoveryListeners) listener();
  };
  let closing = false;
  for (const client of [publisher, subscriber]) {
    client.on('error', wentAway);
    // A connection Redis ends without an error (a restart, CLIENT KILL) loses what was published until it is back too.
    client.on('close', () => {
      if (!closing) wentAway(new Error('the connection to Redis closed'));
    });
    client.on('ready', cameBack);
  }
  const redis = new RedisPubSub({ publisher, subscriber });
  return {
    async publish(topic, payload, audience) {
      if (publisher.status !== 'ready') return wentAway(new Error(`Redis connection is ${publisher.status}`));
      try {
        await redis.publish(`${channelPrefix}${channelOf(topic, audience)}`, payload);
      } catch (error) {
        wentAway(error as Error);
      }
    },
    subscribe: (topic, audiences) =>
      redis.asyncIterableIterator(
        channelsOf(topic, audiences).map((channel) => `${channelPrefix}${channel}`),
      ) as AsyncIterableIterator<never>,
    health: () => (connected() ? 'ok' : 'unavailable'),
    onRecovered: (listener) => void recoveryListeners.push(listener),
    close: async () => {
      closing = true;
      await redis.close();
    },
  };
}
