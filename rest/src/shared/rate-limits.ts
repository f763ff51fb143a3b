// The limits of routes that invite abuse (login, registration, sending messages), on rate-limiter-flexible. With
// REDIS_URL the counters live in Redis and every instance shares them; while Redis cannot be reached each instance
// goes on counting in its own memory (the limits hold, per instance) rather than letting everything through.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimitRefusals } from '../../../config/metrics.js';
import { HttpError } from './http-errors.js';

/** The longest a run of failed logins locks a username at one address: a wait, never a wall of days. */
export const MAX_LOCKOUT_SECONDS = 15 * 60;
/** How long lockouts are remembered: within it each new lockout doubles the wait. */
const LOCKOUT_MEMORY_SECONDS = 60 * 60;

type KeyOf = (request: FastifyRequest) => string;

/** The wait for people: to the second when short, else in whole minutes or hours, rounded up (Retry-After is exact). */
export function inWords(seconds: number): string {
  if (seconds >= 90 * 60) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} hours`;
  }
  if (seconds >= 45) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * 429 with when to try again, in words and in Retry-After, and the limit as the IETF draft's headers say it
 * (draft-ietf-httpapi-ratelimit-headers): RateLimit-Policy names it, its quota (`q`) and window (`w`, seconds);
 * RateLimit says none is left (`r=0`) and when it is back (`t`, as Retry-After).
 */
function tooMany(
  reply: FastifyReply,
  limit: string,
  policy: { quota: number; windowSeconds: number },
  text: string,
  seconds: number,
): HttpError {
  rateLimitRefusals.inc({ service: 'rest', limit });
  reply.header('retry-after', seconds);
  reply.header('ratelimit-policy', `"${limit}";q=${policy.quota};w=${policy.windowSeconds}`);
  reply.header('ratelimit', `"${limit}";r=0;t=${seconds}`);
  return new HttpError(429, `${text} Try again in ${inWords(seconds)}.`, 'TOO_MANY_ATTEMPTS');
}

const secondsLeft = (refusal: RateLimiterRes) => Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

export class RateLimits {
  /** `keyPrefix` (REDIS_CHANNEL_PREFIX) keeps two shops sharing one Redis from counting each other's clients. */
  constructor(
    private readonly keyPrefix: string,
    private readonly redis?: Redis,
  ) {}

  private counter(name: string, points: number, duration: number): RateLimiterAbstract {
    const options = { keyPrefix: `${this.keyPrefix}limits:${name}`, points, duration };
    if (!this.redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  /**
   * A hook allowing `max` requests a minute for what `key` picks out of a request; beyond, 429 until the minute ends.
   */
  perMinute(name: string, max: number, key: KeyOf, text: string) {
    const counter = this.counter(name, max, 60);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await counter.consume(key(request));
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes)
          throw tooMany(reply, name, { quota: max, windowSeconds: 60 }, text, secondsLeft(refusal));
        throw refusal;
      }
    };
  }

  /**
   * A quiet allowance of `max` per `durationSeconds` for a key: `take` answers whether one is left, and refuses nobody
   * (the caller decides what to do without it, e.g. send no more e-mails while answering as before).
   */
  allowance(name: string, max: number, durationSeconds: number) {
    const counter = this.counter(name, max, durationSeconds);
    return {
      take: async (key: string): Promise<boolean> => {
        try {
          await counter.consume(key);
          return true;
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          rateLimitRefusals.inc({ service: 'rest', limit: name });
          return false;
        }
      },
      giveBack: async (key: string): Promise<void> => {
        await counter.reward(key, 1);
      },
    };
  }

  /**
   * Failures (not attempts) for what `key` picks out: `max` a minute are allowed; then it is locked for a minute,
   * and each attempt while locked doubles the wait, up to MAX_LOCKOUT_SECONDS. A success clears the count.
   * Every attempt takes its point before it is tried, in one atomic step, and a success gives it back: attempts
   * sent all at once cannot all be tried before the first failure is counted.
   */
  failuresPerMinute(name: string, max: number, key: KeyOf, text: string) {
    const failures = this.counter(name, max, 60);
    const lockouts = this.counter(`${name}-lockouts`, Number.MAX_SAFE_INTEGER, LOCKOUT_MEMORY_SECONDS);
    return {
      /** Before the attempt: takes its point, or refuses it while locked (and locks longer). */
      check: async (request: FastifyRequest, reply: FastifyReply) => {
        const id = key(request);
        try {
          await failures.consume(id);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          const lockout = (await lockouts.penalty(id)).consumedPoints;
          const seconds = Math.min(60 * 2 ** (lockout - 1), MAX_LOCKOUT_SECONDS);
          await failures.block(id, seconds);
          throw tooMany(reply, name, { quota: max, windowSeconds: 60 }, text, seconds);
        }
      },
      /** The attempt succeeded: its point, and every failure before it, are forgiven. */
      succeeded: async (request: FastifyRequest) => {
        const id = key(request);
        await Promise.all([failures.delete(id), lockouts.delete(id)]);
      },
    };
  }

  /**
   * Failures for what `key` picks out over a long window (a day): `max` are allowed, each point taken before the
   * attempt and given back by a success; beyond, 429 until the window ends. The wall behind a per-minute limit that a
   * patient guesser, trying just under it all day, would never meet.
   */
  failuresPerWindow(name: string, max: number, windowSeconds: number, key: KeyOf, text: string) {
    const failures = this.counter(name, max, windowSeconds);
    return {
      check: async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          await failures.consume(key(request));
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          throw tooMany(reply, name, { quota: max, windowSeconds }, text, secondsLeft(refusal));
        }
      },
      succeeded: async (request: FastifyRequest) => {
        await failures.reward(key(request), 1);
      },
    };
  }
}
