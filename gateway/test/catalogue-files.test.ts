// The catalogue's CSV file through the gateway (plugins/catalogue-files.ts), as the web app and a client meet it: the
// export streamed through with the caller's token, an import previewed and then confirmed, the REST service's refusals
// passed on as they are, and once an import is written the catalogue cache forgets and productUpdated tells open
// pages. Against the plain contract (gateway-plain) there is no such extension: 501.
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

describe.runIf(!restExtensions)('the catalogue file over the plain contract', () => {
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
