// What protects the gateway and what a developer meets on /graphql: query limits refused at validation (before
// any resolver or upstream call), CSRF prevention, the body limit, Sandbox and introspection, request ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, type Shop, startGateway, startShop } from '../../tests/helpers/shop.js';
import WebSocket from 'ws';
import { ask, listen } from '../../tests/helpers/socket-feed.js';
import { poll } from '../../tests/helpers/poll.js';

let shop: Shop;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  token = await shop.user('guarded-user');
});
afterAll(() => shop.close());

/**
 * The count of upstream calls once it stands (the same on two reads 200 ms apart): a refused field answers at once,
 * while calls of admitted ones may still be landing.
 */
async function settledCalls(): Promise<number> {
  let before = -1;
  const stood = await poll(
    async () => {
      const previous = before;
      before = shop.calls.length;
      return previous === before;
    },
    (same) => same,
    { within: 10_000, every: 200 },
  );
  if (!stood) throw new Error('the upstream calls did not settle within 10 s');
  return shop.calls.length;
}

const depthQuery = (depth: number) => {
  // viewer → chatRooms → messages → edges → node → room → messages → … nests as deep as asked.
  let selection = 'id';
  for (let level = 0; level < depth; level += 1) {
    selection =
      level % 2 === 0 ? `room { id messages(last: 1) { edges { node { ${selection} } } } }` : `id ${selection}`;
  }
  return `{ viewer { chatRooms { messages(last: 1) { edges { node { ${selection} } } } } } }`;
};

describe('the attack corpus is refused at validation, before any resolver or upstream call', () => {
  it.each([
    ['a query 20 levels deep', depthQuery(20), /^Query depth limit of 12 exceeded/, 'MAX_DEPTH'],
    [
      '100 aliases',
      `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`,
      /^Aliases limit of 15 exceeded/,
      'MAX_ALIASES',
    ],
    ['2,500 tokens', `{ viewer { ${'id '.repeat(2_500)}} }`, /contains more than 2000 tokens/, 'MAX_TOKENS'],
  ])('%s', async (_name, query, message, code) => {
    shop.resetCalls();
    const answer = await shop.graphql(query, {}, token);
    expect(answer.status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors!.map((error) => error.message)).toContainEqual(expect.stringMatching(message));
    for (const error of answer.errors!) expect(error.extensions?.code).toBe(code);
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
          client.subscribe(
            { query: '{ __schema { types { name } } }' },
            { next: () => resolve('answered'), error: resolve, complete: () => undefined },
          );
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
  const orderIds = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => Buffer.from(`Order:${from + i}`).toString('base64url'));

  it('stops an operation at 100 REST calls with OPERATION_TOO_LARGE: 15 aliases × 100 node ids make 100 calls, not 1,500', async () => {
    // The ids as variables: written out, 1,500 of them are more than a document may hold (16 KB).
    const aliases = Array.from({ length: 15 }, (_, i) => `a${i}: nodes(ids: $ids${i}) { id }`);
    const variables = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`ids${i}`, orderIds(1 + i * 100, 100)]));
    const declarations = Array.from({ length: 15 }, (_, i) => `$ids${i}: [ID!]!`).join(', ');
    shop.resetCalls();
    const answer = await shop.graphql(`query (${declarations}) { ${aliases.join(' ')} }`, variables, token);
    // A refused field answers at once, while calls of the admitted ones may still be on their way: let them land.
    await settledCalls();
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
        new Set([
          expect.stringContaining('Too many operations on this connection: at most 1 a second. Try again in a moment.'),
        ]),
      );
      // The allowance comes back with time: asked again until it has (a refused ask takes none of it), within 3 s.
      const again = await poll(
        () =>
          ask(socket, '{ viewer { username } }').then(
            (event) => event.data,
            () => undefined,
          ),
        (data) => data !== undefined,
        { within: 3_000, every: 100 },
      );
      expect(again).toEqual({ viewer: { username: 'guarded-user' } });
    } finally {
      await limited.close();
    }
  });
});

describe('amplification through live subscriptions', () => {
  const PRODUCT_UPDATED = 'subscription { productUpdated { id } }';
  /** Each event of this costs REST calls of its own: the room's participants and its other messages. */
  const HEAVY_MESSAGE_ADDED =
    'subscription { messageAdded { id room { participants { username } messages(last: 3) { totalCount } } } }';

  it('refuses a socket’s subscription beyond SUBSCRIPTIONS_PER_SOCKET with TOO_MANY_SUBSCRIPTIONS; completing one makes room', async () => {
    const limited = await startGateway(shop.rest.url, { env: { SUBSCRIPTIONS_PER_SOCKET: '2' } });
    const socket = limited.socket(token);
    try {
      const first = listen(socket, PRODUCT_UPDATED);
      listen(socket, PRODUCT_UPDATED);
      expect(await listen(socket, PRODUCT_UPDATED).refusal()).toEqual([
        {
          message: 'At most 2 live subscriptions per connection: complete one before starting another',
          extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
        },
      ]);
      // Queries still run beside them.
      expect((await ask(socket, '{ viewer { username } }')).data).toEqual({ viewer: { username: 'guarded-user' } });
      first.stop();
      const third = listen(socket, PRODUCT_UPDATED);
      // Accepted: its first event is a product an admin makes through the gateway.
      const created = await limited.graphql(
        'mutation { createProduct(input: { name: "Subscription Probe", description: "Probe", price: 1, quantity: 1 }) { product { id } } }',
        {},
        await shop.adminToken(),
      );
      expect((await third.next()).data.productUpdated.id).toBe(created.data.createProduct.product.id);
    } finally {
      await limited.close();
    }
  });

  it('gives one event one budget of REST calls across all of a socket’s subscriptions', async () => {
    const writer = await shop.user('budget-writer');
    const reader = await shop.user('budget-reader');
    const created = await shop.graphql(
      'mutation { createChatRoom(input: { participantUsername: "budget-reader" }) { room { id } } }',
      {},
      writer,
    );
    const roomId = created.data.createChatRoom.room.id as string;
    /** Sends a message through a gateway and answers the REST calls made after it, once they stop coming. */
    const callsAfterSending = async (
      gateway: Gateway,
      content: string,
      until: () => Promise<unknown> = async () => undefined,
    ) => {
      shop.resetCalls();
      const sent = await gateway.graphql(
        'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { userErrors { message } } }',
        {
          input: { roomId, content },
        },
        writer,
      );
      expect(sent.data.sendMessage.userErrors).toEqual([]);
      await until();
      // Calls of refused fields may still be landing: wait until the count stands.
      return settledCalls();
    };

    // What sending costs with nobody listening, and what one subscription adds to it.
    const sending = await callsAfterSending(shop.gateway, 'to nobody');
    const socket = shop.gateway.socket(reader);
    const alone = listen(socket, HEAVY_MESSAGE_ADDED);
    await ask(socket, '{ viewer { username } }');
    let event: Awaited<ReturnType<typeof alone.next>> | undefined;
    const oneSubscription =
      (await callsAfterSending(shop.gateway, 'to one', async () => (event = await alone.next()))) - sending;
    expect(event!.errors).toBeUndefined();
    expect(oneSubscription).toBeGreaterThan(2);
    await socket.dispose();

    // A budget one subscription's calls fit in, and five subscriptions' would not.
    const limit = oneSubscription + 1;
    const limited = await startGateway(shop.rest.url, { env: { UPSTREAM_CALLS_PER_OPERATION: String(limit) } });
    try {
      const socket = limited.socket(reader);
      const feeds = Array.from({ length: 5 }, () => listen(socket, HEAVY_MESSAGE_ADDED));
      await ask(socket, '{ viewer { username } }');
      let events: Awaited<ReturnType<(typeof feeds)[number]['next']>>[] = [];
      const calls = await callsAfterSending(
        limited,
        'to five',
        async () => (events = await Promise.all(feeds.map((feed) => feed.next()))),
      );
      expect(calls - sending).toBe(limit);
      const codes = events.map((each) => each.errors?.[0]?.extensions?.code ?? 'delivered');
      // Which of them got their calls first is a matter of timing; that some were cut short is not.
      expect(codes).toContain('OPERATION_TOO_LARGE');
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
      // The server hears the close a moment later: try until a socket is let in (refused ones count for nothing).
      const next = await poll(
        () => closeCode(limited.socket(token, { onNonLazyError: () => undefined, retryAttempts: 0 })),
        (code) => code === 'open',
        { within: 3_000, every: 100 },
      );
      expect(next).toBe('open');
    } finally {
      await limited.close();
    }
  });

  describe('the client’s address, for the REST service’s limits per client (REGISTRATIONS_PER_ADDRESS_PER_MINUTE: 1 here)', () => {
    const REGISTER = 'mutation ($input: RegisterInput!) { register(input: $input) { userErrors { message code } } }';
    const TOO_MANY = [
      { message: 'Too many new accounts from this address. Try again in 1 minute.', code: 'TOO_MANY_ATTEMPTS' },
    ];
    const input = (username: string) => ({ username, password: 'pw-123', confirmPassword: 'pw-123' });
    const registerOverHttp = (gateway: Gateway, username: string, forwardedFor: string) =>
      fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ query: REGISTER, variables: { input: input(username) } }),
      }).then(
        async (response) =>
          ((await response.json()) as { data: { register: { userErrors: unknown[] } } }).data.register.userErrors,
      );
    /** Over a socket whose upgrade request carried x-forwarded-for (as nginx sends it). */
    const registerOverSocket = async (gateway: Gateway, username: string, forwardedFor: string) => {
      class ForwardedWebSocket extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { 'x-forwarded-for': forwardedFor } });
        }
      }
      const socket = gateway.socket(
        await gateway
          .graphql('mutation { login(input: { username: "admin", password: "admin-secret" }) { token } }')
          .then((answer) => answer.data.login.token as string),
        { webSocketImpl: ForwardedWebSocket },
      );
      const feed = listen(socket, REGISTER, { input: input(username) });
      try {
        return (await feed.next()).data.register.userErrors as unknown[];
      } finally {
        feed.stop();
        await socket.dispose();
      }
    };

    it('counts a client that is not in TRUSTED_PROXIES at its own address, whatever x-forwarded-for it claims', async () => {
      const strict = await startShop({
        rest: { env: { REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1' } },
        gateway: { env: { TRUSTED_PROXIES: '192.0.2.1' } },
      });
      try {
        expect(await registerOverHttp(strict.gateway, 'spoof-one', '198.51.100.31')).toEqual([]);
        expect(await registerOverHttp(strict.gateway, 'spoof-two', '198.51.100.32')).toEqual(TOO_MANY);
        expect(await registerOverSocket(strict.gateway, 'spoof-three', '198.51.100.33')).toEqual(TOO_MANY);
      } finally {
        await strict.close();
      }
    });

    it('behind a trusted proxy (nginx on this machine, the default), counts each client at its own address, over HTTP and sockets', async () => {
      const strict = await startShop({ rest: { env: { REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '1' } } });
      try {
        expect(await registerOverHttp(strict.gateway, 'proxied-one', '198.51.100.41')).toEqual([]);
        // Another client behind the same proxy is not locked out by the first.
        expect(await registerOverHttp(strict.gateway, 'proxied-two', '198.51.100.42')).toEqual([]);
        expect(await registerOverSocket(strict.gateway, 'proxied-three', '198.51.100.43')).toEqual([]);
        // The first client again, over either transport: its own limit.
        expect(await registerOverHttp(strict.gateway, 'proxied-four', '198.51.100.41')).toEqual(TOO_MANY);
        expect(await registerOverSocket(strict.gateway, 'proxied-five', '198.51.100.42')).toEqual(TOO_MANY);
        // The proxy's own x-forwarded-for after a client's claim: the proxy's word is the one believed.
        expect(await registerOverHttp(strict.gateway, 'proxied-six', '198.51.100.41, 198.51.100.44')).toEqual([]);
      } finally {
        await strict.close();
      }
    });
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
          'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { content } userErrors { message field code retryAfterSeconds } } }',
          { input: { roomId, content } },
          sender,
        );
      expect((await send('one')).data.sendMessage).toEqual({ message: { content: 'one' }, userErrors: [] });
      expect((await send('two')).data.sendMessage).toEqual({ message: { content: 'two' }, userErrors: [] });
      const third = (await send('three')).data.sendMessage;
      expect(third).toEqual({
        message: null,
        userErrors: [
          {
            message: 'Too many messages. Try again in 1 minute.',
            field: null,
            code: 'TOO_MANY_ATTEMPTS',
            retryAfterSeconds: expect.any(Number),
          },
        ],
      });
      // The seconds are the REST service's own Retry-After (what is left of its minute), not the message's "1 minute":
      // asked straight after, it says the same or a second less.
      const straight = await strict.rest.request('POST', '/api/chat/rooms/quiet-reader/messages', {
        token: sender,
        body: { content: 'four' },
      });
      expect(straight.status).toBe(429);
      const restSeconds = Number(straight.headers['retry-after']);
      expect(third.userErrors[0].retryAfterSeconds - restSeconds).toBeGreaterThanOrEqual(0);
      expect(third.userErrors[0].retryAfterSeconds - restSeconds).toBeLessThanOrEqual(1);
      const history = await strict.graphql(
        'query ($id: ID!) { node(id: $id) { ... on ChatRoom { messages(last: 10) { edges { node { content } } } } } }',
        { id: roomId },
        sender,
      );
      expect(history.data.node.messages.edges.map((edge: { node: { content: string } }) => edge.node.content)).toEqual([
        'one',
        'two',
      ]);
    } finally {
      await strict.close();
    }
  });
});
