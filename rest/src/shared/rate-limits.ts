// The limits of routes that invite abuse (login, registration, sending messages), on @fastify/rate-limit. Several
// may guard one route (its own `rateLimit()` hook runs only once per request, hence `createRateLimit`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function inWords(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * A hook allowing `max` requests a minute for what `key` picks out of a request; beyond, 429 with when to try again
 * (in words and in Retry-After). The store backs off exponentially while a limit keeps being hit.
 */
export function perMinute(app: FastifyInstance, max: number, key: (request: FastifyRequest) => string, tooMany: string) {
  const check = app.createRateLimit({ max, timeWindow: '1 minute', keyGenerator: key });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await check(request);
    // isAllowed means "on the allow list"; being within the limit is !isExceeded.
    if (verdict.isAllowed || !verdict.isExceeded) return;
    reply.header('retry-after', verdict.ttlInSeconds);
    return reply.code(429).send({ message: `${tooMany} Try again in ${inWords(verdict.ttlInSeconds)}.` });
  };
}
