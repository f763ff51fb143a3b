// The catalogue's categories (issue 34, extension product-categories): admins build the tree (names once among
// siblings in any case, no loops, at most 4 levels), put products in categories, rename, move and delete them (never
// one with subcategories; one with products only by moving them); a category's page is its products and those of every
// category under it. Every refusal writes nothing; every change is audited. On the suite's database.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';

let shop: RestService;
let admin: string;
let shopper: string;

interface Category {
  id: number;
  name: string;
  parentId: number | null;
}

beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
  shopper = await shop.register('category-shopper');
});
afterAll(() => shop.close());

async function create(name: string, parentId: number | null = null): Promise<Category> {
  const answer = await shop.request<Category>('POST', '/api/categories', { token: admin, body: { name, parentId } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

const tree = async () =>
  (await shop.request<Category[]>('GET', '/api/categories', { token: shopper })).body.map(({ id, name, parentId }) => ({
    id,
    name,
    parentId,
  }));

const inCategory = async (category: number) =>
  (
    await shop.request<{ name: string }[]>('GET', '/api/products/filter', { token: shopper, query: { category } })
  ).body.map((product) => product.name);

describe('the tree', () => {
  it('is built by admins, read by everyone, each level by name', async () => {
    const wound = await create('Wound care');
    const dressings = await create(' Dressings ', wound.id);
    const aids = await create('Aids');
    expect(dressings).toMatchObject({ name: 'Dressings', parentId: wound.id });
    const all = await tree();
    expect(all.filter((category) => [wound.id, dressings.id, aids.id].includes(category.id))).toEqual([
      { id: aids.id, name: 'Aids', parentId: null },
      { id: dressings.id, name: 'Dressings', parentId: wound.id },
      { id: wound.id, name: 'Wound care', parentId: null },
    ]);
    const refused = await shop.request('POST', '/api/categories', { token: shopper, body: { name: 'Mine' } });
    expect(refused.status).toBe(403);
  });

  it('refuses a name a sibling has in any case, a bad name, a missing parent, a loop and a fifth level, writing nothing', async () => {
    const top = await create('Diagnostics');
    const child = await create('Thermometers', top.id);
    const before = await tree();
    const cases: [string, string, object, number, object][] = [
      [
        'POST',
        '/api/categories',
        { name: 'THERMOMETERS', parentId: top.id },
        409,
        {
          message: 'A category named "Thermometers" is already under "Diagnostics"',
          code: 'CATEGORY_NAME_TAKEN',
          field: 'name',
        },
      ],
      [
        'POST',
        '/api/categories',
        { name: '  ' },
        400,
        { message: 'Name is required', code: 'INVALID_INPUT', field: 'name' },
      ],
      [
        'POST',
        '/api/categories',
        { name: 'Orphan', parentId: 99_999 },
        400,
        { message: 'Parent category not found', code: 'INVALID_INPUT', field: 'parentId' },
      ],
      [
        'PUT',
        `/api/categories/${top.id}`,
        { name: 'Diagnostics', parentId: child.id },
        400,
        {
          message: 'A category cannot go under itself or one of its own subcategories',
          code: 'INVALID_INPUT',
          field: 'parentId',
        },
      ],
    ];
    for (const [method, path, body, status, error] of cases) {
      const answer = await shop.request(method as 'POST', path, { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toEqual(error);
    }
    const third = await create('Digital', child.id);
    const fourth = await create('Ear', third.id);
    const fifth = await shop.request('POST', '/api/categories', {
      token: admin,
      body: { name: 'In-ear', parentId: fourth.id },
    });
    expect(fifth.body).toEqual({
      message: 'Categories go at most 4 levels deep',
      code: 'INVALID_INPUT',
      field: 'parentId',
    });
    expect((await tree()).length).toBe(before.length + 2);
  });
});

describe('products in categories', () => {
  it('lists a category’s products with those of every category under it, and keeps them when a form leaves them out', async () => {
    const care = await create('First aid');
    const kits = await create('Kits', care.id);
    const plasters = await shop.createProduct(admin, { name: 'Plasters', categoryIds: [care.id] });
    const kit = await shop.createProduct(admin, { name: 'Travel Kit', categoryIds: [kits.id, care.id, kits.id] });
    expect(kit.categoryIds).toEqual([kits.id, care.id]);
    expect(await inCategory(care.id)).toEqual(['Plasters', 'Travel Kit']);
    expect(await inCategory(kits.id)).toEqual(['Travel Kit']);
    expect(await inCategory(99_999)).toEqual([]);
    // An update that does not send categoryIds keeps them; an empty list takes the product out of every one.
    const kept = await shop.request<{ categoryIds: number[] }>('PUT', `/api/products/${plasters.id}`, {
      token: admin,
      body: { name: 'Plasters', description: 'Strips', price: 2, quantity: 5 },
    });
    expect(kept.body.categoryIds).toEqual([care.id]);
    await shop.request('PUT', `/api/products/${plasters.id}`, {
      token: admin,
      body: { name: 'Plasters', description: 'Strips', price: 2, quantity: 5, categoryIds: [] },
    });
    expect(await inCategory(care.id)).toEqual(['Travel Kit']);
  });

  it('refuses a category that does not exist, and writes nothing', async () => {
    const answer = await shop.request('POST', '/api/products', {
      token: admin,
      body: { name: 'Nowhere Gauze', description: 'x', price: 1, quantity: 1, categoryIds: [99_998] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Category 99998 does not exist',
      code: 'INVALID_INPUT',
      field: 'categoryIds',
    });
    const found = await shop.request<unknown[]>('GET', '/api/products/filter', {
      token: shopper,
      query: { name: 'Nowhere Gauze' },
    });
    expect(found.body).toEqual([]);
  });
});

describe('renaming, moving and deleting', () => {
  it('moves a category with what it holds, and audits each change', async () => {
    const mobility = await create('Mobility');
    const braces = await create('Braces');
    const knee = await shop.createProduct(admin, { name: 'Knee Brace', categoryIds: [braces.id] });
    const moved = await shop.request<Category>('PUT', `/api/categories/${braces.id}`, {
      token: admin,
      body: { name: 'Braces & splints', parentId: mobility.id },
    });
    expect(moved.body).toMatchObject({ name: 'Braces & splints', parentId: mobility.id });
    expect(await inCategory(mobility.id)).toEqual(['Knee Brace']);
    const audit = await shop.request<{ content: { action: string; changes: object }[] }>('GET', '/api/audit-events', {
      token: admin,
      query: { subjectType: 'category', subjectId: braces.id },
    });
    expect(audit.body.content.map((event) => [event.action, event.changes])).toEqual([
      [
        'category.updated',
        { name: { from: 'Braces', to: 'Braces & splints' }, parentId: { from: null, to: mobility.id } },
      ],
      ['category.created', { name: { to: 'Braces' }, parentId: { to: null } }],
    ]);
    expect(knee.categoryIds).toEqual([braces.id]);
  });

  it('deletes an empty category; refuses one with subcategories, or products and nowhere to move them; moves them when told', async () => {
    const home = await create('Home care');
    const sub = await create('Beds', home.id);
    const bed = await shop.createProduct(admin, { name: 'Care Bed', categoryIds: [sub.id] });
    const both = await shop.createProduct(admin, { name: 'Bed Rail', categoryIds: [sub.id, home.id] });

    const withChild = await shop.request('DELETE', `/api/categories/${home.id}`, { token: admin });
    expect(withChild.status).toBe(409);
    expect(withChild.body).toEqual({
      message: '"Home care" has a subcategory: move or delete it first',
      code: 'CATEGORY_NOT_EMPTY',
    });
    const withProducts = await shop.request('DELETE', `/api/categories/${sub.id}`, { token: admin });
    expect(withProducts.body).toEqual({
      message: '"Beds" holds 2 products: choose a category to move them to',
      code: 'CATEGORY_NOT_EMPTY',
      field: 'moveProductsTo',
    });
    const deleted = await shop.request('DELETE', `/api/categories/${sub.id}`, {
      token: admin,
      query: { moveProductsTo: home.id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ movedProductIds: [bed.id, both.id] });
    const products = await shop.request<{ id: number; categoryIds: number[] }[]>('GET', '/api/products', {
      token: shopper,
      query: { ids: `${bed.id},${both.id}` },
    });
    expect(products.body.map((product) => product.categoryIds)).toEqual([[home.id], [home.id]]);
    expect(await inCategory(home.id)).toEqual(['Care Bed', 'Bed Rail']);
    expect((await tree()).some((category) => category.id === sub.id)).toBe(false);
    const empty = await create('Empty');
    expect((await shop.request('DELETE', `/api/categories/${empty.id}`, { token: admin })).body).toEqual({
      movedProductIds: [],
    });
  });
});

describe('over the plain contract', () => {
  it('has no categories, and products carry none', async () => {
    const plain = await startRestService({ extensions: false });
    try {
      const token = await plain.adminToken();
      expect((await plain.request('GET', '/api/categories', { token })).status).toBe(404);
      const product = await plain.createProduct(token, { name: 'Plain Gauze' });
      expect(product).not.toHaveProperty('categoryIds');
    } finally {
      await plain.close();
    }
  });
});
