// Journey: the shop on a phone and at every width between, for a shopper and for an admin with long usernames.
// The listing's first screen shows products, not the filter form; a product opened from a scrolled listing starts
// at the top and Back returns to where the person was; every tab is in sight at 375 px; no width from 320 to 1920 px
// scrolls sideways; a username of 16 characters shows whole with its role; on a phone the desk's Search button lines up
// with its field and a customer's name has a line of its own, and the profile's language list reads whole at 320 px;
// and the desk's columns make room for a total of millions.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import {
  ADMIN_PASSWORD,
  type JourneyShop,
  leave,
  logIn,
  lookAt,
  openJourney,
  openPerson,
  registerAndLogIn,
  typeShippingAddress,
} from './support/journey.js';

// As long as a username may be (50), so that the navbar's widest case is the one measured.
const LONG_ADMIN = 'administrator_of_the_medshop_catalogue_and_desk_01';
const LONG_SHOPPER = 'maximiliana_alexandra_von_humboldt_shopper_number1';
const WIDTHS = [320, 375, 414, 768, 959, 960, 1024, 1085, 1159, 1160, 1280, 1920];

/** How far the page scrolls sideways at this width (0: not at all). */
async function sidewaysOverflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 });
  // Layout follows the resize within a frame; the navbar's layout follows its media query listener.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** The widths at which each path scrolls sideways: none, when all is well. */
async function overflowingWidths(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of paths) {
    await page.goto(route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const width of WIDTHS) {
      const overflow = await sidewaysOverflow(page, width);
      if (overflow > 0) found.push(`${route} at ${width} px: ${overflow} px`);
    }
  }
  return found;
}

/**
 * How far two texts of an element overlap on screen, in px (0: not at all): each text's own box (a Range over its
 * text node), not its cell's, so that a cell's text running past its cell is seen.
 */
async function textOverlap(element: Locator, first: string, second: string): Promise<number> {
  return element.evaluate(
    (root, [a, b]) => {
      const box = (text: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() !== text) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect();
        }
        throw new Error(`no text "${text}"`);
      };
      const [one, two] = [box(a!), box(b!)];
      const across = Math.min(one.right, two.right) - Math.max(one.left, two.left);
      const down = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
      return across > 0 && down > 0 ? Math.round(across) : 0;
    },
    [first, second],
  );
}

/** A text of an element as it is laid out: how many lines it takes, and its box (a Range over its own text node). */
async function textLayout(element: Locator, text: string): Promise<{ lines: number; top: number; bottom: number }> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() !== wanted) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // One box a line (a text wrapped over two lines has two).
      const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      const box = range.getBoundingClientRect();
      return { lines, top: box.top, bottom: box.bottom };
    }
    throw new Error(`no text "${wanted}"`);
  }, text);
}

/** On how many lines `text` (a run of text nodes inside `element`, such as a name broken with <wbr>) is laid out. */
async function linesTaken(element: Locator, text: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const whole = nodes.map((node) => node.data).join('');
    const start = whole.indexOf(wanted);
    if (start < 0) throw new Error(`no text "${wanted}"`);
    // The text node and offset at a position of the joined text.
    const at = (position: number): [Text, number] => {
      let passed = 0;
      for (const node of nodes) {
        if (position <= passed + node.data.length) return [node, position - passed];
        passed += node.data.length;
      }
      throw new Error('past the end');
    };
    const range = document.createRange();
    range.setStart(...at(start));
    range.setEnd(...at(start + wanted.length));
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
      .size;
  }, text);
}

/**
 * The choices of a select whose text the closed select cannot show whole: wider, in its font, than its box leaves
 * the text (its padding, and about 22 px of Chromium's own beside its arrow, counted as 24).
 */
async function choicesCut(select: Locator): Promise<string[]> {
  return select.evaluate((element) => {
    const style = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    const measure = document.createElement('canvas').getContext('2d')!;
    measure.font = style.font;
    return [...(element as HTMLSelectElement).options]
      .filter((option) => measure.measureText(option.text).width > room)
      .map(
        (option) =>
          `${option.text}: ${Math.round(measure.measureText(option.text).width)} px in ${Math.round(room)} px`,
      );
  });
}

/** Tabs of the strip whose box is not wholly inside the window. */
async function tabsOutOfSight(page: Page): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const out: string[] = [];
  for (const tab of await page.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > width) out.push((await tab.textContent()) ?? '?');
  }
  return out;
}

describe.skipIf(!chromiumFound)('journey: every screen at every width', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened), { adminUsername: LONG_ADMIN });

  it('a shopper on a phone: products in the first screen, filters folded, the top of each new screen, Back to where they were', async () => {
    const shopper = await openPerson(browser, shop, 375);
    const { page } = shopper;
    await page.setViewportSize({ width: 375, height: 800 });
    await registerAndLogIn(shop, page, LONG_SHOPPER);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');

    // The first 375 × 800 screen: the name search, the folded bounds, and at least two whole product cards.
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    await cards.nth(1).waitFor();
    const secondCard = (await cards.nth(1).boundingBox())!;
    expect(secondCard.y + secondCard.height).toBeLessThanOrEqual(800);
    expect(await page.getByRole('searchbox', { name: 'Name' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Min price ($)').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Max price ($)').fill('20');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL('/?maxPrice=20');
    // Applied, the bounds fold again and count what is in use; the results are in the first screen.
    expect(await page.getByLabel('Max price ($)').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Filters 1 in use' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const firstResult = (await cards.first().boundingBox())!;
    expect(firstResult.y + firstResult.height).toBeLessThanOrEqual(800);
    await lookAt(page, 'every-width', 'listing-filtered');

    // Scrolled down the listing, a product opens at the top; Back returns to the same place in the listing.
    await page.goto('/');
    await cards.nth(7).waitFor();
    await page.evaluate('window.scrollTo(0, 700)');
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(700);
    const product = cards.nth(6).getByRole('link').first();
    await product.click();
    await page.waitForURL(/\/products\//);
    await page.getByRole('button', { name: '← Back' }).waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    await page.goBack();
    await page.waitForURL('/');
    // The same place, to a few pixels: the cards far down are laid out only when near (content-visibility), and the
    // sizes the browser remembers for them can settle the restored position a little lower.
    await expect
      .poll(async () => Math.abs((await page.evaluate<number>('window.scrollY')) - 700))
      .toBeLessThanOrEqual(8);

    // Every tab of the profile is in sight on the phone.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Account Settings' }).waitFor();
    expect(await tabsOutOfSight(page)).toEqual([]);
    await lookAt(page, 'every-width', 'profile');

    expect(await overflowingWidths(page, ['/', '/cart', '/orders', '/profile', '/chat'])).toEqual([]);
    await leave(shopper);
  });

  it('an admin with a long name: the navbar never overflows, and every status tab of the desk is in sight on a phone', async () => {
    const admin = await openPerson(browser, shop, 375);
    const { page } = admin;
    await logIn(page, LONG_ADMIN, ADMIN_PASSWORD);
    await page.goto('/admin/orders');
    await page.getByRole('tab', { name: /^Cancelled/ }).waitFor();
    expect(await tabsOutOfSight(page)).toEqual([]);
    await lookAt(page, 'every-width', 'order-desk');

    expect(await overflowingWidths(page, ['/', '/admin/orders', '/create', '/chat', '/profile'])).toEqual([]);
    // Where the row fits, every link is in the bar; below, they fold into the menu.
    const bar = page.getByRole('navigation', { name: 'Main' });
    await page.setViewportSize({ width: 1160, height: 800 });
    expect(await bar.getByRole('link', { name: 'Manage Orders' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1159, height: 800 });
    await expect.poll(() => page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Manage Orders' }).isVisible()).toBe(false);
    await leave(admin);
  });

  it('on a phone, checkout’s total keeps each of its words on one line beside its amount, and the confirmation’s two buttons are as wide as each other', async () => {
    const adminToken = await shop.rest.login(LONG_ADMIN, ADMIN_PASSWORD);
    const wheelchair = await shop.rest.createProduct(adminToken, {
      name: 'Folding Wheelchair',
      price: 249.99,
      quantity: 20,
    });
    const buyerToken = await shop.rest.register('phone.buyer', 'secret-pass');
    expect(
      (
        await shop.rest.request('POST', '/api/cart/items', {
          token: buyerToken,
          body: { productId: wheelchair.id, quantity: 10 },
        })
      ).status,
    ).toBe(200);
    const buyer = await openPerson(browser, shop, 375);
    const { page } = buyer;
    await logIn(page, 'phone.buyer', 'secret-pass');
    await page.goto('/checkout');
    const review = page.getByRole('region', { name: 'Order Review' });
    await expect.poll(() => review.innerText()).toMatch(/Total\s+,\s+10 items\s+,\s+\$2,499\.90$/);
    /**
     * Where "Total", its count and its amount (the one now) wrap or part, at 320 and 375 px: nowhere, when all is well.
     */
    const totalProblems = async (count: string, amount: string) => {
      const problems: string[] = [];
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
        const [wordBox, countBox, amountBox] = await Promise.all(
          ['Total', count, amount].map((text) => textLayout(review, text)),
        );
        for (const [text, box] of [
          ['Total', wordBox],
          [count, countBox],
          [amount, amountBox],
        ] as const)
          if (box!.lines !== 1) problems.push(`${width} px: "${text}" wraps`);
        // The amount is on the word's line, not pushed under it.
        if (amountBox!.top >= wordBox!.bottom) problems.push(`${width} px: the amount is under "Total"`);
      }
      return problems;
    };
    expect(await totalProblems('10 items', '$2,499.90')).toEqual([]);
    await lookAt(page, 'every-width', 'checkout-ten-items');

    // Meanwhile the price rises and only 4 are left; Place Order hears of it from the shop: the total then shows was
    // → now, and its count how many cannot be bought.
    const changed = await shop.rest.request('PUT', `/api/products/${wheelchair.id}`, {
      token: adminToken,
      body: { name: 'Folding Wheelchair', description: 'A product made by a test', price: 259.99, quantity: 4 },
    });
    expect(changed.status).toBe(200);
    await typeShippingAddress(page, { name: 'Wide Buyer', line1: '1 Long Road', city: 'London' }, { save: false });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect
      .poll(() => review.innerText())
      .toMatch(/Total\s+,\s+10 items, 6 unavailable\s+,\s+was\s+\$2,499\.90\s+now\s+\$2,599\.90$/);
    expect(await totalProblems('10 items, 6 unavailable', '$2,599.90')).toEqual([]);
    await lookAt(page, 'every-width', 'checkout-changed-and-short');

    // Restocked: reviewed afresh, the order goes through.
    expect(
      (
        await shop.rest.request('PUT', `/api/products/${wheelchair.id}`, {
          token: adminToken,
          body: { name: 'Folding Wheelchair', description: 'A product made by a test', price: 259.99, quantity: 20 },
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await expect.poll(() => review.innerText()).toMatch(/Total\s+,\s+10 items\s+,\s+\$2,599\.90$/);
    await typeShippingAddress(page, { name: 'Wide Buyer', line1: '1 Long Road', city: 'London' }, { save: false });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('/order-success');
    const viewOrders = page.getByRole('link', { name: 'View All Orders' });
    const continueShopping = page.getByRole('link', { name: 'Continue Shopping' });
    await viewOrders.waitFor();
    const widths: Record<number, number[]> = {};
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      widths[width] = [
        Math.round((await viewOrders.boundingBox())!.width),
        Math.round((await continueShopping.boundingBox())!.width),
      ];
    }
    expect(widths[320]![0]).toBe(widths[320]![1]);
    expect(widths[375]![0]).toBe(widths[375]![1]);
    await lookAt(page, 'every-width', 'order-success');
    await leave(buyer);
  });

  it('on a phone, the desk’s Search button lines up with its field, a 22-character username keeps to one line, and the profile’s languages show whole', async () => {
    const buyerToken = await shop.rest.register('christopher-montgomery', 'secret-pass');
    const [product] = (await shop.rest.request('GET', '/api/products', { token: buyerToken })).body;
    expect(
      (
        await shop.rest.request('POST', '/api/cart/items', {
          token: buyerToken,
          body: { productId: product.id, quantity: 1 },
        })
      ).status,
    ).toBe(200);
    const placed = await shop.rest.request('POST', '/api/orders/checkout', {
      token: buyerToken,
      body: { shippingAddress: '2 Short Street, Leeds' },
    });
    expect(placed.status).toBe(201);

    const admin = await openPerson(browser, shop, 375);
    const { page } = admin;
    await logIn(page, LONG_ADMIN, ADMIN_PASSWORD);
    await page.goto('/admin/orders');
    const row = page.getByRole('article', { name: `Order #${placed.body.id}` });
    await row.waitFor();
    const field = page.getByRole('searchbox', { name: 'Search orders' });
    const search = page.getByRole('button', { name: 'Search', exact: true });
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      const [fieldBox, buttonBox] = [(await field.boundingBox())!, (await search.boundingBox())!];
      expect([width, buttonBox.y, buttonBox.height]).toEqual([width, fieldBox.y, fieldBox.height]);
      expect([width, await linesTaken(row, 'christopher-montgomery')]).toEqual([width, 1]);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await lookAt(page, 'every-width', 'order-desk-phone');

    // Every language the profile offers reads whole in the closed list on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await choicesCut(page.getByLabel('Language'))).toEqual([]);
    await page.getByLabel('Language').selectOption('en-NZ');
    await lookAt(page, 'every-width', 'profile-edit-phone');
    await leave(admin);
  });

  it('a 16-character username shows whole beside “(User)” at 1280 px, and a total of millions on the desk keeps clear of its items at every width', async () => {
    const adminToken = await shop.rest.login(LONG_ADMIN, ADMIN_PASSWORD);
    const chamber = await shop.rest.createProduct(adminToken, {
      name: 'Hyperbaric Oxygen Chamber',
      price: 999999.99,
      quantity: 10,
    });
    const buyerToken = await shop.rest.register('alexandra.bishop', 'secret-pass');
    expect(
      (
        await shop.rest.request('POST', '/api/cart/items', {
          token: buyerToken,
          body: { productId: chamber.id, quantity: 7 },
        })
      ).status,
    ).toBe(200);
    const placed = await shop.rest.request('POST', '/api/orders/checkout', {
      token: buyerToken,
      body: { shippingAddress: '1 Long Road, London' },
    });
    expect([placed.status, placed.body.totalAmount]).toEqual([201, 6999999.93]);

    const buyer = await openPerson(browser, shop, 1280);
    await logIn(buyer.page, 'alexandra.bishop', 'secret-pass');
    const name = buyer.page.getByRole('navigation', { name: 'Main' }).getByText('alexandra.bishop', { exact: true });
    // Not cut: the name's box holds all of it, and the role beside it is in sight.
    expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(
      await buyer.page.getByRole('navigation', { name: 'Main' }).getByText('(User)', { exact: true }).isVisible(),
    ).toBe(true);

    const admin = await openPerson(browser, shop, 1280);
    await logIn(admin.page, LONG_ADMIN, ADMIN_PASSWORD);
    await admin.page.goto('/admin/orders');
    const row = admin.page.getByRole('article', { name: `Order #${placed.body.id}` });
    await row.waitFor();
    const overlaps: string[] = [];
    for (const width of [375, 768, 1100, 1280, 1920]) {
      await admin.page.setViewportSize({ width, height: 800 });
      await admin.page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
      );
      const overlap = await textOverlap(row, '7 items', '$6,999,999.93');
      if (overlap > 0) overlaps.push(`${width} px: ${overlap} px`);
    }
    expect(overlaps).toEqual([]);
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await lookAt(admin.page, 'every-width', 'order-desk-millions');
    await leave(buyer, admin);
  });
});
