// A page of products read from the product a cursor names where the implementation offers keyset paging and honours
// it, by offset windows where it does not: the same page either way, and the calls each way makes.
import { describe, expect, it } from 'vitest';
import type { RestPage, RestProduct } from '../contract.js';
import type { RestApi } from '../rest-api.js';
import type { SeekPlace, Window } from './list-pages.js';
import { type PlacedRequest, pageOfProducts } from './product-pages.js';

/** Products 1…10, ids 10, 20, …, 100. */
const CATALOGUE: RestProduct[] = Array.from({ length: 10 }, (_, index) => ({
  id: (index + 1) * 10,
  name: `Pad ${index + 1}`,
  price: 1,
  quantity: 1,
}));

/**
 * A catalogue behind the two calls a page may make: an offset window, and (`keyset`: offered, and honoured or not) a
 * page from a place. `ignored` answers the first products whatever the place (another implementation).
 */
function catalogue(keyset: 'none' | 'honoured' | 'ignored') {
  const calls: string[] = [];
  const api = {
    products: {
      window: async (_filter: unknown, { offset, limit }: Window) => {
        calls.push(`window ${offset}+${limit}`);
        return { items: CATALOGUE.slice(offset, offset + limit), totalCount: CATALOGUE.length };
      },
      pagesByKeyset: () => keyset !== 'none',
      fromPlace: async (_filter: unknown, place: SeekPlace, size: number): Promise<RestPage<RestProduct>> => {
        calls.push(`from ${JSON.stringify(place)} size ${size}`);
        if (keyset === 'ignored') return { content: CATALOGUE.slice(0, size), totalElements: CATALOGUE.length };
        const beyond =
          'after' in place
            ? CATALOGUE.filter((product) => product.id > place.after)
            : CATALOGUE.filter((product) => place.before === 'end' || product.id < place.before);
        const content = 'after' in place ? beyond.slice(0, size) : beyond.slice(-size);
        return { content, totalElements: beyond.length };
      },
    },
  } as unknown as RestApi;
  return { api, calls };
}

const page = async (keyset: 'none' | 'honoured' | 'ignored', request: PlacedRequest) => {
  const { api, calls } = catalogue(keyset);
  const slice = await pageOfProducts(api, {}, request);
  return { ids: slice.items.map((product) => product.id), offset: slice.offset, total: slice.totalCount, calls };
};

describe('pageOfProducts', () => {
  it.each([
    { why: 'from the start', request: { limit: 3, after: 'start' } as const, ids: [10, 20, 30], offset: 0 },
    { why: 'after a product', request: { limit: 3, after: { offset: 3, id: 40 } }, ids: [50, 60, 70], offset: 4 },
    { why: 'before the end', request: { limit: 3, before: 'end' } as const, ids: [80, 90, 100], offset: 7 },
    { why: 'before a product', request: { limit: 3, before: { offset: 5, id: 60 } }, ids: [30, 40, 50], offset: 2 },
  ])('answers the same page $why with keyset paging or without', async ({ request, ids, offset }) => {
    for (const keyset of ['none', 'honoured'] as const) {
      const answer = await page(keyset, request);
      expect([answer.ids, answer.offset, answer.total], keyset).toEqual([ids, offset, CATALOGUE.length]);
    }
  });

  it('asks no page from a place where the implementation does not offer keyset paging', async () => {
    expect((await page('none', { limit: 3, after: { offset: 3, id: 40 } })).calls).toEqual(['window 4+3']);
    expect((await page('none', { limit: 3, before: 'end' })).calls).toEqual(['window 0+1', 'window 7+3']);
  });

  it('reads from the place in one call where keyset paging is offered and honoured', async () => {
    expect((await page('honoured', { limit: 3, after: { offset: 3, id: 40 } })).calls).toEqual([
      'from {"after":40} size 3',
    ]);
    expect((await page('honoured', { limit: 3, before: 'end' })).calls).toEqual(['from {"before":"end"} size 3']);
  });

  it('falls back to the offset window where the answer holds products on the wrong side of the place', async () => {
    const after = await page('ignored', { limit: 3, after: { offset: 3, id: 40 } });
    expect([after.ids, after.calls]).toEqual([
      [50, 60, 70],
      ['from {"after":40} size 3', 'window 4+3'],
    ]);
    const before = await page('ignored', { limit: 3, before: { offset: 2, id: 30 } });
    expect([before.ids, before.offset, before.calls]).toEqual([
      [10, 20],
      0,
      ['from {"before":30} size 3', 'window 0+2'],
    ]);
  });

  it('reads a cursor without an id (an earlier release’s) by offset, keyset or not', async () => {
    expect((await page('honoured', { limit: 3, after: { offset: 3 } })).calls).toEqual(['window 4+3']);
  });
});
