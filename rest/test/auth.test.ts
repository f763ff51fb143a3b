// Registration, login and the token every other call needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable } from '../../tests/helpers/redis.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { freePort } from '../../tests/helpers/server-process.js';

let shop: RestService;
beforeAll(async () => {
  shop = await startRestService();
});
afterAll(() => shop.close());

describe('register', () => {
  it('creates a regular user and answers the token as the plain body, whatever roles are asked for', async () => {
    const answer = await shop.request('POST', '/api/auth/register', {
      body: { username: 'reg-alice', password: 'pw1', roles: ['ADMIN'] },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const profile = await shop.request('GET', '/api/users/profile', { token: answer.text });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username: 'reg-alice', roles: ['USER'] });
  });

  it('refuses a username that is taken, in any case', async () => {
    await shop.register('reg-bob');
    for (const username of ['reg-bob', 'REG-Bob']) {
      const answer = await shop.request('POST', '/api/auth/register', { body: { username, password: 'pw1' } });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(`Username "${username}" is already taken`);
    }
  });

  it.each([
    [{ password: 'pw1' }, 'Username is required', 'username'],
    [{ username: 'ab', password: 'pw1' }, 'Username must be at least 3 characters long', 'username'],
    [{ username: 'x'.repeat(51), password: 'pw1' }, 'Username must be at most 50 characters long', 'username'],
    [
      { username: 'bad name', password: 'pw1' },
      'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter',
      'username',
    ],
    [
      { username: 'reg-carol\r\n', password: 'pw1' },
      'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter',
      'username',
    ],
    [
      { username: '12345', password: 'pw1' },
      'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter',
      'username',
    ],
    [{ username: 'reg-carol' }, 'Password is required', 'password'],
    [{ username: 'reg-carol', password: 'pw' }, 'Password must be at least 3 characters long', 'password'],
    [{ username: 'reg-carol', password: 'pw1', confirmPassword: 'pw2' }, 'Passwords do not match', 'confirmPassword'],
    [{ username: 42, password: 'pw1' }, 'Username must be text', 'username'],
  ])('refuses %j with "%s" (field %s) and creates nothing', async (body, message, field) => {
    const answer = await shop.request('POST', '/api/auth/register', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    const login = await shop.request('POST', '/api/auth/login', { body: { username: 'reg-carol', password: 'pw1' } });
    expect(login.status).toBe(401);
  });

  it('accepts a matching confirmPassword', async () => {
    const answer = await shop.request('POST', '/api/auth/register', {
      body: { username: 'reg-dave', password: 'pw1', confirmPassword: 'pw1' },
    });
    expect(answer.status).toBe(201);
  });
});

describe('login', () => {
  beforeAll(async () => {
    await shop.register('login-erin', 'right-password');
  });

  it('answers a token for the right password, with any case of the username', async () => {
    for (const username of ['login-erin', 'LOGIN-ERIN']) {
      const answer = await shop.request('POST', '/api/auth/login', { body: { username, password: 'right-password' } });
      expect(answer.status).toBe(200);
      const profile = await shop.request('GET', '/api/users/profile', { token: answer.text });
      expect(profile.body.username).toBe('login-erin');
    }
  });

  it('answers 401 for a wrong password or an unknown user, with the same message', async () => {
    const wrong = await shop.request('POST', '/api/auth/login', { body: { username: 'login-erin', password: 'nope' } });
    const unknown = await shop.request('POST', '/api/auth/login', { body: { username: 'nobody-here', password: 'x' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires both fields', async () => {
    const answer = await shop.request('POST', '/api/auth/login', { body: { username: 'login-erin', password: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Password is required', field: 'password', code: 'INVALID_INPUT' });
  });

  it('never stores the password itself', async () => {
    const row = await shop.app.shopDatabase.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'login-erin')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('right-password');
  });
});

describe('login attempts', () => {
  it('allows ten a minute for one username, whatever the password, then answers 429; other usernames are unaffected', async () => {
    // The default limit (the shared harness raises it for the other tests).
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      await limited.register('guessed-gina', 'real-password');
      await limited.register('other-olga', 'real-password');
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const answer = await limited.request('POST', '/api/auth/login', {
          body: { username: 'guessed-gina', password: `guess-${attempt}` },
        });
        expect(answer.status).toBe(401);
      }
      // Hammering on backs off: the wait doubles with each refused attempt.
      for (const [password, wait, seconds] of [
        ['guess-11', '1 minute', '60'],
        ['real-password', '2 minutes', '120'],
      ]) {
        const answer = await limited.request('POST', '/api/auth/login', {
          body: { username: 'GUESSED-gina', password },
        });
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual({
          message: `Too many login attempts for this username. Try again in ${wait}.`,
          code: 'TOO_MANY_ATTEMPTS',
        });
        expect(answer.headers['retry-after']).toBe(seconds);
      }
      const other = await limited.request('POST', '/api/auth/login', {
        body: { username: 'other-olga', password: 'real-password' },
      });
      expect(other.status).toBe(200);
      // The owner, at their own address (the gateway passes it on), is not locked out by a stranger's guesses.
      const owner = await limited.request('POST', '/api/auth/login', {
        body: { username: 'guessed-gina', password: 'real-password' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(owner.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('tries at most ten of 29 wrong passwords sent at once: each attempt takes its point before it is tried', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      await limited.register('rushed-rita', 'real-password');
      const answers = await Promise.all(
        Array.from({ length: 29 }, (_, attempt) =>
          limited.request('POST', '/api/auth/login', {
            body: { username: 'rushed-rita', password: `guess-${attempt}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    } finally {
      await limited.close();
    }
  });

  it('counts failures, not logins: the owner logging in again and again is never refused', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      await limited.register('busy-bella', 'real-password');
      for (let attempt = 1; attempt <= 15; attempt += 1) {
        const answer = await limited.request('POST', '/api/auth/login', {
          body: { username: 'busy-bella', password: 'real-password' },
        });
        expect(answer.status, `login ${attempt}`).toBe(200);
      }
      // Nine failures, a success, nine more: the success cleared the count, so none of them is refused.
      for (const password of [...Array(9).fill('wrong'), 'real-password', ...Array(9).fill('wrong')]) {
        const answer = await limited.request('POST', '/api/auth/login', { body: { username: 'busy-bella', password } });
        expect(answer.status).toBe(password === 'wrong' ? 401 : 200);
      }
    } finally {
      await limited.close();
    }
  });

  it('backs off while the guessing goes on, but never beyond 15 minutes', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      await limited.register('stubborn-sue', 'real-password');
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect(
          (await limited.request('POST', '/api/auth/login', { body: { username: 'stubborn-sue', password: 'guess' } }))
            .status,
        ).toBe(401);
      }
      const waits: [unknown, string][] = [];
      for (let attempt = 1; attempt <= 7; attempt += 1) {
        const answer = await limited.request('POST', '/api/auth/login', {
          body: { username: 'stubborn-sue', password: 'guess' },
        });
        expect(answer.status).toBe(429);
        waits.push([answer.headers['retry-after'], answer.body.message]);
        // Locked out: the policy (10 failures a minute) and the lockout's wait in the draft's RateLimit header.
        expect([answer.headers['ratelimit-policy'], answer.headers.ratelimit]).toEqual([
          expect.stringMatching(/^"[a-z-]+";q=10;w=60$/),
          expect.stringMatching(new RegExp(`^"[a-z-]+";r=0;t=${String(answer.headers['retry-after'])}$`)),
        ]);
      }
      const wait = (seconds: number, words: string) => [
        String(seconds),
        `Too many login attempts for this username. Try again in ${words}.`,
      ];
      expect(waits).toEqual([
        wait(60, '1 minute'),
        wait(120, '2 minutes'),
        wait(240, '4 minutes'),
        wait(480, '8 minutes'),
        wait(900, '15 minutes'),
        wait(900, '15 minutes'),
        wait(900, '15 minutes'),
      ]);
    } finally {
      await limited.close();
    }
  });

  it('allows 30 attempts a minute from one address across usernames, then 429 (each attempt is a slow hash)', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '' } });
    try {
      const from = (address: string, n: number) =>
        limited.request('POST', '/api/auth/login', {
          body: { username: `nobody-${n}`, password: 'guess' },
          headers: { 'x-forwarded-for': address },
        });
      for (let n = 1; n <= 30; n += 1) expect((await from('198.51.100.1', n)).status).toBe(401);
      const refused = await from('198.51.100.1', 31);
      expect([refused.status, refused.body]).toEqual([
        429,
        { message: 'Too many login attempts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
      ]);
      expect((await from('198.51.100.2', 32)).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('allows 5 new accounts a minute from one address, then 429; another address may still register', async () => {
    const limited = await startRestService({ env: { REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '' } });
    try {
      const register = (address: string, username: string) =>
        limited.request('POST', '/api/auth/register', {
          body: { username, password: 'pw-new' },
          headers: { 'x-forwarded-for': address },
        });
      for (let n = 1; n <= 5; n += 1) expect((await register('198.51.100.9', `newcomer-${n}`)).status).toBe(201);
      const refused = await register('198.51.100.9', 'newcomer-6');
      expect([refused.status, refused.body]).toEqual([
        429,
        { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
      ]);
      // The limit, as the IETF draft's headers say it: 5 a minute, none left, back when Retry-After says.
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect([refused.headers['ratelimit-policy'], refused.headers.ratelimit]).toEqual([
        '"registrations";q=5;w=60',
        `"registrations";r=0;t=${seconds}`,
      ]);
      expect(
        (await limited.request('POST', '/api/auth/login', { body: { username: 'newcomer-6', password: 'pw-new' } }))
          .status,
      ).toBe(401);
      expect((await register('198.51.100.10', 'newcomer-7')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('believes x-forwarded-for only from TRUSTED_PROXIES: anyone else cannot pick the address they are counted at', async () => {
    const limited = await startRestService({
      env: { REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1', TRUSTED_PROXIES: '10.9.9.9' },
    });
    try {
      const register = (address: string, username: string) =>
        limited.request('POST', '/api/auth/register', {
          body: { username, password: 'pw-new' },
          headers: { 'x-forwarded-for': address },
        });
      expect((await register('198.51.100.20', 'spoofer-1')).status).toBe(201);
      expect((await register('198.51.100.21', 'spoofer-2')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('are required: no header, a malformed header, a forged or expired token all answer 401', async () => {
    const token = await shop.register('token-frank');
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', ver: 0, username: 'admin' })).toString('base64url');
    const expired = shop.app.jwt.sign({ sub: '1', ver: 0, username: 'admin', iat: 1_000, exp: 2_000 });
    const invalid = { message: 'Invalid or expired token', code: 'INVALID_TOKEN' };
    const cases: [Record<string, string>, object][] = [
      [{}, { message: 'Authentication required', code: 'AUTHENTICATION_REQUIRED' }],
      [{ authorization: token }, invalid],
      [{ authorization: 'Bearer not-a-token' }, invalid],
      [{ authorization: `Bearer ${header}.${forgedPayload}.${token.split('.')[2]}` }, invalid],
      [{ authorization: `Bearer ${header}.${payload}.` }, invalid],
      [{ authorization: `Bearer ${expired}` }, invalid],
    ];
    for (const [headers, body] of cases) {
      const answer = await shop.request('GET', '/api/users/profile', { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toEqual(body);
    }
  });

  it('signed with another secret are refused', async () => {
    const other = await startRestService();
    try {
      const foreignToken = await other.register('token-grace');
      await shop.register('token-grace');
      const answer = await shop.request('GET', '/api/users/profile', { token: foreignToken });
      expect(answer.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('with alg "none" are refused', async () => {
    const unsigned =
      Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url') +
      '.' +
      Buffer.from(JSON.stringify({ sub: '1', ver: 0, username: 'admin' })).toString('base64url') +
      '.';
    const answer = await shop.request('GET', '/api/products', { token: unsigned });
    expect(answer.status).toBe(401);
  });
});

describe('limits while Redis cannot be reached', () => {
  it('still hold, counted by each instance, and the log says so once', async () => {
    const nothingListens = `redis://127.0.0.1:${await freePort()}`;
    const lines: { level: number; msg: string }[] = [];
    const limited = await startRestService({
      env: { REDIS_URL: nothingListens, REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '2' },
      onLogLine: (line) => lines.push(line),
    });
    try {
      const register = (username: string) =>
        limited.request('POST', '/api/auth/register', {
          body: { username, password: 'pw-new' },
          headers: { 'x-forwarded-for': '198.51.100.77' },
        });
      expect((await register('offline-1')).status).toBe(201);
      expect((await register('offline-2')).status).toBe(201);
      const refused = await register('offline-3');
      expect([refused.status, refused.body]).toEqual([
        429,
        { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
      ]);
      const warnings = lines.filter((line) => line.msg.startsWith('Redis is unreachable'));
      expect(warnings.map((line) => [line.level, line.msg])).toEqual([
        [40, 'Redis is unreachable: the limits are counted by this instance alone until it is back'],
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('limits shared through Redis (REDIS_URL)', async () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUp = await redisReachable(redisUrl);
  if (!redisUp) console.warn(`\n!!! Redis is not reachable at ${redisUrl}: the shared-limit test is SKIPPED.\n`);

  it.runIf(redisUp)('keeps the counts of two shops on one Redis apart by REDIS_CHANNEL_PREFIX', async () => {
    const address = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const env = { REDIS_URL: redisUrl, REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1' };
    const shop = await startRestService({ env: { ...env, REDIS_CHANNEL_PREFIX: `shop-${address}:` } });
    const staging = await startRestService({ env: { ...env, REDIS_CHANNEL_PREFIX: `staging-${address}:` } });
    try {
      const register = (service: RestService, username: string) =>
        service.request('POST', '/api/auth/register', {
          body: { username, password: 'pw-new' },
          headers: { 'x-forwarded-for': address },
        });
      const name = (suffix: string) => `prefixed-${address}-${suffix}`.replaceAll('.', '-');
      expect((await register(shop, name('a'))).status).toBe(201);
      // The same client at the other shop: its own count there.
      expect((await register(staging, name('b'))).status).toBe(201);
      expect((await register(shop, name('c'))).status).toBe(429);
    } finally {
      await shop.close();
      await staging.close();
    }
  });

  it.runIf(redisUp)('tries at most ten of 29 wrong passwords sent at once to two instances', async () => {
    const env = { REDIS_URL: redisUrl, LOGIN_ATTEMPTS_PER_MINUTE: '' };
    const first = await startRestService({ env });
    const second = await startRestService({ env, reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir } });
    const username = `rushed-${Math.floor(Math.random() * 1e9)}`;
    try {
      await first.register(username, 'real-password');
      const answers = await Promise.all(
        Array.from({ length: 29 }, (_, attempt) =>
          [first, second][attempt % 2]!.request('POST', '/api/auth/login', {
            body: { username, password: `guess-${attempt}` },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(19);
    } finally {
      await second.close({ keepData: true });
      await first.close();
    }
  });

  it.runIf(redisUp)(
    'counts one address across two REST instances: the second instance refuses what the first used up',
    async () => {
      const address = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const env = { REDIS_URL: redisUrl, REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1' };
      const first = await startRestService({ env });
      const second = await startRestService({ env });
      try {
        const register = (service: RestService, username: string) =>
          service.request('POST', '/api/auth/register', {
            body: { username, password: 'pw-new' },
            headers: { 'x-forwarded-for': address },
          });
        expect((await register(first, `shared-${address}-a`.replaceAll('.', '-'))).status).toBe(201);
        const refused = await register(second, `shared-${address}-b`.replaceAll('.', '-'));
        expect([refused.status, refused.body]).toEqual([
          429,
          { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
        ]);
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});
