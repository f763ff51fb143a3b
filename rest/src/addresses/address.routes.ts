// /api/users/addresses (extension address-book): the caller's own address book; nobody sees or changes another's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, IdParams, Nullable, Timestamp, errorAnswers } from '../shared/schemas.js';
import { MAX_ADDRESSES } from '../../../shop-rules/address-rules.js';
import type { AddressService } from './address.service.js';

const optionalText = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description: `${description}; blank or null: none` }));

const AddressInput = Type.Object({
  name: Type.String({ description: 'Who receives it: 1 to 80 characters on one line, trimmed' }),
  line1: Type.String({ description: 'Street and number: 1 to 120 characters on one line' }),
  line2: optionalText('Apartment, floor, company: up to 120 characters on one line'),
  city: Type.String({ description: '1 to 80 characters on one line' }),
  postalCode: optionalText('Up to 16 characters on one line (some countries have none)'),
  country: Type.String({ description: 'ISO 3166-1 alpha-2, any case: DE, US…' }),
  phone: optionalText('For the carrier: digits, spaces, +, -, ( and ), up to 24'),
});

const AddressAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  line1: Type.String(),
  line2: Nullable(Type.String()),
  city: Type.String(),
  postalCode: Nullable(Type.String()),
  country: Type.String({ description: 'ISO 3166-1 alpha-2, upper-case' }),
  phone: Nullable(Type.String()),
  printed: Type.String({
    description:
      'The address as an order keeps it (give it as checkout’s shippingAddress): the name, the lines, the postal code and city, the country’s name, the phone, one per line',
  }),
  createdAt: Timestamp,
  lastUsedAt: Nullable(Timestamp),
});

export const addressRoutes: FastifyPluginAsyncTypebox<{ addresses: AddressService }> = async (app, { addresses }) => {
  const common = { tags: ['users'], security: BEARER_SECURITY };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listAddresses',
        ...common,
        summary: 'The caller’s address book, the last used first (extension: address-book)',
        response: { 200: Type.Array(AddressAnswer), ...errorAnswers(401) },
      },
    },
    async (request) => addresses.list(viewerOf(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'addAddress',
        ...common,
        summary: `Keep an address in the caller’s address book, at most ${MAX_ADDRESSES} (extension: address-book)`,
        description:
          'Answers 201 with the address kept, or 200 with the one the book already holds when every part is the same: an address is never kept twice.',
        body: AddressInput,
        response: { 200: AddressAnswer, 201: AddressAnswer, ...errorAnswers(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { address, created } = await addresses.add(viewerOf(request).id, request.body);
      return reply.code(created ? 201 : 200).send(address);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        operationId: 'updateAddress',
        ...common,
        summary: 'Change one of the caller’s addresses: every part as given (extension: address-book)',
        params: IdParams,
        body: AddressInput,
        response: { 200: AddressAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => addresses.update(viewerOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        operationId: 'deleteAddress',
        ...common,
        summary: 'Forget one of the caller’s addresses; orders sent there keep it (extension: address-book)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await addresses.delete(viewerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
