import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shop-rules/staff-rules';
import {
  CreateStaffRoleDocument,
  ResetTwoFactorDocument,
  SetStaffRolesDocument,
  StaffAdminDocument,
} from '@/gql/graphql';
import { sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const role = (name: string, permissions: string[], builtIn: boolean, holders: number) => ({
  __typename: 'StaffRole' as const,
  name,
  permissions,
  builtIn,
  holders,
});
const member = (id: number, username: string, roles: string[], permissions: string[], twoFactorEnabled = false) => ({
  __typename: 'StaffMember' as const,
  id: `VXNlcjo${id}`,
  username,
  roles,
  permissions,
  twoFactorEnabled,
});

const ROLES = [
  role('ADMIN', [...PERMISSIONS], true, 1),
  role('ORDER_CLERK', ['MANAGE_ORDERS'], true, 1),
  role('NIGHT_SHIFT', ['MANAGE_ORDERS', 'READ_AUDIT'], false, 0),
];
const MEMBERS = [
  member(1, 'admin', ['ADMIN'], [...PERMISSIONS], true),
  member(7, 'clerk', ['ORDER_CLERK'], ['MANAGE_ORDERS']),
];

const page = (roles = ROLES, members = MEMBERS) => ({
  request: { query: StaffAdminDocument },
  result: { data: { staffRoles: roles, staffMembers: members } },
});

const listed = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the staff screen', () => {
  it('lists the people and the roles, only the shop’s own roles editable', async () => {
    renderApp({ path: '/admin/staff', mocks: [sessionMock({ isAdmin: true }), page()] });
    expect(await screen.findByRole('list', { name: 'Staff' })).toBeInTheDocument();
    expect(listed('Staff')).toEqual([
      'adminAdmin (owner)Manage catalogue, Manage orders, Record payments, Manage shop settings, Moderate chat, Read the audit trail, Manage staffTwo-factor sign-in: onChange RolesReset Two-Factor',
      'clerkOrder clerkManage ordersTwo-factor sign-in: offChange Roles',
    ]);
    expect(listed('Roles')).toEqual([
      'Admin (owner) ADMIN · built inManage catalogue, Manage orders, Record payments, Manage shop settings, Moderate chat, Read the audit trail, Manage staffHeld by 1 person',
      'Order clerk ORDER_CLERK · built inManage ordersHeld by 1 person',
      'Night shift NIGHT_SHIFTManage orders, Read the audit trailHeld by 0 peopleEditDelete',
    ]);
  });

  it('applies the rules before sending a new role, then makes it and says so', async () => {
    let sent: unknown;
    const { user } = renderApp({
      path: '/admin/staff',
      mocks: [
        sessionMock({ isAdmin: true }),
        page(),
        {
          request: {
            query: CreateStaffRoleDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              createStaffRole: {
                __typename: 'StaffRolePayload',
                staffRole: { __typename: 'StaffRole', name: 'PACKER' },
                userErrors: [],
              },
            },
          },
        },
        page([...ROLES, role('PACKER', ['MANAGE_ORDERS'], false, 0)]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    const form = screen.getByRole('form', { name: 'New role' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'packer');
    await user.click(within(form).getByRole('button', { name: 'Save Role' }));
    expect(
      await within(form).findByText(
        'A role’s name is 3 to 30 capital letters, digits and underscores, starting with a letter',
      ),
    ).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Name/ }));
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'PACKER');
    await user.click(within(form).getByRole('button', { name: 'Save Role' }));
    expect(await within(form).findByText('A role needs at least one permission')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.click(within(form).getByRole('checkbox', { name: 'Manage orders' }));
    await user.click(within(form).getByRole('button', { name: 'Save Role' }));
    expect(await screen.findByText('The role Packer was saved.')).toBeInTheDocument();
    expect(sent).toEqual({ input: { name: 'PACKER', permissions: ['MANAGE_ORDERS'] } });
    expect(listed('Roles')).toContain('Packer PACKERManage ordersHeld by 0 peopleEditDelete');
  });

  it('gives someone a role, and shows the shop’s refusal at the field it is about', async () => {
    const { user } = renderApp({
      path: '/admin/staff',
      mocks: [
        sessionMock({ isAdmin: true }),
        page(),
        {
          request: {
            query: SetStaffRolesDocument,
            variables: { input: { username: 'nobody', roles: ['ORDER_CLERK'] } },
          },
          result: {
            data: {
              setStaffRoles: {
                __typename: 'SetStaffRolesPayload',
                staffMember: null,
                userErrors: [
                  { __typename: 'UserError', message: 'User not found', field: 'username', code: 'NOT_FOUND' },
                ],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Give Someone a Role' }));
    const form = screen.getByRole('form', { name: 'Give someone a role' });
    await user.type(within(form).getByRole('textbox', { name: /Username/ }), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Save Roles' }));
    expect(await within(form).findByText('Choose at least one role')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'Order clerk' }));
    await user.click(within(form).getByRole('button', { name: 'Save Roles' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription(
        expect.stringContaining('User not found'),
      ),
    );
  });

  it('a staff manager who is not an owner cannot tick Admin, nor what is beyond their own permissions', async () => {
    const { user } = renderApp({
      path: '/admin/staff',
      mocks: [sessionMock({ permissions: ['MANAGE_ORDERS', 'MANAGE_STAFF'] }), page()],
    });
    await user.click(await screen.findByRole('button', { name: 'Change roles of clerk' }));
    const form = screen.getByRole('form', { name: 'Roles of clerk' });
    expect(within(form).getByRole('checkbox', { name: 'Admin (owner)' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Order clerk' })).toBeEnabled();
    expect(within(form).getByRole('checkbox', { name: 'Order clerk' })).toBeChecked();
    const nightShift = within(form).getByRole('checkbox', { name: 'Night shift' });
    expect(nightShift).toBeDisabled();
    expect(nightShift).toHaveAccessibleDescription('Manage orders, Read the audit trail: beyond your own permissions');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'New Role' }));
    const roleForm = screen.getByRole('form', { name: 'New role' });
    expect(within(roleForm).getByRole('checkbox', { name: 'Manage orders' })).toBeEnabled();
    expect(within(roleForm).getByRole('checkbox', { name: 'Manage shop settings' })).toBeDisabled();
  });
});

describe('what a staff member is offered', () => {
  it('a clerk sees the desk in the navbar, not Add Product, and the product form sends them home', async () => {
    renderApp({ path: '/create', mocks: [sessionMock({ username: 'clerk', permissions: ['MANAGE_ORDERS'] })] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Manage Orders' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Add Product' })).toBeNull();
    expect(within(nav).getByText('(Staff)')).toBeInTheDocument();
    // Sent home: the product list, not the form.
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create Product' })).toBeNull();
  });

  it('a shopper is sent home from the staff screen', async () => {
    renderApp({ path: '/admin/staff', mocks: [sessionMock()] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('(User)')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff' })).toBeNull();
  });

  it('resets a colleague’s second factor after asking, and says what it means; never one’s own', async () => {
    let sent: unknown;
    const clerk = member(7, 'clerk', ['ORDER_CLERK'], ['MANAGE_ORDERS'], true);
    const { user } = renderApp({
      path: '/admin/staff',
      mocks: [
        sessionMock({ username: 'admin', isAdmin: true }),
        page(ROLES, [member(1, 'admin', ['ADMIN'], [...PERMISSIONS], true), clerk]),
        {
          request: {
            query: ResetTwoFactorDocument,
            variables: (variables: unknown) => {
              sent = variables;
              return true;
            },
          },
          result: {
            data: {
              resetTwoFactor: {
                __typename: 'ResetTwoFactorPayload',
                staffMember: { __typename: 'StaffMember', id: clerk.id, username: 'clerk', twoFactorEnabled: false },
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    const clerkRow = await screen.findByRole('listitem', { name: 'clerk' });
    // The viewer's own row offers none: they turn theirs off from the profile.
    expect(
      within(screen.getByRole('listitem', { name: 'admin' })).queryByRole('button', { name: /Reset two-factor/ }),
    ).toBeNull();
    await user.click(within(clerkRow).getByRole('button', { name: 'Reset two-factor sign-in of clerk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the two-factor sign-in of clerk?' });
    expect(dialog).toHaveTextContent('They will sign in with their password alone until they set it up again.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Two-Factor' }));
    expect(
      await screen.findByText('clerk signs in with their password alone until they set it up again.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ input: { username: 'clerk' } });
    await waitFor(() => expect(within(clerkRow).getByText('Two-factor sign-in: off')).toBeInTheDocument());
    expect(within(clerkRow).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
  });
});
