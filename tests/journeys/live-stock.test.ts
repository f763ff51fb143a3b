// Journey 4: stock and prices are live. One shopper watches the listing while another buys the last units; a
// shopper reviews her order while an admin changes its price, and is charged only what she accepted.
import type { Browser, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type JourneyShop,
  leave,
  logIn,
  lookAt,
  openPerson,
  registerAndLogIn,
  openJourney,
  typeShippingAddress,
} from './support/journey.js';

// The tints of the design tokens (web/src/styles/tokens.css): --color-danger-soft for what stops the order,
// --color-warning-soft for a change to look at.
const RED_TINT = 'rgb(253, 236, 235)';
const AMBER_TINT = 'rgb(255, 244, 224)';
const backgroundOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).backgroundColor);

describe.skipIf(!chromiumFound)('journey: live stock and prices across two browsers', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('A sees the card drop to 0 as B buys the last two, can no longer add it, and is told why the one in her cart cannot be bought', async () => {
    await shop.rest.createProduct(await shop.rest.adminToken(), {
      name: 'Pocket Pulse Oximeter',
      description: 'Small enough for a pocket.',
      price: 18.5,
      quantity: 2,
      imageUrl: '/images/products/pulse-oximeter.svg',
    });

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
    await typeShippingAddress(ben.page, { name: 'Ben', line1: '3 Mill Lane', postalCode: 'LS1 1AA', city: 'Leeds' });
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
    await typeShippingAddress(anna.page, { name: 'Anna', line1: '8 Elm Row', postalCode: 'YO1 7HH', city: 'York' });
    await expect
      .poll(() => anna.page.getByRole('alert').innerText())
      .toMatch(
        /^This item cannot be bought as it is in your cart:\s+Pocket Pulse Oximeter: sold out\s+Review your cart$/,
      );
    const soldOutLine = anna.page.getByRole('list', { name: 'Items to order' }).getByRole('listitem');
    expect(await soldOutLine.innerText()).toMatch(/^Pocket Pulse Oximeter × 1\s+Sold out\s+\$18\.50$/);
    // Red, as the line it is about: what stops the order.
    expect(await backgroundOf(anna.page.getByRole('alert'))).toBe(await backgroundOf(soldOutLine));
    expect(await backgroundOf(soldOutLine)).toBe(RED_TINT);
    expect(await anna.page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    expect(
      await anna.page.getByRole('alert').getByRole('link', { name: 'Review your cart' }).getAttribute('href'),
    ).toBe('/cart');
    expect(anna.page.url()).toMatch(/\/checkout$/);
    await lookAt(anna.page, 'live-stock', 'checkout-refused');
    await leave(anna, ben);
  });

  it('B raises a price while A reviews her order: A sees was → now, accepts, and pays the new price; a change her page never heard of is refused, and nothing is charged', async () => {
    const adminToken = await shop.rest.adminToken();
    const product = await shop.rest.createProduct(adminToken, {
      name: 'Sterile Gauze Pads (10-Pack)',
      description: 'Individually wrapped.',
      price: 6.49,
      quantity: 50,
      imageUrl: '/images/products/elastic-bandage.svg',
    });

    const cara = await openPerson(browser, shop);
    await registerAndLogIn(shop, cara.page, 'cara');
    const caraToken = await shop.rest.login('cara', 'secret-pass');
    const ordersOfCara = async () =>
      ((await shop.rest.request('GET', '/api/orders', { token: caraToken })).body as { totalAmount: number }[]).map(
        (order) => order.totalAmount,
      );
    await cara.page.goto('/?name=gauze');
    await cara.page.getByRole('link', { name: 'Sterile Gauze Pads (10-Pack)', exact: true }).click();
    await cara.page.getByRole('button', { name: 'Increase quantity' }).click();
    await cara.page.getByRole('button', { name: 'Add to Cart' }).click();
    await cara.page.getByRole('status').filter({ hasText: 'Added to cart!' }).waitFor();
    await cara.page.goto('/checkout');
    await typeShippingAddress(
      cara.page,
      { name: 'Cara', line1: '4 Quay Street', postalCode: 'BS1 4DB', city: 'Bristol' },
      { save: false },
    );
    const review = cara.page.getByRole('region', { name: 'Order Review' });
    const reviewText = () => review.innerText();
    await expect
      .poll(reviewText)
      .toMatch(/Sterile Gauze Pads \(10-Pack\) × 2\s+\$12\.98\s+Total\s+,\s+2 items\s+,\s+\$12\.98$/);

    // B, the admin, sets $9.99 in his own browser.
    const admin = await openPerson(browser, shop, 375);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.goto('/?name=gauze');
    await admin.page.getByRole('link', { name: 'Edit Sterile Gauze Pads (10-Pack)' }).click();
    await expect.poll(() => admin.page.getByLabel('Price ($)').inputValue()).toBe('6.49');
    await admin.page.getByLabel('Price ($)').fill('9.99');
    await admin.page.getByRole('button', { name: 'Save Changes' }).click();
    await admin.page.waitForURL('/');

    // A's review says what changed, line and total, and waits for her.
    const notice = cara.page.getByRole('alert');
    await expect
      .poll(() => notice.innerText())
      .toMatch(
        /^Your order changed since you reviewed it:\s+Sterile Gauze Pads \(10-Pack\): was \$6\.49, now \$9\.99 each\s+The total was \$12\.98, now \$19\.98\. Accept the changes to place the order as it is now, or review your cart\.\s+Accept Changes$/,
      );
    // Amber, as the line it is about: a change to look at, not a line that stops the order.
    expect(await backgroundOf(notice)).toBe(await backgroundOf(review.getByRole('listitem')));
    expect(await backgroundOf(notice)).toBe(AMBER_TINT);
    expect(await reviewText()).toMatch(
      /Sterile Gauze Pads \(10-Pack\) × 2\s+Price: was \$6\.49, now \$9\.99 each\s+was\s+\$12\.98\s+now\s+\$19\.98\s+Total\s+,\s+2 items\s+,\s+was\s+\$12\.98\s+now\s+\$19\.98$/,
    );
    expect(await cara.page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await lookAt(cara.page, 'live-stock', 'checkout-price-changed');
    await cara.page.getByRole('button', { name: 'Accept Changes' }).click();
    await expect
      .poll(reviewText)
      .toMatch(/Sterile Gauze Pads \(10-Pack\) × 2\s+\$19\.98\s+Total\s+,\s+2 items\s+,\s+\$19\.98$/);
    await cara.page.getByRole('button', { name: 'Place Order' }).click();
    await cara.page.waitForURL('/order-success');
    expect(await cara.page.locator('dl').first().innerText()).toContain('$19.98');
    expect(await ordersOfCara()).toEqual([19.98]);

    // Once more, and the price changes at the REST service itself: no event reaches her page before she clicks.
    await cara.page.goto('/?name=gauze');
    await cara.page.getByRole('link', { name: 'Sterile Gauze Pads (10-Pack)', exact: true }).click();
    await cara.page.getByRole('button', { name: 'Add to Cart' }).click();
    await cara.page.getByRole('status').filter({ hasText: 'Added to cart!' }).waitFor();
    await cara.page.goto('/checkout');
    await typeShippingAddress(
      cara.page,
      { name: 'Cara', line1: '4 Quay Street', postalCode: 'BS1 4DB', city: 'Bristol' },
      { save: false },
    );
    await expect
      .poll(reviewText)
      .toMatch(/Sterile Gauze Pads \(10-Pack\) × 1\s+\$9\.99\s+Total\s+,\s+1 item\s+,\s+\$9\.99$/);
    const changed = await shop.rest.request('PUT', `/api/products/${product.id}`, {
      token: adminToken,
      body: {
        name: 'Sterile Gauze Pads (10-Pack)',
        description: 'Individually wrapped.',
        price: 11.49,
        quantity: 48,
        imageUrl: '/images/products/elastic-bandage.svg',
      },
    });
    expect(changed.status).toBe(200);
    expect(await reviewText()).toMatch(/× 1\s+\$9\.99\s+Total\s+,\s+1 item\s+,\s+\$9\.99$/);
    await cara.page.getByRole('button', { name: 'Place Order' }).click();
    await expect
      .poll(() => notice.innerText())
      .toMatch(
        /^Your order changed since you reviewed it:\s+Sterile Gauze Pads \(10-Pack\): was \$9\.99, now \$11\.49 each\s+The total was \$9\.99, now \$11\.49\./,
      );
    expect(await reviewText()).toMatch(
      /× 1\s+Price: was \$9\.99, now \$11\.49 each\s+was\s+\$9\.99\s+now\s+\$11\.49\s+Total\s+,\s+1 item\s+,\s+was\s+\$9\.99\s+now\s+\$11\.49$/,
    );
    expect(cara.page.url()).toMatch(/\/checkout$/);
    expect(await ordersOfCara()).toEqual([19.98]);
    await lookAt(cara.page, 'live-stock', 'checkout-price-refused');
    await leave(cara, admin);
  });
});
