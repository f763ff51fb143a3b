// The profile's Two-Factor Sign-In tab: set up with a QR code and its key, turned on with the app's first code (the
// recovery codes shown once), then new codes or off with the password; where the shop requires it of staff, it says
// so and offers no way off; a shop without second factors says that.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DisableTwoFactorDocument,
  EnableTwoFactorDocument,
  ProfilePageDocument,
  StartTwoFactorSetupDocument,
  TwoFactorTabDocument,
} from '@/gql/graphql';
import { TOKEN_STORAGE_KEY } from '@/lib/session';
import { sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';

const VIEWER_ID = 'VXNlcjoy';
const status = (enabled: boolean, { required = false, left = enabled ? 10 : 0 } = {}) => ({
  __typename: 'TwoFactorStatus' as const,
  enabled,
  enabledAt: enabled ? '2026-11-29T08:00:00.000Z' : null,
  recoveryCodesLeft: left,
  required,
});
const tab = (twoFactor: ReturnType<typeof status> | null, permissions: string[] = []) => ({
  request: { query: TwoFactorTabDocument },
  result: { data: { viewer: { __typename: 'User', id: VIEWER_ID, permissions, twoFactor } } },
});
const profilePage = {
  request: { query: ProfilePageDocument },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      viewer: {
        __typename: 'User',
        id: VIEWER_ID,
        username: 'alice',
        isAdmin: false,
        permissions: [],
        email: null,
        emailVerified: null,
        firstName: null,
        lastName: null,
        phoneNumber: null,
        address: null,
        createdAt: '2026-11-02T10:00:00.000Z',
        preferences: {
          __typename: 'Preferences',
          emailNotifications: true,
          smsNotifications: false,
          language: 'en',
          timezone: 'UTC',
        },
      },
    },
  },
};
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
const noErrors: never[] = [];
/** The shop's answer to Set Up Two-Factor Sign-In for `username`: the key, and the URI the QR code carries. */
const setupStarted = (username: string) => ({
  request: { query: StartTwoFactorSetupDocument, variables: { input: {} } },
  result: {
    data: {
      startTwoFactorSetup: {
        __typename: 'StartTwoFactorSetupPayload',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEH',
        uri: `otpauth://totp/Medshop:${username}?secret=JBSWY3DPEHPK3PXPJBSWY3DPEH&issuer=Medshop`,
        userErrors: noErrors,
      },
    },
  },
});

async function openTab(mocks: object[]) {
  const rendered = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage, ...mocks] as never });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Two-Factor Sign-In' }));
  return rendered;
}

describe('the Two-Factor Sign-In tab', () => {
  it('sets it up with a QR code and its key, checks the code’s form, and shows the recovery codes once', async () => {
    let sent: unknown;
    const { user } = await openTab([
      tab(status(false)),
      setupStarted('alice'),
      {
        request: {
          query: EnableTwoFactorDocument,
          variables: (variables: unknown) => {
            sent = variables;
            return true;
          },
        },
        result: {
          data: {
            enableTwoFactor: {
              __typename: 'EnableTwoFactorPayload',
              recoveryCodes: CODES,
              token: 'token-after-two-factor',
              viewer: {
                __typename: 'User',
                id: VIEWER_ID,
                isAdmin: false,
                permissions: [],
                permissionsAwaitTwoFactor: false,
                twoFactor: status(true),
              },
              userErrors: noErrors,
            },
          },
        },
      },
    ]);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/),
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EH')).toBeInTheDocument();
    const code = screen.getByLabelText(/^Authentication code/);
    await user.type(code, 'abc');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText('The code is 6 digits, as your authenticator app shows it')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(sent).toEqual({ input: { code: '123456', password: 'secret1' } });
    // Every other session ended: this tab goes on with the new token.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-after-two-factor');
    // The codes' heading takes the focus (the form it came from is gone).
    expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'medshop-recovery-codes.txt');
    // Another tab and back: the codes, shown once, are still there until the person says they saved them.
    await user.click(screen.getByRole('tab', { name: 'Addresses' }));
    await user.click(screen.getByRole('tab', { name: 'Two-Factor Sign-In' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I Have Saved Them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByText(/10 of 10 recovery codes left\./)).toHaveFocus();
  });

  it('turns it off with the password, the shop’s refusal at the field', async () => {
    const { user } = await openTab([
      tab(status(true, { left: 2 })),
      {
        request: { query: DisableTwoFactorDocument, variables: { input: { password: 'wrong' } } },
        result: {
          data: {
            disableTwoFactor: {
              __typename: 'DisableTwoFactorPayload',
              viewer: null,
              userErrors: [
                {
                  __typename: 'UserError',
                  message: 'Current password is incorrect',
                  field: 'password',
                  code: 'INVALID_INPUT',
                },
              ],
            },
          },
        },
      },
      {
        request: { query: DisableTwoFactorDocument, variables: { input: { password: 'secret1' } } },
        result: {
          data: {
            disableTwoFactor: {
              __typename: 'DisableTwoFactorPayload',
              viewer: { __typename: 'User', id: VIEWER_ID, twoFactor: status(false) },
              userErrors: noErrors,
            },
          },
        },
      },
    ]);
    expect(await screen.findByText(/2 of 10 recovery codes left\./)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Few recovery codes are left: make new ones, and keep them safe.',
    );
    const password = screen.getByLabelText(/^Current Password/);
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' })).toBeInTheDocument();
  });

  it('says when the shop requires it of staff roles, and then offers no way off', async () => {
    await openTab([tab(status(false, { required: true }))]);
    expect(
      await screen.findByText('Your staff roles require two-factor sign-in: your staff screens open once it is on.'),
    ).toBeInTheDocument();
  });

  it('keeps it on for required staff: new codes only', async () => {
    await openTab([tab(status(true, { required: true }))]);
    expect(await screen.findByText('Your staff roles require it: it stays on.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Recovery Codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn Off' })).toBeNull();
  });

  it('opens from the address (?tab=two-factor), and choosing another tab puts that one in the address', async () => {
    const { user } = renderApp({
      path: '/profile?tab=two-factor',
      mocks: [sessionMock(), profilePage, tab(status(false))] as never,
    });
    expect(await screen.findByRole('tab', { name: 'Two-Factor Sign-In' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Change Password' }));
    expect(currentPath()).toBe('/profile?tab=password');
    expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the first tab for an address naming none the profile has', async () => {
    renderApp({ path: '/profile?tab=bogus', mocks: [sessionMock(), profilePage] as never });
    expect(await screen.findByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so where the shop has no second factors', async () => {
    await openTab([tab(null)]);
    expect(await screen.findByText('This shop does not offer two-factor sign-in.')).toBeInTheDocument();
  });
});

describe('staff whose permissions wait for a second factor', () => {
  const NOTICE = 'Your staff roles need two-factor sign-in: your staff screens open once it is on.';

  it('are told on every screen, led to the tab (where the notice gives way to the tab’s own), and told no more once it is on', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock({ username: 'clerk', permissionsAwaitTwoFactor: true }),
        profilePage,
        tab(status(false, { required: true })),
        setupStarted('clerk'),
        {
          request: { query: EnableTwoFactorDocument, variables: { input: { code: '123456', password: 'secret1' } } },
          result: {
            data: {
              enableTwoFactor: {
                __typename: 'EnableTwoFactorPayload',
                recoveryCodes: CODES,
                token: 'token-after-two-factor',
                viewer: {
                  __typename: 'User',
                  id: VIEWER_ID,
                  isAdmin: false,
                  permissions: ['MANAGE_ORDERS'],
                  permissionsAwaitTwoFactor: false,
                  twoFactor: status(true, { required: true }),
                },
                userErrors: noErrors,
              },
            },
          },
        },
      ] as never,
    });
    const notice = await screen.findByRole('region', { name: 'Two-factor sign-in needed' });
    expect(notice).toHaveTextContent(`${NOTICE} Set Up Two-Factor Sign-In`);
    await user.click(within(notice).getByRole('link', { name: 'Set Up Two-Factor Sign-In' }));
    expect(currentPath()).toBe('/profile?tab=two-factor');
    expect(await screen.findByRole('tab', { name: 'Two-Factor Sign-In' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText('Your staff roles require two-factor sign-in: your staff screens open once it is on.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).toBeNull();
    // The link that had the focus went with the notice: the tab's heading has it now.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Two-Factor Sign-In' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    // Elsewhere on the profile: no notice any more, and the staff screens the roles open are there.
    await user.click(screen.getByRole('tab', { name: 'Profile Information' }));
    const staffScreens = await screen.findByRole('navigation', { name: 'Staff screens' });
    expect(within(staffScreens).getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('are not told anything when their permissions are theirs', async () => {
    renderApp({ path: '/profile', mocks: [sessionMock({ permissions: ['MANAGE_ORDERS'] }), profilePage] as never });
    expect(await screen.findByRole('tab', { name: 'Profile Information' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
