// The bound on what the gateway can cost without changing what it is: the shop's own schema, resolvers, data sources
// and REST client (compiled, from dist/), run by graphql-jit on a bare Fastify route, with none of Apollo Server's
// pipeline and none of the gateway's plugins (the cost allowance, the catalogue cache, trusted documents, logging,
// metrics, tracing, security headers). The bench's screens part times each screen through it beside the gateway
// (`screens.<screen>.without_apollo_*`), so that what Apollo Server and the plugins cost a request is measured rather
// than guessed. Not a server to run the shop on: it answers the web's trusted documents by hash, and nothing else.
//   REST_URL, PORT; run by `npm run bench` in its own process (servers.ts: startBenchServer).
import fs from 'node:fs';
import Fastify from 'fastify';
import { type DocumentNode, parse } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { loadSchema } from '../gateway/src/app.js';
import { createContext } from '../gateway/src/context.js';
import { RestClient } from '../gateway/src/rest/rest-client.js';
import { loadGatewayConfig } from '../gateway/src/config.js';
import { bearerToken } from '../config/server.js';
import { fromRoot } from '../config/paths.js';

const config = loadGatewayConfig();
const schema = loadSchema();
const rest = new RestClient(config.restUrl, { timeoutMs: config.restTimeoutMs });
const documents = JSON.parse(fs.readFileSync(fromRoot('web/src/gql/persisted-documents.json'), 'utf8')) as Record<
  string,
  string
>;
const compiled = new Map<string, CompiledQuery>();

function compiledOperation(hash: string): CompiledQuery | undefined {
  const known = compiled.get(hash);
  if (known) return known;
  const text = documents[hash];
  if (text === undefined) return undefined;
  const document: DocumentNode = parse(text);
  const query = compileQuery(schema, document);
  if (!isCompiledQuery(query)) throw new Error(`graphql-jit cannot compile ${hash}`);
  compiled.set(hash, query);
  return query;
}

const app = Fastify();
app.post<{
  Body: { variables?: Record<string, unknown>; extensions?: { persistedQuery?: { sha256Hash?: string } } };
}>('/graphql', async (request, reply) => {
  const query = compiledOperation(request.body.extensions?.persistedQuery?.sha256Hash ?? '');
  if (!query) return reply.code(400).send({ errors: [{ message: 'Only the web’s trusted documents, by hash' }] });
  const context = createContext({
    rest,
    currency: config.currency,
    pubsub: undefined as never,
    log: request.log,
    token: bearerToken(request.headers.authorization),
    requestId: request.id,
    deadlineMs: config.requestTimeoutMs,
    upstreamCallLimit: config.upstreamCallsPerOperation,
    clientAddress: request.ip,
  });
  const result = await query.query(undefined, context, request.body.variables ?? {});
  context.finished();
  return reply.type('application/json').send(query.stringify(result));
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
