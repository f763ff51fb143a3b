// How /graphql reads a request's body, and what it answers one it cannot read: every refusal a GraphQL error with a
// code, `{ "errors": [{ "message", "extensions": { "code" } }] }` — the shape every GraphQL client reads — rather than
// Fastify's own `{ statusCode, code, error, message }`:
//
// | the body | status | code |
// |---|---|---|
// | not JSON, or empty, under `Content-Type: application/json` | 400 | INVALID_JSON |
// | JSON nested deeper than variables may be (variables-depth.ts), found before it is parsed | 400 | VARIABLES_TOO_DEEP
// | | a form (`application/x-www-form-urlencoded`, `multipart/form-data`) or any other type the graph does not read |
// 415 | UNSUPPORTED_MEDIA_TYPE | | over 1 MB (BODY_LIMIT_BYTES) | 413 | PAYLOAD_TOO_LARGE |
// | anything else Fastify refuses before the graph sees it | its 4xx | BAD_REQUEST |
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../config/server.js';
import {
  MAX_VARIABLES_DEPTH,
  VARIABLES_TOO_DEEP,
  VARIABLES_TOO_DEEP_MESSAGE,
  jsonTextNestsDeeperThan,
} from './variables-depth.js';

/** A refusal of the body, answered by graphqlBodyErrors as a GraphQL error. */
class BodyRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const SEND_JSON =
  'send the operation as a JSON object, {"query": "…", "variables": {…}}, with Content-Type: application/json';

/**
 * JSON bodies are scanned for their nesting before they are parsed (the request object, then its variables: one level
 * more than MAX_VARIABLES_DEPTH), then parsed as Fastify parses them (`__proto__` and `constructor` refused).
 */
export function readJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (jsonTextNestsDeeperThan(text, MAX_VARIABLES_DEPTH + 1)) {
      done(
        new BodyRefusal(VARIABLES_TOO_DEEP_MESSAGE, 400, VARIABLES_TOO_DEEP, { maxDepth: MAX_VARIABLES_DEPTH }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}

/** What a Fastify error about the body is to a GraphQL client; undefined for one that is the server's fault. */
function refusalOf(error: FastifyError, request: FastifyRequest): BodyRefusal | undefined {
  if (error instanceof BodyRefusal) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new BodyRefusal(`The body is empty: ${SEND_JSON}`, 400, 'INVALID_JSON');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BodyRefusal(`The body is not valid JSON: ${SEND_JSON}`, 400, 'INVALID_JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type =
        String(request.headers['content-type'] ?? '')
          .split(';', 1)[0]!
          .trim()
          .slice(0, 100) || 'none';
      return new BodyRefusal(
        `The graph does not read a body of type ${type} (a form's included): ${SEND_JSON}, or a query as GET`,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new BodyRefusal(
        `The body is over ${BODY_LIMIT_BYTES / 1024 / 1024} MB, the most the graph reads`,
        413,
        'PAYLOAD_TOO_LARGE',
        {
          maxBytes: BODY_LIMIT_BYTES,
        },
      );
    default: {
      const status = error.statusCode ?? 500;
      return status >= 400 && status < 500 ? new BodyRefusal(error.message, status, 'BAD_REQUEST') : undefined;
    }
  }
}

/** The /graphql route's error handler: what Fastify refused before Apollo Server saw the request, as GraphQL errors. */
export function graphqlBodyErrors(options: { production: boolean }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalOf(error, request);
    if (!refusal) request.log.error({ err: error }, 'the graph failed before the operation was read');
    const status = refusal?.statusCode ?? 500;
    const message = refusal?.message ?? (options.production ? 'Internal server error' : error.message);
    const extensions = { code: refusal?.code ?? 'INTERNAL_SERVER_ERROR', ...refusal?.details };
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send({ errors: [{ message, extensions }] });
  };
}
