import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CategoriesDocument,
  DeleteTaxRateDocument,
  SaveTaxRateDocument,
  TaxAdminDocument,
  UpdateTaxSettingsDocument,
} from '@/gql/graphql';
import { sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const NAMES: Record<string, string> = { DE: 'Germany', AT: 'Austria', FR: 'France' };
const MEDICINES = 'Q2F0ZWdvcnk6Mw';

const rate = (id: number, country: string, percent: number, category: string | null = null) => ({
  __typename: 'TaxRate' as const,
  id: `VGF4UmF0ZTo${id}`,
  country: { __typename: 'Country' as const, code: country, name: NAMES[country] ?? country },
  categoryId: category === null ? null : MEDICINES,
  categoryName: category,
  rate: percent,
});

const page = (rates: ReturnType<typeof rate>[], pricesIncludeTax = true) => ({
  request: { query: TaxAdminDocument },
  result: { data: { taxRates: rates, taxSettings: { __typename: 'TaxSettings', pricesIncludeTax } } },
});

const categories = {
  request: { query: CategoriesDocument },
  result: {
    data: { categories: [{ __typename: 'Category', id: MEDICINES, name: 'Medicines', parent: null }] },
  },
};

const open = (mocks: unknown[]) =>
  renderApp({ path: '/admin/tax', mocks: [sessionMock({ isAdmin: true }), ...(mocks as never[])] });

const listed = () =>
  within(screen.getByRole('list', { name: 'Tax rates' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the tax screen', () => {
  it('lists the rates by country, the standard rate and a category’s, and says how prices are entered', async () => {
    open([page([rate(1, 'AT', 20), rate(2, 'DE', 19), rate(3, 'DE', 7, 'Medicines')])]);
    expect(await screen.findByRole('list', { name: 'Tax rates' })).toBeInTheDocument();
    expect(listed()).toEqual([
      'AustriaStandard rate20 %EditDelete',
      'GermanyStandard rate19 %EditDelete',
      'GermanyMedicines7 %EditDelete',
    ]);
    expect(screen.getByRole('radio', { name: /^The prices I enter include tax/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Setting' })).toBeDisabled();
  });

  it('says when there are none yet', async () => {
    open([page([])]);
    expect(await screen.findByText('No tax rates yet')).toBeInTheDocument();
  });

  it('applies the shop’s rules before sending, then saves a category’s rate and says so', async () => {
    let sent: Record<string, unknown> | undefined;
    const { user } = open([
      page([rate(2, 'DE', 19)]),
      categories,
      {
        request: {
          query: SaveTaxRateDocument,
          variables: ({ input }: { input: Record<string, unknown> }) => {
            sent = input;
            return true;
          },
        },
        result: {
          data: {
            saveTaxRate: {
              __typename: 'SaveTaxRatePayload',
              taxRate: rate(5, 'DE', 7.5, 'Medicines'),
              userErrors: [],
            },
          },
        },
      },
      page([rate(2, 'DE', 19), rate(5, 'DE', 7.5, 'Medicines')]),
    ]);
    await screen.findByRole('list', { name: 'Tax rates' });
    await user.click(screen.getByRole('button', { name: 'Add Rate' }));
    const form = screen.getByRole('form', { name: 'New tax rate' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Country/ }), 'DE');
    await user.type(within(form).getByRole('textbox', { name: /^Rate/ }), '120');
    await user.click(within(form).getByRole('button', { name: 'Save Rate' }));
    expect(within(form).getByRole('textbox', { name: /^Rate/ })).toHaveAccessibleDescription(
      /Rate must be a percentage from 0 to 100, with at most two decimals/,
    );
    expect(sent).toBeUndefined();
    await user.clear(within(form).getByRole('textbox', { name: /^Rate/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Rate/ }), '7,5');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Medicines' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Applies to/ }), 'Medicines');
    await user.click(within(form).getByRole('button', { name: 'Save Rate' }));
    expect(await screen.findByText('Germany, Medicines: 7.5 % was saved.')).toBeInTheDocument();
    expect(sent).toEqual({ country: 'DE', categoryId: MEDICINES, rate: 7.5 });
    await waitFor(() =>
      expect(listed()).toEqual(['GermanyStandard rate19 %EditDelete', 'GermanyMedicines7.5 %EditDelete']),
    );
  });

  it('edits a category’s rate with its category chosen, once the categories have come', async () => {
    const { user } = open([page([rate(3, 'DE', 7, 'Medicines')]), { ...categories, delay: 50 }]);
    await user.click(await screen.findByRole('button', { name: 'Edit Germany, Medicines' }));
    const form = screen.getByRole('form', { name: 'Edit Germany, Medicines' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /^Applies to/ })).toHaveDisplayValue('Medicines'),
    );
    expect(within(form).getByRole('textbox', { name: /^Rate/ })).toHaveValue('7');
  });

  it('shows the shop’s refusal at its field', async () => {
    const { user } = open([
      page([rate(2, 'DE', 19)]),
      categories,
      {
        request: { query: SaveTaxRateDocument, variables: () => true },
        result: {
          data: {
            saveTaxRate: {
              __typename: 'SaveTaxRatePayload',
              taxRate: null,
              userErrors: [
                {
                  __typename: 'UserError',
                  message: 'Germany has a standard rate already',
                  field: 'country',
                  code: 'CONFLICT',
                },
              ],
            },
          },
        },
      },
    ]);
    await screen.findByRole('list', { name: 'Tax rates' });
    await user.click(screen.getByRole('button', { name: 'Add Rate' }));
    const form = screen.getByRole('form', { name: 'New tax rate' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Country/ }), 'DE');
    await user.type(within(form).getByRole('textbox', { name: /^Rate/ }), '16');
    await user.click(within(form).getByRole('button', { name: 'Save Rate' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /^Country/ })).toHaveAccessibleDescription(
        /Germany has a standard rate already/,
      ),
    );
  });

  it('saves whether prices include tax', async () => {
    const { user } = open([
      page([rate(2, 'DE', 19)]),
      {
        request: { query: UpdateTaxSettingsDocument, variables: { input: { pricesIncludeTax: false } } },
        result: {
          data: {
            updateTaxSettings: {
              __typename: 'UpdateTaxSettingsPayload',
              taxSettings: { __typename: 'TaxSettings', pricesIncludeTax: false },
              userErrors: [],
            },
          },
        },
      },
      page([rate(2, 'DE', 19)], false),
    ]);
    await user.click(await screen.findByRole('radio', { name: /^Tax is added to the prices I enter/ }));
    await user.click(screen.getByRole('button', { name: 'Save Setting' }));
    expect(await screen.findByText('Tax is now added to the prices at checkout.')).toBeInTheDocument();
    // Read again: saved, so there is nothing to save until it changes.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Setting' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: /^Tax is added to the prices I enter/ })).toBeChecked();
  });

  it('deletes a rate once asked', async () => {
    const { user } = open([
      page([rate(2, 'DE', 19), rate(3, 'DE', 7, 'Medicines')]),
      {
        request: { query: DeleteTaxRateDocument, variables: { input: { id: rate(3, 'DE', 7).id } } },
        result: {
          data: {
            deleteTaxRate: {
              __typename: 'DeleteTaxRatePayload',
              deletedTaxRateId: rate(3, 'DE', 7).id,
              userErrors: [],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete Germany, Medicines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the rate for Germany, Medicines?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Rate' }));
    expect(await screen.findByText('The rate for Germany, Medicines was deleted.')).toBeInTheDocument();
    expect(listed()).toEqual(['GermanyStandard rate19 %EditDelete']);
  });
});
