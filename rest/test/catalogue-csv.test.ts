// The catalogue as CSV (issue 34, extension product-csv): admins export it, edit it in a spreadsheet and import it
// back. An import is previewed first (what it creates and changes, every bad row with its line and reason, nothing
// written); it is imported only with the preview's confirmation, in one transaction, each product's change audited.
// On the suite's database (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let shopper: string;
let dressings: number;
let thermometer: number;
let gauze: number;

interface ImportAnswer {
  created: number;
  updated: number;
  unchanged: number;
  problemCount: number;
  problems: { line: number; column: string | null; message: string }[];
  changes: { line: number; action: string; id: number | null; name: string; fields: string[] }[];
  confirmation: string | null;
  imported: boolean;
}

/** The columns in another order than the export's: a file may have them in any. */
const HEADER = 'id,sku,name,description,price,quantity,lowStockThreshold,categories,imageUrls';

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('csv-shopper');
  const category = async (name: string, parentId: number | null) =>
    (await shop.request('POST', '/api/categories', { token: admin, body: { name, parentId } })).body.id as number;
  const woundCare = await category('Wound care', null);
  dressings = await category('Dressings', woundCare);
  thermometer = (
    await shop.createProduct(admin, {
      name: 'Digital Thermometer',
      description: 'Oral, "fast" reading',
      price: 12.5,
      quantity: 40,
      sku: 'THERMO-1',
      imageUrls: ['/images/a.svg', 'https://cdn.example/b.webp'],
    })
  ).id;
  gauze = (
    await shop.createProduct(admin, {
      name: 'Gauze Roll, 5 m',
      description: 'Sterile\nwoven gauze',
      price: 3,
      quantity: 200,
      categoryIds: [dressings],
      lowStockThreshold: 20,
    })
  ).id;
});
afterAll(() => shop.close());

const exported = async () => {
  const answer = await shop.request<string>('GET', '/api/products/export', { token: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer;
};

const importing = async (csv: string, confirm?: string) =>
  shop.request<ImportAnswer>('POST', '/api/products/import', {
    token: admin,
    headers: { 'content-type': 'text/csv' },
    body: csv,
    ...(confirm === undefined ? {} : { query: { confirm } }),
  });

const products = async () =>
  (await shop.request('GET', '/api/products', { token: admin })).body.map((product: any) => [
    product.name,
    product.price,
    product.quantity,
    product.sku,
  ]);

describe('exporting the catalogue', () => {
  it('answers every product as CSV in id order: categories by path, images separated by spaces, a BOM for spreadsheets', async () => {
    const answer = await exported();
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="medshop-products-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(answer.text).toBe(
      '\uFEFF' +
        'id,name,description,price,quantity,imageUrls,sku,categories,lowStockThreshold\n' +
        `${thermometer},Digital Thermometer,"Oral, ""fast"" reading",12.50,40,/images/a.svg https://cdn.example/b.webp,THERMO-1,,\n` +
        `${gauze},"Gauze Roll, 5 m","Sterile\nwoven gauze",3.00,200,,,Wound care > Dressings,20\n`,
    );
  });

  it('is for admins only', async () => {
    const refused = await shop.request('GET', '/api/products/export', { token: shopper });
    expect([refused.status, refused.body]).toEqual([
      403,
      { message: 'Only administrators can export and import the catalogue', code: 'FORBIDDEN' },
    ]);
  });
});

describe('importing it back', () => {
  it('previews what the edited file creates and changes, writing nothing; imports it with the confirmation, audited', async () => {
    const before = await products();
    const csv =
      `${HEADER}\n` +
      // Changed: the price and the stock; the rest as exported.
      `${thermometer},THERMO-1,Digital Thermometer,"Oral, ""fast"" reading",13.25,35,,,/images/a.svg https://cdn.example/b.webp\n` +
      // As it is.
      `${gauze},,"Gauze Roll, 5 m","Sterile\nwoven gauze",3.00,200,20,wound care>dressings,\n` +
      // New, in a category by its path (any case, any spaces around >).
      `,BAND-9,Elastic Bandage,Stretchy,4.99,15,3,Wound Care > Dressings,\n`;
    const preview = await importing(csv);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
      problemCount: 0,
      problems: [],
      changes: [
        { line: 2, action: 'update', id: thermometer, name: 'Digital Thermometer', fields: ['price', 'quantity'] },
        {
          line: 5,
          action: 'create',
          id: null,
          name: 'Elastic Bandage',
          fields: [
            'name',
            'description',
            'price',
            'quantity',
            'imageUrl',
            'imageUrls',
            'imageAlts',
            'sku',
            'categoryIds',
            'lowStockThreshold',
          ],
        },
      ],
      confirmation: expect.stringMatching(/^[\w-]{43}$/),
      imported: false,
    });
    expect(await products()).toEqual(before);

    const done = await importing(csv, preview.body.confirmation!);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ created: 1, updated: 1, unchanged: 1, confirmation: null, imported: true });
    const created = done.body.changes.find((change) => change.action === 'create')!.id!;
    expect(await products()).toEqual([
      ['Digital Thermometer', 13.25, 35, 'THERMO-1'],
      ['Gauze Roll, 5 m', 3, 200, null],
      ['Elastic Bandage', 4.99, 15, 'BAND-9'],
    ]);
    const bandage = (await shop.request('GET', `/api/products/${created}`, { token: admin })).body;
    expect([bandage.categoryIds, bandage.lowStockThreshold]).toEqual([[dressings], 3]);
    const audit = await shop.request('GET', '/api/audit-events', { token: admin, query: { size: 2 } });
    expect(
      audit.body.content.map((event: any) => [
        event.action,
        event.subject.id,
        event.actor.username,
        event.changes.price,
      ]),
    ).toEqual([
      ['product.created', created, 'admin', { to: 4.99 }],
      ['product.updated', thermometer, 'admin', { from: 12.5, to: 13.25 }],
    ]);
  });

  it('lists every bad row with its line, column and reason, and imports nothing while any is there', async () => {
    const before = await products();
    const csv =
      `${HEADER}\n` +
      `,,Good Product,Fine,1.00,1,,,\n` +
      `,,,No name,abc,-2,,,\n` +
      `999999,,Ghost,Gone,1.00,1,,,\n` +
      `,,Lost,In a category nobody has,1.00,1,,Nowhere > Else,\n` +
      `,thermo-1,Copy,Takes the SKU of an existing product by another name,1.00,1,,,\n` +
      `,ZED-1,First,One,1.00,1,,,\n` +
      `,zed-1,Second,Same SKU in another case,1.00,1,,,\n` +
      `,,Short row\n` +
      `,,Bad picture,Pictures must be URLs,1.00,1,,,ftp://example.com/a.png\n`;
    const preview = await importing(csv);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.problems).toEqual([
      { line: 3, column: 'name', message: 'Name is required' },
      { line: 3, column: 'price', message: 'Price must be an amount such as 12.50' },
      { line: 3, column: 'quantity', message: 'Quantity must be at least 0' },
      { line: 4, column: 'id', message: 'No product has id 999999' },
      {
        line: 5,
        column: 'categories',
        message:
          'No category is "Nowhere > Else": write each as its path ("Wound care > Dressings"), several separated by " | "',
      },
      { line: 8, column: 'sku', message: 'SKU zed-1 is on line 7 already' },
      { line: 9, column: null, message: 'The row has 3 cells where the header has 9' },
      {
        line: 10,
        column: 'imageUrls',
        message: 'Image URL must be an absolute http(s) URL or a path on the shop starting with /',
      },
    ]);
    // The SKU of an existing product, in another case: that product is the one the row changes.
    expect(preview.body.changes.map((change) => [change.line, change.action, change.id])).toEqual([
      [2, 'create', null],
      [6, 'update', thermometer],
      [7, 'create', null],
    ]);
    expect([preview.body.problemCount, preview.body.confirmation]).toEqual([8, null]);
    const refused = await importing(csv, 'anything');
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        message: 'The file has 8 problems, the first on line 3: Name is required. Nothing was imported',
        code: 'IMPORT_INVALID',
        field: 'body',
      },
    ]);
    expect(await products()).toEqual(before);
  });

  it('refuses a file without a required column, with an unknown one, or that is not CSV, naming what is wrong', async () => {
    expect((await importing('name,description,price\nA,B,1.00\n')).body.problems).toEqual([
      { line: 1, column: 'quantity', message: 'The file has no quantity column' },
    ]);
    expect((await importing('name,description,price,quantity,colour\nA,B,1,1,red\n')).body.problems).toEqual([
      {
        line: 1,
        column: 'colour',
        message:
          'Unknown column "colour": the columns are id, name, description, price, quantity, imageUrls, sku, categories, lowStockThreshold',
      },
    ]);
    expect((await importing('name,description,price,quantity\n"A,B,1,1\n')).body.problems).toEqual([
      { line: 2, column: null, message: expect.stringMatching(/^The file is not CSV: Quote Not Closed/) },
    ]);
    expect((await importing('')).body.problems).toEqual([
      { line: 1, column: null, message: 'The file is empty: it has no header' },
    ]);
    expect((await importing(`${HEADER}\n`)).body.problems).toEqual([
      { line: 2, column: null, message: 'The file has no rows to import' },
    ]);
  });

  it('refuses to import once the catalogue changed since the preview, and nothing is written', async () => {
    const csv = `id,name,description,price,quantity\n${gauze},"Gauze Roll, 5 m",Sterile,3.10,150\n`;
    const preview = await importing(csv);
    expect(preview.body).toMatchObject({ updated: 1, problemCount: 0 });
    // Meanwhile a unit is sold: importing the previewed stock would undo that sale unseen.
    const changed = await shop.request('PUT', `/api/products/${gauze}`, {
      token: admin,
      body: { name: 'Gauze Roll, 5 m', description: 'Sterile\nwoven gauze', price: 3, quantity: 199 },
    });
    expect(changed.status).toBe(200);
    const refused = await importing(csv, preview.body.confirmation!);
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        message: 'The catalogue or the file changed since the preview: preview the file again. Nothing was imported',
        code: 'IMPORT_CHANGED',
        field: 'confirm',
      },
    ]);
    const gauzeNow = (await shop.request('GET', `/api/products/${gauze}`, { token: admin })).body;
    expect([gauzeNow.price, gauzeNow.quantity, gauzeNow.description]).toEqual([3, 199, 'Sterile\nwoven gauze']);
  });

  it('keeps the fields whose columns a file leaves out; lets two products swap their SKUs', async () => {
    const bandage = (await shop.request('GET', '/api/products/filter', { token: admin, query: { name: 'Elastic' } }))
      .body[0];
    const csv =
      `id,sku,name,description,price,quantity\n` +
      `${thermometer},BAND-9,Digital Thermometer,"Oral, ""fast"" reading",13.25,35\n` +
      `${bandage.id},THERMO-1,Elastic Bandage,Stretchy,4.99,15\n`;
    const preview = await importing(csv);
    expect(preview.body.changes.map((change) => [change.id, change.fields])).toEqual([
      [thermometer, ['sku']],
      [bandage.id, ['sku']],
    ]);
    expect((await importing(csv, preview.body.confirmation!)).body).toMatchObject({ updated: 2, imported: true });
    const swapped = (await shop.request('GET', `/api/products/${bandage.id}`, { token: admin })).body;
    expect([swapped.sku, swapped.categoryIds, swapped.lowStockThreshold]).toEqual(['THERMO-1', [dressings], 3]);
  });

  it('keeps each picture’s alt text, which no column holds, for the images a file keeps, wherever it puts them', async () => {
    const [front, side, back] = ['/images/csv-front.png', '/images/csv-side.png', '/images/csv-back.png'];
    const tray = await shop.createProduct(admin, {
      name: 'Syringe Tray',
      imageUrl: front,
      imageUrls: [side, back],
      imageAlts: [
        { url: front, alt: 'Ten syringes in a tray' },
        { url: side, alt: 'The tray from the side' },
      ],
    });
    const csv = `id,name,description,price,quantity,imageUrls\n${tray.id},Syringe Tray,Ten,2.50,5,${side} ${back}\n`;
    const preview = await importing(csv);
    expect(preview.body.changes.map((change) => change.fields)).toEqual([
      ['description', 'price', 'quantity', 'imageUrl', 'imageUrls', 'imageAlts'],
    ]);
    expect((await importing(csv, preview.body.confirmation!)).body).toMatchObject({ updated: 1, imported: true });
    const after = (await shop.request('GET', `/api/products/${tray.id}`, { token: admin })).body;
    expect([after.imageUrls, after.imageAlts]).toEqual([[side, back], [{ url: side, alt: 'The tray from the side' }]]);
    await shop.request('DELETE', `/api/products/${tray.id}`, { token: admin });
  });

  it('refuses a body that is not CSV text, over 10 MB, or from a shopper, before reading it', async () => {
    const json = await shop.request('POST', '/api/products/import', { token: admin, body: { name: 'x' } });
    expect([json.status, json.body]).toEqual([
      415,
      {
        message: 'Unsupported content type: send the file with Content-Type: text/csv',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ]);
    const large = await importing(`${HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect([large.status, large.body]).toEqual([
      413,
      { message: 'Request body is too large: the limit is 10 MB', code: 'BODY_TOO_LARGE' },
    ]);
    const shoppers = await shop.request('POST', '/api/products/import', {
      token: shopper,
      headers: { 'content-type': 'text/csv' },
      body: HEADER,
    });
    expect([shoppers.status, shoppers.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
