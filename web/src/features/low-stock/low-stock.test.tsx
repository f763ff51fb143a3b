import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EditProductDocument,
  LowStockProductsDocument,
  ShopSettingsDocument,
  UpdateProductDocument,
  UpdateShopSettingsDocument,
} from '@/gql/graphql';
import { money, product, productId, sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';
import { LOW_STOCK_PAGE_SIZE } from './low-stock-route';

const settings = (lowStockThreshold: number) => ({
  request: { query: ShopSettingsDocument },
  result: { data: { shopSettings: { __typename: 'ShopSettings', lowStockThreshold } } },
});

const lowStockPage = (products: ReturnType<typeof product>[]) => ({
  request: { query: LowStockProductsDocument, variables: { first: LOW_STOCK_PAGE_SIZE } },
  result: {
    data: {
      lowStockProducts: {
        __typename: 'ProductConnection',
        totalCount: products.length,
        edges: products.map((node, index) => ({ __typename: 'ProductEdge', cursor: `c${index}`, node })),
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
});

describe('low stock', () => {
  it('edits a product from its row and comes back to Low Stock, the save confirmed and the list asked for again', async () => {
    const gauze = product(1, { name: 'Gauze', description: 'Sterile', unitPrice: money('3.00'), quantity: 2 });
    const { user } = renderApp({
      path: '/admin/low-stock',
      mocks: [
        sessionMock({ isAdmin: true }),
        settings(5),
        lowStockPage([gauze, product(2, { name: 'Splint', quantity: 1 })]),
        {
          request: { query: EditProductDocument, variables: { id: productId(1) } },
          result: { data: { product: gauze } },
        },
        {
          request: {
            query: UpdateProductDocument,
            variables: {
              input: {
                id: productId(1),
                name: 'Gauze',
                description: 'Sterile',
                unitPriceAmount: '3.00',
                quantity: 40,
                imageUrl: gauze.imageUrls[0],
                imageUrls: gauze.imageUrls,
                imageAlts: [],
                sku: null,
              },
            },
          },
          result: {
            data: {
              updateProduct: {
                __typename: 'UpdateProductPayload',
                product: { ...gauze, quantity: 40, inStock: true },
                userErrors: [],
              },
            },
          },
        },
        lowStockPage([product(2, { name: 'Splint', quantity: 1 })]),
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Edit Gauze' }));
    const stock = await screen.findByLabelText(/^Stock quantity/);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/low-stock');
    await user.clear(stock);
    await user.type(stock, '40');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentPath()).toBe('/admin/low-stock'));
    expect(await screen.findByRole('status')).toHaveTextContent('Changes saved: Gauze');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Products low in stock' }))
          .getAllByRole('link', { name: /^[A-Z]\w+$/ })
          .map((link) => link.textContent),
      ).toEqual(['Splint']),
    );
  });

  it('lists the products low in stock with the threshold that applies, and saves the shop’s, listing again', async () => {
    const { user } = renderApp({
      path: '/admin/low-stock',
      mocks: [
        sessionMock({ isAdmin: true }),
        settings(5),
        lowStockPage([
          product(1, { name: 'Gauze', quantity: 0 }),
          product(2, { name: 'Splint', quantity: 12, lowStockThreshold: 15 }),
        ]),
        {
          request: { query: UpdateShopSettingsDocument, variables: { input: { lowStockThreshold: 20 } } },
          result: {
            data: {
              updateShopSettings: {
                __typename: 'UpdateShopSettingsPayload',
                shopSettings: { __typename: 'ShopSettings', lowStockThreshold: 20 },
                userErrors: [],
              },
            },
          },
        },
        lowStockPage([
          product(1, { name: 'Gauze', quantity: 0 }),
          product(2, { name: 'Splint', quantity: 12, lowStockThreshold: 15 }),
          product(3, { name: 'Tape', quantity: 18 }),
        ]),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Products low in stock' });
    // The shop's threshold beside a product without its own, once it has come (asked beside the list).
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['GauzeOut of stockShop’s threshold: 5Edit', 'Splint12 leftOwn threshold: 15Edit']),
    );
    expect(within(list).getByRole('link', { name: 'Edit Splint' })).toHaveAttribute('href', `/edit/${product(2).id}`);
    const field = await screen.findByRole('spinbutton', { name: /Shop’s low stock threshold/ });
    expect(field).toHaveValue(5);
    await user.clear(field);
    await user.type(field, '-1');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('Low stock threshold must be from 0 to 1,000,000')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    await waitFor(() => expect(screen.getByText(/^3 products are at or under/)).toBeInTheDocument());
  });

  it('says so when nothing is low in stock', async () => {
    renderApp({ path: '/admin/low-stock', mocks: [sessionMock({ isAdmin: true }), settings(5), lowStockPage([])] });
    expect(await screen.findByText('No product is low in stock')).toBeInTheDocument();
  });
});
