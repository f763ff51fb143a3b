// The peer the gateway is measured against: a GraphQL server generated from our REST service's OpenAPI document by
// GraphQL Mesh's OpenAPI source (@omnigraph/openapi), served by graphql-yoga — what a team would get without writing
// a gateway. It passes the caller's Authorization header on, as ours does. Run by `npm run bench` in its own process.
import http from 'node:http';
import { loadGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { createYoga } from 'graphql-yoga';

const restUrl = process.env.REST_URL ?? 'http://127.0.0.1:8080';
const port = Number(process.env.PORT ?? 4100);

const schema = await loadGraphQLSchemaFromOpenAPI('Medshop', {
  source: `${restUrl}/api/openapi.json`,
  endpoint: restUrl,
  operationHeaders: { Authorization: '{context.headers.authorization}' },
});
const yoga = createYoga({
  schema,
  graphiql: false,
  logging: false,
  graphqlEndpoint: '/graphql',
  // Mesh's operationHeaders read {context.headers.…}, as its own server provides them.
  context: ({ request }) => ({ headers: Object.fromEntries(request.headers) }),
});

http
  .createServer((request, response) => {
    if (request.url === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    void yoga(request, response);
  })
  .listen(port, '127.0.0.1');
