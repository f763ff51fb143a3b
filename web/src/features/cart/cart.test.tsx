import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPageDocument, ClearCartDocument, RemoveCartItemDocument, UpdateCartItemDocument } from '@/gql/graphql';
import { cart, cartLine, money, product, productId, sessionMock, viewerCartMock } from '@/testing/fixtures';
import { failToLoad, picturesIn } from '@/testing/pictures';
import { renderApp } from '@/testing/render';

const cartPage = (lines: Parameters<typeof cart>[0]) => ({
  request: { query: CartPageDocument },
  result: { data: { viewer: { __typename: 'User', cart: cart(lines) } } },
});
const payload = (field: string, typename: string, lines: Parameters<typeof cart>[0]) => ({
  data: { [field]: { __typename: typename, cart: cart(lines), userErrors: [] } },
});

/** The shop refuses to set product n's line to `quantity`, and says why. */
const refusal = (n: number, quantity: number, message: string) => ({
  request: { query: UpdateCartItemDocument, variables: { input: { productId: productId(n), quantity } } },
  result: {
    data: {
      updateCartItem: {
        __typename: 'UpdateCartItemPayload',
        cart: null,
        userErrors: [
          {
            __typename: 'UserError',
            message,
            field: 'quantity',
            code: message.startsWith('Only') ? 'CONFLICT' : 'INVALID_INPUT',
          },
        ],
      },
    },
  },
});

/** How long the shop takes to answer a change, where a test needs its answer in before the next event. */
const ANSWER_DELAY_MS = 30;

const line = (name: string) => screen.getByRole('heading', { name, hidden: true }).closest('li')!;
const total = () => screen.getByText('Total', { selector: 'span' }).nextElementSibling?.textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('the cart', () => {
  it('lists each line with its unit price, quantity and subtotal, and sums them up', async () => {
    renderApp({
      path: '/cart',
      mocks: [sessionMock({ itemCount: 3 }), cartPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')])],
    });
    const first = await screen.findByRole('heading', { name: 'Product 1' });
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/products/${productId(1)}`);
    expect(within(line('Product 1')).getByText('$4.50 each')).toBeInTheDocument();
    // Each line shows its product's picture (decorative: the name beside it says what it is).
    expect(line('Product 1').querySelector('img')).toHaveAttribute('src', '/images/product-1.svg');
    expect(line('Product 1').querySelector('img')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(line('Product 2')).getByText('$21.98')).toBeInTheDocument();
    expect(within(line('Product 2')).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Items').nextElementSibling).toHaveTextContent('3');
    expect(total()).toBe('$26.48');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows a line’s next picture when its product’s first does not load, and one “No image” only when none does', async () => {
    const brace = cartLine(1, 1, '4.50');
    brace.product!.imageUrls = ['/broken-front.png', '/side.svg'];
    renderApp({ path: '/cart', mocks: [sessionMock({ itemCount: 1 }), cartPage([brace])] });
    await screen.findByRole('heading', { name: 'Product 1' });
    expect(picturesIn(line('Product 1'))).toEqual(['/broken-front.png']);
    failToLoad('/broken-front.png');
    expect(picturesIn(line('Product 1'))).toEqual(['/side.svg']);
    expect(within(line('Product 1')).queryByText('No image')).toBeNull();
    failToLoad('/side.svg');
    expect(picturesIn(line('Product 1'))).toEqual([]);
    expect(within(line('Product 1')).getAllByText('No image')).toHaveLength(1);
  });

  it('never goes below 1 with minus; plus shows the new quantity at once and the shop’s cart after', async () => {
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 1 }),
        cartPage([cartLine(1, 1, '4.50')]),
        {
          request: { query: UpdateCartItemDocument, variables: { input: { productId: productId(1), quantity: 2 } } },
          delay: 40,
          result: payload('updateCartItem', 'UpdateCartItemPayload', [cartLine(1, 2, '4.50')]),
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Decrease quantity of Product 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Product 1' }));
    expect(total()).toBe('$9.00');
    expect(within(line('Product 1')).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Decrease quantity of Product 1' })).toBeEnabled();
  });

  it('puts the quantity back and says why when the shop refuses or cannot be reached', async () => {
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 2 }),
        cartPage([cartLine(1, 2, '4.50')]),
        refusal(1, 3, 'Only 2 of Product 1 in stock'),
        // Asked again after the refusal: the stock went down to 2 meanwhile.
        viewerCartMock([cartLine(1, 2, '4.50', 2)]),
        {
          request: { query: UpdateCartItemDocument, variables: { input: { productId: productId(1), quantity: 1 } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Product 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only 2 of Product 1 in stock. You cannot add any more.',
    );
    expect(total()).toBe('$9.00');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Product 1' }));
    expect(await screen.findByText('Failed to update cart item')).toBeInTheDocument();
    expect(total()).toBe('$9.00');
  });

  it('disables + where one more would break a limit, and says which beside it: the stock, or the $10,000,000.00 a cart may cost', async () => {
    // $9,999,999.90 and $0.10: one more cent of anything would take the cart over the limit.
    const chamber = { ...cartLine(1, 10, '999999.99', 100), productName: 'Oxygen Chamber' };
    const swab = { ...cartLine(2, 10, '0.01', 1000), productName: 'Swab' };
    const thermometer = { ...cartLine(3, 2, '0.00', 2), productName: 'Free Thermometer' };
    renderApp({ path: '/cart', mocks: [sessionMock({ itemCount: 22 }), cartPage([chamber, swab, thermometer])] });
    const plus = async (name: string) => screen.findByRole('button', { name: `Increase quantity of ${name}` });
    expect(await plus('Oxygen Chamber')).toBeDisabled();
    expect(await plus('Oxygen Chamber')).toHaveAccessibleDescription(
      'One more would take your cart over $10,000,000.00',
    );
    expect(
      within(line('Oxygen Chamber')).getByText('One more would take your cart over $10,000,000.00'),
    ).toBeInTheDocument();
    expect(await plus('Swab')).toHaveAccessibleDescription('One more would take your cart over $10,000,000.00');
    // A free product is not held back by the total; its stock is all in the cart.
    expect(await plus('Free Thermometer')).toBeDisabled();
    expect(await plus('Free Thermometer')).toHaveAccessibleDescription('All 2 in stock are in your cart');
    expect(total()).toBe('$10,000,000.00');
  });

  it('keeps the shop’s refusal of more, with how many more it can take, until the shopper changes something', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const brace = { ...cartLine(1, 1, '4.50', 50), productName: 'Knee Brace' };
    // Added in another tab meanwhile: the cart is at $10,000,000.00.
    const chamber = { ...cartLine(2, 10, '999999.55', 100), productName: 'Oxygen Chamber' };
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 1 }),
        cartPage([brace]),
        refusal(1, 2, 'That would make your cart’s total $10,000,004.50: a cart may cost at most $10,000,000.00'),
        viewerCartMock([brace, chamber]),
        {
          request: { query: RemoveCartItemDocument, variables: { input: { productId: productId(2) } } },
          result: payload('removeCartItem', 'RemoveCartItemPayload', [brace]),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Knee Brace' }));
    const refused =
      'That would make your cart’s total $10,000,004.50: a cart may cost at most $10,000,000.00. You cannot add any more.';
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(total()).toBe('$10,000,000.00');
    expect(screen.getByRole('button', { name: 'Increase quantity of Knee Brace' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent(refused);
    await user.click(screen.getByRole('button', { name: 'Remove Oxygen Chamber' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this item?' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Oxygen Chamber' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Increase quantity of Knee Brace' })).toBeEnabled();
  });

  it('removes a line after asking, in a dialog', async () => {
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 3 }),
        cartPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')]),
        {
          request: { query: RemoveCartItemDocument, variables: { input: { productId: productId(1) } } },
          result: payload('removeCartItem', 'RemoveCartItemPayload', [cartLine(2, 2, '10.99')]),
        },
      ],
    });
    const remove = await screen.findByRole('button', { name: 'Remove Product 1' });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(remove).toHaveFocus());
    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove this item?' });
    expect(dialog).toHaveTextContent('“Product 1” will be taken out of your cart.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Product 1', hidden: true })).toBeNull());
    expect(total()).toBe('$21.98');
  });

  it('clears the cart after asking, then says it is empty', async () => {
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 3 }),
        cartPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')]),
        {
          request: { query: ClearCartDocument, variables: { input: {} } },
          result: payload('clearCart', 'ClearCartPayload', []),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear your cart?' });
    expect(dialog).toHaveTextContent('All 3 items will be taken out of your cart.');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 0 items' })).toBeInTheDocument();
  });

  it('says “Your cart is empty” with a way back to the shop', async () => {
    renderApp({ path: '/cart', mocks: [sessionMock(), cartPage([])] });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('follows the products’ prices live: unit price, subtotal and total', async () => {
    const { live } = renderApp({
      path: '/cart',
      mocks: [sessionMock({ itemCount: 2 }), cartPage([cartLine(1, 2, '4.50')])],
    });
    await screen.findByText('$4.50 each');
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() => live.emit('LiveProductUpdated', { productUpdated: product(1, { unitPrice: money('5.25') }) }));
    expect(await screen.findByText('$5.25 each')).toBeInTheDocument();
    expect(within(line('Product 1')).getByText('$10.50')).toBeInTheDocument();
    expect(total()).toBe('$10.50');
  });

  it('marks sold-out and short lines and keeps checkout closed until they are changed', async () => {
    // The shop's answer to the change comes when the fake clock lets it: before the restock, as it would.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, live } = renderApp({
        path: '/cart',
        mocks: [
          sessionMock({ itemCount: 4 }),
          cartPage([cartLine(1, 3, '4.50', 2), cartLine(2, 1, '10.99')]),
          {
            request: { query: UpdateCartItemDocument, variables: { input: { productId: productId(1), quantity: 2 } } },
            // Asked after product 2 sold out: the shop's cart says so too.
            result: payload('updateCartItem', 'UpdateCartItemPayload', [
              cartLine(1, 2, '4.50', 2),
              cartLine(2, 1, '10.99', 0),
            ]),
            delay: ANSWER_DELAY_MS,
          },
        ],
      });
      await screen.findByRole('heading', { name: 'Product 1' });
      expect(within(line('Product 1')).getByText(/^Only 2 left/)).toBeInTheDocument();
      expect(within(line('Product 2')).queryByText(/left|Sold out/)).toBeNull();
      const closed = screen.getByRole('button', { name: 'Proceed to Checkout' });
      expect(closed).toBeDisabled();
      expect(closed).toHaveAccessibleDescription(
        'Some items cannot be bought as they are: change or remove the marked ones to check out.',
      );
      expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
      // Someone buys the last of product 2 meanwhile.
      await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
      act(() =>
        live.emit('LiveProductUpdated', { productUpdated: product(2, { unitPrice: money('10.99'), quantity: 0 }) }),
      );
      expect(await within(line('Product 2')).findByText('Sold out: remove it to check out')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Increase quantity of Product 1' })).toBeDisabled();
      await user.click(within(line('Product 1')).getByRole('button', { name: 'Change to 2' }));
      // At once, before the shop answers, and still once it has.
      await waitFor(() => expect(within(line('Product 1')).queryByText(/left/)).toBeNull());
      expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(ANSWER_DELAY_MS));
      expect(within(line('Product 1')).queryByText(/left/)).toBeNull();
      expect(within(line('Product 2')).getByText('Sold out: remove it to check out')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
      // Restocked: nothing stands in the way any more.
      act(() =>
        live.emit('LiveProductUpdated', { productUpdated: product(2, { unitPrice: money('10.99'), quantity: 4 }) }),
      );
      expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
      expect(screen.queryByText(/cannot be bought/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('points out a price that changed while the cart is open, and not once the cart was left', async () => {
    const { user, live } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock({ itemCount: 2 }),
        cartPage([cartLine(7, 2, '5.99')]),
        { ...cartPage([cartLine(7, 2, '6.49')]), maxUsageCount: 5 },
      ],
    });
    await screen.findByText('$5.99 each');
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() => live.emit('LiveProductUpdated', { productUpdated: product(7, { unitPrice: money('6.49') }) }));
    await waitFor(() =>
      expect(within(line('Product 7')).getByText(/ each/)).toHaveTextContent('$6.49 each (was $5.99)'),
    );
    expect(total()).toBe('$12.98');
    // Seen: back in the cart later, the price is simply the price.
    await user.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    await user.click(await screen.findByRole('link', { name: /^Cart/ }));
    expect(
      await within(await screen.findByRole('list', { name: 'Cart items' })).findByText('$6.49 each'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/was \$5\.99/)).toBeNull();
  });

  it('takes out a product an admin deleted meanwhile, says so, and the count and total follow', async () => {
    const { user, live } = renderApp({
      path: '/cart',
      mocks: [sessionMock({ itemCount: 3 }), cartPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')])],
    });
    await screen.findByRole('heading', { name: 'Product 2' });
    await waitFor(() => expect(live.listening('LiveProductRemoved')).toBe(1));
    act(() => live.emit('LiveProductRemoved', { productRemoved: productId(2) }));
    expect(await screen.findByText('Product 2 is no longer sold and was taken out of your cart.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Product 2' })).toBeNull();
    expect(total()).toBe('$4.50');
    expect(screen.getByRole('link', { name: 'Cart 1 item' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/no longer sold/)).toBeNull();
  });

  it('does not tell the next person who logs in on this browser about the last one’s cart', async () => {
    const first = renderApp({
      path: '/cart',
      mocks: [sessionMock({ itemCount: 2 }), cartPage([cartLine(2, 2, '10.99')])],
    });
    await screen.findByRole('heading', { name: 'Product 2' });
    await waitFor(() => expect(first.live.listening('LiveProductRemoved')).toBe(1));
    act(() => first.live.emit('LiveProductRemoved', { productRemoved: productId(2) }));
    expect(await screen.findByText('Product 2 is no longer sold and was taken out of your cart.')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Login' });
    first.unmount();
    // Someone else, in the same page: their cart, with no word of the other's.
    renderApp({
      path: '/cart',
      mocks: [sessionMock({ username: 'bob', itemCount: 1 }), cartPage([cartLine(1, 1, '4.50')])],
    });
    await screen.findByRole('heading', { name: 'Product 1' });
    expect(screen.queryByText(/no longer sold/)).toBeNull();
  });

  it('says “Failed to load cart” with Retry when it cannot be loaded', async () => {
    const { user } = renderApp({
      path: '/cart',
      mocks: [
        sessionMock(),
        { request: { query: CartPageDocument }, error: new Error('Failed to fetch') },
        cartPage([]),
      ],
    });
    expect(await screen.findByText('Failed to load cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });
});
