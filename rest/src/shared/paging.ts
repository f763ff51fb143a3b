// The page object of the contract (`{content, totalElements, totalPages, number, size}`), as Spring Data answers it.
import { Type, type Static, type TSchema } from 'typebox';

export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

export const MAX_PAGE_SIZE = 100;
/** The page size when a page is asked for without one. */
export const DEFAULT_PAGE_SIZE = 20;

export const PageQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Zero-based page number (extension)' }),
  ),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Page size, at most 100 (extension)' }),
  ),
});
export type PageQuery = Static<typeof PageQuery>;

export interface PageRequest {
  page: number;
  size: number;
}

/** The page asked for, when the extensions are on and the caller asked for one; otherwise a plain list is answered. */
export function requestedPage(
  query: PageQuery,
  extensions: boolean,
  defaultSize = DEFAULT_PAGE_SIZE,
): PageRequest | undefined {
  if (!extensions || (query.page === undefined && query.size === undefined)) return undefined;
  return { page: query.page ?? 0, size: query.size ?? defaultSize };
}

export function toPage<T>(content: T[], totalElements: number, request: PageRequest): Page<T> {
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / request.size),
    number: request.page,
    size: request.size,
  };
}

export const PageSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    number: Type.Integer(),
    size: Type.Integer(),
  });
