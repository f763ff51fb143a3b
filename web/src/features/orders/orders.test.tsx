import axe from 'axe-core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ORDER_CANCELLED } from '@/components/status-badge';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  CancelOwnOrderDocument,
  CardReturnOrderDocument,
  OrderAgainDocument,
  OrderHistoryDocument,
  OrdersPageDocument,
} from '@/gql/graphql';
import { CARD_PAGE_FAILED } from '@/lib/card-payment';
import {
  cart,
  cartLine,
  money,
  orderId,
  productId,
  sessionMock,
  bankTransferPayment,
  cardPayment,
  type PaymentFixture,
  STRIPE_PAGE,
  startCardPaymentMock,
} from '@/testing/fixtures';
import { keepExternalPages } from '@/testing/external-page';
import { CARD_PAYMENT_POLL_MS, CARD_PAYMENT_WAIT_MS } from './card-return';
import { failToLoad, picturesIn } from '@/testing/pictures';
import { currentPath, renderApp } from '@/testing/render';
import { ORDERS_PAGE_SIZE } from './orders-route';

const order = (n: number, status: string, date: string) => ({
  __typename: 'Order',
  id: orderId(n),
  number: n,
  orderDate: date,
  status,
  total: money(`${10 * n}.00`),
  subtotal: money(`${10 * n}.00`),
  shippingCost: money('0.00'),
  shippingMethodName: null as string | null,
  tax: money('0.00'),
  taxLines: [] as { rate: number; tax: ReturnType<typeof money> }[],
  pricesIncludeTax: true,
  payment: null as PaymentFixture | null,
  shippingAddress: `${n} Order Street`,
  viewerCanCancel: status === 'PENDING',
  viewerCanOrderAgain: true,
  items: [
    {
      __typename: 'OrderItem',
      sku: null,
      productName: `Product ${n}`,
      unitPrice: money('10.00'),
      quantity: n,
      lineTotal: money(`${10 * n}.00`),
      product: {
        __typename: 'Product',
        id: productId(n),
        imageUrls: [`/images/product-${n}.svg`, `/images/product-${n}-side.svg`],
      },
    },
  ],
});

const ordersPage = (
  orders: ReturnType<typeof order>[],
  variables: Record<string, unknown> = {},
  { hasNextPage = false, totalCount = orders.length, offset = 0 } = {},
) => ({
  request: { query: OrdersPageDocument, variables: { first: ORDERS_PAGE_SIZE, ...variables } },
  result: {
    data: {
      viewer: {
        __typename: 'User',
        orders: {
          __typename: 'OrderConnection',
          totalCount,
          edges: orders.map((node, index) => ({ __typename: 'OrderEdge', cursor: `o-${offset + index}`, node })),
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage,
            endCursor: orders.length ? `o-${offset + orders.length - 1}` : null,
          },
        },
      },
    },
  },
});

describe('orders', () => {
  it('shows each order with its number, date, status badge, items, shipping address and total', async () => {
    renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z'), order(1, 'PENDING', '2026-11-19T17:45:00.000Z')]),
      ],
    });
    const [second, first] = await screen.findAllByRole('article');
    expect(within(second!).getByRole('heading', { name: 'Order #2' })).toBeInTheDocument();
    expect(within(second!).getByText('Nov 20, 2026, 8:05 AM')).toBeInTheDocument();
    expect(within(second!).getByText('SHIPPED')).toHaveAttribute('data-status', 'shipped');
    expect(within(second!).getByRole('listitem')).toHaveTextContent('Product 2 × 2$20.00');
    expect(within(second!).getByRole('listitem').querySelector('img')).toHaveAttribute('src', '/images/product-2.svg');
    expect(within(second!).getByText('2 Order Street')).toBeInTheDocument();
    expect(within(second!).getByText('Total: $20.00')).toBeInTheDocument();
    expect(within(first!).getByText('PENDING')).toHaveAttribute('data-status', 'pending');
  });

  it('says how to pay an order waiting for its transfer, when one was paid, and that a cancelled paid one is refunded', async () => {
    renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([
          { ...order(4, 'CANCELLED', '2026-11-22T08:00:00.000Z'), payment: bankTransferPayment(4, 'REFUNDED') },
          { ...order(3, 'PENDING', '2026-11-21T08:00:00.000Z'), payment: bankTransferPayment(3) },
          { ...order(2, 'CONFIRMED', '2026-11-20T08:00:00.000Z'), payment: bankTransferPayment(2, 'PAID') },
          // Cancelled before it was paid: nothing to pay any more.
          { ...order(1, 'CANCELLED', '2026-11-19T08:00:00.000Z'), payment: bankTransferPayment(1) },
        ]),
      ],
    });
    const [refunded, awaiting, paid, unpaid] = await screen.findAllByRole('article');
    expect(within(refunded!).getByText('Refunded: the $40.00 you paid is being returned to you.')).toBeInTheDocument();
    const howToPay = within(awaiting!).getByRole('region', { name: 'How to pay order #3' });
    expect(howToPay).toHaveTextContent(
      'Please transfer $30.00 by Nov 29, 2026, 2:30 PM, quoting the reference below. We hold your items until then.' +
        'Account holderMedshop GmbHIBANDE89 3704 0044 0532 0130 00BICCOBADEFFXXXReferenceRF54MS3Amount$30.00',
    );
    expect(within(paid!).getByText('Paid by bank transfer on Nov 23, 2026, 10:00 AM.')).toBeInTheDocument();
    expect(within(unpaid!).queryByRole('region', { name: /^How to pay/ })).toBeNull();
    expect(within(unpaid!).queryByText(/^Paid|^Refunded/)).toBeNull();
  });

  it('downloads a paid order’s invoice, named by the shop, and says why when it cannot', async () => {
    onTestFinished(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });
    const asked: { url: string; headers: unknown }[] = [];
    let answer = () =>
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="medshop-invoice-INV-000007.pdf"',
        },
      });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers });
      return Promise.resolve(answer());
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => undefined }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([
          { ...order(2, 'CONFIRMED', '2026-11-20T08:00:00.000Z'), payment: bankTransferPayment(2, 'PAID') },
          // Waiting for its payment: no invoice yet.
          { ...order(1, 'PENDING', '2026-11-19T08:00:00.000Z'), payment: bankTransferPayment(1) },
        ]),
      ],
    });
    const [paid, waiting] = await screen.findAllByRole('article');
    expect(within(waiting!).queryByRole('button', { name: /invoice/i })).toBeNull();
    await user.click(within(paid!).getByRole('button', { name: 'Download the invoice of order #2' }));
    await vi.waitFor(() => expect(downloads).toEqual(['medshop-invoice-INV-000007.pdf blob:invoice']));
    expect(asked).toEqual([
      { url: `/orders/${encodeURIComponent(orderId(2))}/invoice.pdf`, headers: { authorization: 'Bearer test-token' } },
    ]);
    // The shop refuses (its invoice is not there): its own words, beside the button.
    answer = () =>
      new Response(
        JSON.stringify({
          message: 'This order has no invoice: one is issued once the order is paid',
          code: 'INVOICE_NOT_FOUND',
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    await user.click(within(paid!).getByRole('button', { name: 'Download the invoice of order #2' }));
    expect(await within(paid!).findByRole('alert')).toHaveTextContent(
      'This order has no invoice: one is issued once the order is paid',
    );
    expect(downloads).toHaveLength(1);
  });

  it('shows an item’s next picture when its product’s first does not load, and one “No image” only when none does', async () => {
    renderApp({
      path: '/orders',
      mocks: [sessionMock(), ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z')])],
    });
    const item = within(await screen.findByRole('article')).getByRole('listitem');
    expect(picturesIn(item)).toEqual(['/images/product-2.svg']);
    failToLoad('/images/product-2.svg');
    expect(picturesIn(item)).toEqual(['/images/product-2-side.svg']);
    expect(within(item).queryByText('No image')).toBeNull();
    failToLoad('/images/product-2-side.svg');
    expect(picturesIn(item)).toEqual([]);
    expect(within(item).getAllByText('No image')).toHaveLength(1);
  });

  it('writes each order’s date and its history in the viewer’s time zone', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock({ timezone: 'America/New_York' }),
        // 3:05 UTC on November 20 is the evening before in New York (UTC−5 in November).
        ordersPage([order(2, 'CONFIRMED', '2026-11-20T03:05:00.000Z')]),
        {
          request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
          result: {
            data: {
              node: {
                __typename: 'Order',
                id: orderId(2),
                status: 'CONFIRMED',
                history: [
                  { __typename: 'OrderEvent', status: 'PENDING', at: '2026-11-20T03:05:00.000Z', by: null },
                  { __typename: 'OrderEvent', status: 'CONFIRMED', at: '2026-11-20T09:30:00.000Z', by: null },
                ],
              },
            },
          },
        },
      ],
    });
    const card = await screen.findByRole('article', { name: 'Order #2' });
    expect(within(card).getByText('Nov 19, 2026, 10:05 PM')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show history' }));
    const steps = await within(await screen.findByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'PlacedNov 19, 2026, 10:05 PM',
      'ConfirmedNov 20, 2026, 4:30 AM',
    ]);
  });

  it('loads older orders with Load more orders', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(3, 'PENDING', '2026-11-21T10:00:00.000Z')], {}, { hasNextPage: true, totalCount: 2 }),
        ordersPage([order(1, 'DELIVERED', '2026-11-01T10:00:00.000Z')], { after: 'o-0' }, { totalCount: 2, offset: 1 }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByRole('heading', { name: 'Order #1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('shows an order’s history on demand: placed, then each move with its time', async () => {
    const history = (steps: { status: string; at: string; by?: string | null }[] | null) => ({
      request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
      result: {
        data: {
          node: {
            __typename: 'Order',
            id: orderId(2),
            status: 'SHIPPED',
            history: steps && steps.map((step) => ({ __typename: 'OrderEvent', by: null, ...step })),
          },
        },
      },
    });
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z')]),
        history([
          { status: 'PENDING', at: '2026-11-20T08:05:00.000Z' },
          { status: 'CONFIRMED', at: '2026-11-20T09:30:00.000Z' },
          { status: 'SHIPPED', at: '2026-11-21T14:00:00.000Z' },
        ]),
      ],
    });
    const show = await screen.findByRole('button', { name: 'Show history' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const steps = await within(await screen.findByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'PlacedNov 20, 2026, 8:05 AM',
      'ConfirmedNov 20, 2026, 9:30 AM',
      'ShippedNov 21, 2026, 2:00 PM',
    ]);
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide history' }));
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });

  it('shows where an order is now when it got there before its history was kept, without a time', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z')]),
        {
          request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
          result: {
            data: {
              node: {
                __typename: 'Order',
                id: orderId(2),
                status: 'SHIPPED',
                history: [{ __typename: 'OrderEvent', status: 'PENDING', at: '2026-11-20T08:05:00.000Z', by: null }],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Show history' }));
    const steps = await within(await screen.findByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['PlacedNov 20, 2026, 8:05 AM', 'Shippedtime not recorded']);
  });

  it('says so when the shop keeps no history (a REST service without the extension)', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z')]),
        {
          request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
          result: { data: { node: { __typename: 'Order', id: orderId(2), status: 'SHIPPED', history: null } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Show history' }));
    const region = await screen.findByRole('region', { name: 'History' });
    expect(await within(region).findByText('No history is kept for this order.')).toHaveAttribute('role', 'status');
    expect(within(region).queryByText('Loading history…')).toBeNull();
  });

  it('says so when an order’s history cannot be loaded', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        ordersPage([order(2, 'SHIPPED', '2026-11-20T08:05:00.000Z')]),
        {
          request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
          error: new Error('Failed to fetch'),
        },
        {
          request: { query: OrderHistoryDocument, variables: { id: orderId(2) } },
          result: {
            data: {
              node: {
                __typename: 'Order',
                id: orderId(2),
                status: 'SHIPPED',
                history: [
                  { __typename: 'OrderEvent', status: 'PENDING', at: '2026-11-20T08:05:00.000Z', by: null },
                  { __typename: 'OrderEvent', status: 'SHIPPED', at: '2026-11-21T14:00:00.000Z', by: null },
                ],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Show history' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The order's history could not be loaded. Please try again.",
    );
    // Retry asks again, and the history shows.
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const region = screen.getByRole('region', { name: 'History' });
    expect((await within(region).findAllByRole('listitem')).map((step) => step.textContent)).toEqual([
      'PlacedNov 20, 2026, 8:05 AM',
      'ShippedNov 21, 2026, 2:00 PM',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says “No orders found” before the first order', async () => {
    renderApp({ path: '/orders', mocks: [sessionMock(), ordersPage([])] });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('says “Failed to load orders” with Retry', async () => {
    const { user } = renderApp({
      path: '/orders',
      mocks: [
        sessionMock(),
        {
          request: { query: OrdersPageDocument, variables: { first: ORDERS_PAGE_SIZE } },
          error: new Error('Failed to fetch'),
        },
        ordersPage([]),
      ],
    });
    expect(await screen.findByText('Failed to load orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });

  it('follows each move of an order live, and says so when it is cancelled', async () => {
    const { live } = renderApp({
      path: '/orders',
      mocks: [sessionMock(), ordersPage([order(6, 'PENDING', '2026-11-22T10:00:00.000Z')])],
    });
    const card = await screen.findByRole('article', { name: 'Order #6' });
    expect(within(card).getByText('PENDING')).toBeInTheDocument();
    await waitFor(() => expect(live.listening('LiveOrderUpdated')).toBe(1));
    const moved = (status: string) => ({
      ...order(6, status, '2026-11-22T10:00:00.000Z'),
      customerUsername: 'alice',
      items: [
        {
          __typename: 'OrderItem',
          sku: null,
          productName: 'Product 6',
          unitPrice: money('10.00'),
          quantity: 6,
          lineTotal: money('60.00'),
          product: null,
        },
      ],
    });
    expect(within(card).getByRole('button', { name: 'Cancel order #6' })).toBeInTheDocument();
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: moved('CONFIRMED') }));
    expect(await within(card).findByText('CONFIRMED')).toHaveAttribute('data-status', 'confirmed');
    // Confirmed: only the shop may cancel it now.
    expect(within(card).queryByRole('button', { name: 'Cancel order #6' })).toBeNull();
    expect(within(card).queryByRole('status')).toBeNull();
    act(() => live.emit('LiveOrderUpdated', { orderUpdated: moved('CANCELLED') }));
    expect(await within(card).findByText('CANCELLED')).toHaveAttribute('data-status', 'cancelled');
    expect(within(card).getByRole('status')).toHaveTextContent(ORDER_CANCELLED);
  });

  describe('paying by card', () => {
    const awaiting = () => ({ ...order(3, 'PENDING', '2026-11-22T14:30:00.000Z'), payment: cardPayment() });
    const paid = () => ({ ...order(3, 'PENDING', '2026-11-22T14:30:00.000Z'), payment: cardPayment('PAID') });
    /** The order read again while its payment is awaited, answered as `answers` say in turn; each ask is counted. */
    const readAgain = (asked: string[], answers: ReturnType<typeof awaiting>[]) =>
      answers.map((node) => ({
        request: {
          query: CardReturnOrderDocument,
          variables: (variables: { id: string }) => {
            asked.push(variables.id);
            return variables.id === orderId(3);
          },
        },
        result: { data: { node } },
      }));
    /** axe-core's violations on the page as it is now (colour contrast aside: jsdom lays nothing out). */
    async function axeViolations() {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
      );
    }

    it('says by when to pay a card order, and Pay by Card opens Stripe’s page; says when one was paid or refunded', async () => {
      const opened = keepExternalPages();
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([
            { ...order(5, 'CANCELLED', '2026-11-22T16:00:00.000Z'), payment: cardPayment('REFUNDED') },
            { ...order(4, 'CONFIRMED', '2026-11-22T15:30:00.000Z'), payment: cardPayment('PAID') },
            awaiting(),
          ]),
          startCardPaymentMock(orderId(3), { url: STRIPE_PAGE }),
        ],
      });
      const [refunded, paidCard, waiting] = await screen.findAllByRole('article');
      expect(
        within(refunded!).getByText('Refunded: the $50.00 you paid is being returned to you.'),
      ).toBeInTheDocument();
      expect(within(paidCard!).getByText('Paid by card on Nov 22, 2026, 2:41 PM.')).toBeInTheDocument();
      expect(within(paidCard!).queryByRole('button', { name: 'Pay by Card' })).toBeNull();
      const howToPay = within(waiting!).getByRole('region', { name: 'How to pay order #3' });
      expect(howToPay).toHaveTextContent('Pay $30.00 by card by Nov 22, 2026, 3:00 PM. We hold your items until then.');
      expect(await axeViolations()).toEqual([]);
      await user.click(within(howToPay).getByRole('button', { name: 'Pay by Card' }));
      await waitFor(() => expect(opened).toEqual([STRIPE_PAGE]));
      expect(within(howToPay).getByRole('button', { name: 'Opening Stripe...' })).toBeDisabled();
    });

    it('says beside Pay by Card why Stripe’s page did not open, and lets the buyer try again', async () => {
      const opened = keepExternalPages();
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([awaiting()]),
          startCardPaymentMock(orderId(3), 'unavailable'),
          startCardPaymentMock(orderId(3), { refusal: 'This order is paid already', code: 'CONFLICT' }),
        ],
      });
      const howToPay = await screen.findByRole('region', { name: 'How to pay order #3' });
      await user.click(within(howToPay).getByRole('button', { name: 'Pay by Card' }));
      await waitFor(() => expect(within(howToPay).getByRole('alert')).toHaveTextContent(CARD_PAGE_FAILED));
      expect(CARD_PAGE_FAILED).toBe('Stripe’s payment page could not be opened. Please try again in a moment.');
      expect(await axeViolations()).toEqual([]);
      await user.click(within(howToPay).getByRole('button', { name: 'Pay by Card' }));
      await waitFor(() => expect(within(howToPay).getByRole('alert')).toHaveTextContent('This order is paid already'));
      expect(within(howToPay).getByRole('button', { name: 'Pay by Card' })).toBeEnabled();
      expect(opened).toEqual([]);
    });

    it('back from Stripe, says it waits for Stripe, reads the order again every 2 s until it is paid, then says so', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      const asked: string[] = [];
      renderApp({
        path: '/orders?order=3&card=paid',
        mocks: [
          sessionMock(),
          ordersPage([awaiting(), order(2, 'DELIVERED', '2026-11-20T08:00:00.000Z')]),
          ...readAgain(asked, [awaiting(), awaiting(), paid()]),
        ],
      });
      const card = await screen.findByRole('article', { name: 'Order #3' });
      expect(
        screen.getByText('Thank you: we are waiting for Stripe to confirm your payment for order #3.'),
      ).toBeVisible();
      await waitFor(() => expect(asked).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(CARD_PAYMENT_POLL_MS));
      await waitFor(() => expect(asked).toHaveLength(2));
      expect(within(card).getByRole('region', { name: 'How to pay order #3' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(CARD_PAYMENT_POLL_MS));
      expect(await screen.findByText('Order #3 is paid.')).toBeInTheDocument();
      expect(
        screen.queryByText('Thank you: we are waiting for Stripe to confirm your payment for order #3.'),
      ).toBeNull();
      expect(within(card).getByText('Paid by card on Nov 22, 2026, 2:41 PM.')).toBeInTheDocument();
      expect(within(card).queryByRole('region', { name: /^How to pay/ })).toBeNull();
      // Paid: asked no more.
      await act(() => vi.advanceTimersByTimeAsync(5 * CARD_PAYMENT_POLL_MS));
      expect(asked).toEqual([orderId(3), orderId(3), orderId(3)]);
    });

    it('back from Stripe, stops asking after 2 minutes without Stripe’s word, and says so', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      const asked: string[] = [];
      const reads = CARD_PAYMENT_WAIT_MS / CARD_PAYMENT_POLL_MS + 1;
      renderApp({
        path: '/orders?order=3&card=paid',
        mocks: [
          sessionMock(),
          ordersPage([awaiting()]),
          ...readAgain(asked, Array.from({ length: reads + 5 }, awaiting)),
        ],
      });
      await screen.findByText('Thank you: we are waiting for Stripe to confirm your payment for order #3.');
      await waitFor(() => expect(asked).toHaveLength(1));
      for (let read = 1; read < reads; read += 1) await act(() => vi.advanceTimersByTimeAsync(CARD_PAYMENT_POLL_MS));
      expect(
        await screen.findByText(
          'Stripe has not confirmed your payment for order #3 yet. Reload this page in a moment to see it.',
        ),
      ).toBeInTheDocument();
      const askedWithin = asked.length;
      expect(askedWithin).toBeLessThanOrEqual(reads);
      await act(() => vi.advanceTimersByTimeAsync(5 * CARD_PAYMENT_POLL_MS));
      expect(asked).toHaveLength(askedWithin);
    });

    it('back from Stripe without paying, says until when the order waits, with its Pay by Card', async () => {
      const asked: string[] = [];
      renderApp({
        path: '/orders?order=3&card=cancelled',
        mocks: [
          sessionMock(),
          ordersPage([{ ...order(4, 'PENDING', '2026-11-22T14:50:00.000Z'), payment: cardPayment() }, awaiting()]),
          ...readAgain(asked, [awaiting()]),
        ],
      });
      expect(
        await screen.findByText(
          'You left Stripe’s page before paying. Order #3 still waits for its payment until Nov 22, 2026, 3:00 PM.',
        ),
      ).toBeInTheDocument();
      const card = screen.getByRole('article', { name: 'Order #3' });
      expect(within(card).getByRole('button', { name: 'Pay by Card' })).toBeVisible();
      expect(await axeViolations()).toEqual([]);
      // Nothing to wait for: the order is not read again.
      expect(asked).toEqual([]);
    });
  });

  describe('the buyer cancels an order the shop has not confirmed', () => {
    const cancelAnswer = (payload: Record<string, unknown>) => ({
      request: { query: CancelOwnOrderDocument, variables: { input: { orderId: orderId(4) } } },
      result: {
        data: { cancelOrder: { __typename: 'CancelOrderPayload', order: null, userErrors: [], ...payload } },
      },
    });

    it('offers Cancel Order only while the order is PENDING, asks first, and shows it cancelled', async () => {
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([
            order(5, 'CONFIRMED', '2026-11-21T10:00:00.000Z'),
            order(4, 'PENDING', '2026-11-20T10:00:00.000Z'),
          ]),
          cancelAnswer({ order: order(4, 'CANCELLED', '2026-11-20T10:00:00.000Z') }),
        ],
      });
      const confirmed = await screen.findByRole('article', { name: 'Order #5' });
      expect(within(confirmed).queryByRole('button', { name: /cancel/i })).toBeNull();
      const card = screen.getByRole('article', { name: 'Order #4' });
      await user.click(within(card).getByRole('button', { name: 'Cancel order #4' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel order #4?' });
      expect(dialog).toHaveTextContent(
        'Its items go back into the shop’s stock and nothing will be sent. This cannot be undone.',
      );
      // Keep Order has the focus: a stray Enter cancels nothing.
      expect(within(dialog).getByRole('button', { name: 'Keep Order' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
      expect(await within(card).findByText('CANCELLED')).toHaveAttribute('data-status', 'cancelled');
      expect(within(card).getByRole('status')).toHaveTextContent(ORDER_CANCELLED);
      expect(within(card).queryByRole('button', { name: 'Cancel order #4' })).toBeNull();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('says why in the dialog when the shop confirmed it meanwhile; Keep Order closes it, the order as it was', async () => {
      const refusal =
        'Only an order waiting for confirmation can be cancelled by its buyer; this one is CONFIRMED: ask the shop';
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([order(4, 'PENDING', '2026-11-20T10:00:00.000Z')]),
          cancelAnswer({
            userErrors: [{ __typename: 'UserError', message: refusal, field: 'orderId', code: 'CONFLICT' }],
          }),
        ],
      });
      const card = await screen.findByRole('article', { name: 'Order #4' });
      await user.click(within(card).getByRole('button', { name: 'Cancel order #4' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel order #4?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
      await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(card).getByText('PENDING')).toBeInTheDocument();
      expect(within(card).queryByRole('alert')).toBeNull();
    });
  });

  describe('Order Again', () => {
    const orderAgainAnswer = (payload: Record<string, unknown>) => ({
      request: { query: OrderAgainDocument, variables: { input: { orderId: orderId(4) } } },
      result: {
        data: { orderAgain: { __typename: 'OrderAgainPayload', cart: null, notAdded: [], userErrors: [], ...payload } },
      },
    });
    const short = (message: string, added = 0) => ({ __typename: 'NotAddedLine', added, message });

    it('puts the order into the cart and opens it, saying which lines did not go in whole', async () => {
      const twoLines = {
        ...order(4, 'DELIVERED', '2026-11-20T10:00:00.000Z'),
        items: [order(4, 'DELIVERED', '').items[0]!, { ...order(5, 'DELIVERED', '').items[0]! }],
      };
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([twoLines]),
          orderAgainAnswer({
            cart: cart([cartLine(4, 2)]),
            notAdded: [short('2 of 4 Product 4 added: only 2 in stock', 2), short('Product 5 is no longer sold')],
          }),
        ],
      });
      const card = await screen.findByRole('article', { name: 'Order #4' });
      await user.click(within(card).getByRole('button', { name: 'Order again: put order #4 into your cart' }));
      await waitFor(() => expect(currentPath()).toBe('/cart'));
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('The items of order #4 are in your cart, but not all of them:');
      expect(
        within(notice)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['2 of 4 Product 4 added: only 2 in stock', 'Product 5 is no longer sold']);
      expect(await screen.findByText('Product 4')).toBeInTheDocument();
      // Said once: the cart opened again later does not say it again.
      await user.click(screen.getByRole('link', { name: 'Orders' }));
      await screen.findByRole('article', { name: 'Order #4' });
      await user.click(screen.getByRole('link', { name: /^Cart/ }));
      await waitFor(() => expect(currentPath()).toBe('/cart'));
      expect(await screen.findByText('Product 4')).toBeInTheDocument();
      expect(screen.queryByText(/The items of order #4/)).toBeNull();
    });

    it('says so in the card, and stays, when nothing of the order can go into the cart', async () => {
      const { user } = renderApp({
        path: '/orders',
        mocks: [
          sessionMock(),
          ordersPage([order(4, 'DELIVERED', '2026-11-20T10:00:00.000Z')]),
          orderAgainAnswer({ cart: cart([]), notAdded: [short('Product 4 is out of stock')] }),
        ],
      });
      const card = await screen.findByRole('article', { name: 'Order #4' });
      await user.click(within(card).getByRole('button', { name: 'Order again: put order #4 into your cart' }));
      expect(await within(card).findByRole('alert')).toHaveTextContent(
        'Nothing from order #4 could go into your cart: Product 4 is out of stock.',
      );
      expect(currentPath()).toBe('/orders');
    });
  });
});
