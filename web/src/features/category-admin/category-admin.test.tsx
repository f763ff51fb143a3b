import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CategoriesDocument,
  CreateCategoryDocument,
  DeleteCategoryDocument,
  UpdateCategoryDocument,
} from '@/gql/graphql';
import { category, categoryId, sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const tree = (...categories: ReturnType<typeof category>[]) => ({
  request: { query: CategoriesDocument },
  result: { data: { categories } },
});

const payload = (field: string, typename: string, fields: object, userErrors: object[] = []) => ({
  data: { [field]: { __typename: typename, ...fields, userErrors } },
});

/** The tree as it reads: each category's name, set in by its depth. */
const treeText = () =>
  within(screen.getByRole('region', { name: 'Category tree' }))
    .getAllByRole('link')
    .map((link) => {
      let depth = 0;
      for (let node = link.closest('li')?.parentElement?.closest('li'); node; node = node.parentElement?.closest('li'))
        depth += 1;
      return `${'  '.repeat(depth)}${link.textContent}`;
    });

describe('the categories screen', () => {
  it('shows the tree, adds a category under another, and shows the shop’s refusal at the name', async () => {
    const { user } = renderApp({
      path: '/admin/categories',
      mocks: [
        sessionMock({ isAdmin: true }),
        tree(category(1, 'Diagnostics'), category(2, 'Thermometers', 1), category(3, 'First aid')),
        {
          request: {
            query: CreateCategoryDocument,
            variables: { input: { name: 'thermometers', parentId: categoryId(1) } },
          },
          result: payload('createCategory', 'CategoryPayload', { category: null }, [
            {
              __typename: 'UserError',
              message: 'A category named "Thermometers" is already under "Diagnostics"',
              field: 'name',
            },
          ]),
        },
        {
          request: {
            query: CreateCategoryDocument,
            variables: { input: { name: 'Blood pressure', parentId: categoryId(1) } },
          },
          result: payload('createCategory', 'CategoryPayload', {
            category: { __typename: 'Category', id: categoryId(4) },
          }),
        },
        tree(
          category(1, 'Diagnostics'),
          category(4, 'Blood pressure', 1),
          category(2, 'Thermometers', 1),
          category(3, 'First aid'),
        ),
      ],
    });
    await screen.findByRole('region', { name: 'Category tree' });
    expect(treeText()).toEqual(['Diagnostics', '  Thermometers', 'First aid']);
    const form = screen.getByRole('form', { name: 'New category' });
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'thermometers');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Under' }), 'Diagnostics');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(
      await within(form).findByText('A category named "Thermometers" is already under "Diagnostics"'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Name/ }));
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Blood pressure');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(treeText()).toEqual(['Diagnostics', '  Blood pressure', '  Thermometers', 'First aid']));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue(''));
  });

  it('moves a category, never under itself, and deletes one only with its products moved', async () => {
    const { user } = renderApp({
      path: '/admin/categories',
      mocks: [
        sessionMock({ isAdmin: true }),
        tree(category(1, 'Diagnostics'), category(2, 'Thermometers', 1), category(3, 'First aid')),
        {
          request: {
            query: UpdateCategoryDocument,
            variables: { input: { id: categoryId(2), name: 'Thermometers', parentId: categoryId(3) } },
          },
          result: payload('updateCategory', 'CategoryPayload', {
            category: { __typename: 'Category', id: categoryId(2), name: 'Thermometers' },
          }),
        },
        tree(category(1, 'Diagnostics'), category(3, 'First aid'), category(2, 'Thermometers', 3)),
        {
          request: { query: DeleteCategoryDocument, variables: { input: { id: categoryId(2), moveProductsTo: null } } },
          result: payload('deleteCategory', 'DeleteCategoryPayload', { deletedCategoryId: null }, [
            {
              __typename: 'UserError',
              message: '"Thermometers" holds 3 products: choose a category to move them to',
              field: 'moveProductsTo',
            },
          ]),
        },
        {
          request: {
            query: DeleteCategoryDocument,
            variables: { input: { id: categoryId(2), moveProductsTo: categoryId(1) } },
          },
          result: payload('deleteCategory', 'DeleteCategoryPayload', { deletedCategoryId: categoryId(2) }),
        },
        tree(category(1, 'Diagnostics'), category(3, 'First aid')),
      ],
    });
    await screen.findByRole('region', { name: 'Category tree' });
    await user.click(screen.getByRole('button', { name: 'Edit Diagnostics' }));
    const editDiagnostics = screen.getByRole('form', { name: 'Edit Diagnostics' });
    // Not under itself nor one of its own.
    expect(
      within(within(editDiagnostics).getByRole('combobox', { name: 'Under' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['The top level', 'First aid']);
    await user.click(within(editDiagnostics).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Thermometers' }));
    const edit = screen.getByRole('form', { name: 'Edit Thermometers' });
    await user.selectOptions(within(edit).getByRole('combobox', { name: 'Under' }), 'First aid');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(treeText()).toEqual(['Diagnostics', 'First aid', '  Thermometers']));

    await user.click(screen.getByRole('button', { name: 'Delete Thermometers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Thermometers”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('"Thermometers" holds 3 products: choose a category to move them to'),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Move its products to' }), 'Diagnostics');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Thermometers” was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(treeText()).toEqual(['Diagnostics', 'First aid']));
  });
});
