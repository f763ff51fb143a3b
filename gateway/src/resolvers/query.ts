// Query: the entry points of the graph.
import { GraphQLError } from 'graphql';
import type { ProductFilter, QueryResolvers } from '../__generated__/resolvers-types.js';
import { moneyOf } from '../money.js';
import { PRODUCT_FACETS } from '../rest/products-api.js';
import { NO_SEARCH_TO_ORDER, sortOfGraphName } from '../../../shop-rules/product-sorts.js';
import { checkProductSearch } from '../../../shop-rules/product-search.js';
import { ORDER_STATUSES, checkOrderSearch } from '../../../shop-rules/order-rules.js';
import { isRuleViolation } from '../../../shop-rules/rule-violation.js';
import { numericIdOf } from '../global-id.js';
import { VIEWER } from '../resolver-parents.js';
import { pageOfProducts } from '../rest/plain-contract/product-pages.js';
import {
  MAX_FIRST as MAX_NODES,
  offsetConnection,
  offsetWindow,
  placedConnection,
  placedRequest,
} from './connections.js';
import { resolveNode } from './node.js';

/** A category filter's number; an id of another type names no category: BAD_USER_INPUT. */
function categoryIdIn(globalId: string): number {
  const id = numericIdOf(globalId, 'Category');
  if (id === undefined)
    throw new GraphQLError('filter.category must be a category’s id', { extensions: { code: 'BAD_USER_INPUT' } });
  return id;
}

/**
 * What `products` and `productFacets` ask the contract for: the filter's bounds, its category's number and the search,
 * each rule checked here too, as every rule is before any contract implementation is called (it may not check it).
 */
function productCriteriaOf(filter: ProductFilter | null | undefined, search: string | null | undefined) {
  const searched = checkProductSearch(search);
  if (isRuleViolation(searched)) throw new GraphQLError(searched.message, { extensions: { code: 'BAD_USER_INPUT' } });
  return {
    name: filter?.name?.trim() || undefined,
    minPrice: filter?.minPrice ?? undefined,
    maxPrice: filter?.maxPrice ?? undefined,
    minQuantity: filter?.minQuantity ?? undefined,
    maxQuantity: filter?.maxQuantity ?? undefined,
    search: searched,
    category: filter?.category == null ? undefined : categoryIdIn(filter.category),
  };
}

export const Query: QueryResolvers = {
  node: (_root, { id }, context, info) => resolveNode(id, context, info),
  nodes: (_root, { ids }, context, info) => {
    // Ids come as variables too, which no query limit counts: each may cost an upstream call.
    if (ids.length > MAX_NODES) {
      throw new GraphQLError(`nodes takes at most ${MAX_NODES} ids`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return Promise.all(ids.map((id) => resolveNode(id, context, info)));
  },
  // Resolved lazily (see ViewerModel): without a token there is no viewer; with a bad one, its fields say so.
  viewer: (_root, _args, context) => (context.token ? VIEWER : null),
  products: async (_root, { filter, sort, search, ...paging }, context) => {
    const criteria = productCriteriaOf(filter, search);
    if (sort === 'RELEVANCE' && !criteria.search)
      throw new GraphQLError(NO_SEARCH_TO_ORDER, { extensions: { code: 'BAD_USER_INPUT' } });
    // Read from the product a cursor names where the contract can (keyset: a deep page costs what the first does).
    const slice = await pageOfProducts(
      context.api,
      criteria,
      placedRequest(paging),
      sort ? sortOfGraphName(sort) : undefined,
    );
    context.loaders.primeProducts(slice.items);
    return { ...placedConnection(slice, (product) => product.id), search: slice.search ?? null };
  },
  productFacets: async (_root, { filter, search }, context) => {
    const criteria = productCriteriaOf(filter, search);
    if (!(await context.api.products.offers(PRODUCT_FACETS)))
      throw new GraphQLError(
        "The shop's REST service cannot count a list's facets (it lacks the product-facets extension)",
        { extensions: { code: 'NOT_SUPPORTED' } },
      );
    const facets = await context.api.products.facets(criteria);
    const counted = new Map(facets.categories.map((category) => [category.id, category.count]));
    return {
      totalCount: facets.totalElements,
      // Each level by name, as the tree is read.
      categories: (await context.loaders.categories.get())
        .filter((category) => counted.has(category.id))
        .map((category) => ({ category, count: counted.get(category.id)! })),
      priceBands: facets.priceBands.map((band) => ({
        minPrice: moneyOf(band.minPrice, context.currency),
        maxPrice: band.maxPrice === null ? null : moneyOf(band.maxPrice, context.currency),
        count: band.count,
      })),
      inStockCount: facets.inStock,
    };
  },
  lowStockProducts: async (_root, paging, context) => {
    await context.api.products.refuseWithoutLowStock();
    const window = await offsetWindow(
      paging,
      async () => (await context.api.products.lowStock({ offset: 0, limit: 1 })).totalCount,
    );
    const slice = await context.api.products.lowStock(window);
    context.loaders.primeProducts(slice.items);
    return { ...offsetConnection(slice, window), search: null };
  },
  shopSettings: async (_root, _args, context) => {
    await context.api.products.refuseWithoutLowStock();
    return { lowStockThreshold: await context.api.products.lowStockThreshold() };
  },
  orders: async (_root, { status, search, ...paging }, context) => {
    // Checked here too, as every rule is before any contract implementation is called (it may not check it).
    const found = checkOrderSearch(search ?? '');
    if (isRuleViolation(found)) throw new GraphQLError(found.message, { extensions: { code: 'BAD_USER_INPUT' } });
    const narrowing = { status: status ?? undefined, search: found ? search!.trim() : undefined };
    const window = await offsetWindow(
      paging,
      async () => (await context.api.orders.everyone({ offset: 0, limit: 1 }, narrowing)).totalCount,
    );
    const slice = await context.api.orders.everyone(window, narrowing);
    context.loaders.primeOrders(slice.items);
    const counts = slice.countsByStatus;
    return {
      ...offsetConnection(slice, window),
      countsByStatus: counts ? ORDER_STATUSES.map((each) => ({ status: each, count: counts[each] ?? 0 })) : null,
    };
  },
  shippingMethods: (_root, _args, context) => context.api.shipping.list(),
  taxRates: (_root, _args, context) => context.api.tax.rates(),
  taxSettings: async (_root, _args, context) => ({ pricesIncludeTax: await context.api.tax.pricesIncludeTax() }),
  paymentSettings: (_root, _args, context) => context.api.payment.settings(),
  staffRoles: (_root, _args, context) => context.api.staff.roles(),
  staffMembers: (_root, _args, context) => context.api.staff.members(),
  chatReports: async (_root, { status, ...paging }, context) => {
    const wanted = status ?? 'OPEN';
    const window = await offsetWindow(
      paging,
      async () => (await context.api.chatReports.queue(wanted, { offset: 0, limit: 1 })).totalCount,
    );
    return offsetConnection(await context.api.chatReports.queue(wanted, window), window);
  },
  categories: async (_root, _args, context) => {
    await context.api.categories.refuseWhereUnsupported();
    return context.loaders.categories.get();
  },
  product: (_root, { id }, context) => {
    const productId = numericIdOf(id, 'Product');
    return productId === undefined ? null : context.loaders.productById.load(productId);
  },
};
