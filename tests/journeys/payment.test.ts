// Journey: payment by bank transfer. An admin gives the shop's bank account on its screen (reached from the order
// desk). A buyer on a phone checks out paying by transfer: the order placed says where to pay, what to quote and by
// when. The admin records the transfer on the desk (asked first); the buyer's orders page, open meanwhile, says it is
// paid without a reload, and its invoice downloads; the order may then be confirmed.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transferReference } from '../../shop-rules/payment-rules.js';
import { pdfLines } from '../helpers/pdf-text.js';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type JourneyShop,
  leave,
  logIn,
  lookAt,
  openJourney,
  buyerAtCheckout,
  openPerson,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: payment by bank transfer, from the shop’s account to the order paid', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the admin gives the account; the buyer pays by transfer, told how; the admin records it and the buyer sees it live', async () => {
    const admin = await openPerson(browser, shop);
    await logIn(admin.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await admin.page.getByRole('link', { name: 'Manage Orders' }).click();
    await admin.page.getByRole('link', { name: 'Payment', exact: true }).click();
    await admin.page.waitForURL('/admin/payment');
    await admin.page.getByText('Bank transfer is off', { exact: false }).waitFor();
    await lookAt(admin.page, 'payment', 'admin-off');
    await admin.page.getByLabel(/^Account holder/).fill('Medshop GmbH');
    await admin.page.getByLabel(/^IBAN/).fill('de89 3704 0044 0532 0130 00');
    await admin.page.getByLabel(/^BIC/).fill('COBADEFFXXX');
    await admin.page.getByLabel(/^Days to pay/).fill('5');
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByText('Saved: shoppers can now pay by bank transfer.').waitFor();
    await lookAt(admin.page, 'payment', 'admin-on');

    // The buyer, on a phone: one thermometer.
    const { buyer, token } = await buyerAtCheckout(browser, shop, 'transfer-buyer', {
      name: 'Greta Buyer',
      line1: 'Hauptstraße 5',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    const payment = buyer.page.getByRole('group', { name: 'Payment' });
    expect(await payment.getByRole('radio', { name: /^Bank transfer/ }).isChecked()).toBe(true);
    await expect
      .poll(() => payment.innerText())
      .toMatch(/Bank transfer\s+Pay within 5 days, quoting your order’s reference/);
    await lookAt(buyer.page, 'payment', 'buyer-checkout');
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    await buyer.page.waitForURL('/order-success');
    const [order] = (await shop.rest.request('GET', '/api/orders', { token })).body as {
      id: number;
      payment: { status: string; reservedUntil: string };
    }[];
    const reference = transferReference(order!.id);
    const howToPay = buyer.page.getByRole('region', { name: 'How to pay' });
    await expect
      .poll(() => howToPay.innerText())
      .toMatch(
        new RegExp(
          `^Please transfer \\$9\\.99 by .+, quoting the reference below\\. We hold your items until then\\.\\s+` +
            `Account holder\\s+Medshop GmbH\\s+IBAN\\s+DE89 3704 0044 0532 0130 00\\s+BIC\\s+COBADEFFXXX\\s+` +
            `Reference\\s+${reference}\\s+Amount\\s+\\$9\\.99$`,
        ),
      );
    await lookAt(buyer.page, 'payment', 'buyer-placed');
    expect(order!.payment.status).toBe('AWAITING_PAYMENT');
    // Held for five days from the order.
    expect(Date.parse(order!.payment.reservedUntil) - Date.now()).toBeGreaterThan(5 * 24 * 3600_000 - 60_000);
    await buyer.page.getByRole('link', { name: 'View All Orders' }).click();
    await buyer.page.waitForURL('/orders');
    const card = buyer.page.getByRole('article').first();
    await card.getByRole('region', { name: 'How to pay' }).waitFor();

    // The admin, on the desk: the order waits for its payment, and offers Record Payment rather than Confirm.
    await admin.page.goto('/admin/orders');
    const row = admin.page.getByRole('article', { name: `Order #${order!.id}` });
    await row.getByText('Awaiting payment').waitFor();
    expect(await row.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Record the payment for order #${order!.id}?` });
    await expect.poll(() => dialog.innerText()).toContain(`Only once $9.99 has arrived quoting ${reference}`);
    await lookAt(admin.page, 'payment', 'admin-record');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    await lookAt(admin.page, 'payment', 'admin-desk-paid');

    // The buyer's page, open all along, says so without a reload.
    await card.getByText(/^Paid by bank transfer on /).waitFor();
    expect(await card.getByRole('region', { name: 'How to pay' }).count()).toBe(0);
    await lookAt(buyer.page, 'payment', 'buyer-paid');
    const paid = (await shop.rest.request('GET', `/api/orders/${order!.id}`, { token })).body as {
      payment: { status: string };
    };
    expect(paid.payment.status).toBe('PAID');
    // Its invoice downloads, named and numbered by the shop.
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      card.getByRole('button', { name: `Download the invoice of order #${order!.id}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('medshop-invoice-INV-000001.pdf');
    const invoice = await pdfLines(fs.readFileSync(await download.path()));
    expect(invoice.slice(0, 2)).toEqual(['Medshop', 'Invoice INV-000001']);
    expect(invoice).toContain('Total $9.99');
    // Now it may move on.
    await row.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('CONFIRMED').waitFor();
    await leave(admin, buyer);
  });
});
