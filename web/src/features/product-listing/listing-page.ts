// The listing's page size and variables: apart from the route, so that what index.html asks for before the app's
// script arrives (app/early-requests.ts, which the build reads in Node) is built from the same values.

export const PAGE_SIZE = 24;

/**
 * The listing's first page for a filter (none: the whole catalogue), an order (none: the list's own) and a search
 * (none: no search), as the route asks for it.
 */
export const listingVariables = <Filter, Sort>(filter: Filter | undefined, sort?: Sort, search?: string) => ({
  first: PAGE_SIZE,
  filter,
  sort,
  search,
});
