import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginDocument, OrdersPageDocument, SessionDocument } from '../gql/graphql';
import { SESSION_EXPIRED_NOTICE, TOKEN_STORAGE_KEY } from '../lib/session';
import { listingMock, sessionMock, unauthenticated } from '../testing/fixtures';
import { FakeSocket, createFakeGateway } from '../testing/fake-gateway-socket';
import { TEST_TOKEN, acrossElements, currentPath, renderApp } from '../testing/render';

const emptyOrders = {
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

const emptyListing = listingMock([], {}, { maxUsageCount: Number.POSITIVE_INFINITY });

describe('who sees what', () => {
  it('sends a visitor without a session from any screen to /login, with Login and Register in the navbar', async () => {
    renderApp({ path: '/orders', token: null });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Login', 'Register']);
  });

  it('shows “Loading...” while the stored session is restored, and no Login or Register meanwhile', async () => {
    renderApp({ path: '/', mocks: [{ ...sessionMock(), delay: 100 }, emptyListing] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Only the brand: the visitor's links would be wrong a moment later, the shopper's are not known yet.
    expect(
      within(screen.getByRole('banner'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Medshop']);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toBeInTheDocument();
  });

  it('shows no Login or Register while the shop cannot be reached to restore the session', async () => {
    renderApp({ mocks: [{ request: { query: SessionDocument }, error: new Error('Failed to fetch') }] });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
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
    renderApp({ mocks: [sessionMock({ username: 'alice', itemCount: 3, unreadMessageCount: 7 }), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByText(acrossElements('alice (User)'));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Profile', 'Orders', 'Chat 7 unread', 'Cart 3 items']);
    expect(within(nav).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('puts the unread total on the Menu button too, for a phone where the Chat link is folded away', async () => {
    renderApp({ mocks: [sessionMock({ unreadMessageCount: 7 }), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Menu, 7 unread' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('phone menu: the links follow the Menu button in Tab order; Escape closes it and gives the focus back', async () => {
    const { user } = renderApp({ mocks: [sessionMock(), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = await within(nav).findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      within(nav).getByRole('link', { name: 'Home' }),
    );

    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Menu');
    expect(toggle).toHaveFocus();
  });

  it('phone menu: a click outside it closes it, and so does choosing a link (the page it is on included)', async () => {
    const { user } = renderApp({ mocks: [sessionMock(), emptyListing, emptyOrders] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = await within(nav).findByRole('button', { name: 'Menu' });
    await screen.findByText('No products available');

    await user.click(toggle);
    await user.click(screen.getByText('No products available'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(currentPath()).toBe('/');

    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds Add Product and “(Admin)” for an admin', async () => {
    renderApp({ mocks: [sessionMock({ username: 'admin', isAdmin: true }), emptyListing] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByText(acrossElements('admin (Admin)'));
    expect(within(nav).getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/create');
  });

  it('logs out: the token, the cached cart and the navbar’s session go, and /login shows', async () => {
    const { user, client } = renderApp({ mocks: [sessionMock({ itemCount: 3 }), emptyListing] });
    await screen.findByText(acrossElements('alice (User)'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText(/Cart/)).toBeNull();
    await waitFor(() => expect(client.cache.extract()).toEqual({}));
    // Logging out on purpose is not “your session has ended”.
    expect(screen.queryByText(SESSION_EXPIRED_NOTICE)).toBeNull();
  });
});

describe('logging out and the live connection', () => {
  it('closes the socket, and opens none while logged out', async () => {
    const gateway = createFakeGateway([TEST_TOKEN]);
    const { user } = renderApp({ mocks: [sessionMock(), emptyListing], webSocketImpl: gateway.WebSocket });
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(gateway.sockets.map((socket) => socket.readyState)).toEqual([FakeSocket.OPEN]);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(gateway.sockets.map((socket) => socket.readyState)).toEqual([FakeSocket.CLOSED]));
    // Longer than any reconnection's back-off (30 s and a second of jitter), on a driven clock: still the one socket.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await vi.advanceTimersByTimeAsync(31_000);
    } finally {
      vi.useRealTimers();
    }
    expect(gateway.sockets).toHaveLength(1);
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
          result: {
            data: {
              login: { __typename: 'LoginPayload', token: 'new-token', secondFactorChallenge: null, userErrors: [] },
            },
          },
        },
        {
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
      mocks: [
        { request: { query: SessionDocument }, error: new Error('Failed to fetch') },
        sessionMock(),
        emptyListing,
      ],
    });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });
});
