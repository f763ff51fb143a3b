// Journey 4: stock is live. One shopper watches the listing while another buys the last units.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, lookAt, openPerson, registerAndLogIn, openJourney } from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: live stock across two browsers', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('A sees the card drop to 0 as B buys the last two, can no longer add it, and is told why the one in her cart cannot be bought', async () => {
    await shop.rest.createProduct(await shop.rest.adminToken(), { name: 'Pocket Pulse Oximeter', description: 'Small enough for a pocket.', price: 18.5, quantity: 2, imageUrl: '/images/products/pulse-oximeter.svg' });

    const anna = await openPerson(browser, shop);
    await registerAndLogIn(shop, anna.page, 'anna');
    // Anna puts one in her cart first: a cart holds no stock back.
    await anna.page.goto('/?name=pocket');
    await anna.page.getByRole('link', { name: 'Pocket Pulse Oximeter', exact: true }).click();
    await anna.page.getByRole('button', { name: 'Add to Cart' }).click();
    await anna.page.getByRole('status').filter({ hasText: 'Added to cart!' }).waitFor();
    await anna.page.goto('/?name=pocket');
    const card = anna.page.getByRole('article', { name: 'Pocket Pulse Oximeter' });
    await expect.poll(() => card.innerText()).toMatch(/^Pocket Pulse Oximeter\s+\$18\.50\s+Stock: 2\s/);

    // B buys both.
    const ben = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, ben.page, 'ben');
    await ben.page.goto('/?name=pocket');
    await ben.page.getByRole('link', { name: 'Pocket Pulse Oximeter', exact: true }).click();
    await ben.page.getByRole('button', { name: 'Increase quantity' }).click();
    await ben.page.getByRole('button', { name: 'Add to Cart' }).click();
    await ben.page.getByRole('status').filter({ hasText: 'Added to cart!' }).waitFor();
    await ben.page.goto('/checkout');
    await ben.page.getByLabel('Shipping Address').fill('3 Mill Lane, Leeds LS1 1AA');
    await ben.page.getByRole('button', { name: 'Place Order' }).click();
    await ben.page.waitForURL('/order-success');

    // A, without reloading: the card says 0 left; the product page refuses to add it.
    await expect.poll(() => card.innerText()).toMatch(/^Pocket Pulse Oximeter\s+\$18\.50\s+Stock: 0\s/);
    await lookAt(anna.page, 'live-stock', 'listing-sold-out');
    await card.getByRole('link', { name: 'Pocket Pulse Oximeter', exact: true }).click();
    await anna.page.waitForURL(/\/products\//);
    await expect.poll(() => anna.page.getByText('Out of stock', { exact: true }).first().isVisible()).toBe(true);
    expect(await anna.page.getByRole('button', { name: 'Out of stock' }).isDisabled()).toBe(true);
    expect(await anna.page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await lookAt(anna.page, 'live-stock', 'product-sold-out');

    // The one in her cart can no longer be bought: checkout says so before she tries, and leads back to the cart.
    await anna.page.goto('/checkout');
    await anna.page.getByLabel('Shipping Address').fill('8 Elm Row, York YO1 7HH');
    await expect.poll(() => anna.page.getByRole('alert').innerText()).toBe('Pocket Pulse Oximeter cannot be bought as it is in your cart. Review your cart');
    expect(await anna.page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    expect(await anna.page.getByRole('alert').getByRole('link', { name: 'Review your cart' }).getAttribute('href')).toBe('/cart');
    expect(anna.page.url()).toMatch(/\/checkout$/);
    await lookAt(anna.page, 'live-stock', 'checkout-refused');
    await leave(anna, ben);
  });
});
