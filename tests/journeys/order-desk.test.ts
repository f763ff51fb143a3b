// Journey 7: the admins' order desk. A shopper watches their orders while an admin, in another browser, confirms
// and ships the order from the desk: the shopper's page, and the order's history open on it, follow each move
// without reloading; the desk row's history says who moved it. Then the admin finds
// orders again by searching, by customer and by number, through reloads and Back. Last, a buyer cancels their own
// order before it is confirmed, on a phone, and the desk's tabs follow; then orders it again into the cart, and
// checkout offers the address it went to.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { DEFAULT_PASSWORD } from '../helpers/rest-service.js';
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

describe.skipIf(!chromiumFound)('journey: the order desk, followed live by the buyer', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the admin confirms and ships a new order from the desk; the buyer’s orders page shows each move as it happens', async () => {
    // The admin has the desk open before the order exists: it arrives at the top, marked New.
    const admin = await openPerson(browser, shop);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.getByRole('link', { name: 'Manage Orders' }).click();
    await admin.page.waitForURL('/admin/orders');
    await admin.page.getByRole('heading', { name: 'Manage Orders', level: 1 }).waitFor();
    await expect.poll(() => admin.page.getByRole('tab', { name: /^Pending/ }).innerText()).toMatch(/^Pending\s*0$/);

    // The buyer, on a phone, orders a thermometer and keeps the orders page open.
    const buyer = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, buyer.page, 'desk-buyer');
    await buyer.page.goto('/?name=thermometer');
    await buyer.page.getByRole('article').first().getByRole('link').first().click();
    await buyer.page.waitForURL(/\/products\//);
    await buyer.page.getByRole('button', { name: 'Add to Cart' }).click();
    await buyer.page.getByRole('status').filter({ hasText: 'Added to cart!' }).waitFor();
    await buyer.page.goto('/checkout');
    await typeShippingAddress(buyer.page, { name: 'Bea Buyer', line1: '12 Harbour Lane', city: 'Port Town' });
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    await buyer.page.waitForURL('/order-success');
    await buyer.page.getByRole('link', { name: 'View All Orders' }).click();
    await buyer.page.waitForURL('/orders');
    const buyersOrder = buyer.page.getByRole('article').first();
    await expect.poll(() => buyersOrder.getByText('PENDING', { exact: true }).isVisible()).toBe(true);
    const number = (await buyersOrder.getByRole('heading').innerText()).replace('Order #', '');

    const deskOrder = admin.page.getByRole('article', { name: `Order #${number}` });
    await deskOrder.waitFor();
    expect(await deskOrder.getByText('New', { exact: true }).isVisible()).toBe(true);
    expect(await deskOrder.innerText()).toContain('desk-buyer');
    await expect.poll(() => admin.page.getByRole('tab', { name: /^Pending/ }).innerText()).toMatch(/^Pending\s*1$/);
    await lookAt(admin.page, 'order-desk', 'desk-new-order');

    await deskOrder.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => deskOrder.getByText('CONFIRMED', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => buyersOrder.getByText('CONFIRMED', { exact: true }).isVisible()).toBe(true);
    // The buyer opens the order's history: placed, then confirmed, with times (and never who moved it).
    await buyersOrder.getByRole('button', { name: 'Show history' }).click();
    const buyersHistory = buyersOrder.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect
      .poll(() => buyersHistory.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Placed\s+\w{3} \d+, \d{4}/),
        expect.stringMatching(/^Confirmed\s+\w{3} \d+, \d{4}/),
      ]);

    await deskOrder.getByRole('button', { name: 'Ship' }).click();
    await expect.poll(() => buyersOrder.getByText('SHIPPED', { exact: true }).isVisible()).toBe(true);
    // The open history follows the move.
    await expect
      .poll(() => buyersHistory.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Placed/),
        expect.stringMatching(/^Confirmed/),
        expect.stringMatching(/^Shipped/),
      ]);
    expect((await buyersHistory.allInnerTexts()).join(' ')).not.toContain('admin');
    await lookAt(buyer.page, 'order-desk', 'buyer-order-history');
    expect(
      await deskOrder
        .getByRole('group', { name: `Move order #${number}` })
        .getByRole('button')
        .allInnerTexts(),
    ).toEqual(['Mark Delivered']);
    await lookAt(buyer.page, 'order-desk', 'buyer-orders-shipped');

    // The Shipped tab holds it now; the cancel dialog is not offered for a shipped order.
    await admin.page.getByRole('tab', { name: /^Shipped/ }).click();
    await admin.page
      .getByRole('list', { name: 'Shipped orders' })
      .getByRole('article', { name: `Order #${number}` })
      .waitFor();
    await lookAt(admin.page, 'order-desk', 'desk-shipped-tab');

    // Someone else orders too; the admin searches for the first buyer, in another case, from the Shipped tab.
    const other = await shop.rest.register('other-customer');
    const product = (await shop.rest.request('GET', '/api/products', { token: other })).body[0];
    await shop.rest.request('POST', '/api/cart/items', { token: other, body: { productId: product.id, quantity: 1 } });
    const othersNumber = String(
      (
        await shop.rest.request('POST', '/api/orders/checkout', {
          token: other,
          body: { shippingAddress: '9 Elm Road' },
        })
      ).body.id,
    );
    // Placed behind the gateway's back (no live event): a reload shows it.
    await admin.page.reload();
    await admin.page.getByRole('article', { name: `Order #${number}` }).waitFor();
    const search = admin.page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill('DESK-Buy');
    await search.press('Enter');
    await admin.page.waitForURL(`/admin/orders?status=shipped&q=DESK-Buy`);
    await admin.page.getByRole('tabpanel').getByText('1 shipped order matches “DESK-Buy”').waitFor();
    expect(await admin.page.getByRole('list', { name: 'Shipped orders' }).getByRole('article').count()).toBe(1);
    expect(await admin.page.getByRole('tab', { name: /^All/ }).innerText()).toMatch(/^All\s*1$/);
    // Opened, the row shows the lines and where it goes.
    await deskOrder.getByRole('button', { name: `Show details of order #${number}` }).click();
    await deskOrder.getByText('12 Harbour Lane').waitFor();
    // With its history: who moved it, and when.
    const deskHistory = deskOrder.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect
      .poll(() => deskHistory.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Placed\s+\w{3} \d+, \d{4}/),
        expect.stringMatching(/^Confirmed[\s\S]*by admin$/),
        expect.stringMatching(/^Shipped[\s\S]*by admin$/),
      ]);
    await lookAt(admin.page, 'order-desk', 'desk-search-opened');

    // A reload keeps the search and the tab; by its number, in All, the other order is the only one found.
    await admin.page.reload();
    await admin.page.getByRole('article', { name: `Order #${number}` }).waitFor();
    expect(await search.inputValue()).toBe('DESK-Buy');
    await admin.page.getByRole('tab', { name: /^All/ }).click();
    await search.fill(`#${othersNumber}`);
    await search.press('Enter');
    await admin.page.getByRole('tabpanel').getByText(`1 order matches “#${othersNumber}”`).waitFor();
    const allFound = admin.page.getByRole('list', { name: 'All orders' }).getByRole('article');
    expect(await allFound.allInnerTexts()).toEqual([expect.stringContaining('other-customer')]);
    // By a whole SKU, in any case: both orders hold a line of the first demo product.
    await search.fill(product.sku.toLowerCase());
    await search.press('Enter');
    await admin.page.getByRole('tabpanel').getByText(`2 orders match “${product.sku.toLowerCase()}”`).waitFor();

    // Nothing matches: said so, with a way back; Back returns to that search.
    await search.fill('no_such%customer');
    await search.press('Enter');
    await admin.page.getByRole('tabpanel').getByText('No orders match “no_such%customer”').waitFor();
    expect(await admin.page.getByRole('status').filter({ hasText: 'No orders match' }).innerText()).toBe(
      'No orders match “no_such%customer”',
    );
    await lookAt(admin.page, 'order-desk', 'desk-no-match');
    await admin.page.getByRole('button', { name: 'Clear search' }).click();
    await admin.page.waitForURL('/admin/orders');
    await expect.poll(() => allFound.count()).toBe(2);
    await admin.page.goBack();
    await admin.page.getByRole('tabpanel').getByText('No orders match “no_such%customer”').waitFor();
    expect(await search.inputValue()).toBe('no_such%customer');
    await leave(admin, buyer);
  });

  it('the buyer cancels their own order before the shop confirms it; the desk shows it cancelled live, the stock back', async () => {
    const buyerToken = await shop.rest.register('cancelling-buyer');
    const product = (await shop.rest.request('GET', '/api/products', { token: buyerToken })).body[1];
    await shop.rest.request('POST', '/api/cart/items', {
      token: buyerToken,
      body: { productId: product.id, quantity: 2 },
    });
    const placed = await shop.rest.request('POST', '/api/orders/checkout', {
      token: buyerToken,
      body: { shippingAddress: '3 Quay Street' },
    });
    const number = String(placed.body.id);
    const stockAfterOrder = (await shop.rest.request('GET', `/api/products/${product.id}`, { token: buyerToken })).body
      .quantity as number;

    const admin = await openPerson(browser, shop);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.goto('/admin/orders?status=pending');
    const deskOrder = admin.page.getByRole('article', { name: `Order #${number}` });
    await deskOrder.waitFor();

    // On a phone, the buyer opens their orders and cancels the one waiting for confirmation.
    const buyer = await openPerson(browser, shop, 375);
    await logIn(buyer.page, 'cancelling-buyer', DEFAULT_PASSWORD);
    await buyer.page.goto('/orders');
    const buyersOrder = buyer.page.getByRole('article', { name: `Order #${number}` });
    await buyersOrder.getByRole('button', { name: `Cancel order #${number}` }).waitFor();
    await lookAt(buyer.page, 'order-desk', 'buyer-order-cancellable');
    await buyersOrder.getByRole('button', { name: `Cancel order #${number}` }).click();
    const dialog = buyer.page.getByRole('dialog', { name: `Cancel order #${number}?` });
    await dialog.waitFor();
    await lookAt(buyer.page, 'order-desk', 'buyer-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel Order', exact: true }).click();
    await expect.poll(() => buyersOrder.getByText('CANCELLED', { exact: true }).isVisible()).toBe(true);
    expect(await buyersOrder.getByRole('button', { name: `Cancel order #${number}` }).count()).toBe(0);
    await lookAt(buyer.page, 'order-desk', 'buyer-order-cancelled');

    // The admin's Pending tab loses it and the Cancelled tab counts it, without a reload.
    await expect.poll(() => deskOrder.count()).toBe(0);
    await admin.page.getByRole('tab', { name: /^Cancelled/ }).click();
    await admin.page
      .getByRole('list', { name: 'Cancelled orders' })
      .getByRole('article', { name: `Order #${number}` })
      .waitFor();
    expect((await shop.rest.request('GET', `/api/products/${product.id}`, { token: buyerToken })).body.quantity).toBe(
      stockAfterOrder + 2,
    );

    // Changed their mind: Order Again puts the cancelled order's lines back into the cart, which opens saying so.
    await buyersOrder.getByRole('button', { name: `Order again: put order #${number} into your cart` }).click();
    await buyer.page.waitForURL('/cart');
    await buyer.page.getByText(`The items of order #${number} are in your cart.`).waitFor();
    const lines = buyer.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    expect(await lines.count()).toBe(1);
    expect(
      await lines
        .first()
        .getByRole('group', { name: `Quantity of ${product.name}` })
        .innerText(),
    ).toMatch(/^−\s*2\s*\+$/);
    await lookAt(buyer.page, 'order-desk', 'buyer-ordered-again');
    // Said once: a reload (which keeps the page's history state) does not say it again.
    await buyer.page.reload();
    await lines.first().waitFor();
    expect(await buyer.page.getByText(`The items of order #${number} are in your cart.`).count()).toBe(0);

    // At checkout, the address of that order is offered again, and chosen (the latest order went there), after the
    // address in the buyer's book.
    const kept = await shop.rest.request('POST', '/api/users/addresses', {
      token: buyerToken,
      body: { name: 'Cy Cancel', line1: '1 Dock Road', city: 'Leith', country: 'GB' },
    });
    expect(kept.status).toBe(201);
    await buyer.page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await buyer.page.waitForURL('/checkout');
    const shipTo = buyer.page.getByRole('group', { name: 'Ship to' });
    await shipTo.waitFor();
    expect(
      await shipTo.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement!.innerText)),
    ).toEqual([
      'Cy Cancel\n1 Dock Road\nLeith\nUnited Kingdom\nSaved',
      '3 Quay Street\nUsed for an earlier order',
      'A new address',
    ]);
    expect(await shipTo.getByRole('radio', { name: /^3 Quay Street/ }).isChecked()).toBe(true);
    await lookAt(buyer.page, 'order-desk', 'buyer-checkout-used-address');
    await leave(admin, buyer);
  });
});
