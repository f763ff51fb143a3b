// Search over the catalogue (issue 34, extension product-search): words found in the name, SKU and description, any
// case and word ending, a typing mistake corrected from the catalogue's words, the most relevant first, each product
// with where its words are. The same shop is built on SQLite and on PostgreSQL and every search answers exactly the
// same on both (PostgreSQL when reachable; CI starts it).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { similarity } from '../src/db/search/search-text.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { postgresReachable } from '../../tests/helpers/test-database.js';

const postgresUp = await postgresReachable();
if (!postgresUp) console.warn('\n!!! PostgreSQL is not reachable: the search is tested on SQLite only.\n');

/** The catalogue, in the order it is created (ids 1…), on both databases. */
const CATALOGUE = [
  {
    name: 'Digital Thermometer',
    description: 'Oral, underarm or rectal readings in about 10 seconds, with a beep when done. Battery included.',
    sku: 'THM-200',
    price: 9.99,
  },
  {
    name: 'Infrared Ear Thermometer',
    description: 'Takes a reading in the ear in one second. Stores the last 20 readings.',
    sku: 'THM-300',
    price: 39.99,
  },
  {
    name: 'Sterile Gauze Pads',
    description: 'Soft pads for dressing wounds, grazes and burns; each sealed in its own pouch.',
    sku: 'GAU-10',
    price: 5.49,
  },
  {
    name: 'Elastic Bandage',
    description: 'Holds a dressing in place and supports sprains. Comes with two clips.',
    sku: null,
    price: 4.99,
  },
  {
    name: 'Care Kit',
    description:
      'A pouch with a thermometer, gauze pads, an elastic bandage and scissors: what a family needs for small wounds ' +
      'and fevers at home, on a trip or at work, with a leaflet on how to use each part safely and when to see a doctor.',
    sku: 'KIT-1',
    price: 24.5,
  },
  { name: 'Écharpe Sling', description: 'A triangular sling for an arm; cotton.', sku: null, price: 6 },
] as const;

type Part = { text: string; match: boolean };
interface SearchPage {
  content: {
    id: number;
    name: string;
    createdAt: string;
    updatedAt: string;
    highlight: { name: Part[]; excerpt: Part[] | null };
  }[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  search: { words: string[]; corrections: { typed: string; suggested: string }[] };
}

interface Shop {
  service: RestService;
  token: string;
  admin: string;
}

async function openShop(database: 'sqlite' | 'postgres'): Promise<Shop> {
  const service = await startRestService({ database });
  const admin = await service.adminToken();
  for (const product of CATALOGUE) await service.createProduct(admin, { ...product, quantity: 10 });
  return { service, token: await service.register(`searcher-${database}`), admin };
}

const shops: Partial<Record<'sqlite' | 'postgres', Shop>> = {};
beforeAll(async () => {
  shops.sqlite = await openShop('sqlite');
  if (postgresUp) shops.postgres = await openShop('postgres');
}, 120_000);
afterAll(async () => {
  await Promise.all(Object.values(shops).map((shop) => shop.service.close()));
});

async function search(shop: Shop, query: Record<string, string | number>) {
  return shop.service.request<SearchPage>('GET', '/api/products/filter', { token: shop.token, query });
}

const names = (page: SearchPage) => page.content.map((product) => product.name);
const marked = (parts: Part[] | null) => (parts ?? []).filter((part) => part.match).map((part) => part.text);

/** Searches whose whole answers must be the same on both databases. */
const SEARCHES: Record<string, string | number>[] = [
  { search: 'oral' },
  { search: 'thermometers' },
  { search: 'THERMOMETER reading' },
  { search: 'thermomter' },
  { search: 'gauze for wounds' },
  { search: 'dressings' },
  { search: 'thm 200' },
  { search: 'echarpe' },
  { search: 'pouch', sort: 'price-desc' },
  { search: 'pads', minPrice: 5, maxPrice: 6 },
  { search: 'bandge' },
  { search: 'zzzzqqq' },
  { search: 'thermometer', page: 1, size: 2 },
];

describe('search over the name, SKU and description', () => {
  const each = () => Object.entries(shops) as ['sqlite' | 'postgres', Shop][];

  it('finds a word of a description, and marks it there', async () => {
    for (const [database, shop] of each()) {
      const answer = await search(shop, { search: 'oral' });
      expect(answer.status, database).toBe(200);
      expect(names(answer.body), database).toEqual(['Digital Thermometer']);
      expect(answer.body.content[0]!.highlight, database).toEqual({
        name: [{ text: 'Digital Thermometer', match: false }],
        excerpt: [
          { text: 'Oral', match: true },
          {
            text: ', underarm or rectal readings in about 10 seconds, with a beep when done. Battery included.',
            match: false,
          },
        ],
      });
      expect(answer.body.search, database).toEqual({ words: ['oral'], corrections: [] });
      expect(answer.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 20 });
    }
  });

  it('reads any case and word ending, and puts the name before the description', async () => {
    for (const [database, shop] of each()) {
      const answer = await search(shop, { search: 'thermometers' });
      // Each has it in the name (4 points) but the kit, which has it in its description (1): equals by id.
      expect(names(answer.body), database).toEqual(['Digital Thermometer', 'Infrared Ear Thermometer', 'Care Kit']);
      expect(marked(answer.body.content[1]!.highlight.name), database).toEqual(['Thermometer']);
      expect(marked(answer.body.content[2]!.highlight.excerpt), database).toEqual(['thermometer']);
      const both = await search(shop, { search: 'THERMOMETER reading' });
      expect(names(both.body), database).toEqual(['Digital Thermometer', 'Infrared Ear Thermometer']);
      expect(marked(both.body.content[1]!.highlight.excerpt), database).toEqual(['reading', 'readings']);
    }
  });

  it('corrects a typing mistake to the catalogue’s most similar word, and says so', async () => {
    for (const [database, shop] of each()) {
      const answer = await search(shop, { search: 'thermomter' });
      expect(answer.body.search, database).toEqual({
        words: ['thermometer'],
        corrections: [{ typed: 'thermomter', suggested: 'thermometer' }],
      });
      expect(answer.body.totalElements, database).toBe(3);
      const bandage = await search(shop, { search: 'bandge' });
      expect(bandage.body.search.corrections, database).toEqual([{ typed: 'bandge', suggested: 'bandage' }]);
      expect(names(bandage.body), database).toEqual(['Elastic Bandage', 'Care Kit']);
      // Nothing similar enough: nothing found, nothing suggested.
      const nothing = await search(shop, { search: 'zzzzqqq' });
      expect(nothing.body).toMatchObject({ content: [], totalElements: 0, search: { corrections: [] } });
    }
  });

  it('leaves common words out, finds a SKU’s parts, and folds accents', async () => {
    for (const [database, shop] of each()) {
      const wounds = await search(shop, { search: 'gauze for wounds' });
      expect(names(wounds.body), database).toEqual(['Sterile Gauze Pads', 'Care Kit']);
      expect(wounds.body.search.words, database).toEqual(['gauze', 'wounds']);
      expect(names((await search(shop, { search: 'thm 200' })).body), database).toEqual(['Digital Thermometer']);
      const sling = await search(shop, { search: 'echarpe' });
      expect(marked(sling.body.content[0]!.highlight.name), database).toEqual(['Écharpe']);
    }
  });

  it('narrows with the filter’s bounds, sorts as asked, and pages', async () => {
    for (const [database, shop] of each()) {
      expect(names((await search(shop, { search: 'pads', minPrice: 5, maxPrice: 6 })).body), database).toEqual([
        'Sterile Gauze Pads',
      ]);
      expect(names((await search(shop, { search: 'pouch', sort: 'price-desc' })).body), database).toEqual([
        'Care Kit',
        'Sterile Gauze Pads',
      ]);
      const second = await search(shop, { search: 'thermometer', page: 1, size: 2 });
      expect(second.body, database).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
      expect(names(second.body), database).toEqual(['Care Kit']);
    }
  });

  it('cuts a long description around the first word found', async () => {
    for (const [database, shop] of each()) {
      const answer = await search(shop, { search: 'doctor' });
      expect(answer.body.content[0]!.highlight.excerpt, database).toEqual([
        { text: '…on how to use each part safely and when to see a ', match: false },
        { text: 'doctor', match: true },
        { text: '.', match: false },
      ]);
    }
  });

  it('measures a typing mistake as PostgreSQL’s pg_trgm does, so SQLite corrects it to the same word', async ({
    skip,
  }) => {
    if (!shops.postgres) skip();
    const client = new pg.Client({ connectionString: shops.postgres!.service.databaseUrl });
    await client.connect();
    try {
      const pairs = [
        ['thermomter', 'thermometer'],
        ['bandge', 'bandage'],
        ['guaze', 'gauze'],
        ['oral', 'orally'],
        ['splint', 'sprint'],
        ['abc', 'xyz'],
      ];
      for (const [typed, word] of pairs) {
        const { rows } = await client.query<{ value: number }>('select similarity($1, $2) as value', [typed, word]);
        expect(similarity(typed!, word!), `${typed} ~ ${word}`).toBeCloseTo(rows[0]!.value, 6);
      }
    } finally {
      await client.end();
    }
  });

  it('answers every search exactly alike on SQLite and PostgreSQL', async ({ skip }) => {
    if (!shops.postgres) skip();
    for (const query of SEARCHES) {
      const [onSqlite, onPostgres] = await Promise.all([search(shops.sqlite!, query), search(shops.postgres!, query)]);
      expect(onSqlite.status, JSON.stringify(query)).toBe(200);
      // Everything but when each product was added, a moment apart in the two shops.
      const withoutTimes = (page: SearchPage) =>
        page.content.map(({ createdAt: _added, updatedAt: _changed, ...product }) => product);
      expect(withoutTimes(onPostgres.body), JSON.stringify(query)).toEqual(withoutTimes(onSqlite.body));
      expect({ ...onPostgres.body, content: [] }, JSON.stringify(query)).toEqual({ ...onSqlite.body, content: [] });
    }
  });
});

describe('the index follows the catalogue', () => {
  it('finds a product by its new words after a change, not by its old ones, and forgets a deleted one’s', async () => {
    for (const [database, shop] of Object.entries(shops) as ['sqlite' | 'postgres', Shop][]) {
      const product = await shop.service.createProduct(shop.admin, {
        name: 'Zebra Splint',
        description: 'A striped splint.',
        quantity: 1,
      });
      expect(names((await search(shop, { search: 'zebra' })).body), database).toEqual(['Zebra Splint']);
      const changed = await shop.service.request('PUT', `/api/products/${product.id}`, {
        token: shop.admin,
        body: { name: 'Finger Splint', description: 'A padded splint.', price: 3, quantity: 1 },
      });
      expect(changed.status).toBe(200);
      expect((await search(shop, { search: 'zebra' })).body, database).toMatchObject({
        totalElements: 0,
        search: { corrections: [] },
      });
      expect(names((await search(shop, { search: 'padded finger' })).body), database).toEqual(['Finger Splint']);
      // A search alone is counted in the search's index; with a bound, among the products: both agree, before and
      // after the product is deleted.
      const totals = async () =>
        Promise.all([
          search(shop, { search: 'finger' }).then((answer) => answer.body.totalElements),
          search(shop, { search: 'finger', minPrice: 0 }).then((answer) => answer.body.totalElements),
        ]);
      expect(await totals(), database).toEqual([1, 1]);
      await shop.service.request('DELETE', `/api/products/${product.id}`, { token: shop.admin });
      expect(await totals(), database).toEqual([0, 0]);
      // "finger" is no product's word any more: a mistake is not corrected to it.
      expect((await search(shop, { search: 'fingr' })).body, database).toMatchObject({
        totalElements: 0,
        search: { corrections: [] },
      });
    }
  });
});

describe('refusals', () => {
  it.each([
    [{ sort: 'relevance' }, 'Sort by relevance orders what a search found: give search too', 'sort'],
    [{ search: 'gauze', after: 1 }, 'A search is read by page: give page and size, not after or before', 'search'],
    [{ search: 'a b c d e f g h i j k' }, 'Search takes at most 10 words', 'search'],
    [{ search: 'x'.repeat(201) }, 'Search must be at most 200 characters', 'search'],
  ])('%j: 400', async (query, message, field) => {
    const answer = await shops.sqlite!.service.request('GET', '/api/products/filter', {
      token: shops.sqlite!.token,
      query,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'INVALID_INPUT', field });
  });

  it('answers nothing found for a search with no letter or digit, and the list for a blank one', async () => {
    const shop = shops.sqlite!;
    expect((await search(shop, { search: '!!! --' })).body).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 0,
      size: 20,
      search: { words: [], corrections: [] },
    });
    const blank = await shop.service.request<unknown[]>('GET', '/api/products/filter', {
      token: shop.token,
      query: { search: '  ' },
    });
    expect(Array.isArray(blank.body) && blank.body.length).toBe(CATALOGUE.length);
  });
});
