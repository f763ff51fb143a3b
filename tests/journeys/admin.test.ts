// Journey 2: the admin, with the account the shop set up on its first start, looks after the catalogue.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
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
  openJourney,
} from './support/journey.js';

describe.skipIf(!chromiumFound)('journey: an admin creates, edits and deletes a product', () => {
  let browser: Browser;
  let shop: JourneyShop;
  openJourney((opened) => ({ browser, shop } = opened));

  it('creates a product with a SKU and two images, changes its price, finds it in the listing by SKU and deletes it after confirming', async () => {
    const admin = await openPerson(browser, shop);
    const { page } = admin;
    const look = (screen: string) => lookAt(page, 'admin', screen);
    await logIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Product Management');
    await look('listing');

    await page.getByRole('link', { name: 'Create Product' }).click();
    await page.waitForURL('/create');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect.poll(() => page.getByText('Name is required').count()).toBe(1);
    await look('create-errors');
    await page.getByLabel('Name').fill('Ear Thermometer Covers (40-Pack)');
    await page.getByLabel('SKU').fill(' ETC-40 ');
    await page.getByLabel('Description').fill('Disposable covers for infrared ear thermometers: one per reading.');
    await page.getByLabel('Price ($)').fill('6.5');
    await page.getByLabel('Stock quantity').fill('40');
    await page.getByLabel('Main image URL').fill('/images/products/ear-thermometer.svg');
    await page.getByRole('button', { name: '+ Add another image' }).click();
    await page
      .getByRole('textbox', { name: 'Other image 1', exact: true })
      .fill('  /images/products/digital-thermometer.svg  ');
    await look('create-filled');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Product Management');

    // The listing finds it by its SKU, in any case; its page shows the SKU and both images, the main one first.
    const card = page.getByRole('article', { name: 'Ear Thermometer Covers (40-Pack)' });
    await page.getByLabel('Name').fill('etc-40');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => card.innerText()).toMatch(/^Ear Thermometer Covers \(40-Pack\)\s+\$6\.50\s+Stock: 40/);
    await card.getByRole('link', { name: 'Ear Thermometer Covers (40-Pack)', exact: true }).click();
    await page.waitForURL(/\/products\//);
    await expect.poll(() => page.getByText('SKU ETC-40').count()).toBe(1);
    const picture = page.getByRole('img', { name: 'Ear Thermometer Covers (40-Pack)' });
    const shownPicture = () => picture.evaluate((image) => new URL(image.getAttribute('src')!, image.baseURI).pathname);
    await expect.poll(shownPicture).toBe('/images/products/ear-thermometer.svg');
    const thumbnails = page.getByRole('list', { name: 'More pictures' }).getByRole('button');
    expect(
      await thumbnails.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))),
    ).toEqual(['Picture 1 of 2', 'Picture 2 of 2']);
    await page.getByRole('button', { name: 'Picture 2 of 2' }).click();
    await expect.poll(shownPicture).toBe('/images/products/digital-thermometer.svg');
    await look('product');

    // Edit its price.
    await page.goto('/?name=covers');
    await card.getByRole('link', { name: 'Edit Ear Thermometer Covers (40-Pack)' }).click();
    await page.waitForURL(/\/edit\//);
    // The exact amount, as the shop shows a price (Money.amount): sent back unchanged when the price is not touched.
    await expect.poll(() => page.getByLabel('Price ($)').inputValue()).toBe('6.50');
    expect(await page.getByLabel('SKU').inputValue()).toBe('ETC-40');
    await page.getByLabel('Price ($)').fill('7.25');
    await look('edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Product Management');
    await page.getByLabel('Name').fill('covers');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => card.innerText()).toMatch(/^Ear Thermometer Covers \(40-Pack\)\s+\$7\.25\s+Stock: 40/);

    // Delete it, through the dialog: Escape keeps it, Delete removes it.
    await card.getByRole('button', { name: 'Delete Ear Thermometer Covers (40-Pack)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete product?' });
    await dialog.waitFor();
    await look('delete-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: 'Delete Ear Thermometer Covers (40-Pack)' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('No products available', { exact: true }).count()).toBe(1);
    await look('listing-after-delete');
    // Gone from the shop, not only from this screen.
    await page.reload();
    await expect.poll(() => page.getByText('No products available', { exact: true }).count()).toBe(1);
    await leave(admin);
  });

  it('builds categories, puts a product with its own low-stock threshold in one, sees it marked and listed as low, and deletes the category moving its products', async () => {
    const admin = await openPerson(browser, shop);
    const { page } = admin;
    const look = (screen: string) => lookAt(page, 'admin', screen);
    await logIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL('/admin/categories');
    const newCategory = page.getByRole('form', { name: 'New category' });
    const tree = page.getByRole('region', { name: 'Category tree' });
    for (const name of ['Home tests', 'Test kits']) {
      await newCategory.getByRole('textbox', { name: /Name/ }).fill(name);
      await newCategory.getByRole('button', { name: 'Add category' }).click();
      await expect.poll(() => tree.getByRole('link', { name }).count()).toBe(1);
    }
    // A name a sibling has, in any case, is refused at the name.
    await newCategory.getByRole('textbox', { name: /Name/ }).fill('test KITS');
    await newCategory.getByRole('button', { name: 'Add category' }).click();
    await expect
      .poll(() => newCategory.getByText('A category named "Test kits" is already at the top level').count())
      .toBe(1);
    await look('categories');

    await page.goto('/create');
    await page.getByLabel('Name').fill('Rapid Strep Test Kit');
    await page.getByLabel('Description').fill('Ten single-use throat swab tests, results in five minutes.');
    await page.getByLabel('Price ($)').fill('12');
    await page.getByLabel('Stock quantity').fill('3');
    await page.getByLabel('Low stock at').fill('4');
    await page.getByRole('checkbox', { name: 'Test kits' }).check();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL('/');
    const card = page.getByRole('article', { name: 'Rapid Strep Test Kit' });
    // Found by its name (the listing's address, as a shared link would give it): marked as low in stock.
    await page.goto('/?name=rapid+strep');
    await expect.poll(() => card.innerText()).toMatch(/Stock: 3\s*,?\s*Low stock/);
    await look('listing-low-stock');

    await page.getByRole('link', { name: 'Low Stock' }).click();
    await page.waitForURL('/admin/low-stock');
    // Among the demo's products low in stock (at the shop's threshold, 5), the fewest units first.
    const rows = page.getByRole('list', { name: 'Products low in stock' }).getByRole('listitem');
    await expect
      .poll(() => rows.filter({ hasText: 'Rapid Strep Test Kit' }).innerText())
      .toMatch(/^Rapid Strep Test Kit\s+3 left\s+Own threshold: 4\s+Edit$/);
    const units = (await rows.allInnerTexts()).map((text) => Number(/\s(\d+) left/.exec(text)?.[1] ?? 0));
    expect(units).toEqual([...units].sort((a, b) => a - b));
    await look('low-stock');

    // Deleting a category that holds a product asks where it goes first.
    await page.goto('/admin/categories');
    await tree.getByRole('button', { name: 'Delete Test kits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Test kits”?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => dialog.getByText('"Test kits" holds a product: choose a category to move it to').count())
      .toBe(1);
    await dialog.getByRole('combobox', { name: 'Move its products to' }).selectOption({ label: 'Home tests' });
    await look('category-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('“Test kits” was deleted.').count()).toBe(1);
    await expect.poll(() => tree.getByRole('link', { name: 'Test kits' }).count()).toBe(0);
    await tree.getByRole('link', { name: 'Home tests' }).click();
    await expect
      .poll(() => page.getByRole('article').allInnerTexts())
      .toEqual([expect.stringMatching(/^No image\nRapid Strep Test Kit\n/)]);
    await leave(admin);
  });

  it('exports the catalogue, imports a CSV with a bad row, sees the row refused, fixes it and imports it again', async () => {
    const admin = await openPerson(browser, shop, 375);
    const { page } = admin;
    const look = (screen: string) => lookAt(page, 'admin', screen);
    await logIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Import / Export' }).click();
    await page.waitForURL('/admin/import');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^medshop-products-\d{4}-\d\d-\d\d\.csv$/);
    const exported = fs.readFileSync((await download.path())!, 'utf8').split('\n');
    expect(exported[0]).toBe('\uFEFFid,name,description,price,quantity,imageUrls,sku,categories,lowStockThreshold');
    expect(exported[1]).toMatch(
      /^1,Digital Thermometer,".+",\d+\.\d\d,\d+,\/images\/products\/digital-thermometer\.svg/,
    );

    const file = (price: string) => ({
      name: 'new-splints.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'name,description,price,quantity,sku,categories\n' +
          'Journey Finger Splint,Aluminium and foam,3.20,40,JRN-SPLINT-1,First aid\n' +
          `Journey Wrist Splint,"Breathable, adjustable",${price},12,JRN-SPLINT-2,First aid\n`,
      ),
    });
    const chooser = page.getByLabel('Choose a CSV file');
    // A price written with a decimal comma, as some spreadsheets do.
    await chooser.setInputFiles(file('"12,50"'));
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    await expect.poll(() => problems.innerText()).toBe('Line 3, price: Price must be an amount such as 12.50');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/^new-splints\.csv has 1 problem\./);
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    await look('import-problems');

    await chooser.setInputFiles(file('12.50'));
    const table = page.getByRole('table');
    await expect
      .poll(() => table.getByRole('row').allInnerTexts())
      .toEqual(['Line\tProduct\tChange', '2\tJourney Finger Splint\tNew', '3\tJourney Wrist Splint\tNew']);
    await look('import-preview');
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Imported' }).innerText())
      .toBe('Imported new-splints.csv: 2 products created, 0 products changed.');

    await page.goto('/?name=journey');
    await expect
      .poll(() =>
        page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
      )
      .toEqual(['Journey Finger Splint', 'Journey Wrist Splint']);
    await leave(admin);
  });

  it('uploads pictures for a product on a phone, refuses a file that is not one, and shows the small picture on the listing', async () => {
    const admin = await openPerson(browser, shop, 375);
    const { page } = admin;
    const look = (screen: string) => lookAt(page, 'admin', screen);
    await logIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.goto('/create');
    await page.getByLabel('Name').fill('Journey Cold Pack');
    await page.getByLabel('Description').fill('Reusable gel pack, keeps cold for 20 minutes.');
    await page.getByLabel('Price ($)').fill('6.40');
    await page.getByLabel('Stock quantity').fill('25');
    const photo = (colour: string) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    await page.getByLabel('Upload pictures').setInputFiles([
      { name: 'pack-front.jpg', mimeType: 'image/jpeg', buffer: await photo('#1f6feb') },
      { name: 'pack-side.jpg', mimeType: 'image/jpeg', buffer: await photo('#2da44e') },
      // A text file named as a picture: the shop reads what it is, and keeps nothing.
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
    ]);
    await expect
      .poll(() => page.getByRole('list', { name: 'Pictures not uploaded' }).innerText())
      .toBe('notes.png: Only JPEG, PNG and WebP pictures can be uploaded');
    const main = await page.getByLabel('Main image URL').inputValue();
    expect(main).toMatch(/^\/images\/uploads\/[0-9a-f]{32}$/);
    expect(await page.getByRole('textbox', { name: 'Other image 1', exact: true }).inputValue()).toMatch(
      /^\/images\/uploads\//,
    );
    await page.getByLabel('Main image alt text').fill('A blue gel pack, seen from the front');
    await look('product-form-pictures');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL('/');

    await page.goto('/?name=journey+cold+pack');
    const picture = page.getByRole('article', { name: 'Journey Cold Pack' }).locator('img');
    // The card's thumbnail on a phone: a small AVIF, not the 1,600 px upload, named by its own alt text.
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
      .toMatch(new RegExp(`^${shop.origin}${main}/(160|320)\\.avif$`));
    expect(await picture.getAttribute('alt')).toBe('A blue gel pack, seen from the front');
    await look('listing-pictures');
    // On the product's page the large picture says what it shows; the other, without a text of its own, the name.
    await page
      .getByRole('article', { name: 'Journey Cold Pack' })
      .getByRole('link', { name: 'Journey Cold Pack', exact: true })
      .click();
    await expect.poll(() => page.getByRole('img', { name: 'A blue gel pack, seen from the front' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Picture 2 of 2' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Journey Cold Pack', exact: true }).count()).toBe(1);
    await leave(admin);
  });
});
