import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MoveOrderDocument, OrderDeskDocument, OrderHistoryDocument, RecordPaymentDocument } from '@/gql/graphql';
import {
  money,
  orderId,
  productId,
  sessionMock,
  bankTransferPayment,
  cardPayment,
  type PaymentFixture,
} from '@/testing/fixtures';
import { moneyOf } from '@/lib/money';
import { currentPath, renderApp } from '@/testing/render';
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
  total: moneyOf(1250 * n + 400, 'USD'),
  subtotal: moneyOf(1250 * n + 400, 'USD'),
  shippingCost: moneyOf(0, 'USD'),
  shippingMethodName: null as string | null,
  tax: moneyOf(0, 'USD'),
  taxLines: [] as { rate: number; tax: ReturnType<typeof moneyOf> }[],
  pricesIncludeTax: true,
  payment: null as PaymentFixture | null,
  items: [
    {
      __typename: 'OrderItem',
      sku: `BND-${n}`,
      productName: `Bandage ${n}`,
      unitPrice: money('12.50'),
      quantity: n,
      lineTotal: moneyOf(1250 * n, 'USD'),
    },
    {
      __typename: 'OrderItem',
      sku: null,
      productName: 'Plaster',
      unitPrice: money('4.00'),
      quantity: 1,
      lineTotal: money('4.00'),
    },
  ],
});
type DeskOrder = ReturnType<typeof deskOrder>;

/** An order as orderUpdated carries it: its lines also name their product (for pictures elsewhere in the app). */
const asEvent = (order: DeskOrder) => ({
  ...order,
  // As an admin's socket hears it: not the admin's own order.
  viewerCanCancel: false,
  items: order.items.map((item, index) => ({
    ...item,
    product: { __typename: 'Product', id: productId(index + 1), imageUrls: [] },
  })),
});

const countsOf = (counts: Partial<Record<Status, number>>) =>
  STATUSES.map((status) => ({ __typename: 'OrderStatusCount', status, count: counts[status] ?? 0 }));

function deskMock(
  orders: DeskOrder[],
  counts: Partial<Record<Status, number>>,
  status: Status | null = null,
  search?: string,
) {
  return {
    request: { query: OrderDeskDocument, variables: { status, first: DESK_PAGE_SIZE, ...(search ? { search } : {}) } },
    result: {
      data: {
        orders: {
          __typename: 'OrderConnection',
          totalCount: orders.length,
          countsByStatus: countsOf(counts),
          edges: orders.map((node, index) => ({ __typename: 'OrderEdge', cursor: `d-${index}`, node })),
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage: false,
            endCursor: orders.length ? `d-${orders.length - 1}` : null,
          },
        },
      },
    },
  };
}

function moveMock(
  order: DeskOrder,
  status: Status,
  userErrors: { message: string; field: string | null; code: string }[] = [],
) {
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

/** An order's history as the gateway answers it for admins (who moved it, beside each move). */
const historyMock = (n: number, steps: { status: Status; at: string; by?: string }[]) => ({
  request: { query: OrderHistoryDocument, variables: { id: orderId(n) } },
  // The order is where its last step says.
  result: {
    data: {
      node: {
        __typename: 'Order',
        id: orderId(n),
        status: steps.at(-1)!.status,
        history: steps.map((step) => ({ __typename: 'OrderEvent', by: null, ...step })),
      },
    },
  },
});
// Hidden ones too: while a dialog is open the rest of the page is inert.
const row = (n: number) => screen.getByRole('article', { name: `Order #${n}`, hidden: true });
const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
/** The move buttons a row offers, by their labels. */
const movesOf = (n: number) => {
  const group = within(row(n)).queryByRole('group', { name: `Move order #${n}`, hidden: true });
  return group
    ? within(group)
        .getAllByRole('button', { hidden: true })
        .map((button) => button.textContent)
    : [];
};
const searchField = () => screen.getByRole('searchbox', { name: 'Search orders' });
/** What is shown under the tabs (the chosen tab's panel). */
const panel = () => within(screen.getByRole('tabpanel'));
/** What the page has told screen readers (its status regions). */
const announced = () => screen.getAllByRole('status').map((region) => region.textContent);

describe('the order desk', () => {
  it('shows each order as a compact row: number, customer, date, items, total, status and moves; its details stay closed', async () => {
    renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([deskOrder(3, 'PENDING'), deskOrder(2, 'SHIPPED', null)], { PENDING: 1, SHIPPED: 1 })],
    });
    expect(await screen.findByRole('heading', { name: 'Manage Orders', level: 1 })).toBeInTheDocument();
    const third = await screen.findByRole('article', { name: 'Order #3' });
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped1', 'Delivered0', 'Cancelled0']);
    expect(within(third).getByRole('heading', { level: 2 })).toHaveTextContent('Order #3');
    expect(within(third).getByText('buyer-3')).toBeInTheDocument();
    expect(within(third).getByText('Nov 23, 2026, 9:30 AM')).toBeInTheDocument();
    expect(within(third).getByText('4 items')).toBeInTheDocument();
    expect(within(third).getByText('$41.50')).toBeInTheDocument();
    expect(within(third).getByText('PENDING')).toHaveAttribute('data-status', 'pending');
    expect(movesOf(3)).toEqual(['Confirm', 'Cancel Order']);
    // Closed: the lines and the address are not shown, and the disclosure says so.
    expect(within(third).getByRole('button', { name: 'Show details of order #3' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(third).queryByRole('list', { name: 'Items of order #3' })).toBeNull();
    expect(within(third).queryByText(/3 Desk Street/)).not.toBeVisible();
    // An account deleted since: the order stays, its buyer says so.
    expect(within(row(2)).getByText('Deleted account')).toBeInTheDocument();
    expect(within(row(2)).getByText('3 items')).toBeInTheDocument();
  });

  it('writes the dates and amounts in the admin’s own time zone and language', async () => {
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        sessionMock({ username: 'admin', isAdmin: true, language: 'de', timezone: 'Europe/Berlin' }),
        deskMock([deskOrder(3, 'PENDING')], { PENDING: 1 }),
        historyMock(3, [{ status: 'PENDING', at: '2026-11-23T09:30:00.000Z' }]),
      ],
    });
    const third = await screen.findByRole('article', { name: 'Order #3' });
    // 9:30 UTC is 10:30 in Berlin; German writes the day first and the currency after the amount, after a no-break
    // space. Testing Library would read a no-break space as any space: only plain spaces at the ends are left out here.
    const exactly = { normalizer: (text: string) => text.replace(/^ +| +$/g, '') };
    expect(within(third).getByText('23.11.2026, 10:30')).toBeInTheDocument();
    expect(within(third).getByText('41,50\u00a0$', exactly)).toBeInTheDocument();
    // The words and counts stay the shop's.
    expect(within(third).getByText('4 items')).toBeInTheDocument();
    await user.click(within(third).getByRole('button', { name: 'Show details of order #3' }));
    const lines = within(third).getByRole('list', { name: 'Items of order #3' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Bandage 3 × 3SKU BND-337,50\u00a0$', 'Plaster × 14,00\u00a0$']);
    const history = within(await within(third).findByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect((await history).map((step) => step.textContent)).toEqual(['Placed23.11.2026, 10:30']);
  });

  it('opens a row on demand to show its lines with their SKUs and the shipping address, and closes it again', async () => {
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock(
          [
            // Shipped by a method: whoever packs it sees which, and what the buyer paid for it.
            {
              ...deskOrder(3, 'PENDING'),
              subtotal: moneyOf(4150, 'USD'),
              shippingCost: moneyOf(0, 'USD'),
              shippingMethodName: 'Express',
            },
            deskOrder(1, 'DELIVERED'),
          ],
          { PENDING: 1, DELIVERED: 1 },
        ),
        historyMock(3, [{ status: 'PENDING', at: '2026-11-23T09:30:00.000Z' }]),
      ],
    });
    const third = await screen.findByRole('article', { name: 'Order #3' });
    await user.click(within(third).getByRole('button', { name: 'Show details of order #3' }));
    expect(
      [...third.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Subtotal', '$41.50'],
      ['Shipping, Express', 'Free'],
    ]);
    const toggle = within(third).getByRole('button', { name: 'Hide details of order #3' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = within(third).getByRole('list', { name: 'Items of order #3' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Bandage 3 × 3SKU BND-3$37.50', 'Plaster × 1$4.00']);
    expect(within(third).getByText(/3 Desk Street/)).toBeVisible();
    expect(within(third).getByText(/3 Desk Street/)).toHaveTextContent('3 Desk Street Port Town');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(lines);
    // Each row opens on its own.
    expect(within(row(1)).getByRole('button', { name: 'Show details of order #1' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(toggle);
    expect(within(third).getByRole('button', { name: 'Show details of order #3' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(third).queryByRole('list', { name: 'Items of order #3' })).toBeNull();
  });

  it('shows an opened order’s history with who moved it, and reads it again when the order moves', async () => {
    const pending = deskOrder(4, 'PENDING');
    const placed = { status: 'PENDING', at: '2026-11-24T09:30:00.000Z' } as const;
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([pending], { PENDING: 1 }),
        historyMock(4, [placed]),
        moveMock(pending, 'CONFIRMED'),
        historyMock(4, [placed, { status: 'CONFIRMED', at: '2026-11-24T10:15:00.000Z', by: 'admin' }]),
      ],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #4' })).getByRole('button', {
        name: 'Show details of order #4',
      }),
    );
    const history = () =>
      within(within(row(4)).getByRole('region', { name: 'History' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent);
    await waitFor(() => expect(history()).toEqual(['PlacedNov 24, 2026, 9:30 AM']));
    await user.click(within(row(4)).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(history()).toEqual(['PlacedNov 24, 2026, 9:30 AM', 'ConfirmedNov 24, 2026, 10:15 AMby admin']),
    );
  });

  it.each([
    ['PENDING', ['Confirm', 'Cancel Order']],
    ['CONFIRMED', ['Ship', 'Cancel Order']],
    ['SHIPPED', ['Mark Delivered']],
    ['DELIVERED', []],
    ['CANCELLED', []],
  ] as const)('offers a %s order only its allowed moves: %j', async (status, moves) => {
    renderApp({ path: '/admin/orders', mocks: [admin(), deskMock([deskOrder(5, status)], { [status]: 1 })] });
    await screen.findByRole('article', { name: 'Order #5' });
    expect(movesOf(5)).toEqual(moves);
  });

  it('confirms an order: its badge and the counts follow, and the Pending tab no longer holds it', async () => {
    const pending = deskOrder(7, 'PENDING');
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([pending], { PENDING: 1 }),
        moveMock(pending, 'CONFIRMED'),
        deskMock([pending], { PENDING: 1 }, 'PENDING'),
      ],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #7' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await within(row(7)).findByText('CONFIRMED')).toHaveAttribute('data-status', 'confirmed');
    expect(movesOf(7)).toEqual(['Ship', 'Cancel Order']);
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });

  it.each([
    ['before', 'the event arrives while the move is on its way'],
    ['after', 'the event arrives after the answer'],
  ] as const)('counts a move once when its event arrives %s its answer (%s)', async (when, _story) => {
    const pending = deskOrder(6, 'PENDING');
    const other = deskOrder(5, 'PENDING');
    // The answer waits on the test's clock, so that the event can come first.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const slowMove = { ...moveMock(pending, 'CONFIRMED'), delay: when === 'before' ? 60_000 : 0 };
    const { user, live } = renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([pending, other], { PENDING: 2, CONFIRMED: 1 }), slowMove],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #6' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    if (when === 'before') {
      act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent({ ...pending, status: 'CONFIRMED' }) }));
      expect(await within(row(6)).findByText('CONFIRMED')).toBeInTheDocument();
      expect(tabs()).toEqual(['All3', 'Pending1', 'Confirmed2', 'Shipped0', 'Delivered0', 'Cancelled0']);
      act(() => vi.advanceTimersByTime(60_000));
    } else {
      expect(await within(row(6)).findByText('CONFIRMED')).toBeInTheDocument();
      act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent({ ...pending, status: 'CONFIRMED' }) }));
    }
    // The answer is in once the row's moves can be used again.
    await waitFor(() => expect(within(row(6)).getByRole('button', { name: 'Ship' })).toBeEnabled());
    expect(movesOf(6)).toEqual(['Ship', 'Cancel Order']);
    expect(tabs()).toEqual(['All3', 'Pending1', 'Confirmed2', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });

  it('offers a paid order’s invoice among its details, as its buyer downloads it; none before it is paid', async () => {
    onTestFinished(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="medshop-invoice-INV-000003.pdf"',
          },
        }),
      );
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => undefined }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const paid = { ...deskOrder(12, 'CONFIRMED', 'nina'), payment: bankTransferPayment(12, 'PAID') };
    const awaiting = { ...deskOrder(11, 'PENDING', 'otto'), payment: bankTransferPayment(11) };
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([paid, awaiting], { PENDING: 1, CONFIRMED: 1 })],
    });
    await screen.findByRole('article', { name: 'Order #12' });
    expect(within(row(11)).queryByRole('button', { name: /invoice/ })).toBeNull();
    await user.click(within(row(12)).getByRole('button', { name: 'Show details of order #12' }));
    await user.click(within(row(12)).getByRole('button', { name: 'Download the invoice of order #12' }));
    await vi.waitFor(() => expect(downloads).toEqual(['medshop-invoice-INV-000003.pdf']));
    expect(asked).toEqual([`/orders/${encodeURIComponent(paid.id)}/invoice.pdf`]);
  });

  it('offers Record Payment, not Confirm, while an order waits for its transfer; asked first, then the order moves on', async () => {
    const awaiting = { ...deskOrder(12, 'PENDING', 'nina'), payment: bankTransferPayment(12) };
    const paid = { ...awaiting, payment: bankTransferPayment(12, 'PAID') };
    const { user, live } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([awaiting], { PENDING: 1 }),
        {
          request: { query: RecordPaymentDocument, variables: { input: { orderId: awaiting.id } } },
          result: {
            data: { recordPayment: { __typename: 'RecordPaymentPayload', order: paid, userErrors: [] } },
          },
        },
        moveMock(paid, 'CONFIRMED'),
      ],
    });
    await screen.findByRole('article', { name: 'Order #12' });
    expect(movesOf(12)).toEqual(['Record Payment', 'Cancel Order']);
    expect(within(row(12)).getByText('Awaiting payment')).toBeInTheDocument();
    const recordButton = within(row(12)).getByRole('button', { name: 'Record Payment' });
    await user.click(recordButton);
    const dialog = await screen.findByRole('dialog', { name: 'Record the payment for order #12?' });
    expect(dialog).toHaveTextContent(
      'Only once $154.00 has arrived quoting RF20MS12 in DE89 3704 0044 0532 0130 00. The order can then be confirmed, and nina sees it paid.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Not Yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recordButton).toHaveFocus();

    await user.click(recordButton);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record Payment' }));
    expect(await within(row(12)).findByText('Paid')).toBeInTheDocument();
    expect(movesOf(12)).toEqual(['Confirm', 'Cancel Order']);
    // The button that opened the dialog is gone: focus goes on to what comes next.
    await waitFor(() => expect(within(row(12)).getByRole('button', { name: 'Confirm' })).toHaveFocus());
    // The same change heard live as well: nothing moves twice.
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent(paid) }));
    expect(tabs()).toEqual(['All1', 'Pending1', 'Confirmed0', 'Shipped0', 'Delivered0', 'Cancelled0']);
    await user.click(within(row(12)).getByRole('button', { name: 'Confirm' }));
    expect(await within(row(12)).findByText('CONFIRMED')).toBeInTheDocument();
  });

  it('offers no Record Payment for a card order waiting for Stripe, only Cancel; once Stripe’s payment is in, Confirm', async () => {
    const awaiting = { ...deskOrder(14, 'PENDING', 'olga'), payment: cardPayment() };
    const paid = { ...deskOrder(15, 'PENDING', 'pia'), payment: cardPayment('PAID') };
    renderApp({ path: '/admin/orders', mocks: [admin(), deskMock([awaiting, paid], { PENDING: 2 })] });
    await screen.findByRole('article', { name: 'Order #14' });
    expect(movesOf(14)).toEqual(['Cancel Order']);
    expect(within(row(14)).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(row(14)).getByRole('group', { name: 'Move order #14' })).toHaveTextContent(
      'The buyer pays by card on Stripe’s pageCancel Order',
    );
    // Paid through Stripe: it moves on as any paid order.
    expect(within(row(15)).getByText('Paid')).toBeInTheDocument();
    expect(movesOf(15)).toEqual(['Confirm', 'Cancel Order']);
    expect(within(row(15)).queryByText('The buyer pays by card on Stripe’s page')).toBeNull();
  });

  it('shows the shop’s refusal to record a payment in the dialog, and the order stays waiting', async () => {
    const awaiting = { ...deskOrder(13, 'PENDING'), payment: bankTransferPayment(13) };
    const refusal = 'This order was cancelled and its stock went back: return the payment to the buyer instead';
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([awaiting], { PENDING: 1 }),
        {
          request: { query: RecordPaymentDocument, variables: { input: { orderId: awaiting.id } } },
          result: {
            data: {
              recordPayment: {
                __typename: 'RecordPaymentPayload',
                order: null,
                userErrors: [{ __typename: 'UserError', message: refusal, field: 'orderId', code: 'CONFLICT' }],
              },
            },
          },
        },
      ],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #13' })).getByRole('button', { name: 'Record Payment' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(row(13)).getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('asks before cancelling, saying the stock returns; Cancel keeps the order as it was', async () => {
    const confirmed = deskOrder(8, 'CONFIRMED', 'carla');
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([confirmed], { CONFIRMED: 1 }), moveMock(confirmed, 'CANCELLED')],
    });
    const cancel = within(await screen.findByRole('article', { name: 'Order #8' })).getByRole('button', {
      name: 'Cancel Order',
    });
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #8?' });
    expect(dialog).toHaveTextContent(
      'Its items go back into stock, and carla sees the order as cancelled. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).toHaveFocus();
    expect(within(row(8)).getByText('CONFIRMED')).toBeInTheDocument();

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(row(8)).findByText('CANCELLED')).toHaveAttribute('data-status', 'cancelled');
    expect(movesOf(8)).toEqual([]);
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed0', 'Shipped0', 'Delivered0', 'Cancelled1']);
  });

  it('shows the shop’s refusal of a move in the row, and the order stays as it was', async () => {
    const pending = deskOrder(9, 'PENDING');
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([pending], { PENDING: 1 }),
        moveMock(pending, 'CONFIRMED', [
          { message: 'The order changed meanwhile; load it again', field: 'status', code: 'CONFLICT' },
        ]),
      ],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #9' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await within(row(9)).findByRole('alert')).toHaveTextContent('The order changed meanwhile; load it again');
    expect(within(row(9)).getByText('PENDING')).toBeInTheDocument();
  });

  it('puts a new order at the top as it is placed, marked New, and counts it', async () => {
    const { live } = renderApp({
      path: '/admin/orders',
      mocks: [admin(), deskMock([deskOrder(1, 'SHIPPED')], { SHIPPED: 1 })],
    });
    await screen.findByRole('article', { name: 'Order #1' });
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent(deskOrder(4, 'PENDING', 'dora')) }));
    const list = await screen.findByRole('list', { name: 'All orders' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('article')
          .map((article) => article.getAttribute('aria-labelledby')),
      ).toEqual(['desk-order-4', 'desk-order-1']),
    );
    expect(within(row(4)).getByText('New')).toBeInTheDocument();
    expect(within(row(1)).queryByText('New')).toBeNull();
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped1', 'Delivered0', 'Cancelled0']);
    // Another admin ships order #1 meanwhile: its badge moves, and so do the counts.
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent(deskOrder(1, 'DELIVERED')) }));
    expect(await within(row(1)).findByText('DELIVERED')).toBeInTheDocument();
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed0', 'Shipped0', 'Delivered1', 'Cancelled0']);
  });

  it('is for admins only: anyone else lands on the listing, and the navbar offers it to admins only', async () => {
    renderApp({ path: '/admin/orders', mocks: [sessionMock({ username: 'bob' })] });
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Manage Orders' })).toBeNull();
  });
});

describe('searching the order desk', () => {
  it('sends what is typed to the shop as the search, puts it in the address, and counts the tabs of what it finds', async () => {
    const adas = [deskOrder(12, 'CONFIRMED', 'ada_lovelace'), deskOrder(4, 'PENDING', 'Ada')];
    const { user } = renderApp({
      path: '/admin/orders',
      mocks: [
        admin(),
        deskMock([deskOrder(13, 'PENDING'), ...adas], { PENDING: 2, CONFIRMED: 1 }),
        deskMock(adas, { PENDING: 1, CONFIRMED: 1 }, null, 'ada'),
      ],
    });
    await screen.findByRole('article', { name: 'Order #13' });
    expect(searchField()).toHaveAttribute('placeholder', 'Order number, customer or SKU');
    await user.type(searchField(), '  ada {Enter}');
    await waitFor(() => expect(currentPath()).toBe('/admin/orders?q=ada'));
    const list = await screen.findByRole('list', { name: 'All orders' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('article')
          .map((article) => article.getAttribute('aria-labelledby')),
      ).toEqual(['desk-order-12', 'desk-order-4']),
    );
    expect(panel().getByText('2 orders match “ada”')).toBeInTheDocument();
    expect(announced()).toContain('2 orders match “ada”');
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
    expect(searchField()).toHaveValue('ada');
  });

  it('finds an order by its number, and keeps the search and the tab through a reload of the address', async () => {
    const twelve = deskOrder(12, 'CONFIRMED');
    const { user } = renderApp({
      path: '/admin/orders?status=confirmed&q=%2312',
      mocks: [
        admin(),
        deskMock([twelve], { CONFIRMED: 1 }, 'CONFIRMED', '#12'),
        deskMock([], { CONFIRMED: 1 }, 'PENDING', '#12'),
      ],
    });
    expect(await screen.findByRole('article', { name: 'Order #12' })).toBeInTheDocument();
    expect(searchField()).toHaveValue('#12');
    expect(screen.getByRole('tab', { name: /^Confirmed/ })).toHaveAttribute('aria-selected', 'true');
    expect(panel().getByText('1 confirmed order matches “#12”')).toBeInTheDocument();
    // Another tab keeps the search, in the address too.
    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    expect(await panel().findByText('No pending orders match “#12”')).toBeInTheDocument();
    expect(announced()).toContain('No pending orders match “#12”');
    expect(currentPath()).toBe('/admin/orders?status=pending&q=%2312');
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });

  it('says when nothing matches, and Clear search shows every order again', async () => {
    const { user } = renderApp({
      path: '/admin/orders?q=zed',
      mocks: [admin(), deskMock([], {}, null, 'zed'), deskMock([deskOrder(2, 'PENDING')], { PENDING: 1 })],
    });
    expect(await within(await screen.findByRole('tabpanel')).findByText('No orders match “zed”')).toBeInTheDocument();
    expect(announced()).toContain('No orders match “zed”');
    expect(
      screen.getByText('Search for an order number such as #12, part of a customer’s username, or a whole SKU.'),
    ).toBeInTheDocument();
    expect(tabs()).toEqual(['All0', 'Pending0', 'Confirmed0', 'Shipped0', 'Delivered0', 'Cancelled0']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Order #2' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders');
    expect(searchField()).toHaveValue('');
    expect(searchField()).toHaveFocus();
    expect(tabs()).toEqual(['All1', 'Pending1', 'Confirmed0', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });

  it('counts a move in a searched list once, and takes in a new order only when the search finds it', async () => {
    const adas = deskOrder(5, 'PENDING', 'ada');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, live } = renderApp({
      path: '/admin/orders?q=ADA',
      mocks: [
        admin(),
        deskMock([adas], { PENDING: 1 }, null, 'ADA'),
        { ...moveMock(adas, 'CONFIRMED'), delay: 60_000 },
      ],
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Order #5' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent({ ...adas, status: 'CONFIRMED' }) }));
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(within(row(5)).getByRole('button', { name: 'Ship' })).toBeEnabled());
    expect(tabs()).toEqual(['All1', 'Pending0', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
    // Placed meanwhile: eve's order is not one the search finds; Adam's is ("ada" in any case).
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent(deskOrder(7, 'PENDING', 'eve')) }));
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: asEvent(deskOrder(8, 'PENDING', 'Adam')) }));
    const list = screen.getByRole('list', { name: 'All orders' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('article')
          .map((article) => article.getAttribute('aria-labelledby')),
      ).toEqual(['desk-order-8', 'desk-order-5']),
    );
    expect(tabs()).toEqual(['All2', 'Pending1', 'Confirmed1', 'Shipped0', 'Delivered0', 'Cancelled0']);
  });
});
