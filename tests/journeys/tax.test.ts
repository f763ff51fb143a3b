// Journey: tax. An admin sets the shop's tax on its screen (reached from the order desk): Germany's standard rate, a
// reduced rate for a category (which covers the categories under it), and prices entered without tax. A buyer on a
// phone checks out to a new address in Germany: the review shows the tax by rate, added on top, worked out by the
// shop, and the order placed, the orders page and the REST service all carry it, exact to the cent.
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
  typeShippingAddress,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: tax, from the admin’s rates to the buyer’s order', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the admin sets rates and prices without tax; the buyer is charged each line’s rate on top, exactly', async () => {
    const admin = await openPerson(browser, shop);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.getByRole('link', { name: 'Manage Orders' }).click();
    await admin.page.getByRole('link', { name: 'Tax', exact: true }).click();
    await admin.page.waitForURL('/admin/tax');
    await admin.page.getByText('No tax rates yet').waitFor();
    await lookAt(admin.page, 'tax', 'admin-empty');

    const addRate = async (country: string, appliesTo: string | null, rate: string) => {
      await admin.page.getByRole('button', { name: 'Add Rate' }).click();
      const form = admin.page.getByRole('form', { name: 'New tax rate' });
      await form.getByLabel(/^Country/).selectOption(country);
      if (appliesTo) await form.getByLabel(/^Applies to/).selectOption({ label: appliesTo });
      await form.getByLabel(/^Rate/).fill(rate);
      if (appliesTo) await lookAt(admin.page, 'tax', 'admin-form');
      await form.getByRole('button', { name: 'Save Rate' }).click();
      await form.waitFor({ state: 'detached' });
    };
    await addRate('DE', null, '19');
    await addRate('DE', 'Diagnostics', '7');
    await admin.page.getByRole('radio', { name: /^Tax is added to the prices I enter/ }).check();
    await admin.page.getByRole('button', { name: 'Save Setting' }).click();
    await admin.page.getByText('Tax is now added to the prices at checkout.').waitFor();
    const list = admin.page.getByRole('list', { name: 'Tax rates' });
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts())
      .toEqual(['Germany\nStandard rate\n19 %\nEdit\nDelete', 'Germany\nDiagnostics\n7 %\nEdit\nDelete']);
    await lookAt(admin.page, 'tax', 'admin-list');

    // The buyer, on a phone: two thermometers (Diagnostics › Thermometers: 7 %) and a bandage (First aid: 19 %).
    const buyer = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, buyer.page, 'tax-buyer');
    const token = await shop.rest.login('tax-buyer', 'secret-pass');
    const products = (await shop.rest.request('GET', '/api/products', { token })).body as {
      id: number;
      name: string;
      price: number;
    }[];
    const thermometer = products.find((each) => each.name === 'Digital Thermometer')!;
    const bandage = products.find((each) => each.name === 'Elastic Bandage Wrap')!;
    expect([thermometer.price, bandage.price]).toEqual([9.99, 5.49]);
    await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: thermometer.id, quantity: 2 } });
    await shop.rest.request('POST', '/api/cart/items', { token, body: { productId: bandage.id, quantity: 1 } });
    await buyer.page.goto('/checkout');
    await typeShippingAddress(
      buyer.page,
      { name: 'Greta Buyer', line1: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', country: 'DE' },
      { save: false },
    );
    // 19 % of $5.49 is $1.04; 7 % of $19.98 is $1.40: $2.44 on top of $25.47.
    const review = buyer.page.getByRole('region', { name: 'Order Review' });
    await expect
      .poll(() => review.innerText())
      .toMatch(
        /Subtotal\s+\$25\.47\s+Tax, 19 %\s+\$1\.04\s+Tax, 7 %\s+\$1\.40\s+Total\s*,?\s*3 items\s*,?\s*\$27\.91$/,
      );
    await lookAt(buyer.page, 'tax', 'buyer-checkout');
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    await buyer.page.waitForURL('/order-success');
    await expect
      .poll(() => buyer.page.locator('main').innerText())
      .toMatch(/Subtotal\s+\$25\.47\s+Tax, 19 %\s+\$1\.04\s+Tax, 7 %\s+\$1\.40\s+Total\s+\$27\.91/);
    const [order] = (await shop.rest.request('GET', '/api/orders', { token })).body as Record<string, unknown>[];
    expect(order).toMatchObject({
      totalAmount: 27.91,
      subtotal: 25.47,
      shippingCost: 0,
      shippingCountry: 'DE',
      tax: 2.44,
      taxGroups: [
        { rate: 19, amount: 5.49, tax: 1.04 },
        { rate: 7, amount: 19.98, tax: 1.4 },
      ],
      pricesIncludeTax: false,
    });
    await buyer.page.getByRole('link', { name: 'View All Orders' }).click();
    await buyer.page.waitForURL('/orders');
    await expect
      .poll(() => buyer.page.getByRole('article').first().innerText())
      .toMatch(/Subtotal\s+\$25\.47\s+Tax, 19 %\s+\$1\.04\s+Tax, 7 %\s+\$1\.40\s+Total: \$27\.91/);
    await lookAt(buyer.page, 'tax', 'buyer-orders');
    await leave(admin, buyer);
  });
});
