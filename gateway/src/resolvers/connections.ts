// Relay cursor connections over offset windows (products, orders), and the checks every connection's arguments share.
import { GraphQLError } from 'graphql';
import { itemCursor, itemPlaceFromCursor, offsetCursor, offsetFromCursor, type ItemPlace } from '../global-id.js';
import { DEFAULT_PAGE_SIZE } from '../page-size.js';
import type { SeekPlace, Window, WindowSlice } from '../rest/plain-contract/list-pages.js';

export const MAX_FIRST = 100;

export const badArgument = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export function pageSize(argument: string, value: number | null | undefined, fallback: number): number {
  const size = value ?? fallback;
  if (!Number.isInteger(size) || size < 0 || size > MAX_FIRST) {
    throw badArgument(`${argument} must be between 0 and ${MAX_FIRST}`);
  }
  return size;
}

/** A connection's paging arguments: forward with `first` and `after`, or backward with `last` and `before`. */
export interface PagingArguments {
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}

function positionOf(argument: 'after' | 'before', cursor: string): number {
  const position = offsetFromCursor(cursor);
  if (position === undefined) throw badArgument(`${argument} is not a cursor of this list`);
  return position;
}

/**
 * The window the arguments ask for over an offset-paged list: after `after` (the first 20 when nothing is given), or
 * the `last` before `before` — or, with no `before`, the list's last ones, which asks `countAll` how long it is.
 */
/**
 * Which way the arguments page: backward when `last` or `before` is given, forward otherwise (nothing given pages
 * forward, but for a list read from its end, as a room's history: `backwardByDefault`). Mixing is refused.
 */
export function pagesBackward({ first, after, last, before }: PagingArguments, backwardByDefault = false): boolean {
  const forward = first != null || after != null;
  const backward = last != null || before != null;
  if (forward && backward)
    throw badArgument('Page forward with first and after, or backward with last and before: not both');
  return backward || (!forward && backwardByDefault);
}

export async function offsetWindow(paging: PagingArguments, countAll: () => Promise<number>): Promise<Window> {
  const { first, after, last, before } = paging;
  if (!pagesBackward(paging)) {
    const limit = pageSize('first', first, DEFAULT_PAGE_SIZE);
    return after == null ? { offset: 0, limit } : { offset: positionOf('after', after) + 1, limit };
  }
  const limit = pageSize('last', last, DEFAULT_PAGE_SIZE);
  const end = before == null ? await countAll() : positionOf('before', before);
  const offset = Math.max(0, end - limit);
  return { offset, limit: end - offset };
}

export function offsetConnection<T>(slice: WindowSlice<T>, window: Window) {
  const edges = slice.items.map((node, index) => ({ cursor: offsetCursor(window.offset + index), node }));
  return {
    edges,
    totalCount: slice.totalCount,
    pageInfo: {
      hasNextPage: window.offset + slice.items.length < slice.totalCount,
      hasPreviousPage: window.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/**
 * A page of a list read by keyset where the contract allows: its items, where the first stands, and the list's length.
 */
export interface PlacedSlice<T> {
  items: T[];
  /** The offset of the first item in the list. */
  offset: number;
  totalCount: number;
}

/** How a list ordered by id is read: by offset windows always, and from an item on where the contract can. */
export interface Seeker<T> {
  window(window: Window): Promise<WindowSlice<T>>;
  /**
   * The `size` items just after (or before) `place`, in the list's order, and how many items lie beyond the place in
   * that direction; undefined where the contract cannot read from a place (the offset window is used then).
   */
  seek(place: SeekPlace, size: number): Promise<{ items: T[]; beyond: number } | undefined>;
}

function placeOf(argument: 'after' | 'before', cursor: string): ItemPlace {
  const place = itemPlaceFromCursor(cursor);
  if (place === undefined) throw badArgument(`${argument} is not a cursor of this list`);
  return place;
}

const lastOf = <T>(items: T[], limit: number) => items.slice(Math.max(0, items.length - limit));

/**
 * A page of a list ordered by id, paged by the arguments: read from the item its cursor names (keyset: a page deep in
 * the list costs the contract what the first does) where the contract can, else by offset, as `offsetWindow` does.
 * Either way the page holds the same items while the list does not change. The cursor's offset says where the page
 * stands; `last` without `before` reads the list's end in one call.
 */
export async function placedPage<T>(paging: PagingArguments, seeker: Seeker<T>): Promise<PlacedSlice<T>> {
  const at = (offset: number, slice: WindowSlice<T>): PlacedSlice<T> => ({
    items: slice.items,
    offset,
    totalCount: slice.totalCount,
  });
  if (!pagesBackward(paging)) {
    const limit = pageSize('first', paging.first, DEFAULT_PAGE_SIZE);
    if (paging.after == null) return at(0, await seeker.window({ offset: 0, limit }));
    const place = placeOf('after', paging.after);
    const offset = place.offset + 1;
    const found = place.id === undefined ? undefined : await seeker.seek({ after: place.id }, limit);
    if (found) return { items: found.items.slice(0, limit), offset, totalCount: offset + found.beyond };
    return at(offset, await seeker.window({ offset, limit }));
  }
  const limit = pageSize('last', paging.last, DEFAULT_PAGE_SIZE);
  const countAll = async () => (await seeker.window({ offset: 0, limit: 1 })).totalCount;
  if (paging.before == null) {
    // Everything lies before the end: what is beyond is the whole list.
    const found = await seeker.seek({ before: 'end' }, limit);
    if (found) {
      const items = lastOf(found.items, limit);
      return { items, offset: found.beyond - items.length, totalCount: found.beyond };
    }
    const end = await countAll();
    const offset = Math.max(0, end - limit);
    return at(offset, await seeker.window({ offset, limit: end - offset }));
  }
  const place = placeOf('before', paging.before);
  const found = place.id === undefined ? undefined : await seeker.seek({ before: place.id }, limit);
  if (found) {
    // What lies before the item is where the page ends; the list's length is asked for apart.
    const items = lastOf(found.items, limit);
    return { items, offset: found.beyond - items.length, totalCount: await countAll() };
  }
  const offset = Math.max(0, place.offset - limit);
  return at(offset, await seeker.window({ offset, limit: place.offset - offset }));
}

/** The connection of a placed page: each item's cursor is its offset and its id. */
export function placedConnection<T>(slice: PlacedSlice<T>, idOf: (item: T) => number) {
  const edges = slice.items.map((node, index) => ({ cursor: itemCursor(slice.offset + index, idOf(node)), node }));
  return {
    edges,
    totalCount: slice.totalCount,
    pageInfo: {
      hasNextPage: slice.offset + slice.items.length < slice.totalCount,
      hasPreviousPage: slice.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
