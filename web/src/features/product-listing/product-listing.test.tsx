import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CategoriesDocument,
  DeleteProductDocument,
  ListingFacetsDocument,
  ProductListingDocument,
} from '@/gql/graphql';
import {
  CART_ID,
  type ProductFixture,
  category,
  categoryId,
  listingData,
  money,
  product,
  sessionMock,
  listingSideMocks,
} from '@/testing/fixtures';
import { failToLoad, picturesIn } from '@/testing/pictures';
import { type RenderAppOptions, currentPath, renderApp as renderShop } from '@/testing/render';
import { PAGE_SIZE } from './listing-page';

/**
 * The app on the listing, with what it asks beside the products answered after each test's own answers run out (no
 * categories, nothing counted): unanswered, each fails at once, and the listing asks again while a navigation renders.
 */
const renderApp = (options: RenderAppOptions) =>
  renderShop({ ...options, mocks: [...(options.mocks ?? []), ...listingSideMocks()] });

function page(products: ProductFixture[], options: Parameters<typeof listingData>[1] = {}) {
  return { data: listingData(products, { cursorPrefix: 'cursor-', ...options }) };
}

const listing = (variables: Record<string, unknown>, result: ReturnType<typeof page>) => ({
  request: { query: ProductListingDocument, variables: { first: PAGE_SIZE, ...variables } },
  result,
});

/** The facets of a list (`ListingFacets`): counts by category number, the five bands' counts, and "in stock". */
const facets = (
  variables: Record<string, unknown>,
  counts: { categories: [number, number][]; bands: number[]; inStock: number },
) => {
  const bounds: [string, string | null][] = [
    ['0.00', '9.99'],
    ['10.00', '24.99'],
    ['25.00', '49.99'],
    ['50.00', '99.99'],
    ['100.00', null],
  ];
  return {
    request: { query: ListingFacetsDocument, variables },
    result: {
      data: {
        productFacets: {
          __typename: 'ProductFacets',
          inStockCount: counts.inStock,
          categories: counts.categories.map(([n, count]) => ({
            __typename: 'CategoryFacet',
            category: { __typename: 'Category', id: categoryId(n) },
            count,
          })),
          priceBands: bounds.map(([min, max], index) => ({
            __typename: 'PriceBandFacet',
            minPrice: money(min),
            maxPrice: max === null ? null : money(max),
            count: counts.bands[index],
          })),
        },
      },
    },
  };
};

// `hidden`: while a dialog is open the page behind it is inert, and still there.
const cards = () =>
  within(screen.getByRole('list', { name: 'Products', hidden: true })).getAllByRole('article', { hidden: true });

describe('the product listing', () => {
  it('asks for the first screen’s pictures at once, the first before anything else, and the rest as they come near', async () => {
    const described = product(1, { name: 'Digital Thermometer' });
    described.images = [{ __typename: 'ProductImage', url: described.imageUrls[0]!, alt: 'A thermometer in its case' }];
    renderApp({
      mocks: [sessionMock(), listing({}, page([described, ...[2, 3, 4, 5, 6].map((n) => product(n))]))],
    });
    await screen.findAllByRole('article');
    const pictures = screen
      .getAllByRole('article')
      .map((card) => within(card).getByRole('img', { hidden: true }) as HTMLImageElement);
    expect(pictures.map((picture) => [picture.getAttribute('loading'), picture.getAttribute('fetchpriority')])).toEqual(
      [
        ['eager', 'high'],
        ['eager', null],
        ['eager', null],
        ['eager', null],
        ['lazy', null],
        ['lazy', null],
      ],
    );
    // A picture with alt text of its own is named by it.
    expect(pictures[0]).toHaveAccessibleName('A thermometer in its case');
  });

  it('shows each product as a card: image, name linking to it, price with two decimals, stock and description', async () => {
    renderApp({
      mocks: [
        sessionMock(),
        listing(
          {},
          page([
            product(1, { name: 'Digital Thermometer', unitPrice: money('9.90'), quantity: 120 }),
            product(2, { imageUrls: [] }),
          ]),
        ),
      ],
    });
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('link', { name: 'Digital Thermometer' })).toHaveAttribute(
      'href',
      '/products/UHJvZHVjdDo1',
    );
    // A long name is cut to a few lines on screen: the whole of it is in the link's title too.
    expect(within(first!).getByRole('link', { name: 'Digital Thermometer' })).toHaveAttribute(
      'title',
      'Digital Thermometer',
    );
    // The picture links to the product too, but only the name is announced (the picture would say it twice).
    expect(within(first!).getByRole('img', { name: 'Digital Thermometer', hidden: true })).toHaveAttribute(
      'src',
      '/images/products/item-1.svg',
    );
    expect(within(first!).getByText('$9.90')).toBeInTheDocument();
    expect(within(first!).getByText('Stock: 120')).toBeInTheDocument();
    expect(within(first!).getByText('Description of product 1')).toBeInTheDocument();
    // No image: a placeholder, not a broken picture.
    expect(
      within(second!).getByRole('img', { name: 'Product 2: no image available', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Product' })).toBeNull();
  });

  it('shows a card’s next picture when its first does not load, and one “No image” only when none does', async () => {
    const pictures = ['/broken-front.png', '/side.svg', '/back.svg'];
    renderApp({ mocks: [sessionMock(), listing({}, page([product(1, { name: 'Knee Brace', imageUrls: pictures })]))] });
    const card = await screen.findByRole('article', { name: 'Knee Brace' });
    expect(picturesIn(card)).toEqual(['/broken-front.png']);
    failToLoad('/broken-front.png');
    expect(picturesIn(card)).toEqual(['/side.svg']);
    expect(within(card).queryByText('No image')).toBeNull();
    failToLoad('/side.svg');
    failToLoad('/back.svg');
    expect(picturesIn(card)).toEqual([]);
    expect(within(card).getAllByText('No image')).toHaveLength(1);
    expect(within(card).getByRole('img', { name: 'Knee Brace: no image available', hidden: true })).toBeInTheDocument();
  });

  it('gives admins the Product Management heading, Create Product, and Edit and Delete on every card', async () => {
    renderApp({ mocks: [sessionMock({ isAdmin: true }), listing({}, page([product(1), product(2)]))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Product' })).toHaveAttribute('href', '/create');
    await screen.findAllByRole('article');
    expect(
      cards().map((card) =>
        [...card.querySelectorAll('a:not([aria-hidden]), button')].map((control) => control.textContent),
      ),
    ).toEqual([
      ['Product 1', 'Edit', 'Delete'],
      ['Product 2', 'Edit', 'Delete'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit Product 2' })).toHaveAttribute('href', '/edit/UHJvZHVjdDo2');
  });

  it('says “No products available” for an empty catalogue', async () => {
    renderApp({ mocks: [sessionMock(), listing({}, page([]))] });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });

  it('applies the five filters into the address and the query, and Clear Filters undoes them', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1), product(2)])),
        listing(
          { filter: { name: 'therm', minPrice: 5, maxPrice: 20.5, minQuantity: 1, maxQuantity: 50 } },
          page([product(2)]),
        ),
        listing({}, page([product(1), product(2)])),
      ],
    });
    await screen.findByText('Showing 2 of 2 products');
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'therm');
    await user.type(screen.getByLabelText('Min price ($)'), '5');
    await user.type(screen.getByLabelText('Max price ($)'), '20.5');
    await user.type(screen.getByLabelText('Min stock'), '1');
    await user.type(screen.getByLabelText('Max stock'), '50');
    expect(
      ['name', 'minPrice', 'maxPrice', 'minQuantity', 'maxQuantity'].map(
        (name) => document.querySelector(`[name="${name}"]`)?.tagName,
      ),
    ).toEqual(['INPUT', 'INPUT', 'INPUT', 'INPUT', 'INPUT']);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    // Waited for longer than the 5 s default: in the whole suite this test shares the cores with the journeys'
    // browsers, and twice took longer there (3 s alone).
    expect(await screen.findByText('Showing 1 of 1 product', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/?name=therm&minPrice=5&maxPrice=20.5&minQuantity=1&maxQuantity=50');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('');
    // The whole test may take longer than the project's 15 s for the same reason.
  }, 30_000);

  it('sorts by the order chosen, kept in the address beside the filters; Clear Filters keeps it', async () => {
    const { user } = renderApp({
      path: '/?sort=price-asc',
      mocks: [
        sessionMock(),
        listing({ sort: 'PRICE_ASCENDING' }, page([product(2), product(1)])),
        listing({ sort: 'NAME' }, page([product(1), product(2)])),
        listing({ filter: { name: 'product' }, sort: 'NAME' }, page([product(1)])),
        listing({ sort: 'NAME' }, page([product(1), product(2)])),
        listing({}, page([product(2), product(1), product(3)])),
      ],
    });
    await screen.findByText('Showing 2 of 2 products');
    const picker = screen.getByRole('combobox', { name: 'Sort by' });
    expect(picker).toHaveValue('price-asc');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Catalogue order', 'Price: low to high', 'Price: high to low', 'Name', 'Newest', 'In stock first']);
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(['Product 2', 'Product 1']);

    await user.selectOptions(picker, 'Name');
    await waitFor(() =>
      expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(['Product 1', 'Product 2']),
    );
    expect(currentPath()).toBe('/?sort=name');

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'product');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/?name=product&sort=name');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(currentPath()).toBe('/?sort=name');

    await user.selectOptions(picker, 'Catalogue order');
    expect(await screen.findByText('Showing 3 of 3 products')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('says so when the shop cannot sort (its REST service lacks the extension), and the catalogue order comes back', async () => {
    const { user } = renderApp({
      path: '/?sort=newest',
      mocks: [
        sessionMock(),
        {
          request: { query: ProductListingDocument, variables: { first: PAGE_SIZE, sort: 'NEWEST' } },
          result: {
            errors: [
              {
                message:
                  "The shop's REST service cannot sort products (it lacks the product-sort extension): leave sort out",
                extensions: { code: 'NOT_SUPPORTED' },
              },
            ],
          },
        },
        listing({}, page([product(1)])),
      ],
    });
    expect(await screen.findByText('This shop cannot sort its products')).toBeInTheDocument();
    expect(screen.getByText('Choose Catalogue order in Sort by.')).toBeInTheDocument();
    // Nothing to retry: the one way on is the catalogue's order, as the picker or this button gives it.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show catalogue order' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  });

  it('searches for what is typed, kept in the address, with the words marked and a corrected mistake said', async () => {
    const thermometer = product(1, {
      name: 'Digital Thermometer',
      description: 'Oral or underarm readings. A thermometer for the family.',
    });
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([thermometer, product(2)])),
        listing(
          { search: 'thermomter' },
          page([thermometer], {
            search: { words: ['thermometer'], corrections: [{ typed: 'thermomter', suggested: 'thermometer' }] },
            highlights: [
              {
                name: [
                  { text: 'Digital ', match: false },
                  { text: 'Thermometer', match: true },
                ],
                excerpt: [
                  { text: 'Oral or underarm readings. A ', match: false },
                  { text: 'thermometer', match: true },
                  { text: ' for the family.', match: false },
                ],
              },
            ],
          }),
        ),
        listing({ search: 'thermomter', sort: 'PRICE_ASCENDING' }, page([thermometer])),
      ],
    });
    await screen.findByText('Showing 2 of 2 products');
    const picker = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(picker).getAllByRole('option')[0]).toHaveTextContent('Catalogue order');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'thermomter');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1 of 1 product for “thermometer”')).toBeInTheDocument();
    expect(currentPath()).toBe('/?q=thermomter');
    expect(screen.getByText(/No product has “thermomter”: showing results for/)).toHaveTextContent(
      'No product has “thermomter”: showing results for thermometer.',
    );
    const [card] = cards();
    expect(within(card!).getAllByText('Thermometer', { selector: 'mark' })).toHaveLength(1);
    expect(within(card!).getByText('thermometer', { selector: 'mark' }).closest('p')).toHaveTextContent(
      'Oral or underarm readings. A thermometer for the family.',
    );
    // While searching, the list's own order is the search's: Best match.
    expect(within(picker).getAllByRole('option')[0]).toHaveTextContent('Best match');
    expect(picker).toHaveValue('');
    await user.selectOptions(picker, 'Price: low to high');
    await waitFor(() => expect(currentPath()).toBe('/?q=thermomter&sort=price-asc'));
    // A list that is not a search's answer marks nothing.
    expect(await screen.findByText('Showing 1 of 1 product for “thermomter”')).toBeInTheDocument();
    expect(within(cards()[0]!).queryByText('Thermometer', { selector: 'mark' })).toBeNull();
  });

  it('says nothing matched a search, and Clear search shows the catalogue again', async () => {
    const { user } = renderApp({
      path: '/?q=unobtainium',
      mocks: [
        sessionMock(),
        listing({ search: 'unobtainium' }, page([], { search: { words: ['unobtainium'], corrections: [] } })),
        listing({}, page([product(1)])),
      ],
    });
    expect(await screen.findByText('No products match “unobtainium”')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling, or try fewer or other words.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('unobtainium');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('refuses a search of more than 10 words there, and sends nothing', async () => {
    const { user } = renderApp({ mocks: [sessionMock(), listing({}, page([product(1)]))] });
    await screen.findByText('Showing 1 of 1 product');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, 'one two three four five six seven eight nine ten eleven');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Search takes at most 10 words');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/');
  });

  it('says so when the shop cannot search (its REST service lacks the extension), and shows every product again', async () => {
    const { user } = renderApp({
      path: '/?q=gauze',
      mocks: [
        sessionMock(),
        {
          request: { query: ProductListingDocument, variables: { first: PAGE_SIZE, search: 'gauze' } },
          result: {
            errors: [
              {
                message:
                  "The shop's REST service cannot search products (it lacks the product-search extension): leave search out",
                extensions: { code: 'NOT_SUPPORTED' },
              },
            ],
          },
        },
        listing({}, page([product(1)])),
      ],
    });
    expect(await screen.findByText('This shop cannot search its products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('browses by category: the top level, then one level down, each in the address; All products goes back', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1), product(2)])),
        {
          request: { query: CategoriesDocument },
          result: {
            data: {
              categories: [category(1, 'Diagnostics'), category(3, 'First aid'), category(2, 'Thermometers', 1)],
            },
          },
        },
        listing({ filter: { category: categoryId(1) } }, page([product(1)])),
        listing({ filter: { category: categoryId(2) } }, page([product(1)])),
        listing({}, page([product(1), product(2)])),
      ],
    });
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const topLevel = await within(nav).findByRole('list', { name: 'Shop by category' });
    expect(
      within(topLevel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Diagnostics', 'First aid']);
    await user.click(within(topLevel).getByRole('link', { name: 'Diagnostics' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(currentPath()).toBe(`/?category=${categoryId(1)}`);
    const inside = within(nav).getByRole('list', { name: 'In Diagnostics' });
    // A name half typed into the filters stays there when the category changes (only the filters' own values reset it).
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'digital');
    await user.click(within(inside).getByRole('link', { name: 'Thermometers' }));
    await waitFor(() => expect(currentPath()).toBe(`/?category=${categoryId(2)}`));
    expect(within(nav).getByText('Thermometers', { selector: '[aria-current]' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('digital');
    await user.click(within(nav).getByRole('link', { name: 'All products' }));
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('counts the products of each category, price band and “in stock”; a band or “in stock” narrows the list in the address, chosen again it goes', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1), product(2), product(3)])),
        {
          request: { query: CategoriesDocument },
          result: { data: { categories: [category(1, 'Diagnostics'), category(3, 'First aid')] } },
        },
        facets(
          {},
          {
            categories: [
              [1, 2],
              [3, 0],
            ],
            bands: [1, 2, 0, 0, 0],
            inStock: 2,
          },
        ),
        listing({ filter: { maxPrice: 9.99 } }, page([product(1)])),
        facets(
          { filter: { maxPrice: 9.99 } },
          {
            categories: [
              [1, 1],
              [3, 0],
            ],
            bands: [1, 2, 0, 0, 0],
            inStock: 1,
          },
        ),
        listing({ filter: { maxPrice: 9.99, minQuantity: 1 } }, page([product(1)])),
        facets(
          { filter: { maxPrice: 9.99, minQuantity: 1 } },
          {
            categories: [
              [1, 1],
              [3, 0],
            ],
            bands: [1, 1, 0, 0, 0],
            inStock: 1,
          },
        ),
      ],
    });
    const topLevel = await screen.findByRole('list', { name: 'Shop by category' });
    const linkNames = (list: HTMLElement) =>
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label'));
    await waitFor(() => expect(linkNames(topLevel)).toEqual(['Diagnostics, 2 products', 'First aid, 0 products']));
    const price = screen.getByRole('list', { name: 'Price' });
    expect(linkNames(price)).toEqual([
      'Under $10.00, 1 product',
      '$10.00 – $24.99, 2 products',
      '$25.00 – $49.99, 0 products',
      '$50.00 – $99.99, 0 products',
      '$100.00 and over, 0 products',
    ]);
    await user.click(within(price).getByRole('link', { name: 'Under $10.00, 1 product' }));
    await waitFor(() => expect(currentPath()).toBe('/?maxPrice=9.99'));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    // The band is the filter's own bounds: the fields say so too.
    expect(screen.getByRole('spinbutton', { name: 'Max price ($)' })).toHaveValue(9.99);
    const chosen = await within(screen.getByRole('list', { name: 'Price' })).findByRole('link', {
      name: /^Under \$10\.00, 1 product, chosen/,
    });
    expect(chosen).toHaveAttribute('aria-current', 'true');
    expect(chosen).toHaveAttribute('href', '/');
    const availability = screen.getByRole('list', { name: 'Availability' });
    await user.click(within(availability).getByRole('link', { name: 'In stock, 1 product' }));
    await waitFor(() => expect(currentPath()).toBe('/?maxPrice=9.99&minQuantity=1'));
    expect(await within(availability).findByRole('link', { name: /^In stock, 1 product, chosen/ })).toHaveAttribute(
      'href',
      '/?maxPrice=9.99',
    );
    expect(screen.getByRole('button', { name: 'Filters 2 in use' })).toBeInTheDocument();
  });

  it('shows no counts where the shop cannot count them, and the list as ever', async () => {
    renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1)])),
        {
          request: { query: ListingFacetsDocument, variables: {} },
          result: { errors: [{ message: 'no facets', extensions: { code: 'NOT_SUPPORTED' } }] },
        },
      ],
    });
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Price' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Availability' })).toBeNull();
  });

  it('reads an order it does not know in the address as the catalogue’s own', async () => {
    renderApp({ path: '/?sort=cheapest', mocks: [sessionMock(), listing({}, page([product(1)]))] });
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  });

  it('folds the four bounds behind a Filters button that counts the ones in use, and opens it for a wrong one', async () => {
    const { user } = renderApp({
      path: '/?name=therm&minPrice=5&maxQuantity=50',
      mocks: [sessionMock(), listing({ filter: { name: 'therm', minPrice: 5, maxQuantity: 50 } }, page([product(2)]))],
    });
    await screen.findByText('Showing 1 of 1 product');
    // The name is in sight and not counted; the two bounds in use are.
    const toggle = screen.getByRole('button', { name: 'Filters 2 in use' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const bounds = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(
      within(bounds)
        .getAllByRole('spinbutton')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['minPrice', 'maxPrice', 'minQuantity', 'maxQuantity']);
    expect(bounds.closest('section')).not.toHaveAttribute('data-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(bounds.closest('section')).toHaveAttribute('data-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded, a wrong bound still stops Apply Filters: the fold opens on it.
    await user.type(screen.getByLabelText('Min stock'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('Min stock must be a whole number of at least 0')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(currentPath()).toBe('/?name=therm&minPrice=5&maxQuantity=50');
  });

  it('refuses filter values that cannot be: negative prices, fractional stock, a maximum below the minimum', async () => {
    const { user } = renderApp({ mocks: [sessionMock(), listing({}, page([product(1)]))] });
    await screen.findByText('Showing 1 of 1 product');
    await user.type(screen.getByLabelText('Min price ($)'), '-1');
    await user.type(screen.getByLabelText('Min stock'), '1.5');
    await user.type(screen.getByLabelText('Max price ($)'), '3');
    await user.clear(screen.getByLabelText('Min price ($)'));
    await user.type(screen.getByLabelText('Min price ($)'), '4');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('Min stock must be a whole number of at least 0')).toBeInTheDocument();
    expect(screen.getByText('Max price must not be below the minimum')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('shows a filtered listing with nothing in it as “No products available”, with the one Clear Filters of the panel', async () => {
    const { user } = renderApp({
      path: '/?name=zzz',
      mocks: [sessionMock(), listing({ filter: { name: 'zzz' } }, page([])), listing({}, page([product(1)]))],
    });
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(
      screen.getByText('No product matches these filters. Clear Filters shows them all again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('zzz');
    expect(screen.getAllByRole('button', { name: 'Clear Filters' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
  });

  it('loads the next page with Load more, after the last cursor, never the whole catalogue at once', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1), product(2)], { totalCount: 3, hasNextPage: true })),
        listing({ after: 'cursor-1' }, page([product(3)], { offset: 2, totalCount: 3 })),
      ],
    });
    expect(await screen.findByText('Showing 2 of 3 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 3 of 3 products')).toBeInTheDocument();
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says the backend must be running when the listing fails, and Retry loads it', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        {
          request: { query: ProductListingDocument, variables: { first: PAGE_SIZE } },
          error: new Error('Failed to fetch'),
        },
        listing({}, page([product(1)])),
      ],
    });
    expect(
      await screen.findByText('Failed to load products. Please check if the backend is running.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
  });

  it('asks the shop again on Apply Filters with the same filters: a failure keeps the cards and says so, then it recovers', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock(),
        listing({}, page([product(1)])),
        {
          request: { query: ProductListingDocument, variables: { first: PAGE_SIZE } },
          error: new Error('Failed to fetch'),
        },
        listing({}, page([product(1), product(2)])),
      ],
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load products. Please check if the backend is running. Check your connection and press Retry. If it keeps failing, the shop is briefly unavailable: try again in a minute.',
    );
    expect(cards()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('follows productUpdated: a card’s stock and price change in place', async () => {
    const { live } = renderApp({
      mocks: [sessionMock(), listing({}, page([product(1, { quantity: 12, unitPrice: money('4.00') })]))],
    });
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
    await waitFor(() => expect(live.listening('LiveProductUpdated')).toBe(1));
    act(() =>
      live.emit('LiveProductUpdated', { productUpdated: product(1, { quantity: 11, unitPrice: money('3.50') }) }),
    );
    expect(await screen.findByText('Stock: 11')).toBeInTheDocument();
    expect(screen.getByText('$3.50')).toBeInTheDocument();
  });
});

describe('deleting a product (admins)', () => {
  const deleteMock = (id: string, result: object) => ({
    request: { query: DeleteProductDocument, variables: { input: { id } } },
    result,
  });
  const deleted = (id: string) => ({
    data: {
      deleteProduct: {
        __typename: 'DeleteProductPayload',
        deletedProductId: id,
        cart: { __typename: 'Cart', id: CART_ID, itemCount: 0, total: money('0.00'), items: [] },
        userErrors: [],
      },
    },
  });

  it('asks in a dialog that takes the focus; Escape cancels and gives the focus back', async () => {
    const { user } = renderApp({
      mocks: [sessionMock({ isAdmin: true }), listing({}, page([product(1), product(2)]))],
    });
    const deleteButton = await screen.findByRole('button', { name: 'Delete Product 2' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('“Product 2” will be removed from the catalogue and from every cart.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(cards()).toHaveLength(2);
  });

  it('removes the card and counts one fewer once confirmed', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock({ isAdmin: true }),
        listing({}, page([product(1), product(2)])),
        deleteMock(product(2).id, deleted(product(2).id)),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Product 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Product 1']);
    expect(screen.getByText('Showing 1 of 1 product')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when deleting fails', async () => {
    const { user } = renderApp({
      mocks: [
        sessionMock({ isAdmin: true }),
        listing({}, page([product(1)])),
        {
          request: { query: DeleteProductDocument, variables: { input: { id: product(1).id } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Product 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Failed to delete product. Please try again.',
    );
    expect(cards()).toHaveLength(1);
  });
});
