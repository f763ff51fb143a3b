// Subscriptions across gateway instances (REDIS_URL): two gateways over one REST service and one real Redis; an event
// published through gateway A reaches the subscribers of gateway B. Skipped, loudly, when Redis cannot be reached.
// Other runs (the gateway-plain project, another checkout) may share the Redis at the same time: this run's gateways
// use channels of their own (REDIS_CHANNEL_PREFIX), every name carries this run's suffix, and events are picked by
// what only this run sends.
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll } from '../../tests/helpers/poll.js';
import { redisReachable } from '../../tests/helpers/redis.js';
import { type RestService, startRestService } from '../../tests/helpers/rest-service.js';
import { type Feed, type SocketEvent, WAIT_MS, listen } from '../../tests/helpers/socket-feed.js';
import { type Gateway, restExtensions, startGateway, withoutCost } from '../../tests/helpers/shop.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await redisReachable(redisUrl);
if (!redisUp) {
  console.warn(
    `\n!!! Redis is not reachable at ${redisUrl}: the subscription tests across two gateways are SKIPPED. Start it ` +
      '(redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no, or .ci/run), or point TEST_REDIS_URL at one.\n',
  );
}

async function arrival(feed: Feed, matches: (event: SocketEvent) => boolean, what: string): Promise<SocketEvent> {
  const event = await feed.nextMatching(matches);
  if (!event) throw new Error(`${what} did not arrive within ${WAIT_MS} ms`);
  return event;
}

const PROBE_WAIT_MS = 250;

/**
 * Sends probes through gateway A until one reaches the feed on gateway B. Nothing tells a client when B has SUBSCRIBEd
 * the Redis channel; the first probe that arrives shows it has, and that the whole path A → Redis → B works.
 */
async function untilLive(
  feed: Feed,
  probe: (attempt: number) => Promise<void>,
  isProbe: (event: SocketEvent) => boolean,
): Promise<void> {
  const attempts = WAIT_MS / PROBE_WAIT_MS;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    await probe(attempt);
    if (await feed.nextMatching(isProbe, PROBE_WAIT_MS)) return;
  }
  throw new Error(`none of ${attempts} probes sent through gateway A reached the subscriber on gateway B`);
}

describe.runIf(redisUp)('two gateways over one Redis', () => {
  /** This run's mark on every name it makes. */
  const run = randomBytes(4).toString('hex');
  let rest: RestService;
  let gatewayA: Gateway;
  let gatewayB: Gateway;
  /** Another shop on the same Redis: its own channel prefix. */
  let otherShop: Gateway;

  beforeAll(async () => {
    rest = await startRestService({ extensions: restExtensions, listen: true });
    const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `medshop-test-${run}:` };
    gatewayA = await startGateway(rest.url, { env });
    gatewayB = await startGateway(rest.url, { env });
    otherShop = await startGateway(rest.url, {
      env: { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `other-shop-${run}:` },
    });
  });
  afterAll(async () => {
    await gatewayA?.close();
    await gatewayB?.close();
    await otherShop?.close();
    await rest?.close();
  });

  async function mutate(gateway: Gateway, token: string, query: string, variables: Record<string, unknown> = {}) {
    const answer = await gateway.graphql(query, variables, token);
    expect(answer.errors).toBeUndefined();
    const [payload] = Object.values(answer.data as Record<string, { userErrors: unknown[] }>);
    expect(payload!.userErrors).toEqual([]);
    return payload as any;
  }

  const CREATE_ROOM =
    'mutation ($name: String!) { createChatRoom(input: { participantUsername: $name }) { room { id } userErrors { message } } }';
  const SEND =
    'mutation ($roomId: ID!, $content: String!) { sendMessage(input: { roomId: $roomId, content: $content }) { message { id } userErrors { message } } }';
  const MESSAGE_ADDED =
    'subscription { messageAdded { id content senderUsername isMine room { id lastMessage unreadCount } } }';

  it('delivers a message sent through gateway A to both participants subscribed on gateway B', async () => {
    const [ann, ben, prober] = [`ann-${run}`, `ben-${run}`, `prober-${run}`];
    const [annToken, benToken, proberToken] = await Promise.all([ann, ben, prober].map((name) => rest.register(name)));
    const roomId = (await mutate(gatewayA, annToken!, CREATE_ROOM, { name: ben })).room.id;
    const probeRoomId = (await mutate(gatewayA, proberToken!, CREATE_ROOM, { name: ben })).room.id;

    // Ann's other tab and Ben, both on gateway B.
    const annSocket = gatewayB.socket(annToken);
    const benSocket = gatewayB.socket(benToken);
    try {
      const annFeed = listen(annSocket, MESSAGE_ADDED);
      const benFeed = listen(benSocket, MESSAGE_ADDED);
      // Ann's subscription is registered on B before this answer comes back (the socket takes operations in order and
      // the query waits on the REST service); the probes below then show B listens on Redis.
      const answer = await new Promise<SocketEvent>((resolve, reject) => {
        annSocket.subscribe(
          { query: '{ viewer { username } }' },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      expect(answer.data).toEqual({ viewer: { username: ann } });
      await untilLive(
        benFeed,
        (attempt) =>
          mutate(gatewayA, proberToken!, SEND, { roomId: probeRoomId, content: `probe ${attempt}` }).then(
            () => undefined,
          ),
        (event) => event.data?.messageAdded.room.id === probeRoomId,
      );

      const sent = await mutate(gatewayA, annToken!, SEND, {
        roomId,
        content: `Is the ear thermometer back in stock? (${run})`,
      });
      const isTheMessage = (event: SocketEvent) => event.data?.messageAdded.id === sent.message.id;
      const benCopy = (await arrival(benFeed, isTheMessage, 'Ben’s copy')).data.messageAdded;
      const annCopy = (await arrival(annFeed, isTheMessage, 'Ann’s copy')).data.messageAdded;
      expect(benCopy).toEqual({
        id: sent.message.id,
        content: `Is the ear thermometer back in stock? (${run})`,
        senderUsername: ann,
        isMine: false,
        room: { id: roomId, lastMessage: `Is the ear thermometer back in stock? (${run})`, unreadCount: 1 },
      });
      expect(annCopy).toMatchObject({ id: sent.message.id, isMine: true, room: { id: roomId, unreadCount: 0 } });
    } finally {
      await Promise.all([annSocket.dispose(), benSocket.dispose()]);
    }
  });

  it('delivers orderUpdated for an order moved through gateway A to its buyer and an admin on gateway B', async () => {
    const admin = await rest.adminToken();
    const created = await mutate(
      gatewayA,
      admin,
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      { input: { name: `Order probe ${run}`, description: 'Probe', price: 3, quantity: 1000 } },
    );
    const buy = async (token: string) => {
      await mutate(
        gatewayA,
        token,
        'mutation ($id: ID!) { addToCart(input: { productId: $id, quantity: 1 }) { userErrors { message } } }',
        {
          id: created.product.id,
        },
      );
      return (
        await mutate(
          gatewayA,
          token,
          'mutation { checkout(input: { shippingAddress: "2 Redis Row" }) { order { id } userErrors { message } } }',
          {},
        )
      ).order.id as string;
    };
    const buyer = `order-buyer-${run}`;
    const buyerToken = await rest.register(buyer);
    const proberToken = await rest.register(`order-prober-${run}`);
    const orderId = await buy(buyerToken);
    const buyerSocket = gatewayB.socket(buyerToken);
    const adminSocket = gatewayB.socket(admin);
    try {
      const ORDER_UPDATED = 'subscription { orderUpdated { id status customerUsername } }';
      const buyerFeed = listen(buyerSocket, ORDER_UPDATED);
      const adminFeed = listen(adminSocket, ORDER_UPDATED);
      // New orders reach the admins: the first probe order seen on B shows B listens on Redis (the buyer's
      // subscription, made before on the same gateway, too).
      const probes = new Set<string>();
      await untilLive(
        adminFeed,
        async () => void probes.add(await buy(proberToken)),
        (event) => probes.has(event.data?.orderUpdated.id),
      );
      await mutate(
        gatewayA,
        admin,
        'mutation ($id: ID!) { updateOrderStatus(input: { orderId: $id, status: CONFIRMED }) { order { id } userErrors { message } } }',
        {
          id: orderId,
        },
      );
      const isTheMove = (event: SocketEvent) => event.data?.orderUpdated.id === orderId;
      expect((await arrival(buyerFeed, isTheMove, 'the buyer’s copy')).data.orderUpdated).toEqual({
        id: orderId,
        status: 'CONFIRMED',
        customerUsername: buyer,
      });
      expect((await arrival(adminFeed, isTheMove, 'the admin’s copy')).data.orderUpdated).toEqual({
        id: orderId,
        status: 'CONFIRMED',
        customerUsername: buyer,
      });
    } finally {
      await Promise.all([buyerSocket.dispose(), adminSocket.dispose()]);
    }
  });

  it('delivers productUpdated for a change made through gateway A to a subscriber on gateway B', async () => {
    const admin = await rest.adminToken();
    const name = `Blood Pressure Cuff ${run}`;
    const created = await mutate(
      gatewayA,
      admin,
      'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id } userErrors { message } } }',
      { input: { name, description: 'Adult size', price: 29.9, quantity: 8 } },
    );
    const productId = created.product.id;
    const watcher = gatewayB.socket(await rest.register(`watcher-${run}`));
    try {
      // Product ids of another run's REST service can be the same numbers: its events pass the ids filter too, and
      // are told apart by this run's product name.
      const feed = listen(
        watcher,
        'subscription ($ids: [ID!]) { productUpdated(ids: $ids) { id name price quantity } }',
        { ids: [productId] },
      );
      const update = (price: number) =>
        mutate(
          gatewayA,
          admin,
          'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id } userErrors { message } } }',
          { input: { id: productId, name, description: 'Adult size', price, quantity: 8 } },
        );
      await untilLive(
        feed,
        (attempt) => update(30 + attempt).then(() => undefined),
        (event) => event.data?.productUpdated.name === name,
      );

      await update(24.5);
      const event = await arrival(
        feed,
        (candidate) => candidate.data?.productUpdated.name === name && candidate.data.productUpdated.price === 24.5,
        'the new price',
      );
      expect(event.data.productUpdated).toEqual({ id: productId, name, price: 24.5, quantity: 8 });
    } finally {
      await watcher.dispose();
    }
  });

  it('keeps shops with different channel prefixes apart on one Redis', async () => {
    const [cat, dan] = [`cat-${run}`, `dan-${run}`];
    const [catToken, danToken] = await Promise.all([cat, dan].map((name) => rest.register(name)));
    const roomId = (await mutate(gatewayA, catToken!, CREATE_ROOM, { name: dan })).room.id;
    const danOnOtherShop = otherShop.socket(danToken);
    try {
      const feed = listen(danOnOtherShop, MESSAGE_ADDED);
      // The other shop's own messages reach Dan there, which shows his subscription listens on its channels.
      await untilLive(
        feed,
        (attempt) =>
          mutate(otherShop, catToken!, SEND, { roomId, content: `other shop ${attempt}` }).then(() => undefined),
        (event) => event.data?.messageAdded.content.startsWith('other shop'),
      );
      const sent = await mutate(gatewayA, catToken!, SEND, { roomId, content: `through this shop (${run})` });
      await mutate(otherShop, catToken!, SEND, { roomId, content: 'other shop, after' });
      // The later message through the other shop arrives; the one through this shop never did before it.
      const next = await arrival(
        feed,
        (event) =>
          event.data?.messageAdded.content.startsWith('other shop') || event.data?.messageAdded.id === sent.message.id,
        'a later event',
      );
      expect(next.data.messageAdded.content).toBe('other shop, after');
    } finally {
      await danOnOtherShop.dispose();
    }
  });
  it('shares automatic persisted queries: a hash learnt through gateway A is known to gateway B', async () => {
    const query = `query ApqProbe { viewer { username } } # ${run}`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const token = await rest.register(`apq-${run}`);
    const post = (gateway: Gateway, body: object) =>
      fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then(async (response) => withoutCost(await response.json()));
    const persistedQuery = { version: 1, sha256Hash };
    // Unknown everywhere yet: the client is asked for the query.
    expect(await post(gatewayB, { extensions: { persistedQuery } })).toMatchObject({
      errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
    expect(await post(gatewayA, { query, extensions: { persistedQuery } })).toEqual({
      data: { viewer: { username: `apq-${run}` } },
    });
    // Gateway A stores it a moment after answering (Apollo does not wait for the store).
    const fromB = await poll(
      () => post(gatewayB, { extensions: { persistedQuery } }),
      (answer) => !JSON.stringify(answer).includes('PERSISTED_QUERY_NOT_FOUND'),
    );
    expect(fromB).toEqual({ data: { viewer: { username: `apq-${run}` } } });
  });
});

describe.runIf(redisUp)('automatic persisted queries in Redis, stored by anyone', () => {
  const run = randomBytes(4).toString('hex');
  const prefix = `medshop-apq-${run}:`;
  let rest: RestService;
  let gateway: Gateway;
  let redis: Redis;
  beforeAll(async () => {
    rest = await startRestService({ extensions: restExtensions, listen: true });
    gateway = await startGateway(rest.url, {
      env: {
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: prefix,
        PERSISTED_QUERIES_MAX: '3',
        PERSISTED_QUERIES_TTL_SECONDS: '600',
      },
    });
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await gateway?.close();
    await rest?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const post = (body: object) =>
    fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      body: withoutCost(await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] },
    }));
  const persisted = (query: string) => ({ version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') });

  it('keeps each entry for PERSISTED_QUERIES_TTL_SECONDS and at most PERSISTED_QUERIES_MAX of them, the oldest going first', async () => {
    const queries = Array.from({ length: 5 }, (_, i) => `{ __typename } # anonymous ${i} ${run}`);
    for (const query of queries) {
      expect((await post({ query, extensions: { persistedQuery: persisted(query) } })).body).toEqual({
        data: { __typename: 'Query' },
      });
      // Apollo stores the entry after answering, without waiting for it: each is in Redis before the next is sent, so
      // that "oldest" means the order they were sent in.
      await poll(
        () => redis.zscore(`${prefix}pq-index`, `${prefix}pq:apq:${persisted(query).sha256Hash}`),
        (score) => score !== null,
      );
    }
    const entries = (await redis.keys(`${prefix}pq:apq:*`)).sort();
    expect(entries).toEqual(
      queries
        .slice(2)
        .map((query) => `${prefix}pq:apq:${persisted(query).sha256Hash}`)
        .sort(),
    );
    for (const entry of entries) {
      const ttl = await redis.ttl(entry);
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
    }
    // The oldest is asked for again; the newest is known.
    expect(
      (await post({ extensions: { persistedQuery: persisted(queries[0]!) } })).body.errors![0]!.extensions.code,
    ).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await post({ extensions: { persistedQuery: persisted(queries[4]!) } })).body).toEqual({
      data: { __typename: 'Query' },
    });
  });

  it('runs no stored document it would refuse: neither one an older gateway stored unscreened, nor one from before the cap', async () => {
    const hostile = `{ ${'viewer { id } '.repeat(390)}}`;
    const { sha256Hash } = persisted(hostile);
    // As an older gateway would have left it: in its own namespace, never lapsing; and in today's, unscreened.
    await redis.set(`${prefix}apq:apq:${sha256Hash}`, hostile);
    await redis.set(`${prefix}pq:apq:${sha256Hash}`, hostile, 'EX', 600);
    const answer = await post({ extensions: { persistedQuery: { version: 1, sha256Hash } } });
    expect(answer.body.errors!.map((error) => error.extensions.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });

  it('does not store a document over 16 KB: comments count', async () => {
    const query = `{ __typename } ${'#'.repeat(20_000)}`;
    const answer = await post({ query, extensions: { persistedQuery: persisted(query) } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.extensions.code).toBe('MAX_DOCUMENT_SIZE');
    expect(await redis.exists(`${prefix}pq:apq:${persisted(query).sha256Hash}`)).toBe(0);
  });
});

describe.runIf(redisUp)('sockets per user across gateways', () => {
  const run = randomBytes(4).toString('hex');

  it('counts a user’s sockets on every gateway together: beyond SOCKETS_PER_USER the next is closed with 1013', async () => {
    const rest = await startRestService({ extensions: restExtensions, listen: true });
    const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `sockets-${run}:`, SOCKETS_PER_USER: '2' };
    const gatewayA = await startGateway(rest.url, { env });
    const gatewayB = await startGateway(rest.url, { env });
    const closeCode = (client: ReturnType<Gateway['socket']>) =>
      new Promise<number | 'open'>((resolve) => {
        client.on('connected', () => resolve('open'));
        client.on('closed', (event) => resolve((event as { code: number }).code));
      });
    try {
      const token = await rest.register(`sockets-${run}`);
      const onA = gatewayA.socket(token);
      expect(await closeCode(onA)).toBe('open');
      const onB = gatewayB.socket(token);
      expect(await closeCode(onB)).toBe('open');
      const third = gatewayA.socket(token, { onNonLazyError: () => undefined, retryAttempts: 0 });
      expect(await closeCode(third)).toBe(1013);
      await third.dispose();
      // One closed on B: A may open another (once B's count in Redis has gone down).
      await onB.dispose();
      const again = await poll(
        async () => {
          const socket = gatewayA.socket(token, { onNonLazyError: () => undefined, retryAttempts: 0 });
          const code = await closeCode(socket);
          if (code !== 'open') await socket.dispose();
          return { socket, code };
        },
        ({ code }) => code === 'open',
      );
      expect(again.code).toBe('open');
      await again.socket.dispose();
      await onA.dispose();
    } finally {
      await gatewayA.close();
      await gatewayB.close();
      await rest.close();
    }
  });
});
