// The cost allowance's arithmetic in one gateway's memory (cost-allowance.ts), on a clock the test drives: taken while
// there, refused beyond with the seconds until enough is back, refilled with time up to the capacity, one bucket per
// key. The same over Redis, across gateways, is in gateway/test/cost-allowance.test.ts.
import { describe, expect, it } from 'vitest';
import { createCostAllowances } from './cost-allowance.js';

describe('a cost allowance in memory', () => {
  const settings = { capacity: 100, refillPerSecond: 10 };

  it('takes what is there, refuses more (taking nothing) with the wait, and refills with time up to the capacity', async () => {
    let now = 1_000_000;
    const allowances = createCostAllowances(settings, { clock: () => now });
    expect(await allowances.take('user:1', 60)).toEqual({
      taken: true,
      remaining: 40,
      retryAfterSeconds: 0,
      fullInSeconds: 6,
    });
    // 55 asked, 40 there: 15 missing, back in 1.5 s, so 2 whole seconds.
    expect(await allowances.take('user:1', 55)).toEqual({
      taken: false,
      remaining: 40,
      retryAfterSeconds: 2,
      fullInSeconds: 6,
    });
    now += 1_000;
    expect(await allowances.take('user:1', 55)).toEqual({
      taken: false,
      remaining: 50,
      retryAfterSeconds: 1,
      fullInSeconds: 5,
    });
    now += 500;
    expect(await allowances.take('user:1', 55)).toEqual({
      taken: true,
      remaining: 0,
      retryAfterSeconds: 0,
      fullInSeconds: 10,
    });
    // A look takes nothing; an hour later the bucket is full, never fuller.
    expect(await allowances.take('user:1', 0)).toEqual({
      taken: true,
      remaining: 0,
      retryAfterSeconds: 0,
      fullInSeconds: 10,
    });
    now += 3_600_000;
    expect(await allowances.take('user:1', 0)).toEqual({
      taken: true,
      remaining: 100,
      retryAfterSeconds: 0,
      fullInSeconds: 0,
    });
  });

  it('keeps one bucket per key: a user’s spending leaves another user’s and an address’s whole', async () => {
    const now = 5_000;
    const allowances = createCostAllowances(settings, { clock: () => now });
    expect((await allowances.take('user:1', 100)).remaining).toBe(0);
    expect((await allowances.take('user:1', 1)).taken).toBe(false);
    expect(await allowances.take('user:2', 1)).toMatchObject({ taken: true, remaining: 99 });
    expect(await allowances.take('address:203.0.113.9', 1)).toMatchObject({ taken: true, remaining: 99 });
  });
});
