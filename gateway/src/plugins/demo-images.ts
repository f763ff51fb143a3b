// The demo catalogue's images are shop paths (/images/…) served by the REST service; the browser only knows the
// gateway's origin, so they are streamed through, with their caching headers.
import fp from 'fastify-plugin';
import type { RestClient } from '../rest/rest-client.js';

const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];

export const demoImagesPlugin = fp<{ rest: RestClient }>(
  async (app, { rest }) => {
    app.get('/images/*', async (request, reply) => {
      const upstream = await rest.stream(request.url, request.id).catch(() => undefined);
      if (!upstream) return reply.code(502).send({ message: 'Images are temporarily unavailable' });
      reply.code(upstream.statusCode);
      for (const header of PASSED_HEADERS) {
        const value = upstream.headers[header];
        if (value !== undefined) reply.header(header, value);
      }
      return reply.send(upstream.body);
    });
  },
  { name: 'demo-images' },
);
