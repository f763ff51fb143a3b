// Automatic persisted queries: a client sends a query's hash and only sends the query when the gateway does not know
// it. In one process Apollo Server keeps them in its own bounded in-memory cache; with REDIS_URL they live in Redis,
// so a hash learnt by one gateway is known to all of them (behind a load balancer the next request usually lands
// elsewhere). Anyone, logged in or not, can store a query, and Redis also carries every gateway's live events and
// limits: so every entry lapses after a while, at most `maxEntries` are kept (the oldest go first), and only
// documents within the gateway's size limit (QUERY_LIMITS.maxDocumentBytes) get this far. What is read back is
// screened again before it is run (an entry another gateway, or an older one, stored is not trusted). One Redis,
// or a primary with replicas: the store script names keys it is not given, which Redis Cluster does not allow.
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { Redis } from 'ioredis';

export interface PersistedQueryStore {
  cache: KeyValueCache<string>;
  close(): Promise<void>;
}

export interface PersistedQueryLimits {
  /** Whether a text read back may be run: the gateway's screen (security.ts); a refused one is as if not stored. */
  admit: (text: string) => boolean;
  /** How long an entry is kept after it was stored. */
  ttlSeconds: number;
  /** Entries kept at most; storing one more drops the oldest. */
  maxEntries: number;
  /** The largest text stored (a longer one is not kept: its client sends it again, as the protocol allows). */
  maxBytes: number;
}

/**
 * Stores an entry, drops entries that lapsed from the index, and drops the oldest beyond the cap (in batches: a cap
 * lowered by thousands must not overflow Lua's unpack), in one step, on Redis's own clock. KEYS: the index (a sorted
 * set of entry keys by when they were stored), the entry. ARGV: the text, its lifetime in seconds, the cap.
 */
const STORE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[2], ARGV[1], 'EX', ttl)
redis.call('ZADD', KEYS[1], now, KEYS[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl * 1000)
redis.call('PEXPIRE', KEYS[1], ttl * 1000)
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
while excess > 0 do
  local batch = math.min(excess, 500)
  local oldest = redis.call('ZRANGE', KEYS[1], 0, batch - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, batch - 1)
  redis.call('DEL', unpack(oldest))
  excess = excess - batch
end
return 0
`;

type StoringRedis = Redis & {
  storePersistedQuery(index: string, key: string, text: string, ttl: number, cap: number): Promise<number>;
};

/**
 * Never fails a request: while Redis is unreachable a lookup finds nothing (the client then sends the whole query, as
 * the protocol has it) and a store is skipped.
 */
export function redisPersistedQueries(
  redisUrl: string,
  prefix: string,
  limits: PersistedQueryLimits,
): PersistedQueryStore {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as StoringRedis;
  redis.defineCommand('storePersistedQuery', { numberOfKeys: 2, lua: STORE_SCRIPT });
  redis.on('error', () => undefined); // reported once by the pub/sub, which watches the same Redis
  // `pq:`, not the `apq:` of earlier versions, whose entries never lapsed and were stored unscreened: those are
  // never read (an operator may delete them: `redis-cli --scan --pattern 'medshop:apq:*' | xargs redis-cli del`).
  const key = (name: string) => `${prefix}pq:${name}`;
  const index = `${prefix}pq-index`;
  return {
    cache: {
      async get(name) {
        const text = (await redis.get(key(name)).catch(() => null)) ?? undefined;
        return text !== undefined && limits.admit(text) ? text : undefined;
      },
      async set(name, value) {
        if (Buffer.byteLength(value) > limits.maxBytes) return;
        await redis
          .storePersistedQuery(index, key(name), value, limits.ttlSeconds, limits.maxEntries)
          .catch(() => undefined);
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
