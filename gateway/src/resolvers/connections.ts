// Relay cursor connections over offset windows (products, orders), and the checks every connection's arguments share.
import { GraphQLError } from 'graphql';
import { itemCursor, itemPlaceFromCursor, offsetCursor, offsetFromCursor } from '../global-id.js';
import { DEFAULT_PAGE_SIZE } from '../page-size.js';
import type { Window, WindowSlice } from '../rest/plain-contract/list-pages.js';
import type { ItemPlace, PlacedRequest, PlacedSlice } from '../rest/plain-contract/product-pages.js';

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

function placeOf(argument: 'after' | 'before', cursor: string): ItemPlace {
  const place = itemPlaceFromCursor(cursor);
  if (place === undefined) throw badArgument(`${argument} is not a cursor of this list`);
  return place;
}

/**
 * The page of a list ordered by id the arguments ask for: after the item a cursor names (the first 20 when nothing is
 * given), or the `last` before one — or, with no `before`, the list's last ones. plain-contract reads it from the item
 * on (keyset) where the implementation can, else by offset, as `offsetWindow` does.
 */
export function placedRequest(paging: PagingArguments): PlacedRequest {
  if (!pagesBackward(paging)) {
    const limit = pageSize('first', paging.first, DEFAULT_PAGE_SIZE);
    return { limit, after: paging.after == null ? 'start' : placeOf('after', paging.after) };
  }
  const limit = pageSize('last', paging.last, DEFAULT_PAGE_SIZE);
  return { limit, before: paging.before == null ? 'end' : placeOf('before', paging.before) };
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
