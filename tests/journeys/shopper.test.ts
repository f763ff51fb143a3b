// Journey 1: a new shopper registers, finds a thermometer, buys two and follows the order, then leaves.
import type { Browser, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, lookAt, openPerson, openJourney, typeShippingAddress } from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: a shopper from registration to a placed order', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('registers, filters, adds 2 to the cart, changes it, checks out, sees the order, logs out', async () => {
    const shopper = await openPerson(browser, shop);
    const { page } = shopper;
    const look = (screen: string) => lookAt(page, 'shopper', screen);

    // Register: the form's own errors first, then the account, which does not log in.
    await page.goto('/register');
    await page.getByLabel('Username').fill('nina');
    await page.getByLabel(/^Password/).fill('ab');
    await page.getByLabel('Confirm Password').fill('ab');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Password must be at least 3 characters long').count()).toBe(1);
    await page.getByLabel(/^Password/).fill('nina-secret');
    await page.getByLabel('Confirm Password').fill('nina-secret2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').count()).toBe(1);
    await look('register-errors');
    await page.getByLabel('Confirm Password').fill('nina-secret');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('/login');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Registration successful' }).textContent())
      .toBe('Registration successful! Please log in with your new account.');
    await look('login-after-registration');

    await page.getByLabel('Username').fill('nina');
    await page.getByLabel(/^Password/).fill('nina-secret');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
    await look('listing');

    // Coming back later (a reload): the page asks for the session and the listing itself as it is parsed
    // (web/src/app/early-requests.ts), under the policy's hash, and the app takes those answers: each asked once.
    const asked: string[] = [];
    const noteOperation = (request: Request) => {
      if (request.url() === `${shop.origin}/graphql` && request.method() === 'POST')
        asked.push((request.postDataJSON() as { operationName: string }).operationName);
    };
    page.on('request', noteOperation);
    await page.reload();
    await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', noteOperation);
    // (The listing's idle prefetch of the viewer's cart may go too, and its categories and facets beside the products.)
    expect(asked.filter((name) => !['ViewerCart', 'Categories', 'ListingFacets'].includes(name))).toEqual([
      'Session',
      'ProductListing',
    ]);
    // Both were the page's own requests, and the app took both answers.
    const earlyAnswers = await page.evaluate(() =>
      Object.entries(
        (window as { __medshopEarlyAnswers?: { answers: Record<string, unknown> } }).__medshopEarlyAnswers?.answers ??
          {},
      ).map(([name, left]) => `${name} ${left === undefined ? 'taken' : 'left'}`),
    );
    expect(earlyAnswers).toEqual(['Session taken', 'ProductListing taken']);
    expect(await page.getByText('nina').count()).toBeGreaterThan(0);

    // Search a word of a description with a mistyped one: the shop says what it corrected, marks the words found, and
    // keeps the search in the address.
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    const cardNames = () =>
      cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
    const searchBox = page.getByRole('searchbox', { name: 'Search products' });
    await searchBox.fill('oral thermomter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('/?q=oral+thermomter');
    await expect.poll(cardNames).toEqual(['Digital Thermometer']);
    expect(await page.getByText('No product has “thermomter”: showing results for thermometer.').count()).toBe(1);
    expect(await cards.first().locator('mark').allTextContents()).toEqual(['Thermometer', 'Oral']);
    await look('listing-searched');

    // Every thermometer, then those under $10 (a price band counted beside the search), the cheapest first: Back from
    // a product restores the search, the band, the order and the marks.
    await searchBox.fill('thermometers');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('/?q=thermometers');
    await expect.poll(cardNames).toEqual(['Digital Thermometer', 'Infrared Ear Thermometer', 'Duck Bath Thermometer']);
    const priceBands = page.getByRole('list', { name: 'Price' });
    await priceBands.getByRole('link', { name: 'Under $10.00, 2 products' }).click();
    await page.waitForURL('/?q=thermometers&maxPrice=9.99');
    await expect.poll(cardNames).toEqual(['Digital Thermometer', 'Duck Bath Thermometer']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await page.waitForURL('/?q=thermometers&maxPrice=9.99&sort=price-asc');
    await expect.poll(cardNames).toEqual(['Duck Bath Thermometer', 'Digital Thermometer']);
    await look('listing-searched-faceted');
    await page.getByRole('link', { name: 'Duck Bath Thermometer' }).click();
    await page.waitForURL(/\/products\//);
    await page.goBack();
    await page.waitForURL('/?q=thermometers&maxPrice=9.99&sort=price-asc');
    await expect.poll(cardNames).toEqual(['Duck Bath Thermometer', 'Digital Thermometer']);
    expect(await searchBox.inputValue()).toBe('thermometers');
    expect(await cards.first().locator('mark').allTextContents()).toEqual(['Thermometer']);
    const chosenBand = priceBands.getByRole('link', { name: /^Under \$10\.00, 2 products, chosen/ });
    expect(await chosenBand.getAttribute('aria-current')).toBe('true');
    // The chosen band again takes it away; an empty search is none: the whole catalogue in its order again.
    await chosenBand.click();
    await page.waitForURL('/?q=thermometers&sort=price-asc');
    await expect.poll(cardNames).toEqual(['Duck Bath Thermometer', 'Digital Thermometer', 'Infrared Ear Thermometer']);
    await searchBox.fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('/?sort=price-asc');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Catalogue order' });
    await page.waitForURL('/');

    // Browse by category, one level at a time; a product's page says where it sits, and leads back there.
    const categoryNav = page.getByRole('navigation', { name: 'Categories' });
    await categoryNav.getByRole('link', { name: 'Diagnostics' }).click();
    await page.waitForURL(/^[^?]*\/\?category=[^&]+$/);
    await expect.poll(() => cards.count()).toBe(9);
    await categoryNav.getByRole('link', { name: 'Thermometers' }).click();
    await expect.poll(cardNames).toEqual(['Digital Thermometer', 'Infrared Ear Thermometer', 'Duck Bath Thermometer']);
    expect(await categoryNav.getByRole('listitem').first().innerText()).toBe('All products');
    await look('listing-category');
    await page.getByRole('link', { name: 'Duck Bath Thermometer' }).click();
    await page.waitForURL(/\/products\//);
    const crumbs = page.getByRole('navigation', { name: 'Categories of this product' });
    await expect.poll(() => crumbs.getByRole('link').allTextContents()).toEqual(['Diagnostics', 'Thermometers']);
    await crumbs.getByRole('link', { name: 'Thermometers' }).click();
    await page.waitForURL(/^[^?]*\/\?category=[^&]+$/);
    await expect.poll(cardNames).toEqual(['Digital Thermometer', 'Infrared Ear Thermometer', 'Duck Bath Thermometer']);
    await categoryNav.getByRole('link', { name: 'All products' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');

    // Filter by name and price: the address keeps the filters, the cards are the matches.
    await page.getByLabel('Name').fill('thermometer');
    await page.getByLabel('Max price ($)').fill('20');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL('/?name=thermometer&maxPrice=20');
    await expect
      .poll(() => cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label'))))
      .toEqual(['Digital Thermometer', 'Duck Bath Thermometer']);
    await look('listing-filtered');

    // The cheapest first: the order joins the filters in the address, and Back from a product restores both.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await page.waitForURL('/?name=thermometer&maxPrice=20&sort=price-asc');
    await expect.poll(cardNames).toEqual(['Duck Bath Thermometer', 'Digital Thermometer']);
    await page.getByRole('link', { name: 'Duck Bath Thermometer' }).click();
    await page.waitForURL(/\/products\//);
    await page.goBack();
    await page.waitForURL('/?name=thermometer&maxPrice=20&sort=price-asc');
    await expect.poll(cardNames).toEqual(['Duck Bath Thermometer', 'Digital Thermometer']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-asc');
    await look('listing-sorted');

    // The product: two of them into the cart, with the 2 s confirmation.
    await page.getByRole('link', { name: 'Digital Thermometer' }).click();
    await page.waitForURL(/\/products\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Digital Thermometer');
    expect(await page.getByText('In stock: 120').count()).toBe(1);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Added to cart!' });
    await added.waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Cart/ }).first().textContent()).toBe('Cart 2 items');
    await look('product-added');
    await added.waitFor({ state: 'detached', timeout: 5_000 });

    // The cart: one more, then the summary follows.
    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await page.waitForURL('/cart');
    await page.getByRole('button', { name: 'Increase quantity of Digital Thermometer' }).click();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect.poll(() => summary.innerText()).toMatch(/^Order Summary\s+Items\s+3\s+Total\s+\$29\.97/);
    await look('cart');

    // Checkout with an address, then the order's page.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('/checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => page.getByText('Name is required').count()).toBe(1);
    const shippedTo = await typeShippingAddress(page, {
      name: 'Sam Shopper',
      line1: '12 Harbour Road',
      postalCode: 'BS1 4QA',
      city: 'Bristol',
    });
    await look('checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('/order-success');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order!');
    const details = await page.locator('dl').first().innerText();
    expect(details).toContain(shippedTo);
    expect(details).toContain('PENDING');
    expect(details).toContain('$29.97');
    await expect.poll(() => page.getByRole('link', { name: /^Cart/ }).first().textContent()).toBe('Cart 0 items');
    await look('order-success');

    // Orders: the one just placed.
    await page.getByRole('link', { name: 'View All Orders' }).click();
    await page.waitForURL('/orders');
    const orders = page.getByRole('article');
    await expect.poll(() => orders.count()).toBe(1);
    const order = await orders.first().innerText();
    expect(order).toMatch(/^Order #\d+/);
    expect(order).toContain('Digital Thermometer × 3');
    expect(order).toContain('Total: $29.97');
    await look('orders');

    // Log out: a protected address now lands on /login.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('/login');
    await page.goto('/orders');
    await page.waitForURL('/login');
    // Polled: the address changes before the login screen has drawn its form.
    await expect.poll(() => page.getByRole('button', { name: 'Login', exact: true }).count()).toBe(1);
    await leave(shopper);
  });
});
