// The limits of routes that invite abuse (login, registration, sending messages; shared/rate-limits.ts), as
// `app.rateLimits`. With REDIS_URL their counters are shared by every instance; while Redis cannot be reached each
// instance counts on its own, and says so once.
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimits } from '../shared/rate-limits.js';
import { redisConnected } from '../../../config/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export const limitsPlugin = fp<{ redisUrl: string | undefined; keyPrefix: string }>(
  async (app, { redisUrl, keyPrefix }) => {
    const store = redisUrl
      ? new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false })
      : undefined;
    if (store) {
      let reported = false;
      store.on('error', (error: Error) => {
        if (reported) return;
        reported = true;
        app.log.warn(
          { err: error },
          'Redis is unreachable: the limits are counted by this instance alone until it is back',
        );
      });
      store.on('ready', () => {
        if (reported) app.log.info('Redis is back: the limits are shared again');
        reported = false;
      });
      const forgetGauge = redisConnected.add(() => ({ rest: store.status === 'ready' ? 1 : 0 }));
      app.addHook('onClose', async () => {
        forgetGauge();
        store.disconnect();
      });
    }
    app.decorate('rateLimits', new RateLimits(keyPrefix, store));
  },
  { name: 'limits' },
);
