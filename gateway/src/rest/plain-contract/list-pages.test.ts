// Offset windows (a connection's `first`/`after`) turned into REST page requests: the smallest page size whose one
// page covers the window, two pages only where none does.
import { describe, expect, it } from 'vitest';
import type { RestPage } from '../contract.js';
import { MAX_UPSTREAM_PAGE_SIZE, fetchWindow, planPages } from './list-pages.js';

describe('planPages', () => {
  it.each([
    // [offset, limit] → the page asked for, its size, how many of its items to skip, and how many pages
    {
      why: 'the first window is page 0 of its own size',
      offset: 0,
      limit: 10,
      plan: { page: 0, size: 10, skip: 0, pages: 1 },
    },
    {
      why: 'a window on a page boundary is that page',
      offset: 20,
      limit: 10,
      plan: { page: 2, size: 10, skip: 0, pages: 1 },
    },
    { why: 'one item is a page of one', offset: 7, limit: 1, plan: { page: 7, size: 1, skip: 0, pages: 1 } },
    // 5..14 straddles 10-item pages; 15 is the smallest size with 0..14 on one page.
    {
      why: 'a window across a page boundary grows the page until one covers it',
      offset: 5,
      limit: 10,
      plan: { page: 0, size: 15, skip: 5, pages: 1 },
    },
    // 95..104: sizes 10 to 14 all split it; 6 × 15 = 90 starts the page that holds it.
    { why: 'a grown page need not start at 0', offset: 95, limit: 10, plan: { page: 6, size: 15, skip: 5, pages: 1 } },
    {
      why: 'two items across a boundary: the next size up that holds both',
      offset: 99,
      limit: 2,
      plan: { page: 33, size: 3, skip: 0, pages: 1 },
    },
    // 150..209: 61 to 69 split it at 3 × size; 2 × 70 = 140 holds it whole.
    {
      why: 'the smallest covering size is found, not the first multiple',
      offset: 150,
      limit: 60,
      plan: { page: 2, size: 70, skip: 10, pages: 1 },
    },
    {
      why: 'a full page of the largest size at offset 0',
      offset: 0,
      limit: 100,
      plan: { page: 0, size: 100, skip: 0, pages: 1 },
    },
    {
      why: 'a full page of the largest size on its boundary',
      offset: 300,
      limit: 100,
      plan: { page: 3, size: 100, skip: 0, pages: 1 },
    },
    {
      why: 'a window no allowed size covers takes two pages of its own size',
      offset: 50,
      limit: 100,
      plan: { page: 0, size: 100, skip: 50, pages: 2 },
    },
    {
      why: 'two pages, starting at the page holding the offset',
      offset: 199,
      limit: 100,
      plan: { page: 1, size: 100, skip: 99, pages: 2 },
    },
    {
      why: 'a window of 99 that only 100 covers',
      offset: 1,
      limit: 99,
      plan: { page: 0, size: 100, skip: 1, pages: 1 },
    },
    // `first: 0` still asks for one item: the contract has no page of size 0, and the answer carries the total.
    {
      why: 'zero items at offset 0 asks one item for the total',
      offset: 0,
      limit: 0,
      plan: { page: 0, size: 1, skip: 0, pages: 1 },
    },
    {
      why: 'zero items further on asks the one item at the offset',
      offset: 42,
      limit: 0,
      plan: { page: 42, size: 1, skip: 0, pages: 1 },
    },
  ])('$why: offset $offset, limit $limit', ({ offset, limit, plan }) => {
    expect(planPages({ offset, limit })).toEqual(plan);
  });

  // Connections allow at most `first: 100` (MAX_FIRST); a larger limit is never planned by the gateway, and the
  // plan asks a page size the REST service would refuse.
  it('keeps a limit over the largest page size as its page size, in two pages', () => {
    expect(planPages({ offset: 0, limit: 150 })).toEqual({ page: 0, size: 150, skip: 0, pages: 2 });
  });

  it('covers every window of up to 100 items with pages the REST service allows', () => {
    const wrong: string[] = [];
    for (let offset = 0; offset <= 400; offset += 1) {
      for (let limit = 0; limit <= MAX_UPSTREAM_PAGE_SIZE; limit += 1) {
        const { page, size, skip, pages } = planPages({ offset, limit });
        const allowed = size <= MAX_UPSTREAM_PAGE_SIZE;
        const startsAtOffset = page * size + skip === offset;
        const coversWindow = skip + limit <= size * pages;
        if (!allowed || !startsAtOffset || !coversWindow) wrong.push(`offset ${offset}, limit ${limit}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** A list of `total` items (1, 2, …) served the way a contract answers: as pages (extension) or whole (plain). */
function listOf(total: number, paged: boolean) {
  const items = Array.from({ length: total }, (_, index) => index + 1);
  const calls: [number, number][] = [];
  const fetchPage = async (page: number, size: number): Promise<number[] | RestPage<number>> => {
    calls.push([page, size]);
    if (!paged) return items;
    return {
      content: items.slice(page * size, (page + 1) * size),
      totalElements: total,
      totalPages: Math.ceil(total / size),
      number: page,
      size,
    };
  };
  return { fetchPage, calls };
}

describe('fetchWindow', () => {
  it.each([
    { why: 'a window inside one page', total: 50, offset: 10, limit: 5, items: [11, 12, 13, 14, 15], calls: [[2, 5]] },
    {
      why: 'a window that grew its page',
      total: 50,
      offset: 5,
      limit: 10,
      items: [6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
      calls: [[0, 15]],
    },
    { why: 'a window past the end', total: 50, offset: 60, limit: 5, items: [], calls: [[12, 5]] },
    { why: 'a window cut by the end', total: 12, offset: 10, limit: 5, items: [11, 12], calls: [[2, 5]] },
    { why: 'zero items still answers the total', total: 50, offset: 0, limit: 0, items: [], calls: [[0, 1]] },
  ])('answers $why from the pages it plans', async ({ total, offset, limit, items, calls }) => {
    const list = listOf(total, true);
    expect(await fetchWindow(list.fetchPage, { offset, limit })).toEqual({ items, totalCount: total });
    expect(list.calls).toEqual(calls);
  });

  it('asks the second page only when the first is full', async () => {
    const full = listOf(250, true);
    expect(await fetchWindow(full.fetchPage, { offset: 150, limit: 100 })).toEqual({
      items: Array.from({ length: 100 }, (_, index) => 151 + index),
      totalCount: 250,
    });
    expect(full.calls).toEqual([
      [1, 100],
      [2, 100],
    ]);

    const short = listOf(180, true);
    expect(await fetchWindow(short.fetchPage, { offset: 150, limit: 100 })).toEqual({
      items: Array.from({ length: 30 }, (_, index) => 151 + index),
      totalCount: 180,
    });
    expect(short.calls).toEqual([[1, 100]]);
  });

  it('cuts the window from a plain list when the contract answers no page', async () => {
    const plain = listOf(30, false);
    expect(await fetchWindow(plain.fetchPage, { offset: 5, limit: 10 })).toEqual({
      items: [6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
      totalCount: 30,
    });
    expect(plain.calls).toEqual([[0, 15]]);
  });

  it('answers every window of a 250-item list exactly, paged or plain', async () => {
    for (const paged of [true, false]) {
      for (let offset = 0; offset <= 260; offset += 1) {
        for (let limit = 0; limit <= MAX_UPSTREAM_PAGE_SIZE; limit += 9) {
          const { fetchPage } = listOf(250, paged);
          const expected = Array.from(
            { length: Math.max(0, Math.min(limit, 250 - offset)) },
            (_, index) => offset + 1 + index,
          );
          expect(
            await fetchWindow(fetchPage, { offset, limit }),
            `${paged ? 'paged' : 'plain'} ${offset}+${limit}`,
          ).toEqual({
            items: expected,
            totalCount: 250,
          });
        }
      }
    }
  });
});
