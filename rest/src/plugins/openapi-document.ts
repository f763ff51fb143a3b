// The published OpenAPI document, finished from what @fastify/swagger makes of the route schemas: what every route
// answers by the HTTP conventions (http-conventions.ts) rather than by its own schema, one name per path parameter,
// and no keyword that is ours alone. `npm run lint` lints the result with Redocly (redocly.yaml).
import { ErrorAnswer } from '../shared/schemas.js';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  description?: string;
  [key: string]: unknown;
}
interface Operation {
  parameters?: Parameter[];
  responses?: Record<string, Json>;
  [key: string]: unknown;
}
type PathItem = Record<string, Operation>;

/** The methods whose body the service reads (Fastify reads none on GET): a body can be too large or not JSON. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Keywords the route schemas carry for the service's own validator and no other tool knows: `errorMessage`, the
 * message a failing rule answers (shared/validation.ts). The validator keeps them; the document does without.
 */
const PRIVATE_KEYWORDS = new Set(['errorMessage']);

function withoutPrivateKeywords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrivateKeywords);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PRIVATE_KEYWORDS.has(key))
      .map(([key, inner]) => [key, withoutPrivateKeywords(inner)]),
  );
}

const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: JSON.parse(JSON.stringify(ErrorAnswer)) as Json } },
});

/**
 * The answers every route can give whatever its schema says (http-conventions.ts): 400 for a malformed URL or a NUL
 * in a query parameter, and on a route that reads a body 400 for one that is not JSON, 413 beyond 1 MB, 415 for any
 * other content type. A 429 always says in Retry-After when to try again (shared/rate-limits.ts).
 */
function addConventionAnswers(method: string, operation: Operation) {
  const responses = (operation.responses ??= {});
  const readsBody = BODY_METHODS.has(method);
  responses['400'] ??= errorResponse(
    readsBody
      ? 'A malformed URL or body, or a NUL in a query parameter'
      : 'A malformed URL, or a NUL in a query parameter',
  );
  if (readsBody) {
    responses['413'] ??= errorResponse('The body is over 1 MB (`BODY_TOO_LARGE`)');
    responses['415'] ??= errorResponse('The body is not sent as `application/json` (`UNSUPPORTED_MEDIA_TYPE`)');
  }
  const tooMany = responses['429'];
  if (tooMany) {
    tooMany.description = 'A limit per client address or per user was reached (`TOO_MANY_ATTEMPTS`)';
    tooMany.headers = {
      'Retry-After': {
        description: 'Seconds to wait before trying again',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
    };
  }
}

const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/**
 * Paths that differ only in a parameter's name are one path to a client (`/rooms/{roomId}/messages` and
 * `/rooms/{receiver}/messages`): the later one's operations move under the first one's names. A renamed parameter
 * says what it is called in the route, as error answers name it in `field`.
 */
function alignPathParameters(paths: Record<string, PathItem>): Record<string, PathItem> {
  const aligned: Record<string, PathItem> = {};
  const firstOfShape = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const first = firstOfShape.get(shape);
    if (first === undefined) {
      firstOfShape.set(shape, path);
      aligned[path] = item;
      continue;
    }
    const from = parameterNames(path);
    const to = parameterNames(first);
    for (const [method, operation] of Object.entries(item)) {
      if (aligned[first]![method])
        throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} and ${first} are one operation`);
      for (const parameter of operation.parameters ?? []) {
        const index = parameter.in === 'path' ? from.indexOf(parameter.name) : -1;
        if (index < 0 || to[index] === parameter.name) continue;
        const note = `Called \`${parameter.name}\` in the route: an error answer about it names that in \`field\`.`;
        parameter.description = parameter.description ? `${parameter.description} ${note}` : note;
        parameter.name = to[index]!;
      }
      aligned[first]![method] = operation;
    }
  }
  return aligned;
}

/** The document as published: a copy of swagger's, finished (see above). */
export function finishDocument<T extends { paths?: unknown }>(document: T): T {
  const finished = withoutPrivateKeywords(document) as T & { paths?: Record<string, PathItem> };
  if (!finished.paths) return finished;
  for (const item of Object.values(finished.paths)) {
    for (const [method, operation] of Object.entries(item)) addConventionAnswers(method, operation);
  }
  finished.paths = alignPathParameters(finished.paths);
  return finished;
}
