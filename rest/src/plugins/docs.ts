// The contract, documented: the OpenAPI 3.1 document made from every route's schema, at /api/openapi.json, and a
// page to browse it at /api/docs.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../shared/http-errors.js';
import { finishDocument } from './openapi-document.js';

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
        // Relative: the service that serves the document (REST_URL to the gateways; http://127.0.0.1:8080 by default).
        servers: [{ url: '/', description: 'This REST service' }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Always an OpenAPI document here (the options above ask for 3.1, never Swagger 2).
      transformObject: (made) => finishDocument('openapiObject' in made ? made.openapiObject : made.swaggerObject),
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
