import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  DeleteAddressDocument,
  ProfilePageDocument,
  SaveAddressDocument,
  ViewerAddressesDocument,
} from '@/gql/graphql';
import { sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { ADDRESS_DELETED, ADDRESS_SAVED, NO_ADDRESS_BOOK } from './address-book';

const viewer = {
  __typename: 'User',
  id: 'VXNlcjoy',
  username: 'alice',
  isAdmin: false,
  email: null,
  emailVerified: false,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  address: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  preferences: {
    __typename: 'Preferences',
    emailNotifications: false,
    smsNotifications: false,
    language: 'en',
    timezone: 'UTC',
  },
};
const profilePage = { request: { query: ProfilePageDocument }, result: { data: { viewer } } };

const address = (id: number, line1: string, lastUsedAt: string | null = null) => ({
  __typename: 'Address' as const,
  id: `QWRkcmVzczo${id}`,
  name: 'Alice Liddell',
  line1,
  line2: null,
  city: 'Oxford',
  postalCode: 'OX1 1DP',
  country: { __typename: 'Country' as const, code: 'GB', name: 'United Kingdom' },
  phone: null,
  printed: `Alice Liddell\n${line1}\nOX1 1DP Oxford\nUnited Kingdom`,
  lastUsedAt,
});
type Saved = ReturnType<typeof address>;

const book = (addresses: Saved[]) => ({
  request: { query: ViewerAddressesDocument },
  result: { data: { viewer: { __typename: 'User', id: viewer.id, addresses } } },
});

const saved = (answer: Saved, check: (input: Record<string, unknown>) => boolean) => ({
  request: { query: SaveAddressDocument, variables: ({ input }: { input: Record<string, unknown> }) => check(input) },
  result: { data: { saveAddress: { __typename: 'SaveAddressPayload', address: answer, userErrors: [] } } },
});

async function openTab(mocks: unknown[]) {
  const view = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage, ...(mocks as never[])] });
  await view.user.click(await screen.findByRole('tab', { name: 'Addresses' }));
  return view;
}

const entries = () =>
  within(screen.getByRole('list', { name: 'Saved addresses' }))
    .getAllByRole('article')
    .map((entry) => entry.textContent);

describe('the address book on the profile', () => {
  it('lists the saved addresses, the last used first, each saying when it was used', async () => {
    await openTab([book([address(2, '2 High Street', '2026-11-20T10:00:00.000Z'), address(1, '1 Broad Street')])]);
    await screen.findByRole('list', { name: 'Saved addresses' });
    expect(entries()).toEqual([
      'Alice Liddell\n2 High Street\nOX1 1DP Oxford\nUnited KingdomLast used November 20, 2026EditDelete',
      'Alice Liddell\n1 Broad Street\nOX1 1DP Oxford\nUnited KingdomNot used for an order yetEditDelete',
    ]);
  });

  it('says there are none yet, and adds one: checked as the shop checks it, saved, and the list read again', async () => {
    const kept = address(3, '3 Cornmarket');
    const { user } = await openTab([
      book([]),
      saved(
        kept,
        (input) =>
          JSON.stringify(input) ===
          JSON.stringify({
            name: 'Alice Liddell',
            line1: '3 Cornmarket',
            line2: '',
            city: 'Oxford',
            postalCode: 'OX1 1DP',
            country: 'GB',
            phone: '',
          }),
      ),
      book([kept]),
    ]);
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    const form = screen.getByRole('form', { name: 'New Address' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    await user.type(within(form).getByRole('textbox', { name: /^Phone/ }), 'call me');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Phone may contain only digits, spaces, +, -, ( and )')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /^Phone/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Alice Liddell');
    await user.type(within(form).getByRole('textbox', { name: /^Address line 1/ }), '3 Cornmarket');
    await user.type(within(form).getByRole('textbox', { name: /^Postal code/ }), 'OX1 1DP');
    await user.type(within(form).getByRole('textbox', { name: /^City/ }), 'Oxford');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Country/ }), 'GB');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText(ADDRESS_SAVED)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New Address' })).toBeNull();
    await waitFor(() =>
      expect(entries()).toEqual([
        'Alice Liddell\n3 Cornmarket\nOX1 1DP Oxford\nUnited KingdomNot used for an order yetEditDelete',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Add Address' })).toHaveFocus();
  });

  it('edits an address in place, starting from what it holds', async () => {
    const before = address(1, '1 Broad Street');
    const { user } = await openTab([
      book([before]),
      saved(
        { ...before, line1: '10 Broad Street', printed: before.printed.replace('1 Broad', '10 Broad') },
        (input) => input.id === before.id && input.line1 === '10 Broad Street' && input.city === 'Oxford',
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Address' });
    expect(within(form).getByRole('combobox', { name: /^Country/ })).toHaveValue('GB');
    const line1 = within(form).getByRole('textbox', { name: /^Address line 1/ });
    expect(line1).toHaveValue('1 Broad Street');
    await user.clear(line1);
    await user.type(line1, '10 Broad Street');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText(ADDRESS_SAVED)).toBeInTheDocument();
    expect(entries()).toEqual([
      'Alice Liddell\n10 Broad Street\nOX1 1DP Oxford\nUnited KingdomNot used for an order yetEditDelete',
    ]);
  });

  it('deletes an address only once asked, and keeps it when the buyer changes their mind', async () => {
    const { user } = await openTab([
      book([address(2, '2 High Street'), address(1, '1 Broad Street')]),
      {
        request: { query: DeleteAddressDocument, variables: { input: { id: address(1, '').id } } },
        result: {
          data: {
            deleteAddress: { __typename: 'DeleteAddressPayload', deletedAddressId: address(1, '').id, userErrors: [] },
          },
        },
      },
    ]);
    await screen.findByRole('list', { name: 'Saved addresses' });
    const second = screen.getAllByRole('article')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Orders already sent there keep it.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Address' }));
    expect(entries()).toHaveLength(2);
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Address' }));
    expect(await screen.findByText(ADDRESS_DELETED)).toBeInTheDocument();
    expect(entries()).toEqual([
      'Alice Liddell\n2 High Street\nOX1 1DP Oxford\nUnited KingdomNot used for an order yetEditDelete',
    ]);
  });

  it('offers no Add Address once the book holds 20, and says why', async () => {
    await openTab([book(Array.from({ length: 20 }, (_, index) => address(index + 1, `${index + 1} Long Row`)))]);
    const add = await screen.findByRole('button', { name: 'Add Address' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAccessibleDescription('You can keep at most 20 addresses: delete one first.');
  });

  it('says the shop keeps no address books where it keeps none', async () => {
    await openTab([
      {
        request: { query: ViewerAddressesDocument },
        result: { data: null, errors: [new GraphQLError('none here', { extensions: { code: 'NOT_SUPPORTED' } })] },
      },
    ]);
    expect(await screen.findByText(NO_ADDRESS_BOOK)).toBeInTheDocument();
  });
});
