import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToCartDocument, CategoriesDocument, ProductDetailDocument, ViewerCartDocument } from '@/gql/graphql';
import {
  cart,
  cartLine,
  category,
  categoryId,
  listingMock,
  money,
  product,
  productId,
  sessionMock,
  viewerCartMock,
} from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';
import { failToLoad } from '@/testing/pictures';
import { watchForText } from '@/testing/shown-at';
import { ADDED_TO_CART, SUCCESS_MESSAGE_MS } from './product-detail';

const detail = (n: number, result: object) => ({
  request: { query: ProductDetailDocument, variables: { id: productId(n) } },
  result,
});
const found = (fixture: ReturnType<typeof product>) => ({ data: { product: fixture } });

const addToCart = (n: number, quantity: number, result: object) => ({
  request: { query: AddToCartDocument, variables: { input: { productId: productId(n), quantity } } },
  result,
});
const added = (lines: Parameters<typeof cart>[0]) => ({
  data: { addToCart: { __typename: 'AddToCartPayload', cart: cart(lines), userErrors: [] } },
});
const refused = (message: string, code = 'CONFLICT') => ({
  data: {
    addToCart: {
      __typename: 'AddToCartPayload',
      cart: null,
      userErrors: [{ __typename: 'UserError', message, field: 'quantity', code }],
    },
  },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('product detail', () => {
  it('opened from the listing, shows the product (its SKU too) at once from the cache, with no request of its own', async () => {
    const thermometer = product(1, {
      name: 'Digital Thermometer',
      unitPrice: money('9.99'),
      quantity: 120,
      imageUrls: ['/a.svg', '/b.svg'],
      sku: 'MED-0001',
    });
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        viewerCartMock(),
        listingMock([thermometer]),
        // No ProductDetail answer is mocked: a request would end in the error state.
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Digital Thermometer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital Thermometer' })).toBeInTheDocument();
    expect(screen.getByText('$9.99')).toBeInTheDocument();
    expect(screen.getByText('In stock: 120')).toBeInTheDocument();
    expect(screen.getByText('MED-0001').parentElement).toHaveTextContent('SKU MED-0001');
    expect(screen.getByText('Description of product 1')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'More pictures' })).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByText('Failed to load product details')).toBeNull();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('opened from the listing, shows its categories’ paths as breadcrumbs from the tree the listing holds, with no request', async () => {
    const thermometer = product(1, {
      name: 'Digital Thermometer',
      categories: [{ __typename: 'Category', id: categoryId(2) }],
    });
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        viewerCartMock(),
        listingMock([thermometer]),
        // Asked for once, by the listing's navigation: a second request would find no answer and show nothing.
        {
          request: { query: CategoriesDocument },
          result: { data: { categories: [category(1, 'Diagnostics'), category(2, 'Thermometers', 1)] } },
        },
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Digital Thermometer' }));
    const crumbs = await screen.findByRole('navigation', { name: 'Categories of this product' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Diagnostics', `/?category=${categoryId(1)}`],
      ['Thermometers', `/?category=${categoryId(2)}`],
    ]);
  });

  it('has the viewer’s cart from the listing, fetched while it was idle: opened from there, it says at once how many more fit', async () => {
    const gauze = product(1, { unitPrice: money('5.99'), quantity: 5 });
    const { user, client } = renderApp({
      mocks: [
        sessionMock({ itemCount: 3 }),
        // Once: the product page asks nothing of its own, the cart included.
        viewerCartMock([cartLine(1, 3, '5.99', 5)]),
        listingMock([gauze]),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Product 1' });
    // On the listing, before anything is opened.
    await waitFor(() => expect(client.readQuery({ query: ViewerCartDocument })?.viewer?.cart.itemCount).toBe(3));
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByText('You can add 2 more: your cart already holds 3')).toBeInTheDocument();
  });

  it('opened directly, loads the product', async () => {
    renderApp({
      path: `/products/${productId(2)}`,
      mocks: [sessionMock(), viewerCartMock(), detail(2, found(product(2, { name: 'Knee Brace' })))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Knee Brace' })).toBeInTheDocument();
  });

  it('leaves broken pictures out of the gallery: the ones that load, or one placeholder when none does', async () => {
    const pictures = ['/broken-1.png', '/broken-2.png', '/brace.svg', '/broken-3.png'];
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        detail(2, found(product(2, { name: 'Knee Brace', imageUrls: pictures }))),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Knee Brace' });
    const thumbnails = () => screen.queryByRole('list', { name: 'More pictures' });
    expect(
      within(thumbnails()!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Picture 1 of 4', 'Picture 2 of 4', 'Picture 3 of 4', 'Picture 4 of 4']);
    // The first two fail: they leave, and the main picture is the first that works.
    failToLoad('/broken-1.png');
    failToLoad('/broken-2.png');
    expect(
      within(thumbnails()!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Picture 1 of 2', 'Picture 2 of 2']);
    expect(screen.getByRole('img', { name: 'Knee Brace' })).toHaveAttribute('src', '/brace.svg');
    await user.click(screen.getByRole('button', { name: 'Picture 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Knee Brace' })).toHaveAttribute('src', '/broken-3.png');
    // The chosen one fails too: one picture left, no thumbnails, and never a "No image" for a broken one.
    failToLoad('/broken-3.png');
    expect(thumbnails()).toBeNull();
    expect(screen.getByRole('img', { name: 'Knee Brace' })).toHaveAttribute('src', '/brace.svg');
    expect(screen.queryByText('No image')).toBeNull();
    // And when none loads: one placeholder.
    failToLoad('/brace.svg');
    expect(screen.getAllByRole('img', { name: 'Knee Brace: no image available' })).toHaveLength(1);
    expect(screen.getAllByText('No image')).toHaveLength(1);
  });

  it('names each picture by its own alt text where it has one, else by the product’s name', async () => {
    const pictures = ['/brace.svg', '/brace-side.svg'];
    const described = product(2, { name: 'Knee Brace', imageUrls: pictures });
    described.images = [
      { __typename: 'ProductImage', url: '/brace.svg', alt: null },
      { __typename: 'ProductImage', url: '/brace-side.svg', alt: 'The brace’s hinge, from the side' },
    ];
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [sessionMock(), viewerCartMock(), detail(2, found(described))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Knee Brace' });
    expect(screen.getByRole('img', { name: 'Knee Brace' })).toHaveAttribute('src', '/brace.svg');
    await user.click(screen.getByRole('button', { name: 'Picture 2 of 2' }));
    expect(screen.getByRole('img', { name: 'The brace’s hinge, from the side' })).toHaveAttribute(
      'src',
      '/brace-side.svg',
    );
  });

  it('says “Product not found” as the page’s heading for an id that is not in the catalogue', async () => {
    renderApp({
      path: `/products/${productId(9)}`,
      mocks: [sessionMock(), viewerCartMock(), detail(9, { data: { product: null } })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/');
  });

  it('says “Failed to load product details” when loading fails, with Retry', async () => {
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        {
          request: { query: ProductDetailDocument, variables: { id: productId(2) } },
          error: new Error('Failed to fetch'),
        },
        detail(2, found(product(2))),
      ],
    });
    expect(await screen.findByText('Failed to load product details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product 2' })).toBeInTheDocument();
  });

  it('falls back to 1 for a quantity that is not a whole number of at least 1', async () => {
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [sessionMock(), viewerCartMock(), detail(2, found(product(2, { quantity: 8 })))],
    });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveAttribute('name', 'quantity');
    for (const typed of ['0', '-3', '2.5']) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      await user.tab();
      expect(quantity).toHaveValue(1);
    }
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(3);
    // More than the stock is the stock.
    await user.clear(quantity);
    await user.type(quantity, '50');
    await user.tab();
    expect(quantity).toHaveValue(8);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('adds to the cart: “Added to cart!” for exactly 2 seconds, and the navbar counts the cart’s items', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock({ itemCount: 1 }),
        viewerCartMock([cartLine(1, 1)]),
        detail(2, found(product(2))),
        addToCart(2, 2, added([cartLine(1, 1), cartLine(2, 2)])),
      ],
    });
    const addedShownAt = watchForText(ADDED_TO_CART);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(ADDED_TO_CART)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 3 items' })).toBeInTheDocument();
    expect(SUCCESS_MESSAGE_MS).toBe(2000);
    // One synchronous stretch: the clock moves only as told. Still there 1 ms before the 2 s are up, gone at 2 s.
    act(() => vi.advanceTimersByTime(addedShownAt() + 1999 - Date.now()));
    expect(screen.getByText(ADDED_TO_CART)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(ADDED_TO_CART)).toBeNull();
  });

  it('asked for more than the stock, adds the stock and says so; then offers View Cart and Checkout, and keeps the focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        detail(2, found(product(2, { quantity: 2 }))),
        { ...addToCart(2, 2, added([cartLine(2, 2)])), delay: 10_000 },
      ],
    });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '9');
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    await user.click(button);
    // Busy, the button keeps the focus (a disabled one would drop it to the page) and says so.
    expect(button).toHaveTextContent('Adding...');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(await screen.findByRole('status')).toHaveTextContent('Only 2 in stock: we added 2');
    expect(quantity).toHaveValue(2);
    expect(button).toHaveFocus();
    expect(screen.getByText('2 in your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    // The message goes after its 2 s; the way to the cart stays.
    act(() => vi.advanceTimersByTime(SUCCESS_MESSAGE_MS));
    expect(screen.queryByText('Only 2 in stock: we added 2')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Cart' })).toBeInTheDocument();
  });

  it('keeps the shop’s refusal, with how many more can be added, until the quantity is changed; likewise “Failed to add item to cart”', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The cart as another tab left it: $9,999,989.00, room for one more at $10.99.
    const chamber = cartLine(7, 10, '999998.90', 50);
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        detail(2, found(product(2, { quantity: 20 }))),
        addToCart(
          2,
          3,
          refused(
            'That would make your cart’s total $10,000,021.97: a cart may cost at most $10,000,000.00',
            'INVALID_INPUT',
          ),
        ),
        viewerCartMock([chamber]),
        {
          request: { query: AddToCartDocument, variables: { input: { productId: productId(2), quantity: 1 } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const refusal =
      'That would make your cart’s total $10,000,021.97: a cart may cost at most $10,000,000.00. You can add 1 more.';
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // The cart as it is now sets the most that can be added: + stops there, and says why.
    expect(screen.getByText('You can add 1 more: a cart may cost at most $10,000,000.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAccessibleDescription(
      'You can add 1 more: a cart may cost at most $10,000,000.00',
    );
    // The quantity is cut down to what fits now.
    expect(quantity).toHaveValue(1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    await user.clear(quantity);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add item to cart');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to add item to cart');
  });

  it('knows what the cart holds: the quantity stops at what can still be added, says why, and Add to Cart stops once nothing can', async () => {
    const brace = product(2, { name: 'Knee Brace', unitPrice: money('5.00'), quantity: 8 });
    const inCart = (units: number) => ({
      ...cartLine(2, units, '5.00', 8),
      productName: 'Knee Brace',
      product: { ...cartLine(2, units, '5.00', 8).product!, name: 'Knee Brace' },
    });
    const { user } = renderApp({
      path: `/products/${productId(2)}`,
      mocks: [
        sessionMock({ itemCount: 2 }),
        viewerCartMock([inCart(2)]),
        detail(2, found(brace)),
        addToCart(2, 6, added([inCart(8)])),
      ],
    });
    expect(await screen.findByText('You can add 6 more: your cart already holds 2')).toBeInTheDocument();
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.tab();
    expect(quantity).toHaveValue(6);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(plus).toBeDisabled();
    expect(plus).toHaveAccessibleDescription('You can add 6 more: your cart already holds 2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Only 8 in stock and your cart already holds 2: we added 6',
    );
    // All the stock is in the cart now: nothing more to add, and why, at + and at Add to Cart.
    expect(await screen.findByText('All 8 in stock are in your cart')).toBeInTheDocument();
    expect(screen.getByText('8 in your cart')).toBeInTheDocument();
    const addButton = screen.getByRole('button', { name: 'Add to Cart' });
    expect(addButton).toHaveAttribute('aria-disabled', 'true');
    expect(addButton).toHaveAccessibleDescription('All 8 in stock are in your cart');
    expect(plus).toHaveAccessibleDescription('All 8 in stock are in your cart');
    await user.click(addButton);
    expect(screen.getByText('8 in your cart')).toBeInTheDocument();
  });

  it('offers nothing to add when the product is out of stock: no quantity to choose, a disabled “Out of stock”', async () => {
    renderApp({
      path: `/products/${productId(3)}`,
      mocks: [sessionMock(), viewerCartMock(), detail(3, found(product(3, { quantity: 0 })))],
    });
    expect(await screen.findByText('Out of stock', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Increase quantity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('follows productUpdated: the new price and stock show, and a sold-out product can no longer be added', async () => {
    const { live } = renderApp({
      path: `/products/${productId(4)}`,
      mocks: [
        sessionMock(),
        viewerCartMock(),
        detail(4, found(product(4, { unitPrice: money('30.00'), quantity: 12 }))),
      ],
    });
    expect(await screen.findByText('In stock: 12')).toBeInTheDocument();
    expect(screen.getByText('$30.00')).toBeInTheDocument();
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(4, { unitPrice: money('27.50'), quantity: 3 }) }),
    );
    expect(await screen.findByText('In stock: 3')).toBeInTheDocument();
    expect(screen.getByText('$27.50')).toBeInTheDocument();
    expect(screen.queryByText('$30.00')).toBeNull();
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(4, { unitPrice: money('27.50'), quantity: 0 }) }),
    );
    expect(await screen.findByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});
