// Journey: a shopper whose cart is as large as the shop allows (a line of $9,999,999.90, a total of $10,000,000.00)
// and whose products have long names and a broken first picture. The cart holds together at every width from 320 px
// (amounts on one line, words whole, every control inside its card); a broken picture gives way to the product's next
// one; the product page's purchase band keeps the same room inside its two dividers; and the cart and the product page
// stop at the cart's limit alike, saying why, and keep a refusal on screen with how many more fit.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumFound } from './support/chromium.js';
import { type JourneyShop, leave, logIn, lookAt, openJourney, openPerson } from './support/journey.js';

const CHAMBER = 'Hyperbaric Oxygen Therapy Chamber, Monoplace, Fully Automated';
// One word longer than any phone's line: it must break, but inside the card.
const MASK = 'Pneumonoultramicroscopicsilicovolcanoconiosis Respiratory Protection Mask';
const WIDTHS = [320, 375, 414, 768, 900, 1024, 1280, 1920];

/** What an element's aria-describedby says, as a screen reader reads it after its name. */
async function descriptionOf(element: Locator): Promise<string> {
  return element.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/**
 * What of a cart line is not where it should be: a part outside the cart's card, an amount over two lines, a word of
 * the name broken across lines (`wholeWords`: when each word of the name fits a line). Each as "what: why".
 */
async function lineProblems(cartItems: Locator, name: string, amount: string, wholeWords: boolean): Promise<string[]> {
  return cartItems.evaluate(
    (card, [productName, subtotal, checkWords]) => {
      const found: string[] = [];
      const bounds = card.getBoundingClientRect();
      const line = [...card.querySelectorAll('li')].find(
        (item) => item.querySelector('h2')?.textContent === productName,
      )!;
      const textRange = (node: Node, start = 0, end = node.textContent!.length) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range;
      };
      const textNode = (root: Element, text: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent === text) return node;
        throw new Error(`no text "${text}"`);
      };
      const outside = (what: string, box: DOMRect) => {
        if (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5)
          found.push(`${what}: ${box.left}–${box.right} outside the card's ${bounds.left}–${bounds.right}`);
      };
      const amountText = textRange(textNode(line, subtotal as string));
      outside(`subtotal ${subtotal}`, amountText.getBoundingClientRect());
      if (amountText.getClientRects().length !== 1)
        found.push(`subtotal ${subtotal}: on ${amountText.getClientRects().length} lines`);
      for (const control of line.querySelectorAll('button, [role="group"]'))
        outside(control.getAttribute('aria-label') ?? control.textContent!, control.getBoundingClientRect());
      const nameNode = textNode(line, productName as string);
      outside('name', textRange(nameNode).getBoundingClientRect());
      if (checkWords) {
        let at = 0;
        for (const word of (productName as string).split(' ')) {
          const lines = textRange(nameNode, at, at + word.length).getClientRects().length;
          if (lines !== 1) found.push(`word "${word}": on ${lines} lines`);
          at += word.length + 1;
        }
      }
      return found;
    },
    [name, amount, wholeWords] as const,
  );
}

describe.skipIf(!chromiumFound)('journey: the largest cart the shop allows', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('holds the cart together at every width, shows the pictures that load, keeps the purchase band even, and stops at the limit saying why', async () => {
    const adminToken = await shop.rest.adminToken();
    // The first picture of each is broken; the chamber's second one works.
    const chamber = await shop.rest.createProduct(adminToken, {
      name: CHAMBER,
      price: 999999.99,
      quantity: 100,
      imageUrls: ['/images/products/missing-front.png', '/images/products/blood-pressure-monitor.svg'],
    });
    const mask = await shop.rest.createProduct(adminToken, {
      name: MASK,
      price: 0.01,
      quantity: 1000,
      imageUrls: ['/images/products/missing-mask.png'],
    });
    const buyerToken = await shop.rest.register('marguerite', 'secret-pass');
    for (const [product, quantity] of [
      [chamber, 10],
      [mask, 10],
    ] as const) {
      expect(
        (
          await shop.rest.request('POST', '/api/cart/items', {
            token: buyerToken,
            body: { productId: product.id, quantity },
          })
        ).status,
      ).toBe(200);
    }

    const buyer = await openPerson(browser, shop, 1280);
    const { page } = buyer;
    await logIn(page, 'marguerite', 'secret-pass');
    await page.goto('/cart');
    const cartItems = page.getByRole('list', { name: 'Cart items' });
    await cartItems.getByRole('heading', { name: CHAMBER }).waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Order Summary' }).innerText())
      .toMatch(/Total\s+\$10,000,000\.00/);

    const problems: string[] = [];
    for (const width of WIDTHS) {
      await atWidth(page, width);
      const found = [
        ...(await lineProblems(cartItems, CHAMBER, '$9,999,999.90', true)),
        ...(await lineProblems(cartItems, MASK, '$0.10', false)),
        ...((await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        )) > 0
          ? ['the page scrolls sideways']
          : []),
      ];
      problems.push(...found.map((problem) => `${width} px: ${problem}`));
    }
    expect(problems).toEqual([]);

    // Where the lines are rows, their columns line up from line to line however long the amounts.
    await atWidth(page, 1280);
    const leftEdges = (name: (product: string) => { role: 'group' | 'button'; name: string }) =>
      Promise.all(
        [CHAMBER, MASK].map(async (product) =>
          Math.round((await page.getByRole(name(product).role, { name: name(product).name }).boundingBox())!.x),
        ),
      );
    const steppers = await leftEdges((product) => ({ role: 'group', name: `Quantity of ${product}` }));
    expect(steppers[1]).toBe(steppers[0]);
    const removes = await leftEdges((product) => ({ role: 'button', name: `Remove ${product}` }));
    expect(removes[1]).toBe(removes[0]);

    // The chamber's broken first picture gives way to its second; none of the mask's loads: one placeholder.
    await expect
      .poll(() => cartItems.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src'))))
      .toEqual(['/images/products/blood-pressure-monitor.svg']);
    expect(await cartItems.getByText('No image').count()).toBe(1);
    await lookAt(page, 'largest-cart', 'cart');

    // The mask out, and in again from its page: the purchase band keeps as much room inside its bottom divider as
    // inside its top one, and the same height when a message appears in it.
    await page.getByRole('button', { name: `Remove ${MASK}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await cartItems.getByRole('heading', { name: MASK }).waitFor({ state: 'detached' });
    // The listing too shows the chamber's second picture.
    await page.goto('/?name=Hyperbaric');
    const chamberCard = page.getByRole('article', { name: CHAMBER });
    await expect
      .poll(() => chamberCard.locator('img').getAttribute('src'))
      .toBe('/images/products/blood-pressure-monitor.svg');
    await page.goto('/?name=Respiratory');
    await page.getByRole('article', { name: MASK }).getByRole('link', { name: MASK }).click();
    await page.waitForURL(/\/products\//);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.waitFor();
    const band = () =>
      quantity.evaluate((field) => {
        const form = field.closest('form')!;
        const box = form.getBoundingClientRect();
        const style = getComputedStyle(form);
        const parts = [...form.children]
          .map((child) => child.getBoundingClientRect())
          .filter((part) => part.height > 0);
        return {
          roomInsideTop: Math.round(parts[0]!.top - box.top - parseFloat(style.borderTopWidth)),
          roomInsideBottom: Math.round(box.bottom - parseFloat(style.borderBottomWidth) - parts.at(-1)!.bottom),
          height: Math.round(box.height),
        };
      });
    const bands: Record<string, Awaited<ReturnType<typeof band>>> = {};
    for (const width of [375, 1280]) {
      await atWidth(page, width);
      bands[`${width} px`] = await band();
    }
    const addedMessage = page.getByRole('status').filter({ hasText: 'Added to cart!' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('1 in your cart').waitFor();
    bands['1280 px, added'] = await band();
    // On a phone, View Cart and Checkout stay side by side (Checkout never wraps alone under View Cart).
    await atWidth(page, 375);
    const linkTops = await Promise.all(
      ['View Cart', 'Checkout'].map(async (name) =>
        Math.round((await page.getByRole('link', { name, exact: true }).boundingBox())!.y),
      ),
    );
    expect(linkTops[1]).toBe(linkTops[0]);
    await atWidth(page, 1280);
    for (const [state, measured] of Object.entries(bands))
      expect(measured.roomInsideBottom, state).toBe(measured.roomInsideTop);
    // "Added to cart!" takes the room kept for it: the band is as high with it as without it.
    await addedMessage.waitFor({ state: 'detached' });
    const withoutMessage = await band();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('2 in your cart').waitFor();
    expect((await band()).height).toBe(withoutMessage.height);
    await lookAt(page, 'largest-cart', 'product-added');

    // The page knows what the cart holds ($9,999,999.92): the quantity stops at what still fits, and says why.
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    const addButton = page.getByRole('button', { name: 'Add to Cart' });
    await page.getByText('You can add 8 more: a cart may cost at most $10,000,000.00').waitFor();
    await quantity.fill('20');
    await page.keyboard.press('Tab');
    expect(await quantity.inputValue()).toBe('8');
    expect(await plus.isDisabled()).toBe(true);
    expect(await descriptionOf(plus)).toBe('You can add 8 more: a cart may cost at most $10,000,000.00');
    await addButton.click();
    await page.getByRole('status').filter({ hasText: 'A cart may cost at most $10,000,000.00: we added 8' }).waitFor();
    await page.getByText('One more would take your cart over $10,000,000.00').waitFor();
    expect(await addButton.getAttribute('aria-disabled')).toBe('true');
    expect(await descriptionOf(addButton)).toBe('One more would take your cart over $10,000,000.00');
    await lookAt(page, 'largest-cart', 'product-at-limit');

    // The cart changed on another device meanwhile: + still looked possible here, the shop refuses, and the cart says
    // why until the next change, with how many more fit now (none), and stops + there.
    expect(
      (await shop.rest.request('PUT', `/api/cart/items/${mask.id}`, { token: buyerToken, query: { quantity: 5 } }))
        .status,
    ).toBe(200);
    await page.goto('/cart');
    const maskPlus = page.getByRole('button', { name: `Increase quantity of ${MASK}` });
    await maskPlus.waitFor();
    expect(await maskPlus.isEnabled()).toBe(true);
    // $9,999,999.95 and a swab of $0.05 from the other device: the cart is at $10,000,000.00.
    const swab = await shop.rest.createProduct(adminToken, { name: 'Cotton Swab', price: 0.05, quantity: 10 });
    expect(
      (
        await shop.rest.request('POST', '/api/cart/items', {
          token: buyerToken,
          body: { productId: swab.id, quantity: 1 },
        })
      ).status,
    ).toBe(200);
    await maskPlus.click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'That would make your cart’s total $10,000,000.01: a cart may cost at most $10,000,000.00. You cannot add any more.',
      );
    await expect.poll(() => maskPlus.isDisabled()).toBe(true);
    expect(await descriptionOf(maskPlus)).toBe('One more would take your cart over $10,000,000.00');
    await expect
      .poll(() => page.getByRole('region', { name: 'Order Summary' }).innerText())
      .toMatch(/Total\s+\$10,000,000\.00/);
    await lookAt(page, 'largest-cart', 'cart-refused');
    await leave(buyer);
  });
});
