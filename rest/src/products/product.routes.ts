// /api/products: everyone logged in reads the catalogue; only admins change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { badRequest } from '../shared/http-errors.js';
import { DEFAULT_PAGE_SIZE, PageQuery, requestedPage } from '../shared/paging.js';
import { BEARER_SECURITY, IdParams, MAX_DATABASE_ID, errorAnswers } from '../shared/schemas.js';
import {
  ProductAnswer,
  LowStockPage,
  ProductFacetsAnswer,
  ProductFacetsQuery,
  ProductFilterQuery,
  ProductInput,
  ProductListAnswer,
  ProductListQuery,
  type ProductFilter,
  type SeekQuery,
  type SortQuery,
} from './product.schemas.js';
import type { ProductPlace } from './product.repository.js';
import { NO_SEARCH_TO_ORDER, SEARCH_ORDER } from '../../../shop-rules/product-sorts.js';
import type { ProductService } from './product.service.js';

/** The place a keyset page is read from, when the request gives one (extension: product-keyset). */
function placeOf(query: SeekQuery & { page?: number | undefined }): ProductPlace | undefined {
  if (query.after === undefined && query.before === undefined) return undefined;
  if (query.after !== undefined && query.before !== undefined)
    throw badRequest('Give after or before, not both', 'before');
  if (query.page !== undefined) throw badRequest('Give page, or after or before: not both', 'page');
  if (query.after !== undefined) return { after: query.after };
  // Every id is below a number past the largest a database id can be: that is before the end.
  const before = query.before === 'end' ? 'end' : Number(query.before);
  return { before: before === 'end' || before > MAX_DATABASE_ID ? 'end' : before };
}

/**
 * A sorted list is read by page (extension: product-sort): keyset paging follows the catalogue's order only. Relevance
 * orders what a search found.
 */
function sortOf(query: SortQuery, place: ProductPlace | undefined, searching = false): SortQuery['sort'] {
  if (query.sort && place)
    throw badRequest('A sorted list is read by page: give page and size, not after or before', 'sort');
  if (query.sort === SEARCH_ORDER && !searching) throw badRequest(NO_SEARCH_TO_ORDER, 'sort');
  return query.sort;
}

export interface ProductRouteOptions {
  products: ProductService;
  extensions: boolean;
  /** The shop's low-stock threshold as it is now (extension product-low-stock). */
  lowStockThreshold(): Promise<number>;
}

export const productRoutes: FastifyPluginAsyncTypebox<ProductRouteOptions> = async (
  app,
  { products, extensions, lowStockThreshold },
) => {
  const common = { tags: ['products'], security: BEARER_SECURITY };
  const Product = ProductAnswer(extensions);
  const Form = ProductInput(extensions);
  const adminOnly = requirePermission('MANAGE_CATALOGUE', 'Only administrators can manage products');

  app.get(
    '/',
    {
      schema: {
        operationId: 'listProducts',
        ...common,
        summary: extensions ? 'The catalogue, by id or as `sort` orders it' : 'The catalogue, by id',
        querystring: ProductListQuery(extensions),
        response: { 200: ProductListAnswer(extensions), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as SeekQuery & SortQuery & { ids?: string; page?: number; size?: number };
      if (extensions && query.ids !== undefined) {
        if (query.sort) throw badRequest('Products by ids come in id order: give ids or sort, not both', 'sort');
        const ids = [...new Set(query.ids.split(',').map(Number))].filter((id) => id <= MAX_DATABASE_ID);
        return products.byIds(ids);
      }
      const place = extensions ? placeOf(query) : undefined;
      const sort = extensions ? sortOf(query, place) : undefined;
      if (place) return products.seek({}, place, query.size ?? DEFAULT_PAGE_SIZE);
      const page = requestedPage(query, extensions);
      return page ? products.page({}, page, sort) : products.list({}, sort);
    },
  );

  app.get(
    '/filter',
    {
      schema: {
        operationId: 'filterProducts',
        ...common,
        summary: extensions
          ? 'Products whose name contains `name`, or whose SKU is `name` (any case), within the price and stock bounds; with `search`, those with its words'
          : 'Products whose name contains `name` (any case) within the price and stock bounds',
        querystring: ProductFilterQuery(extensions),
        response: { 200: ProductListAnswer(extensions), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const {
        page: pageNumber,
        size,
        after,
        before,
        sort: sortName,
        ...filter
      } = request.query as Record<string, never>;
      const place = extensions ? placeOf({ page: pageNumber, after, before }) : undefined;
      // A blank search is none (extension: product-search).
      const searching = extensions && Boolean((filter as ProductFilter).search?.trim());
      const sort = extensions ? sortOf({ sort: sortName }, place, searching) : undefined;
      // A SKU typed into the name filter finds its product (extension: product-sku).
      const criteria = { ...(filter as ProductFilter), orSkuIs: extensions };
      if (searching) {
        if (place) throw badRequest('A search is read by page: give page and size, not after or before', 'search');
        return products.search(criteria, { page: pageNumber ?? 0, size: size ?? DEFAULT_PAGE_SIZE }, sort);
      }
      if (place) return products.seek(criteria, place, size ?? DEFAULT_PAGE_SIZE);
      const page = requestedPage({ page: pageNumber, size }, extensions);
      return page ? products.page(criteria, page, sort) : products.list(criteria, sort);
    },
  );

  if (extensions)
    app.get(
      '/facets',
      {
        schema: {
          operationId: 'productFacets',
          ...common,
          summary:
            'How many of the products a filter and search match each category one level down, each price band and "in stock" hold, each as if its own choice were not made (extension: product-facets)',
          querystring: ProductFacetsQuery,
          response: { 200: ProductFacetsAnswer, ...errorAnswers(400, 401) },
        },
      },
      async (request) => products.facets(request.query),
    );

  if (extensions)
    app.get(
      '/low-stock',
      {
        preValidation: requirePermission(
          'MANAGE_CATALOGUE',
          'Only administrators can see which products are low in stock',
        ),
        schema: {
          operationId: 'lowStockProducts',
          ...common,
          summary:
            'The products at or under their low-stock threshold (their own, else the shop’s), the fewest units first (ADMIN; extension: product-low-stock)',
          querystring: PageQuery,
          response: { 200: LowStockPage, ...errorAnswers(400, 401, 403) },
        },
      },
      async (request) =>
        products.lowStock(
          { page: request.query.page ?? 0, size: request.query.size ?? DEFAULT_PAGE_SIZE },
          await lowStockThreshold(),
        ),
    );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getProduct',
        ...common,
        summary: 'One product',
        params: IdParams,
        response: { 200: Product, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => products.get(request.params.id),
  );

  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createProduct',
        ...common,
        summary: 'Create a product (ADMIN)',
        body: Form,
        response: { 201: Product, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await products.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateProduct',
        ...common,
        summary: 'Replace a product’s fields (ADMIN)',
        params: IdParams,
        body: Form,
        response: { 200: Product, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => products.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteProduct',
        ...common,
        summary: 'Delete a product (ADMIN); it leaves every cart, orders keep their snapshot',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await products.delete(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
