import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoveOrderDocument, OrderDeskDocument } from '../../gql/graphql';
import { orderId, sessionMock } from '../../testing/fixtures';
import { currentPath, renderApp } from '../../testing/render';
import { DESK_PAGE_SIZE } from './order-desk-route';

const STATUSES = ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
type Status = (typeof STATUSES)[number];

const deskOrder = (n: number, status: Status, customerUsername: string | null = `buyer-${n}`) => ({
  __typename: 'Order',
  id: orderId(n),
  number: n,
  orderDate: `2026-11-2${n % 10}T09:30:00.000Z`,
  status,
  customerUsername,
  shippingAddress: `${n} Desk Street\nPort Town`,
  totalAmount: 12.5 * n,
  items: [{ __typename: 'OrderItem', productName: `Bandage ${n}`, price: 12.5, quantity: n, subtotal: 12.5 * n }],
});
type DeskOrder = ReturnType<typeof deskOrder>;

const countsOf = (counts: Partial<Record<Status, number>>) =>
  STATUSES.map((status) => ({ __typename: 'OrderStatusCount', status, count: counts[status] ?? 0 }));

function deskMock(orders: DeskOrder[], counts: Partial<Record<Status, number>>, status: Status | null = null) {
  return {
    request: { query: OrderDeskDocument, variables: { status, first: DESK_PAGE_SIZE } },
    result: {
      data: {
        orders: {
          __typename: 'OrderConnection',
          totalCount: orders.length,
          countsByStatus: countsOf(counts),
          edges: orders.map((node, index) => ({ __typename: 'OrderEdge', cursor: `d-${index}`, node })),
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: orders.length ? `d-${orders.length - 1}` : null },
        },
      },
    },
  };
}

function moveMock(order: DeskOrder, status: Status, userErrors: { message: string; field: string | null; code: string }[] = []) {
  return {
    request: { query: MoveOrderDocument, variables: { input: { orderId: order.id, status } } },
    result: {
      data: {
        updateOrderStatus: {
          __typename: 'UpdateOrderStatusPayload',
          order: userErrors.length ? null : { ...order, status },
          userErrors: userErrors.map((error) => ({ __typename: 'UserError', ...error })),
        },
      },
    },
  };
}

const admin = () => sessionMock({ username: 'admin', isAdmin: true });
// Hidden ones too: while a dialog is open the rest of the page is inert.
const card = (n: number) => screen.getByRole('article', { name: `Order #${n}`, hidden: true });
const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the order desk', () => {
  it('lists every order with its buyer, lines, address, total and status, in tabs counted by status', async () => {
    renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([deskOrder(3, 'PENDING'), deskOrder(2, 'SHIPPED', null)], { PENDING: 1, SHIPPED: 1 })],
    });
    expect(await screen.findByRole('heading', { name: 'Manage Orders', level: 1 })).toBeInTheDocument();
    const third = await screen.findByRole('article', { name: 'Order #3' });
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped1', 'Delivered0', 'Cancelled0']);
    expect(within(third).getByText('Nov 23, 2026, 9:30 AM · buyer-3')).toBeInTheDocument();
    expect(within(third).getByRole('list', { name: 'Items of order #3' })).toHaveTextContent('Bandage 3 × 3$37.50');
    expect(within(third).getByText(/3 Desk Street/)).toBeInTheDocument();
    expect(within(third).getByText('Total: $37.50')).toBeInTheDocument();
    expect(within(third).getByText('PENDING')).toHaveAttribute('data-status', 'pending');
    // An account deleted since: the order stays, its buyer says so.
    expect(within(card(2)).getByText('Nov 22, 2026, 9:30 AM · Deleted account')).toBeInTheDocument();
  });

  it.each([
    ['PENDING', ['Confirm', 'Cancel Order']],
    ['CONFIRMED', ['Ship', 'Cancel Order']],
    ['SHIPPED', ['Mark Delivered']],
    ['DELIVERED', []],
    ['CANCELLED', []],
  ] as const)('offers a %s order only its allowed moves: %j', async (status, moves) => {
    renderApp({ path: '/admin/orders', mocks: [admin(), deskMock([deskOrder(5, status)], { [status]: 1 })] });
    const order = await screen.findByRole('article', { name: 'Order #5' });
    expect(within(order).queryAllByRole('button').map((button) => button.textContent)).toEqual(moves);
  });

  it('confirms an order: its badge and the counts follow, and the Pending tab no longer holds it', async () => {
    const pending = deskOrder(7, 'PENDING');
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([pending], { PENDING: 1 }), moveMock(pending, 'CONFIRMED'), deskMock([pending], { PENDING: 1 }, 'PENDING')],
    });
    await user.click(within(await screen.findByRole('article', { name: 'Order #7' })).getByRole('button', { name: 'Confirm' }));
    expect(await within(card(7)).findByText('CONFIRMED')).toHaveAttribute('data-status', 'confirmed');
    expect(within(card(7)).queryAllByRole('button').map((button) => button.textContent)).toEqual(['Ship', 'Cancel Order']);
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });

  it('asks before cancelling, saying the stock returns; Cancel keeps the order as it was', async () => {
    const confirmed = deskOrder(8, 'CONFIRMED', 'carla');
    const { user } = renderApp({ path: '/admin/orders', mocks: [admin(), deskMock([confirmed], { CONFIRMED: 1 }), moveMock(confirmed, 'CANCELLED')] });
    const cancel = within(await screen.findByRole('article', { name: 'Order #8' })).getByRole('button', { name: 'Cancel Order' });
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #8?' });
    expect(dialog).toHaveTextContent('Its items go back into stock, and carla sees the order as cancelled. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).toHaveFocus();
    expect(within(card(8)).getByText('CONFIRMED')).toBeInTheDocument();

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(card(8)).findByText('CANCELLED')).toHaveAttribute('data-status', 'cancelled');
    expect(within(card(8)).queryAllByRole('button')).toEqual([]);
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed0', 'Shipped0', 'Delivered0', 'Cancelled1']);
  });

  it('shows the shop’s refusal of a move on the card, and the order stays as it was', async () => {
    const pending = deskOrder(9, 'PENDING');
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([pending], { PENDING: 1 }),
        moveMock(pending, 'CONFIRMED', [{ message: 'The order changed meanwhile; load it again', field: 'status', code: 'CONFLICT' }]),
      ],
    });
    await user.click(within(await screen.findByRole('article', { name: 'Order #9' })).getByRole('button', { name: 'Confirm' }));
    expect(await within(card(9)).findByRole('alert')).toHaveTextContent('The order changed meanwhile; load it again');
    expect(within(card(9)).getByText('PENDING')).toBeInTheDocument();
  });

  it('puts a new order at the top as it is placed, marked New, and counts it', async () => {
    const { live } = renderApp({ path: '/admin/orders', mocks: [admin(), deskMock([deskOrder(1, 'SHIPPED')], { SHIPPED: 1 })] });
    await screen.findByRole('article', { name: 'Order #1' });
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: deskOrder(4, 'PENDING', 'dora') }));
    const list = await screen.findByRole('list', { name: 'All orders' });
    await waitFor(() => expect(within(list).getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual(['desk-order-4', 'desk-order-1']));
    expect(within(card(4)).getByText('New')).toBeInTheDocument();
    expect(within(card(1)).queryByText('New')).toBeNull();
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped1', 'Delivered0', 'Cancelled0']);
    // Another admin ships order #1 meanwhile: its badge moves, and so do the counts.
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: deskOrder(1, 'DELIVERED') }));
    expect(await within(card(1)).findByText('DELIVERED')).toBeInTheDocument();
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped0', 'Delivered1', 'Cancelled0']);
  });

  it('is for admins only: anyone else lands on the listing, and the navbar offers it to admins only', async () => {
    renderApp({ path: '/admin/orders', mocks: [sessionMock({ username: 'bob' })] });
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Manage Orders' })).toBeNull();
  });
});
