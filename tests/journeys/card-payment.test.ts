// Journey: paying by card through Stripe Checkout. The shop is connected to a stand-in of Stripe (driven through the
// official SDK); a buyer on a phone checks out choosing 'Card', is sent to Stripe's page, pays, and is sent back to
// the orders page, which says so once Stripe's signed webhook (through the gateway's address, as Stripe reaches the
// shop) has marked the order paid. A second buyer leaves Stripe's page without paying, comes back to an order that
// still waits, and pays it from the orders page.
import type { Browser } from 'playwright-core';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripe-stand-in.js';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, buyerAtCheckout, leave, lookAt, openJourney } from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: paying by card on Stripe’s page', () => {
  let stripe: StripeStandIn;
  let browser: Browser;
  let shop: JourneyShop;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  openJourney((opened) => ({ browser, shop } = opened), { stripe: () => stripe.env });
  beforeAll(() => stripe.deliverTo(`${shop.origin}/api/payment/stripe-webhook`));
  afterAll(() => stripe?.close());

  const CARLA = { name: 'Carla Card', line1: '12 Rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' };

  it('sends the buyer to Stripe, and back to an order that is paid once Stripe says so', async () => {
    const { buyer, token } = await buyerAtCheckout(browser, shop, 'card-buyer', CARLA);
    const payment = buyer.page.getByRole('group', { name: 'Payment' });
    await payment.getByRole('radio', { name: /^Card/ }).check();
    await lookAt(buyer.page, 'card-payment', 'buyer-checkout');
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    // Stripe's page (the stand-in's), another origin.
    await buyer.page.waitForURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
    await buyer.page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    const [order] = (await shop.rest.request('GET', '/api/orders', { token })).body as {
      id: number;
      payment: { method: string; status: string };
    }[];
    expect(order!.payment).toMatchObject({ method: 'CARD', status: 'AWAITING_PAYMENT' });
    await buyer.page.getByRole('button', { name: 'Pay 9.99 USD' }).click();
    await buyer.page.waitForURL(`/orders?order=${order!.id}&card=paid`);
    await buyer.page.getByText(`Order #${order!.id} is paid.`).waitFor();
    await lookAt(buyer.page, 'card-payment', 'buyer-paid');
    const card = buyer.page.getByRole('article').first();
    await card.getByText(/^Paid by card on /).waitFor();
    const paid = (await shop.rest.request('GET', `/api/orders/${order!.id}`, { token })).body as {
      payment: { status: string };
    };
    expect(paid.payment.status).toBe('PAID');
    await leave(buyer);
  });

  it('lets a buyer who left Stripe’s page pay later from the orders page', async () => {
    const { buyer, token } = await buyerAtCheckout(browser, shop, 'card-later', CARLA);
    await buyer.page.getByRole('group', { name: 'Payment' }).getByRole('radio', { name: /^Card/ }).check();
    await buyer.page.getByRole('button', { name: 'Place Order' }).click();
    await buyer.page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
    await buyer.page.getByRole('link', { name: 'Back to the shop' }).click();
    const [order] = (await shop.rest.request('GET', '/api/orders', { token })).body as { id: number }[];
    await buyer.page.waitForURL(`/orders?order=${order!.id}&card=cancelled`);
    await buyer.page.getByText(`Order #${order!.id} still waits for its payment until`, { exact: false }).waitFor();
    await lookAt(buyer.page, 'card-payment', 'buyer-came-back');
    const card = buyer.page.getByRole('article').first();
    await card.getByRole('button', { name: 'Pay by Card' }).click();
    await buyer.page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
    // The same session as before: one way to pay per order.
    expect(stripe.sessions.size).toBe(2);
    await buyer.page.getByRole('button', { name: 'Pay 9.99 USD' }).click();
    await buyer.page.getByText(`Order #${order!.id} is paid.`).waitFor();
    await leave(buyer);
  });
});
