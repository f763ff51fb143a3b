// Automatic persisted queries: a client sends a query's hash and only sends the query when the gateway does not know
// it. In one process Apollo Server keeps them in memory; with REDIS_URL they live in Redis, so a hash learnt by one
// gateway is known to all of them (behind a load balancer the next request usually lands elsewhere).
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { Redis } from 'ioredis';

export interface PersistedQueryStore {
  cache: KeyValueCache<string>;
  close(): Promise<void>;
}

/**
 * Never fails a request: while Redis is unreachable a lookup finds nothing (the client then sends the whole query, as
 * the protocol has it) and a store is skipped.
 */
export function redisPersistedQueries(redisUrl: string, prefix: string): PersistedQueryStore {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // reported once by the pub/sub, which watches the same Redis
  const key = (name: string) => `${prefix}apq:${name}`;
  return {
    cache: {
      async get(name) {
        return (await redis.get(key(name)).catch(() => null)) ?? undefined;
      },
      async set(name, value, options) {
        const ttl = options?.ttl;
        await (ttl ? redis.set(key(name), value, 'EX', ttl) : redis.set(key(name), value)).catch(() => undefined);
      },
      async delete(name) {
        await redis.del(key(name)).catch(() => undefined);
      },
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
