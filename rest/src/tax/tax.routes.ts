// /api/tax-rates and /api/settings/tax (extension tax): every logged-in user reads the rates and whether prices include
// tax (a shop states both); only admins change them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, IdParams, Nullable, Timestamp, errorAnswers } from '../shared/schemas.js';
import type { TaxService } from './tax.service.js';
import { DEFAULT_PRICES_INCLUDE_TAX } from './tax.repository.js';

const RateInput = Type.Object({
  country: Type.String({ description: 'ISO 3166-1 alpha-2, any case' }),
  categoryId: Type.Optional(
    Nullable(
      Type.Integer({
        description:
          'The category (and what lies under it) the rate is for; null or left out: the country’s standard rate',
      }),
    ),
  ),
  rate: Type.Number({ description: 'Percent, 0 to 100, at most two decimals: 19, 7.5' }),
});

const RateAnswer = Type.Object({
  id: Type.Integer(),
  country: Type.String(),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  rate: Type.Number({ description: 'Percent' }),
  createdAt: Timestamp,
});

const SettingsAnswer = Type.Object({
  pricesIncludeTax: Type.Boolean({
    description: `Whether the prices entered (products, shipping) include tax; else it is added on top at checkout (${DEFAULT_PRICES_INCLUDE_TAX} until an admin sets it)`,
  }),
});

export const taxRoutes: FastifyPluginAsyncTypebox<{ tax: TaxService }> = async (app, { tax }) => {
  const common = { tags: ['tax'], security: BEARER_SECURITY };
  const adminOnly = requirePermission('MANAGE_SETTINGS', 'Only administrators can manage tax');

  app.get(
    '/tax-rates',
    {
      schema: {
        operationId: 'listTaxRates',
        ...common,
        summary: 'Every tax rate, by country, its standard rate first, then its categories’ by name (extension: tax)',
        response: { 200: Type.Array(RateAnswer), ...errorAnswers(401) },
      },
    },
    async () => tax.list(),
  );

  app.post(
    '/tax-rates',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createTaxRate',
        ...common,
        summary: 'Set a country’s standard rate, or its rate for a category (ADMIN, audited)',
        body: RateInput,
        response: { 201: RateAnswer, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await tax.create(viewerOf(request), request.body)),
  );

  app.put(
    '/tax-rates/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateTaxRate',
        ...common,
        summary: 'Change a tax rate, every field as given (ADMIN, audited); orders keep the tax they were charged',
        params: IdParams,
        body: RateInput,
        response: { 200: RateAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => tax.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/tax-rates/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteTaxRate',
        ...common,
        summary: 'Delete a tax rate (ADMIN, audited); orders keep the tax they were charged',
        params: IdParams,
        response: { 204: Type.Null(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tax.delete(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/settings/tax',
    {
      schema: {
        operationId: 'getTaxSettings',
        ...common,
        summary: 'Whether the shop’s prices include tax (extension: tax)',
        response: { 200: SettingsAnswer, ...errorAnswers(401) },
      },
    },
    async () => tax.settings(),
  );

  app.put(
    '/settings/tax',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'setTaxSettings',
        ...common,
        summary: 'Say whether the shop’s prices include tax (ADMIN, audited; extension: tax)',
        body: SettingsAnswer,
        response: { 200: SettingsAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => tax.setPricesIncludeTax(viewerOf(request), request.body.pricesIncludeTax),
  );
};
