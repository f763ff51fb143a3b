// Each caller's allowance of cost points: a bucket of COST_ALLOWANCE points that refills at COST_REFILL_PER_SECOND,
// from which every operation takes its price (query-cost.ts) before it runs; one that costs more than is left is
// refused (THROTTLED) with the time until enough has come back. Shopify's and GitHub's graphs limit clients so. A
// bucket belongs to a user (once REST accepted their token) or, for everyone else, to the client's address.
//
// With REDIS_URL the buckets live in Redis, so every gateway takes from the same one (each take is one atomic step:
// two gateways cannot both spend the last points). While Redis cannot be reached each gateway keeps buckets of its own
// in memory — the allowance holds per instance — and goes back to Redis once it answers again. rate-limiter-flexible,
// which the REST service's limits use, counts fixed windows (all points back at once when a window ends); a bucket
// that refills continuously needs its own few lines of Lua.
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface AllowanceSettings {
  /** Points a full bucket holds: the most one burst of operations may cost. */
  capacity: number;
  /** Points that come back each second, up to the capacity. */
  refillPerSecond: number;
}

/** A bucket as it stands after a take (or a look). */
export interface AllowanceState {
  /** Whether the points were taken: false when fewer than asked were left (nothing is taken then). */
  taken: boolean;
  /** Points left, whole. */
  remaining: number;
  /** Seconds until the points asked for are there (0 when they were taken). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  fullInSeconds: number;
}

export interface CostAllowances {
  readonly settings: AllowanceSettings;
  /** Takes `cost` points from the bucket of `key` if it holds that many; `take(key, 0)` looks without taking. */
  take(key: string, cost: number): Promise<AllowanceState>;
  /**
   * Whose bucket a token spends from (by its digest), once a gateway has learnt it (REST accepted or issued the
   * token): known to every gateway with Redis, so a user's first operation on another gateway is theirs too.
   */
  ownerOf(tokenDigest: string): Promise<string | undefined>;
  rememberOwner(tokenDigest: string, owner: string): Promise<void>;
  close(): Promise<void>;
}

/** Tokens whose owner is remembered in memory at most; past that the least recently used is looked up again. */
const MAX_KNOWN_TOKENS = 10_000;
/** How long a token's owner is remembered after it was last learnt (REST accepting the token again renews it). */
export const KNOWN_TOKEN_MS = 10 * 60_000;

// KEYS[1]: the bucket. ARGV: now (ms), capacity, refill per second, cost, key lifetime (ms). The bucket is refilled
// for the time since its last take (never back in time: gateways' clocks differ a little), then the cost is taken if
// it is there. A bucket untouched long enough to be full is deleted by its expiry: absent means full.
const TAKE = `
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'points', 'at')
local points = tonumber(state[1])
local at = tonumber(state[2])
if points == nil or at == nil then
  points = capacity
  at = now
end
if now > at then
  points = math.min(capacity, points + (now - at) * rate / 1000)
  at = now
end
local taken = 0
if cost <= points then
  points = points - cost
  taken = 1
end
if cost > 0 then
  redis.call('HSET', KEYS[1], 'points', tostring(points), 'at', tostring(at))
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return { taken, tostring(points) }`;

interface Bucket {
  points: number;
  at: number;
}

/**
 * Buckets kept in memory at most (without Redis, or while it is away); past that the least recently used is full again.
 */
const MAX_LOCAL_BUCKETS = 100_000;

export function stateOf(settings: AllowanceSettings, taken: boolean, points: number, cost: number): AllowanceState {
  const missing = taken ? 0 : cost - points;
  return {
    taken,
    remaining: Math.max(0, Math.floor(points)),
    retryAfterSeconds: missing > 0 ? Math.max(1, Math.ceil(missing / settings.refillPerSecond)) : 0,
    fullInSeconds: Math.ceil((settings.capacity - points) / settings.refillPerSecond),
  };
}

export function createCostAllowances(
  settings: AllowanceSettings,
  options: { redisUrl?: string | undefined; keyPrefix?: string; clock?: () => number } = {},
): CostAllowances {
  const clock = options.clock ?? Date.now;
  const fullAfterMs = Math.ceil((settings.capacity / settings.refillPerSecond) * 1000);
  const local = new LRUCache<string, Bucket>({ max: MAX_LOCAL_BUCKETS });

  const takeHere = (key: string, cost: number): AllowanceState => {
    const now = clock();
    const bucket = local.get(key) ?? { points: settings.capacity, at: now };
    if (now > bucket.at) {
      bucket.points = Math.min(
        settings.capacity,
        bucket.points + ((now - bucket.at) / 1000) * settings.refillPerSecond,
      );
      bucket.at = now;
    }
    const taken = cost <= bucket.points;
    if (taken) bucket.points -= cost;
    if (cost > 0) local.set(key, bucket);
    return stateOf(settings, taken, bucket.points, cost);
  };

  const owners = new LRUCache<string, string>({ max: MAX_KNOWN_TOKENS, ttl: KNOWN_TOKEN_MS });

  if (!options.redisUrl) {
    return {
      settings,
      take: async (key, cost) => takeHere(key, cost),
      ownerOf: async (digest) => owners.get(digest),
      rememberOwner: async (digest, owner) => {
        owners.set(digest, owner);
      },
      close: async () => undefined,
    };
  }

  const redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => undefined); // the pub/sub reports Redis outages; buckets are kept here meanwhile
  const prefix = `${options.keyPrefix ?? ''}cost:`;
  return {
    settings,
    async take(key, cost) {
      if (redis.status !== 'ready') return takeHere(key, cost);
      try {
        const [taken, points] = (await redis.eval(
          TAKE,
          1,
          `${prefix}${key}`,
          clock(),
          settings.capacity,
          settings.refillPerSecond,
          cost,
          fullAfterMs,
        )) as [number, string];
        return stateOf(settings, taken === 1, Number(points), cost);
      } catch {
        return takeHere(key, cost);
      }
    },
    async ownerOf(digest) {
      const known = owners.get(digest);
      if (known !== undefined || redis.status !== 'ready') return known;
      const shared = await redis.get(`${prefix}owner:${digest}`).catch(() => null);
      if (shared) owners.set(digest, shared);
      return shared ?? undefined;
    },
    async rememberOwner(digest, owner) {
      // Written only when it was not known here: a user's every operation does not write to Redis. Awaited, so
      // that the answer leaves once every gateway knows (a client's next request may go to another).
      if (owners.get(digest) === owner) return;
      owners.set(digest, owner);
      if (redis.status === 'ready')
        await redis.set(`${prefix}owner:${digest}`, owner, 'PX', KNOWN_TOKEN_MS).catch(() => undefined);
    },
    async close() {
      redis.disconnect();
    },
  };
}
