// Two-factor sign-in (issue 36, extension two-factor): set up with an authenticator app, a login's second step with a
// code (each works once) or a recovery code (each works once), turned off or renewed with the password, reset by a
// staff manager (audited), required of staff by STAFF_TWO_FACTOR_REQUIRED; wrong codes limited as passwords are.
// Codes are made as an app makes them (otplib, from the secret the setup answered), at the real time.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorRepository } from '../src/two-factor/two-factor.repository.js';
import {
  ADMIN_PASSWORD,
  DEFAULT_PASSWORD,
  type RestService,
  startRestService,
} from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let counter = 0;

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

/** The code an app shows `stepsAhead` steps of 30 seconds from now (the shop takes the step before and after too). */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

async function person(prefix = 'tfa') {
  const username = `${prefix}-${++counter}`;
  return { username, token: await shop.register(username) };
}

/** A person with the second factor on: their secret, and the recovery codes they were given. */
async function enrolled(prefix = 'tfa') {
  const who = await person(prefix);
  const setup = await shop.request<{ secret: string; uri: string }>('POST', '/api/users/two-factor/setup', {
    token: who.token,
  });
  expect(setup.status).toBe(200);
  const enable = await shop.request<{ recoveryCodes: string[]; token: string }>(
    'POST',
    '/api/users/two-factor/enable',
    { token: who.token, body: { code: await codeOf(setup.body.secret), password: DEFAULT_PASSWORD } },
  );
  expect(enable.status).toBe(200);
  // Turning it on ended the session it was turned on in: the answer's token goes on.
  return { ...who, token: enable.body.token, secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

const login = (username: string, password = DEFAULT_PASSWORD) =>
  shop.request<{ message: string; code: string; challenge: string }>('POST', '/api/auth/login', {
    body: { username, password },
  });
const secondStep = (body: object) => shop.request('POST', '/api/auth/login/second-factor', { body });
const status = async (token: string) => (await shop.request('GET', '/api/users/two-factor', { token })).body;

describe('setting it up', () => {
  it('answers a secret and the URI an app scans; the first code turns it on and gives ten recovery codes', async () => {
    const who = await person();
    expect(await status(who.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const setup = await shop.request('POST', '/api/users/two-factor/setup', { token: who.token });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(setup.body.uri).toBe(`otpauth://totp/Medshop:${who.username}?secret=${setup.body.secret}&issuer=Medshop`);
    // Until the first code, nothing changes at login.
    expect((await login(who.username)).status).toBe(200);
    const otherSession = (await login(who.username)).text;
    // Not without the password: a session alone cannot put an app on the account.
    expect(
      await shop.request('POST', '/api/users/two-factor/enable', {
        token: who.token,
        body: { code: await codeOf(setup.body.secret), password: 'not-the-password' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Current password is incorrect', field: 'password' } });
    const enable = await shop.request('POST', '/api/users/two-factor/enable', {
      token: who.token,
      body: { code: await codeOf(setup.body.secret), password: DEFAULT_PASSWORD },
    });
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    for (const code of enable.body.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    // Every session signed in with the password alone ended, this one's too: the answer's token is its new one.
    for (const ended of [who.token, otherSession])
      expect((await shop.request('GET', '/api/users/profile', { token: ended })).status).toBe(401);
    const now = await status(enable.body.token);
    expect(now).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(Date.parse(now.enabledAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a wrong or malformed first code, a code without a setup, and a second setup while on: nothing changes', async () => {
    const who = await person();
    expect(
      await shop.request('POST', '/api/users/two-factor/enable', {
        token: who.token,
        body: { code: '123456', password: DEFAULT_PASSWORD },
      }),
    ).toMatchObject({
      status: 409,
      body: { message: 'Start the setup first: scan its code with your app', code: 'TWO_FACTOR_NOT_STARTED' },
    });
    const setup = await shop.request('POST', '/api/users/two-factor/setup', { token: who.token });
    const right = await codeOf(setup.body.secret);
    const wrong = right === '000000' ? '000001' : '000000';
    expect(
      await shop.request('POST', '/api/users/two-factor/enable', {
        token: who.token,
        body: { code: wrong, password: DEFAULT_PASSWORD },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        message: 'That code is not right, or it was used already: enter the one your app shows now',
        code: 'INVALID_SECOND_FACTOR',
        field: 'code',
      },
    });
    expect(
      await shop.request('POST', '/api/users/two-factor/enable', {
        token: who.token,
        body: { code: '12 34', password: DEFAULT_PASSWORD },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        message: 'The code is 6 digits, as your authenticator app shows it',
        code: 'INVALID_INPUT',
        field: 'code',
      },
    });
    expect(await status(who.token)).toMatchObject({ enabled: false });
    expect((await login(who.username)).status).toBe(200);
    // Spaces as apps show them ("123 456") are fine.
    const spaced = `${right.slice(0, 3)} ${right.slice(3)}`;
    const enabled = await shop.request('POST', '/api/users/two-factor/enable', {
      token: who.token,
      body: { code: spaced, password: DEFAULT_PASSWORD },
    });
    expect(enabled.status).toBe(200);
    expect(await shop.request('POST', '/api/users/two-factor/setup', { token: enabled.body.token })).toMatchObject({
      status: 409,
      body: { code: 'TWO_FACTOR_ALREADY_ON' },
    });
  });
});

describe('signing in', () => {
  it('asks for the code after the right password, and a right code answers the session token', async () => {
    const who = await enrolled();
    const first = await login(who.username);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({
      message: 'Enter the code from your authenticator app',
      code: 'SECOND_FACTOR_REQUIRED',
    });
    // The challenge is no session: it opens nothing.
    expect(await shop.request('GET', '/api/users/profile', { token: first.body.challenge })).toMatchObject({
      status: 401,
      body: { code: 'INVALID_TOKEN' },
    });
    // The step the setup used is spent: the app's next code.
    const answer = await secondStep({ challenge: first.body.challenge, code: await codeOf(who.secret, 1) });
    expect(answer.status).toBe(200);
    const profile = await shop.request('GET', '/api/users/profile', { token: answer.text });
    expect(profile.body.username).toBe(who.username);
  });

  it('a wrong password still says only that: no challenge, nothing learnt about the second factor', async () => {
    const who = await enrolled();
    expect(await login(who.username, 'not-the-password')).toMatchObject({
      status: 401,
      body: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
    });
    expect((await login(who.username, 'not-the-password')).body.challenge).toBeUndefined();
  });

  it('a code works once: the same code again is refused, even with a new challenge', async () => {
    const who = await enrolled();
    const code = await codeOf(who.secret, 1);
    expect((await secondStep({ challenge: (await login(who.username)).body.challenge, code })).status).toBe(200);
    expect(await secondStep({ challenge: (await login(who.username)).body.challenge, code })).toMatchObject({
      status: 401,
      body: {
        message: 'That code is not right, or it was used already: enter the one your app shows now',
        code: 'INVALID_SECOND_FACTOR',
        field: 'code',
      },
    });
  });

  it('the same code sent twice at once answers one token', async () => {
    const who = await enrolled();
    const code = await codeOf(who.secret, 1);
    const [a, b] = await Promise.all([login(who.username), login(who.username)]);
    const answers = await Promise.all([
      secondStep({ challenge: a.body.challenge, code }),
      secondStep({ challenge: b.body.challenge, code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('takes a time step once in one statement: the second taking of the same step, or an earlier one, is refused', async () => {
    const who = await enrolled();
    const repository = new TwoFactorRepository(shop.app.shopDatabase.db);
    const row = await repository.findUser(
      (await shop.request('GET', '/api/users/profile', { token: who.token })).body.id,
    );
    const step = row!.twoFactorLastStep! + 5;
    expect(await repository.useStep(row!.id, row!.twoFactorSecret!, step)).toBe(true);
    expect(await repository.useStep(row!.id, row!.twoFactorSecret!, step)).toBe(false);
    expect(await repository.useStep(row!.id, row!.twoFactorSecret!, step - 1)).toBe(false);
    // Not with a secret that is no longer the account's.
    expect(await repository.useStep(row!.id, 'AN0THERSECRET', step + 1)).toBe(false);
  });

  it('a recovery code works once, in any case and without its dash; the count goes down', async () => {
    const who = await enrolled();
    const [recovery] = who.recoveryCodes;
    const typed = recovery!.replace('-', '').toUpperCase();
    const answer = await secondStep({ challenge: (await login(who.username)).body.challenge, recoveryCode: typed });
    expect(answer.status).toBe(200);
    expect(await status(answer.text)).toMatchObject({ recoveryCodesLeft: 9 });
    expect(
      await secondStep({ challenge: (await login(who.username)).body.challenge, recoveryCode: recovery }),
    ).toMatchObject({
      status: 401,
      body: {
        message: 'That recovery code is not one of yours, or it was used already',
        code: 'INVALID_SECOND_FACTOR',
        field: 'recoveryCode',
      },
    });
    // Another person's code is not theirs.
    const other = await enrolled();
    expect(
      (
        await secondStep({
          challenge: (await login(who.username)).body.challenge,
          recoveryCode: other.recoveryCodes[0],
        })
      ).status,
    ).toBe(401);
  });

  it('refuses malformed second steps with the field at fault, and a forged or stale challenge', async () => {
    const who = await enrolled();
    const { challenge } = (await login(who.username)).body;
    expect(await secondStep({ challenge })).toMatchObject({
      status: 400,
      body: { message: 'Enter the 6-digit code from your authenticator app', field: 'code' },
    });
    expect(await secondStep({ challenge, code: '123456', recoveryCode: 'abcde-fghjk' })).toMatchObject({
      status: 400,
      body: { message: 'Enter either a code or a recovery code, not both', field: 'recoveryCode' },
    });
    expect(await secondStep({ challenge, recoveryCode: 'nope' })).toMatchObject({
      status: 400,
      body: { field: 'recoveryCode', code: 'INVALID_INPUT' },
    });
    const expired = {
      status: 401,
      body: {
        message: 'The sign-in took too long: enter your password again',
        code: 'INVALID_TOKEN',
        field: 'challenge',
      },
    };
    // A session token is no challenge.
    expect(await secondStep({ challenge: who.token, code: await codeOf(who.secret, 1) })).toMatchObject(expired);
    expect(await secondStep({ challenge: 'not-a-token', code: '123456' })).toMatchObject(expired);
    // A challenge made before the password changed no longer holds.
    const change = await shop.request('PUT', '/api/users/change-password', {
      token: who.token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'another-password', confirmPassword: 'another-password' },
    });
    expect(change.status).toBe(200);
    expect(await secondStep({ challenge, code: await codeOf(who.secret, 1) })).toMatchObject(expired);
    // The change answered the session's new token: no login (which would ask for a code) needed.
    expect((await shop.request('GET', '/api/users/profile', { token: change.body.token })).body.username).toBe(
      who.username,
    );
  });

  it('counts wrong codes per account, from any address, as failed passwords are counted: then 429', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      const username = `tfa-limit-${++counter}`;
      const token = await limited.register(username);
      const { secret } = (await limited.request('POST', '/api/users/two-factor/setup', { token })).body;
      const enabled = await limited.request('POST', '/api/users/two-factor/enable', {
        token,
        body: { code: await codeOf(secret), password: DEFAULT_PASSWORD },
      });
      expect(enabled.status).toBe(200);
      const right = await codeOf(secret, 1);
      const wrong = right === '999999' ? '999998' : '999999';
      const challenge = (
        await limited.request('POST', '/api/auth/login', { body: { username, password: DEFAULT_PASSWORD } })
      ).body.challenge as string;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const answer = await limited.request('POST', '/api/auth/login/second-factor', {
          body: { challenge, code: wrong },
          // Each from another address: the count is the account's.
          headers: { 'x-forwarded-for': `10.0.0.${attempt + 1}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const locked = await limited.request('POST', '/api/auth/login/second-factor', {
        body: { challenge, code: right },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many wrong codes for this account\. Try again in \d+ minutes?\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('guessing the password through a session', () => {
  it('counts wrong passwords at turning it off as at login, per account: then 429', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      const token = await limited.register(`tfa-guess-${++counter}`);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1)
        statuses.push(
          (
            await limited.request('POST', '/api/users/two-factor/disable', {
              token,
              body: { password: `guess-${attempt}` },
            })
          ).status,
        );
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      const locked = await limited.request('POST', '/api/users/two-factor/recovery-codes', {
        token,
        body: { password: DEFAULT_PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(
        /^Too many wrong passwords or codes\. Try again in \d+ (minutes?|seconds?)\.$/,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('a day of wrong codes', () => {
  it('allows 30 wrong codes an account a day, however slowly they come; then 429 for the rest of the day', async () => {
    const who = await enrolled('tfa-day');
    const right = await codeOf(who.secret, 1);
    const wrong = right === '999999' ? '999998' : '999999';
    const { challenge } = (await login(who.username)).body;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1)
      statuses.push((await secondStep({ challenge, code: wrong })).status);
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
    const refused = await secondStep({ challenge, code: right });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many wrong codes for this account today. Try again in 24 hours.');
  });
});

describe('turning it off, new codes, and a reset', () => {
  it('turns off with the password only; logins then ask for no code', async () => {
    const who = await enrolled();
    expect(
      await shop.request('POST', '/api/users/two-factor/disable', { token: who.token, body: { password: 'wrong' } }),
    ).toMatchObject({ status: 400, body: { message: 'Current password is incorrect', field: 'password' } });
    expect(await status(who.token)).toMatchObject({ enabled: true });
    const off = await shop.request('POST', '/api/users/two-factor/disable', {
      token: who.token,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(off).toMatchObject({ status: 200, body: { message: 'Two-factor sign-in is off' } });
    expect(await status(who.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    expect((await login(who.username)).status).toBe(200);
    expect(
      await shop.request('POST', '/api/users/two-factor/disable', {
        token: who.token,
        body: { password: DEFAULT_PASSWORD },
      }),
    ).toMatchObject({ status: 409, body: { code: 'TWO_FACTOR_OFF' } });
  });

  it('new recovery codes replace the old ones', async () => {
    const who = await enrolled();
    const renewed = await shop.request('POST', '/api/users/two-factor/recovery-codes', {
      token: who.token,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(
      (await secondStep({ challenge: (await login(who.username)).body.challenge, recoveryCode: who.recoveryCodes[0] }))
        .status,
    ).toBe(401);
    expect(
      (
        await secondStep({
          challenge: (await login(who.username)).body.challenge,
          recoveryCode: renewed.body.recoveryCodes[0],
        })
      ).status,
    ).toBe(200);
  });

  it("a staff manager resets someone's second factor (audited); not their own, not an owner's unless an owner", async () => {
    const who = await enrolled('tfa-lost-phone');
    const reset = await shop.request('DELETE', `/api/staff/members/${who.username}/two-factor`, { token: admin });
    expect(reset).toMatchObject({ status: 200, body: { username: who.username, twoFactorEnabled: false } });
    expect((await login(who.username)).status).toBe(200);
    const audit = await shop.request('GET', '/api/audit-events', { token: admin, query: { size: 5 } });
    expect(audit.body.content[0]).toMatchObject({
      action: 'user.two_factor_reset',
      actor: { username: 'admin' },
      subject: { type: 'user' },
      changes: { twoFactor: { from: true, to: false } },
    });
    expect(
      await shop.request('DELETE', `/api/staff/members/${who.username}/two-factor`, { token: admin }),
    ).toMatchObject({
      status: 409,
      body: { message: `${who.username} does not sign in with a second factor`, code: 'TWO_FACTOR_OFF' },
    });
    expect(await shop.request('DELETE', '/api/staff/members/admin/two-factor', { token: admin })).toMatchObject({
      status: 400,
      body: { message: 'Turn your own second factor off from your profile (it asks for your password)' },
    });
    // A staff manager who is not an owner resets no owner's, and a shopper none at all.
    const manager = await person('tfa-manager');
    const role = await shop.request('POST', '/api/staff/roles', {
      token: admin,
      body: { name: `TFA_MANAGERS_${counter}`, permissions: ['MANAGE_STAFF'] },
    });
    expect(role.status).toBe(201);
    await shop.request('PUT', `/api/staff/members/${manager.username}`, {
      token: admin,
      body: { roles: [`TFA_MANAGERS_${counter}`] },
    });
    expect(await shop.request('DELETE', '/api/staff/members/admin/two-factor', { token: manager.token })).toMatchObject(
      {
        status: 403,
        body: { message: "Only an owner (ADMIN) can reset an owner's second factor" },
      },
    );
    const shopper = await enrolled();
    expect(
      await shop.request('DELETE', `/api/staff/members/${shopper.username}/two-factor`, { token: who.token }),
    ).toMatchObject({ status: 403, body: { message: 'Only staff who manage staff can see or change roles' } });
    expect(await status(shopper.token)).toMatchObject({ enabled: true });
  });
});

describe('the operator’s way back in', () => {
  it('a new ADMIN_PASSWORD at the next start also turns the admin’s second factor off (phone and codes lost)', async () => {
    const first = await startRestService();
    let second: RestService | undefined;
    try {
      const owner = await first.adminToken();
      const { secret } = (await first.request('POST', '/api/users/two-factor/setup', { token: owner })).body;
      const enabled = await first.request('POST', '/api/users/two-factor/enable', {
        token: owner,
        body: { code: await codeOf(secret), password: ADMIN_PASSWORD },
      });
      expect(enabled.status).toBe(200);
      await first.close({ keepData: true });
      // The same password again changes nothing: the second factor stays on.
      second = await startRestService({ reuse: first });
      expect(
        (await second.request('POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }))
          .status,
      ).toBe(401);
      await second.close({ keepData: true });
      second = await startRestService({ reuse: first, env: { ADMIN_PASSWORD: 'a-new-admin-password' } });
      const login = await second.request('POST', '/api/auth/login', {
        body: { username: 'admin', password: 'a-new-admin-password' },
      });
      expect(login.status).toBe(200);
      expect((await second.request('GET', '/api/users/two-factor', { token: login.text })).body).toMatchObject({
        enabled: false,
      });
    } finally {
      await second?.close();
      await first.dropData();
    }
  });
});

describe('STAFF_TWO_FACTOR_REQUIRED', () => {
  it('withholds staff permissions until the second factor is on, then keeps it on; shoppers are unaffected', async () => {
    const strict = await startRestService({ env: { STAFF_TWO_FACTOR_REQUIRED: 'true' } });
    try {
      const owner = await strict.adminToken();
      const profileOf = async (token: string) =>
        (await strict.request('GET', '/api/users/profile', { token })).body as {
          roles: string[];
          permissions: string[];
          permissionsAwaitTwoFactor: boolean;
        };
      expect(await profileOf(owner)).toMatchObject({
        roles: ['USER', 'ADMIN'],
        permissions: [],
        permissionsAwaitTwoFactor: true,
      });
      expect(await strict.request('GET', '/api/staff/members', { token: owner })).toMatchObject({ status: 403 });
      expect((await strict.request('GET', '/api/users/two-factor', { token: owner })).body).toMatchObject({
        enabled: false,
        required: true,
      });
      // Enrolling gives the permissions back, from the next request.
      const { secret } = (await strict.request('POST', '/api/users/two-factor/setup', { token: owner })).body;
      const enabled = await strict.request('POST', '/api/users/two-factor/enable', {
        token: owner,
        body: { code: await codeOf(secret), password: ADMIN_PASSWORD },
      });
      expect(enabled.status).toBe(200);
      // The password-only session it was turned on in ended: it never gains the permissions.
      expect((await strict.request('GET', '/api/users/profile', { token: owner })).status).toBe(401);
      const ownerNow = enabled.body.token as string;
      expect(await profileOf(ownerNow)).toMatchObject({
        permissions: [
          'MANAGE_CATALOGUE',
          'MANAGE_ORDERS',
          'RECORD_PAYMENTS',
          'MANAGE_SETTINGS',
          'MODERATE_CHAT',
          'READ_AUDIT',
          'MANAGE_STAFF',
        ],
        permissionsAwaitTwoFactor: false,
      });
      expect((await strict.request('GET', '/api/staff/members', { token: ownerNow })).status).toBe(200);
      expect(
        await strict.request('POST', '/api/users/two-factor/disable', {
          token: ownerNow,
          body: { password: ADMIN_PASSWORD },
        }),
      ).toMatchObject({ status: 409, body: { code: 'TWO_FACTOR_REQUIRED' } });
      const shopper = await strict.register(`tfa-strict-${++counter}`);
      expect((await strict.request('GET', '/api/users/two-factor', { token: shopper })).body.required).toBe(false);
      expect(await profileOf(shopper)).toMatchObject({ permissions: [], permissionsAwaitTwoFactor: false });
    } finally {
      await strict.close();
    }
  });
});

describe('the plain contract', () => {
  it('has no second factor: its routes are not there, nor a word of it on the profile', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.register(`tfa-plain-${++counter}`);
      expect((await plain.request('GET', '/api/users/two-factor', { token })).status).toBe(404);
      const profile = (await plain.request('GET', '/api/users/profile', { token })).body as object;
      expect(Object.keys(profile)).not.toContain('permissionsAwaitTwoFactor');
      expect(
        (await plain.request('POST', '/api/auth/login/second-factor', { body: { challenge: 'x', code: '123456' } }))
          .status,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
