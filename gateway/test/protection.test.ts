// What protects the gateway and what a developer meets on /graphql: query limits refused at validation (before
// any resolver or upstream call), CSRF prevention, the body limit, Sandbox and introspection, request ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, type Shop, startGateway, startShop } from '../../tests/helpers/shop.js';
import { ask } from '../../tests/helpers/socket-feed.js';

let shop: Shop;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  token = await shop.user('guarded-user');
});
afterAll(() => shop.close());

const depthQuery = (depth: number) => {
  // viewer → chatRooms → messages → edges → node → room → messages → … nests as deep as asked.
  let selection = 'id';
  for (let level = 0; level < depth; level += 1) {
    selection = level % 2 === 0 ? `room { id messages(last: 1) { edges { node { ${selection} } } } }` : `id ${selection}`;
  }
  return `{ viewer { chatRooms { messages(last: 1) { edges { node { ${selection} } } } } } }`;
};

describe('the attack corpus is refused at validation, before any resolver or upstream call', () => {
  it.each([
    ['a query 20 levels deep', depthQuery(20), /^Query depth limit of 12 exceeded/],
    ['100 aliases', `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`, /^Aliases limit of 15 exceeded/],
    ['10 000 tokens', `{ viewer { ${'id '.repeat(9_998)}} }`, /contains more than 2000 tokens/],
  ])('%s', async (_name, query, message) => {
    shop.resetCalls();
    const answer = await shop.graphql(query, {}, token);
    expect(answer.status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors!.map((error) => error.message)).toContainEqual(expect.stringMatching(message));
    for (const error of answer.errors!) {
      expect(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']).toContain(error.extensions?.code);
    }
    expect(shop.calls).toEqual([]);
  });

  it('still answers the deepest query a screen asks', async () => {
    const answer = await shop.graphql(
      '{ viewer { chatRooms { messages(last: 5) { edges { node { room { participants { username } } } } } } } }',
      {},
      token,
    );
    expect(answer.errors).toBeUndefined();
  });
});

describe('HTTP', () => {
  it('refuses a GET query without a preflight header (CSRF prevention)', async () => {
    const response = await fetch(`${shop.gateway.url}?query=${encodeURIComponent('{ viewer { id } }')}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/);
  });

  it('refuses a form-encoded POST with 415 (CSRF prevention)', async () => {
    const response = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7B%20viewer%20%7B%20id%20%7D%20%7D',
    });
    expect(response.status).toBe(415);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id } }', variables: { padding: 'x'.repeat(1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it('answers /healthz', async () => {
    const response = await fetch(shop.gateway.url.replace('/graphql', '/healthz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('passes the request id on to every upstream call and back to the client', async () => {
    shop.resetCalls();
    const response = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': 'trace-42' },
      body: JSON.stringify({ query: '{ viewer { username cart { itemCount } } }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    expect(shop.rest.callRequestIds).toEqual(['trace-42', 'trace-42']);
  });

  it('serves the shop’s own images (the REST service’s /images) on its origin', async () => {
    const shopOrigin = shop.gateway.url.replace('/graphql', '');
    const image = await fetch(`${shopOrigin}/images/products/stethoscope.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toContain('<svg');
    expect((await fetch(`${shopOrigin}/images/products/no-such-image.svg`)).status).toBe(404);
  });
});

describe('for developers', () => {
  it('serves the Apollo Sandbox landing page on GET /graphql in a browser', async () => {
    const response = await fetch(shop.gateway.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/sandbox/i);
  });

  it('answers the introspection query Sandbox sends', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const answer = await shop.graphql(getIntrospectionQuery());
    expect(answer.errors).toBeUndefined();
    const types = answer.data.__schema.types.map((type: { name: string }) => type.name);
    expect(types).toEqual(expect.arrayContaining(['Product', 'User', 'Cart', 'Order', 'ChatRoom', 'Message', 'Node']));
  });

  it('suggests field names in development', async () => {
    const answer = await shop.graphql('{ viewer { usrname } }', {}, token);
    expect(answer.errors![0]!.message).toMatch(/Did you mean "username"/);
  });

  describe('with GRAPHQL_INTROSPECTION=false', () => {
    let closed: Gateway;
    beforeAll(async () => {
      closed = await startGateway(shop.rest.url, { env: { GRAPHQL_INTROSPECTION: 'false' } });
    });
    afterAll(() => closed.close());

    it('refuses introspection and shows no Sandbox', async () => {
      const answer = await closed.graphql('{ __schema { types { name } } }');
      expect(answer.errors![0]!.message).toMatch(/introspection/i);
      const page = await fetch(closed.url, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toMatch(/sandbox/i);
    });

    it('refuses introspection over the socket too', async () => {
      const client = closed.socket(token);
      try {
        const errors = await new Promise<unknown>((resolve) => {
          client.subscribe({ query: '{ __schema { types { name } } }' }, { next: () => resolve('answered'), error: resolve, complete: () => undefined });
        });
        expect(Array.isArray(errors) && errors.length > 0).toBe(true);
        for (const error of errors as { message: string }[]) expect(error.message).toMatch(/introspection/i);
      } finally {
        await client.dispose();
      }
    });
  });
});

describe('amplification: what one operation or one socket may cost upstream', () => {
  const orderIds = (from: number, count: number) => Array.from({ length: count }, (_, i) => Buffer.from(`Order:${from + i}`).toString('base64url'));

  it('stops an operation at 100 REST calls with OPERATION_TOO_LARGE: 15 aliases × 100 node ids make 100 calls, not 1,500', async () => {
    const aliases = Array.from({ length: 15 }, (_, i) => `a${i}: nodes(ids: ${JSON.stringify(orderIds(1 + i * 100, 100))}) { id }`);
    shop.resetCalls();
    const answer = await shop.graphql(`{ ${aliases.join(' ')} }`, {}, token);
    // A refused field answers at once, while calls of the admitted ones may still be on their way: let them land.
    let landed = -1;
    while (landed !== shop.calls.length) {
      landed = shop.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(shop.calls.filter((call) => call.startsWith('GET /api/orders/'))).toHaveLength(100);
    expect(shop.calls).toHaveLength(100);
    const problems = new Set(answer.errors!.map((error) => `${error.extensions?.code}: ${error.message}`));
    expect([...problems]).toEqual([
      "OPERATION_TOO_LARGE: This operation needs more than 100 calls to the shop's backend: ask for fewer things at once",
    ]);
  });

  it('refuses operations on one socket beyond its rate (SOCKET_OPERATIONS_PER_SECOND), with TOO_MANY_REQUESTS; the socket stays', async () => {
    const limited = await startGateway(shop.rest.url, { env: { SOCKET_OPERATIONS_PER_SECOND: '1' } });
    const socket = limited.socket(token);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          ask(socket, '{ viewer { username } }').then(
            (event) => event.data?.viewer?.username as string,
            (error: unknown) => String(error),
          ),
        ),
      );
      expect(answers.filter((answer) => answer === 'guarded-user')).toHaveLength(2);
      expect(new Set(answers.filter((answer) => answer !== 'guarded-user'))).toEqual(
        new Set([expect.stringContaining('Too many operations on this connection: at most 1 a second. Try again in a moment.')]),
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await ask(socket, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'guarded-user' } });
    } finally {
      await limited.close();
    }
  });
});

describe('limits per client and per user', () => {
  it('closes a user’s socket beyond SOCKETS_PER_USER with 1013 (clients retry it); other users connect', async () => {
    const limited = await startGateway(shop.rest.url, { env: { SOCKETS_PER_USER: '2' } });
    const closeCode = (client: ReturnType<Gateway['socket']>) =>
      new Promise<number | 'open'>((resolve) => {
        client.on('connected', () => resolve('open'));
        client.on('closed', (event) => resolve((event as { code: number }).code));
      });
    try {
      const first = limited.socket(token);
      expect(await closeCode(first)).toBe('open');
      const second = limited.socket(token);
      expect(await closeCode(second)).toBe('open');
      // (A refused non-lazy client reports its close through onNonLazyError; the code is what matters here.)
      expect(await closeCode(limited.socket(token, { onNonLazyError: () => undefined, retryAttempts: 0 }))).toBe(1013);
      expect(await closeCode(limited.socket(await shop.user('another-socket-user')))).toBe('open');
      // One closed, one more may come.
      await first.dispose();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await closeCode(limited.socket(token))).toBe('open');
    } finally {
      await limited.close();
    }
  });

  it('passes the client’s own address to the REST service, whatever x-forwarded-for the client claims', async () => {
    const strict = await startShop({ rest: { env: { REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1' } } });
    try {
      const register = (username: string, claimed: string) =>
        fetch(strict.gateway.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
          body: JSON.stringify({
            query: 'mutation ($input: RegisterInput!) { register(input: $input) { userErrors { message code } } }',
            variables: { input: { username, password: 'pw-123', confirmPassword: 'pw-123' } },
          }),
        }).then(async (response) => ((await response.json()) as { data: { register: { userErrors: unknown[] } } }).data.register.userErrors);
      expect(await register('spoof-one', '198.51.100.31')).toEqual([]);
      expect(await register('spoof-two', '198.51.100.32')).toEqual([
        { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
      ]);
    } finally {
      await strict.close();
    }
  });

  it('answers a sender over MESSAGES_PER_USER_PER_MINUTE with TOO_MANY_ATTEMPTS and when to try again, sending nothing', async () => {
    const strict = await startShop({ rest: { env: { MESSAGES_PER_USER_PER_MINUTE: '2' } } });
    try {
      const sender = await strict.user('chatty-sender');
      await strict.user('quiet-reader');
      const room = await strict.graphql(
        'mutation { createChatRoom(input: { participantUsername: "quiet-reader" }) { room { id } } }',
        {},
        sender,
      );
      const roomId = room.data.createChatRoom.room.id;
      const send = (content: string) =>
        strict.graphql(
          'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { content } userErrors { message field code } } }',
          { input: { roomId, content } },
          sender,
        );
      expect((await send('one')).data.sendMessage).toEqual({ message: { content: 'one' }, userErrors: [] });
      expect((await send('two')).data.sendMessage).toEqual({ message: { content: 'two' }, userErrors: [] });
      expect((await send('three')).data.sendMessage).toEqual({
        message: null,
        userErrors: [{ message: 'Too many messages. Try again in 1 minute.', field: null, code: 'TOO_MANY_ATTEMPTS' }],
      });
      const history = await strict.graphql(
        'query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 10) { edges { node { content } } } } } }',
        { id: roomId },
        sender,
      );
      expect(history.data.node.messages.edges.map((edge: { node: { content: string } }) => edge.node.content)).toEqual(['one', 'two']);
    } finally {
      await strict.close();
    }
  });
});
