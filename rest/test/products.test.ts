// The catalogue: every logged-in user reads and filters it, only admins change it (spec §5, §7; DESIGN §3–§4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let shopper: string;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('products-shopper');
});
afterAll(() => shop.close());

const PRODUCT_FIELDS = [
  'categoryIds',
  'createdAt',
  'description',
  'id',
  'imageAlts',
  'imageUrl',
  'imageUrls',
  'lowStockThreshold',
  'name',
  'price',
  'quantity',
  'sku',
  'updatedAt',
];
const INVALID_IMAGE_URL = 'Image URL must be an absolute http(s) URL or a path on the shop starting with /';
const ADMINS_ONLY = 'Only administrators can manage products';

/**
 * A tag no other product name contains ("t3x" is not part of "t13x" nor "t30x"), so a name filter finds just one test's
 * products.
 */
let counter = 0;
const tag = () => `t${++counter}x`;

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Sterile Gauze ${tag()}`,
  description: 'Ten pads, individually wrapped',
  price: 4.5,
  quantity: 20,
  ...overrides,
});

async function catalogue(service: RestService = shop, token = shopper): Promise<any[]> {
  const answer = await service.request('GET', '/api/products', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

function filter(query: Record<string, string | number>, token = shopper) {
  return shop.request('GET', '/api/products/filter', { token, query });
}

const namesOf = (products: any[]) => products.map((product) => product.name);

describe('every products call', () => {
  it('needs a token and answers 401 without one, changing nothing', async () => {
    const product = await shop.createProduct(admin);
    const before = await catalogue();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/products', undefined],
      ['GET', '/api/products/filter', undefined],
      ['GET', `/api/products/${product.id}`, undefined],
      ['POST', '/api/products', validBody()],
      ['PUT', `/api/products/${product.id}`, validBody()],
      ['DELETE', `/api/products/${product.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await shop.request(method as 'GET', path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual({ message: 'Authentication required', code: 'AUTHENTICATION_REQUIRED' });
    }
    expect(await catalogue()).toEqual(before);
  });
});

describe('GET /api/products', () => {
  it('lists the products by id with every field present, imageUrl null and imageUrls empty when there is no image', async () => {
    const first = await shop.createProduct(admin, { name: `Plain Bandage ${tag()}`, price: 3.25, quantity: 7 });
    const second = await shop.createProduct(admin, {
      name: `Pictured Bandage ${tag()}`,
      imageUrl: 'https://cdn.example/bandage.png',
    });

    const products = await catalogue();
    const ids = products.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const product of products) expect(Object.keys(product).sort()).toEqual(PRODUCT_FIELDS);

    const listedFirst = products.find((product) => product.id === first.id);
    expect(listedFirst).toEqual({
      id: first.id,
      name: first.name,
      description: 'A product made by a test',
      price: 3.25,
      quantity: 7,
      imageUrl: null,
      imageUrls: [],
      imageAlts: [],
      sku: null,
      categoryIds: [],
      lowStockThreshold: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const listedSecond = products.find((product) => product.id === second.id);
    expect(listedSecond).toMatchObject({
      imageUrl: 'https://cdn.example/bandage.png',
      imageUrls: ['https://cdn.example/bandage.png'],
    });
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the product with the same fields as the listing', async () => {
    const created = await shop.createProduct(admin, { name: `Thermometer ${tag()}`, price: 12.99, quantity: 3 });
    const answer = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(created);
    expect((await catalogue()).find((product) => product.id === created.id)).toEqual(answer.body);
  });

  it('answers 404 "Product not found" for an id no product has', async () => {
    const answer = await shop.request('GET', '/api/products/987654', { token: shopper });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' });
  });

  it.each([
    ['abc', 'ID must be a whole number'],
    ['1.5', 'ID must be a whole number'],
    ['0', 'ID must be at least 1'],
    ['99999999999', 'ID must be at most 2147483647'],
  ])('answers 400 for the id "%s": "%s"', async (id, message) => {
    const answer = await shop.request('GET', `/api/products/${id}`, { token: shopper });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field: 'id', code: 'INVALID_INPUT' });
  });
});

describe('GET /api/products/filter', () => {
  it('finds a name anywhere in the product name in any case, also beyond ASCII', async () => {
    const suffix = tag();
    const german = await shop.createProduct(admin, { name: `Ärzte-Set ${suffix}` });
    await shop.createProduct(admin, { name: `Arzte-Kit ${suffix}` });

    for (const name of ['ärzte', 'ÄRZTE', 'Ärzte-SET', 'rZTE-s', `ÄRZTE-SET ${suffix.toUpperCase()}`]) {
      const answer = await filter({ name });
      expect(answer.status, name).toBe(200);
      expect(answer.body, name).toEqual([german]);
    }
    const both = await filter({ name: suffix.toUpperCase() });
    expect(namesOf(both.body)).toEqual([`Ärzte-Set ${suffix}`, `Arzte-Kit ${suffix}`]);
  });

  it('treats % and _ and \\ in the name filter as the characters themselves, not as wildcards', async () => {
    const suffix = tag();
    await shop.createProduct(admin, { name: `Cotton 100% ${suffix}` });
    await shop.createProduct(admin, { name: `Cotton 1000 ${suffix}` });
    await shop.createProduct(admin, { name: `Tape_a ${suffix}` });
    await shop.createProduct(admin, { name: `Tapexa ${suffix}` });
    await shop.createProduct(admin, { name: `Folder a\\b ${suffix}` });
    await shop.createProduct(admin, { name: `Folder ab ${suffix}` });

    const cases: [string, string[]][] = [
      [`0% ${suffix}`, [`Cotton 100% ${suffix}`]],
      [`e_a ${suffix}`, [`Tape_a ${suffix}`]],
      [`a\\b ${suffix}`, [`Folder a\\b ${suffix}`]],
      ['%', [`Cotton 100% ${suffix}`]],
    ];
    for (const [name, expected] of cases) {
      const answer = await filter({ name });
      expect(answer.status, name).toBe(200);
      expect(namesOf(answer.body), name).toEqual(expected);
    }
  });

  it('keeps price and quantity bounds inclusive and combines every criterion', async () => {
    const suffix = tag();
    const rows: [number, number][] = [
      [4.99, 5],
      [5, 3],
      [7.5, 0],
      [10, 8],
      [10.01, 5],
    ];
    for (const [price, quantity] of rows) {
      await shop.createProduct(admin, { name: `Scale ${price} ${suffix}`, price, quantity });
    }

    const byPrice = await filter({ name: suffix, minPrice: 5, maxPrice: 10 });
    expect(byPrice.status).toBe(200);
    expect(byPrice.body.map((product: any) => product.price)).toEqual([5, 7.5, 10]);

    const byQuantity = await filter({ name: suffix, minQuantity: 3, maxQuantity: 5 });
    expect(byQuantity.body.map((product: any) => product.quantity)).toEqual([5, 3, 5]);

    const combined = await filter({ name: suffix, minPrice: 5, maxPrice: 10.01, minQuantity: 3, maxQuantity: 8 });
    expect(combined.body.map((product: any) => product.price)).toEqual([5, 10, 10.01]);

    const exact = await filter({ name: suffix, minPrice: 7.5, maxPrice: 7.5, minQuantity: 0, maxQuantity: 0 });
    expect(namesOf(exact.body)).toEqual([`Scale 7.5 ${suffix}`]);

    const none = await filter({ name: suffix, minPrice: 10.02 });
    expect(none.body).toEqual([]);
  });

  it('answers the whole catalogue without criteria, and takes empty parameters as "no filter"', async () => {
    const suffix = tag();
    await shop.createProduct(admin, { name: `Mask ${suffix}`, price: 2 });
    const all = await catalogue();

    const bare = await filter({});
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual(all);

    const empty = await filter({ name: '', minPrice: '', maxPrice: '', minQuantity: '', maxQuantity: '' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(all);

    const blankName = await filter({ name: '   ' });
    expect(blankName.body).toEqual(all);

    const nameOnly = await filter({ name: suffix, maxPrice: '', minQuantity: '' });
    expect(nameOnly.status).toBe(200);
    expect(namesOf(nameOnly.body)).toEqual([`Mask ${suffix}`]);
  });

  it.each([
    [{ minPrice: 10, maxPrice: 9.99 }, 'Min price must not be greater than max price', 'minPrice'],
    [{ minQuantity: 5, maxQuantity: 4 }, 'Min quantity must not be greater than max quantity', 'minQuantity'],
    [{ minPrice: -1 }, 'Min price must be at least 0', 'minPrice'],
    [{ maxPrice: 'cheap' }, 'Max price must be a number', 'maxPrice'],
    [{ minQuantity: 1.5 }, 'Min quantity must be a whole number', 'minQuantity'],
    [{ maxQuantity: -2 }, 'Max quantity must be at least 0', 'maxQuantity'],
  ])('refuses %j with 400 "%s" naming the field %s', async (query, message, field) => {
    const answer = await filter(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
  });
});

describe('POST /api/products', () => {
  it('creates a product (201) with trimmed name and images trimmed, without blanks or duplicates, imageUrl first', async () => {
    const name = `Stethoscope ${tag()}`;
    const answer = await shop.request('POST', '/api/products', {
      token: admin,
      body: {
        name: `  ${name}  `,
        description: 'Dual head',
        price: 89.9,
        quantity: 4,
        imageUrl: '  https://cdn.example/steth.png ',
        imageUrls: ['/images/steth-side.png  ', '', '   ', 'https://cdn.example/steth.png', '/images/steth-side.png'],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name,
      description: 'Dual head',
      price: 89.9,
      quantity: 4,
      imageUrl: 'https://cdn.example/steth.png',
      imageUrls: ['https://cdn.example/steth.png', '/images/steth-side.png'],
      imageAlts: [],
      sku: null,
      categoryIds: [],
      lowStockThreshold: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const reread = await shop.request('GET', `/api/products/${answer.body.id}`, { token: shopper });
    expect(reread.body).toEqual(answer.body);
  });

  it('makes the first of imageUrls the imageUrl when only imageUrls is given', async () => {
    const answer = await shop.request('POST', '/api/products', {
      token: admin,
      body: validBody({ imageUrls: [' ', 'http://img.example/a.jpg', '/images/b.jpg', 'http://img.example/a.jpg'] }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.imageUrl).toBe('http://img.example/a.jpg');
    expect(answer.body.imageUrls).toEqual(['http://img.example/a.jpg', '/images/b.jpg']);
  });

  it('stores no image when imageUrl and imageUrls are null or only blanks, answering null and []', async () => {
    for (const images of [
      { imageUrl: null, imageUrls: null },
      { imageUrl: '  ', imageUrls: ['', ' '] },
    ]) {
      const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody(images) });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ imageUrl: null, imageUrls: [] });
    }
  });

  it('accepts the lowest values: price 0 and quantity 0, and prices with one or two decimals', async () => {
    for (const [price, quantity] of [
      [0, 0],
      [0.1, 1],
      [12.34, 1_000_000],
    ] as const) {
      const answer = await shop.request('POST', '/api/products', {
        token: admin,
        body: validBody({ price, quantity }),
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ price, quantity });
    }
  });

  it('keeps a description of several lines as it was sent', async () => {
    const description = 'Ten pads.\r\nIndividually wrapped.\nLatex free.';
    const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody({ description }) });
    expect([answer.status, answer.body.description]).toEqual([201, description]);
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/x.png',
    'ftp://x/y.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'images/x.png',
    'http://',
  ])('refuses the image URL %j, as imageUrl or in imageUrls, and keeps the catalogue unchanged', async (url) => {
    const before = await catalogue();
    const cases: [Record<string, unknown>, string][] = [
      [{ imageUrl: url }, 'imageUrl'],
      [{ imageUrl: 'https://cdn.example/ok.png', imageUrls: ['/images/ok.png', url] }, 'imageUrls'],
    ];
    for (const [images, field] of cases) {
      const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody(images) });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: INVALID_IMAGE_URL, field, code: 'INVALID_INPUT' });
    }
    expect(await catalogue()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a price with three decimals', { price: 12.345 }, 'Price can have at most 2 decimal places', 'price'],
    ['a price sent as text', { price: '12' }, 'Price must be a number, not text', 'price'],
    ['a negative price', { price: -1 }, 'Price must be at least 0', 'price'],
    ['a price above the limit', { price: 1_000_000.01 }, 'Price must be at most 1000000', 'price'],
    ['a null price', { price: null }, 'Price must be a number', 'price'],
    ['a fractional quantity', { quantity: 1.5 }, 'Quantity must be a whole number', 'quantity'],
    ['a negative quantity', { quantity: -1 }, 'Quantity must be at least 0', 'quantity'],
    ['a quantity sent as text', { quantity: '3' }, 'Quantity must be a whole number, not text', 'quantity'],
    ['an empty name', { name: '' }, 'Name is required', 'name'],
    ['a whitespace-only name', { name: '  \t ' }, 'Name is required', 'name'],
    ['a whitespace-only description', { description: '   ' }, 'Description is required', 'description'],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'Name must be at most 200 characters long', 'name'],
    [
      'a name of two lines',
      { name: 'Gauze\r\nSecond line' },
      'Name must be a single line of text, without line breaks or control characters',
      'name',
    ],
    [
      'a name with a line feed',
      { name: 'Gauze\nX' },
      'Name must be a single line of text, without line breaks or control characters',
      'name',
    ],
    [
      'imageUrls that is not a list',
      { imageUrls: '/images/a.png' },
      'Image URLs must be a list, not text',
      'imageUrls',
    ],
    [
      'an imageUrls entry that is not text',
      { imageUrls: ['/images/a.png', 5] },
      'Image URLs entry 2 must be text',
      'imageUrls',
    ],
  ])('refuses %s with 400 and keeps the catalogue unchanged', async (_case, overrides, message, field) => {
    const before = await catalogue();
    const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody(overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    expect(await catalogue()).toEqual(before);
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['price', 'Price is required'],
    ['quantity', 'Quantity is required'],
  ])('refuses a product without %s with 400 "%s" and keeps the catalogue unchanged', async (field, message) => {
    const before = await catalogue();
    const body: Record<string, unknown> = validBody();
    delete body[field];
    const answer = await shop.request('POST', '/api/products', { token: admin, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a body that is not a JSON object and keeps the catalogue unchanged', async () => {
    const before = await catalogue();
    const list = await shop.request('POST', '/api/products', { token: admin, body: [validBody()] });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: 'Request body must be a JSON object', code: 'INVALID_INPUT' });
    const broken = await shop.request('POST', '/api/products', {
      token: admin,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'Request body is not valid JSON', code: 'MALFORMED_REQUEST' });
    expect(await catalogue()).toEqual(before);
  });

  it('answers 403 to a regular user and creates nothing', async () => {
    const before = await catalogue();
    const answer = await shop.request('POST', '/api/products', { token: shopper, body: validBody() });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: ADMINS_ONLY, code: 'FORBIDDEN' });
    expect(await catalogue()).toEqual(before);
  });
});

describe('PUT /api/products/{id}', () => {
  it('replaces every field, images included, and keeps id and createdAt', async () => {
    const created = await shop.createProduct(admin, {
      name: `Old Gloves ${tag()}`,
      imageUrl: '/images/old.png',
      imageUrls: ['/images/old-2.png'],
    });
    const name = `New Gloves ${tag()}`;
    const answer = await shop.request('PUT', `/api/products/${created.id}`, {
      token: admin,
      body: {
        name,
        description: 'Nitrile, size M',
        price: 7.05,
        quantity: 0,
        imageUrls: [' https://cdn.example/new.png '],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: created.id,
      name,
      description: 'Nitrile, size M',
      price: 7.05,
      quantity: 0,
      imageUrl: 'https://cdn.example/new.png',
      imageUrls: ['https://cdn.example/new.png'],
      imageAlts: [],
      sku: null,
      categoryIds: [],
      lowStockThreshold: null,
      createdAt: created.createdAt,
      updatedAt: expect.any(String),
    });
    const reread = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(reread.body).toEqual(answer.body);

    const withoutImages = await shop.request('PUT', `/api/products/${created.id}`, {
      token: admin,
      body: { name, description: 'Nitrile, size M', price: 7.05, quantity: 0 },
    });
    expect(withoutImages.status).toBe(200);
    expect(withoutImages.body).toMatchObject({ imageUrl: null, imageUrls: [] });
  });

  it('answers 404 "Product not found" for an unknown id and creates nothing', async () => {
    const before = await catalogue();
    const answer = await shop.request('PUT', '/api/products/987654', { token: admin, body: validBody() });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' });
    expect(await catalogue()).toEqual(before);
  });

  it('answers 400 for the id "abc"', async () => {
    const answer = await shop.request('PUT', '/api/products/abc', { token: admin, body: validBody() });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'ID must be a whole number', field: 'id', code: 'INVALID_INPUT' });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a price with three decimals', { price: 12.345 }, 'Price can have at most 2 decimal places', 'price'],
    ['a blank name', { name: '   ' }, 'Name is required', 'name'],
    [
      'a name of two lines',
      { name: 'Splint\nX' },
      'Name must be a single line of text, without line breaks or control characters',
      'name',
    ],
    ['a fractional quantity', { quantity: 2.5 }, 'Quantity must be a whole number', 'quantity'],
    ['a javascript: image', { imageUrl: 'javascript:alert(1)' }, INVALID_IMAGE_URL, 'imageUrl'],
  ])('refuses an update with %s and leaves the product as it was', async (_case, overrides, message, field) => {
    const created = await shop.createProduct(admin, { name: `Steady Splint ${tag()}`, imageUrl: '/images/splint.png' });
    const answer = await shop.request('PUT', `/api/products/${created.id}`, {
      token: admin,
      body: validBody(overrides),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    const reread = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(reread.body).toEqual(created);
  });

  it('answers 403 to a regular user and leaves the product as it was', async () => {
    const created = await shop.createProduct(admin, { name: `Guarded Sling ${tag()}` });
    const answer = await shop.request('PUT', `/api/products/${created.id}`, {
      token: shopper,
      body: validBody({ price: 0 }),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: ADMINS_ONLY, code: 'FORBIDDEN' });
    const reread = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(reread.body).toEqual(created);
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes (204, no body); afterwards the product answers 404 and is gone from the listing', async () => {
    const created = await shop.createProduct(admin, { name: `Old Crutch ${tag()}` });
    const answer = await shop.request('DELETE', `/api/products/${created.id}`, { token: admin });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');

    const reread = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(reread.status).toBe(404);
    expect(reread.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' });
    expect((await catalogue()).map((product) => product.id)).not.toContain(created.id);

    const again = await shop.request('DELETE', `/api/products/${created.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' });
  });

  it('removes the product from every cart, while past orders keep their line as it was', async () => {
    const doomed = await shop.createProduct(admin, { name: `Doomed Syringe ${tag()}`, price: 2.5, quantity: 10 });
    const kept = await shop.createProduct(admin, { name: `Kept Swab ${tag()}`, price: 1.25, quantity: 10 });
    const buyer = await shop.register('products-delete-buyer');
    const browser = await shop.register('products-delete-browser');

    await shop.request('POST', '/api/cart/items', { token: buyer, body: { productId: doomed.id, quantity: 2 } });
    const placed = await shop.request('POST', '/api/orders/checkout', {
      token: buyer,
      body: { shippingAddress: '1 Ward Road' },
    });
    expect(placed.status).toBe(201);
    await shop.request('POST', '/api/cart/items', { token: browser, body: { productId: doomed.id, quantity: 3 } });
    await shop.request('POST', '/api/cart/items', { token: browser, body: { productId: kept.id, quantity: 1 } });

    const deleted = await shop.request('DELETE', `/api/products/${doomed.id}`, { token: admin });
    expect(deleted.status).toBe(204);

    const cart = await shop.request('GET', '/api/cart', { token: browser });
    expect(cart.body.items.map((item: any) => item.productId)).toEqual([kept.id]);
    expect(cart.body).toMatchObject({ totalItems: 1, totalPrice: 1.25 });

    const order = await shop.request('GET', `/api/orders/${placed.body.id}`, { token: buyer });
    expect(order.status).toBe(200);
    // The line as bought; its product (extension line-products) is gone.
    expect(order.body.items).toEqual([
      {
        id: expect.any(Number),
        productId: doomed.id,
        productName: doomed.name,
        sku: null,
        product: null,
        price: 2.5,
        quantity: 2,
        subtotal: 5,
      },
    ]);
  });

  it('answers 404 for an unknown id and 400 for the id "abc"', async () => {
    const unknown = await shop.request('DELETE', '/api/products/987654', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND', field: 'id' });
    const malformed = await shop.request('DELETE', '/api/products/abc', { token: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'ID must be a whole number', field: 'id', code: 'INVALID_INPUT' });
  });

  it('answers 403 to a regular user and keeps the product', async () => {
    const created = await shop.createProduct(admin, { name: `Safe Walker ${tag()}` });
    const answer = await shop.request('DELETE', `/api/products/${created.id}`, { token: shopper });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: ADMINS_ONLY, code: 'FORBIDDEN' });
    const reread = await shop.request('GET', `/api/products/${created.id}`, { token: shopper });
    expect(reread.status).toBe(200);
    expect(reread.body).toEqual(created);
  });
});

describe('extension: page and size', () => {
  it('answers GET /api/products as a page object of the listing in id order', async () => {
    for (let i = 0; i < 3; i += 1) await shop.createProduct(admin, { name: `Paged Pad ${tag()}` });
    const all = await catalogue();
    expect(all.length).toBeGreaterThanOrEqual(3);

    const first = await shop.request('GET', '/api/products', { token: shopper, query: { page: 0, size: 2 } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      content: all.slice(0, 2),
      totalElements: all.length,
      totalPages: Math.ceil(all.length / 2),
      number: 0,
      size: 2,
    });

    const second = await shop.request('GET', '/api/products', { token: shopper, query: { page: 1, size: 2 } });
    expect(second.body).toEqual({ ...first.body, content: all.slice(2, 4), number: 1 });

    const beyond = await shop.request('GET', '/api/products', { token: shopper, query: { page: 1000, size: 2 } });
    expect(beyond.body).toEqual({ ...first.body, content: [], number: 1000 });
  });

  it('defaults to page 0 and size 20 when only one of them is given', async () => {
    const all = await catalogue();
    const sizeOnly = await shop.request('GET', '/api/products', { token: shopper, query: { size: 1 } });
    expect(sizeOnly.body).toMatchObject({ content: all.slice(0, 1), number: 0, size: 1, totalElements: all.length });
    const pageOnly = await shop.request('GET', '/api/products', { token: shopper, query: { page: 0 } });
    expect(pageOnly.body).toMatchObject({ content: all.slice(0, 20), number: 0, size: 20, totalElements: all.length });
  });

  it('pages the filter result with totals of the matching products only', async () => {
    const suffix = tag();
    for (const price of [1, 2, 3]) await shop.createProduct(admin, { name: `Filtered Tube ${price} ${suffix}`, price });
    const first = await filter({ name: suffix, page: 0, size: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(first.body.content.map((product: any) => product.price)).toEqual([1, 2]);
    const second = await filter({ name: suffix, page: 1, size: 2 });
    expect(second.body.content.map((product: any) => product.price)).toEqual([3]);
    const bounded = await filter({ name: suffix, minPrice: 2, page: 0, size: 5 });
    expect(bounded.body).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 5 });
  });

  it.each([
    [{ page: -1 }, 'Page must be at least 0', 'page'],
    [{ size: 0 }, 'Size must be at least 1', 'size'],
    [{ size: 101 }, 'Size must be at most 100', 'size'],
    [{ page: 'first' }, 'Page must be a whole number', 'page'],
  ])('refuses %j with 400 "%s" on the listing and on the filter', async (query, message, field) => {
    for (const path of ['/api/products', '/api/products/filter']) {
      const answer = await shop.request('GET', path, { token: shopper, query });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    }
  });
});

describe('extension: ids', () => {
  it('answers just the products asked for, in id order, each once, leaving out unknown ids', async () => {
    const a = await shop.createProduct(admin, { name: `Batch A ${tag()}` });
    await shop.createProduct(admin, { name: `Batch B ${tag()}` });
    const c = await shop.createProduct(admin, { name: `Batch C ${tag()}` });
    const answer = await shop.request('GET', '/api/products', {
      token: shopper,
      query: { ids: `${c.id},${a.id},987654,${a.id},0` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([a, c]);

    const unknownOnly = await shop.request('GET', '/api/products', { token: shopper, query: { ids: '987654' } });
    expect(unknownOnly.body).toEqual([]);
  });

  it.each(['1, 2', 'a,b', '1,,2', '-1'])('refuses ids=%j with 400', async (ids) => {
    const answer = await shop.request('GET', '/api/products', { token: shopper, query: { ids } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'IDs must be up to 100 comma-separated product ids',
      field: 'ids',
      code: 'INVALID_INPUT',
    });
  });
});

describe('extension: a product’s SKU (product-sku)', () => {
  const sku = () => `SKU-${tag()}`;

  it('is kept trimmed as given, answered everywhere, and none (null) when left out, null or blank', async () => {
    const given = sku();
    const created = await shop.request('POST', '/api/products', {
      token: admin,
      body: validBody({ sku: ` ${given} ` }),
    });
    expect(created.status).toBe(201);
    expect(created.body.sku).toBe(given);
    const read = await shop.request('GET', `/api/products/${created.body.id}`, { token: shopper });
    expect(read.body.sku).toBe(given);
    expect((await catalogue()).find((product) => product.id === created.body.id).sku).toBe(given);
    for (const none of [{}, { sku: null }, { sku: '   ' }]) {
      const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody(none) });
      expect(answer.status, JSON.stringify(none)).toBe(201);
      expect(answer.body.sku, JSON.stringify(none)).toBeNull();
    }
  });

  it('belongs to one product, in any case: another is refused with 409 SKU_TAKEN naming its holder, nothing written', async () => {
    const given = sku();
    const holder = await shop.createProduct(admin, { name: `Holder ${tag()}`, sku: given });
    const other = await shop.createProduct(admin);
    const before = await catalogue();
    const expected = {
      message: `SKU ${given.toLowerCase()} is already used by "${holder.name}"`,
      code: 'SKU_TAKEN',
      field: 'sku',
    };
    const created = await shop.request('POST', '/api/products', {
      token: admin,
      body: validBody({ sku: given.toLowerCase() }),
    });
    expect([created.status, created.body]).toEqual([409, expected]);
    const updated = await shop.request('PUT', `/api/products/${other.id}`, {
      token: admin,
      body: validBody({ sku: given.toLowerCase() }),
    });
    expect([updated.status, updated.body]).toEqual([409, expected]);
    expect(await catalogue()).toEqual(before);
    // Its own SKU, in another case, is no clash: the holder may change how it is written.
    const recased = await shop.request('PUT', `/api/products/${holder.id}`, {
      token: admin,
      body: validBody({ name: holder.name, sku: given.toLowerCase() }),
    });
    expect([recased.status, recased.body.sku]).toEqual([200, given.toLowerCase()]);
  });

  it('one SKU given by two saves at once: one product gets it, the other is refused with 409', async () => {
    const given = sku();
    const answers = await Promise.all(
      [1, 2].map(() => shop.request('POST', '/api/products', { token: admin, body: validBody({ sku: given }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await catalogue()).filter((product) => product.sku === given)).toHaveLength(1);
  });

  it('stays as it was when an update leaves it out, and goes with null or blank', async () => {
    const given = sku();
    const product = await shop.createProduct(admin, { sku: given });
    const leftOut = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: validBody({ name: product.name, quantity: 3 }),
    });
    expect([leftOut.status, leftOut.body.quantity, leftOut.body.sku]).toEqual([200, 3, given]);
    for (const none of [null, '']) {
      await shop.request('PUT', `/api/products/${product.id}`, { token: admin, body: validBody({ sku: given }) });
      const cleared = await shop.request('PUT', `/api/products/${product.id}`, {
        token: admin,
        body: validBody({ sku: none }),
      });
      expect([cleared.status, cleared.body.sku], JSON.stringify(none)).toEqual([200, null]);
    }
  });

  it.each([
    { sku: 'MED 1', message: 'SKU must be letters, digits and - _ . / only, starting with a letter or digit' },
    { sku: '.hidden', message: 'SKU must be letters, digits and - _ . / only, starting with a letter or digit' },
    { sku: 'S'.repeat(65), message: 'SKU must be at most 64 characters long' },
    { sku: 12, message: 'SKU must be text' },
  ])('refuses the SKU $sku with 400 "$message", nothing written', async ({ sku: bad, message }) => {
    const before = await catalogue();
    const answer = await shop.request('POST', '/api/products', { token: admin, body: validBody({ sku: bad }) });
    expect([answer.status, answer.body]).toEqual([400, { message, code: 'INVALID_INPUT', field: 'sku' }]);
    expect(await catalogue()).toEqual(before);
  });

  it('is found by the name filter whole and in any case, beside the names that contain the text', async () => {
    const given = sku();
    const bySku = await shop.createProduct(admin, { name: `Otoscope ${tag()}`, sku: given });
    const byName = await shop.createProduct(admin, { name: `Tray for ${given}` });
    const found = await filter({ name: given.toLowerCase() });
    expect(namesOf(found.body)).toEqual([bySku.name, byName.name]);
    // Part of a SKU finds nothing by it: a SKU is looked up whole.
    expect(namesOf((await filter({ name: given.slice(0, -1) })).body)).toEqual([byName.name]);
  });
});

describe('extension: sorting (product-sort)', () => {
  // Five products of their own, found by a tag in their names: [name, price, stock], added in this order.
  const sortTag = tag();
  const added: [string, number, number][] = [
    [`banana ${sortTag}`, 3, 0],
    [`Apple ${sortTag}`, 5, 4],
    [`cherry ${sortTag}`, 3, 9],
    [`apple ${sortTag}`, 12.5, 0],
    [`Date ${sortTag}`, 1, 2],
  ];
  beforeAll(async () => {
    for (const [name, price, quantity] of added) await shop.createProduct(admin, { name, price, quantity });
  });
  const sorted = async (sort: string, extra: Record<string, string | number> = {}) => {
    const answer = await filter({ name: sortTag, sort, ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const names = (answer: any) =>
    namesOf(Array.isArray(answer) ? answer : answer.content).map((name) => name.split(' ')[0]);

  it('orders the filter by price either way (ties by id the same way), by name in any case, newest first, in stock first', async () => {
    expect(names(await sorted('price-asc'))).toEqual(['Date', 'banana', 'cherry', 'Apple', 'apple']);
    expect(names(await sorted('price-desc'))).toEqual(['apple', 'Apple', 'cherry', 'banana', 'Date']);
    expect(names(await sorted('name'))).toEqual(['Apple', 'apple', 'banana', 'cherry', 'Date']);
    expect(names(await sorted('newest'))).toEqual(['Date', 'apple', 'cherry', 'Apple', 'banana']);
    expect(names(await sorted('in-stock'))).toEqual(['Apple', 'cherry', 'Date', 'banana', 'apple']);
  });

  it('pages a sorted list, its totals those of the filter; the listing sorts the whole catalogue', async () => {
    const second = await sorted('price-asc', { page: 1, size: 2 });
    expect(names(second)).toEqual(['cherry', 'Apple']);
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2 });
    const listing = await shop.request('GET', '/api/products', {
      token: shopper,
      query: { sort: 'newest', page: 0, size: 1 },
    });
    expect(listing.status).toBe(200);
    expect(names(listing.body)).toEqual(['Date']);
    expect(listing.headers['contract-extensions']).toContain('product-sort');
  });

  it('refuses an unknown order, and after or before with an order, with 400 on sort', async () => {
    for (const [path, query] of [
      ['/api/products', { sort: 'cheapest' }],
      ['/api/products/filter', { name: sortTag, sort: 'PRICE-ASC' }],
    ] as const) {
      const answer = await shop.request('GET', path, { token: shopper, query });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'Sort must be one of relevance, price-asc, price-desc, name, newest, in-stock',
        code: 'INVALID_INPUT',
        field: 'sort',
      });
    }
    const byIds = await shop.request('GET', '/api/products', { token: shopper, query: { ids: '1,2', sort: 'name' } });
    expect(byIds.status).toBe(400);
    expect(byIds.body).toEqual({
      message: 'Products by ids come in id order: give ids or sort, not both',
      code: 'INVALID_INPUT',
      field: 'sort',
    });
    const withPlaces: Record<string, string | number>[] = [
      { sort: 'name', after: 1, size: 2 },
      { sort: 'name', before: 'end', size: 2 },
    ];
    for (const query of withPlaces) {
      const answer = await shop.request('GET', '/api/products', { token: shopper, query });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'A sorted list is read by page: give page and size, not after or before',
        code: 'INVALID_INPUT',
        field: 'sort',
      });
    }
  });
});

describe('extension: each picture’s alt text (product-pictures)', () => {
  const [main, box, side] = ['/images/alt-main.png', '/images/alt-box.png', 'https://cdn.example/alt-side.png'];

  it('is kept trimmed in the images’ order and answered everywhere; an update that leaves it out keeps the texts of the images it keeps', async () => {
    const product = await shop.createProduct(admin, {
      imageUrl: main,
      imageUrls: [box, side],
      imageAlts: [
        { url: side, alt: ' The tray from the side ' },
        { url: main, alt: 'A tray of ten syringes' },
        { url: box, alt: '' },
      ],
    });
    const expected = [
      { url: main, alt: 'A tray of ten syringes' },
      { url: side, alt: 'The tray from the side' },
    ];
    expect(product.imageAlts).toEqual(expected);
    expect((await shop.request('GET', `/api/products/${product.id}`, { token: shopper })).body.imageAlts).toEqual(
      expected,
    );
    expect((await catalogue()).find((listed) => listed.id === product.id).imageAlts).toEqual(expected);

    // The side view made the main image, the first one dropped: its text goes with it, the other's follows its image.
    const reordered = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: validBody({ name: product.name, imageUrl: side, imageUrls: [box] }),
    });
    expect([reordered.status, reordered.body.imageUrls, reordered.body.imageAlts]).toEqual([
      200,
      [side, box],
      [{ url: side, alt: 'The tray from the side' }],
    ]);
    const cleared = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: validBody({ name: product.name, imageUrl: side, imageAlts: null }),
    });
    expect([cleared.status, cleared.body.imageAlts]).toEqual([200, []]);
  });

  it.each([
    {
      why: 'an image the product does not have',
      alts: [{ url: box, alt: 'A box' }],
      message: 'Alt text must be for one of the product’s images',
    },
    {
      why: 'an image twice',
      alts: [
        { url: main, alt: 'A tray' },
        { url: main, alt: 'Another' },
      ],
      message: 'Alt text can be given once for each image',
    },
    {
      why: 'a text of 251',
      alts: [{ url: main, alt: 'a'.repeat(251) }],
      message: 'Alt text must be at most 250 characters long',
    },
    {
      why: 'a text of two lines',
      alts: [{ url: main, alt: 'A tray\nof ten' }],
      message: 'Alt text must be a single line of text, without line breaks or control characters',
    },
  ])('refuses alt text for $why with 400 "$message", nothing written', async ({ alts, message }) => {
    const product = await shop.createProduct(admin, { imageUrl: main, imageAlts: [{ url: main, alt: 'Kept' }] });
    const before = await catalogue();
    const created = await shop.request('POST', '/api/products', {
      token: admin,
      body: validBody({ imageUrl: main, imageAlts: alts }),
    });
    const updated = await shop.request('PUT', `/api/products/${product.id}`, {
      token: admin,
      body: validBody({ imageUrl: main, imageAlts: alts }),
    });
    for (const answer of [created, updated])
      expect([answer.status, answer.body]).toEqual([400, { message, code: 'INVALID_INPUT', field: 'imageAlts' }]);
    expect(await catalogue()).toEqual(before);
  });
});

describe('with the extensions switched off (REST_EXTENSIONS=false)', () => {
  let plain: RestService;
  let plainAdmin: string;
  let plainShopper: string;
  beforeAll(async () => {
    plain = await startRestService({ extensions: false });
    plainAdmin = await plain.adminToken();
    plainShopper = await plain.register('plain-products-shopper');
    for (const name of ['Plain One', 'Plain Two', 'Plain Three']) await plain.createProduct(plainAdmin, { name });
  });
  afterAll(() => plain.close());

  it('answers plain lists and ignores page, size, ids and sort', async () => {
    const all = await catalogue(plain, plainShopper);
    expect(namesOf(all)).toEqual(['Plain One', 'Plain Two', 'Plain Three']);
    const queries: Record<string, string | number>[] = [
      { page: 0, size: 1 },
      { ids: String(all[0].id) },
      { page: 'x', size: 1000 },
      { sort: 'name' },
    ];
    for (const query of queries) {
      const answer = await plain.request('GET', '/api/products', { token: plainShopper, query });
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(answer.body).toEqual(all);
    }
  });

  it('answers the filter as a plain list even with page and size', async () => {
    const answer = await plain.request('GET', '/api/products/filter', {
      token: plainShopper,
      query: { name: 'plain t', page: 0, size: 1 },
    });
    expect(answer.status).toBe(200);
    expect(namesOf(answer.body)).toEqual(['Plain Two', 'Plain Three']);
  });

  it('neither takes nor answers a SKU or alt text, nor finds one by the name filter (the plain contract has none)', async () => {
    const created = await plain.request('POST', '/api/products', {
      token: plainAdmin,
      body: validBody({
        name: 'Plain Four',
        sku: 'PLAIN-4',
        imageUrl: '/images/plain.png',
        imageAlts: [{ url: '/images/plain.png', alt: 'A plain box' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).not.toContain('sku');
    expect(Object.keys(created.body)).not.toContain('imageAlts');
    expect(created.headers['contract-extensions']).toBeUndefined();
    const found = await plain.request('GET', '/api/products/filter', {
      token: plainShopper,
      query: { name: 'plain-4' },
    });
    expect(found.body).toEqual([]);
  });
});
