// How many subscription sockets each user holds open, to keep them within SOCKETS_PER_USER: counted in this
// process, or — with REDIS_URL — across every gateway. In Redis each user has a sorted set of the sockets open for
// them, scored by when the entry lapses; every gateway renews its own entries while their sockets stay open, so the
// entries of a gateway that died without closing its sockets lapse within a few minutes. While Redis cannot be
// reached each gateway counts its own sockets only.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

const ENTRY_LIFETIME_MS = 3 * 60_000;
const RENEW_EVERY_MS = 60_000;

// Drops lapsed entries, then adds this socket only if the user has room: one step, so two gateways admitting the
// same user at once cannot both take the last place.
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export interface SocketCounts {
  /** Counts the socket in when its user has fewer than `limit` open; false when they are at it. */
  admit(user: string, socket: string, limit: number): Promise<boolean>;
  release(user: string, socket: string): void;
  close(): Promise<void>;
}

export function createSocketCounts(redisUrl: string | undefined, keyPrefix: string): SocketCounts {
  const local = new Map<string, Set<string>>();
  const countHere = (user: string, socket: string) => {
    const sockets = local.get(user) ?? new Set<string>();
    sockets.add(socket);
    local.set(user, sockets);
  };
  const releaseHere = (user: string, socket: string) => {
    const sockets = local.get(user);
    sockets?.delete(socket);
    if (sockets?.size === 0) local.delete(user);
  };
  if (!redisUrl) {
    return {
      admit: async (user, socket, limit) => {
        if ((local.get(user)?.size ?? 0) >= limit) return false;
        countHere(user, socket);
        return true;
      },
      release: releaseHere,
      close: async () => undefined,
    };
  }

  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => undefined); // the pub/sub reports Redis outages; this falls back to counting here
  const instance = randomUUID();
  const keyOf = (user: string) => `${keyPrefix}sockets:${user}`;
  const memberOf = (socket: string) => `${instance}:${socket}`;
  const renew = setInterval(() => {
    if (redis.status !== 'ready' || local.size === 0) return;
    const expiry = Date.now() + ENTRY_LIFETIME_MS;
    const batch = redis.pipeline();
    for (const [user, sockets] of local) {
      for (const socket of sockets) batch.zadd(keyOf(user), expiry, memberOf(socket));
      batch.pexpire(keyOf(user), ENTRY_LIFETIME_MS);
    }
    batch.exec().catch(() => undefined);
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    async admit(user, socket, limit) {
      try {
        const now = Date.now();
        const admitted = await redis.eval(
          ADMIT,
          1,
          keyOf(user),
          now,
          limit,
          now + ENTRY_LIFETIME_MS,
          memberOf(socket),
          ENTRY_LIFETIME_MS,
        );
        if (admitted !== 1) return false;
      } catch {
        if ((local.get(user)?.size ?? 0) >= limit) return false;
      }
      countHere(user, socket);
      return true;
    },
    release(user, socket) {
      releaseHere(user, socket);
      redis.zrem(keyOf(user), memberOf(socket)).catch(() => undefined);
    },
    async close() {
      clearInterval(renew);
      redis.disconnect();
    },
  };
}
