// The catalogue's categories through the gateway (extension product-categories): admins build and change the tree with
// createCategory, updateCategory and deleteCategory (refusals as userErrors, writing nothing), products go in them by
// global id, a category's products come by `filter.category` (with every category under it), and each product and
// category knows its path for a breadcrumb. Against the plain contract (the gateway-plain project) categories are
// NOT_SUPPORTED and products have none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, restExtensions, startShop } from '../../tests/helpers/shop.js';

let shop: Shop;
let admin: string;
let shopper: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await shop.adminToken();
  shopper = await shop.user('category-reader');
});
afterAll(() => shop.close());

type Answer = { data?: any; errors?: { message: string; extensions: { code: string } }[] };
const run = (query: string, variables: Record<string, unknown>, token = admin) =>
  shop.graphql(query, variables, token) as Promise<Answer>;

const CREATE = `mutation Create($input: CreateCategoryInput!) {
  createCategory(input: $input) { category { id name parent { name } path { name } } userErrors { message field code } }
}`;
const UPDATE = `mutation Update($input: UpdateCategoryInput!) {
  updateCategory(input: $input) { category { id name path { name } } userErrors { message field code } }
}`;
const DELETE = `mutation Delete($input: DeleteCategoryInput!) {
  deleteCategory(input: $input) { deletedCategoryId movedProducts { name categories { name } } userErrors { message field code } }
}`;
const CREATE_PRODUCT = `mutation CreateProduct($input: CreateProductInput!) {
  createProduct(input: $input) { product { id name categories { name path { name } } } userErrors { message field code } }
}`;
const IN_CATEGORY = `query InCategory($category: ID!) {
  products(first: 10, filter: { category: $category }) { totalCount edges { node { name } } }
}`;

async function category(name: string, parentId?: string) {
  const answer = await run(CREATE, { input: { name, parentId } });
  expect(answer.data.createCategory.userErrors).toEqual([]);
  return answer.data.createCategory.category as { id: string; name: string };
}

describe.runIf(restExtensions)('categories over our REST service', () => {
  it('builds the tree, puts products in it, and lists a category’s products with those under it', async () => {
    const wound = await category('Wound care');
    const created = await run(CREATE, { input: { name: 'Dressings', parentId: wound.id } });
    const dressings = created.data.createCategory.category;
    expect(dressings).toMatchObject({ name: 'Dressings', parent: { name: 'Wound care' } });
    expect(dressings.path).toEqual([{ name: 'Wound care' }, { name: 'Dressings' }]);

    const pad = await run(CREATE_PRODUCT, {
      input: {
        name: 'Foam Pad',
        description: 'Soft',
        unitPriceAmount: '4.00',
        quantity: 3,
        categoryIds: [dressings.id],
      },
    });
    expect(pad.data.createProduct.product.categories).toEqual([
      { name: 'Dressings', path: [{ name: 'Wound care' }, { name: 'Dressings' }] },
    ]);
    const listed = await run(IN_CATEGORY, { category: wound.id }, shopper);
    expect(listed.data.products).toEqual({ totalCount: 1, edges: [{ node: { name: 'Foam Pad' } }] });

    const tree = await run(`{ categories { name children { name } } }`, {}, shopper);
    expect(tree.data.categories).toEqual(
      expect.arrayContaining([
        { name: 'Dressings', children: [] },
        { name: 'Wound care', children: [{ name: 'Dressings' }] },
      ]),
    );
    const node = await run(`query N($id: ID!) { node(id: $id) { ... on Category { name } } }`, { id: dressings.id });
    expect(node.data.node).toEqual({ name: 'Dressings' });
  });

  it('answers each refusal as a userError and writes nothing', async () => {
    const top = await category('Mobility');
    const child = await category('Canes', top.id);
    const shopperTry = await run(CREATE, { input: { name: 'Mine' } }, shopper);
    expect(shopperTry.data.createCategory.userErrors).toEqual([
      { message: 'Only administrators can manage categories', field: null, code: 'FORBIDDEN' },
    ]);
    expect((await run(CREATE, { input: { name: 'canes', parentId: top.id } })).data.createCategory.userErrors).toEqual([
      { message: 'A category named "Canes" is already under "Mobility"', field: 'name', code: 'CONFLICT' },
    ]);
    expect((await run(CREATE, { input: { name: ' ' } })).data.createCategory.userErrors).toEqual([
      { message: 'Name is required', field: 'name', code: 'INVALID_INPUT' },
    ]);
    const loop = await run(UPDATE, { input: { id: top.id, name: 'Mobility', parentId: child.id } });
    expect(loop.data.updateCategory.userErrors).toEqual([
      {
        message: 'A category cannot go under itself or one of its own subcategories',
        field: 'parentId',
        code: 'INVALID_INPUT',
      },
    ]);
    const wrongId = await run(CREATE_PRODUCT, {
      input: { name: 'Cane', description: 'Oak', unitPriceAmount: '9.00', quantity: 1, categoryIds: ['UHJvZHVjdDox'] },
    });
    expect(wrongId.data.createProduct.userErrors).toEqual([
      { message: 'Category not found', field: 'categoryIds', code: 'INVALID_INPUT' },
    ]);
    const full = await run(DELETE, { input: { id: top.id } });
    expect(full.data.deleteCategory).toMatchObject({
      deletedCategoryId: null,
      movedProducts: [],
      userErrors: [{ message: '"Mobility" has a subcategory: move or delete it first', field: null, code: 'CONFLICT' }],
    });
  });

  it('deletes a category, its products moved, and says which', async () => {
    const kits = await category('Kits');
    const spare = await category('Spare kits');
    await run(CREATE_PRODUCT, {
      input: { name: 'Car Kit', description: 'Small', unitPriceAmount: '12.00', quantity: 2, categoryIds: [spare.id] },
    });
    const deleted = await run(DELETE, { input: { id: spare.id, moveProductsTo: kits.id } });
    expect(deleted.data.deleteCategory).toEqual({
      deletedCategoryId: spare.id,
      movedProducts: [{ name: 'Car Kit', categories: [{ name: 'Kits' }] }],
      userErrors: [],
    });
  });
});

describe.runIf(!restExtensions)('categories over the plain contract', () => {
  it('are NOT_SUPPORTED, and products have none', async () => {
    const listed = await run(`{ categories { name } }`, {}, shopper);
    expect(listed.errors?.[0]?.extensions.code).toBe('NOT_SUPPORTED');
    const filtered = await run(IN_CATEGORY, { category: 'Q2F0ZWdvcnk6MQ' }, shopper);
    expect(filtered.errors?.[0]).toMatchObject({
      message:
        "The shop's REST service keeps no categories (it lacks the product-categories extension): leave filter.category out",
      extensions: { code: 'NOT_SUPPORTED' },
    });
    const products = await run(`{ products(first: 1) { edges { node { categories { name } } } } }`, {}, shopper);
    expect(products.errors).toBeUndefined();
  });
});
