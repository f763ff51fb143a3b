import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersPageDocument, ProductDetailDocument } from '../gql/graphql';
import { listingMock, listingSideMocks, product, productId, sessionMock, viewerCartMock } from '../testing/fixtures';
import { currentPath, renderApp } from '../testing/render';

const listingOf = (products: ReturnType<typeof product>[], filter?: object) =>
  listingMock(products, filter ? { filter } : {});

const noOrders = {
  request: { query: OrdersPageDocument, variables: { first: 10 } },
  result: {
    data: {
      viewer: {
        __typename: 'User',
        orders: {
          __typename: 'OrderConnection',
          totalCount: 0,
          edges: [],
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      },
    },
  },
};

describe('arriving on a page', () => {
  it('titles each screen, and after a navigation puts the focus on the new screen’s heading', async () => {
    const { user } = renderApp({ mocks: [sessionMock(), listingOf([]), noOrders] });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(document.title).toBe('Products — Medshop');
    // The first page of a visit is read from the top by the browser: the focus is left where it is.
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(document.title).toBe('Orders — Medshop');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toHaveFocus());
  });

  it('titles a product page with the product’s name', async () => {
    renderApp({
      path: `/products/${productId(3)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        {
          request: { query: ProductDetailDocument, variables: { id: productId(3) } },
          result: { data: { product: product(3, { name: 'Digital Thermometer' }) } },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital Thermometer' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Digital Thermometer — Medshop'));
  });

  it('titles the visitor’s screens too, and focuses Register’s heading when going there from Login', async () => {
    const { user } = renderApp({ path: '/login', token: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(document.title).toBe('Login — Medshop');
    await user.click(screen.getAllByRole('link', { name: 'Register' })[0]!);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toHaveFocus());
    expect(document.title).toBe('Register — Medshop');
  });

  it('leaves the focus on Apply Filters when only the filters in the address change', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        ...listingSideMocks(),
        viewerCartMock(),
        listingOf([product(1), product(2)]),
        listingOf([product(1)], { name: 'Product 1' }),
      ],
    });
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'Product 1');
    const apply = screen.getByRole('button', { name: 'Apply Filters' });
    await user.click(apply);
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/?name=Product+1');
    expect(apply).toHaveFocus();
    expect(document.title).toBe('Products — Medshop');
  });
});
