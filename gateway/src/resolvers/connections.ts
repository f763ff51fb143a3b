// Relay cursor connections over offset windows (products, orders), and the checks every connection's arguments share.
import { GraphQLError } from 'graphql';
import { offsetCursor, offsetFromCursor } from '../global-id.js';
import type { Window, WindowSlice } from '../rest/windows.js';

export const MAX_FIRST = 100;

export const badArgument = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export function pageSize(argument: string, value: number | null | undefined, fallback: number): number {
  const size = value ?? fallback;
  if (!Number.isInteger(size) || size < 0 || size > MAX_FIRST) {
    throw badArgument(`${argument} must be between 0 and ${MAX_FIRST}`);
  }
  return size;
}

/** The window after the `after` cursor. */
export function windowAfter(first: number | null | undefined, after: string | null | undefined): Window {
  const limit = pageSize('first', first, 20);
  if (after == null) return { offset: 0, limit };
  const position = offsetFromCursor(after);
  if (position === undefined) throw badArgument('after is not a cursor of this list');
  return { offset: position + 1, limit };
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
