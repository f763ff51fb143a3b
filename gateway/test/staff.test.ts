// Staff roles through the gateway (extension staff-roles): `viewer.permissions`, `staffRoles` and `staffMembers`, the
// mutations that make roles and give them (refusals as userErrors, writing nothing), the sockets of a person whose
// roles changed (closed with 1012, so their clients reconnect and follow what they may see now), and each permission
// against every staff operation of the graph: FORBIDDEN on that field alone for anyone whose roles do not allow it.
// Against the plain contract (gateway-plain, restExtensions false) ADMIN is the only role: it holds every permission,
// and staff roles are NOT_SUPPORTED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../shop-rules/staff-rules.js';
import { type GraphQLAnswer, type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
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
const globalId = (type: string, localId: string | number) =>
  Buffer.from(`${type}:${localId}`, 'utf8').toString('base64url');
const NOT_SUPPORTED = "The shop's REST service keeps no staff roles (it lacks the staff-roles extension)";
const ROLE = 'name permissions builtIn holders';

/** Waits until the socket answers (it is connected and acknowledged). */
async function live(client: Parameters<typeof ask>[0]): Promise<void> {
  expect((await ask(client, '{ viewer { username } }')).errors).toBeUndefined();
}

async function mutate(name: string, input: Record<string, unknown>, selection: string, token = admin): Promise<any> {
  const inputType = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  const answer = await shop.graphql(
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { ${selection} ${USER_ERRORS} } }`,
    { input },
    token,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data[name];
}

const permissionsOf = async (token: string) =>
  (await shop.graphql<{ viewer: { permissions: string[] } }>('{ viewer { permissions } }', {}, token)).data!.viewer
    .permissions;

it('a shopper holds no permission and the owner every one (over the plain contract, all but MANAGE_STAFF)', async () => {
  expect(await permissionsOf(await shop.user(`perm-shopper-${++counter}`))).toEqual([]);
  expect(await permissionsOf(admin)).toEqual(
    restExtensions ? [...PERMISSIONS] : PERMISSIONS.filter((permission) => permission !== 'MANAGE_STAFF'),
  );
});

describe.runIf(restExtensions)('staff roles', () => {
  it('lists the roles, makes one, gives it, and refuses what breaks the rules with userErrors', async () => {
    const roles = (await shop.graphql(`{ staffRoles { ${ROLE} } }`, {}, admin)).data.staffRoles;
    expect(roles.slice(0, 3)).toEqual([
      { name: 'ADMIN', permissions: [...PERMISSIONS], builtIn: true, holders: 1 },
      { name: 'CATALOGUE_MANAGER', permissions: ['MANAGE_CATALOGUE'], builtIn: true, holders: 0 },
      { name: 'ORDER_CLERK', permissions: ['MANAGE_ORDERS'], builtIn: true, holders: 0 },
    ]);

    const created = await mutate(
      'createStaffRole',
      { name: 'PACKER', permissions: ['MANAGE_ORDERS', 'READ_AUDIT'], clientMutationId: 'c1' },
      `staffRole { ${ROLE} }`,
    );
    expect(created).toEqual({
      staffRole: { name: 'PACKER', permissions: ['MANAGE_ORDERS', 'READ_AUDIT'], builtIn: false, holders: 0 },
      userErrors: [],
      clientMutationId: 'c1',
    });
    expect(
      await mutate('createStaffRole', { name: 'packer', permissions: ['READ_AUDIT'] }, `staffRole { ${ROLE} }`),
    ).toEqual({
      staffRole: null,
      userErrors: [
        {
          message: 'A role’s name is 3 to 30 capital letters, digits and underscores, starting with a letter',
          field: 'name',
          code: 'INVALID_INPUT',
        },
      ],
      clientMutationId: null,
    });
    expect(
      (await mutate('createStaffRole', { name: 'PACKER', permissions: ['READ_AUDIT'] }, 'staffRole { name }'))
        .userErrors,
    ).toEqual([{ message: 'There is a role PACKER already', field: 'name', code: 'CONFLICT' }]);

    const packer = `packer-${++counter}`;
    const packerToken = await shop.user(packer);
    const given = await mutate(
      'setStaffRoles',
      { username: packer, roles: ['PACKER'] },
      'staffMember { id username roles permissions }',
    );
    expect(given.staffMember).toEqual({
      id: expect.any(String),
      username: packer,
      roles: ['PACKER'],
      permissions: ['MANAGE_ORDERS', 'READ_AUDIT'],
    });
    expect(await permissionsOf(packerToken)).toEqual(['MANAGE_ORDERS', 'READ_AUDIT']);
    const members = (await shop.graphql('{ staffMembers { username roles } }', {}, admin)).data.staffMembers;
    expect(members).toContainEqual({ username: packer, roles: ['PACKER'] });

    expect((await mutate('deleteStaffRole', { name: 'PACKER' }, 'deletedStaffRoleName')).userErrors).toEqual([
      { message: 'One person holds PACKER: take it from them first', field: 'name', code: 'CONFLICT' },
    ]);
    expect(
      (await mutate('setStaffRoles', { username: packer, roles: ['WIZARD'] }, 'staffMember { username }')).userErrors,
    ).toEqual([{ message: 'There is no role WIZARD', field: 'roles', code: 'INVALID_INPUT' }]);
    await mutate('setStaffRoles', { username: packer, roles: [] }, 'staffMember { username }');
    expect(await mutate('deleteStaffRole', { name: 'PACKER' }, 'deletedStaffRoleName')).toEqual({
      deletedStaffRoleName: 'PACKER',
      userErrors: [],
      clientMutationId: null,
    });
    expect(
      (await mutate('updateStaffRole', { name: 'ADMIN', permissions: ['READ_AUDIT'] }, 'staffRole { name }'))
        .userErrors,
    ).toEqual([
      { message: 'ADMIN is a built-in role: it cannot be changed or deleted', field: 'name', code: 'CONFLICT' },
    ]);
  });

  it('a shopper asking for the roles gets FORBIDDEN on that field alone', async () => {
    const shopper = await shop.user(`perm-nosy-${++counter}`);
    const answer = await shop.graphql('{ viewer { username } staffRoles { name } }', {}, shopper);
    expect(answer.data).toEqual({ viewer: { username: `perm-nosy-${counter}` }, staffRoles: null });
    expect(answer.errors?.map((error) => [error.path, error.extensions?.code, error.message])).toEqual([
      [['staffRoles'], 'FORBIDDEN', 'Only staff who manage staff can see or change roles'],
    ]);
  });

  it('closes the sockets of someone whose roles changed with 1012; reconnected, a new clerk hears every order', async () => {
    const clerkName = `socket-clerk-${++counter}`;
    const clerk = await shop.user(clerkName);
    const socket = shop.gateway.socket(clerk, { retryAttempts: 0, onNonLazyError: () => undefined });
    const bystanderSocket = shop.gateway.socket(await shop.user(`socket-bystander-${counter}`));
    try {
      await Promise.all([live(socket), live(bystanderSocket)]);
      const closed = within(
        new Promise<{ code: number; reason: string }>((resolve) =>
          socket.on('closed', (event) => resolve(event as { code: number; reason: string })),
        ),
        'the socket closing',
      );
      await mutate('setStaffRoles', { username: clerkName, roles: ['ORDER_CLERK'] }, 'staffMember { username }');
      expect(await closed).toMatchObject({ code: 1012, reason: 'Roles changed' });
      // Someone else's socket is not touched.
      expect((await ask(bystanderSocket, '{ viewer { username } }')).data).toEqual({
        viewer: { username: `socket-bystander-${counter}` },
      });

      const fresh = shop.gateway.socket(clerk);
      try {
        const feed = listen(fresh, 'subscription { orderUpdated { number customerUsername } }');
        await live(fresh);
        const buyer = `socket-buyer-${counter}`;
        const number = await placeOrder(await shop.user(buyer));
        expect((await feed.next()).data).toEqual({ orderUpdated: { number, customerUsername: buyer } });
        feed.stop();
      } finally {
        await fresh.dispose();
      }
    } finally {
      await socket.dispose();
      await bystanderSocket.dispose();
      await mutate('setStaffRoles', { username: clerkName, roles: [] }, 'staffMember { username }');
    }
  });
});

describe.runIf(restExtensions)('a role edited', () => {
  it('closes its holders’ sockets with 1012, and no one else’s', async () => {
    await mutate('createStaffRole', { name: 'EDITED_ROLE', permissions: ['READ_AUDIT'] }, 'staffRole { name }');
    const holderName = `edited-holder-${++counter}`;
    const holder = await shop.user(holderName);
    await mutate('setStaffRoles', { username: holderName, roles: ['EDITED_ROLE'] }, 'staffMember { username }');
    const socket = shop.gateway.socket(holder, { retryAttempts: 0, onNonLazyError: () => undefined });
    const bystanderSocket = shop.gateway.socket(await shop.user(`edited-bystander-${counter}`));
    try {
      await Promise.all([live(socket), live(bystanderSocket)]);
      const closed = within(
        new Promise<{ code: number; reason: string }>((resolve) =>
          socket.on('closed', (event) => resolve(event as { code: number; reason: string })),
        ),
        'the holder’s socket closing',
      );
      await mutate('updateStaffRole', { name: 'EDITED_ROLE', permissions: ['MANAGE_ORDERS'] }, 'staffRole { name }');
      expect(await closed).toMatchObject({ code: 1012, reason: 'Roles changed' });
      expect((await ask(bystanderSocket, '{ viewer { username } }')).data).toEqual({
        viewer: { username: `edited-bystander-${counter}` },
      });
    } finally {
      await socket.dispose();
      await bystanderSocket.dispose();
      await mutate('setStaffRoles', { username: holderName, roles: [] }, 'staffMember { username }');
    }
  });
});

describe.runIf(!restExtensions)('over the plain contract', () => {
  it('staff roles are NOT_SUPPORTED', async () => {
    const answer = await shop.graphql('{ staffRoles { name } }', {}, admin);
    expect(answer.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
      ['NOT_SUPPORTED', NOT_SUPPORTED],
    ]);
    const refused = await shop.graphql(
      'mutation { setStaffRoles(input: { username: "anyone", roles: [] }) { userErrors { code } } }',
      {},
      admin,
    );
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_SUPPORTED']);
  });
});

// --- Each permission against every staff operation of the graph ---------------------------------------------------

interface StaffOperation {
  name: string;
  document: string;
  variables?: (fixture: { buyerOrderId: string }) => Record<string, unknown>;
  opens: readonly Permission[];
  /** What a caller it opens to is answered: OK, or the userError's (or error's) code. */
  allowed: string;
}

const MISSING = 999_999;
const STAFF_OPERATIONS: StaffOperation[] = [
  {
    name: 'deleteProduct',
    document: `mutation { deleteProduct(input: { id: "${globalId('Product', MISSING)}" }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_CATALOGUE'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'deleteCategory',
    document: `mutation { deleteCategory(input: { id: "${globalId('Category', MISSING)}" }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_CATALOGUE'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'shopSettings',
    document: '{ shopSettings { lowStockThreshold } }',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 'OK',
  },
  {
    name: 'lowStockProducts',
    document: '{ lowStockProducts(first: 1) { totalCount } }',
    opens: ['MANAGE_CATALOGUE'],
    allowed: 'OK',
  },
  {
    name: 'orders',
    document: '{ orders(first: 1) { totalCount } }',
    opens: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'],
    allowed: 'OK',
  },
  {
    name: 'updateOrderStatus',
    document: `mutation { updateOrderStatus(input: { orderId: "${globalId('Order', MISSING)}", status: CONFIRMED }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_ORDERS'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'recordPayment',
    document: `mutation { recordPayment(input: { orderId: "${globalId('Order', MISSING)}" }) { ${USER_ERRORS} } }`,
    opens: ['RECORD_PAYMENTS'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'deleteShippingMethod',
    document: `mutation { deleteShippingMethod(input: { id: "${globalId('ShippingMethod', MISSING)}" }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_SETTINGS'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'deleteTaxRate',
    document: `mutation { deleteTaxRate(input: { id: "${globalId('TaxRate', MISSING)}" }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_SETTINGS'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'chatReports',
    document: '{ chatReports(first: 1) { totalCount } }',
    opens: ['MODERATE_CHAT'],
    allowed: 'OK',
  },
  {
    name: 'decideChatReport',
    document: `mutation { decideChatReport(input: { reportId: "${globalId('ReportedMessage', MISSING)}", decision: DISMISS }) { ${USER_ERRORS} } }`,
    opens: ['MODERATE_CHAT'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'liftChatSuspension',
    document: `mutation { liftChatSuspension(input: { username: "nobody-by-this-name" }) { ${USER_ERRORS} } }`,
    opens: ['MODERATE_CHAT'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'staffRoles',
    document: '{ staffRoles { name } }',
    opens: ['MANAGE_STAFF'],
    allowed: 'OK',
  },
  {
    name: 'staffMembers',
    document: '{ staffMembers { username } }',
    opens: ['MANAGE_STAFF'],
    allowed: 'OK',
  },
  {
    name: 'updateStaffRole',
    document: `mutation { updateStaffRole(input: { name: "NO_SUCH_ROLE", permissions: [MANAGE_STAFF] }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_STAFF'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'deleteStaffRole',
    document: `mutation { deleteStaffRole(input: { name: "NO_SUCH_ROLE" }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_STAFF'],
    allowed: 'NOT_FOUND',
  },
  {
    name: 'setStaffRoles',
    document: `mutation { setStaffRoles(input: { username: "nobody-by-this-name", roles: [] }) { ${USER_ERRORS} } }`,
    opens: ['MANAGE_STAFF'],
    allowed: 'NOT_FOUND',
  },
];

/** OK, or the code of the first userError, or of the first GraphQL error. */
function outcomeOf(answer: GraphQLAnswer, name: string): string {
  const errorCode = answer.errors?.[0]?.extensions?.code;
  if (errorCode) return String(errorCode);
  const userErrors = (answer.data?.[name] as { userErrors?: { code: string }[] } | null)?.userErrors;
  return userErrors?.[0]?.code ?? 'OK';
}

describe.runIf(restExtensions)('each permission against every staff operation', () => {
  const holders = new Map<Permission | 'none', string>();
  beforeAll(async () => {
    for (const permission of PERMISSIONS) {
      const role = `GRAPH_ONLY_${permission}`;
      await mutate('createStaffRole', { name: role, permissions: [permission] }, 'staffRole { name }');
      const username = `graph-holder-${permission.toLowerCase().replaceAll('_', '-')}`;
      holders.set(permission, await shop.user(username));
      await mutate('setStaffRoles', { username, roles: [role] }, 'staffMember { username }');
    }
    holders.set('none', await shop.user('graph-holder-of-none'));
  });

  it.each([...PERMISSIONS, 'none' as const])('%s opens exactly its operations', async (holder) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const operation of STAFF_OPERATIONS) {
      outcomes[operation.name] = outcomeOf(
        await shop.graphql(operation.document, {}, holders.get(holder)),
        operation.name,
      );
      expected[operation.name] =
        holder !== 'none' && operation.opens.includes(holder) ? operation.allowed : 'FORBIDDEN';
    }
    expect(outcomes).toEqual(expected);
  });
});

// --- Orders to hear of ---------------------------------------------------------------------------------------------

let probeProduct: string | undefined;
/** Places an order of one probe for the token's user: its number. */
async function placeOrder(token: string): Promise<number> {
  probeProduct ??= (
    await mutate(
      'createProduct',
      { name: 'Staff Probe', description: 'For the staff events', price: 5, quantity: 100 },
      'product { id }',
    )
  ).product.id;
  await mutate('addToCart', { productId: probeProduct, quantity: 1 }, 'cart { itemCount }', token);
  return (await mutate('checkout', { shippingAddress: '1 Clerk Lane' }, 'order { number }', token)).order.number;
}
