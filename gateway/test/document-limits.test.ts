// What a hostile document meets before anything runs, over HTTP (anonymous) and over sockets alike: a fragment bomb,
// the same field side by side, a megabyte of comments. Each is refused with a clear error and nothing reaches the
// REST service; and a refused document reads the same on both transports, in production.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, type Shop, startGateway, startShop } from '../../tests/helpers/shop.js';
import { listen } from '../../tests/helpers/socket-feed.js';

let shop: Shop;
let token: string;
/** The same gateway in production: no stack traces, no suggestions. */
let production: Gateway;

beforeAll(async () => {
  shop = await startShop();
  token = await shop.user('limits-user');
  production = await startGateway(shop.rest.url, { env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await production.close();
  await shop.close();
});

const fragmentBomb = () => {
  let text = 'query Q { ...F4 } fragment F0 on Query { __typename } ';
  for (let n = 1; n <= 4; n += 1) text += `fragment F${n} on Query { ${`...F${n - 1} `.repeat(100)}} `;
  return text;
};

async function overTheSocket(gateway: Gateway, query: string, variables: Record<string, unknown> = {}) {
  const socket = gateway.socket(token);
  const feed = listen(socket, query, variables);
  try {
    return await feed.refusal();
  } finally {
    feed.stop();
  }
}

describe('documents whose checks would take long are refused first, with bounded work', () => {
  it.each([
    [
      'a fragment spread 100 times in fragments spread 100 times (2.5 KB asking for 10⁸ fields)',
      fragmentBomb(),
      'The document asks for 100000000 fields once its fragments are spread; at most 1000 are allowed',
      { code: 'MAX_FIELDS', limit: 1000, actual: 100_000_000 },
    ],
    [
      '390 `viewer { id }` side by side',
      `{ ${'viewer { id } '.repeat(390)}}`,
      'The field "viewer" is asked for more than 30 times in one place; ask for it once',
      { code: 'MAX_FIELD_REPEATS', limit: 30 },
    ],
    [
      'a megabyte less a little of comments around a valid query',
      `${'# padding padding padding padding padding padding padding padding\n'.repeat(15_000)}{ viewer { id } }`,
      'The document is 990017 bytes long; at most 16384 are allowed, comments and whitespace included',
      { code: 'MAX_DOCUMENT_SIZE', limit: 16384, actual: 990_017 },
    ],
  ])(
    '%s: anonymously over HTTP and over a socket, with its own code and figures',
    async (_name, query, message, extensions) => {
      shop.resetCalls();
      const answer = await shop.graphql(query);
      expect(answer.status).toBe(400);
      expect(answer.data).toBeUndefined();
      // In development an HTTP error also carries its stack trace.
      expect(answer.errors!.map((error) => [error.message, { ...error.extensions, stacktrace: undefined }])).toEqual([
        [message, extensions],
      ]);
      const socketErrors = await overTheSocket(shop.gateway, query);
      expect(socketErrors.map((error) => [error.message, error.extensions])).toEqual([[message, extensions]]);
      // The socket's own check of its token at connection is the only call.
      expect(shop.calls).toEqual(['GET /api/users/profile']);
    },
  );

  it('refuses a chain of fragments spreading each other before walking it (2.8 million paths through 15 fragments)', async () => {
    let chain = 'query Q { ...F1 ...F15 } ';
    for (let j = 1; j <= 15; j += 1) {
      const spreads = [...(j < 15 ? [`...F${j + 1}`] : []), ...Array.from({ length: j - 1 }, (_, i) => `...F${i + 1}`)];
      chain += `fragment F${j} on Query { x${j}: viewer { id ${spreads.join(' ')} } } `;
    }
    const answer = await shop.graphql(chain);
    expect(answer.status).toBe(400);
    expect(answer.errors!.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.errors![0]!.message).toMatch(/^Cannot spread fragment "F1" within itself via "F2", /);
  });

  it('screens a GET’s document as Apollo Server reads it, even where a malformed escape would make Fastify read another', async () => {
    // Fastify's query parser leaves the value undecoded at the invalid %E0 and sees one harmless string argument;
    // URLSearchParams, as Apollo Server reads it, decodes it and finds operation B.
    const hostile = 'viewer { id } '.repeat(390);
    const value = `query A { __typename(a: "%22) } query B { ${hostile}} query C { __typename(b: %22%E0") }`.replaceAll(
      ' ',
      '+',
    );
    const response = await fetch(`${shop.gateway.url}?query=${value}&operationName=B`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors.map((error) => error.message)).toEqual([
      'The field "viewer" is asked for more than 30 times in one place; ask for it once',
    ]);
  });

  it('does not keep a refused document as a persisted query', async () => {
    const query = `{ ${'viewer { id } '.repeat(31)}}`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persistedQuery = { version: 1, sha256Hash };
    const register = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: { persistedQuery } }),
    });
    expect(register.status).toBe(400);
    const byHash = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extensions: { persistedQuery } }),
    });
    expect(((await byHash.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });
});

describe('one error, one shape, on both transports (in production)', () => {
  it.each([
    ['a syntax error', '{ viewer { id }', {}, { code: 'GRAPHQL_PARSE_FAILED' }],
    ['a field the schema does not have', '{ viewer { idd } }', {}, { code: 'GRAPHQL_VALIDATION_FAILED' }],
    [
      'a query 14 levels deep',
      '{ viewer { chatRooms { messages { edges { node { room { messages { edges { node { room { messages { edges { node { id } } } } } } } } } } } } } }',
      {},
      { code: 'MAX_DEPTH', limit: 12, actual: 14 },
    ],
    [
      '16 aliases',
      `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`,
      {},
      { code: 'MAX_ALIASES', limit: 15, actual: 16 },
    ],
    [
      '21 directives',
      `{ viewer { ${'id @include(if: true) '.repeat(21)}} }`,
      {},
      { code: 'MAX_DIRECTIVES', limit: 20, actual: 21 },
    ],
    [
      'a cost over the limit',
      'query ($n: Int) { viewer { chatRooms { messages(last: $n) { edges { node { room { messages(last: $n) { edges { node { id } } } } } } } } } }',
      { n: 100 },
      { code: 'MAX_COST', limit: 5000, actual: 20403 },
    ],
    [
      'a variable of the wrong type',
      'query ($n: Int) { products(first: $n) { totalCount } }',
      { n: 'ten' },
      { code: 'BAD_USER_INPUT' },
    ],
    ['2,500 tokens', `{ viewer { ${'id '.repeat(2_500)}} }`, {}, { code: 'MAX_TOKENS', limit: 2000 }],
  ])('%s', async (_name, query, variables, extensions) => {
    const answer = await production.graphql(query, variables, token);
    expect(answer.status).toBe(400);
    expect(answer.errors!.length).toBeGreaterThan(0);
    for (const error of answer.errors!) expect(error.extensions).toEqual(extensions);
    expect(await overTheSocket(production, query, variables)).toEqual(answer.errors);
  });
});

describe('a client’s mistakes have their own codes', () => {
  it('answers an automatic persisted query of an unknown version with PERSISTED_QUERY_VERSION_NOT_SUPPORTED, in production too', async () => {
    for (const gateway of [shop.gateway, production]) {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: '{ viewer { id } }',
          extensions: { persistedQuery: { version: 2, sha256Hash: 'abc' } },
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: 'Unsupported persisted query version: send extensions.persistedQuery.version 1',
            extensions: { code: 'PERSISTED_QUERY_VERSION_NOT_SUPPORTED' },
          },
        ],
        // Refused before it was priced: nothing taken from the allowance, whose state is told as on every answer.
        extensions: {
          cost: { requested: 0, allowance: { capacity: 10_000, remaining: expect.any(Number), refillPerSecond: 500 } },
        },
      });
    }
  });
});
