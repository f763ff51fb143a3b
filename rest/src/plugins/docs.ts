// The contract, documented: the OpenAPI 3.1 document made from every route's schema, at /api/openapi.json, and a
// page to browse it at /api/docs.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../shared/http-errors.js';

const errorCodes = Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

export const docsPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Medshop REST contract',
          description:
            'The shop’s REST contract (spec §7) with the optional extensions of DESIGN §4. ' +
            'Every call except /api/auth/* needs `Authorization: Bearer <token>`.\n\n' +
            'Errors answer `{ message, code, field? }`: `message` is for people and may be reworded; `code` is for ' +
            'programs and stays; `field` names the request field at fault when it is one (body, query or path ' +
            'parameter). `code` and `field` are extensions: with REST_EXTENSIONS=false only `message` is sent. The codes:\n\n' +
            errorCodes,
          version: '1.0.0',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
