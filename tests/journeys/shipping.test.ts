// Journey: shipping. An admin sets up the shop's shipping methods on their screen (reached from the order desk); a
// buyer on a phone checks out to a saved address, sees the methods for its country with their prices, picks one, and
// the review, the order placed and the orders page all say what shipping cost. The admin then retires a method, and
// the next checkout no longer offers it.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type JourneyShop,
  leave,
  logIn,
  lookAt,
  openJourney,
  openPerson,
  registerAndLogIn,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: shipping methods, from the admin’s screen to the buyer’s order', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the admin adds two methods; the buyer is charged the one chosen, exactly; a retired one is no longer offered', async () => {
    const admin = await openPerson(browser, shop);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.getByRole('link', { name: 'Manage Orders' }).click();
    await admin.page.getByRole('link', { name: 'Shipping Methods' }).click();
    await admin.page.waitForURL('/admin/shipping');
    await admin.page.getByText('No shipping methods yet').waitFor();
    await lookAt(admin.page, 'shipping', 'admin-empty');

    const addMethod = async (name: string, estimateDays: [string, string], rates: [string, string, string][]) => {
      await admin.page.getByRole('button', { name: 'Add Method' }).click();
      const form = admin.page.getByRole('form', { name: 'New shipping method' });
      await form.getByLabel(/^Name/).fill(name);
      await form.getByLabel(/^Shortest delivery/).fill(estimateDays[0]);
      await form.getByLabel(/^Longest delivery/).fill(estimateDays[1]);
      for (const [index, [countries, price, freeFrom]] of rates.entries()) {
        if (index > 0) await form.getByRole('button', { name: 'Add Rate' }).click();
        const rate = form.getByRole('group', { name: `Rate ${index + 1}` });
        await rate.getByLabel(/^Countries/).fill(countries);
        await rate.getByLabel(/^Price/).fill(price);
        await rate.getByLabel(/^Free from/).fill(freeFrom);
      }
      if (name === 'Standard') await lookAt(admin.page, 'shipping', 'admin-form');
      await form.getByRole('button', { name: 'Save Method' }).click();
      await admin.page.getByRole('article', { name }).waitFor();
    };
    await addMethod(
      'Standard',
      ['2', '4'],
      [
        ['DE, AT', '4.90', '50'],
        ['GB', '9.90', ''],
      ],
    );
    await addMethod('Express', ['1', '1'], [['DE', '14.90', '']]);
    const list = admin.page.getByRole('list', { name: 'Shipping methods' });
    await expect
      .poll(() => list.getByRole('article').allInnerTexts())
      .toEqual([
        'Express\n\n1 business day\n\nGermany\n$14.90\nEdit\nDelete',
        'Standard\n\n2–4 business days\n\nGermany, Austria\n$4.90, free from $50.00\nUnited Kingdom\n$9.90\nEdit\nDelete',
      ]);
    await lookAt(admin.page, 'shipping', 'admin-list');

    // The buyer, on a phone, with a saved address in Germany and $19.98 of thermometers in the cart.
    const buyer = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, buyer.page, 'shipping-buyer');
    const token = await shop.rest.login('shipping-buyer', 'secret-pass');
    await shop.rest.request('POST', '/api/users/addresses', {
      token,
      body: { name: 'Greta Buyer', line1: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', country: 'DE' },
    });
    const products = (await shop.rest.request('GET', '/api/products', { token })).body as {
      id: number;
      name: string;
      price: number;
    }[];
    const product = products.find((each) => each.name === 'Digital Thermometer')!;
    expect(product.price).toBe(9.99);
    await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 2 } });
    await buyer.page.goto('/checkout');
    const methods = buyer.page.getByRole('group', { name: 'Shipping method' });
    await methods.waitFor();
    expect(await methods.getByRole('radio', { name: /^Standard/ }).isChecked()).toBe(true);
    const review = buyer.page.getByRole('region', { name: 'Order Review' });
    await expect.poll(() => review.innerText()).toMatch(/Subtotal\s+\$19\.98\s+Shipping, Standard\s+\$4\.90\s+Total/);
    await methods.getByRole('radio', { name: /^Express/ }).check();
    await expect
      .poll(() => review.innerText())
      .toMatch(/Shipping, Express\s+\$14\.90\s+Total\s*,?\s*2 items\s*,?\s*\$34\.88$/);
    await lookAt(buyer.page, 'shipping', 'buyer-checkout');
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    await buyer.page.waitForURL('/order-success');
    await expect
      .poll(() => buyer.page.locator('main').innerText())
      .toMatch(/Subtotal\s+\$19\.98\s+Shipping, Express\s+\$14\.90/);
    const [order] = (await shop.rest.request('GET', '/api/orders', { token })).body as Record<string, unknown>[];
    expect(order).toMatchObject({
      totalAmount: 34.88,
      subtotal: 19.98,
      shippingCost: 14.9,
      shippingMethod: 'Express',
      shippingCountry: 'DE',
    });
    await buyer.page.getByRole('link', { name: 'View All Orders' }).click();
    await buyer.page.waitForURL('/orders');
    await expect
      .poll(() => buyer.page.getByRole('article').first().innerText())
      .toMatch(/Subtotal\s+\$19\.98\s+Shipping, Express\s+\$14\.90\s+Total: \$34\.88/);
    await lookAt(buyer.page, 'shipping', 'buyer-orders');

    // The admin retires Express: the next checkout offers Standard alone.
    const express = list.getByRole('article', { name: 'Express' });
    await express.getByRole('button', { name: 'Edit' }).click();
    const editing = admin.page.getByRole('form', { name: 'Edit Express' });
    await editing.getByLabel('Offered to shoppers').uncheck();
    await editing.getByRole('button', { name: 'Save Method' }).click();
    await admin.page.getByText('Retired', { exact: true }).waitFor();
    await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: product.id, quantity: 1 } });
    await buyer.page.goto('/checkout');
    await methods.waitFor();
    await expect.poll(() => methods.locator('label').allInnerTexts()).toEqual(['Standard\n$4.90\n2–4 business days']);
    await leave(admin, buyer);
  });
});
