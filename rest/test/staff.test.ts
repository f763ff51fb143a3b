// Staff roles (issue 36, extension staff-roles): the owner makes roles and gives them; what a role allows counts from
// the holder's next request; someone always keeps MANAGE_STAFF; only an owner makes owners; each change audited, and
// bad input refused with a clear answer and nothing written. On the suite's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let counter = 0;
const CHECKOUT = { shippingAddress: '1 Clerk Street, Leeds' };

const EVERY_PERMISSION = [
  'MANAGE_CATALOGUE',
  'MANAGE_ORDERS',
  'RECORD_PAYMENTS',
  'MANAGE_SETTINGS',
  'MODERATE_CHAT',
  'READ_AUDIT',
  'MANAGE_STAFF',
];

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const permissionsOf = async (token: string) =>
  (await shop.request<{ permissions: string[] }>('GET', '/api/users/profile', { token })).body.permissions;
const setRoles = (token: string, username: string, roles: string[]) =>
  shop.request('PUT', `/api/staff/members/${username}`, { token, body: { roles } });
const roles = async () =>
  (
    await shop.request<{ name: string; permissions: string[]; builtIn: boolean; holders: number }[]>(
      'GET',
      '/api/staff/roles',
      { token: admin },
    )
  ).body;
const members = async () =>
  (await shop.request<{ username: string; roles: string[] }[]>('GET', '/api/staff/members', { token: admin })).body;
/** The newest audit records of a kind of subject, newest first. */
const auditOf = async (subjectType: string) =>
  (
    await shop.request<{
      content: { action: string; actor: { username: string }; subject: { type: string }; changes: object }[];
    }>('GET', '/api/audit-events', { token: admin, query: { size: 100 } })
  ).body.content.filter((event) => event.subject.type === subjectType);

/** A new account and its token. */
async function person(prefix = 'staff-person') {
  const username = `${prefix}-${++counter}`;
  return { username, token: await shop.register(username) };
}

describe('what an account may do', () => {
  it('a shopper holds no permission, the owner every one, in a fixed order', async () => {
    const shopper = await person();
    expect(await permissionsOf(shopper.token)).toEqual([]);
    expect(await permissionsOf(admin)).toEqual(EVERY_PERMISSION);
  });

  it('the built-in roles come first, with what they allow and who holds them', async () => {
    const list = await roles();
    expect(list.filter((role) => role.builtIn).map(({ name, permissions }) => [name, permissions])).toEqual([
      ['ADMIN', EVERY_PERMISSION],
      ['CATALOGUE_MANAGER', ['MANAGE_CATALOGUE']],
      ['ORDER_CLERK', ['MANAGE_ORDERS']],
      ['BOOKKEEPER', ['RECORD_PAYMENTS', 'READ_AUDIT']],
      ['SUPPORT', ['MODERATE_CHAT', 'READ_AUDIT']],
    ]);
    expect(list.find((role) => role.name === 'ADMIN')!.holders).toBeGreaterThanOrEqual(1);
  });

  it('a clerk moves orders from the next request on, cannot touch a product, and stops the moment it is taken', async () => {
    const clerk = await person('clerk');
    const buyer = await person('clerk-buyer');
    const product = await shop.createProduct(admin, { price: 5, quantity: 10 });
    await shop.request('POST', '/api/cart/items', { token: buyer.token, body: { productId: product.id, quantity: 1 } });
    const order = (
      await shop.request<{ id: number }>('POST', '/api/orders/checkout', { token: buyer.token, body: CHECKOUT })
    ).body;
    const move = () =>
      shop.request('PUT', `/api/orders/${order.id}/status`, { token: clerk.token, body: { status: 'CONFIRMED' } });

    expect(await move()).toMatchObject({ status: 403 });
    const given = await setRoles(admin, clerk.username, ['ORDER_CLERK']);
    expect(given.status, given.text).toBe(200);
    expect(given.body).toEqual({
      id: expect.any(Number),
      username: clerk.username,
      roles: ['ORDER_CLERK'],
      permissions: ['MANAGE_ORDERS'],
      twoFactorEnabled: false,
    });
    // The same token: nothing to sign in again for.
    expect(await permissionsOf(clerk.token)).toEqual(['MANAGE_ORDERS']);
    expect((await move()).body).toMatchObject({ id: order.id, status: 'CONFIRMED' });
    expect(
      await shop.request('PUT', `/api/products/${product.id}`, {
        token: clerk.token,
        body: { name: 'Renamed by a clerk', price: 1, quantity: 1 },
      }),
    ).toMatchObject({ status: 403, body: { message: 'Only administrators can manage products', code: 'FORBIDDEN' } });
    expect((await shop.request('GET', '/api/orders', { token: clerk.token, query: { scope: 'all' } })).status).toBe(
      200,
    );

    expect((await setRoles(admin, clerk.username, [])).body).toMatchObject({ roles: [], permissions: [] });
    expect(await permissionsOf(clerk.token)).toEqual([]);
    expect(await shop.request('GET', '/api/orders', { token: clerk.token, query: { scope: 'all' } })).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can see every order' },
    });
    expect((await members()).map((member) => member.username)).not.toContain(clerk.username);

    const changes = (await auditOf('user')).filter((event) => JSON.stringify(event.changes).includes('ORDER_CLERK'));
    expect(changes.slice(0, 2).map((event) => [event.action, event.actor.username, event.changes])).toEqual([
      ['user.roles_changed', ADMIN_USERNAME, { roles: { from: ['ORDER_CLERK'], to: [] } }],
      ['user.roles_changed', ADMIN_USERNAME, { roles: { from: [], to: ['ORDER_CLERK'] } }],
    ]);
  });
});

describe('roles of the shop’s own', () => {
  it('are made, changed (holders have it at once) and deleted once nobody holds them, each audited', async () => {
    const created = await shop.request('POST', '/api/staff/roles', {
      token: admin,
      body: { name: 'NIGHT_SHIFT', permissions: ['READ_AUDIT', 'MANAGE_ORDERS', 'READ_AUDIT'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      name: 'NIGHT_SHIFT',
      permissions: ['MANAGE_ORDERS', 'READ_AUDIT'],
      builtIn: false,
      holders: 0,
    });
    const worker = await person('night');
    await setRoles(admin, worker.username, ['NIGHT_SHIFT', 'CATALOGUE_MANAGER']);
    expect(await permissionsOf(worker.token)).toEqual(['MANAGE_CATALOGUE', 'MANAGE_ORDERS', 'READ_AUDIT']);

    const changed = await shop.request('PUT', '/api/staff/roles/NIGHT_SHIFT', {
      token: admin,
      body: { permissions: ['MODERATE_CHAT'] },
    });
    expect(changed.body).toEqual({ name: 'NIGHT_SHIFT', permissions: ['MODERATE_CHAT'], builtIn: false, holders: 1 });
    expect(await permissionsOf(worker.token)).toEqual(['MANAGE_CATALOGUE', 'MODERATE_CHAT']);

    expect(await shop.request('DELETE', '/api/staff/roles/NIGHT_SHIFT', { token: admin })).toMatchObject({
      status: 409,
      body: { message: 'One person holds NIGHT_SHIFT: take it from them first', code: 'ROLE_IN_USE', field: 'name' },
    });
    await setRoles(admin, worker.username, ['CATALOGUE_MANAGER']);
    expect((await shop.request('DELETE', '/api/staff/roles/NIGHT_SHIFT', { token: admin })).status).toBe(204);
    expect((await roles()).map((role) => role.name)).not.toContain('NIGHT_SHIFT');

    expect((await auditOf('staff_role')).slice(0, 3).map((event) => [event.action, event.changes])).toEqual([
      ['staff_role.deleted', { name: { from: 'NIGHT_SHIFT' }, permissions: { from: ['MODERATE_CHAT'] } }],
      ['staff_role.updated', { permissions: { from: ['MANAGE_ORDERS', 'READ_AUDIT'], to: ['MODERATE_CHAT'] } }],
      ['staff_role.created', { name: { to: 'NIGHT_SHIFT' }, permissions: { to: ['MANAGE_ORDERS', 'READ_AUDIT'] } }],
    ]);
  });

  it('bad roles get a clear answer and write nothing', async () => {
    const before = await roles();
    const refusals: [object, number, string, string, string][] = [
      [
        { name: 'night shift', permissions: ['READ_AUDIT'] },
        400,
        'INVALID_INPUT',
        'name',
        'A role’s name is 3 to 30 capital letters, digits and underscores, starting with a letter',
      ],
      [
        { name: 'NO', permissions: ['READ_AUDIT'] },
        400,
        'INVALID_INPUT',
        'name',
        'A role’s name is 3 to 30 capital letters, digits and underscores, starting with a letter',
      ],
      [
        { name: 'EMPTY_ROLE', permissions: [] },
        400,
        'INVALID_INPUT',
        'permissions',
        'A role needs at least one permission',
      ],
      [
        { name: 'ORDER_CLERK', permissions: ['READ_AUDIT'] },
        409,
        'ROLE_NAME_TAKEN',
        'name',
        'There is a role ORDER_CLERK already',
      ],
      [{ name: 'USER', permissions: ['READ_AUDIT'] }, 409, 'ROLE_NAME_TAKEN', 'name', 'There is a role USER already'],
    ];
    for (const [body, status, code, field, message] of refusals)
      expect(await shop.request('POST', '/api/staff/roles', { token: admin, body })).toMatchObject({
        status,
        body: { message, code, field },
      });
    expect(
      (await shop.request('POST', '/api/staff/roles', { token: admin, body: { name: 'X_ROLE', permissions: ['FLY'] } }))
        .status,
    ).toBe(400);
    expect(
      await shop.request('PUT', '/api/staff/roles/ADMIN', { token: admin, body: { permissions: ['READ_AUDIT'] } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'ADMIN is a built-in role: it cannot be changed or deleted', code: 'ROLE_BUILT_IN' },
    });
    expect(await shop.request('DELETE', '/api/staff/roles/SUPPORT', { token: admin })).toMatchObject({
      status: 409,
      body: { code: 'ROLE_BUILT_IN' },
    });
    expect(
      await shop.request('PUT', '/api/staff/roles/NO_SUCH_ROLE', {
        token: admin,
        body: { permissions: ['READ_AUDIT'] },
      }),
    ).toMatchObject({ status: 404, body: { message: 'There is no role NO_SUCH_ROLE', code: 'ROLE_NOT_FOUND' } });
    expect(await roles()).toEqual(before);
  });
});

describe('who may give which role', () => {
  it('refuses unknown roles, unknown people and too many roles, changing nobody', async () => {
    const someone = await person('refused');
    expect(await setRoles(admin, someone.username, ['ORDER_CLERK', 'WIZARD'])).toMatchObject({
      status: 400,
      body: { message: 'There is no role WIZARD', code: 'INVALID_INPUT', field: 'roles' },
    });
    expect(await setRoles(admin, 'nobody-by-this-name', ['ORDER_CLERK'])).toMatchObject({
      status: 404,
      body: { message: 'User not found', code: 'USER_NOT_FOUND', field: 'username' },
    });
    expect(await permissionsOf(someone.token)).toEqual([]);
  });

  it('a staff manager who is not an owner gives no more than they hold, and never ADMIN', async () => {
    await shop.request('POST', '/api/staff/roles', {
      token: admin,
      body: { name: 'PEOPLE_LEAD', permissions: ['MANAGE_STAFF', 'MODERATE_CHAT', 'READ_AUDIT'] },
    });
    const lead = await person('lead');
    await setRoles(admin, lead.username, ['PEOPLE_LEAD']);
    const hopeful = await person('hopeful');
    expect(await setRoles(lead.token, hopeful.username, ['ADMIN'])).toMatchObject({
      status: 403,
      body: { message: 'Only an owner (ADMIN) can make or unmake owners', code: 'FORBIDDEN' },
    });
    expect(await setRoles(lead.token, lead.username, ['PEOPLE_LEAD', 'ADMIN'])).toMatchObject({ status: 403 });
    expect(await setRoles(lead.token, ADMIN_USERNAME, [])).toMatchObject({ status: 403 });
    // Nothing beyond their own permissions: not a role that holds more, nor a role made or widened to hold more.
    const beyond = {
      status: 403,
      body: { message: 'You can give only permissions your own roles hold', code: 'FORBIDDEN' },
    };
    expect(await setRoles(lead.token, hopeful.username, ['ORDER_CLERK'])).toMatchObject(beyond);
    expect(
      await shop.request('POST', '/api/staff/roles', {
        token: lead.token,
        body: { name: 'EVERYTHING', permissions: ['MANAGE_STAFF', 'MANAGE_SETTINGS'] },
      }),
    ).toMatchObject(beyond);
    expect(
      await shop.request('PUT', '/api/staff/roles/PEOPLE_LEAD', {
        token: lead.token,
        body: { permissions: ['MANAGE_STAFF', 'MANAGE_SETTINGS'] },
      }),
    ).toMatchObject(beyond);
    expect(await permissionsOf(hopeful.token)).toEqual([]);
    expect(await permissionsOf(lead.token)).toEqual(['MODERATE_CHAT', 'READ_AUDIT', 'MANAGE_STAFF']);
    expect(await permissionsOf(admin)).toEqual(EVERY_PERMISSION);
    // What they hold, they give.
    expect((await setRoles(lead.token, hopeful.username, ['SUPPORT'])).status).toBe(200);
    expect(await permissionsOf(hopeful.token)).toEqual(['MODERATE_CHAT', 'READ_AUDIT']);
    await setRoles(admin, hopeful.username, []);
    await setRoles(admin, lead.username, []);
  });

  it('a person holds at most ten roles', async () => {
    const someone = await person('collector');
    const eleven = Array.from({ length: 11 }, (_, index) => `ROLE_${index}`);
    expect(await setRoles(admin, someone.username, eleven)).toMatchObject({
      status: 400,
      body: { message: 'A person holds at most 10 roles', code: 'INVALID_INPUT', field: 'roles' },
    });
  });

  it('the configured admin account stays an owner; another owner may step down while one is left', async () => {
    expect(await setRoles(admin, ADMIN_USERNAME, ['ORDER_CLERK'])).toMatchObject({
      status: 409,
      body: {
        message: "admin is the shop's configured admin account (ADMIN_USERNAME): it stays an owner",
        code: 'CONFIGURED_OWNER',
        field: 'roles',
      },
    });
    expect(await permissionsOf(admin)).toEqual(EVERY_PERMISSION);
    const successor = await person('successor');
    expect((await setRoles(admin, successor.username, ['ADMIN'])).status).toBe(200);
    expect((await setRoles(successor.token, successor.username, ['ORDER_CLERK'])).status).toBe(200);
    expect(await permissionsOf(successor.token)).toEqual(['MANAGE_ORDERS']);
    await setRoles(admin, successor.username, []);
  });

  it('the shop keeps its last owner, once the configured account is gone', async () => {
    // Its own shop: the admin account is deleted here.
    const own = await startRestService();
    try {
      const owner = await own.adminToken();
      const heir = `heir-${++counter}`;
      const heirToken = await own.register(heir);
      expect(
        (await own.request('PUT', `/api/staff/members/${heir}`, { token: owner, body: { roles: ['ADMIN'] } })).status,
      ).toBe(200);
      expect((await own.request('DELETE', '/api/users/account', { token: owner })).status).toBe(204);
      expect(
        await own.request('PUT', `/api/staff/members/${heir}`, { token: heirToken, body: { roles: ['SUPPORT'] } }),
      ).toMatchObject({
        status: 409,
        body: {
          message: 'The shop must keep an owner: make another person ADMIN first',
          code: 'LAST_OWNER',
          field: 'roles',
        },
      });
      const profile = await own.request<{ permissions: string[] }>('GET', '/api/users/profile', { token: heirToken });
      expect(profile.body.permissions).toEqual(EVERY_PERMISSION);
    } finally {
      await own.close();
    }
  });

  it('registration always makes a plain user, whatever it asks for', async () => {
    const username = `climber-${++counter}`;
    const answer = await shop.request('POST', '/api/auth/register', {
      body: { username, password: 'pw1', roles: ['ADMIN'] },
    });
    expect(answer.status).toBe(201);
    expect(await permissionsOf(await shop.login(username, 'pw1'))).toEqual([]);
  });
});
