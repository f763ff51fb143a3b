// /api/cart: the caller's own cart; every answer is the whole cart with subtotals and total.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, errorAnswers } from '../shared/schemas.js';
import { AddToCartBody, CartAnswerSchema, ProductIdParams, QuantityQuery } from './cart.schemas.js';
import type { CartService } from './cart.service.js';

export interface CartRouteOptions {
  cart: CartService;
  /** Where the extensions are on, its answers carry each line's product (line-products). */
  extensions: boolean;
}

export const cartRoutes: FastifyPluginAsyncTypebox<CartRouteOptions> = async (app, { cart, extensions }) => {
  const common = { tags: ['cart'], security: BEARER_SECURITY };
  const CartAnswer = CartAnswerSchema(extensions);

  app.get(
    '/',
    {
      schema: {
        operationId: 'getCart',
        ...common,
        summary: 'The caller’s cart',
        response: { 200: CartAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => cart.get(viewerOf(request).id),
  );

  app.post(
    '/items',
    {
      schema: {
        operationId: 'addCartItem',
        ...common,
        summary: 'Add units of a product; the same product’s line grows',
        body: AddToCartBody,
        response: { 200: CartAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => cart.add(viewerOf(request).id, request.body.productId, request.body.quantity ?? 1),
  );

  app.put(
    '/items/:productId',
    {
      schema: {
        operationId: 'updateCartItem',
        ...common,
        summary: 'Set a line’s quantity (`?quantity=n`, 1 up to the stock)',
        params: ProductIdParams,
        querystring: QuantityQuery,
        response: { 200: CartAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => cart.setQuantity(viewerOf(request).id, request.params.productId, request.query.quantity),
  );

  app.delete(
    '/items/:productId',
    {
      schema: {
        operationId: 'removeCartItem',
        ...common,
        summary: 'Remove a line',
        params: ProductIdParams,
        response: { 200: CartAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => cart.remove(viewerOf(request).id, request.params.productId),
  );

  app.delete(
    '/',
    {
      schema: {
        operationId: 'clearCart',
        ...common,
        summary: 'Empty the cart',
        response: { 200: CartAnswer, ...errorAnswers(401) },
      },
    },
    async (request) => cart.clear(viewerOf(request).id),
  );
};
