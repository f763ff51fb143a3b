// Every mutation of schema.graphql as a client meets it: the happy path answers what a normalized cache needs
// (ids and the changed fields), each rule answers a userError naming its field and writes nothing (re-read
// through the graph), and who may do what. Real HTTP to the real gateway over the real REST service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../../tests/helpers/fault-proxy.js';
import { type GraphQLAnswer, type Shop, restExtensions, startGateway, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let adminRest: string;
let admin: string;

beforeAll(async () => {
  shop = await startShop();
  adminRest = await shop.rest.adminToken();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const USER_ERRORS = 'userErrors { message field code } clientMutationId';

/** Runs `mutation { name(input: $input) { selection userErrors … } }` and answers the whole GraphQL answer. */
function send(name: string, input: Record<string, unknown>, selection: string, token?: string): Promise<GraphQLAnswer> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  return shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
}

/** A mutation that must not fail as a GraphQL error: its payload (which may still carry userErrors). */
async function mutate(name: string, input: Record<string, unknown>, selection: string, token?: string): Promise<any> {
  const answer = await send(name, input, selection, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

/** A mutation that must fail with exactly one userError: that error (the payload is checked to carry nothing else). */
async function refused(name: string, input: Record<string, unknown>, selection: string, token: string) {
  const payload = await mutate(name, { ...input, clientMutationId: `refused-${name}` }, selection, token);
  expect(payload.userErrors).toHaveLength(1);
  expect(payload.clientMutationId).toBe(`refused-${name}`);
  for (const [key, value] of Object.entries(payload))
    if (key !== 'userErrors' && key !== 'clientMutationId') expect(value, key).toBeNull();
  return payload.userErrors[0] as { message: string; field: string | null; code: string };
}

async function read<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const answer = await shop.graphql<T>(query, variables, token);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!;
}

const errorCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

/** Without a token a mutation is a GraphQL error UNAUTHENTICATED, not a payload. */
async function expectUnauthenticated(name: string, input: Record<string, unknown>, selection = '') {
  const answer = await send(name, input, selection);
  expect(answer.data?.[name] ?? null).toBeNull();
  expect(errorCodes(answer)).toEqual(['UNAUTHENTICATED']);
}

const globalIdOfType = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`).toString('base64url');

/** A product made straight through the REST service, with the global id the graph gives it. */
async function makeProduct(fields: {
  name: string;
  price?: number;
  quantity?: number;
  description?: string;
}): Promise<string> {
  await shop.rest.createProduct(adminRest, fields);
  const { products } = await read(
    'query ($name: String) { products(first: 2, filter: { name: $name }) { edges { node { id name } } } }',
    { name: fields.name },
    admin,
  );
  expect(products.edges).toHaveLength(1);
  return products.edges[0].node.id;
}

const stockOf = async (id: string) =>
  (await read('query ($id: ID!) { product(id: $id) { quantity } }', { id }, admin)).product?.quantity;

const CART = 'cart { id totalPrice itemCount items { productName price quantity subtotal product { id } } }';
const cartOf = async (token: string) => (await read(`{ viewer { ${CART} } }`, {}, token)).viewer.cart;

async function addToCart(token: string, productId: string, quantity: number) {
  const payload = await mutate('addToCart', { productId, quantity }, 'cart { id }', token);
  expect(payload.userErrors).toEqual([]);
}

async function checkout(token: string, shippingAddress = '1 Checkout Road'): Promise<string> {
  const payload = await mutate('checkout', { shippingAddress }, 'order { id }', token);
  expect(payload.userErrors).toEqual([]);
  return payload.order.id;
}

async function loginAnswer(username: string, password: string) {
  return mutate('login', { username, password }, 'token viewer { username }');
}

// ---------------------------------------------------------------------------------------------------------
describe('register', () => {
  it('creates a regular account and does not log in: the payload’s token works, and the client logs in afresh', async () => {
    const payload = await mutate(
      'register',
      { username: 'm-Reg.New', password: 'pw-new', confirmPassword: 'pw-new', clientMutationId: 'reg-1' },
      'token',
    );
    expect(payload).toEqual({ token: expect.any(String), userErrors: [], clientMutationId: 'reg-1' });
    const { viewer } = await read('{ viewer { username roles isAdmin } }', {}, payload.token);
    expect(viewer).toEqual({ username: 'm-Reg.New', roles: ['USER'], isAdmin: false });
    const login = await loginAnswer('m-Reg.New', 'pw-new');
    expect(login).toMatchObject({ token: expect.any(String), viewer: { username: 'm-Reg.New' }, userErrors: [] });
  });

  it('does not act as the new account for the rest of the request (login does)', async () => {
    // Mutation fields run in order: a field after register still has no viewer, one after login has one.
    const afterRegister = await shop.graphql(`mutation {
      register(input: { username: "m-reg-then", password: "pw-then", confirmPassword: "pw-then" }) { token userErrors { message } }
      updateProfile(input: { firstName: "Then" }) { user { firstName } userErrors { message } }
    }`);
    expect(afterRegister.errors?.map((error) => [error.path?.[0], error.extensions?.code])).toEqual([
      ['updateProfile', 'UNAUTHENTICATED'],
    ]);
    const afterLogin = await shop.graphql(`mutation {
      login(input: { username: "m-reg-then", password: "pw-then" }) { token userErrors { message } }
      updateProfile(input: { firstName: "Then" }) { user { firstName } userErrors { message } }
    }`);
    expect(afterLogin.errors).toBeUndefined();
    expect(afterLogin.data.updateProfile).toEqual({ user: { firstName: 'Then' }, userErrors: [] });
    expect((await read('{ viewer { username firstName } }', {}, afterLogin.data.login.token)).viewer).toEqual({
      username: 'm-reg-then',
      firstName: 'Then',
    });
  });

  it.each([
    [
      'a username shorter than 3',
      { username: 'ab', password: 'secret', confirmPassword: 'secret' },
      'username',
      /at least 3/,
    ],
    ['a blank username', { username: '', password: 'secret', confirmPassword: 'secret' }, 'username', /required/],
    [
      'a username with spaces',
      { username: 'm reg spaces', password: 'secret', confirmPassword: 'secret' },
      'username',
      /letters, digits/,
    ],
    [
      'a password shorter than 3',
      { username: 'm-reg-shortpw', password: 'pw', confirmPassword: 'pw' },
      'password',
      /at least 3/,
    ],
    [
      'a confirmPassword that differs',
      { username: 'm-reg-mismatch', password: 'secret', confirmPassword: 'secreT' },
      'confirmPassword',
      /^Passwords do not match$/,
    ],
  ])('refuses %s as INVALID_INPUT on its field, and creates no account', async (_label, input, field, message) => {
    const error = await refused('register', input, 'token', '');
    expect(error).toEqual({ message: expect.stringMatching(message), field, code: 'INVALID_INPUT' });
    const login = await loginAnswer(input.username || 'm-reg-blank', input.password);
    expect(login.userErrors.map((userError: any) => userError.code)).toEqual(['INVALID_CREDENTIALS']);
  });

  it('refuses a taken username, in any case, as CONFLICT on username, leaving the account as it was', async () => {
    await shop.rest.register('m-reg-taken', 'original');
    const error = await refused(
      'register',
      { username: 'M-REG-TAKEN', password: 'intruder', confirmPassword: 'intruder' },
      'token',
      '',
    );
    expect(error).toEqual({ message: expect.stringMatching(/taken/), field: 'username', code: 'CONFLICT' });
    expect((await loginAnswer('m-reg-taken', 'original')).token).toEqual(expect.any(String));
    expect((await loginAnswer('m-reg-taken', 'intruder')).token).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('login', () => {
  it('answers too many attempts for one username with TOO_MANY_ATTEMPTS and the seconds to wait, not as a logout', async () => {
    const limited = await startShop({ rest: { env: { LOGIN_ATTEMPTS_PER_MINUTE: '2' } } });
    try {
      await limited.rest.register('m-throttled', 'pw-right');
      const LOGIN =
        'mutation ($password: String!) { login(input: { username: "m-throttled", password: $password }) { token userErrors { message field code retryAfterSeconds } } }';
      for (const password of ['wrong-1', 'wrong-2']) {
        const answer = await limited.graphql(LOGIN, { password });
        expect(answer.data.login.userErrors[0].code).toBe('INVALID_CREDENTIALS');
      }
      const third = await limited.graphql(LOGIN, { password: 'pw-right' });
      expect(third.errors).toBeUndefined();
      expect(third.data.login).toEqual({
        token: null,
        // The first lockout is a minute: the REST service's Retry-After, in seconds for programs.
        userErrors: [
          {
            message: 'Too many login attempts for this username. Try again in 1 minute.',
            field: null,
            code: 'TOO_MANY_ATTEMPTS',
            retryAfterSeconds: 60,
          },
        ],
      });
    } finally {
      await limited.close();
    }
  });

  it('logs in with the username in any case: a token, and the viewer resolved with it', async () => {
    await shop.rest.register('m-Login.Case', 'pw-login');
    for (const username of ['m-Login.Case', 'M-LOGIN.CASE', 'm-login.case']) {
      const payload = await mutate(
        'login',
        { username, password: 'pw-login', clientMutationId: 'login-1' },
        'token viewer { id username cart { id itemCount } }',
      );
      expect(payload).toEqual({
        token: expect.any(String),
        viewer: { id: expect.any(String), username: 'm-Login.Case', cart: { id: expect.any(String), itemCount: 0 } },
        userErrors: [],
        clientMutationId: 'login-1',
      });
      expect((await read('{ viewer { id username } }', {}, payload.token)).viewer).toEqual({
        id: payload.viewer.id,
        username: 'm-Login.Case',
      });
    }
  });

  it('a wrong password or an unknown username: INVALID_CREDENTIALS with no field, the same message, no token and no viewer', async () => {
    await shop.rest.register('m-login-wrong', 'right-pw');
    const wrongPassword = await refused(
      'login',
      { username: 'm-login-wrong', password: 'wrong-pw' },
      'token viewer { id }',
      '',
    );
    const unknownUser = await refused(
      'login',
      { username: 'm-login-nobody', password: 'wrong-pw' },
      'token viewer { id }',
      '',
    );
    expect(wrongPassword).toEqual({ message: expect.any(String), field: null, code: 'INVALID_CREDENTIALS' });
    expect(unknownUser).toEqual(wrongPassword);
  });

  it.each([
    ['username', { username: '  ', password: 'secret' }],
    ['password', { username: 'm-login-blank', password: '' }],
  ])('a blank %s is INVALID_INPUT on that field', async (field, input) => {
    const error = await refused('login', input, 'token viewer { id }', '');
    expect(error).toEqual({ message: expect.stringMatching(/required/), field, code: 'INVALID_INPUT' });
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('updateProfile', () => {
  const PROFILE_FIELDS =
    'id email firstName lastName phoneNumber address preferences { emailNotifications smsNotifications language timezone }';
  const USER = `user { ${PROFILE_FIELDS} }`;
  const PROFILE = `{ viewer { ${PROFILE_FIELDS} } }`;
  const profileOf = async (token: string) => (await read(PROFILE, {}, token)).viewer;

  it('changes only the fields given and answers the viewer with its id and the changed fields', async () => {
    const token = await shop.user('m-profile-partial');
    const { id } = await profileOf(token);
    const first = await mutate(
      'updateProfile',
      { email: 'p@example.com', firstName: 'Petra', clientMutationId: 'prof-1' },
      USER,
      token,
    );
    expect(first).toEqual({
      user: {
        id,
        email: 'p@example.com',
        firstName: 'Petra',
        lastName: null,
        phoneNumber: null,
        address: null,
        preferences: { emailNotifications: true, smsNotifications: false, language: 'en', timezone: 'UTC' },
      },
      userErrors: [],
      clientMutationId: 'prof-1',
    });
    const second = await mutate(
      'updateProfile',
      {
        lastName: 'Partial',
        phoneNumber: '+1 555 0100',
        address: '9 Partial Way',
        preferences: { language: 'de', smsNotifications: true },
      },
      USER,
      token,
    );
    const expected = {
      id,
      email: 'p@example.com',
      firstName: 'Petra',
      lastName: 'Partial',
      phoneNumber: '+1 555 0100',
      address: '9 Partial Way',
      preferences: { emailNotifications: true, smsNotifications: true, language: 'de', timezone: 'UTC' },
    };
    expect(second.user).toEqual(expected);
    expect(await profileOf(token)).toEqual(expected);
    const third = await mutate(
      'updateProfile',
      { preferences: { timezone: 'Europe/Berlin', emailNotifications: false } },
      USER,
      token,
    );
    expect(third.user.preferences).toEqual({
      emailNotifications: false,
      smsNotifications: true,
      language: 'de',
      timezone: 'Europe/Berlin',
    });
  });

  it('null or an empty string clears a field; omitted fields stay', async () => {
    const token = await shop.user('m-profile-clear');
    await mutate(
      'updateProfile',
      { email: 'c@example.com', firstName: 'Clara', lastName: 'Clear', address: 'Somewhere 1' },
      USER,
      token,
    );
    const cleared = await mutate('updateProfile', { email: null, firstName: '', address: '   ' }, USER, token);
    expect(cleared.userErrors).toEqual([]);
    expect(cleared.user).toMatchObject({ email: null, firstName: null, lastName: 'Clear', address: null });
    expect(await profileOf(token)).toMatchObject({ email: null, firstName: null, lastName: 'Clear', address: null });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['phoneNumber', { phoneNumber: 'call me maybe' }],
    ['preferences.language', { preferences: { language: 'Klingon!' } }],
    ['preferences.timezone', { preferences: { timezone: 'Mars/Olympus' } }],
  ])('refuses a bad %s as INVALID_INPUT on it, and changes nothing', async (field, input) => {
    const token = await shop.user(`m-profile-bad-${field.replace('.', '-')}`);
    await mutate('updateProfile', { email: 'keep@example.com', firstName: 'Keep' }, USER, token);
    const before = await profileOf(token);
    const error = await refused('updateProfile', { firstName: 'Changed', ...input }, USER, token);
    expect(error).toEqual({ message: expect.any(String), field, code: 'INVALID_INPUT' });
    expect(await profileOf(token)).toEqual(before);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated('updateProfile', { firstName: 'Anon' }, 'user { id }');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('changePassword', () => {
  it('answers a new token and the viewer; the old token stops working, the new one and the new password work', async () => {
    const old = await shop.user('m-pw-change', 'old-pw');
    const viewerId = (await read('{ viewer { id } }', {}, old)).viewer.id;
    const payload = await mutate(
      'changePassword',
      { currentPassword: 'old-pw', newPassword: 'new-pw', confirmPassword: 'new-pw', clientMutationId: 'pw-1' },
      'token viewer { id username }',
      old,
    );
    expect(payload).toEqual({
      token: expect.any(String),
      viewer: { id: viewerId, username: 'm-pw-change' },
      userErrors: [],
      clientMutationId: 'pw-1',
    });
    expect(payload.token).not.toBe(old);
    const withOld = await shop.graphql('{ viewer { username } }', {}, old);
    expect(errorCodes(withOld)).toEqual(['UNAUTHENTICATED']);
    expect((await read('{ viewer { username } }', {}, payload.token)).viewer.username).toBe('m-pw-change');
    expect((await loginAnswer('m-pw-change', 'new-pw')).token).toEqual(expect.any(String));
    expect((await loginAnswer('m-pw-change', 'old-pw')).token).toBeNull();
  });

  it.each([
    [
      'a wrong current password',
      { currentPassword: 'not-it', newPassword: 'next-pw', confirmPassword: 'next-pw' },
      'currentPassword',
    ],
    [
      'a blank current password',
      { currentPassword: '', newPassword: 'next-pw', confirmPassword: 'next-pw' },
      'currentPassword',
    ],
    [
      'a new password shorter than 3',
      { currentPassword: 'kept-pw', newPassword: 'ab', confirmPassword: 'ab' },
      'newPassword',
    ],
    [
      'a confirmation that differs',
      { currentPassword: 'kept-pw', newPassword: 'next-pw', confirmPassword: 'next-PW' },
      'confirmPassword',
    ],
  ])('refuses %s as INVALID_INPUT on its field: no logout, the password unchanged', async (label, input, field) => {
    const token = await shop.user(`m-pw-${label.replace(/\W+/g, '-')}`.slice(0, 50), 'kept-pw');
    const username = (await read('{ viewer { username } }', {}, token)).viewer.username;
    const error = await refused('changePassword', input, 'token viewer { id }', token);
    expect(error).toEqual({ message: expect.any(String), field, code: 'INVALID_INPUT' });
    expect((await read('{ viewer { username } }', {}, token)).viewer.username).toBe(username);
    expect((await loginAnswer(username, 'kept-pw')).token).toEqual(expect.any(String));
    expect((await loginAnswer(username, 'next-pw')).token).toBeNull();
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated(
      'changePassword',
      { currentPassword: 'a', newPassword: 'bcd', confirmPassword: 'bcd' },
      'token',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('deleteAccount', () => {
  it('answers the deleted user’s id; every token stops working; orders are kept; the username is free again', async () => {
    const token = await shop.user('m-delete-me', 'delete-pw');
    const second = (await loginAnswer('m-delete-me', 'delete-pw')).token;
    const productId = await makeProduct({ name: 'M deleted buyer splint', price: 4, quantity: 10 });
    await addToCart(token, productId, 2);
    const orderId = await checkout(token, '1 Gone Street');
    const viewerId = (await read('{ viewer { id } }', {}, token)).viewer.id;

    const payload = await mutate('deleteAccount', { clientMutationId: 'bye' }, 'deletedUserId', token);
    expect(payload).toEqual({ deletedUserId: viewerId, userErrors: [], clientMutationId: 'bye' });

    for (const dead of [token, second])
      expect(errorCodes(await shop.graphql('{ viewer { username } }', {}, dead))).toEqual(['UNAUTHENTICATED']);
    expect((await loginAnswer('m-delete-me', 'delete-pw')).userErrors.map((error: any) => error.code)).toEqual([
      'INVALID_CREDENTIALS',
    ]);
    // The order stays for the shop (admins read any order), with its lines.
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on Order { id shippingAddress items { productName quantity } } } }',
      { id: orderId },
      admin,
    );
    expect(node).toEqual({
      id: orderId,
      shippingAddress: '1 Gone Street',
      items: [{ productName: 'M deleted buyer splint', quantity: 2 }],
    });
    const again = await mutate(
      'register',
      { username: 'm-delete-me', password: 'fresh-pw', confirmPassword: 'fresh-pw' },
      'token',
    );
    expect(again.userErrors).toEqual([]);
    const { viewer } = await read('{ viewer { id orders { totalCount } cart { itemCount } } }', {}, again.token);
    expect(viewer).toMatchObject({ orders: { totalCount: 0 }, cart: { itemCount: 0 } });
    expect(viewer.id).not.toBe(viewerId);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated('deleteAccount', {}, 'deletedUserId');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('createProduct, updateProduct, deleteProduct', () => {
  const PRODUCT_FIELDS = 'id name description price quantity inStock imageUrl imageUrls';
  const PRODUCT = `product { ${PRODUCT_FIELDS} }`;
  const productById = async (id: string) =>
    (await read(`query ($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id }, admin)).product;
  const countNamed = async (name: string) =>
    (await read('query ($name: String) { products(filter: { name: $name }) { totalCount } }', { name }, admin)).products
      .totalCount;

  const valid = { name: 'M Valid Product', description: 'Sturdy', price: 9.99, quantity: 4 };

  it('createProduct (admin) answers the new product with its id, trimmed, with the images normalised', async () => {
    const payload = await mutate(
      'createProduct',
      {
        name: '  M Created Crutch  ',
        description: ' Aluminium ',
        price: 49.5,
        quantity: 0,
        imageUrl: ' https://img.example/crutch.png ',
        imageUrls: ['https://img.example/crutch-2.png', '  ', 'https://img.example/crutch.png', '/images/crutch-3.png'],
        clientMutationId: 'create-1',
      },
      PRODUCT,
      admin,
    );
    const product = {
      id: expect.any(String),
      name: 'M Created Crutch',
      description: 'Aluminium',
      price: 49.5,
      quantity: 0,
      inStock: false,
      imageUrl: 'https://img.example/crutch.png',
      imageUrls: ['https://img.example/crutch.png', 'https://img.example/crutch-2.png', '/images/crutch-3.png'],
    };
    expect(payload).toEqual({ product, userErrors: [], clientMutationId: 'create-1' });
    expect(await productById(payload.product.id)).toEqual(payload.product);
  });

  it('createProduct without images answers imageUrl null and no imageUrls', async () => {
    const payload = await mutate('createProduct', { ...valid, name: 'M Imageless' }, PRODUCT, admin);
    expect(payload.product).toMatchObject({ name: 'M Imageless', imageUrl: null, imageUrls: [], inStock: true });
  });

  const RULES: [string, Record<string, unknown>, string][] = [
    ['a blank name', { name: '   ' }, 'name'],
    ['a blank description', { description: ' ' }, 'description'],
    ['a negative price', { price: -0.01 }, 'price'],
    ['a price with three decimals', { price: 1.005 }, 'price'],
    ['a price above the maximum', { price: 1_000_000.01 }, 'price'],
    ['a negative quantity', { quantity: -1 }, 'quantity'],
    ['a quantity above the maximum', { quantity: 1_000_001 }, 'quantity'],
    ['an image URL that is not http(s) or a shop path', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['a protocol-relative image URL', { imageUrl: '//evil.example/x.png' }, 'imageUrl'],
    [
      'a bad URL among imageUrls',
      { imageUrls: ['https://ok.example/a.png', 'ftp://files.example/b.png'] },
      'imageUrls',
    ],
  ];

  it.each(RULES)(
    'createProduct refuses %s as INVALID_INPUT on its field, and creates nothing',
    async (label, change, field) => {
      const name = `M refused create ${label}`.slice(0, 60);
      const error = await refused('createProduct', { ...valid, name, ...change }, PRODUCT, admin);
      expect(error).toEqual({ message: expect.any(String), field, code: 'INVALID_INPUT' });
      expect(await countNamed('M refused create')).toBe(0);
    },
  );

  it('createProduct by a USER is FORBIDDEN and creates nothing', async () => {
    const token = await shop.user('m-user-creates');
    const error = await refused('createProduct', { ...valid, name: 'M Forbidden Create' }, PRODUCT, token);
    expect(error).toMatchObject({ field: null, code: 'FORBIDDEN' });
    expect(await countNamed('M Forbidden Create')).toBe(0);
  });

  it('updateProduct (admin) answers the product, same id, with every field replaced', async () => {
    const id = await makeProduct({ name: 'M Update Me', price: 5, quantity: 5 });
    const payload = await mutate(
      'updateProduct',
      {
        id,
        name: 'M Updated',
        description: 'New text',
        price: 6.25,
        quantity: 0,
        imageUrl: '/images/u.png',
        imageUrls: ['/images/v.png'],
        clientMutationId: 'upd-1',
      },
      PRODUCT,
      admin,
    );
    const product = {
      id,
      name: 'M Updated',
      description: 'New text',
      price: 6.25,
      quantity: 0,
      inStock: false,
      imageUrl: '/images/u.png',
      imageUrls: ['/images/u.png', '/images/v.png'],
    };
    expect(payload).toEqual({ product, userErrors: [], clientMutationId: 'upd-1' });
    expect(await productById(id)).toEqual(product);
  });

  it.each(RULES)(
    'updateProduct refuses %s as INVALID_INPUT on its field, and changes nothing',
    async (label, change, field) => {
      const id = await makeProduct({ name: `M unchanged update ${label}`.slice(0, 60), price: 5, quantity: 5 });
      const before = await productById(id);
      const error = await refused('updateProduct', { id, ...valid, ...change }, PRODUCT, admin);
      expect(error).toEqual({ message: expect.any(String), field, code: 'INVALID_INPUT' });
      expect(await productById(id)).toEqual(before);
    },
  );

  it('updateProduct by a USER is FORBIDDEN and changes nothing', async () => {
    const id = await makeProduct({ name: 'M Not Yours To Update', price: 5, quantity: 5 });
    const before = await productById(id);
    const token = await shop.user('m-user-updates');
    const error = await refused('updateProduct', { id, ...valid }, PRODUCT, token);
    expect(error).toMatchObject({ field: null, code: 'FORBIDDEN' });
    expect(await productById(id)).toEqual(before);
  });

  it('updateProduct of an unknown product, or with an id of another type, is NOT_FOUND on id', async () => {
    const orderish = globalIdOfType('Order', 1);
    for (const id of [globalIdOfType('Product', 987654), orderish, 'garbage']) {
      const error = await refused('updateProduct', { id, ...valid }, PRODUCT, admin);
      expect(error, id).toEqual({ message: expect.any(String), field: 'id', code: 'NOT_FOUND' });
    }
  });

  it('deleteProduct (admin) answers the deleted id and the admin’s cart without it; it leaves every cart and the catalogue', async () => {
    const id = await makeProduct({ name: 'M Delete Me', price: 3, quantity: 10 });
    const keep = await makeProduct({ name: 'M Keep Me', price: 2, quantity: 10 });
    const buyer = await shop.user('m-cart-of-deleted');
    await addToCart(buyer, id, 2);
    await addToCart(buyer, keep, 1);
    await addToCart(admin, id, 1);
    const payload = await mutate('deleteProduct', { id, clientMutationId: 'del-1' }, `deletedProductId ${CART}`, admin);
    expect(payload.deletedProductId).toBe(id);
    expect(payload.clientMutationId).toBe('del-1');
    expect(payload.userErrors).toEqual([]);
    expect(payload.cart.items.map((item: any) => item.product.id)).not.toContain(id);
    expect(payload.cart).toEqual(await cartOf(admin));
    expect(await cartOf(buyer)).toMatchObject({
      itemCount: 1,
      totalPrice: 2,
      items: [{ productName: 'M Keep Me', product: { id: keep } }],
    });
    expect(await productById(id)).toBeNull();
    expect(await countNamed('M Delete Me')).toBe(0);
  });

  it('deleteProduct by a USER is FORBIDDEN and the product stays', async () => {
    const id = await makeProduct({ name: 'M Not Yours To Delete', price: 3, quantity: 10 });
    const token = await shop.user('m-user-deletes');
    const error = await refused('deleteProduct', { id }, 'deletedProductId', token);
    expect(error).toMatchObject({ field: null, code: 'FORBIDDEN' });
    expect(await productById(id)).toMatchObject({ id, name: 'M Not Yours To Delete' });
  });

  it('deleteProduct of an unknown product, or with an id of another type, is NOT_FOUND on id', async () => {
    for (const id of [globalIdOfType('Product', 987654), globalIdOfType('ChatRoom', 1), 'garbage']) {
      const error = await refused('deleteProduct', { id }, 'deletedProductId', admin);
      expect(error, id).toEqual({ message: expect.any(String), field: 'id', code: 'NOT_FOUND' });
    }
  });

  describe('a product’s SKU', () => {
    const WITH_SKU = 'product { id name sku }';
    const skuOf = async (id: string) =>
      (await read('query ($id: ID!) { product(id: $id) { sku } }', { id }, admin)).product.sku;

    it.runIf(restExtensions)(
      'is kept trimmed, found whole by the name filter in any case, and stays when an update leaves it out',
      async () => {
        const created = await mutate(
          'createProduct',
          { ...valid, name: 'M Sku Kept', sku: ' M-SKU-1 ' },
          WITH_SKU,
          admin,
        );
        expect(created).toEqual({
          product: { id: expect.any(String), name: 'M Sku Kept', sku: 'M-SKU-1' },
          userErrors: [],
          clientMutationId: null,
        });
        const { id } = created.product;
        const found = await read(
          'query { products(first: 5, filter: { name: "m-sku-1" }) { edges { node { id sku } } } }',
          {},
          admin,
        );
        expect(found.products.edges).toEqual([{ node: { id, sku: 'M-SKU-1' } }]);
        const leftOut = await mutate(
          'updateProduct',
          { id, ...valid, name: 'M Sku Kept', quantity: 9 },
          WITH_SKU,
          admin,
        );
        expect(leftOut.product).toEqual({ id, name: 'M Sku Kept', sku: 'M-SKU-1' });
        const cleared = await mutate('updateProduct', { id, ...valid, name: 'M Sku Kept', sku: '' }, WITH_SKU, admin);
        expect(cleared.product.sku).toBeNull();
        expect(await skuOf(id)).toBeNull();
      },
    );

    it.runIf(restExtensions)(
      'another product’s SKU, in any case, is a CONFLICT on sku, and nothing changes',
      async () => {
        await mutate('createProduct', { ...valid, name: 'M Sku Holder', sku: 'M-SKU-2' }, WITH_SKU, admin);
        const id = await makeProduct({ name: 'M Sku Wanter', price: 5, quantity: 5 });
        const expected = { message: 'SKU m-sku-2 is already used by "M Sku Holder"', field: 'sku', code: 'CONFLICT' };
        expect(
          await refused('createProduct', { ...valid, name: 'M Sku Second', sku: 'm-sku-2' }, WITH_SKU, admin),
        ).toEqual(expected);
        expect(await refused('updateProduct', { id, ...valid, sku: 'm-sku-2' }, WITH_SKU, admin)).toEqual(expected);
        expect(await countNamed('M Sku Second')).toBe(0);
        expect(await skuOf(id)).toBeNull();
      },
    );

    it.runIf(restExtensions)(
      'is kept when it comes in the first request a gateway serves, before any answer said what REST offers',
      async () => {
        const fresh = await startGateway(shop.rest.url);
        try {
          const answer = await fresh.graphql(
            `mutation ($input: CreateProductInput!) { createProduct(input: $input) { ${WITH_SKU} userErrors { field } } }`,
            { input: { ...valid, name: 'M Sku First Request', sku: 'M-SKU-FIRST' } },
            adminRest,
          );
          expect(answer.data!.createProduct).toEqual({
            product: { id: expect.any(String), name: 'M Sku First Request', sku: 'M-SKU-FIRST' },
            userErrors: [],
          });
        } finally {
          await fresh.close();
        }
      },
    );

    it('one that breaks the rules is INVALID_INPUT on sku, and nothing is created', async () => {
      const error = await refused('createProduct', { ...valid, name: 'M Sku Spaced', sku: 'M SKU' }, WITH_SKU, admin);
      expect(error).toEqual({
        message: 'SKU must be letters, digits and - _ . / only, starting with a letter or digit',
        field: 'sku',
        code: 'INVALID_INPUT',
      });
      expect(await countNamed('M Sku Spaced')).toBe(0);
    });

    it.runIf(!restExtensions)(
      'the plain contract keeps none: sku is null, and one given is INVALID_INPUT on sku before anything is written',
      async () => {
        const created = await mutate(
          'createProduct',
          { ...valid, name: 'M Plain Without SKU', sku: '' },
          WITH_SKU,
          admin,
        );
        expect(created.product).toEqual({ id: expect.any(String), name: 'M Plain Without SKU', sku: null });
        const error = await refused('createProduct', { ...valid, name: 'M Plain Sku', sku: 'P-1' }, WITH_SKU, admin);
        expect(error).toEqual({
          message: "This shop does not keep a product's SKU: its REST service lacks the product-sku extension",
          field: 'sku',
          code: 'INVALID_INPUT',
        });
        expect(await countNamed('M Plain Sku')).toBe(0);
        const { id } = created.product;
        expect(await refused('updateProduct', { id, ...valid, sku: 'P-1' }, WITH_SKU, admin)).toEqual(error);
      },
    );
  });

  describe('a picture’s alt text', () => {
    const WITH_IMAGES = 'product { id imageUrls images { url alt } }';
    const [main, side] = ['/images/m-alt-main.png', 'https://cdn.example/m-alt-side.png'];

    it.runIf(restExtensions)(
      'is answered with each image, null where none was given, and stays with its image when an update leaves it out',
      async () => {
        const created = await mutate(
          'createProduct',
          {
            ...valid,
            name: 'M Alt Texts',
            imageUrl: main,
            imageUrls: [side],
            imageAlts: [{ url: side, alt: ' The tray from the side ' }],
          },
          WITH_IMAGES,
          admin,
        );
        expect(created.product.images).toEqual([
          { url: main, alt: null },
          { url: side, alt: 'The tray from the side' },
        ]);
        const { id } = created.product;
        const swapped = await mutate(
          'updateProduct',
          { id, ...valid, name: 'M Alt Texts', imageUrl: side, imageUrls: [main] },
          WITH_IMAGES,
          admin,
        );
        expect(swapped.product).toEqual({
          id,
          imageUrls: [side, main],
          images: [
            { url: side, alt: 'The tray from the side' },
            { url: main, alt: null },
          ],
        });
        const error = await refused(
          'updateProduct',
          { id, ...valid, imageUrl: side, imageAlts: [{ url: '/images/elsewhere.png', alt: 'A box' }] },
          WITH_IMAGES,
          admin,
        );
        expect(error).toEqual({
          message: 'Alt text must be for one of the product’s images',
          field: 'imageAlts',
          code: 'INVALID_INPUT',
        });
        const again = await read('query ($id: ID!) { product(id: $id) { images { url alt } } }', { id }, admin);
        expect(again.product.images).toEqual(swapped.product.images);
      },
    );

    it.runIf(!restExtensions)(
      'the plain contract keeps none: alt is null, and a text given is INVALID_INPUT on imageAlts, nothing written',
      async () => {
        const created = await mutate(
          'createProduct',
          { ...valid, name: 'M Plain Alts', imageUrl: main, imageAlts: [] },
          WITH_IMAGES,
          admin,
        );
        expect(created.product.images).toEqual([{ url: main, alt: null }]);
        const error = await refused(
          'createProduct',
          { ...valid, name: 'M Plain Alt Given', imageUrl: main, imageAlts: [{ url: main, alt: 'A box' }] },
          WITH_IMAGES,
          admin,
        );
        expect(error).toEqual({
          message:
            "This shop does not keep a product's alt text: its REST service lacks the product-pictures extension",
          field: 'imageAlts',
          code: 'INVALID_INPUT',
        });
        expect(await countNamed('M Plain Alt Given')).toBe(0);
      },
    );
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    const id = await makeProduct({ name: 'M Anonymous Target', price: 3, quantity: 10 });
    await expectUnauthenticated('createProduct', valid, 'product { id }');
    await expectUnauthenticated('updateProduct', { id, ...valid }, 'product { id }');
    await expectUnauthenticated('deleteProduct', { id }, 'deletedProductId');
    expect(await productById(id)).toMatchObject({ name: 'M Anonymous Target', price: 3 });
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('addToCart, updateCartItem, removeCartItem, clearCart', () => {
  it('addToCart adds 1 by default, the same product’s line grows, and the payload is the whole cart with ids', async () => {
    const token = await shop.user('m-cart-add');
    const gauze = await makeProduct({ name: 'M Cart Gauze', price: 2.5, quantity: 20 });
    const tape = await makeProduct({ name: 'M Cart Tape', price: 1.1, quantity: 20 });
    const cartId = (await cartOf(token)).id;
    const first = await mutate('addToCart', { productId: gauze, clientMutationId: 'add-1' }, CART, token);
    expect(first).toEqual({
      cart: {
        id: cartId,
        totalPrice: 2.5,
        itemCount: 1,
        items: [{ productName: 'M Cart Gauze', price: 2.5, quantity: 1, subtotal: 2.5, product: { id: gauze } }],
      },
      userErrors: [],
      clientMutationId: 'add-1',
    });
    await mutate('addToCart', { productId: tape, quantity: 3 }, CART, token);
    const merged = await mutate('addToCart', { productId: gauze, quantity: 4 }, CART, token);
    expect(merged.cart).toEqual({
      id: cartId,
      totalPrice: 15.8,
      itemCount: 8,
      items: [
        { productName: 'M Cart Gauze', price: 2.5, quantity: 5, subtotal: 12.5, product: { id: gauze } },
        { productName: 'M Cart Tape', price: 1.1, quantity: 3, subtotal: 3.3, product: { id: tape } },
      ],
    });
    expect(await cartOf(token)).toEqual(merged.cart);
  });

  it('addToCart cannot take the line beyond the stock: INVALID_INPUT on quantity, the cart unchanged', async () => {
    const token = await shop.user('m-cart-stock');
    const scarce = await makeProduct({ name: 'M Scarce Mask', price: 1, quantity: 3 });
    await addToCart(token, scarce, 2);
    const before = await cartOf(token);
    const error = await refused('addToCart', { productId: scarce, quantity: 2 }, CART, token);
    expect(error).toEqual({
      message: expect.stringMatching(/M Scarce Mask/),
      field: 'quantity',
      code: 'INVALID_INPUT',
    });
    expect(await cartOf(token)).toEqual(before);
    const soldOut = await makeProduct({ name: 'M Sold Out Mask', price: 1, quantity: 0 });
    expect(await refused('addToCart', { productId: soldOut, quantity: 1 }, CART, token)).toMatchObject({
      field: 'quantity',
      code: 'INVALID_INPUT',
    });
    expect(await cartOf(token)).toEqual(before);
  });

  it.each([0, -2])('addToCart refuses quantity %d as INVALID_INPUT on quantity, adding nothing', async (quantity) => {
    const token = await shop.user(`m-cart-qty${quantity}`);
    const product = await makeProduct({ name: `M Quantity ${quantity} Swab`, price: 1, quantity: 5 });
    const error = await refused('addToCart', { productId: product, quantity }, CART, token);
    expect(error).toEqual({ message: 'Quantity must be at least 1', field: 'quantity', code: 'INVALID_INPUT' });
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('addToCart of an unknown product, or with an id of another type, is NOT_FOUND on productId', async () => {
    const token = await shop.user('m-cart-unknown');
    for (const productId of [globalIdOfType('Product', 987654), globalIdOfType('Order', 1), 'garbage']) {
      const error = await refused('addToCart', { productId, quantity: 1 }, CART, token);
      expect(error, productId).toEqual({ message: expect.any(String), field: 'productId', code: 'NOT_FOUND' });
    }
    expect((await cartOf(token)).items).toEqual([]);
  });

  it('updateCartItem sets the line’s quantity and answers the cart', async () => {
    const token = await shop.user('m-cart-update');
    const product = await makeProduct({ name: 'M Update Line Pad', price: 0.5, quantity: 6 });
    await addToCart(token, product, 1);
    const payload = await mutate(
      'updateCartItem',
      { productId: product, quantity: 6, clientMutationId: 'set-6' },
      CART,
      token,
    );
    expect(payload).toMatchObject({ userErrors: [], clientMutationId: 'set-6' });
    expect(payload.cart).toMatchObject({
      totalPrice: 3,
      itemCount: 6,
      items: [{ quantity: 6, subtotal: 3, product: { id: product } }],
    });
    const down = await mutate('updateCartItem', { productId: product, quantity: 2 }, CART, token);
    expect(down.cart).toMatchObject({ itemCount: 2, items: [{ quantity: 2 }] });
    expect(await cartOf(token)).toEqual(down.cart);
  });

  it.each([
    ['above the stock', 7, /in stock/],
    ['of 0', 0, /at least 1/],
  ])(
    'updateCartItem refuses a quantity %s as INVALID_INPUT on quantity, the line unchanged',
    async (label, quantity, message) => {
      const token = await shop.user(`m-cart-set-${label.split(' ').pop()}`);
      const product = await makeProduct({ name: `M Set ${label} Pad`, price: 0.5, quantity: 6 });
      await addToCart(token, product, 2);
      const error = await refused('updateCartItem', { productId: product, quantity }, CART, token);
      expect(error).toEqual({ message: expect.stringMatching(message), field: 'quantity', code: 'INVALID_INPUT' });
      expect((await cartOf(token)).items).toMatchObject([{ quantity: 2 }]);
    },
  );

  it('updateCartItem and removeCartItem of a product not in the cart, or an id of another type, are NOT_FOUND on productId', async () => {
    const token = await shop.user('m-cart-not-in');
    const inCart = await makeProduct({ name: 'M In Cart Bandage', price: 1, quantity: 5 });
    const notInCart = await makeProduct({ name: 'M Not In Cart Bandage', price: 1, quantity: 5 });
    await addToCart(token, inCart, 1);
    const before = await cartOf(token);
    for (const productId of [notInCart, globalIdOfType('ChatRoom', 1)]) {
      expect(await refused('updateCartItem', { productId, quantity: 1 }, CART, token), productId).toEqual({
        message: expect.any(String),
        field: 'productId',
        code: 'NOT_FOUND',
      });
      expect(await refused('removeCartItem', { productId }, CART, token), productId).toEqual({
        message: expect.any(String),
        field: 'productId',
        code: 'NOT_FOUND',
      });
    }
    expect(await cartOf(token)).toEqual(before);
  });

  it('removeCartItem removes the line and answers the cart', async () => {
    const token = await shop.user('m-cart-remove');
    const gone = await makeProduct({ name: 'M Removed Cold Pack', price: 4, quantity: 5 });
    const stays = await makeProduct({ name: 'M Staying Cold Pack', price: 3, quantity: 5 });
    await addToCart(token, gone, 2);
    await addToCart(token, stays, 1);
    const payload = await mutate('removeCartItem', { productId: gone, clientMutationId: 'rm' }, CART, token);
    expect(payload).toMatchObject({ userErrors: [], clientMutationId: 'rm' });
    expect(payload.cart).toMatchObject({ totalPrice: 3, itemCount: 1, items: [{ product: { id: stays } }] });
    expect(await cartOf(token)).toEqual(payload.cart);
  });

  it('clearCart empties the cart and answers it, same id', async () => {
    const token = await shop.user('m-cart-clear');
    const product = await makeProduct({ name: 'M Cleared Swab', price: 4, quantity: 5 });
    await addToCart(token, product, 3);
    const cartId = (await cartOf(token)).id;
    const payload = await mutate('clearCart', { clientMutationId: 'clr' }, CART, token);
    expect(payload).toEqual({
      cart: { id: cartId, totalPrice: 0, itemCount: 0, items: [] },
      userErrors: [],
      clientMutationId: 'clr',
    });
    expect(await cartOf(token)).toEqual(payload.cart);
    expect(await stockOf(product)).toBe(5);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    const product = await makeProduct({ name: 'M Anonymous Cart Item', price: 4, quantity: 5 });
    await expectUnauthenticated('addToCart', { productId: product, quantity: 1 }, 'cart { id }');
    await expectUnauthenticated('updateCartItem', { productId: product, quantity: 1 }, 'cart { id }');
    await expectUnauthenticated('removeCartItem', { productId: product }, 'cart { id }');
    await expectUnauthenticated('clearCart', {}, 'cart { id }');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('checkout', () => {
  const ORDER =
    'order { id number orderDate totalAmount status shippingAddress items { productName price quantity subtotal product { id quantity } } }';
  const ordersOf = async (token: string) =>
    (await read('{ viewer { orders { totalCount edges { node { id } } } } }', {}, token)).viewer.orders;

  it('turns the cart into an order: stock taken, prices fixed, and the emptied cart answered with its id', async () => {
    const token = await shop.user('m-checkout-happy');
    const splint = await makeProduct({ name: 'M Checkout Splint', price: 12.5, quantity: 10 });
    const sling = await makeProduct({ name: 'M Checkout Sling', price: 3.3, quantity: 4 });
    await addToCart(token, splint, 2);
    await addToCart(token, sling, 4);
    const cartId = (await cartOf(token)).id;
    const payload = await mutate(
      'checkout',
      { shippingAddress: '  12 Order Street\nBerlin  ', clientMutationId: 'co-1' },
      `${ORDER} ${CART}`,
      token,
    );
    expect(payload).toEqual({
      order: {
        id: expect.any(String),
        number: expect.any(Number),
        orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        totalAmount: 38.2,
        status: 'PENDING',
        shippingAddress: '12 Order Street\nBerlin',
        items: [
          {
            productName: 'M Checkout Splint',
            price: 12.5,
            quantity: 2,
            subtotal: 25,
            product: { id: splint, quantity: 8 },
          },
          {
            productName: 'M Checkout Sling',
            price: 3.3,
            quantity: 4,
            subtotal: 13.2,
            product: { id: sling, quantity: 0 },
          },
        ],
      },
      cart: { id: cartId, totalPrice: 0, itemCount: 0, items: [] },
      userErrors: [],
      clientMutationId: 'co-1',
    });
    expect(await cartOf(token)).toEqual(payload.cart);
    expect(await ordersOf(token)).toEqual({ totalCount: 1, edges: [{ node: { id: payload.order.id } }] });
    // The number people quote is the contract's own order id.
    const [restOrder] = (await shop.rest.request('GET', '/api/orders', { token })).body;
    expect(payload.order.number).toBe(restOrder.id);
    expect([await stockOf(splint), await stockOf(sling)]).toEqual([8, 0]);
    // Prices are fixed in the order: a later price change does not touch it.
    await mutate(
      'updateProduct',
      { id: splint, name: 'M Checkout Splint', description: 'x', price: 99, quantity: 8 },
      'product { id }',
      admin,
    );
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on Order { totalAmount items { price } } } }',
      { id: payload.order.id },
      token,
    );
    expect(node).toEqual({ totalAmount: 38.2, items: [{ price: 12.5 }, { price: 3.3 }] });
  });

  it('refuses an empty cart as INVALID_INPUT “Your cart is empty”, placing no order', async () => {
    const token = await shop.user('m-checkout-empty');
    const error = await refused('checkout', { shippingAddress: '1 Empty Road' }, `${ORDER} ${CART}`, token);
    expect(error).toMatchObject({ message: 'Your cart is empty', code: 'INVALID_INPUT' });
    expect((await ordersOf(token)).totalCount).toBe(0);
  });

  it.each(['', '   \n\t '])(
    'refuses a blank shipping address (%j) as INVALID_INPUT on shippingAddress, the cart kept',
    async (shippingAddress) => {
      const token = await shop.user(`m-checkout-blank-${shippingAddress.length}`);
      const product = await makeProduct({
        name: `M Blank Address Gauze ${shippingAddress.length}`,
        price: 1,
        quantity: 5,
      });
      await addToCart(token, product, 2);
      const before = await cartOf(token);
      const error = await refused('checkout', { shippingAddress }, `${ORDER} ${CART}`, token);
      expect(error).toEqual({
        message: 'Please enter a shipping address',
        field: 'shippingAddress',
        code: 'INVALID_INPUT',
      });
      expect(await cartOf(token)).toEqual(before);
      expect((await ordersOf(token)).totalCount).toBe(0);
      expect(await stockOf(product)).toBe(5);
    },
  );

  it('refuses a shipping address over 500 characters on shippingAddress', async () => {
    const token = await shop.user('m-checkout-long');
    const product = await makeProduct({ name: 'M Long Address Gauze', price: 1, quantity: 5 });
    await addToCart(token, product, 1);
    const error = await refused('checkout', { shippingAddress: 'x'.repeat(501) }, 'order { id }', token);
    expect(error).toMatchObject({ field: 'shippingAddress', code: 'INVALID_INPUT' });
    expect((await ordersOf(token)).totalCount).toBe(0);
  });

  it('when the stock ran out meanwhile: CONFLICT naming the product, nothing written', async () => {
    const first = await shop.user('m-checkout-first');
    const late = await shop.user('m-checkout-late');
    const last = await makeProduct({ name: 'M Last Two Thermometers', price: 20, quantity: 2 });
    const plenty = await makeProduct({ name: 'M Plenty Plasters', price: 1, quantity: 50 });
    await addToCart(late, plenty, 3);
    await addToCart(late, last, 2);
    await addToCart(first, last, 2);
    await checkout(first);
    const before = await cartOf(late);
    const error = await refused('checkout', { shippingAddress: '2 Late Lane' }, `${ORDER} ${CART}`, late);
    expect(error).toMatchObject({ message: expect.stringContaining('M Last Two Thermometers'), code: 'CONFLICT' });
    expect(await cartOf(late)).toEqual(before);
    expect((await ordersOf(late)).totalCount).toBe(0);
    expect([await stockOf(last), await stockOf(plenty)]).toEqual([0, 50]);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated('checkout', { shippingAddress: '1 Anonymous Road' }, 'order { id }');
  });

  describe('charges only what the buyer reviewed (expectedTotal)', () => {
    const PRICE_CHANGED = (now: string, reviewed: string) => ({
      message: `The total is now ${now}, not the ${reviewed} you reviewed: check your order and place it again`,
      field: 'expectedTotal',
      code: 'PRICE_CHANGED',
    });
    const reprice = (id: string, name: string, price: number, quantity: number) =>
      mutate('updateProduct', { id, name, description: 'Repriced', price, quantity }, 'product { id }', admin);

    it('answers PRICE_CHANGED with the cart as it is now when an admin raised a price meanwhile, ordering nothing', async () => {
      const token = await shop.user('m-checkout-repriced');
      const scale = await makeProduct({ name: 'M Repriced Scale', price: 10, quantity: 5 });
      await addToCart(token, scale, 1);
      await reprice(scale, 'M Repriced Scale', 990, 5);
      const payload = await mutate(
        'checkout',
        { shippingAddress: '1 Review Road', expectedTotal: 10 },
        `order { id } ${CART}`,
        token,
      );
      expect(payload.order).toBeNull();
      expect(payload.userErrors).toEqual([PRICE_CHANGED('$990.00', '$10.00')]);
      expect(payload.cart).toEqual({
        id: expect.any(String),
        totalPrice: 990,
        itemCount: 1,
        items: [{ productName: 'M Repriced Scale', price: 990, quantity: 1, subtotal: 990, product: { id: scale } }],
      });
      expect((await ordersOf(token)).totalCount).toBe(0);
      expect(await stockOf(scale)).toBe(5);
      // Reviewed again, it is placed at the total the buyer now saw.
      const placed = await mutate(
        'checkout',
        { shippingAddress: '1 Review Road', expectedTotal: 990 },
        'order { totalAmount }',
        token,
      );
      expect(placed).toMatchObject({ order: { totalAmount: 990 }, userErrors: [] });
    });

    it('answers PRICE_CHANGED when the price changes between the gateway’s look and the REST service’s transaction', async () => {
      // The price is raised while the checkout call is on its way to the REST service.
      const proxy = await startFaultProxy(shop.rest.url);
      const racing = await startGateway(shop.rest.url, { restUrl: proxy.url });
      try {
        const token = await shop.user('m-checkout-raced');
        const gauze = await makeProduct({ name: 'M Raced Gauze', price: 2, quantity: 9 });
        await addToCart(token, gauze, 3);
        proxy.inject(
          { meanwhile: async () => void (await reprice(gauze, 'M Raced Gauze', 2.5, 9)) },
          /^\/api\/orders\/checkout/,
        );
        const answer = await racing.graphql(
          'mutation ($input: CheckoutInput!) { checkout(input: $input) { order { id } cart { totalPrice } userErrors { message field code } } }',
          { input: { shippingAddress: '2 Race Road', expectedTotal: 6 } },
          token,
        );
        if (restExtensions) {
          expect(answer.data.checkout).toEqual({
            order: null,
            cart: { totalPrice: 7.5 },
            userErrors: [PRICE_CHANGED('$7.50', '$6.00')],
          });
          expect((await ordersOf(token)).totalCount).toBe(0);
        } else {
          // The plain contract has no expectedTotal: the gateway's own look came too early (its README says so).
          expect(answer.data.checkout.userErrors).toEqual([]);
        }
      } finally {
        await racing.close();
        await proxy.close();
      }
    });

    it('refuses an expectedTotal with more than two decimals on its field, ordering nothing', async () => {
      const token = await shop.user('m-checkout-odd-total');
      const product = await makeProduct({ name: 'M Odd Total Plaster', price: 1, quantity: 5 });
      await addToCart(token, product, 1);
      const error = await refused(
        'checkout',
        { shippingAddress: '1 Odd Road', expectedTotal: 1.001 },
        'order { id }',
        token,
      );
      expect(error).toEqual({
        message: 'The expected total must be an amount of at least 0 with at most 2 decimals',
        field: 'expectedTotal',
        code: 'INVALID_INPUT',
      });
      expect(await stockOf(product)).toBe(5);
    });
  });

  describe('never orders twice for one attempt (idempotencyKey)', () => {
    it.runIf(restExtensions)(
      'answers a retried key with the order it placed, even when the first answer was lost on the way',
      async () => {
        const proxy = await startFaultProxy(shop.rest.url);
        const flaky = await startGateway(shop.rest.url, { restUrl: proxy.url });
        try {
          const token = await shop.user('m-checkout-retried');
          const product = await makeProduct({ name: 'M Retried Bandage', price: 4, quantity: 10 });
          await addToCart(token, product, 2);
          const input = { shippingAddress: '3 Retry Road', expectedTotal: 8, idempotencyKey: 'c6b1b7a2-retry' };
          // The REST service places the order; its answer never reaches the gateway.
          proxy.inject({ loseAnswer: true }, /^\/api\/orders\/checkout/);
          const lost = await flaky.graphql(
            'mutation ($input: CheckoutInput!) { checkout(input: $input) { order { id } } }',
            { input },
            token,
          );
          expect(lost.errors!.map((error) => error.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
          proxy.heal();
          // The client retries the same attempt: the order placed the first time, not a second one.
          const retried = await mutate('checkout', input, 'order { id totalAmount } cart { itemCount }', token);
          expect(retried).toMatchObject({ order: { totalAmount: 8 }, cart: { itemCount: 0 }, userErrors: [] });
          const again = await mutate('checkout', input, 'order { id }', token);
          expect(again.order.id).toBe(retried.order.id);
          expect(await ordersOf(token)).toEqual({ totalCount: 1, edges: [{ node: { id: retried.order.id } }] });
          expect(await stockOf(product)).toBe(8);
        } finally {
          await flaky.close();
          await proxy.close();
        }
      },
    );

    it.runIf(restExtensions)(
      'answers a retried key with its order even when the cart changed since, and shows the cart as it is now',
      async () => {
        const proxy = await startFaultProxy(shop.rest.url);
        const flaky = await startGateway(shop.rest.url, { restUrl: proxy.url });
        try {
          const token = await shop.user('m-checkout-retried-later');
          const gauze = await makeProduct({ name: 'M Retried Later Gauze', price: 2, quantity: 10 });
          const tape = await makeProduct({ name: 'M Retried Later Tape', price: 1, quantity: 10 });
          await addToCart(token, gauze, 1);
          const input = {
            shippingAddress: '4 Retry Road',
            expectedTotal: 2,
            idempotencyKey: 'retried-after-another-tab',
          };
          proxy.inject({ loseAnswer: true }, /^\/api\/orders\/checkout/);
          expect(
            (
              await flaky.graphql(
                'mutation ($input: CheckoutInput!) { checkout(input: $input) { order { id } } }',
                { input },
                token,
              )
            ).errors,
          ).toHaveLength(1);
          proxy.heal();
          // Meanwhile another tab put something new in the cart: the retry is still the first attempt's order.
          await addToCart(token, tape, 3);
          const retried = await mutate('checkout', input, 'order { totalAmount } cart { itemCount totalPrice }', token);
          expect(retried).toMatchObject({
            order: { totalAmount: 2 },
            cart: { itemCount: 3, totalPrice: 3 },
            userErrors: [],
          });
          expect((await ordersOf(token)).totalCount).toBe(1);
        } finally {
          await flaky.close();
          await proxy.close();
        }
      },
    );

    it.runIf(!restExtensions)(
      'over the plain contract, a retried key finds the cart empty (the contract has no keys)',
      async () => {
        const token = await shop.user('m-checkout-plain-retry');
        const product = await makeProduct({ name: 'M Plain Retry Bandage', price: 4, quantity: 10 });
        await addToCart(token, product, 1);
        const input = { shippingAddress: '3 Retry Road', idempotencyKey: 'plain-retry' };
        expect((await mutate('checkout', input, 'order { id }', token)).userErrors).toEqual([]);
        expect(await refused('checkout', input, 'order { id }', token)).toMatchObject({
          message: 'Your cart is empty',
        });
      },
    );

    it('refuses a key that is not 1 to 200 visible ASCII characters, ordering nothing', async () => {
      const token = await shop.user('m-checkout-bad-key');
      const product = await makeProduct({ name: 'M Bad Key Plaster', price: 1, quantity: 5 });
      await addToCart(token, product, 1);
      const error = await refused(
        'checkout',
        { shippingAddress: '1 Key Road', idempotencyKey: 'has spaces' },
        'order { id }',
        token,
      );
      expect(error).toEqual({
        message: 'The idempotency key must be 1 to 200 visible ASCII characters (a UUID, say)',
        field: 'idempotencyKey',
        code: 'INVALID_INPUT',
      });
      expect(await stockOf(product)).toBe(5);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('saveAddress, deleteAddress and viewer.addresses: the address book', () => {
  const ADDRESS = 'address { id name line1 line2 city postalCode country { code name } phone printed lastUsedAt }';
  const BOOK = '{ viewer { addresses { id name printed country { code name } } } }';
  const HOME = {
    name: 'Ada Lovelace',
    line1: '12 Harbour Lane',
    city: 'Port Town',
    postalCode: 'PT1 2AB',
    country: 'gb',
  };

  it.runIf(restExtensions)('keeps, changes and forgets the viewer’s addresses; another’s is NOT_FOUND', async () => {
    const owner = await shop.user('m-address-owner');
    const saved = await mutate('saveAddress', { ...HOME, clientMutationId: 'home' }, ADDRESS, owner);
    expect(saved).toEqual({
      address: {
        id: expect.any(String),
        name: 'Ada Lovelace',
        line1: '12 Harbour Lane',
        line2: null,
        city: 'Port Town',
        postalCode: 'PT1 2AB',
        country: { code: 'GB', name: 'United Kingdom' },
        phone: null,
        printed: 'Ada Lovelace\n12 Harbour Lane\nPT1 2AB Port Town\nUnited Kingdom',
        lastUsedAt: null,
      },
      userErrors: [],
      clientMutationId: 'home',
    });
    const { id } = saved.address;
    const node = await read('query ($id: ID!) { node(id: $id) { ... on Address { city } } }', { id }, owner);
    expect(node.node).toEqual({ city: 'Port Town' });

    const changed = await mutate('saveAddress', { ...HOME, id, city: 'Harbourside' }, ADDRESS, owner);
    expect(changed.address).toMatchObject({ id, city: 'Harbourside' });
    expect((await read(BOOK, {}, owner)).viewer.addresses).toEqual([
      { id, name: 'Ada Lovelace', printed: changed.address.printed, country: { code: 'GB', name: 'United Kingdom' } },
    ]);

    const stranger = await shop.user('m-address-stranger');
    expect((await read('query ($id: ID!) { node(id: $id) { id } }', { id }, stranger)).node).toBeNull();
    expect(await refused('saveAddress', { ...HOME, id }, ADDRESS, stranger)).toEqual({
      message: 'Address not found',
      field: 'id',
      code: 'NOT_FOUND',
    });
    expect(await refused('deleteAddress', { id }, 'deletedAddressId', stranger)).toEqual({
      message: 'Address not found',
      field: 'id',
      code: 'NOT_FOUND',
    });

    expect(await mutate('deleteAddress', { id }, 'deletedAddressId', owner)).toMatchObject({
      deletedAddressId: id,
      userErrors: [],
    });
    expect((await read(BOOK, {}, owner)).viewer.addresses).toEqual([]);
  });

  it.runIf(restExtensions)(
    'refuses a part that breaks its rule as INVALID_INPUT on that part, keeping nothing',
    async () => {
      const owner = await shop.user('m-address-refused');
      expect(await refused('saveAddress', { ...HOME, country: 'XX' }, ADDRESS, owner)).toEqual({
        message: 'Country must be a country’s two-letter code (ISO 3166), such as DE or US',
        field: 'country',
        code: 'INVALID_INPUT',
      });
      expect(await refused('saveAddress', { ...HOME, name: ' ' }, ADDRESS, owner)).toEqual({
        message: 'Name is required',
        field: 'name',
        code: 'INVALID_INPUT',
      });
      expect((await read(BOOK, {}, owner)).viewer.addresses).toEqual([]);
    },
  );

  it.skipIf(restExtensions)('over the plain contract: NOT_SUPPORTED', async () => {
    const owner = await shop.user('m-address-plain');
    const book = await shop.graphql(BOOK, {}, owner);
    expect(errorCodes(book)).toEqual(['NOT_SUPPORTED']);
    const saved = await send('saveAddress', HOME, ADDRESS, owner);
    expect(errorCodes(saved)).toEqual(['NOT_SUPPORTED']);
    expect(saved.errors![0]!.message).toBe(
      "The shop's REST service keeps no address books (it lacks the address-book extension)",
    );
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated('saveAddress', HOME, 'address { id }');
    await expectUnauthenticated('deleteAddress', { id: globalIdOfType('Address', 1) }, 'deletedAddressId');
  });
});

describe('updateOrderStatus', () => {
  const ORDER = 'order { id status items { quantity product { id quantity } } }';
  const statusSeenBy = async (token: string, id: string) =>
    (await read('query ($id: ID!) { node(id: $id) { ... on Order { status } } }', { id }, token)).node.status;

  async function placeOrder(username: string, productName: string, quantity = 2) {
    const buyer = await shop.user(username);
    const product = await makeProduct({ name: productName, price: 5, quantity: 10 });
    await addToCart(buyer, product, quantity);
    return { buyer, product, orderId: await checkout(buyer) };
  }

  it('an admin moves an order on; the payload answers the order, and the buyer sees the status', async () => {
    const { buyer, orderId } = await placeOrder('m-status-buyer', 'M Status Walker');
    for (const status of ['CONFIRMED', 'SHIPPED', 'DELIVERED']) {
      const payload = await mutate('updateOrderStatus', { orderId, status, clientMutationId: status }, ORDER, admin);
      expect(payload).toMatchObject({ order: { id: orderId, status }, userErrors: [], clientMutationId: status });
      expect(await statusSeenBy(buyer, orderId)).toBe(status);
    }
  });

  it('each move is in the order’s history: the buyer sees when, admins also who; the plain contract keeps none', async () => {
    const { buyer, orderId } = await placeOrder('m-status-history', 'M History Splint');
    for (const status of ['CONFIRMED', 'SHIPPED']) await mutate('updateOrderStatus', { orderId, status }, ORDER, admin);
    const historyOf = async (token: string) =>
      (
        await read(
          'query ($id: ID!) { node(id: $id) { ... on Order { orderDate history { status at by } } } }',
          { id: orderId },
          token,
        )
      ).node;
    const forBuyer = await historyOf(buyer);
    const forAdmin = await historyOf(admin);
    if (!restExtensions) {
      expect(forBuyer.history).toBeNull();
      expect(forAdmin.history).toBeNull();
      return;
    }
    const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(forBuyer.history).toEqual([
      { status: 'PENDING', at: forBuyer.orderDate, by: null },
      { status: 'CONFIRMED', at, by: null },
      { status: 'SHIPPED', at, by: null },
    ]);
    expect(forAdmin.history.map((step: { status: string; by: string | null }) => [step.status, step.by])).toEqual([
      ['PENDING', null],
      ['CONFIRMED', 'admin'],
      ['SHIPPED', 'admin'],
    ]);
  });

  it('CANCELLED returns the stock, visible in the payload through the lines’ product quantity', async () => {
    const { product, orderId } = await placeOrder('m-status-cancel', 'M Cancelled Cane', 3);
    expect(await stockOf(product)).toBe(7);
    const payload = await mutate('updateOrderStatus', { orderId, status: 'CANCELLED' }, ORDER, admin);
    expect(payload.order).toEqual({
      id: orderId,
      status: 'CANCELLED',
      items: [{ quantity: 3, product: { id: product, quantity: 10 } }],
    });
    expect(await stockOf(product)).toBe(10);
  });

  it('a move the order cannot make is CONFLICT on status, the order unchanged', async () => {
    const { buyer, product, orderId } = await placeOrder('m-status-conflict', 'M Delivered Brace');
    await mutate('updateOrderStatus', { orderId, status: 'SHIPPED' }, ORDER, admin);
    const error = await refused('updateOrderStatus', { orderId, status: 'CANCELLED' }, ORDER, admin);
    expect(error).toEqual({ message: expect.any(String), field: 'status', code: 'CONFLICT' });
    expect(await statusSeenBy(buyer, orderId)).toBe('SHIPPED');
    expect(await stockOf(product)).toBe(8);
  });

  it('a USER, even the buyer, is FORBIDDEN, the order unchanged', async () => {
    const { buyer, product, orderId } = await placeOrder('m-status-user', 'M Self Cancel Cast');
    const error = await refused('updateOrderStatus', { orderId, status: 'CANCELLED' }, ORDER, buyer);
    expect(error).toMatchObject({ field: null, code: 'FORBIDDEN' });
    expect(await statusSeenBy(buyer, orderId)).toBe('PENDING');
    expect(await stockOf(product)).toBe(8);
  });

  it('an unknown order, or an id of another type, is NOT_FOUND on orderId', async () => {
    for (const orderId of [globalIdOfType('Order', 987654), globalIdOfType('Product', 1), 'garbage']) {
      const error = await refused('updateOrderStatus', { orderId, status: 'CONFIRMED' }, ORDER, admin);
      expect(error, orderId).toEqual({ message: expect.any(String), field: 'orderId', code: 'NOT_FOUND' });
    }
  });

  describe('cancelOrder: the buyer’s own, while it waits for confirmation', () => {
    const canCancel = async (token: string, id: string) =>
      (await read('query ($id: ID!) { node(id: $id) { ... on Order { viewerCanCancel } } }', { id }, token)).node
        .viewerCanCancel;

    it.runIf(restExtensions)(
      'cancels a PENDING order and returns its stock; asked again, the order as it is; the buyer alone may',
      async () => {
        const { buyer, product, orderId } = await placeOrder('m-own-cancel', 'M Own Cancel Crutch', 3);
        expect(await canCancel(buyer, orderId)).toBe(true);
        // Not the admin's order: admins cancel through updateOrderStatus.
        expect(await canCancel(admin, orderId)).toBe(false);
        const notTheirs = await refused('cancelOrder', { orderId }, ORDER, admin);
        expect(notTheirs).toEqual({ message: 'Order not found', field: 'orderId', code: 'NOT_FOUND' });

        const payload = await mutate('cancelOrder', { orderId, clientMutationId: 'own' }, ORDER, buyer);
        expect(payload).toEqual({
          order: { id: orderId, status: 'CANCELLED', items: [{ quantity: 3, product: { id: product, quantity: 10 } }] },
          userErrors: [],
          clientMutationId: 'own',
        });
        expect(await canCancel(buyer, orderId)).toBe(false);
        const again = await mutate('cancelOrder', { orderId }, ORDER, buyer);
        expect(again).toMatchObject({ order: { id: orderId, status: 'CANCELLED' }, userErrors: [] });
        expect(await stockOf(product)).toBe(10);
      },
    );

    it.runIf(restExtensions)('once the shop confirmed it: CONFLICT on orderId, the order unchanged', async () => {
      const { buyer, product, orderId } = await placeOrder('m-own-cancel-late', 'M Confirmed Collar');
      await mutate('updateOrderStatus', { orderId, status: 'CONFIRMED' }, ORDER, admin);
      expect(await canCancel(buyer, orderId)).toBe(false);
      const error = await refused('cancelOrder', { orderId }, ORDER, buyer);
      expect(error).toEqual({
        message:
          'Only an order waiting for confirmation can be cancelled by its buyer; this one is CONFIRMED: ask the shop',
        field: 'orderId',
        code: 'CONFLICT',
      });
      expect(await statusSeenBy(buyer, orderId)).toBe('CONFIRMED');
      expect(await stockOf(product)).toBe(8);
    });

    it.runIf(restExtensions)('an unknown order, or an id of another type, is NOT_FOUND on orderId', async () => {
      const buyer = await shop.user('m-own-cancel-unknown');
      for (const orderId of [globalIdOfType('Order', 987654), globalIdOfType('Product', 1), 'garbage']) {
        const error = await refused('cancelOrder', { orderId }, ORDER, buyer);
        expect(error, orderId).toEqual({ message: 'Order not found', field: 'orderId', code: 'NOT_FOUND' });
      }
    });

    it.skipIf(restExtensions)(
      'over the plain contract: NOT_SUPPORTED, never offered, the order unchanged',
      async () => {
        const { buyer, product, orderId } = await placeOrder('m-own-cancel-plain', 'M Plain Pillow');
        expect(await canCancel(buyer, orderId)).toBe(false);
        const answer = await send('cancelOrder', { orderId }, ORDER, buyer);
        expect(errorCodes(answer)).toEqual(['NOT_SUPPORTED']);
        expect(answer.errors![0]!.message).toBe(
          "The shop's REST service does not let buyers cancel their orders (it lacks the buyer-cancellation extension)",
        );
        expect(await statusSeenBy(buyer, orderId)).toBe('PENDING');
        expect(await stockOf(product)).toBe(8);
      },
    );

    it('needs a login: UNAUTHENTICATED without a token', async () => {
      await expectUnauthenticated('cancelOrder', { orderId: globalIdOfType('Order', 1) }, 'order { id }');
    });
  });

  describe('orderAgain: an old order’s lines back into the cart', () => {
    const AGAIN = `cart { id itemCount items { productName quantity product { id } } }
      notAdded { product { id } productName wanted added reason message }`;

    it.runIf(restExtensions)(
      'puts the lines into the viewer’s cart and says what did not go in whole; the order must be theirs',
      async () => {
        const { buyer, product, orderId } = await placeOrder('m-again', 'M Again Bandage', 3);
        const gone = await makeProduct({ name: 'M Again Gone Gauze', price: 2, quantity: 5 });
        await addToCart(buyer, gone, 1);
        const secondId = await checkout(buyer);
        const canOrderAgain = async (token: string, id: string) =>
          (await read('query ($id: ID!) { node(id: $id) { ... on Order { viewerCanOrderAgain } } }', { id }, token))
            .node.viewerCanOrderAgain;
        expect(await canOrderAgain(buyer, orderId)).toBe(true);
        expect(await canOrderAgain(admin, orderId)).toBe(false);
        // Refused: nothing tried, so no line fell short.
        expect(await mutate('orderAgain', { orderId }, AGAIN, admin)).toEqual({
          cart: null,
          notAdded: [],
          userErrors: [{ message: 'Order not found', field: 'orderId', code: 'NOT_FOUND' }],
          clientMutationId: null,
        });

        const first = await mutate('orderAgain', { orderId, clientMutationId: 'again' }, AGAIN, buyer);
        expect(first).toMatchObject({
          cart: { itemCount: 3, items: [{ productName: 'M Again Bandage', quantity: 3, product: { id: product } }] },
          notAdded: [],
          userErrors: [],
          clientMutationId: 'again',
        });
        const goneRest = (
          await shop.rest.request('GET', '/api/products/filter', { token: adminRest, query: { name: 'M Again Gone' } })
        ).body[0];
        expect((await shop.rest.request('DELETE', `/api/products/${goneRest.id}`, { token: adminRest })).status).toBe(
          204,
        );
        const second = await mutate('orderAgain', { orderId: secondId }, AGAIN, buyer);
        expect(second.notAdded).toEqual([
          {
            product: null,
            productName: 'M Again Gone Gauze',
            wanted: 1,
            added: 0,
            reason: 'NO_LONGER_SOLD',
            message: 'M Again Gone Gauze is no longer sold',
          },
        ]);
        expect(second.cart).toEqual(first.cart);
      },
    );

    it.skipIf(restExtensions)('over the plain contract: NOT_SUPPORTED, never offered, the cart unchanged', async () => {
      const { buyer, orderId } = await placeOrder('m-again-plain', 'M Plain Again Pad');
      const answer = await send('orderAgain', { orderId }, AGAIN, buyer);
      expect(errorCodes(answer)).toEqual(['NOT_SUPPORTED']);
      expect(answer.errors![0]!.message).toBe(
        "The shop's REST service cannot put an old order into the cart (it lacks the order-again extension)",
      );
      expect((await cartOf(buyer)).items).toEqual([]);
    });

    it('needs a login: UNAUTHENTICATED without a token', async () => {
      await expectUnauthenticated('orderAgain', { orderId: globalIdOfType('Order', 1) }, 'cart { id }');
    });
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated(
      'updateOrderStatus',
      { orderId: globalIdOfType('Order', 1), status: 'CONFIRMED' },
      'order { id }',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('createChatRoom, sendMessage, markRoomRead', () => {
  const ROOM =
    'room { id roomName participantUsernames participants { id username } lastMessage lastMessageTime createdAt unreadCount }';
  const roomsOf = async (token: string) =>
    (await read('{ viewer { unreadMessageCount chatRooms { id roomName lastMessage unreadCount } } }', {}, token))
      .viewer;
  const historyOf = async (token: string, id: string) =>
    (
      await read(
        'query ($id: ID!) { node(id: $id) { ... on ChatRoom { lastMessage messages(last: 100) { totalCount edges { node { content } } } } } }',
        { id },
        token,
      )
    ).node;

  it('createChatRoom answers the room with the other user; the same pair, from either side and in any case, gets the same room', async () => {
    const erin = await shop.user('m-chat-erin');
    const fritz = await shop.user('m-chat-Fritz');
    const payload = await mutate(
      'createChatRoom',
      { participantUsername: 'm-chat-Fritz', clientMutationId: 'room-1' },
      ROOM,
      erin,
    );
    expect(payload).toEqual({
      room: {
        id: expect.any(String),
        roomName: 'm-chat-Fritz',
        participantUsernames: expect.arrayContaining(['m-chat-erin', 'm-chat-Fritz']),
        participants: [{ id: expect.any(String), username: 'm-chat-Fritz' }],
        lastMessage: null,
        lastMessageTime: null,
        // A new room is ordered by this until its first message.
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        unreadCount: 0,
      },
      userErrors: [],
      clientMutationId: 'room-1',
    });
    const roomId = payload.room.id;
    expect((await mutate('createChatRoom', { participantUsername: ' M-CHAT-FRITZ ' }, ROOM, erin)).room.id).toBe(
      roomId,
    );
    const fromFritz = await mutate('createChatRoom', { participantUsername: 'm-chat-erin' }, ROOM, fritz);
    expect(fromFritz.room).toMatchObject({ id: roomId, roomName: 'm-chat-erin' });
    expect((await roomsOf(erin)).chatRooms.map((room: any) => room.id)).toEqual([roomId]);
    expect((await roomsOf(fritz)).chatRooms.map((room: any) => room.id)).toEqual([roomId]);
  });

  it.each([
    ['an unknown user', 'm-chat-nobody-at-all', 'NOT_FOUND'],
    ['oneself', 'M-CHAT-LONER', 'INVALID_INPUT'],
    ['a blank name', '   ', 'INVALID_INPUT'],
  ])(
    'createChatRoom with %s is %s on participantUsername, and creates no room',
    async (_label, participantUsername, code) => {
      const token = await shop.user(`m-chat-loner-${code.length}${participantUsername.length}`);
      const input =
        participantUsername === 'M-CHAT-LONER'
          ? (await read('{ viewer { username } }', {}, token)).viewer.username.toUpperCase()
          : participantUsername;
      const error = await refused('createChatRoom', { participantUsername: input }, ROOM, token);
      expect(error).toEqual({ message: expect.any(String), field: 'participantUsername', code });
      expect((await roomsOf(token)).chatRooms).toEqual([]);
    },
  );

  it('sendMessage answers the message, trimmed and isMine, whose room carries the new lastMessage; the other sees it unread', async () => {
    const gina = await shop.user('m-chat-gina');
    const hugo = await shop.user('m-chat-hugo');
    const roomId = (await mutate('createChatRoom', { participantUsername: 'm-chat-hugo' }, 'room { id }', gina)).room
      .id;
    await mutate('sendMessage', { roomId, content: 'first' }, 'message { id }', gina);
    const payload = await mutate(
      'sendMessage',
      { roomId, content: '  Hello Hugo!  ', clientMutationId: 'msg-1' },
      'message { id content senderUsername timestamp isMine room { id lastMessage lastMessageTime unreadCount } }',
      gina,
    );
    expect(payload).toEqual({
      message: {
        id: expect.any(String),
        content: 'Hello Hugo!',
        senderUsername: 'm-chat-gina',
        timestamp: expect.stringMatching(/Z$/),
        isMine: true,
        room: { id: roomId, lastMessage: 'Hello Hugo!', lastMessageTime: payload.message.timestamp, unreadCount: 0 },
      },
      userErrors: [],
      clientMutationId: 'msg-1',
    });
    expect(await roomsOf(hugo)).toEqual({
      unreadMessageCount: 2,
      chatRooms: [{ id: roomId, roomName: 'm-chat-gina', lastMessage: 'Hello Hugo!', unreadCount: 2 }],
    });
    const { node } = await read(
      'query ($id: ID!) { node(id: $id) { ... on Message { content isMine } } }',
      { id: payload.message.id },
      hugo,
    );
    expect(node).toEqual({ content: 'Hello Hugo!', isMine: false });
  });

  it.each([
    ['blank', ' \n ', /empty/],
    ['over 2000 characters', 'x'.repeat(2001), /2000/],
  ])(
    'sendMessage refuses a %s message as INVALID_INPUT on content, writing nothing',
    async (label, content, message) => {
      const ida = await shop.user(`m-chat-ida-${label.length}`);
      await shop.rest.register(`m-chat-jan-${label.length}`);
      const roomId = (
        await mutate('createChatRoom', { participantUsername: `m-chat-jan-${label.length}` }, 'room { id }', ida)
      ).room.id;
      await mutate('sendMessage', { roomId, content: 'kept' }, 'message { id }', ida);
      const error = await refused('sendMessage', { roomId, content }, 'message { id }', ida);
      expect(error).toEqual({ message: expect.stringMatching(message), field: 'content', code: 'INVALID_INPUT' });
      expect(await historyOf(ida, roomId)).toEqual({
        lastMessage: 'kept',
        messages: { totalCount: 1, edges: [{ node: { content: 'kept' } }] },
      });
    },
  );

  it('sendMessage counts characters as people do (an emoji is one), as the REST service does: 2000 emoji pass, 2001 do not', async () => {
    const noa = await shop.user('m-chat-noa');
    await shop.rest.register('m-chat-ole');
    const roomId = (await mutate('createChatRoom', { participantUsername: 'm-chat-ole' }, 'room { id }', noa)).room.id;
    const sent = await mutate('sendMessage', { roomId, content: '🙂'.repeat(2000) }, 'message { content }', noa);
    expect([...sent.message.content]).toHaveLength(2000);
    const error = await refused('sendMessage', { roomId, content: '🙂'.repeat(2001) }, 'message { id }', noa);
    expect(error).toEqual({
      message: 'Message must be at most 2000 characters long',
      field: 'content',
      code: 'INVALID_INPUT',
    });
  });

  it('sendMessage into someone else’s room, or with an id of another type, is NOT_FOUND on roomId, writing nothing', async () => {
    const kim = await shop.user('m-chat-kim');
    const lea = await shop.user('m-chat-lea');
    const outsider = await shop.user('m-chat-outsider');
    const roomId = (await mutate('createChatRoom', { participantUsername: 'm-chat-lea' }, 'room { id }', kim)).room.id;
    await mutate('sendMessage', { roomId, content: 'private' }, 'message { id }', kim);
    for (const id of [roomId, globalIdOfType('Product', 1), 'garbage']) {
      const error = await refused('sendMessage', { roomId: id, content: 'intrusion' }, 'message { id }', outsider);
      expect(error, id).toEqual({ message: expect.any(String), field: 'roomId', code: 'NOT_FOUND' });
    }
    expect(await historyOf(lea, roomId)).toMatchObject({ lastMessage: 'private', messages: { totalCount: 1 } });
    expect((await roomsOf(outsider)).chatRooms).toEqual([]);
  });

  it('markRoomRead answers the room with unreadCount 0, and the viewer with the unreadMessageCount it dropped to', async () => {
    const max = await shop.user('m-chat-max');
    const nora = await shop.user('m-chat-nora');
    const otto = await shop.rest.register('m-chat-otto');
    const roomId = (await mutate('createChatRoom', { participantUsername: 'm-chat-max' }, 'room { id }', nora)).room.id;
    for (const content of ['one', 'two', 'three'])
      await mutate('sendMessage', { roomId, content }, 'message { id }', nora);
    await shop.rest.request('POST', '/api/chat/rooms/m-chat-max/messages', {
      token: otto,
      body: { content: 'from otto' },
    });
    expect((await roomsOf(max)).unreadMessageCount).toBe(4);
    const payload = await mutate(
      'markRoomRead',
      { roomId, clientMutationId: 'read-1' },
      'room { id lastMessage unreadCount } viewer { unreadMessageCount }',
      max,
    );
    expect(payload).toEqual({
      room: { id: roomId, lastMessage: 'three', unreadCount: 0 },
      viewer: { unreadMessageCount: 1 },
      userErrors: [],
      clientMutationId: 'read-1',
    });
    const after = await roomsOf(max);
    expect(after.unreadMessageCount).toBe(1);
    expect(after.chatRooms.find((room: any) => room.id === roomId).unreadCount).toBe(0);
  });

  it('markRoomRead of someone else’s room is FORBIDDEN or NOT_FOUND, their unread count unchanged; an unknown room or an id of another type is NOT_FOUND on roomId', async () => {
    const pia = await shop.user('m-chat-pia');
    const quirin = await shop.user('m-chat-quirin');
    const outsider = await shop.user('m-chat-reader');
    const roomId = (await mutate('createChatRoom', { participantUsername: 'm-chat-quirin' }, 'room { id }', pia)).room
      .id;
    await mutate('sendMessage', { roomId, content: 'unread for quirin' }, 'message { id }', pia);
    const error = await refused('markRoomRead', { roomId }, 'room { id unreadCount }', outsider);
    // Either is fair: a permission refusal blames no field, a room that is not found is the roomId's fault.
    expect([error.code, error.field]).toEqual(
      error.code === 'FORBIDDEN' ? ['FORBIDDEN', null] : ['NOT_FOUND', 'roomId'],
    );
    expect((await roomsOf(quirin)).unreadMessageCount).toBe(1);
    for (const id of [globalIdOfType('ChatRoom', 987654), globalIdOfType('Order', 1), 'garbage']) {
      expect(await refused('markRoomRead', { roomId: id }, 'room { id }', quirin), id).toEqual({
        message: expect.any(String),
        field: 'roomId',
        code: 'NOT_FOUND',
      });
    }
    expect((await roomsOf(quirin)).unreadMessageCount).toBe(1);
  });

  it('needs a login: UNAUTHENTICATED without a token', async () => {
    await expectUnauthenticated('createChatRoom', { participantUsername: 'admin' }, 'room { id }');
    await expectUnauthenticated(
      'sendMessage',
      { roomId: globalIdOfType('ChatRoom', 1), content: 'hi' },
      'message { id }',
    );
    await expectUnauthenticated('markRoomRead', { roomId: globalIdOfType('ChatRoom', 1) }, 'room { id }');
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('every field’s problem at once', () => {
  const errorsOf = async (name: string, input: Record<string, unknown>, token?: string) => {
    const payload = await mutate(name, input, '__typename', token);
    return payload.userErrors.map((error: { field: string | null; code: string }) => [error.field, error.code]);
  };

  it('register: username, password and confirmation, creating no account', async () => {
    expect(await errorsOf('register', { username: 'ab', password: 'pw', confirmPassword: 'x' })).toEqual([
      ['username', 'INVALID_INPUT'],
      ['password', 'INVALID_INPUT'],
      ['confirmPassword', 'INVALID_INPUT'],
    ]);
  });

  it('login: username and password', async () => {
    expect(await errorsOf('login', { username: ' ', password: '' })).toEqual([
      ['username', 'INVALID_INPUT'],
      ['password', 'INVALID_INPUT'],
    ]);
  });

  it('updateProfile: email, phone number, language and time zone, changing nothing', async () => {
    const token = await shop.user('m-all-profile');
    const bad = {
      firstName: 'Changed',
      email: 'nope',
      phoneNumber: 'nope',
      preferences: { language: 'English', timezone: 'Mars/Olympus' },
    };
    expect(await errorsOf('updateProfile', bad, token)).toEqual([
      ['email', 'INVALID_INPUT'],
      ['phoneNumber', 'INVALID_INPUT'],
      ['preferences.language', 'INVALID_INPUT'],
      ['preferences.timezone', 'INVALID_INPUT'],
    ]);
    expect((await read('{ viewer { firstName } }', {}, token)).viewer.firstName).toBeNull();
  });

  it('changePassword: all three fields', async () => {
    const token = await shop.user('m-all-password');
    expect(
      await errorsOf('changePassword', { currentPassword: '', newPassword: 'x', confirmPassword: 'y' }, token),
    ).toEqual([
      ['currentPassword', 'INVALID_INPUT'],
      ['newPassword', 'INVALID_INPUT'],
      ['confirmPassword', 'INVALID_INPUT'],
    ]);
  });

  it('createProduct and updateProduct: every field of the form, and the id', async () => {
    expect(
      await errorsOf('createProduct', { name: ' ', description: '', price: -1, quantity: 1, imageUrl: 'nope' }, admin),
    ).toEqual([
      ['name', 'INVALID_INPUT'],
      ['description', 'INVALID_INPUT'],
      ['price', 'INVALID_INPUT'],
      ['imageUrl', 'INVALID_INPUT'],
    ]);
    expect(
      await errorsOf(
        'updateProduct',
        { id: globalIdOfType('User', 1), name: 'Fine', description: 'Fine', price: 1.001, quantity: -1 },
        admin,
      ),
    ).toEqual([
      ['id', 'NOT_FOUND'],
      ['price', 'INVALID_INPUT'],
      ['quantity', 'INVALID_INPUT'],
    ]);
  });

  it('addToCart, checkout and sendMessage: each of their fields', async () => {
    const token = await shop.user('m-all-shopper');
    expect(await errorsOf('addToCart', { productId: globalIdOfType('Order', 1), quantity: 0 }, token)).toEqual([
      ['productId', 'NOT_FOUND'],
      ['quantity', 'INVALID_INPUT'],
    ]);
    expect(
      await errorsOf('checkout', { shippingAddress: ' ', expectedTotal: -1, idempotencyKey: 'a key' }, token),
    ).toEqual([
      ['shippingAddress', 'INVALID_INPUT'],
      ['expectedTotal', 'INVALID_INPUT'],
      ['idempotencyKey', 'INVALID_INPUT'],
    ]);
    expect(await errorsOf('sendMessage', { roomId: globalIdOfType('Product', 1), content: '  ' }, token)).toEqual([
      ['roomId', 'NOT_FOUND'],
      ['content', 'INVALID_INPUT'],
    ]);
  });
});

describe('one-line fields (names, e-mail, phone, a product’s name) refuse line breaks; texts of lines keep them', () => {
  const ONE_LINE = (label: string) =>
    `${label} must be a single line of text, without line breaks or control characters`;

  it('refused by the gateway’s own checks, before the REST service is asked', async () => {
    const token = await shop.user('m-one-line');
    shop.resetCalls();
    expect(
      (
        await mutate(
          'updateProfile',
          { firstName: 'Ada\r\nBcc: x@y.example', lastName: 'Love\nlace' },
          'user { firstName }',
          token,
        )
      ).userErrors,
    ).toEqual([
      { message: ONE_LINE('First name'), field: 'firstName', code: 'INVALID_INPUT' },
      { message: ONE_LINE('Last name'), field: 'lastName', code: 'INVALID_INPUT' },
    ]);
    expect(
      (
        await mutate(
          'createProduct',
          { name: 'Gauze\nPads', description: 'Ten', price: 1, quantity: 1 },
          'product { id }',
          admin,
        )
      ).userErrors,
    ).toEqual([{ message: ONE_LINE('Name'), field: 'name', code: 'INVALID_INPUT' }]);
    expect(
      (await mutate('requestPasswordReset', { usernameOrEmail: 'm-one-line\r\n' + 'other' }, 'message')).userErrors,
    ).toEqual([{ message: ONE_LINE('Username or email address'), field: 'usernameOrEmail', code: 'INVALID_INPUT' }]);
    expect(shop.calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    expect((await read('{ viewer { firstName lastName } }', {}, token)).viewer).toEqual({
      firstName: null,
      lastName: null,
    });
  });

  it('kept where a text is meant to hold lines: a description, the profile’s address, a shipping address', async () => {
    const token = await shop.user('m-many-lines');
    const lines = '12 Harbour Lane\r\nPort Town\nNorthshire';
    expect((await mutate('updateProfile', { address: lines }, 'user { address }', token)).user).toEqual({
      address: lines,
    });
    const product = await mutate(
      'createProduct',
      { name: 'Lined Pads', description: lines, price: 1, quantity: 5 },
      'product { id description }',
      admin,
    );
    expect(product.product.description).toBe(lines);
    await addToCart(token, product.product.id, 1);
    expect((await mutate('checkout', { shippingAddress: lines }, 'order { shippingAddress }', token)).order).toEqual({
      shippingAddress: lines,
    });
  });
});
