// /api/shipping-methods (extension shipping): every logged-in user reads the methods offered and what each costs
// their cart to a country; only admins create, change and delete them (an admin reads the retired ones too).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { can } from '../auth/authenticated-user.js';
import { BEARER_SECURITY, IdParams, Nullable, Timestamp, errorAnswers } from '../shared/schemas.js';
import {
  MAX_DELIVERY_DAYS,
  MAX_METHOD_DESCRIPTION_LENGTH,
  MAX_METHOD_NAME_LENGTH,
  MAX_RATES,
} from '../../../shop-rules/shipping-rules.js';
import type { ShippingService } from './shipping.service.js';

const Rate = Type.Object({
  countries: Type.Array(Type.String(), {
    description: 'Where it serves: ISO 3166-1 alpha-2 codes, any case; a country in one rate of a method at most',
  }),
  price: Type.Number({ description: 'Dollars, 0 to 10,000, whole cents' }),
  freeFrom: Type.Optional(
    Nullable(
      Type.Number({ description: 'Free for an order whose lines cost this much or more (dollars); null: never' }),
    ),
  ),
});

const MethodInput = Type.Object({
  name: Type.String({
    description: `1 to ${MAX_METHOD_NAME_LENGTH} characters on one line, trimmed; once in the shop in any case`,
  }),
  description: Type.Optional(
    Nullable(Type.String({ description: `Up to ${MAX_METHOD_DESCRIPTION_LENGTH} characters` })),
  ),
  minDays: Type.Integer({ description: `Business days at the soonest, 0 to ${MAX_DELIVERY_DAYS}` }),
  maxDays: Type.Integer({ description: `Business days at the latest, minDays to ${MAX_DELIVERY_DAYS}` }),
  active: Type.Optional(Type.Boolean({ description: 'Offered to shoppers (true when left out)' })),
  rates: Type.Array(Rate, { description: `1 to ${MAX_RATES} rates` }),
});

const MethodAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  minDays: Type.Integer(),
  maxDays: Type.Integer(),
  estimate: Type.String({
    description: 'How long it takes in words: "Same day", "1 business day", "2–4 business days"',
  }),
  active: Type.Boolean(),
  rates: Type.Array(
    Type.Object({ countries: Type.Array(Type.String()), price: Type.Number(), freeFrom: Nullable(Type.Number()) }),
  ),
  createdAt: Timestamp,
});

const OptionAnswer = Type.Object({
  method: MethodAnswer,
  available: Type.Boolean(),
  price: Nullable(
    Type.Number({ description: 'What it costs this cart there (dollars); null when it does not ship there' }),
  ),
  reason: Nullable(Type.String({ description: 'Why it cannot take the order ("Express does not ship to Latvia")' })),
});

export const shippingRoutes: FastifyPluginAsyncTypebox<{
  shipping: ShippingService;
  /** What the caller's cart costs now (its lines at today's prices), in cents. */
  cartSubtotalCents(userId: number): Promise<number>;
}> = async (app, { shipping, cartSubtotalCents }) => {
  const common = { tags: ['shipping'], security: BEARER_SECURITY };
  const adminOnly = requirePermission('MANAGE_SETTINGS', 'Only administrators can manage shipping methods');

  app.get(
    '/',
    {
      schema: {
        operationId: 'listShippingMethods',
        ...common,
        summary:
          'The shipping methods offered, the fastest first; for an admin every method, the retired ones too (extension: shipping)',
        response: { 200: Type.Array(MethodAnswer), ...errorAnswers(401) },
      },
    },
    async (request) => shipping.list({ everything: can(viewerOf(request), 'MANAGE_SETTINGS') }),
  );

  app.get(
    '/options',
    {
      schema: {
        operationId: 'listShippingOptions',
        ...common,
        summary:
          'Each method offered, with what it costs the caller’s cart going to a country, or why it does not ship there (extension: shipping)',
        querystring: Type.Object({ country: Type.String({ description: 'ISO 3166-1 alpha-2, any case' }) }),
        response: { 200: Type.Array(OptionAnswer), ...errorAnswers(400, 401) },
      },
    },
    async (request) => shipping.options(request.query.country, await cartSubtotalCents(viewerOf(request).id)),
  );

  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createShippingMethod',
        ...common,
        summary: 'Create a shipping method (ADMIN, audited)',
        body: MethodInput,
        response: { 201: MethodAnswer, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await shipping.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateShippingMethod',
        ...common,
        summary: 'Change a shipping method, every field as given (ADMIN, audited); orders keep what they were charged',
        params: IdParams,
        body: MethodInput,
        response: { 200: MethodAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => shipping.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteShippingMethod',
        ...common,
        summary: 'Delete a shipping method (ADMIN, audited); orders keep its name and what they paid',
        params: IdParams,
        response: { 204: Type.Null(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await shipping.delete(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
