// /api/products/export and /api/products/import (issue 34, extension product-csv): admins take the catalogue out as
// CSV, and bring it back: a preview first (nothing written), then the import with the preview's confirmation.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, Nullable, errorAnswers } from '../shared/schemas.js';
import type { CatalogueCsvService } from './catalogue-csv.service.js';
import { CSV_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../shop-rules/product-csv-columns.js';
import { MAX_LISTED } from './catalogue-csv.service.js';

const COLUMNS = CSV_COLUMNS.map((column) => `${column.name}${column.required ? ' (required)' : ''}`).join(', ');

const ImportAnswer = Type.Object({
  created: Type.Integer({ minimum: 0, description: 'Products the file creates (created, once imported)' }),
  updated: Type.Integer({ minimum: 0, description: 'Products it changes' }),
  unchanged: Type.Integer({ minimum: 0, description: 'Rows that leave their product as it is' }),
  problemCount: Type.Integer({ minimum: 0, description: 'Every problem of the file; none is imported while any' }),
  problems: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'The line of the file its row starts on; the header is line 1' }),
      column: Nullable(Type.String({ description: 'The column at fault, when one is' })),
      message: Type.String(),
    }),
    { description: `The first ${MAX_LISTED} problems, by line` },
  ),
  changes: Type.Array(
    Type.Object({
      line: Type.Integer(),
      // One enum, not a union of two literals (anyOf of one-value enums): GraphQL Mesh's OpenAPI source makes an
      // object type without fields of that union, an invalid schema that fails every request (the bench's peer).
      action: Type.String({ enum: ['create', 'update'] }),
      id: Nullable(Type.Integer({ description: 'The product; null for one a preview would create' })),
      name: Type.String(),
      fields: Type.Array(Type.String(), { description: 'The fields it sets (every field of a new product)' }),
    }),
    { description: `The first ${MAX_LISTED} products created or changed, by line` },
  ),
  confirmation: Nullable(
    Type.String({
      description:
        'A preview without problems: give it as `confirm` to import the same file. Null with problems, and once imported',
    }),
  ),
  imported: Type.Boolean({ description: 'Whether this answer is of the import itself (true) or of its preview' }),
});

export const catalogueCsvRoutes: FastifyPluginAsyncTypebox<{ csv: CatalogueCsvService }> = async (app, { csv }) => {
  const common = { tags: ['products'], security: BEARER_SECURITY };
  // On the request, before its body is read: nobody else makes the service read 10 MB.
  const adminOnly = requirePermission('MANAGE_CATALOGUE', 'Only administrators can export and import the catalogue');

  app.get(
    '/export',
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'exportProducts',
        ...common,
        summary: `The whole catalogue as CSV, by id (ADMIN; extension: product-csv). Columns: ${COLUMNS}`,
        response: {
          200: {
            description: 'UTF-8 with a byte order mark; categories as their paths, images separated by spaces',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorAnswers(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="medshop-products-${day}.csv"`)
        .header('cache-control', 'no-store');
      // The answer's schema is for the OpenAPI document: a stream is sent as it is.
      return reply.send(Readable.from(csv.export()) as never);
    },
  );

  // Only in this plugin is a body CSV text, and only CSV: everywhere else the service reads JSON alone.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_, body, done) =>
    done(null, body),
  );
  app.post(
    '/import',
    {
      onRequest: adminOnly,
      bodyLimit: MAX_IMPORT_BYTES,
      config: { bodyType: 'text/csv' },
      schema: {
        operationId: 'importProducts',
        ...common,
        summary:
          'Without `confirm`: what importing this CSV would create and change, and every problem, writing nothing. ' +
          'With the preview’s `confirmation` as `confirm`: imports it, in one transaction, audited (ADMIN; extension: product-csv)',
        description:
          `The export's columns (${COLUMNS}); a row with an id changes that product, one without an id changes the ` +
          `product with its SKU, or else creates one. A column left out leaves that field as it is. At most ` +
          `${MAX_IMPORT_ROWS} rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Nothing is ever deleted.`,
        consumes: ['text/csv'],
        querystring: Type.Object({
          confirm: Type.Optional(
            Type.String({ maxLength: 100, description: 'The preview’s confirmation: import what it showed' }),
          ),
        }),
        body: Type.String({ description: 'The CSV file, UTF-8' }),
        response: { 200: ImportAnswer, ...errorAnswers(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const text = request.body;
      const { confirm } = request.query;
      return confirm === undefined ? csv.preview(text) : csv.import(viewerOf(request), text, confirm);
    },
  );
};
