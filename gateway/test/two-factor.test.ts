// Two-factor sign-in through the gateway (extension two-factor): `viewer.twoFactor`, setting it up and turning it on,
// `login` answering SECOND_FACTOR_REQUIRED with a challenge and `loginSecondFactor` taking a code or a recovery code
// (refusals as userErrors), turning it off and renewing codes with the password, a staff manager's reset, and, where
// the shop requires it of staff, the owner's permissions coming back (and sockets reconnecting) the moment it is on.
// Against the plain contract (gateway-plain) there are no second factors: the status is null, changes NOT_SUPPORTED.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../shop-rules/staff-rules.js';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD } from '../../tests/helpers/rest-service.js';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { ask, listen, within } from '../../tests/helpers/socket-feed.js';

let shop: Shop;
let admin: string;
let counter = 0;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const USER_ERRORS = 'userErrors { message field code } clientMutationId';
const STATUS = 'twoFactor { enabled recoveryCodesLeft required }';
const NOT_SUPPORTED = "The shop's REST service has no two-factor sign-in (it lacks the two-factor extension)";

/** The code an app shows `stepsAhead` steps of 30 seconds from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

async function mutate(
  target: Shop,
  name: string,
  input: Record<string, unknown>,
  selection: string,
  token?: string,
): Promise<any> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const answer = await target.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

/** Sets up and turns on the second factor of the token's account: its secret and recovery codes. */
async function turnOn(target: Shop, token: string, password = DEFAULT_PASSWORD) {
  const setup = await mutate(target, 'startTwoFactorSetup', {}, 'secret uri', token);
  expect(setup.userErrors).toEqual([]);
  const enabled = await mutate(
    target,
    'enableTwoFactor',
    { code: await codeOf(setup.secret), password },
    `recoveryCodes token viewer { ${STATUS} }`,
    token,
  );
  expect(enabled.userErrors).toEqual([]);
  return {
    secret: setup.secret as string,
    recoveryCodes: enabled.recoveryCodes as string[],
    viewer: enabled.viewer,
    /** Turning it on ended every earlier session: this is the one that goes on. */
    token: enabled.token as string,
  };
}

const login = (username: string, password = DEFAULT_PASSWORD) =>
  mutate(shop, 'login', { username, password }, 'token secondFactorChallenge viewer { username }');

describe.runIf(restExtensions)('two-factor sign-in', () => {
  it('is set up and turned on by the viewer; login then asks for the code, and the code logs in', async () => {
    const username = `tfa-graph-${++counter}`;
    const token = await shop.user(username);
    expect((await shop.graphql(`{ viewer { ${STATUS} } }`, {}, token)).data.viewer.twoFactor).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await mutate(shop, 'startTwoFactorSetup', { clientMutationId: 's1' }, 'secret uri', token);
    expect(setup).toMatchObject({ userErrors: [], clientMutationId: 's1' });
    expect(setup.uri).toBe(`otpauth://totp/Medshop:${username}?secret=${setup.secret}&issuer=Medshop`);
    expect(
      await mutate(shop, 'enableTwoFactor', { code: '12345', password: DEFAULT_PASSWORD }, 'recoveryCodes', token),
    ).toEqual({
      recoveryCodes: null,
      userErrors: [
        { message: 'The code is 6 digits, as your authenticator app shows it', field: 'code', code: 'INVALID_INPUT' },
      ],
      clientMutationId: null,
    });
    const right = await codeOf(setup.secret);
    expect(
      (
        await mutate(
          shop,
          'enableTwoFactor',
          { code: right === '000000' ? '000001' : '000000', password: DEFAULT_PASSWORD },
          'recoveryCodes',
          token,
        )
      ).userErrors,
    ).toEqual([
      {
        message: 'That code is not right, or it was used already: enter the one your app shows now',
        field: 'code',
        code: 'INVALID_CREDENTIALS',
      },
    ]);
    expect(
      (await mutate(shop, 'enableTwoFactor', { code: right, password: 'not-the-password' }, 'recoveryCodes', token))
        .userErrors,
    ).toEqual([{ message: 'Current password is incorrect', field: 'password', code: 'INVALID_INPUT' }]);
    const enabled = await mutate(
      shop,
      'enableTwoFactor',
      { code: right, password: DEFAULT_PASSWORD },
      `recoveryCodes token viewer { ${STATUS} }`,
      token,
    );
    expect(enabled.recoveryCodes).toHaveLength(10);
    // The payload's viewer is read with the new token; the one the request came with no longer works.
    expect(enabled.viewer.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await shop.graphql('{ viewer { username } }', {}, token)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await shop.graphql('{ viewer { username } }', {}, enabled.token)).data.viewer.username).toBe(username);

    const asked = await login(username);
    expect(asked).toEqual({
      token: null,
      secondFactorChallenge: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      viewer: null,
      userErrors: [
        { message: 'Enter the code from your authenticator app', field: null, code: 'SECOND_FACTOR_REQUIRED' },
      ],
      clientMutationId: null,
    });
    const done = await mutate(
      shop,
      'loginSecondFactor',
      { challenge: asked.secondFactorChallenge, code: await codeOf(setup.secret, 1) },
      'token viewer { username }',
    );
    expect(done).toMatchObject({ viewer: { username }, userErrors: [] });
    expect((await shop.graphql('{ viewer { username } }', {}, done.token)).data.viewer.username).toBe(username);
  });

  it('refuses a wrong or used code, a malformed one, and a stale challenge at their fields; a recovery code works once', async () => {
    const username = `tfa-graph-${++counter}`;
    const { secret, recoveryCodes } = await turnOn(shop, await shop.user(username));
    const second = async (input: Record<string, unknown>) =>
      mutate(
        shop,
        'loginSecondFactor',
        { challenge: (await login(username)).secondFactorChallenge, ...input },
        'token',
      );
    expect(await second({})).toEqual({
      token: null,
      userErrors: [
        { message: 'Enter the 6-digit code from your authenticator app', field: 'code', code: 'INVALID_INPUT' },
      ],
      clientMutationId: null,
    });
    const code = await codeOf(secret, 1);
    expect((await second({ code })).userErrors).toEqual([]);
    expect((await second({ code })).userErrors).toEqual([
      {
        message: 'That code is not right, or it was used already: enter the one your app shows now',
        field: 'code',
        code: 'INVALID_CREDENTIALS',
      },
    ]);
    expect((await second({ recoveryCode: recoveryCodes[0] })).userErrors).toEqual([]);
    expect((await second({ recoveryCode: recoveryCodes[0] })).userErrors).toEqual([
      {
        message: 'That recovery code is not one of yours, or it was used already',
        field: 'recoveryCode',
        code: 'INVALID_CREDENTIALS',
      },
    ]);
    expect(
      (await mutate(shop, 'loginSecondFactor', { challenge: 'made.up.challenge', code: '123456' }, 'token')).userErrors,
    ).toEqual([
      {
        message: 'The sign-in took too long: enter your password again',
        field: 'challenge',
        code: 'INVALID_CREDENTIALS',
      },
    ]);
  });

  it('lets a person with a second factor change their password and go on, with no code asked', async () => {
    const username = `tfa-graph-${++counter}`;
    const { token } = await turnOn(shop, await shop.user(username));
    const changed = await mutate(
      shop,
      'changePassword',
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-secret', confirmPassword: 'a-new-secret' },
      'token viewer { username }',
      token,
    );
    expect(changed).toMatchObject({ viewer: { username }, userErrors: [] });
    expect((await shop.graphql('{ viewer { username } }', {}, changed.token)).data.viewer.username).toBe(username);
  });

  it('is turned off and its codes renewed with the password; a staff manager resets someone else’s (audited)', async () => {
    const username = `tfa-graph-${++counter}`;
    const { token } = await turnOn(shop, await shop.user(username));
    expect(
      (await mutate(shop, 'disableTwoFactor', { password: 'wrong' }, 'viewer { username }', token)).userErrors,
    ).toEqual([{ message: 'Current password is incorrect', field: 'password', code: 'INVALID_INPUT' }]);
    const renewed = await mutate(
      shop,
      'regenerateRecoveryCodes',
      { password: DEFAULT_PASSWORD },
      `recoveryCodes viewer { ${STATUS} }`,
      token,
    );
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect(renewed.viewer.twoFactor.recoveryCodesLeft).toBe(10);
    const off = await mutate(shop, 'disableTwoFactor', { password: DEFAULT_PASSWORD }, `viewer { ${STATUS} }`, token);
    expect(off).toEqual({
      viewer: { twoFactor: { enabled: false, recoveryCodesLeft: 0, required: false } },
      userErrors: [],
      clientMutationId: null,
    });
    expect((await login(username)).token).toEqual(expect.any(String));

    const again = await turnOn(shop, token);
    expect(
      await mutate(shop, 'resetTwoFactor', { username }, 'staffMember { username twoFactorEnabled }', again.token),
    ).toMatchObject({ staffMember: null, userErrors: [{ code: 'FORBIDDEN', field: null }] });
    expect(
      await mutate(shop, 'resetTwoFactor', { username }, 'staffMember { username twoFactorEnabled }', admin),
    ).toEqual({ staffMember: { username, twoFactorEnabled: false }, userErrors: [], clientMutationId: null });
    expect((await login(username)).token).toEqual(expect.any(String));
    expect((await mutate(shop, 'resetTwoFactor', { username }, 'staffMember { username }', admin)).userErrors).toEqual([
      { message: `${username} does not sign in with a second factor`, field: 'username', code: 'CONFLICT' },
    ]);
  });

  it('where the shop requires it of staff, the owner’s permissions (and every order on their socket) come with it', async () => {
    const strict = await startShop({ rest: { env: { STAFF_TWO_FACTOR_REQUIRED: 'true' } } });
    try {
      const owner = await strict.adminToken();
      let ownerNow = owner;
      const viewer = async (token = owner) =>
        (await strict.graphql(`{ viewer { isAdmin permissions permissionsAwaitTwoFactor ${STATUS} } }`, {}, token)).data
          .viewer;
      // An owner without the second factor the shop requires acts as a shopper until it is on.
      expect(await viewer()).toEqual({
        isAdmin: false,
        permissions: [],
        permissionsAwaitTwoFactor: true,
        twoFactor: { enabled: false, recoveryCodesLeft: 0, required: true },
      });
      expect((await strict.graphql('{ staffMembers { username } }', {}, owner)).errors?.[0]?.extensions?.code).toBe(
        'FORBIDDEN',
      );
      const socket = strict.gateway.socket(owner, { retryAttempts: 0, onNonLazyError: () => undefined });
      try {
        expect((await ask(socket, '{ viewer { username } }')).errors).toBeUndefined();
        const closed = within(
          new Promise<{ code: number; reason: string }>((resolve) =>
            socket.on('closed', (event) => resolve(event as { code: number; reason: string })),
          ),
          'the socket closing',
        );
        const turnedOn = await turnOn(strict, owner, ADMIN_PASSWORD);
        ownerNow = turnedOn.token;
        expect(turnedOn.viewer.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });
        // The password-only session ended: its socket too, on every gateway (the web goes on with the new token).
        expect(await closed).toMatchObject({ code: 4403, reason: 'Session ended' });
      } finally {
        await socket.dispose();
      }
      expect(await viewer(ownerNow)).toMatchObject({
        isAdmin: true,
        permissions: [...PERMISSIONS],
        permissionsAwaitTwoFactor: false,
      });
      // Its new socket follows every order: a shopper's checkout reaches it.
      const fresh = strict.gateway.socket(ownerNow);
      try {
        const feed = listen(fresh, 'subscription { orderUpdated { customerUsername } }');
        expect((await ask(fresh, '{ viewer { username } }')).errors).toBeUndefined();
        const product = await mutate(
          strict,
          'createProduct',
          { name: 'Second Factor Probe', description: 'For the owner’s events', price: 5, quantity: 10 },
          'product { id }',
          ownerNow,
        );
        const buyerName = `tfa-buyer-${++counter}`;
        const buyer = await strict.user(buyerName);
        await mutate(strict, 'addToCart', { productId: product.product.id, quantity: 1 }, 'cart { itemCount }', buyer);
        await mutate(strict, 'checkout', { shippingAddress: '2 Factor Lane' }, 'order { number }', buyer);
        expect((await feed.next()).data).toEqual({ orderUpdated: { customerUsername: buyerName } });
        feed.stop();
      } finally {
        await fresh.dispose();
      }
      expect(
        (await mutate(strict, 'disableTwoFactor', { password: ADMIN_PASSWORD }, 'viewer { username }', ownerNow))
          .userErrors,
      ).toEqual([
        {
          message:
            'Your staff roles require two-factor sign-in: it stays on (set it up again from a new app after an owner resets it)',
          field: null,
          code: 'CONFLICT',
        },
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe.runIf(!restExtensions)('over the plain contract', () => {
  it('has no second factor: the status is null and changes are NOT_SUPPORTED', async () => {
    const token = await shop.user(`tfa-plain-${++counter}`);
    expect((await shop.graphql(`{ viewer { permissionsAwaitTwoFactor ${STATUS} } }`, {}, token)).data.viewer).toEqual({
      permissionsAwaitTwoFactor: false,
      twoFactor: null,
    });
    const answer = await shop.graphql(
      'mutation { startTwoFactorSetup(input: {}) { secret userErrors { message } } }',
      {},
      token,
    );
    expect(answer.errors?.[0]).toMatchObject({ message: NOT_SUPPORTED, extensions: { code: 'NOT_SUPPORTED' } });
    const second = await shop.graphql(
      'mutation { loginSecondFactor(input: { challenge: "x", code: "123456" }) { token } }',
    );
    expect(second.errors?.[0]).toMatchObject({
      message:
        "The shop's REST service offers no second factor (it lacks the POST /api/auth/login/second-factor extension)",
      extensions: { code: 'NOT_SUPPORTED' },
    });
  });
});
