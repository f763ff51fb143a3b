// Automatic persisted queries: a client sends a query's hash and only sends the query when the gateway does not know
// it. In one process Apollo Server keeps them in its own bounded in-memory cache; with REDIS_URL they live in Redis,
// so a hash learnt by one gateway is known to all of them (behind a load balancer the next request usually lands
// elsewhere). Anyone, logged in or not, can store a query, and Redis also carries every gateway's live events and
// limits: so every entry lapses after a while, at most `maxEntries` are kept (the oldest go first), and only
// documents within the gateway's size limit (QUERY_LIMITS.maxDocumentBytes) get this far.
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { Redis } from 'ioredis';

export interface PersistedQueryStore {
  cache: KeyValueCache<string>;
  close(): Promise<void>;
}

export interface PersistedQueryLimits {
  /** How long an entry is kept after it was stored. */
  ttlSeconds: number;
  /** Entries kept at most; storing one more drops the oldest. */
  maxEntries: number;
  /** The largest text stored (a longer one is not kept: its client sends it again, as the protocol allows). */
  maxBytes: number;
}

/**
 * Stores an entry, drops entries that lapsed from the index, and drops the oldest beyond the cap, in one step.
 * KEYS: the index (a sorted set of entry keys by when they were stored), the entry. ARGV: the text, its lifetime in
 * seconds, now in milliseconds, the cap.
 */
const STORE_SCRIPT = `
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[3], KEYS[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[2]) * 1000)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 1000)
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
if excess > 0 then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, excess - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, excess - 1)
  redis.call('DEL', unpack(oldest))
end
return excess
`;

type StoringRedis = Redis & { storePersistedQuery(index: string, key: string, text: string, ttl: number, now: number, cap: number): Promise<number> };

/**
 * Never fails a request: while Redis is unreachable a lookup finds nothing (the client then sends the whole query, as
 * the protocol has it) and a store is skipped.
 */
export function redisPersistedQueries(redisUrl: string, prefix: string, limits: PersistedQueryLimits): PersistedQueryStore {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as StoringRedis;
  redis.defineCommand('storePersistedQuery', { numberOfKeys: 2, lua: STORE_SCRIPT });
  redis.on('error', () => undefined); // reported once by the pub/sub, which watches the same Redis
  const key = (name: string) => `${prefix}apq:${name}`;
  const index = `${prefix}apq-index`;
  return {
    cache: {
      async get(name) {
        return (await redis.get(key(name)).catch(() => null)) ?? undefined;
      },
      async set(name, value) {
        if (Buffer.byteLength(value) > limits.maxBytes) return;
        await redis.storePersistedQuery(index, key(name), value, limits.ttlSeconds, Date.now(), limits.maxEntries).catch(() => undefined);
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
