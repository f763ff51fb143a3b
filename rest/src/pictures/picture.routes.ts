// Pictures admins upload (issue 34, extension product-pictures): POST /api/pictures takes one picture's bytes, and
// /images/uploads/… serves each picture kept, to anyone, as the demo pictures are (pictureServingRoutes).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, errorAnswers } from '../shared/schemas.js';
import {
  MAX_PICTURE_BYTES,
  PICTURE_FORMATS,
  PICTURE_TOO_LARGE,
  PICTURE_TYPE_REFUSED,
  PICTURE_TYPES,
  PICTURE_WIDTHS,
  UPLOADED_PICTURES_PATH,
  type PictureFormat,
} from '../../../shop-rules/pictures.js';
import type { PictureService } from './picture.service.js';

const UploadedPicture = Type.Object({
  id: Type.String({
    description: 'The picture: the digest of its bytes (the same picture uploaded again, the same id)',
  }),
  url: Type.String({
    description: `Its address, ${UPLOADED_PICTURES_PATH}{id}: a product's image URL as any other (the widest WebP)`,
  }),
  width: Type.Integer({ description: 'Its width as uploaded, upright' }),
  height: Type.Integer(),
});

export const pictureRoutes: FastifyPluginAsyncTypebox<{ pictures: PictureService }> = async (app, { pictures }) => {
  // Only here is a body a picture; everywhere else the service reads JSON alone.
  app.removeContentTypeParser('application/json');
  for (const type of PICTURE_TYPES)
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES }, (_, body, done) =>
      done(null, body),
    );

  app.post(
    '/',
    {
      // On the request, before its body is read: nobody else makes the service read 10 MB.
      onRequest: requirePermission('MANAGE_CATALOGUE', 'Only administrators can upload pictures'),
      bodyLimit: MAX_PICTURE_BYTES,
      config: { wrongBodyType: PICTURE_TYPE_REFUSED, bodyTooLarge: PICTURE_TOO_LARGE },
      schema: {
        operationId: 'uploadPicture',
        tags: ['products'],
        security: BEARER_SECURITY,
        summary: 'Keeps a picture for products (ADMIN; extension: product-pictures)',
        description:
          `One picture, JPEG, PNG or WebP, at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB: checked by its content, ` +
          `kept at the widths ${PICTURE_WIDTHS.join(', ')} (never wider than it came) as WebP and AVIF, served at ` +
          `${UPLOADED_PICTURES_PATH}{id}/{width}.{webp|avif} for a year. Give its url as a product's image.`,
        consumes: [...PICTURE_TYPES],
        body: { description: 'The picture’s bytes' },
        response: { 201: UploadedPicture, ...errorAnswers(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await pictures.upload(viewerOf(request).id, request.body as Buffer)),
  );
};

/** How long a picture's address may be kept: its id is its content's digest, so it never changes. */
const FOREVER = 'public, max-age=31536000, immutable';
const VARIANT = /^(\d{1,5})\.(avif|webp)$/;

/** /images/uploads/{id} (the widest WebP) and /images/uploads/{id}/{width}.{format}, to anyone. */
export const pictureServingRoutes: FastifyPluginAsync<{ pictures: PictureService }> = async (app, { pictures }) => {
  const send = async (id: string, format: PictureFormat, width: number | undefined, reply: FastifyReply) => {
    const bytes = /^[0-9a-f]{32}$/.test(id) ? await pictures.variant(id, format, width) : undefined;
    if (!bytes) return reply.code(404).send({ message: 'No such picture', code: 'PICTURE_NOT_FOUND' });
    return reply
      .type(`image/${format}`)
      .header('cache-control', FOREVER)
      .header('etag', `"${id}-${width ?? 'widest'}-${format}"`)
      .send(bytes);
  };
  const schema = { hide: true };
  app.get<{ Params: { id: string } }>(`${UPLOADED_PICTURES_PATH}:id`, { schema }, (request, reply) =>
    send(request.params.id, 'webp', undefined, reply),
  );
  app.get<{ Params: { id: string; file: string } }>(
    `${UPLOADED_PICTURES_PATH}:id/:file`,
    { schema },
    (request, reply) => {
      const [, width, format] = VARIANT.exec(request.params.file) ?? [];
      if (!format || !PICTURE_FORMATS.includes(format as PictureFormat))
        return reply.code(404).send({ message: 'No such picture', code: 'PICTURE_NOT_FOUND' });
      return send(request.params.id, format as PictureFormat, Number(width), reply);
    },
  );
};
