// /api/categories (extension product-categories): every logged-in user reads the tree; only admins change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, IdParams, MAX_DATABASE_ID, Timestamp, errorAnswers } from '../shared/schemas.js';
import { MAX_CATEGORY_NAME_LENGTH } from '../../../shop-rules/category-rules.js';
import type { CategoryService } from './category.service.js';

const CategoryAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The category it is under; null at the top level',
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const CategoryInput = Type.Object({
  name: Type.String({
    description: `1 to ${MAX_CATEGORY_NAME_LENGTH} characters on one line, trimmed; once among its siblings in any case`,
  }),
  parentId: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: MAX_DATABASE_ID }), Type.Null()], {
      description:
        'The category to put it under (null or left out: the top level); not itself nor one of its own, at most 4 levels deep',
    }),
  ),
});

const DeleteQuery = Type.Object({
  moveProductsTo: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_DATABASE_ID,
      description: 'The category its products go to first (each keeps its other categories); needed when it holds any',
    }),
  ),
});

export const categoryRoutes: FastifyPluginAsyncTypebox<{ categories: CategoryService }> = async (
  app,
  { categories },
) => {
  const common = { tags: ['categories'], security: BEARER_SECURITY };
  const adminOnly = requirePermission('MANAGE_CATALOGUE', 'Only administrators can manage categories');

  app.get(
    '/',
    {
      schema: {
        operationId: 'listCategories',
        ...common,
        summary: 'Every category, each level by name: the tree by parentId (extension: product-categories)',
        response: { 200: Type.Array(CategoryAnswer), ...errorAnswers(401) },
      },
    },
    async () => categories.list(),
  );

  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'createCategory',
        ...common,
        summary: 'Create a category (ADMIN)',
        body: CategoryInput,
        response: { 201: CategoryAnswer, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'updateCategory',
        ...common,
        summary: 'Rename a category, or move it under another (ADMIN); its subcategories and products go with it',
        params: IdParams,
        body: CategoryInput,
        response: { 200: CategoryAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'deleteCategory',
        ...common,
        summary:
          'Delete a category without subcategories (ADMIN): an empty one, or one whose products go to `moveProductsTo`',
        params: IdParams,
        querystring: DeleteQuery,
        response: {
          200: Type.Object({
            movedProductIds: Type.Array(Type.Integer(), { description: 'The products moved to `moveProductsTo`' }),
          }),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      movedProductIds: await categories.delete(viewerOf(request), request.params.id, request.query.moveProductsTo),
    }),
  );
};
