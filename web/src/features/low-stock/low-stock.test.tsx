import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LowStockProductsDocument, ShopSettingsDocument, UpdateShopSettingsDocument } from '@/gql/graphql';
import { product, sessionMock } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
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
