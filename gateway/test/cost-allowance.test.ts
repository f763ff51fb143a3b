// Each caller's cost allowance over HTTP (and the socket), on a clock the test drives: an operation takes its price
// from its user's allowance (from its address's without a token REST accepted), one costing more than is left is
// refused with 429 THROTTLED, Retry-After and the RateLimit headers, and the allowance refills with time. Every answer
// tells its price and the allowance's state in `extensions.cost`. With Redis every gateway takes from the same
// allowances; without it (or while it is away) each keeps its own.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable } from '../../tests/helpers/redis.js';
import { type Gateway, type Shop, startGateway, startShop } from '../../tests/helpers/shop.js';
import { DEFAULT_PASSWORD } from '../../tests/helpers/rest-service.js';
import { ask, listen } from '../../tests/helpers/socket-feed.js';
import { poll } from '../../tests/helpers/poll.js';
import { startTcpProxy } from '../../tests/helpers/tcp-proxy.js';

/** A small allowance, so that a page of nine products (19 points) empties it: 20 points, 4 back each second. */
const SMALL = { COST_ALLOWANCE: '20', COST_REFILL_PER_SECOND: '4' };
/**
 * products 1 + 9 × (edge 1 + node 1) = 19 points; anonymous callers are charged for it too (it is priced before it
 * runs).
 */
const NINE = 'query Nine { products(first: 9) { edges { node { id } } } }';
const VIEWER = '{ viewer { username } }';

interface Answer {
  status: number;
  body: {
    data?: any;
    errors?: { message: string; extensions: Record<string, unknown> }[];
    extensions?: { cost?: unknown };
  };
  headers: Headers;
}

async function post(
  gateway: Gateway,
  query: string,
  caller: { token?: string; address?: string } = {},
): Promise<Answer> {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      // The gateway believes x-forwarded-for from this machine (TRUSTED_PROXIES' default): nginx in front.
      ...(caller.address ? { 'x-forwarded-for': caller.address } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers };
}

const cost = (requested: number, remaining: number, capacity = 20, refillPerSecond = 4) => ({
  requested,
  allowance: { capacity, remaining, refillPerSecond },
});
const rateLimit = (answer: Answer) => [
  answer.headers.get('ratelimit-policy'),
  answer.headers.get('ratelimit'),
  answer.headers.get('retry-after'),
];

/** The refusal of NINE with `remaining` points left, `seconds` before enough are back. */
const throttledNine = (remaining: number, seconds: number) => ({
  status: 429,
  errors: [
    {
      message: `This operation costs 19 points and ${remaining} of your allowance are left (20, 4 more each second): try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or ask for less`,
      extensions: { code: 'THROTTLED', cost: 19, remaining, retryAfterSeconds: seconds },
    },
  ],
  cost: cost(19, remaining),
  headers: ['"cost";q=20;w=5', `"cost";r=${remaining};t=${Math.ceil((20 - remaining) / 4)}`, String(seconds)],
});
const seen = (answer: Answer) => ({
  status: answer.status,
  errors: answer.body.errors?.map(({ message, extensions }) => ({
    message,
    extensions: { ...extensions, stacktrace: undefined },
  })),
  cost: answer.body.extensions?.cost,
  headers: rateLimit(answer),
});

/**
 * A new account, logged in through `gateway`: the gateway learns whose the token is from the login (REST issued it), so
 * its first operation is its user's. (A token only ever seen by another gateway is charged to its address on this one
 * until REST has accepted it here, unless the gateways share Redis.)
 */
async function userOn(shop: Shop, gateway: Gateway, username: string): Promise<string> {
  await shop.rest.register(username, DEFAULT_PASSWORD);
  const login = await post(
    gateway,
    `mutation { login(input: { username: "${username}", password: "${DEFAULT_PASSWORD}" }) { token } }`,
    {
      address: '192.0.2.200',
    },
  );
  return login.body.data.login.token as string;
}

describe('one gateway, its allowances in memory', () => {
  let shop: Shop;
  let now = 1_000_000;
  /** The default allowance: 10,000 points, 500 a second. */
  let standard: Gateway;
  let small: Gateway;

  beforeAll(async () => {
    shop = await startShop();
    standard = await startGateway(shop.rest.url, { clock: () => now });
    small = await startGateway(shop.rest.url, { env: SMALL, clock: () => now });
  });
  afterAll(async () => {
    await standard?.close();
    await small?.close();
    await shop?.close();
  });

  it('tells every answer its price and the allowance’s state: a query, a mutation’s userErrors, a refused document', async () => {
    const token = await userOn(shop, standard, 'cost-teller');
    const viewer = await post(standard, VIEWER, { token });
    expect([viewer.body, rateLimit(viewer)]).toEqual([
      { data: { viewer: { username: 'cost-teller' } }, extensions: { cost: cost(1, 9_999, 10_000, 500) } },
      ['"cost";q=10000;w=20', '"cost";r=9999;t=1', null],
    ]);
    const wrongPassword = await post(
      standard,
      'mutation { login(input: { username: "cost-teller", password: "wrong-one" }) { token userErrors { code } } }',
      {
        address: '198.51.100.7',
      },
    );
    expect(wrongPassword.body).toEqual({
      data: { login: { token: null, userErrors: [{ code: 'INVALID_CREDENTIALS' }] } },
      extensions: { cost: cost(2, 9_998, 10_000, 500) },
    });
    // Refused before it was priced (here by the screen before Apollo Server reads it): nothing taken, the state told.
    const refused = await post(standard, `{ ${'viewer { id } '.repeat(31)}}`, { token });
    expect([refused.status, refused.body.extensions, rateLimit(refused)]).toEqual([
      400,
      { cost: cost(0, 9_999, 10_000, 500) },
      ['"cost";q=10000;w=20', '"cost";r=9999;t=1', null],
    ]);
  });

  it('refuses a user’s operation costing more than is left (429 THROTTLED, nothing run), leaves other users’ alone, and refills with time', async () => {
    const spender = await userOn(shop, small, 'cost-spender');
    const other = await userOn(shop, small, 'cost-other');
    const first = await post(small, NINE, { token: spender });
    expect([first.status, first.body.errors, first.body.extensions?.cost, rateLimit(first)]).toEqual([
      200,
      undefined,
      cost(19, 1),
      ['"cost";q=20;w=5', '"cost";r=1;t=5', null],
    ]);
    shop.resetCalls();
    // 18 points missing, 4 a second: 5 seconds.
    expect(seen(await post(small, NINE, { token: spender }))).toEqual(throttledNine(1, 5));
    expect(shop.calls).toEqual([]);
    // Another user has an allowance of their own.
    expect((await post(small, NINE, { token: other })).body.extensions?.cost).toEqual(cost(19, 1));
    // 4 seconds later 17 are there: still 2 short, 1 second more.
    now += 4_000;
    expect(seen(await post(small, NINE, { token: spender }))).toEqual(throttledNine(17, 1));
    now += 500;
    const refilled = await post(small, NINE, { token: spender });
    expect([refilled.status, refilled.body.extensions?.cost]).toEqual([200, cost(19, 0)]);
  });

  it('charges callers without an accepted token to their address: one address’s spending leaves another’s alone; a made-up token does not escape it', async () => {
    // Anonymous, the page is refused when it runs (UNAUTHENTICATED), but it was priced and charged before.
    const first = await post(small, NINE, { address: '203.0.113.1' });
    expect([first.body.errors?.map((error) => error.extensions.code), first.body.extensions?.cost]).toEqual([
      ['UNAUTHENTICATED'],
      cost(19, 1),
    ]);
    expect(seen(await post(small, NINE, { address: '203.0.113.1' }))).toEqual(throttledNine(1, 5));
    expect((await post(small, NINE, { address: '203.0.113.2' })).body.extensions?.cost).toEqual(cost(19, 1));
    // A token REST never accepted spends its address's points, so a new made-up token is no new allowance.
    expect((await post(small, NINE, { address: '203.0.113.3', token: 'made-up' })).body.extensions?.cost).toEqual(
      cost(19, 1),
    );
    expect(seen(await post(small, NINE, { address: '203.0.113.3', token: 'made-up-too' }))).toEqual(
      throttledNine(1, 5),
    );
    // Full again (never fuller), less this page.
    now += 5_000;
    expect((await post(small, NINE, { address: '203.0.113.1' })).body.extensions?.cost).toEqual(cost(19, 1));
  });

  it('charges a socket’s operations to its user’s allowance too, telling the price in the answer', async () => {
    const token = await userOn(shop, small, 'cost-socket');
    const socket = small.socket(token);
    expect(await ask(socket, VIEWER)).toEqual({
      data: { viewer: { username: 'cost-socket' } },
      extensions: { cost: cost(1, 19) },
    });
    expect((await post(small, NINE, { token })).body.extensions?.cost).toEqual(cost(19, 0));
    expect(await listen(socket, VIEWER).refusal()).toEqual([
      {
        message:
          'This operation costs 1 points and 0 of your allowance are left (20, 4 more each second): try again in 1 second, or ask for less',
        extensions: { code: 'THROTTLED', cost: 1, remaining: 0, retryAfterSeconds: 1 },
      },
    ]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(redisUrl);
if (!redisUp)
  console.warn(`\n!!! Redis is not reachable at ${redisUrl}: the cost allowance across two gateways is SKIPPED.\n`);

describe('allowances across gateways', () => {
  let shop: Shop;
  let now = 2_000_000;
  const gateways: Gateway[] = [];
  const start = async (env: NodeJS.ProcessEnv) => {
    const gateway = await startGateway(shop.rest.url, { env: { ...SMALL, ...env }, clock: () => now });
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await shop?.close();
  });

  it.runIf(redisUp)(
    'shares each user’s and each address’s allowance through Redis: spent on one gateway, refused on the other, refilled for both',
    async () => {
      // This run's own keys: other runs may share the Redis.
      const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `medshop-cost-${randomBytes(4).toString('hex')}:` };
      const [a, b] = [await start(env), await start(env)];
      const token = await userOn(shop, a, 'cost-across');
      // Logged in through A, known to B from its first operation.
      expect((await post(b, NINE, { token })).body.extensions?.cost).toEqual(cost(19, 1));
      expect(seen(await post(a, NINE, { token }))).toEqual(throttledNine(1, 5));
      expect((await post(a, NINE, { address: '203.0.113.10' })).body.extensions?.cost).toEqual(cost(19, 1));
      expect(seen(await post(b, NINE, { address: '203.0.113.10' }))).toEqual(throttledNine(1, 5));
      now += 5_000;
      expect((await post(b, NINE, { token })).body.extensions?.cost).toEqual(cost(19, 1));
      expect((await post(a, NINE, { address: '203.0.113.10' })).body.extensions?.cost).toEqual(cost(19, 1));
    },
  );

  it.runIf(redisUp)('keeps allowances in each gateway while Redis is away: the limit holds per instance', async () => {
    const redis = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    try {
      const gateway = await start({
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        REDIS_CHANNEL_PREFIX: `medshop-cost-${randomBytes(4).toString('hex')}:`,
      });
      const token = await userOn(shop, gateway, 'cost-alone');
      expect((await post(gateway, NINE, { token })).body.extensions?.cost).toEqual(cost(19, 1));
      expect((await post(gateway, NINE, { token })).status).toBe(429);
      await proxy.down();
      // Redis gone: this gateway's own allowance, full at first, then spent and refused as with Redis.
      const alone = await poll(
        () => post(gateway, NINE, { token }),
        (answer) => answer.status === 200,
        { within: 5_000, every: 50 },
      );
      expect(alone.body.extensions?.cost).toEqual(cost(19, 1));
      expect(seen(await post(gateway, NINE, { token }))).toEqual(throttledNine(1, 5));
      // Redis back (and heard) before the gateway closes.
      await proxy.up();
      await poll(
        async () => (await (await fetch(new URL('/healthz', gateway.url))).json()) as { status: string },
        (health) => health.status === 'ok',
        {
          within: 15_000,
          every: 100,
        },
      );
    } finally {
      await proxy.up();
      for (const gateway of gateways.splice(0)) await gateway.close();
      await proxy.close();
    }
  });
});
