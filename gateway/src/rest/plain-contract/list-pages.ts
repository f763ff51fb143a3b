// Offset windows over lists the contract answers either whole (plain contract) or page by page (extension).
import { type RestPage, type RestSearchSummary, isPage } from '../contract.js';

/** The most our REST service answers per page; another implementation may allow more, never needs fewer. */
export const MAX_UPSTREAM_PAGE_SIZE = 100;

export interface Window {
  offset: number;
  limit: number;
}

/**
 * A place to read a page of a list ordered by id from (keyset): after an item, or before one (`end`: the list's last
 * items).
 */
export type SeekPlace = { after: number } | { before: number | 'end' };

export interface WindowSlice<T> {
  items: T[];
  totalCount: number;
  /** What a search's page says of the search (extension product-search). */
  search?: RestSearchSummary | undefined;
}

interface PagePlan {
  page: number;
  size: number;
  /** Items of the first page to skip before the window starts. */
  skip: number;
  /** 2 when no single page of an allowed size covers the window. */
  pages: 1 | 2;
}

/** The smallest page size whose one page covers [offset, offset+limit); usually size = limit, page = offset/limit. */
export function planPages({ offset, limit }: Window): PagePlan {
  const size = Math.max(limit, 1);
  for (let candidate = size; candidate <= MAX_UPSTREAM_PAGE_SIZE; candidate += 1) {
    const page = Math.floor(offset / candidate);
    if (page === Math.floor((offset + size - 1) / candidate))
      return { page, size: candidate, skip: offset - page * candidate, pages: 1 };
  }
  const page = Math.floor(offset / size);
  return { page, size, skip: offset - page * size, pages: 2 };
}

/**
 * Fetches a window in one call (two only for a window that straddles every allowed page size). When the
 * answer is a plain list, the contract had no paging: the window is cut from it.
 */
export async function fetchWindow<T>(
  fetchPage: (page: number, size: number) => Promise<T[] | RestPage<T>>,
  window: Window,
): Promise<WindowSlice<T>> {
  const plan = planPages(window);
  const first = await fetchPage(plan.page, plan.size);
  if (!isPage<T>(first)) {
    const list = Array.isArray(first) ? first : [];
    return { items: list.slice(window.offset, window.offset + window.limit), totalCount: list.length };
  }
  let content = first.content;
  if (plan.pages === 2 && content.length === plan.size) {
    const second = await fetchPage(plan.page + 1, plan.size);
    if (isPage<T>(second)) content = [...content, ...second.content];
  }
  return {
    items: content.slice(plan.skip, plan.skip + window.limit),
    totalCount: first.totalElements ?? plan.page * plan.size + content.length,
    search: (first as RestPage<T> & { search?: RestSearchSummary }).search,
  };
}
