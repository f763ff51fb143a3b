// The catalogue's CSV file through the gateway (plugins/catalogue-files.ts), as the web app and a client meet it: the
// export streamed through with the caller's token, an import previewed and then confirmed, the REST service's refusals
// passed on as they are, and once an import is written the catalogue cache forgets and productUpdated tells open
// pages. Against the plain contract (gateway-plain) there is no such extension: 501.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../tests/helpers/socket-feed.js';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';
import { toGlobalId } from '../src/global-id.js';

let shop: Shop;
let admin: string;
let shopper: string;
let productId: number;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
  shopper = await shop.user('csv-file-shopper');
  const restAdmin = await shop.rest.adminToken();
  productId = (
    await shop.rest.createProduct(restAdmin, { name: 'Exported Swabs', description: 'Cotton', price: 2.5, quantity: 9 })
  ).id;
});
afterAll(() => shop.close());

const file = (token: string | undefined, init: RequestInit & { query?: string } = {}) =>
  fetch(`${shop.gateway.url.replace(/\/graphql$/, '')}/catalogue/products.csv${init.query ?? ''}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
  });
const importing = (csv: string, query = '') =>
  file(admin, { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' }, query });

describe.runIf(restExtensions)('the catalogue file', () => {
  it('exports the catalogue to an admin, streamed with its file name', async () => {
    const answer = await file(admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="medshop-products-[\d-]{10}\.csv"$/,
    );
    // Read as bytes: a decoder (Response.text()) drops the byte order mark spreadsheet programs need.
    const text = Buffer.from(await answer.arrayBuffer()).toString('latin1');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '\xEF\xBB\xBFid,name,description,price,quantity,imageUrls,sku,categories,lowStockThreshold',
      `${productId},Exported Swabs,Cotton,2.50,9,,,,`,
    ]);
  });

  it('passes the REST service’s refusals on: a shopper, no token, JSON instead of CSV, a file over 10 MB', async () => {
    const shoppers = await file(shopper);
    expect([shoppers.status, await shoppers.json()]).toEqual([
      403,
      { message: 'Only administrators can export and import the catalogue', code: 'FORBIDDEN' },
    ]);
    expect((await file(undefined)).status).toBe(401);
    const json = await file(admin, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect([json.status, await json.json()]).toEqual([
      415,
      { message: 'Send the file with Content-Type: text/csv', code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    const large = await importing('x'.repeat(10 * 1024 * 1024 + 1));
    expect([large.status, await large.json()]).toEqual([
      413,
      { message: 'The file is too large: the limit is 10 MB', code: 'BODY_TOO_LARGE' },
    ]);
  });

  it('previews, then imports: the listing shows the new price at once, and an open product page hears of it', async () => {
    const id = toGlobalId('Product', productId);
    const LISTING = '{ products(first: 5, filter: { name: "exported swabs" }) { edges { node { price } } } }';
    expect((await shop.graphql(LISTING, {}, shopper)).data.products.edges).toEqual([{ node: { price: 2.5 } }]);
    // Kept by the catalogue cache: the same query again costs no REST call.
    shop.resetCalls();
    await shop.graphql(LISTING, {}, shopper);
    expect(shop.calls).toEqual([]);

    const watcher = shop.gateway.socket(shopper);
    const feed = listen(watcher, 'subscription ($ids: [ID!]) { productUpdated(ids: $ids) { id price } }', {
      ids: [id],
    });
    try {
      // Until the subscription is live, probe with an import that changes nothing visible but the stock.
      for (let quantity = 10; ; quantity += 1) {
        const csv = `id,name,description,price,quantity\n${productId},Exported Swabs,Cotton,2.50,${quantity}\n`;
        const preview = await (await importing(csv)).json();
        expect((await importing(csv, `?confirm=${preview.confirmation}`)).status).toBe(200);
        if (await feed.nextMatching(() => true, 250)) break;
        if (quantity > 20) throw new Error('productUpdated never came');
      }
      const csv = `id,name,description,price,quantity\n${productId},Exported Swabs,Cotton,1.95,30\n`;
      const previewAnswer = await importing(csv);
      expect(previewAnswer.status).toBe(200);
      const preview = await previewAnswer.json();
      expect(preview).toMatchObject({ updated: 1, created: 0, imported: false, problemCount: 0 });
      const imported = await importing(csv, `?confirm=${preview.confirmation}`);
      expect([imported.status, (await imported.json()).imported]).toEqual([200, true]);
      expect((await feed.nextMatching(() => true))?.data).toEqual({ productUpdated: { id, price: 1.95 } });
      expect((await shop.graphql(LISTING, {}, shopper)).data.products.edges).toEqual([{ node: { price: 1.95 } }]);
    } finally {
      feed.stop();
      await watcher.dispose();
    }
  });

  it('answers a stale confirmation with the REST service’s 409, writing nothing', async () => {
    const refused = await importing(
      `id,name,description,price,quantity\n${productId},Swabs,Cotton,1,1\n`,
      '?confirm=old',
    );
    expect([refused.status, await refused.json()]).toEqual([
      409,
      {
        message: 'The catalogue or the file changed since the preview: preview the file again. Nothing was imported',
        code: 'IMPORT_CHANGED',
        field: 'confirm',
      },
    ]);
  });
});

const pictures = (token: string | undefined, body: Buffer, type: string) =>
  fetch(`${shop.gateway.url.replace(/\/graphql$/, '')}/catalogue/pictures`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe.runIf(restExtensions)('uploading a picture', () => {
  it('passes an admin’s picture on and serves it resized, for a year, at its address', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const answer = await pictures(admin, png, 'image/png');
    expect(answer.status).toBe(201);
    const uploaded = (await answer.json()) as { id: string; url: string; width: number; height: number };
    expect(uploaded).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/images/uploads/${uploaded.id}`,
      width: 500,
      height: 500,
    });
    const served = await fetch(`${shop.gateway.url.replace(/\/graphql$/, '')}/images/uploads/${uploaded.id}/320.avif`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      200,
      'image/avif',
      'public, max-age=31536000, immutable',
    ]);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(320);
  });

  it('refuses another type, a file over 10 MB, and a shopper, with the shop’s own messages', async () => {
    const gif = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refused = await pictures(admin, gif, 'image/gif');
    expect([refused.status, await refused.json()]).toEqual([
      415,
      { message: 'Only JPEG, PNG and WebP pictures can be uploaded', code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
    const saidPng = await pictures(admin, gif, 'image/png');
    expect([saidPng.status, (await saidPng.json()).message]).toEqual([
      415,
      'Only JPEG, PNG and WebP pictures can be uploaded',
    ]);
    const large = await pictures(admin, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/jpeg');
    expect([large.status, await large.json()]).toEqual([
      413,
      { message: 'A picture can be at most 10 MB', code: 'BODY_TOO_LARGE' },
    ]);
    const shoppers = await pictures(shopper, gif, 'image/png');
    expect([shoppers.status, (await shoppers.json()).message]).toEqual([
      403,
      'Only administrators can upload pictures',
    ]);
  });
});

describe.runIf(!restExtensions)('the catalogue file over the plain contract', () => {
  it('has no pictures: 501', async () => {
    const answer = await pictures(admin, Buffer.from('x'), 'image/png');
    expect([answer.status, (await answer.json()).code]).toEqual([501, 'NOT_SUPPORTED']);
  });

  it('is not there: 501', async () => {
    const answer = await file(admin);
    expect([answer.status, await answer.json()]).toEqual([
      501,
      {
        message:
          'This shop’s catalogue service cannot export or import CSV (its REST service has no product-csv extension)',
        code: 'NOT_SUPPORTED',
      },
    ]);
  });
});
