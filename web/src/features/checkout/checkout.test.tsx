import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  CheckoutChargesDocument,
  CheckoutDocument,
  type CheckoutInput,
  CheckoutPageDocument,
  OrderSuccessDocument,
  SaveAddressDocument,
  ViewerAddressesDocument,
} from '@/gql/graphql';
import {
  cart,
  cartLine,
  listingMock,
  money,
  orderId,
  product,
  productId,
  sessionMock,
  bankTransferPayment,
  cardPayment,
  type PaymentFixture,
  STRIPE_PAGE,
  startCardPaymentMock,
} from '@/testing/fixtures';
import { keepExternalPages } from '@/testing/external-page';
import { currentPath, renderApp } from '@/testing/render';

/** A shipping method as the graph answers it: its rates as [countries, price, free from]. */
const shippingMethod = (
  id: number,
  name: string,
  estimate: string,
  rates: [string[], string, string | null][],
  { active = true, description = null as string | null } = {},
) => ({
  __typename: 'ShippingMethod' as const,
  id: `U2hpcHBpbmdNZXRob2Q6${id}`,
  name,
  description,
  minDays: 1,
  maxDays: 3,
  estimate,
  active,
  rates: rates.map(([countries, price, freeFrom]) => ({
    __typename: 'ShippingRate' as const,
    countries: countries.map((code) => ({ __typename: 'Country' as const, code, name: code })),
    price: money(price),
    freeFrom: freeFrom === null ? null : money(freeFrom),
  })),
});

/** An address of the viewer's book, as the graph answers it. */
const savedAddress = (id: number, line1: string, lastUsedAt: string | null = null) => ({
  __typename: 'Address' as const,
  id: `QWRkcmVzczo${id}`,
  name: 'Ada Lovelace',
  line1,
  line2: null,
  city: 'Berlin',
  postalCode: '10115',
  country: { __typename: 'Country' as const, code: 'DE', name: 'Germany' },
  phone: null,
  printed: `Ada Lovelace\n${line1}\n10115 Berlin\nGermany`,
  lastUsedAt,
});

const addressBook = (addresses: ReturnType<typeof savedAddress>[] | 'NOT_SUPPORTED') => ({
  request: { query: ViewerAddressesDocument },
  result:
    addresses === 'NOT_SUPPORTED'
      ? {
          data: null,
          errors: [new GraphQLError('no address books here', { extensions: { code: 'NOT_SUPPORTED' } })],
        }
      : { data: { viewer: { __typename: 'User', id: 'VXNlcjox', addresses } } },
});

/** The page's two queries: the cart with the addresses used before, and the address book (empty unless given). */
const checkoutPage = (
  lines: Parameters<typeof cart>[0],
  address: string | null = null,
  recentShippingAddresses: string[] = [],
  book: Parameters<typeof addressBook>[0] = [],
  delay = 0,
  shippingMethods: ReturnType<typeof shippingMethod>[] = [],
  taxRates: { __typename: 'TaxRate'; id: string; country: { __typename: 'Country'; code: string } }[] = [],
  paymentSettings: { methods: string[]; days?: number } = { methods: [] },
) => [
  {
    request: { query: CheckoutPageDocument },
    delay,
    result: {
      data: {
        shippingMethods,
        taxRates,
        paymentSettings: {
          __typename: 'PaymentSettings',
          methods: paymentSettings.methods,
          bankTransfer:
            paymentSettings.days === undefined
              ? null
              : { __typename: 'BankTransferSettings', days: paymentSettings.days },
        },
        viewer: { __typename: 'User', address, recentShippingAddresses, cart: cart(lines) },
      },
    },
  },
  addressBook(book),
];

/** What the shop worked out for the cart going to DE (cart.charges), the tax at 19 % alone. */
const chargesMock = (
  shippingMethodId: string | null,
  {
    subtotal,
    shipping = '0.00',
    tax,
    included,
  }: { subtotal: string; shipping?: string; tax: string; included: boolean },
) => ({
  request: { query: CheckoutChargesDocument, variables: { shippingCountry: 'DE', shippingMethodId } },
  result: {
    data: {
      viewer: {
        __typename: 'User',
        cart: {
          __typename: 'Cart',
          id: cart([]).id,
          charges: {
            __typename: 'CartCharges',
            subtotal: money(subtotal),
            shippingCost: money(shipping),
            tax: money(tax),
            taxLines: [{ __typename: 'TaxLine', rate: 19, tax: money(tax) }],
            pricesIncludeTax: included,
          },
        },
      },
    },
  },
});
const TAXED_DE = [
  { __typename: 'TaxRate', id: 'VGF4UmF0ZTox', country: { __typename: 'Country', code: 'DE' } },
] as const;

/** A new address typed in parts (the country is the browser's, the United States), not kept unless `remember`. */
async function typeNewAddress(user: UserEvent, line1 = '1 Road', { remember = false } = {}) {
  await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /^Address line 1/ }), line1);
  await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Berlin');
  const keep = screen.queryByRole('checkbox', { name: 'Save this address in my address book' });
  if (keep && !remember) await user.click(keep);
}
const printedNew = (line1 = '1 Road') => `Ada Lovelace\n${line1}\nBerlin\nUnited States`;

const order = {
  __typename: 'Order',
  id: orderId(12),
  number: 12,
  orderDate: '2026-11-22T14:30:00.000Z',
  total: money('26.48'),
  subtotal: money('26.48'),
  shippingCost: money('0.00'),
  shippingMethodName: null as string | null,
  tax: money('0.00'),
  taxLines: [] as { rate: number; tax: ReturnType<typeof money> }[],
  pricesIncludeTax: true,
  payment: null as PaymentFixture | null,
  status: 'PENDING',
  shippingAddress: '12 Order Street\nBerlin',
  items: [
    {
      __typename: 'OrderItem',
      sku: null,
      productName: 'Product 1',
      unitPrice: money('4.50'),
      quantity: 1,
      lineTotal: money('4.50'),
      product: { __typename: 'Product', id: productId(1), imageUrls: ['/images/product-1.svg'] },
    },
    {
      __typename: 'OrderItem',
      sku: null,
      productName: 'Product 2',
      unitPrice: money('10.99'),
      quantity: 2,
      lineTotal: money('21.98'),
      product: { __typename: 'Product', id: productId(2), imageUrls: ['/images/product-2.svg'] },
    },
  ],
};

/** The review's total: "Total", the count under it, and the amount. */
const totalOf = (review: HTMLElement) =>
  within(review).getByText(
    (_content, element) => element?.tagName === 'P' && !!element.textContent?.startsWith('Total'),
  );

describe('checkout', () => {
  it('reviews the order and starts from the profile’s address', async () => {
    renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')], '1 Home Road'),
      ],
    });
    const review = await screen.findByRole('region', { name: 'Order Review' });
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 1 × 1$4.50', 'Product 2 × 2$21.98']);
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('img')?.getAttribute('src')),
    ).toEqual(['/images/product-1.svg', '/images/product-2.svg']);
    // The count under the word Total, read with it and the amount.
    expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, \$26\.48$/);
    expect(within(totalOf(review)).getByText('3 items')).toBeVisible();
    // The profile's address, offered and chosen: one click less than typing it.
    const shipTo = screen.getByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: /^1 Home Road/ })).toBeChecked();
    expect(within(shipTo).getByRole('radio', { name: /^1 Home Road/ })).toHaveAccessibleName(
      '1 Home Road Your profile’s address',
    );
    expect(screen.queryByRole('group', { name: 'New shipping address' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
  });

  it('offers the saved addresses, then those of the latest orders and the profile’s, each once: the last used chosen', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage(
          [cartLine(1, 1, '4.50')],
          '3 Quay Street',
          ['12 Harbour Lane\nPort Town', 'Ada Lovelace\n5 Main Street\n10115 Berlin\nGermany', '3 Quay Street'],
          [savedAddress(2, '5 Main Street', '2026-11-20T10:00:00.000Z'), savedAddress(1, '9 Side Street')],
        ),
      ],
    });
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    const choices = within(shipTo).getAllByRole('radio');
    expect(choices.map((choice) => [choice.parentElement?.textContent, (choice as HTMLInputElement).checked])).toEqual([
      ['Ada Lovelace\n5 Main Street\n10115 Berlin\nGermany Saved, last used', false],
      ['Ada Lovelace\n9 Side Street\n10115 Berlin\nGermany Saved', false],
      // Where the latest order went, though not saved.
      ['12 Harbour Lane\nPort Town Used for an earlier order', true],
      ['3 Quay Street Used for an earlier order', false],
      ['A new address', false],
    ]);
    expect(screen.queryByRole('group', { name: 'New shipping address' })).toBeNull();
    await user.click(within(shipTo).getByRole('radio', { name: 'A new address' }));
    const typed = screen.getByRole('group', { name: 'New shipping address' });
    expect(within(typed).getByRole('combobox', { name: /^Country/ })).toHaveValue('US');
    expect(within(typed).getByRole('checkbox', { name: 'Save this address in my address book' })).toBeChecked();
  });

  it('asks for a new address in parts before the first order, with nothing to choose from', async () => {
    renderApp({
      path: '/checkout',
      mocks: [sessionMock({ itemCount: 1 }), ...checkoutPage([cartLine(1, 1)])],
    });
    const typed = await screen.findByRole('group', { name: 'New shipping address' });
    expect(within(typed).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Ship to' })).toBeNull();
  });

  it('shows the shapes of the review and the form while the cart loads, announced as “Loading...”', async () => {
    renderApp({
      path: '/checkout',
      mocks: [sessionMock({ itemCount: 1 }), ...checkoutPage([cartLine(1, 1, '4.50')], null, [], [], 200)],
    });
    // The page (its heading) is there, and its content is still loading: the skeleton, not the route's fallback.
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('region', { name: 'Order Review' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('asks for each part a new address needs, placing nothing', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [sessionMock({ itemCount: 1 }), ...checkoutPage([cartLine(1, 1)])],
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Address line 1 is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(currentPath()).toBe('/checkout');
  });

  it('places the order (“Processing...” meanwhile) and shows it on /order-success from the cache, the cart emptied', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')]),
        {
          request: {
            query: CheckoutDocument,
            // The address as it prints, the total the buyer reviewed, and this attempt's key.
            variables: ({ input }: { input: CheckoutInput }) =>
              input.shippingAddress === 'Ada Lovelace\n12 Order Street\nBerlin\nUnited States' &&
              input.expectedTotalAmount === '26.48' &&
              /^[0-9a-f]{32}$/.test(input.idempotencyKey ?? ''),
          },
          delay: 40,
          result: { data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } } },
        },
        // No OrderSuccess answer is mocked: the page must read the order from the cache.
      ],
    });
    await typeNewAddress(user, '  12 Order Street ');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(currentPath()).toBe('/order-success');
    const facts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Order number': '#12',
      Date: 'Nov 22, 2026, 2:30 PM',
      Status: 'PENDING',
      Total: '$26.48',
      'Shipping address': '12 Order Street\nBerlin',
    });
    // Listed as checkout and the order history list items: name × quantity, then the subtotal.
    expect(
      within(screen.getByRole('list', { name: 'Items ordered' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 1 × 1$4.50', 'Product 2 × 2$21.98']);
    expect(screen.getByRole('link', { name: 'Cart 0 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('keeps a new address in the book when asked, ships there, and saves nothing again when the order is retried', async () => {
    const saves: unknown[] = [];
    const placedTo: string[] = [];
    const kept = savedAddress(7, '1 Road');
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage([cartLine(1, 1, '4.50')]),
        {
          request: {
            query: SaveAddressDocument,
            variables: ({ input }: { input: unknown }) => {
              saves.push(input);
              return true;
            },
          },
          result: { data: { saveAddress: { __typename: 'SaveAddressPayload', address: kept, userErrors: [] } } },
        },
        // Saved: the book is read again, the new address in it.
        addressBook([kept]),
        ...[0, 1].map((attempt) => ({
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) => {
              placedTo.push(input.shippingAddress);
              return true;
            },
          },
          ...(attempt === 0
            ? { error: new Error('Failed to fetch') }
            : {
                result: {
                  data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } },
                },
              }),
        })),
      ],
    });
    await typeNewAddress(user, '1 Road', { remember: true });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Country/ }), 'DE');
    await user.type(screen.getByRole('textbox', { name: /^Postal code/ }), '10115');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout failed');
    // Shipped to the saved address, now chosen in the list.
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    await waitFor(() => expect(within(shipTo).getByRole('radio', { name: /^Ada Lovelace\s+1 Road/ })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(saves).toEqual([
      {
        name: 'Ada Lovelace',
        line1: '1 Road',
        line2: '',
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
        phone: '',
      },
    ]);
    expect(placedTo).toEqual([kept.printed, kept.printed]);
  });

  it('shows why the book refused a new address beside its part, and places nothing', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage([cartLine(1, 1, '4.50')]),
        {
          request: { query: SaveAddressDocument, variables: () => true },
          result: {
            data: {
              saveAddress: {
                __typename: 'SaveAddressPayload',
                address: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Phone may contain only digits, spaces, +, -, ( and )',
                    field: 'phone',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await typeNewAddress(user, '1 Road', { remember: true });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Phone may contain only digits/));
    expect(phone).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(currentPath()).toBe('/checkout');
  });

  it('where the shop keeps no address books, takes a new address without offering to save it', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage([cartLine(1, 1, '4.50')], null, ['3 Quay Street'], 'NOT_SUPPORTED'),
        {
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) => input.shippingAddress === printedNew('2 Dock Road'),
          },
          result: { data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } } },
        },
      ],
    });
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: '3 Quay Street Used for an earlier order' })).toBeChecked();
    await user.click(within(shipTo).getByRole('radio', { name: 'A new address' }));
    expect(screen.queryByRole('checkbox', { name: 'Save this address in my address book' })).toBeNull();
    await typeNewAddress(user, '2 Dock Road');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
  });

  describe('shipping', () => {
    const methods = [
      shippingMethod(1, 'Standard', '2–4 business days', [[['DE', 'AT'], '4.90', '50.00']], {
        description: 'Tracked parcel',
      }),
      shippingMethod(2, 'Express', '1 business day', [[['DE'], '14.90', null]]),
      shippingMethod(3, 'Worldwide', '5–9 business days', [[['US'], '20.00', null]]),
      // Retired: admins see it, shoppers are never offered it.
      shippingMethod(4, 'Courier', 'Same day', [[['DE'], '1.00', null]], { active: false }),
    ];
    const chargesOf = (review: HTMLElement) =>
      [...review.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    const methodChoices = () =>
      within(screen.getByRole('group', { name: 'Shipping method' }))
        .getAllByRole('radio')
        .map((radio) => [
          radio.parentElement?.textContent,
          (radio as HTMLInputElement).checked,
          (radio as HTMLInputElement).disabled,
        ]);

    it('offers the methods for the address’s country, the cheapest chosen, and charges the one chosen: subtotal, shipping and total', async () => {
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 3 }),
          ...checkoutPage(
            [cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')],
            null,
            [],
            [savedAddress(1, '5 Main Street')],
            0,
            methods,
          ),
          {
            request: {
              query: CheckoutDocument,
              variables: ({ input }: { input: CheckoutInput }) =>
                input.shippingMethodId === methods[1]!.id &&
                input.shippingCountry === 'DE' &&
                input.expectedTotalAmount === '41.38' &&
                input.shippingAddress === savedAddress(1, '5 Main Street').printed,
            },
            result: {
              data: {
                checkout: {
                  __typename: 'CheckoutPayload',
                  order: {
                    ...order,
                    total: money('41.38'),
                    subtotal: money('26.48'),
                    shippingCost: money('14.90'),
                    shippingMethodName: 'Express',
                  },
                  cart: cart([]),
                  userErrors: [],
                },
              },
            },
          },
        ],
      });
      await screen.findByRole('group', { name: 'Shipping method' });
      expect(methodChoices()).toEqual([
        ['Standard $4.90 2–4 business days · Tracked parcel', true, false],
        ['Express $14.90 1 business day', false, false],
        ['Worldwide  Worldwide does not ship to Germany', false, true],
      ]);
      const review = screen.getByRole('region', { name: 'Order Review' });
      await waitFor(() =>
        expect(chargesOf(review)).toEqual([
          ['Subtotal', '$26.48'],
          ['Shipping, Standard', '$4.90'],
        ]),
      );
      expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, \$31\.38$/);
      await user.click(screen.getByRole('radio', { name: /^Express/ }));
      await waitFor(() => expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, \$41\.38$/));
      expect(chargesOf(review)).toEqual([
        ['Subtotal', '$26.48'],
        ['Shipping, Express', '$14.90'],
      ]);
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
      // The order placed says what it was charged, by which method.
      expect(chargesOf(document.body).slice(-2)).toEqual([
        ['Subtotal', '$26.48'],
        ['Shipping, Express', '$14.90'],
      ]);
    });

    it.each([
      // Tax on top: 19 % of $26.48 and $4.90 is $5.96, added to the total.
      { included: false, tax: '5.96', label: 'Tax, 19 %', total: '37.34' },
      // Tax in the prices: $5.01 of the $31.38 is tax; the total stays.
      { included: true, tax: '5.01', label: 'Tax included, 19 %', total: '31.38' },
    ])(
      'shows the tax the shop computes where the order goes ($label) and places the order at that total',
      async ({ included, tax, label, total }) => {
        const lines = [cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')];
        const charges = chargesMock(methods[0]!.id, { subtotal: '26.48', shipping: '4.90', tax, included });
        const { user } = renderApp({
          path: '/checkout',
          mocks: [
            sessionMock({ itemCount: 3 }),
            ...checkoutPage(lines, null, [], [savedAddress(1, '5 Main Street')], 0, methods, [...TAXED_DE]),
            { ...charges, delay: 30 },
            {
              request: {
                query: CheckoutDocument,
                variables: ({ input }: { input: CheckoutInput }) =>
                  input.shippingMethodId === methods[0]!.id &&
                  input.shippingCountry === 'DE' &&
                  input.expectedTotalAmount === total,
              },
              result: {
                data: {
                  checkout: {
                    __typename: 'CheckoutPayload',
                    order: {
                      ...order,
                      total: money(total),
                      subtotal: money('26.48'),
                      shippingCost: money('4.90'),
                      shippingMethodName: 'Standard',
                      tax: money(tax),
                      taxLines: [{ __typename: 'TaxLine', rate: 19, tax: money(tax) }],
                      pricesIncludeTax: included,
                    },
                    cart: cart([]),
                    userErrors: [],
                  },
                },
              },
            },
          ],
        });
        const placeOrder = await screen.findByRole('button', { name: 'Place Order' });
        // Until the shop has said what the tax is, the order cannot be placed.
        expect(placeOrder).toBeDisabled();
        const review = screen.getByRole('region', { name: 'Order Review' });
        await waitFor(() =>
          expect(chargesOf(review)).toEqual([
            ['Subtotal', '$26.48'],
            ['Shipping, Standard', '$4.90'],
            [label, `$${tax}`],
          ]),
        );
        expect(totalOf(review)).toHaveTextContent(new RegExp(`^Total, 3 items, \\$${total.replace('.', '\\.')}$`));
        expect(placeOrder).toBeEnabled();
        await user.click(placeOrder);
        expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
        expect(chargesOf(document.body).slice(-3)).toEqual([
          ['Subtotal', '$26.48'],
          ['Shipping, Standard', '$4.90'],
          [label, `$${tax}`],
        ]);
      },
    );

    it('follows the new address’s country: says when no method ships there, and holds Place Order; free from its amount', async () => {
      const { user } = renderApp({
        path: '/checkout',
        mocks: [sessionMock({ itemCount: 2 }), ...checkoutPage([cartLine(1, 2, '25.00')], null, [], [], 0, methods)],
      });
      await typeNewAddress(user);
      // The browser's country, the United States.
      await waitFor(() => expect(methodChoices()[2]).toEqual(['Worldwide $20.00 5–9 business days', true, false]));
      await user.selectOptions(screen.getByRole('combobox', { name: /^Country/ }), 'LV');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Latvia: no shipping method ships there. Choose another address.');
      expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Place Order' })).toHaveAccessibleDescription(
        'Latvia: no shipping method ships there. Choose another address.',
      );
      await user.selectOptions(screen.getByRole('combobox', { name: /^Country/ }), 'AT');
      // $50.00 of lines: Standard is free there.
      await waitFor(() =>
        expect(methodChoices()[0]).toEqual(['Standard Free 2–4 business days · Tracked parcel', true, false]),
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    });

    it('reads the methods again when the shop refuses the one chosen (retired meanwhile), and says why', async () => {
      const lines = [cartLine(1, 1, '4.50')];
      const book = [savedAddress(1, '5 Main Street')];
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 1 }),
          ...checkoutPage(lines, null, [], book, 0, methods),
          {
            request: { query: CheckoutDocument, variables: () => true },
            result: {
              data: {
                checkout: {
                  __typename: 'CheckoutPayload',
                  order: null,
                  cart: null,
                  userErrors: [
                    {
                      __typename: 'UserError',
                      message: 'This shipping method is no longer offered: choose another',
                      field: 'shippingMethodId',
                      code: 'NOT_FOUND',
                    },
                  ],
                },
              },
            },
          },
          // Read again: Standard was retired.
          checkoutPage(lines, null, [], book, 0, [methods[1]!])[0]!,
        ],
      });
      await screen.findByRole('group', { name: 'Shipping method' });
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This shipping method is no longer offered: choose another',
      );
      await waitFor(() => expect(methodChoices()).toEqual([['Express $14.90 1 business day', true, false]]));
    });

    it('asks which country an address typed before ships to, the browser’s to start with', async () => {
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 1 }),
          ...checkoutPage([cartLine(1, 1, '4.50')], null, ['3 Quay Street'], [], 0, methods),
        ],
      });
      const country = await screen.findByRole('combobox', { name: /^Country it ships to/ });
      expect(country).toHaveValue('US');
      await waitFor(() => expect(methodChoices().map(([, checked]) => checked)).toEqual([false, false, true]));
      await user.selectOptions(country, 'DE');
      await waitFor(() => expect(methodChoices().map(([, checked]) => checked)).toEqual([true, false, false]));
      // None chosen: asked for, and nothing is sent.
      await user.selectOptions(country, '');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(country).toHaveAccessibleDescription('Choose the country it ships to');
      expect(country).toHaveFocus();
    });
  });

  it('asks where an address typed before ships to in a shop that taxes without shipping methods, says the tax is being worked out, and sends the country', async () => {
    // The tax's answer is held on a fake clock until the page has been seen waiting for it (a short real delay
    // raced the page's own rendering under a loaded machine).
    const TAX_HELD_MS = 20_000;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const lines = [cartLine(1, 1, '4.50')];
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage(
          lines,
          null,
          ['3 Quay Street'],
          [],
          0,
          [],
          [{ __typename: 'TaxRate', id: 'VGF4UmF0ZTox', country: { __typename: 'Country', code: 'DE' } }],
        ),
        { ...chargesMock(null, { subtotal: '4.50', tax: '0.72', included: true }), delay: TAX_HELD_MS },
        {
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) =>
              input.shippingCountry === 'DE' && input.expectedTotalAmount === '4.50' && !input.shippingMethodId,
          },
          result: { data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } } },
        },
      ],
    });
    // The browser's country (the United States) has no rate: nothing to work out.
    const country = await screen.findByRole('combobox', { name: /^Country it ships to/ });
    expect(country).toHaveValue('US');
    await user.selectOptions(country, 'DE');
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    expect(await screen.findByText('Working out the tax…')).toBeInTheDocument();
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription('Working out the tax…');
    const review = screen.getByRole('region', { name: 'Order Review' });
    await act(() => vi.advanceTimersByTimeAsync(TAX_HELD_MS));
    await waitFor(() => expect(placeOrder).toBeEnabled());
    expect(review).toHaveTextContent('Tax included, 19 %$0.72');
    await user.click(placeOrder);
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
  });

  it('offers the bank transfer the shop takes, chosen already, sends it, and the order placed says where to pay and by when', async () => {
    const lines = [cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')];
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage(lines, null, ['3 Quay Street'], [], 0, [], [], { methods: ['BANK_TRANSFER'], days: 5 }),
        {
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) =>
              input.paymentMethod === 'BANK_TRANSFER' && input.expectedTotalAmount === '26.48',
          },
          result: {
            data: {
              checkout: {
                __typename: 'CheckoutPayload',
                order: { ...order, payment: bankTransferPayment(12) },
                cart: cart([]),
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    const payment = await screen.findByRole('group', { name: 'Payment' });
    const transfer = within(payment).getByRole('radio', { name: /^Bank transfer/ });
    expect(transfer).toBeChecked();
    expect(payment).toHaveTextContent(
      'Bank transfer Pay within 5 days, quoting your order’s reference: you get the details once the order is placed. We hold your items until then.',
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    const howToPay = screen.getByRole('region', { name: 'How to pay order #12' });
    expect(howToPay).toHaveTextContent(
      'Please transfer $26.48 by Nov 29, 2026, 2:30 PM, quoting the reference below. We hold your items until then.',
    );
    const facts = Object.fromEntries(
      [...howToPay.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Account holder': 'Medshop GmbH',
      IBAN: 'DE89 3704 0044 0532 0130 00',
      BIC: 'COBADEFFXXX',
      Reference: 'RF20MS12',
      Amount: '$26.48',
    });
  });

  describe('paying by card', () => {
    const lines = [cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')];
    /** The card order placed, at the total reviewed. */
    const placedByCard = {
      request: {
        query: CheckoutDocument,
        variables: ({ input }: { input: CheckoutInput }) =>
          input.paymentMethod === 'CARD' && input.expectedTotalAmount === '26.48',
      },
      result: {
        data: {
          checkout: {
            __typename: 'CheckoutPayload',
            order: { ...order, payment: cardPayment() },
            cart: cart([]),
            userErrors: [],
          },
        },
      },
    };
    const cardsAndTransfers = { methods: ['BANK_TRANSFER', 'CARD'], days: 5 };

    it('offers Card beside the bank transfer, saying what happens next; the buyer chooses', async () => {
      renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 3 }),
          ...checkoutPage(lines, null, ['3 Quay Street'], [], 0, [], [], cardsAndTransfers),
        ],
      });
      const payment = await screen.findByRole('group', { name: 'Payment' });
      const radios = within(payment).getAllByRole('radio');
      expect(radios).toHaveLength(2);
      expect(radios[0]).toHaveAccessibleName(
        'Bank transfer Pay within 5 days, quoting your order’s reference: you get the details once the order is placed. We hold your items until then.',
      );
      expect(radios[1]).toHaveAccessibleName(
        'Card Pay on Stripe’s secure page right after you place the order. We hold your items for 30 minutes.',
      );
      // Of two, none is chosen for the buyer.
      expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false]);
    });

    it('places the card order, then sends the browser to Stripe’s page for it', async () => {
      const opened = keepExternalPages();
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 3 }),
          ...checkoutPage(lines, null, ['3 Quay Street'], [], 0, [], [], cardsAndTransfers),
          placedByCard,
          startCardPaymentMock(order.id, { url: STRIPE_PAGE }),
        ],
      });
      const payment = await screen.findByRole('group', { name: 'Payment' });
      await user.click(within(payment).getByRole('radio', { name: /^Card/ }));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(opened).toEqual([STRIPE_PAGE]));
      // Leaving: nothing more to click meanwhile.
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
      expect(currentPath()).toBe('/checkout');
    });

    it('asks how to pay before anything is sent, on each way to pay, while none is chosen of two', async () => {
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 3 }),
          ...checkoutPage(lines, null, ['3 Quay Street'], [], 0, [], [], cardsAndTransfers),
        ],
      });
      const payment = await screen.findByRole('group', { name: 'Payment' });
      const radios = within(payment).getAllByRole('radio');
      expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false]);
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      for (const radio of radios) {
        await waitFor(() => expect(radio).toHaveAccessibleDescription('Choose how to pay'));
        expect(radio).toHaveAttribute('aria-invalid', 'true');
      }
      expect(currentPath()).toBe('/checkout');
      await user.click(radios[1]!);
      await waitFor(() => expect(radios[0]).not.toHaveAttribute('aria-invalid'));
    });

    it('goes to the order’s confirmation when Stripe’s page cannot be opened, saying so, where Pay by Card opens it', async () => {
      const opened = keepExternalPages();
      const { user } = renderApp({
        path: '/checkout',
        mocks: [
          sessionMock({ itemCount: 3 }),
          ...checkoutPage(lines, null, ['3 Quay Street'], [], 0, [], [], { methods: ['CARD'] }),
          placedByCard,
          startCardPaymentMock(order.id, 'unavailable'),
          startCardPaymentMock(order.id, { url: STRIPE_PAGE }),
        ],
      });
      // The only way to pay: chosen already.
      const payment = await screen.findByRole('group', { name: 'Payment' });
      expect(within(payment).getByRole('radio', { name: /^Card/ })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
      expect(currentPath()).toBe('/order-success');
      expect(
        screen.getByText(
          'Stripe’s payment page could not be opened. Your order waits for its payment: try again with Pay by Card.',
        ),
      ).toHaveAttribute('role', 'alert');
      const howToPay = screen.getByRole('region', { name: 'How to pay order #12' });
      expect(howToPay).toHaveTextContent('Pay $26.48 by card by Nov 22, 2026, 3:00 PM. We hold your items until then.');
      expect(opened).toEqual([]);
      await user.click(within(howToPay).getByRole('button', { name: 'Pay by Card' }));
      await waitFor(() => expect(opened).toEqual([STRIPE_PAGE]));
      expect(within(howToPay).getByRole('button', { name: 'Opening Stripe...' })).toBeDisabled();
    });
  });

  it('reads the cart again when the shop works the tax out for another cart than the one shown, and shows the change', async () => {
    const taxed = [...TAXED_DE] as const;
    const charges = (subtotal: string, tax: string) => chargesMock(null, { subtotal, tax, included: true });
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage([cartLine(1, 1, '4.50')], null, ['3 Quay Street'], [], 0, [], [...taxed]),
        // The price rose to $5.00 elsewhere: the shop's answer is for that cart, and the page reads it again.
        charges('5.00', '0.80'),
        checkoutPage([cartLine(1, 1, '5.00')], null, ['3 Quay Street'], [], 0, [], [...taxed])[0]!,
        charges('5.00', '0.80'),
      ],
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Country it ships to/ }), 'DE');
    expect(await screen.findByText('Your order changed since you reviewed it:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Accept Changes' }));
    const review = screen.getByRole('region', { name: 'Order Review' });
    await waitFor(() => expect(review).toHaveTextContent('Tax included, 19 %$0.80'));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('expects the total it shows, exactly as shown (0.10 + 0.20 is "0.30", not 0.30000000000000004)', async () => {
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 2 }),
        ...checkoutPage([cartLine(1, 1, '0.10'), cartLine(2, 1, '0.20')]),
        {
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) => input.expectedTotalAmount === '0.30',
          },
          result: { data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } } },
        },
      ],
    });
    const review = await screen.findByRole('region', { name: 'Order Review' });
    expect(totalOf(review)).toHaveTextContent(/^Total, 2 items, \$0\.30$/);
    await typeNewAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
  });

  it('keeps the cart and shows the shop’s reason when the order cannot be placed, and “Checkout failed” when unreachable', async () => {
    const roadOne = ({ input }: { input: CheckoutInput }) => input.shippingAddress === printedNew();
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 1 }),
        ...checkoutPage([cartLine(1, 1)]),
        {
          request: { query: CheckoutDocument, variables: roadOne },
          result: {
            data: {
              checkout: {
                __typename: 'CheckoutPayload',
                order: null,
                cart: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Not enough stock for Product 1: 0 left, your cart holds 1',
                    field: null,
                    code: 'CONFLICT',
                  },
                ],
              },
            },
          },
        },
        { request: { query: CheckoutDocument, variables: roadOne }, error: new Error('Failed to fetch') },
      ],
    });
    await typeNewAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough stock for Product 1: 0 left, your cart holds 1 Review your cart',
    );
    // A stock refusal is fixed in the cart: the message leads there.
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Review your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout failed');
    expect(within(screen.getByRole('alert')).queryByRole('link')).toBeNull();
    expect(currentPath()).toBe('/checkout');
  });

  it('does not offer to place an order with a line that cannot be bought as it is: says why, marks the line, and leads back to the cart', async () => {
    const { live } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 5 }),
        ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 3, '10.99', 2), cartLine(3, 1, '1.00', 0)]),
      ],
    });
    const alert = await screen.findByRole('alert');
    // Each line and why, after a colon: a name's own brackets are not followed by another pair.
    expect(within(alert).getByText('These items cannot be bought as they are in your cart:')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 2: only 2 left', 'Product 3: sold out']);
    expect(within(alert).getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(
      'These items cannot be bought as they are in your cart: Product 2: only 2 left Product 3: sold out Review your cart',
    );
    // The review marks the lines, each with why.
    const lines = within(screen.getByRole('list', { name: 'Items to order' })).getAllByRole('listitem');
    expect(lines.map((line) => [line.textContent, line.dataset.mark])).toEqual([
      ['Product 1 × 1$4.50', undefined],
      ['Product 2 × 3Only 2 left$32.97', 'problem'],
      ['Product 3 × 1Sold out$1.00', 'problem'],
    ]);
    // The total counts every unit in the cart, and says how many of them cannot be bought as they are: one more
    // Product 2 than is left, and the Product 3 sold out.
    expect(totalOf(screen.getByRole('region', { name: 'Order Review' }))).toHaveTextContent(
      /^Total, 5 items, 2 unavailable, \$38\.47$/,
    );
    // Restocked meanwhile: the order can be placed.
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(2, { unitPrice: money('10.99'), quantity: 5 }) }),
    );
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(3, { unitPrice: money('1.00'), quantity: 1 }) }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Items to order' }))
        .getAllByRole('listitem')
        .map((line) => line.dataset.mark),
    ).toEqual([undefined, undefined, undefined]);
  });

  it('shows a price raised while the buyer reviews as was → now, and places nothing until the buyer accepts the new total', async () => {
    const sent: string[] = [];
    const { user, live } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 2, '6.49'), cartLine(2, 1, '4.00')], '1 Road'),
        {
          request: {
            query: CheckoutDocument,
            variables: ({ input }: { input: CheckoutInput }) => {
              sent.push(input.expectedTotalAmount!);
              return true;
            },
          },
          result: {
            data: {
              checkout: {
                __typename: 'CheckoutPayload',
                order: { ...order, total: money('23.98') },
                cart: cart([]),
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    const review = await screen.findByRole('region', { name: 'Order Review' });
    expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, \$16\.98$/);
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    // An admin sets $9.99.
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(1, { unitPrice: money('9.99'), quantity: 50 }) }),
    );

    const notice = await screen.findByRole('alert');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 1: was $6.49, now $9.99 each']);
    expect(notice).toHaveTextContent(
      'The total was $16.98, now $23.98. Accept the changes to place the order as it is now, or review your cart.',
    );
    // The changed line says what it was; its total and the order's show both.
    const [changed, same] = within(review).getAllByRole('listitem');
    expect(changed!.dataset.mark).toBe('changed');
    expect(changed).toHaveTextContent('Product 1 × 2Price: was $6.49, now $9.99 eachwas $12.98now $19.98');
    expect(within(changed!).getByRole('deletion')).toHaveTextContent('was $12.98');
    expect(same).toHaveTextContent('Product 2 × 1$4.00');
    expect(same!.dataset.mark).toBeUndefined();
    expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, was \$16\.98now \$23\.98$/);
    // Nothing is placed at a total the buyer has not accepted.
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(/^Your order changed since you reviewed it:/);

    await user.click(within(notice).getByRole('button', { name: 'Accept Changes' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.dataset.mark]),
    ).toEqual([
      ['Product 1 × 2$19.98', undefined],
      ['Product 2 × 1$4.00', undefined],
    ]);
    expect(totalOf(review)).toHaveTextContent(/^Total, 3 items, \$23\.98$/);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(sent).toEqual(['23.98']);
  });

  it('after Accept Changes the focus goes on to Place Order, and the acceptance is said politely; to the review while a line still cannot be bought', async () => {
    const { user, live } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 2, '6.49', 50), cartLine(2, 1, '4.00', 50)], '1 Road'),
      ],
    });
    await screen.findByRole('region', { name: 'Order Review' });
    // Nothing is said before there is something to say.
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(1, { unitPrice: money('9.99'), quantity: 50 }) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept Changes' }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^Changes accepted\. The order total is now \$23\.98\.$/);

    // Again, and the second product sells out meanwhile: Place Order cannot be used, so the review takes the focus.
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(1, { unitPrice: money('8.99'), quantity: 50 }) }),
    );
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(2, { unitPrice: money('4.00'), quantity: 0 }) }),
    );
    // A new change: the earlier acceptance is no longer news.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^$/));
    await user.click(await screen.findByRole('button', { name: 'Accept Changes' }));
    expect(screen.getByRole('heading', { name: 'Order Review' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/^Changes accepted\. The order total is now \$21\.98\.$/);
  });

  it('shows a line an admin deleted while the buyer reviews as gone, and a lowered price as was → now', async () => {
    const { user, live } = renderApp({
      path: '/checkout',
      mocks: [sessionMock({ itemCount: 3 }), ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')])],
    });
    const review = await screen.findByRole('region', { name: 'Order Review' });
    await waitFor(() => expect(live.listening('LiveProductRemoved')).toBe(1));
    act(() => live.emit('LiveProductRemoved', { productRemoved: productId(1) }));
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(2, { unitPrice: money('9.99'), quantity: 50 }) }),
    );
    const notice = await screen.findByRole('alert');
    await waitFor(() =>
      expect(
        within(notice)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Product 1 is no longer in your cart', 'Product 2: was $10.99, now $9.99 each']),
    );
    expect(notice).toHaveTextContent('The total was $26.48, now $19.98.');
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.dataset.mark]),
    ).toEqual([
      ['Product 1 × 1No longer in your cartwas $4.50', 'removed'],
      ['Product 2 × 2Price: was $10.99, now $9.99 eachwas $21.98now $19.98', 'changed'],
    ]);
    expect(totalOf(review)).toHaveTextContent(/^Total, 2 items, was \$26\.48now \$19\.98$/);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await user.click(within(notice).getByRole('button', { name: 'Accept Changes' }));
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 2 × 2$19.98']);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('places nothing when a change reached the shop but not the page: the refusal shows what changed, and asks again', async () => {
    const keys: string[] = [];
    const sent =
      (expectedTotalAmount: string) =>
      ({ input }: { input: CheckoutInput }) => {
        if (input.expectedTotalAmount !== expectedTotalAmount) return false;
        keys.push(input.idempotencyKey!);
        return true;
      };
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')]),
        {
          request: { query: CheckoutDocument, variables: sent('26.48') },
          result: {
            data: {
              checkout: {
                __typename: 'CheckoutPayload',
                order: null,
                // An admin raised the first product's price; another tab took one of the second.
                cart: cart([cartLine(1, 1, '990.00'), cartLine(2, 1, '10.99')]),
                userErrors: [
                  {
                    __typename: 'UserError',
                    message:
                      'The total is now $1,000.99, not the $26.48 you reviewed: check your order and place it again',
                    field: 'expectedTotalAmount',
                    code: 'PRICE_CHANGED',
                  },
                ],
              },
            },
          },
        },
        {
          request: { query: CheckoutDocument, variables: sent('1000.99') },
          result: {
            data: {
              checkout: {
                __typename: 'CheckoutPayload',
                order: { ...order, total: money('1000.99') },
                cart: cart([]),
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    await typeNewAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Product 1: was $4.50, now $990.00 each', 'Product 2: was 2, now 1 in your cart']);
    expect(alert).toHaveTextContent(
      'The total was $26.48, now $1,000.99. Accept the changes to place the order as it is now, or review your cart.',
    );
    expect(within(alert).getByRole('link', { name: 'review your cart' })).toHaveAttribute('href', '/cart');
    // The review shows the cart as it is now beside what was reviewed; the focus is on the way on.
    const review = screen.getByRole('region', { name: 'Order Review' });
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.dataset.mark]),
    ).toEqual([
      ['Product 1 × 1Price: was $4.50, now $990.00 eachwas $4.50now $990.00', 'changed'],
      ['Product 2 × 1Quantity: was 2, now 1was $21.98now $10.99', 'changed'],
    ]);
    expect(totalOf(review)).toHaveTextContent(/^Total, 2 items, was \$26\.48now \$1,000\.99$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept Changes' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(currentPath()).toBe('/checkout');
    await user.click(screen.getByRole('button', { name: 'Accept Changes' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    // Reviewed again is a new attempt: a key of its own.
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('retries an attempt whose answer was lost with the same key, so the shop answers the order it placed', async () => {
    const keys: string[] = [];
    const sent = ({ input }: { input: CheckoutInput }) => {
      keys.push(input.idempotencyKey!);
      return true;
    };
    const { user } = renderApp({
      path: '/checkout',
      mocks: [
        sessionMock({ itemCount: 3 }),
        ...checkoutPage([cartLine(1, 1, '4.50'), cartLine(2, 2, '10.99')]),
        { request: { query: CheckoutDocument, variables: sent }, error: new Error('Failed to fetch') },
        {
          request: { query: CheckoutDocument, variables: sent },
          result: { data: { checkout: { __typename: 'CheckoutPayload', order, cart: cart([]), userErrors: [] } } },
        },
      ],
    });
    await typeNewAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout failed');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says “Your cart is empty” instead of a form when there is nothing to order', async () => {
    renderApp({ path: '/checkout', mocks: [sessionMock(), ...checkoutPage([])] });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('order success', () => {
  it('says “Order not found” as the page’s heading, with Go Home and the way to the orders, when opened without an order', async () => {
    const emptyListing = listingMock([]);
    const { user } = renderApp({ path: '/order-success', mocks: [sessionMock(), emptyListing] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    expect(currentPath()).toBe('/');
  });

  it('fetches the order named in navigation state after a reload', async () => {
    renderApp({
      path: '/order-success',
      state: { orderId: orderId(12) },
      mocks: [
        sessionMock(),
        { request: { query: OrderSuccessDocument, variables: { id: orderId(12) } }, result: { data: { node: order } } },
      ],
    });
    expect(await screen.findByText('#12')).toBeInTheDocument();
  });
});
