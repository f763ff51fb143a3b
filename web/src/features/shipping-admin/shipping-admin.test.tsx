import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeleteShippingMethodDocument, SaveShippingMethodDocument, ShippingMethodsDocument } from '@/gql/graphql';
import { money, sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const NAMES: Record<string, string> = { DE: 'Germany', AT: 'Austria', US: 'United States', GB: 'United Kingdom' };

const method = (
  id: number,
  name: string,
  rates: [string[], string, string | null][],
  { active = true, estimate = '2–4 business days', description = null as string | null } = {},
) => ({
  __typename: 'ShippingMethod' as const,
  id: `U2hpcHBpbmdNZXRob2Q6${id}`,
  name,
  description,
  minDays: 2,
  maxDays: 4,
  estimate,
  active,
  rates: rates.map(([countries, price, freeFrom]) => ({
    __typename: 'ShippingRate' as const,
    countries: countries.map((code) => ({ __typename: 'Country' as const, code, name: NAMES[code] ?? code })),
    price: money(price),
    freeFrom: freeFrom === null ? null : money(freeFrom),
  })),
});

const methodsMock = (...methods: ReturnType<typeof method>[]) => ({
  request: { query: ShippingMethodsDocument },
  result: { data: { shippingMethods: methods } },
});

const saved = (
  answer: object | null,
  userErrors: object[] = [],
  check: (input: Record<string, unknown>) => boolean = () => true,
) => ({
  request: {
    query: SaveShippingMethodDocument,
    variables: ({ input }: { input: Record<string, unknown> }) => check(input),
  },
  result: {
    data: {
      saveShippingMethod: {
        __typename: 'SaveShippingMethodPayload',
        shippingMethod: answer,
        userErrors: userErrors.map((error) => ({ __typename: 'UserError', code: 'INVALID_INPUT', ...error })),
      },
    },
  },
});

const open = (mocks: unknown[]) =>
  renderApp({ path: '/admin/shipping', mocks: [sessionMock({ isAdmin: true }), ...(mocks as never[])] });

const entries = () =>
  within(screen.getByRole('list', { name: 'Shipping methods' }))
    .getAllByRole('article')
    .map((article) => article.textContent);

describe('the shipping methods screen', () => {
  it('lists each method with how long it takes and its rates, a retired one marked', async () => {
    open([
      methodsMock(
        method(
          1,
          'Standard',
          [
            [['DE', 'AT'], '4.90', '50.00'],
            [['US'], '12.00', null],
          ],
          {
            description: 'Tracked parcel',
          },
        ),
        method(2, 'Courier', [[['DE'], '0.00', null]], { active: false, estimate: 'Same day' }),
      ),
    ]);
    await screen.findByRole('list', { name: 'Shipping methods' });
    expect(entries()).toEqual([
      'Standard2–4 business days · Tracked parcelGermany, Austria$4.90, free from $50.00United States$12.00EditDelete',
      'CourierRetiredSame dayGermanyFreeEditDelete',
    ]);
  });

  it('says there are none, checks a new method as the shop does, and saves it with its rates', async () => {
    const kept = method(3, 'Standard', [
      [['DE', 'AT'], '4.90', '50.00'],
      [['GB'], '12.00', null],
    ]);
    const { user } = open([
      methodsMock(),
      saved(
        kept,
        [],
        (input) =>
          JSON.stringify(input) ===
          JSON.stringify({
            name: 'Standard',
            description: '',
            minDays: 2,
            maxDays: 4,
            active: true,
            rates: [
              { countries: ['DE', 'AT'], priceAmount: '4.90', freeFromAmount: '50' },
              { countries: ['GB'], priceAmount: '12' },
            ],
          }),
      ),
      methodsMock(kept),
    ]);
    expect(await screen.findByText('No shipping methods yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Method' }));
    const form = screen.getByRole('form', { name: 'New shipping method' });
    await user.click(within(form).getByRole('button', { name: 'Save Method' }));
    // The shop's rules, before anything is sent: the first problem focused, each at its field.
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Name is required');
    expect(within(form).getByRole('textbox', { name: /^Countries/ })).toHaveAccessibleDescription(
      'Two-letter codes, such as DE, AT, FR A rate needs at least one country',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Standard');
    const first = within(form).getByRole('group', { name: 'Rate 1' });
    await user.type(within(first).getByRole('textbox', { name: /^Countries/ }), 'de, at');
    expect(within(first).getByText('Germany, Austria')).toBeInTheDocument();
    await user.type(within(first).getByRole('textbox', { name: /^Price/ }), '4.90');
    await user.type(within(first).getByRole('textbox', { name: /^Free from/ }), '50');
    await user.click(within(form).getByRole('button', { name: 'Add Rate' }));
    const second = within(form).getByRole('group', { name: 'Rate 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Countries/ }), 'GB');
    await user.type(within(second).getByRole('textbox', { name: /^Price/ }), '12.999');
    await user.click(within(form).getByRole('button', { name: 'Save Method' }));
    expect(within(second).getByRole('textbox', { name: /^Price/ })).toHaveAccessibleDescription(
      'Price must be from 0 to $10,000.00 in whole cents',
    );
    await user.clear(within(second).getByRole('textbox', { name: /^Price/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Price/ }), '12');
    await user.click(within(form).getByRole('button', { name: 'Save Method' }));
    expect(await screen.findByText('“Standard” was saved.')).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(1));
  });

  it('shows the shop’s refusal at the rate’s field it names', async () => {
    const before = method(1, 'Standard', [[['DE'], '4.90', null]]);
    const { user } = open([
      methodsMock(before),
      saved(null, [
        {
          message: 'Germany has a rate already: a country can have one rate in a method',
          field: 'rates[0].countries',
        },
      ]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Standard' });
    expect(within(form).getByRole('textbox', { name: /^Countries/ })).toHaveValue('DE');
    expect(within(form).getByRole('textbox', { name: /^Price/ })).toHaveValue('4.90');
    await user.click(within(form).getByRole('button', { name: 'Save Method' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /^Countries/ })).toHaveAccessibleDescription(
        'Germany Germany has a rate already: a country can have one rate in a method',
      ),
    );
  });

  it('says the methods could not be loaded, and loads them again on Retry', async () => {
    const { user } = open([
      { request: { query: ShippingMethodsDocument }, error: new Error('Failed to fetch') },
      methodsMock(method(1, 'Standard', [[['DE'], '4.90', null]])),
    ]);
    expect(await screen.findByText('Failed to load the shipping methods')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(entries()).toEqual(['Standard2–4 business daysGermany$4.90EditDelete']));
  });

  it('deletes a method once asked, keeping it when the admin changes their mind', async () => {
    const { user } = open([
      methodsMock(method(1, 'Standard', [[['DE'], '4.90', null]]), method(2, 'Express', [[['DE'], '14.90', null]])),
      {
        request: { query: DeleteShippingMethodDocument, variables: { input: { id: method(2, '', []).id } } },
        result: {
          data: {
            deleteShippingMethod: {
              __typename: 'DeleteShippingMethodPayload',
              deletedShippingMethodId: method(2, '', []).id,
              userErrors: [],
            },
          },
        },
      },
    ]);
    await screen.findByRole('list', { name: 'Shipping methods' });
    const express = screen.getByRole('article', { name: 'Express' });
    await user.click(within(express).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Express?' })).getByRole('button', { name: 'Keep Method' }),
    );
    expect(entries()).toHaveLength(2);
    await user.click(within(express).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Express?' })).getByRole('button', { name: 'Delete Method' }),
    );
    expect(await screen.findByText('“Express” was deleted.')).toBeInTheDocument();
    expect(entries()).toEqual(['Standard2–4 business daysGermany$4.90EditDelete']);
  });
});
