// What the graph answers a request it cannot read, in production mode as clients meet it: a body that is not JSON, a
// form, an oversized body, variables nested 100,000 deep. Each gets a GraphQL error with a code (the shape every
// GraphQL client reads), runs nothing, and stalls nothing; over HTTP (POST and GET) and over the socket alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { within } from '../../tests/helpers/socket-feed.js';
import { type Shop, startShop, withoutCost } from '../../tests/helpers/shop.js';

let shop: Shop;
let token: string;
/** Every error line the gateway logged. */
const errorLines: string[] = [];

beforeAll(async () => {
  shop = await startShop({
    gateway: {
      env: { NODE_ENV: 'production' },
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => {
            errorLines.push(line);
          },
        },
      },
    },
  });
  token = await shop.user('body-sender');
});
afterAll(() => shop?.close());

async function post(body: BodyInit, contentType?: string, bearer = token) {
  const response = await fetch(shop.gateway.url, {
    method: 'POST',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), authorization: `Bearer ${bearer}` },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: withoutCost(await response.json()) as unknown,
  };
}

const graphqlError = (status: number, message: string, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: { errors: [{ message, extensions: { code, ...extra } }] },
});

/** `levels` levels of `[`, as JSON text. */
const lists = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const TOO_DEEP =
  'Variables and extensions may nest at most 32 levels of objects and lists: no input of this graph needs more than a few';

describe('variables nested too deep', () => {
  it('are refused with 400 VARIABLES_TOO_DEEP before anything parses them: 100,000 levels of lists or objects, over POST', async () => {
    shop.resetCalls();
    const query = JSON.stringify(
      'query Deep($ids: [ID!]!, $filter: ProductFilter) { nodes(ids: $ids) { id } products(filter: $filter) { totalCount } }',
    );
    const refused = graphqlError(400, TOO_DEEP, 'VARIABLES_TOO_DEEP', { maxDepth: 32 });
    expect(await post(`{"query":${query},"variables":{"ids":${lists(100_000)}}}`, 'application/json')).toEqual(refused);
    const objects = `${'{"name":'.repeat(100_000)}"x"${'}'.repeat(100_000)}`;
    expect(await post(`{"query":${query},"variables":{"ids":[],"filter":${objects}}}`, 'application/json')).toEqual(
      refused,
    );
    expect(await post(`{"query":"{ __typename }","extensions":{"x":${lists(100_000)}}}`, 'application/json')).toEqual(
      graphqlError(400, TOO_DEEP, 'VARIABLES_TOO_DEEP', { maxDepth: 32 }),
    );
    expect(shop.calls).toEqual([]);
    expect(errorLines).toEqual([]);
  });

  it('are refused over GET too, and 32 levels are still read as variables', async () => {
    const query = encodeURIComponent('query Deep($ids: [ID!]!) { nodes(ids: $ids) { id } }');
    const get = async (variables: string) => {
      const response = await fetch(`${shop.gateway.url}?query=${query}&variables=${encodeURIComponent(variables)}`, {
        headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${token}` },
      });
      return {
        status: response.status,
        body: withoutCost(await response.json()) as { errors: { extensions: { code: string } }[] },
      };
    };
    expect(await get(`{"ids":${lists(2_000)}}`)).toEqual({
      status: 400,
      body: { errors: [{ message: TOO_DEEP, extensions: { code: 'VARIABLES_TOO_DEEP', maxDepth: 32 } }] },
    });
    // The variables object and 31 levels of lists: 32, coerced (and refused) as any wrong value is.
    const deepest = await get(`{"ids":${lists(31)}}`);
    expect([deepest.status, deepest.body.errors.map((error) => error.extensions.code)]).toEqual([
      400,
      ['BAD_USER_INPUT'],
    ]);
  });

  it('are refused over the socket with the same error, and the socket goes on', async () => {
    // Written by hand: a client library would overflow its own stack printing such variables.
    const socket = new WebSocket(shop.gateway.wsUrl, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: unknown }[] = [];
    let arrived = () => {};
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as { type: string });
      arrived();
    });
    const nextMessage = async () => {
      while (messages.length === 0)
        await within(new Promise<void>((resolve) => (arrived = resolve)), 'a message on the socket');
      return messages.shift()!;
    };
    await new Promise((resolve) => socket.once('open', resolve));
    try {
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
      expect(await nextMessage()).toEqual({ type: 'connection_ack' });
      socket.send(
        `{"id":"deep","type":"subscribe","payload":{"query":"query Deep($ids: [ID!]!) { nodes(ids: $ids) { id } }","variables":{"ids":${lists(100_000)}}}}`,
      );
      expect(await nextMessage()).toEqual({
        id: 'deep',
        type: 'error',
        payload: [{ message: TOO_DEEP, extensions: { code: 'VARIABLES_TOO_DEEP', maxDepth: 32 } }],
      });
      socket.send(JSON.stringify({ id: 'after', type: 'subscribe', payload: { query: '{ viewer { username } }' } }));
      const after = (await nextMessage()) as { payload: unknown };
      expect({ ...after, payload: withoutCost(after.payload) }).toEqual({
        id: 'after',
        type: 'next',
        payload: { data: { viewer: { username: 'body-sender' } } },
      });
      expect(errorLines).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('close a socket whose first message nests too deep, with 4400, unread', async () => {
    const socket = new WebSocket(shop.gateway.wsUrl, 'graphql-transport-ws');
    const closed = new Promise<[number, string]>((resolve) =>
      socket.once('close', (code, reason) => resolve([code, String(reason)])),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(`{"type":"connection_init","payload":{"authorization":${lists(100_000)}}}`);
    expect(await within(closed, 'the socket closing')).toEqual([
      4400,
      'VARIABLES_TOO_DEEP: at most 32 levels of objects and lists',
    ]);
  });
});

describe('bodies the graph cannot read', () => {
  const send = (body: string, contentType?: string) => post(body, contentType);

  it('answer a body that is not JSON, or empty, 400 INVALID_JSON', async () => {
    const message = (what: string) =>
      `The body is ${what}: send the operation as a JSON object, {"query": "…", "variables": {…}}, with Content-Type: application/json`;
    expect(await send('{"query": ', 'application/json')).toEqual(
      graphqlError(400, message('not valid JSON'), 'INVALID_JSON'),
    );
    expect(await send('', 'application/json')).toEqual(graphqlError(400, message('empty'), 'INVALID_JSON'));
    expect(await send('{"query":"{ __typename }","__proto__":{"x":1}}', 'application/json')).toEqual(
      graphqlError(400, message('not valid JSON'), 'INVALID_JSON'),
    );
  });

  it('answer a form, url-encoded or multipart, and any type the graph does not read, 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const message = (type: string) =>
      `The graph does not read a body of type ${type} (a form's included): send the operation as a JSON object, {"query": "…", "variables": {…}}, with Content-Type: application/json, or a query as GET`;
    expect(await send('query=%7B__typename%7D', 'application/x-www-form-urlencoded')).toEqual(
      graphqlError(415, message('application/x-www-form-urlencoded'), 'UNSUPPORTED_MEDIA_TYPE'),
    );
    const form = new FormData();
    form.set('query', '{ __typename }');
    expect(await post(form)).toEqual(graphqlError(415, message('multipart/form-data'), 'UNSUPPORTED_MEDIA_TYPE'));
    expect(await send('{ __typename }', 'application/graphql')).toEqual(
      graphqlError(415, message('application/graphql'), 'UNSUPPORTED_MEDIA_TYPE'),
    );
  });

  it('answer a body over 1 MB 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ query: '{ __typename }', variables: { filler: 'x'.repeat(1024 * 1024) } });
    expect(await send(body, 'application/json')).toEqual(
      graphqlError(413, 'The body is over 1 MB, the most the graph reads', 'PAYLOAD_TOO_LARGE', { maxBytes: 1048576 }),
    );
  });

  it('still answer a readable body, and log none of these as errors', async () => {
    expect(await send('{"query":"{ viewer { username } }"}', 'application/json')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { data: { viewer: { username: 'body-sender' } } },
    });
    expect(errorLines).toEqual([]);
  });
});
