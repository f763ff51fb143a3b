import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_IMAGE_URL } from '@shop-rules/product-rules';
import {
  CategoriesDocument,
  CreateProductDocument,
  EditProductDocument,
  ProductListingDocument,
  UpdateProductDocument,
} from '@/gql/graphql';
import { HELD_MS, holdAnswers } from '@/testing/held-answers';
import { category, categoryId, listingMock, money, product, productId, sessionMock } from '@/testing/fixtures';
import { failToLoad } from '@/testing/pictures';
import { currentPath, renderApp } from '@/testing/render';

const listing = listingMock([], {}, { maxUsageCount: Number.POSITIVE_INFINITY });

const DID_NOT_LOAD = 'This image could not be loaded: check the address (the product can still be saved)';

const saved = (field: 'createProduct' | 'updateProduct', fixture: ReturnType<typeof product>) => ({
  data: {
    [field]: {
      __typename: field === 'createProduct' ? 'CreateProductPayload' : 'UpdateProductPayload',
      product: fixture,
      userErrors: [],
    },
  },
});

describe('creating a product', () => {
  it('names every field as the graph does, and asks for the required ones', async () => {
    const { user } = renderApp({ path: '/create', mocks: [sessionMock({ isAdmin: true })] });
    await user.click(await screen.findByRole('button', { name: '+ Add another image' }));
    expect([...document.querySelectorAll('form [name]')].map((field) => field.getAttribute('name'))).toEqual([
      'name',
      'sku',
      'description',
      'price',
      'quantity',
      'lowStockThreshold',
      'imageUrl',
      'imageAlts',
      'imageUrls',
      'imageAlts',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    for (const message of [
      'Name is required',
      'Description is required',
      'Price is required',
      'Quantity is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('refuses a negative price, more than two decimals, a fractional stock and an image address that is not one', async () => {
    const { user } = renderApp({ path: '/create', mocks: [sessionMock({ isAdmin: true })] });
    await user.type(await screen.findByLabelText(/^Name/), 'Splint');
    await user.type(screen.getByLabelText(/^Description/), 'Holds a wrist still');
    await user.type(screen.getByLabelText(/^Price/), '-1');
    await user.type(screen.getByLabelText(/^Stock quantity/), '2.5');
    await user.type(screen.getByLabelText('Main image URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Price must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be a whole number')).toBeInTheDocument();
    expect(screen.getByText(INVALID_IMAGE_URL)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '1.234');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Price can have at most 2 decimal places')).toBeInTheDocument();
    expect(currentPath()).toBe('/create');
  });

  it('takes a name of one line, as the shop does, and says so beside the price’s own problem', async () => {
    const { user } = renderApp({ path: '/create', mocks: [sessionMock({ isAdmin: true })] });
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Gauze\tPads');
    await user.type(screen.getByLabelText(/^Description/), 'Ten pads,\nsterile');
    await user.type(screen.getByLabelText(/^Price/), '1.234');
    await user.type(screen.getByLabelText(/^Stock quantity/), '2');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(
      await screen.findByText('Name must be a single line of text, without line breaks or control characters'),
    ).toBeInTheDocument();
    expect(screen.getByText('Price can have at most 2 decimal places')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/create');
  });

  it('sends the SKU trimmed and the image list built from the URL field and the other entries, trimmed and without duplicates, then goes home', async () => {
    const created = product(40, {
      name: 'Wrist Splint',
      description: 'Holds a wrist still',
      unitPrice: money('12.50'),
      quantity: 7,
      imageUrls: ['https://img.example/a.png', '/images/b.svg'],
      sku: 'WS-1',
    });
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: {
            query: CreateProductDocument,
            variables: {
              input: {
                name: 'Wrist Splint',
                description: 'Holds a wrist still',
                unitPriceAmount: '12.5',
                quantity: 7,
                imageUrl: 'https://img.example/a.png',
                imageUrls: ['https://img.example/a.png', '/images/b.svg'],
                imageAlts: [],
                sku: 'WS-1',
              },
            },
          },
          result: saved('createProduct', created),
        },
        listing,
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), '  Wrist Splint ');
    await user.type(screen.getByLabelText(/^SKU/), ' WS-1 ');
    await user.type(screen.getByLabelText(/^Description/), 'Holds a wrist still');
    await user.type(screen.getByLabelText(/^Price/), '12.5');
    await user.type(screen.getByLabelText(/^Stock quantity/), '7');
    await user.type(screen.getByLabelText('Main image URL'), '  https://img.example/a.png ');
    for (const entry of ['/images/b.svg', '   ', 'https://img.example/a.png', ' /images/b.svg ']) {
      await user.click(screen.getByRole('button', { name: '+ Add another image' }));
      const fields = screen.getAllByRole('textbox', { name: /^Other image \d+$/ });
      await user.type(fields[fields.length - 1]!, entry);
    }
    await user.click(screen.getByRole('button', { name: 'Remove other image 2' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('warns at an image address whose picture does not load, once the field is left, and still creates the product', async () => {
    const created = product(41, {
      name: 'Ice Pack',
      description: 'Reusable',
      unitPrice: money('3.00'),
      quantity: 5,
      imageUrls: ['https://img.example/missing.png', '/images/gone.svg'],
    });
    const input = {
      name: 'Ice Pack',
      description: 'Reusable',
      unitPriceAmount: '3',
      quantity: 5,
      imageUrl: 'https://img.example/missing.png',
      imageUrls: ['https://img.example/missing.png', '/images/gone.svg'],
      imageAlts: [],
      sku: null,
    };
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        { request: { query: CreateProductDocument, variables: { input } }, result: saved('createProduct', created) },
        listing,
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Ice Pack');
    await user.type(screen.getByLabelText(/^Description/), 'Reusable');
    await user.type(screen.getByLabelText(/^Price/), '3');
    await user.type(screen.getByLabelText(/^Stock quantity/), '5');
    const main = screen.getByLabelText('Main image URL');
    await user.type(main, 'https://img.example/missing.png');
    await user.tab();
    expect(screen.getByRole('img', { name: 'Main image preview' })).toHaveAttribute(
      'src',
      'https://img.example/missing.png',
    );
    expect(main).not.toHaveAccessibleDescription(DID_NOT_LOAD);
    failToLoad('https://img.example/missing.png');
    // Said where the address is, politely, and not as an error: the field is not marked invalid.
    expect(main).toHaveAccessibleDescription(DID_NOT_LOAD);
    expect(screen.getByRole('status')).toHaveTextContent(DID_NOT_LOAD);
    expect(main).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: '+ Add another image' }));
    const other = screen.getByLabelText('Other image 1');
    await user.type(other, '/images/gone.svg');
    await user.tab();
    failToLoad('/images/gone.svg');
    expect(other).toHaveAccessibleDescription(DID_NOT_LOAD);
    // Typing another address takes the warning away until that one is tried.
    await user.type(main, 'x');
    expect(main).not.toHaveAccessibleDescription(DID_NOT_LOAD);
    await user.type(main, '{Backspace}');
    expect(main).toHaveAccessibleDescription(DID_NOT_LOAD);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows the shop’s refusal at its field, and “Failed to create product” when the shop cannot be reached', async () => {
    const input = {
      name: 'Gauze',
      description: 'Sterile',
      unitPriceAmount: '2',
      quantity: 3,
      imageUrl: null,
      imageUrls: [],
      imageAlts: [],
      sku: null,
    };
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: { query: CreateProductDocument, variables: { input } },
          result: {
            data: {
              createProduct: {
                __typename: 'CreateProductPayload',
                product: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Quantity must be at most 1000000',
                    field: 'quantity',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
        { request: { query: CreateProductDocument, variables: { input } }, error: new Error('Failed to fetch') },
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Gauze');
    await user.type(screen.getByLabelText(/^Description/), 'Sterile');
    await user.type(screen.getByLabelText(/^Price/), '2');
    await user.type(screen.getByLabelText(/^Stock quantity/), '3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Quantity must be at most 1000000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Stock quantity/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create product');
    expect(currentPath()).toBe('/create');
  });

  it('refuses a SKU with a space before sending, and shows a SKU another product holds at the SKU field', async () => {
    const input = {
      name: 'Gauze',
      description: 'Sterile',
      unitPriceAmount: '2',
      quantity: 3,
      imageUrl: null,
      imageUrls: [],
      imageAlts: [],
      sku: 'MED-0001',
    };
    const taken = 'SKU MED-0001 is already used by "Digital Thermometer"';
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: { query: CreateProductDocument, variables: { input } },
          result: {
            data: {
              createProduct: {
                __typename: 'CreateProductPayload',
                product: null,
                userErrors: [{ __typename: 'UserError', message: taken, field: 'sku', code: 'CONFLICT' }],
              },
            },
          },
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Gauze');
    await user.type(screen.getByLabelText(/^SKU/), 'MED 0001');
    await user.type(screen.getByLabelText(/^Description/), 'Sterile');
    await user.type(screen.getByLabelText(/^Price/), '2');
    await user.type(screen.getByLabelText(/^Stock quantity/), '3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(
      await screen.findByText('SKU must be letters, digits and - _ . / only, starting with a letter or digit'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^SKU/));
    await user.type(screen.getByLabelText(/^SKU/), 'MED-0001');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText(/^SKU/)).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/create');
  });

  it('sends the price exactly as typed (unitPriceAmount "0.29", no float), and shows the shop’s refusal of it at the price field', async () => {
    const input = {
      name: 'Swab',
      description: 'Sterile',
      unitPriceAmount: '0.29',
      quantity: 3,
      imageUrl: null,
      imageUrls: [],
      imageAlts: [],
      sku: null,
    };
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: { query: CreateProductDocument, variables: { input } },
          result: {
            data: {
              createProduct: {
                __typename: 'CreateProductPayload',
                product: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Price must be at most 1000000',
                    field: 'unitPriceAmount',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Swab');
    await user.type(screen.getByLabelText(/^Description/), 'Sterile');
    await user.type(screen.getByLabelText(/^Price/), '0.29');
    await user.type(screen.getByLabelText(/^Stock quantity/), '3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Price must be at most 1000000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not offered to shoppers: /create leads home', async () => {
    renderApp({ path: '/create', mocks: [sessionMock({ isAdmin: false }), listing] });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });
});

describe('editing a product', () => {
  const brace = product(5, {
    name: 'Knee Brace',
    description: 'Hinged',
    unitPrice: money('24.00'),
    quantity: 9,
    imageUrls: ['/images/knee.svg', '/images/knee-side.svg'],
  });
  const edit = {
    request: { query: EditProductDocument, variables: { id: productId(5) } },
    result: { data: { product: brace } },
  };

  it('shows “Loading...” first, then the product in the form', async () => {
    const held = holdAnswers();
    renderApp({
      path: `/edit/${productId(5)}`,
      mocks: [sessionMock({ isAdmin: true }), { ...edit, delay: HELD_MS }],
    });
    // The page's own 'Loading...' under its heading (the screen's code, loaded first, may show one before it).
    await screen.findByRole('heading', { name: 'Edit Product' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await held.release();
    expect(await screen.findByDisplayValue('Knee Brace')).toHaveAttribute('name', 'name');
    expect(screen.getByLabelText(/^Price/)).toHaveValue(24);
    expect(screen.getByLabelText('Main image URL')).toHaveValue('/images/knee.svg');
    expect(screen.getByLabelText('Other image 1')).toHaveValue('/images/knee-side.svg');
  });

  it('warns at an address the product already has whose picture does not load, without it being touched', async () => {
    renderApp({ path: `/edit/${productId(5)}`, mocks: [sessionMock({ isAdmin: true }), edit] });
    const other = await screen.findByLabelText('Other image 1');
    expect(screen.getByRole('img', { name: 'Other image 1 preview' })).toHaveAttribute('src', '/images/knee-side.svg');
    failToLoad('/images/knee-side.svg');
    expect(other).toHaveAccessibleDescription(DID_NOT_LOAD);
    expect(screen.getByLabelText('Main image URL')).not.toHaveAccessibleDescription(DID_NOT_LOAD);
  });

  it('saves the changes and goes home; “Failed to update product” when that fails', async () => {
    const input = {
      id: productId(5),
      name: 'Knee Brace',
      description: 'Hinged',
      unitPriceAmount: '19.99',
      quantity: 9,
      imageUrl: '/images/knee.svg',
      imageUrls: ['/images/knee.svg', '/images/knee-side.svg'],
      imageAlts: [],
      sku: null,
    };
    const { user } = renderApp({
      path: `/edit/${productId(5)}`,
      mocks: [
        sessionMock({ isAdmin: true }),
        edit,
        { request: { query: UpdateProductDocument, variables: { input } }, error: new Error('Failed to fetch') },
        {
          request: { query: UpdateProductDocument, variables: { input } },
          result: saved('updateProduct', { ...brace, unitPrice: money('19.99') }),
        },
        listing,
      ],
    });
    const price = await screen.findByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '19.99');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update product');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows the product’s categories ticked among the shop’s, by path, and sends what is ticked', async () => {
    const inBraces = { ...brace, categories: [{ __typename: 'Category' as const, id: categoryId(2) }] };
    const input = {
      id: productId(5),
      name: 'Knee Brace',
      description: 'Hinged',
      unitPriceAmount: '24.00',
      quantity: 9,
      imageUrl: '/images/knee.svg',
      imageUrls: ['/images/knee.svg', '/images/knee-side.svg'],
      imageAlts: [],
      sku: null,
      categoryIds: [categoryId(2), categoryId(3)],
    };
    const { user } = renderApp({
      path: `/edit/${productId(5)}`,
      mocks: [
        sessionMock({ isAdmin: true }),
        { ...edit, result: { data: { product: inBraces } } },
        {
          request: { query: CategoriesDocument },
          result: {
            data: {
              categories: [category(2, 'Braces', 1), category(1, 'Mobility'), category(3, 'Sport')],
            },
          },
        },
        {
          request: { query: UpdateProductDocument, variables: { input } },
          result: saved('updateProduct', { ...inBraces, categories: [] }),
        },
        listing,
      ],
    });
    const group = await screen.findByRole('group', { name: 'Categories' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.closest('div')!.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Mobility', false],
      ['Mobility › Braces', true],
      ['Sport', false],
    ]);
    await user.click(within(group).getByRole('checkbox', { name: 'Sport' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('says “Product not found” for a product that is gone', async () => {
    renderApp({
      path: `/edit/${productId(6)}`,
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: { query: EditProductDocument, variables: { id: productId(6) } },
          result: { data: { product: null } },
        },
      ],
    });
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });
});

describe('the listing after saving', () => {
  // Answered once: a second listing request would find no answer and show the error state instead.
  const listingOf = (products: ReturnType<typeof product>[]) => listingMock(products);
  // An admin creates the Wrist Splint from the listing: the form as they fill it, and the shop's answer.
  const splintCreated = (splint: ReturnType<typeof product>) => ({
    request: {
      query: CreateProductDocument,
      variables: {
        input: {
          name: 'Wrist Splint',
          description: 'Holds a wrist still',
          unitPriceAmount: '12.5',
          quantity: 7,
          imageUrl: null,
          imageUrls: [],
          imageAlts: [],
          sku: null,
        },
      },
    },
    result: saved('createProduct', splint),
  });
  async function createSplint(user: ReturnType<typeof renderApp>['user']) {
    await user.click(screen.getAllByRole('link', { name: 'Create Product' })[0]!);
    await user.type(await screen.findByLabelText(/^Name/), 'Wrist Splint');
    await user.type(screen.getByLabelText(/^Description/), 'Holds a wrist still');
    await user.type(screen.getByLabelText(/^Price/), '12.5');
    await user.type(screen.getByLabelText(/^Stock quantity/), '7');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
  }
  const cards = () =>
    within(screen.getByRole('list', { name: 'Products' }))
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-label'));

  it('shows a created product at the end of the catalogue at once, without loading the list again', async () => {
    const splint = product(40, {
      name: 'Wrist Splint',
      description: 'Holds a wrist still',
      unitPrice: money('12.50'),
      quantity: 7,
      imageUrls: [],
    });
    const { user } = renderApp({
      path: '/',
      mocks: [
        sessionMock({ isAdmin: true }),
        listingOf([product(1, { name: 'Bandage' }), product(2, { name: 'Gauze' })]),
        splintCreated(splint),
      ],
    });
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    await createSplint(user);
    expect(await screen.findByText('Showing 3 of 3 products')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(cards()).toEqual(['Bandage', 'Gauze', 'Wrist Splint']);
    const card = screen.getByRole('article', { name: 'Wrist Splint' });
    expect(within(card).getByText('$12.50')).toBeInTheDocument();
    expect(within(card).getByText('Stock: 7')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load products/)).toBeNull();
    // Confirmed, with the way to the new product (in a big catalogue it is behind Load more).
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Product created: Wrist Splint');
    expect(within(notice).getByRole('link', { name: 'Wrist Splint' })).toHaveAttribute(
      'href',
      `/products/${encodeURIComponent(productId(40))}`,
    );
  });

  it('shows an edited product’s new price and stock at once, without loading the list again', async () => {
    const brace = product(5, {
      name: 'Knee Brace',
      description: 'Hinged',
      unitPrice: money('24.00'),
      quantity: 9,
      imageUrls: ['/images/knee.svg'],
    });
    const input = {
      id: productId(5),
      name: 'Knee Brace',
      description: 'Hinged',
      unitPriceAmount: '19.99',
      quantity: 4,
      imageUrl: '/images/knee.svg',
      imageUrls: ['/images/knee.svg'],
      imageAlts: [],
      sku: null,
    };
    const { user } = renderApp({
      path: '/',
      mocks: [
        sessionMock({ isAdmin: true }),
        listingOf([product(1, { name: 'Bandage' }), brace]),
        {
          request: { query: EditProductDocument, variables: { id: productId(5) } },
          result: { data: { product: brace } },
        },
        {
          request: { query: UpdateProductDocument, variables: { input } },
          result: saved('updateProduct', { ...brace, unitPrice: money('19.99'), quantity: 4 }),
        },
      ],
    });
    const before = await screen.findByRole('article', { name: 'Knee Brace' });
    expect(within(before).getByText('$24.00')).toBeInTheDocument();
    await user.click(within(before).getByRole('link', { name: 'Edit Knee Brace' }));
    const price = await screen.findByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '19.99');
    await user.clear(screen.getByLabelText(/^Stock quantity/));
    await user.type(screen.getByLabelText(/^Stock quantity/), '4');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const after = await screen.findByRole('article', { name: 'Knee Brace' });
    expect(currentPath()).toBe('/');
    expect(within(after).getByText('$19.99')).toBeInTheDocument();
    expect(within(after).getByText('Stock: 4')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(cards()).toEqual(['Bandage', 'Knee Brace']);
    expect(screen.getByRole('status')).toHaveTextContent('Changes saved: Knee Brace');
  });

  it('asks for a sorted list again after a product is created: its place in that order is the shop’s to say', async () => {
    const splint = product(40, { name: 'Wrist Splint', description: 'Holds a wrist still', imageUrls: [] });
    const sorted = (products: ReturnType<typeof product>[]) => ({
      ...listingOf(products),
      request: { query: ProductListingDocument, variables: { first: 24, sort: 'NEWEST' } },
    });
    const { user } = renderApp({
      path: '/?sort=newest',
      mocks: [
        sessionMock({ isAdmin: true }),
        sorted([product(2, { name: 'Gauze' }), product(1, { name: 'Bandage' })]),
        splintCreated(splint),
        listingOf([product(1, { name: 'Bandage' }), product(2, { name: 'Gauze' }), splint]),
        sorted([splint, product(2, { name: 'Gauze' }), product(1, { name: 'Bandage' })]),
      ],
    });
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    await createSplint(user);
    expect(await screen.findByText('Showing 3 of 3 products')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(cards()).toEqual(['Wrist Splint', 'Gauze', 'Bandage']));
    expect(currentPath()).toBe('/?sort=newest');
  });
});

describe('pictures uploaded from the form', () => {
  const UPLOADED_A = `/images/uploads/${'a'.repeat(32)}`;
  const UPLOADED_B = `/images/uploads/${'b'.repeat(32)}`;

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads the chosen pictures in turn: the first becomes the main image, the next another; one the shop would refuse is named and never sent', async () => {
    const sent: { url: string; type: string; name: string }[] = [];
    const answers = [UPLOADED_A, UPLOADED_B];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({
        url,
        type: (init.headers as Record<string, string>)['content-type']!,
        name: (init.body as File).name,
      });
      return Promise.resolve(
        new Response(JSON.stringify({ id: 'x', url: answers.shift(), width: 800, height: 600 }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    const created = product(41, { name: 'Knee Brace', imageUrls: [UPLOADED_B, UPLOADED_A] });
    const { user } = renderApp({
      path: '/create',
      mocks: [
        sessionMock({ isAdmin: true }),
        {
          request: {
            query: CreateProductDocument,
            variables: {
              input: {
                name: 'Knee Brace',
                description: 'Hinged',
                unitPriceAmount: '30',
                quantity: 4,
                imageUrl: UPLOADED_B,
                imageUrls: [UPLOADED_B, UPLOADED_A],
                imageAlts: [
                  { url: UPLOADED_B, alt: 'The brace from the side' },
                  { url: UPLOADED_A, alt: 'A hinged knee brace' },
                ],
                sku: null,
              },
            },
          },
          result: saved('createProduct', created),
        },
        listing,
      ],
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Knee Brace');
    await user.type(screen.getByLabelText(/^Description/), 'Hinged');
    await user.type(screen.getByLabelText(/^Price/), '30');
    await user.type(screen.getByLabelText(/^Stock quantity/), '4');
    const chooser = screen.getByLabelText('Upload pictures');
    await user.upload(chooser, [
      new File(['front'], 'front.jpg', { type: 'image/jpeg' }),
      new File(['side'], 'side.webp', { type: 'image/webp' }),
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Other image 1' })).toHaveValue(UPLOADED_B));
    // Dropped, a file the chooser would not offer: checked by the form, and never sent.
    fireEvent.drop(chooser.closest('label')!.parentElement!, {
      dataTransfer: { files: [new File(['anim'], 'spinner.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('list', { name: 'Pictures not uploaded' })).toHaveTextContent(
      'spinner.gif: Only JPEG, PNG and WebP pictures can be uploaded',
    );
    expect(sent).toEqual([
      { url: '/catalogue/pictures', type: 'image/jpeg', name: 'front.jpg' },
      { url: '/catalogue/pictures', type: 'image/webp', name: 'side.webp' },
    ]);
    expect(screen.getByLabelText('Main image URL')).toHaveValue(UPLOADED_A);
    expect(screen.getByRole('textbox', { name: 'Other image 1' })).toHaveValue(UPLOADED_B);

    await user.type(screen.getByRole('textbox', { name: 'Main image alt text' }), ' A hinged knee brace');
    await user.type(screen.getByRole('textbox', { name: 'Other image 1 alt text' }), 'The brace from the side');

    // Each picture's text goes with it.
    await user.click(screen.getByRole('button', { name: 'Make other image 1 the main image' }));
    expect(screen.getByLabelText('Main image URL')).toHaveValue(UPLOADED_B);
    expect(screen.getByRole('textbox', { name: 'Main image alt text' })).toHaveValue('The brace from the side');
    expect(screen.getByRole('textbox', { name: 'Other image 1' })).toHaveValue(UPLOADED_A);
    expect(screen.getByRole('textbox', { name: 'Other image 1 alt text' })).toHaveValue(' A hinged knee brace');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('moves another image up, and says why an upload failed', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ message: 'The picture could not be read: it may be damaged. Nothing was kept' }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
      ),
    );
    const { user } = renderApp({ path: '/create', mocks: [sessionMock({ isAdmin: true })] });
    await user.type(await screen.findByLabelText('Main image URL'), '/images/main.svg');
    for (const address of ['/images/one.svg', '/images/two.svg']) {
      await user.click(screen.getByRole('button', { name: '+ Add another image' }));
      const fields = screen.getAllByRole('textbox', { name: /^Other image \d+$/ });
      await user.type(fields[fields.length - 1]!, address);
    }
    await user.type(screen.getByRole('textbox', { name: 'Other image 2 alt text' }), 'The second');
    expect(screen.queryByRole('button', { name: 'Move other image 1 up' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move other image 2 up' }));
    expect(
      screen.getAllByRole('textbox', { name: /^Other image \d+$/ }).map((field) => (field as HTMLInputElement).value),
    ).toEqual(['/images/two.svg', '/images/one.svg']);
    expect(
      screen
        .getAllByRole('textbox', { name: /^Other image \d+ alt text$/ })
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['The second', '']);
    // A text longer than the shop keeps is refused at its field, before anything is sent.
    await user.click(screen.getByRole('textbox', { name: 'Main image alt text' }));
    await user.paste('a'.repeat(251));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Alt text must be at most 250 characters long')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload pictures'), new File(['x'], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByRole('list', { name: 'Pictures not uploaded' })).toHaveTextContent(
      'broken.png: The picture could not be read: it may be damaged. Nothing was kept',
    );
  });
});
