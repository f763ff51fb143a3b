// /api/products: everyone logged in reads the catalogue; only admins change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAdmin, viewerOf } from '../auth/authenticate.js';
import { requestedPage } from '../shared/paging.js';
import { BEARER_SECURITY, IdParams, MAX_DATABASE_ID, errorAnswers } from '../shared/schemas.js';
import {
  ProductAnswer,
  ProductFilterQuery,
  ProductInput,
  ProductListAnswer,
  ProductListQuery,
} from './product.schemas.js';
import type { ProductService } from './product.service.js';


export interface ProductRouteOptions {
  products: ProductService;
  extensions: boolean;
}

export const productRoutes: FastifyPluginAsyncTypebox<ProductRouteOptions> = async (app, { products, extensions }) => {
  const common = { tags: ['products'], security: BEARER_SECURITY };
  const adminOnly = requireAdmin('Only administrators can manage products');

  app.get(
    '/',
    {
      schema: {
        operationId: 'listProducts',
        ...common,
        summary: 'The catalogue, by id',
        querystring: ProductListQuery(extensions),
        response: { 200: ProductListAnswer(extensions), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as { ids?: string; page?: number; size?: number };
      if (extensions && query.ids !== undefined) {
        const ids = [...new Set(query.ids.split(',').map(Number))].filter((id) => id <= MAX_DATABASE_ID);
        return products.byIds(ids);
      }
      const page = requestedPage(query, extensions);
      return page ? products.page({}, page) : products.list();
    },
  );

  app.get(
    '/filter',
    {
      schema: {
        operationId: 'filterProducts',
        ...common,
        summary: 'Products whose name contains `name` (any case) within the price and stock bounds',
        querystring: ProductFilterQuery(extensions),
        response: { 200: ProductListAnswer(extensions), ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { page: pageNumber, size, ...filter } = request.query as Record<string, never>;
      const page = requestedPage({ page: pageNumber, size }, extensions);
      return page ? products.page(filter, page) : products.list(filter);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getProduct',
        ...common,
        summary: 'One product',
        params: IdParams,
        response: { 200: ProductAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => products.get(request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'createProduct',
        ...common,
        summary: 'Create a product (ADMIN)',
        body: ProductInput,
        response: { 201: ProductAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await products.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      preHandler: adminOnly,
      schema: {
        operationId: 'updateProduct',
        ...common,
        summary: 'Replace a product’s fields (ADMIN)',
        params: IdParams,
        body: ProductInput,
        response: { 200: ProductAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => products.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: adminOnly,
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
