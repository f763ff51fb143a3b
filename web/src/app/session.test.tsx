import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginDocument, OrdersPageDocument, ProductListingDocument, SessionDocument } from '../gql/graphql';
import { SESSION_EXPIRED_NOTICE, TOKEN_STORAGE_KEY } from '../lib/session';
import { roomId, sessionMock, unauthenticated } from '../testing/fixtures';
import { currentPath, renderApp } from '../testing/render';

const emptyListing = {
  request: { query: ProductListingDocument, variables: { first: 24 } },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { products: { __typename: 'ProductConnection', totalCount: 0, edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } } } },
};

describe('who sees what', () => {
  it('sends a visitor without a session from any screen to /login, with Login and Register in the navbar', async () => {
    renderApp({ path: '/orders', token: null });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Login', 'Register']);
  });

  it('shows “Loading...” while the stored session is restored', async () => {
    renderApp({ path: '/', mocks: [{ ...sessionMock(), delay: 100 }, emptyListing] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });

  it('sends a logged-in person away from /login and /register to the listing', async () => {
    renderApp({ path: '/register', mocks: [sessionMock(), emptyListing] });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends an unknown path home when logged in, and to /login when not', async () => {
    renderApp({ path: '/no/such/page', mocks: [sessionMock(), emptyListing] });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends an unknown path to /login for a visitor', async () => {
    renderApp({ path: '/no/such/page', token: null });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });
});

describe('navbar', () => {
  it('shows a shopper Home, Profile, Orders, Chat with the unread total, Cart with its count, who they are and Logout', async () => {
    renderApp({ mocks: [sessionMock({ username: 'alice', itemCount: 3, rooms: [{ id: roomId(1), unreadCount: 2 }, { id: roomId(2), unreadCount: 5 }] }), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByText('alice (User)');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Profile', 'Orders', 'Chat 7 unread', 'Cart 3 items']);
    expect(within(nav).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('adds Add Product and “(Admin)” for an admin', async () => {
    renderApp({ mocks: [sessionMock({ username: 'admin', isAdmin: true }), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByText('admin (Admin)');
    expect(within(nav).getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/create');
  });

  it('logs out: the token, the cached cart and the navbar’s session go, and /login shows', async () => {
    const { user, client } = renderApp({ mocks: [sessionMock({ itemCount: 3 }), emptyListing] });
    await screen.findByText('alice (User)');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText(/Cart/)).toBeNull();
    await waitFor(() => expect(client.cache.extract()).toEqual({}));
    // Logging out on purpose is not “your session has ended”.
    expect(screen.queryByText(SESSION_EXPIRED_NOTICE)).toBeNull();
  });
});

describe('a session the shop no longer accepts', () => {
  it('ends when the restore is refused: /login with the notice', async () => {
    renderApp({ path: '/orders', mocks: [{ request: { query: SessionDocument }, result: unauthenticated }] });
    expect(await screen.findByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ends on UNAUTHENTICATED from any later operation, and after logging in again the person is back where they were', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        { request: { query: OrdersPageDocument, variables: { first: 10 } }, result: unauthenticated },
        {
          request: { query: LoginDocument, variables: { input: { username: 'alice', password: 'secret1' } } },
          result: { data: { login: { __typename: 'LoginPayload', token: 'new-token', userErrors: [] } } },
        },
        {
          request: { query: OrdersPageDocument, variables: { first: 10 } },
          result: {
            data: {
              viewer: {
                __typename: 'User',
                orders: { __typename: 'OrderConnection', totalCount: 0, edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await user.type(screen.getByLabelText(/^Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(currentPath()).toBe('/orders');
  });

  it('offers Retry when the shop cannot be reached while restoring, keeping the token', async () => {
    const { user } = renderApp({
      mocks: [{ request: { query: SessionDocument }, error: new Error('Failed to fetch') }, sessionMock(), emptyListing],
    });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });
});
