// Journey: staff roles. The owner, on a wide screen, makes a shopper an order clerk from the staff screen; the clerk,
// on a phone, already logged in, sees the desk appear in their menu without reloading (their socket is closed and
// reopened, and the app reads who they are again), confirms a buyer's order there, finds no way to change a product,
// and is sent home from the product form. The owner takes the role back: the clerk's desk link goes the same way.
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

describe.skipIf(!chromiumFound)('journey: an owner makes a clerk', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('the clerk moves orders at once, cannot edit a product, and loses the desk when the role is taken back', async () => {
    // The clerk-to-be is a shopper, logged in on a phone.
    const clerk = await openPerson(browser, shop, 375);
    await registerAndLogIn(shop, clerk.page, 'casey-clerk');
    // The phone's menu: its button is named Menu, or Close menu while it is open.
    const menu = clerk.page.getByRole('button', { name: /^(Menu|Close menu)/ });
    const openMenu = async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    };
    const closeMenu = async () => {
      if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
    };
    await openMenu();
    const clerkNav = clerk.page.getByRole('navigation', { name: 'Main' });
    expect(await clerkNav.getByRole('link', { name: 'Manage Orders' }).count()).toBe(0);
    expect(await clerkNav.getByText('(User)').isVisible()).toBe(true);
    await closeMenu();

    // A buyer has placed an order (through the shop's REST service: this journey is not about buying).
    const admin = await shop.rest.adminToken();
    const product = await shop.rest.createProduct(admin, { name: 'Clerk Probe Gauze', price: 4.5, quantity: 10 });
    const buyer = await shop.rest.register('bea-buyer');
    await shop.rest.request('POST', '/api/cart/items', { token: buyer, body: { productId: product.id, quantity: 2 } });
    const order = await shop.rest.request<{ id: number }>('POST', '/api/orders/checkout', {
      token: buyer,
      body: { shippingAddress: '4 Quay Street, Harbour Town' },
    });
    expect(order.status).toBe(201);

    // The owner finds the staff screen from the desk, and gives casey-clerk the Order clerk role.
    const owner = await openPerson(browser, shop);
    await logIn(owner.page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await owner.page.getByRole('link', { name: 'Manage Orders' }).click();
    await owner.page.getByRole('link', { name: 'Staff', exact: true }).click();
    await owner.page.waitForURL('/admin/staff');
    await owner.page.getByRole('list', { name: 'Roles' }).waitFor();
    await lookAt(owner.page, 'staff', 'staff-screen');
    await owner.page.getByRole('button', { name: 'Give Someone a Role' }).click();
    const form = owner.page.getByRole('form', { name: 'Give someone a role' });
    await form.getByRole('textbox', { name: /Username/ }).fill('casey-clerk');
    await form.getByRole('checkbox', { name: 'Order clerk' }).check();
    await lookAt(owner.page, 'staff', 'give-role');
    await form.getByRole('button', { name: 'Save Roles' }).click();
    await owner.page.getByText('casey-clerk is now Order clerk.').waitFor();
    expect(await owner.page.getByRole('list', { name: 'Staff' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('admin'),
      expect.stringMatching(/^casey-clerk\s+Order clerk\s+Manage orders/),
    ]);

    // On the clerk's phone, without a reload: the menu now has the desk.
    await openMenu();
    await expect.poll(() => clerkNav.getByRole('link', { name: 'Manage Orders' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await clerkNav.getByText('(Staff)').isVisible()).toBe(true);
    expect(await clerkNav.getByRole('link', { name: 'Add Product' }).count()).toBe(0);
    await clerkNav.getByRole('link', { name: 'Manage Orders' }).click();
    await clerk.page.waitForURL('/admin/orders');
    const deskOrder = clerk.page.getByRole('article').filter({ hasText: 'bea-buyer' });
    await deskOrder.waitFor();
    // A clerk moves orders; the shop's settings are not theirs.
    expect(await clerk.page.getByRole('link', { name: 'Shipping Methods' }).count()).toBe(0);
    await lookAt(clerk.page, 'staff', 'clerk-desk');
    await deskOrder.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => deskOrder.getByText('CONFIRMED', { exact: true }).isVisible()).toBe(true);
    const confirmed = await shop.rest.request<{ status: string }>('GET', `/api/orders/${order.body.id}`, {
      token: buyer,
    });
    expect(confirmed.body.status).toBe('CONFIRMED');

    // The catalogue is not theirs: the product's card has no Edit or Delete, and the product form sends them home.
    await clerk.page.goto('/?name=Clerk%20Probe');
    const card = clerk.page.getByRole('article').filter({ hasText: 'Clerk Probe Gauze' });
    await card.waitFor();
    expect(await card.getByRole('link', { name: /Edit/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await clerk.page.getByRole('heading', { name: 'Products', level: 1 }).isVisible()).toBe(true);
    await clerk.page.goto('/create');
    await clerk.page.waitForURL('/');

    // The owner takes the role back: the clerk's menu loses the desk, again without a reload.
    await owner.page.getByRole('button', { name: 'Change roles of casey-clerk' }).click();
    const change = owner.page.getByRole('form', { name: 'Roles of casey-clerk' });
    await change.getByRole('checkbox', { name: 'Order clerk' }).uncheck();
    await change.getByRole('button', { name: 'Save Roles' }).click();
    await owner.page.getByText('casey-clerk holds no staff role now.').waitFor();
    await openMenu();
    await expect.poll(() => clerkNav.getByRole('link', { name: 'Manage Orders' }).count(), { timeout: 15_000 }).toBe(0);
    expect(await clerkNav.getByText('(User)').isVisible()).toBe(true);

    await leave(owner, clerk);
  });
});
