// What goes wrong in the cluster, for real (deploy/cluster.mjs, Debian's nginx with deploy/nginx/medshop.conf.template,
// two gateways, two REST services on a PostgreSQL of this test's own, which it stops and starts again): a deploy
// (reload) while the database is down leaves the shop as it was and a later one succeeds; a part killed with -9
// under load comes back by itself; a gateway stopped with -STOP is taken out of nginx within seconds, with the
// requests it held counted; a part that keeps crashing is given up on and a reload brings it back; a 20 KB body
// through nginx started as root; one request id on every line from nginx to REST; an nginx left running blocks the
// next cluster in one line. Each figure an operator would want is printed. Skipped, loudly, without nginx, PostgreSQL's
// programs or Redis.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, type ClusterPorts, startCluster } from '../../deploy/cluster.mjs';
import { type OwnPostgres, ownPostgresMissing, startOwnPostgres } from '../helpers/own-postgres.js';
import { withoutCost } from '../helpers/answers.js';
import { redisReachable } from '../helpers/redis.js';
import { PROJECT_ROOT } from '../helpers/launched.js';
import { poll } from '../helpers/poll.js';
import { freePort } from '../helpers/server-process.js';
import { ask, listen } from '../helpers/socket-feed.js';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(redisUrl);
const missing = [!nginx && 'nginx (apt-get install nginx)', ownPostgresMissing(), !redisUp && 'Redis'].filter(Boolean);
if (missing.length > 0)
  console.warn(`\n!!! The cluster failure tests are SKIPPED: no ${missing.join(', ')} here. .ci/run installs them.\n`);

/** The gateways' deadline in this cluster: nginx waits on a gateway 5 s longer (8 s), so a held request ends soon. */
const REQUEST_TIMEOUT_MS = 3000;
/** Shoppers of the load, each one request at a time on its own kept-alive connections, as a browser tab. */
const SHOPPERS = 6;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Outcome {
  ok: boolean;
  status: number;
  startedAt: number;
  endedAt: number;
  what: string;
}

describe.skipIf(missing.length > 0)('the cluster when things go wrong', () => {
  let cluster: Cluster;
  let postgres: OwnPostgres;
  let dir: string;
  let ports: ClusterPorts;
  /** The gateways' PERSISTED_DOCUMENTS, a copy of the web app's. */
  let trustedDocuments: string;
  /** The supervisor's lines, as it said them, and when. */
  const lines: { text: string; at: number }[] = [];
  const figures: string[] = [];
  let tokens: string[] = [];

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-cluster-failures-'));
    trustedDocuments = path.join(dir, 'persisted-documents.json');
    fs.copyFileSync(path.join(PROJECT_ROOT, 'web/src/gql/persisted-documents.json'), trustedDocuments);
    ports = {
      public: await freePort(),
      restProxy: await freePort(),
      gateways: [await freePort(), await freePort()],
      rest: [await freePort(), await freePort()],
      metrics: [await freePort(), await freePort(), await freePort(), await freePort()],
      supervisor: await freePort(),
    };
    cluster = await startCluster({
      dir,
      nginx,
      ports,
      env: {
        DATABASE_URL: postgres.url,
        REDIS_URL: redisUrl,
        REDIS_CHANNEL_PREFIX: `failures-${randomBytes(4).toString('hex')}:`,
        SEED_DEMO: 'true',
        ADMIN_PASSWORD: 'admin-pass',
        LOG_LEVEL: 'info',
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '100',
        LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '100',
        PG_CONNECT_TIMEOUT_MS: '1000',
        PERSISTED_DOCUMENTS: trustedDocuments,
      },
      // Quicker than an operator's defaults, so that a crash loop is given up on within seconds.
      supervision: { firstRestartDelayMs: 200, restartsBeforeGivingUp: 3, shedAfterMs: 2_000 },
      log: (text) => lines.push({ text, at: Date.now() }),
    });
    tokens = await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => account(`failures-shopper-${index}`)));
  });
  afterAll(async () => {
    await cluster?.stop();
    postgres?.close();
    if (figures.length > 0)
      console.warn(`\nWhat the cluster tests measured:\n${figures.map((figure) => `  - ${figure}`).join('\n')}\n`);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A POST to the shop through nginx, on `agent`'s connections: its status and body, or status 0 when none came. A
   * kept-alive connection that nginx closed as the request went out on it (a reload of nginx closes idle ones) is
   * tried again on a new one, as browsers do (and as Node's documentation advises: `reusedSocket`).
   */
  function post(
    body: string,
    headers: Record<string, string> = {},
    agent?: http.Agent,
  ): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
    return new Promise((resolve) => {
      const sent = http.request(
        `${cluster.url}/graphql`,
        {
          method: 'POST',
          agent: agent ?? false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk) => (text += chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text, headers: answer.headers }));
          answer.on('error', (error) => resolve({ status: 0, text: error.message, headers: {} }));
        },
      );
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (sent.reusedSocket && error.code === 'ECONNRESET') resolve(post(body, headers, agent));
        else resolve({ status: 0, text: error.message, headers: {} });
      });
      sent.end(body);
    });
  }
  const graphql = async (
    query: string,
    variables: Record<string, unknown> = {},
    token?: string,
    agent?: http.Agent,
  ) => {
    const answer = await post(
      JSON.stringify({ query, variables }),
      token ? { authorization: `Bearer ${token}` } : {},
      agent,
    );
    let body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } = {};
    try {
      body = withoutCost(JSON.parse(answer.text));
    } catch {
      body = { errors: [{ message: `not JSON: ${answer.text.slice(0, 120)}` }] };
    }
    return { ...answer, body };
  };
  async function account(username: string): Promise<string> {
    const input = { username, password: 'secret-pass', confirmPassword: 'secret-pass' };
    await graphql('mutation ($input: RegisterInput!) { register(input: $input) { userErrors { message } } }', {
      input,
    });
    const login = await graphql('mutation ($input: LoginInput!) { login(input: $input) { token } }', {
      input: { username, password: 'secret-pass' },
    });
    return login.body.data.login.token as string;
  }

  /** Shoppers asking for their cart (a REST call each time) as fast as they are answered, until stopped. */
  function load() {
    const outcomes: Outcome[] = [];
    let running = true;
    /** When each shopper's request on its way was sent. */
    const inFlight = new Map<number, number>();
    const shopper = async (token: string, index: number) => {
      const agent = new http.Agent({ keepAlive: true });
      for (let round = 0; running; round += 1) {
        const startedAt = Date.now();
        inFlight.set(index, startedAt);
        const answer = await graphql('query Cart { viewer { username cart { itemCount } } }', {}, token, agent);
        inFlight.delete(index);
        const ok =
          answer.status === 200 &&
          !answer.body.errors &&
          answer.body.data?.viewer?.username === `failures-shopper-${index}`;
        const code = answer.body.errors?.[0]?.extensions?.code;
        outcomes.push({
          ok,
          status: answer.status,
          startedAt,
          endedAt: Date.now(),
          what: ok
            ? 'ok'
            : answer.status === 0
              ? `no answer (${answer.text})`
              : `${answer.status}${code ? ` ${code}` : ''}`,
        });
        // A browser does not hammer a shop it cannot reach.
        if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      agent.destroy();
    };
    const done = Promise.all(tokens.map(shopper));
    return {
      outcomes,
      /** Requests answered since `at`, and how many of them failed. */
      since: (at: number) => outcomes.filter((outcome) => outcome.endedAt >= at),
      /** When the oldest request still on its way was sent (now, when none is). */
      oldestInFlight: () => Math.min(Date.now(), ...inFlight.values()),
      async stop() {
        running = false;
        await done;
      },
    };
  }

  /** Resolves with the first supervisor line from `from` on that matches (and when it was said), waiting up to `ms`. */
  async function line(pattern: RegExp, from = 0, ms = 30_000): Promise<{ text: string; at: number }> {
    const found = await poll(
      async () => lines.slice(from).find((said) => pattern.test(said.text)),
      (said) => said !== undefined,
      { within: ms, every: 20 },
    );
    if (found) return found;
    throw new Error(
      `no supervisor line ${pattern} within ${ms} ms; it said:\n${lines
        .slice(from)
        .map((said) => said.text)
        .join('\n')}`,
    );
  }

  async function supervisorMetrics(): Promise<Map<string, number>> {
    const text = await (await fetch(`http://127.0.0.1:${ports.supervisor}/metrics`)).text();
    return new Map(
      text
        .split('\n')
        .filter((entry) => entry && !entry.startsWith('#'))
        .map((entry) => [entry.slice(0, entry.lastIndexOf(' ')), Number(entry.slice(entry.lastIndexOf(' ') + 1))]),
    );
  }

  const accessLog = () =>
    fs
      .readFileSync(path.join(dir, 'logs', 'nginx-access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((entry) => JSON.parse(entry) as Record<string, string | number>);
  const logLines = (part: string) =>
    fs
      .readFileSync(path.join(dir, 'logs', `${part}.log`), 'utf8')
      .split('\n')
      .filter((entry) => entry.startsWith('{'))
      .map((entry) => JSON.parse(entry) as { reqId?: string; msg: string; [field: string]: unknown });

  it('takes a 20 KB GraphQL body through nginx, started as root too (its workers write no temporary file)', async () => {
    const body = JSON.stringify({
      query: '{ products(first: 1) { totalCount } }',
      variables: { padding: 'x'.repeat(20_000) },
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(20_000);
    const answer = await post(body, { authorization: `Bearer ${tokens[0]}` });
    expect([answer.status, withoutCost(JSON.parse(answer.text))]).toEqual([
      200,
      { data: { products: { totalCount: 32 } } },
    ]);
    figures.push(
      `a ${Math.round(Buffer.byteLength(body) / 1024)} KB body through nginx started by uid ${process.getuid?.()}: ${answer.status}`,
    );
  });

  it('gives a request one id from nginx to REST, on every line, and logs nginx as JSON with the instance that answered', async () => {
    const answer = await graphql('query Cart { viewer { username cart { itemCount } } }', {}, tokens[0]);
    expect(answer.body.data.viewer.username).toBe('failures-shopper-0');
    const requestId = String(answer.headers['x-request-id']);
    // nginx's $request_id: 32 hex digits.
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => accessLog().filter((entry) => entry.requestId === requestId).length).toBe(1);
    const edge = accessLog().find((entry) => entry.requestId === requestId)!;
    const gatewayAddresses = ports.gateways.map((port) => `127.0.0.1:${port}`);
    expect(edge).toMatchObject({
      edge: 'shop',
      method: 'POST',
      uri: '/graphql',
      status: 200,
      upstreamStatus: '200',
      client: '127.0.0.1',
    });
    expect(gatewayAddresses).toContain(edge.upstream);
    for (const field of ['seconds', 'upstreamSeconds']) expect(Number(edge[field])).toBeGreaterThanOrEqual(0);
    const gateway = `gateway-${gatewayAddresses.indexOf(String(edge.upstream)) + 1}`;
    await expect.poll(() => logLines(gateway).filter((entry) => entry.reqId === requestId).length).toBeGreaterThan(0);
    expect(
      logLines(gateway)
        .filter((entry) => entry.reqId === requestId)
        .map((entry) => entry.msg),
    ).toEqual([expect.stringMatching(/^POST \/graphql Cart 200 /)]);
    // Its REST calls, on whichever REST service answered each, carry the same id.
    const restLines = [...logLines('rest-1'), ...logLines('rest-2')].filter((entry) => entry.reqId === requestId);
    expect(restLines.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/users\/profile 200 /),
        expect.stringMatching(/^GET \/api\/cart 200 /),
      ]),
    );
  });

  it('keeps a quiet WebSocket open past the time nginx gives an HTTP request (only sockets get an hour)', async () => {
    const closes: number[] = [];
    const socket = createClient({
      url: `${cluster.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${tokens[3]}` },
      lazy: false,
      retryAttempts: 0,
      on: { closed: (event) => void closes.push((event as { code: number }).code) },
    });
    try {
      const feed = listen(socket, 'subscription { messageAdded { content senderUsername } }');
      await ask(socket, '{ viewer { username } }');
      const quietSince = Date.now();
      // Nothing on the socket for longer than nginx waits on a gateway over HTTP (REQUEST_TIMEOUT_MS + 5 s).
      await expect
        .poll(() => Date.now() - quietSince, { timeout: 20_000, interval: 250 })
        .toBeGreaterThan(REQUEST_TIMEOUT_MS + 5_000 + 1_000);
      expect(closes).toEqual([]);
      const room = await graphql(
        'mutation { createChatRoom(input: { participantUsername: "failures-shopper-3" }) { room { id } } }',
        {},
        tokens[4],
      );
      const roomId = room.body.data.createChatRoom.room.id as string;
      // The subscription is registered with Redis a moment after the socket answers: until it is, a message is missed.
      let arrived;
      for (let attempt = 1; !arrived && attempt <= 40; attempt += 1) {
        await graphql(
          'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { userErrors { message } } }',
          { input: { roomId, content: `still there ${attempt}` } },
          tokens[4],
        );
        arrived = await feed.nextMatching((event) => /^still there/.test(event.data?.messageAdded?.content), 250);
      }
      expect(arrived?.data).toEqual({
        messageAdded: { content: expect.stringMatching(/^still there \d+$/), senderUsername: 'failures-shopper-4' },
      });
      feed.stop();
    } finally {
      await socket.dispose();
    }
  });

  it('writes a few hundred bytes of log per request, all parts together', async () => {
    const files = ['nginx-access.log', 'gateway-1.log', 'gateway-2.log', 'rest-1.log', 'rest-2.log'].map((file) =>
      path.join(dir, 'logs', file),
    );
    const size = () => files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    const before = size();
    const agent = new http.Agent({ keepAlive: true });
    const requests = 40;
    for (let index = 0; index < requests; index += 1)
      expect(
        (await graphql('query Cart { viewer { username cart { itemCount } } }', {}, tokens[1], agent)).status,
      ).toBe(200);
    agent.destroy();
    // Each part writes its line once the answer has gone.
    await expect.poll(() => logLines('gateway-1').length + logLines('gateway-2').length).toBeGreaterThan(0);
    let perRequest = 0;
    await expect
      .poll(() => {
        perRequest = Math.round((size() - before) / requests);
        return accessLog().filter((entry) => entry.uri === '/graphql').length > 0 && perRequest;
      })
      .toBeGreaterThan(0);
    figures.push(
      `log written per GraphQL request (one query, two REST calls), nginx + gateway + REST: ${perRequest} bytes`,
    );
    expect(perRequest).toBeLessThan(1000);
  });

  /** The load of the test under way, stopped after it whatever happened. */
  let traffic: ReturnType<typeof load> | undefined;
  afterEach(async () => {
    await traffic?.stop();
    traffic = undefined;
  });

  it('takes a gateway stopped with -STOP out of nginx within seconds, counts the requests it held, and puts it back on -CONT', async () => {
    const shoppers = (traffic = load());
    // The load under way first (a busy machine takes more than the poll's default second to answer 20 requests).
    await expect
      .poll(() => shoppers.outcomes.filter((outcome) => outcome.ok).length, { timeout: 15_000 })
      .toBeGreaterThan(20);
    const from = lines.length;
    const stopped = cluster.parts.get('gateway-2')!.pid;
    process.kill(stopped, 'SIGSTOP');
    const stoppedAt = Date.now();
    try {
      const shed = await line(
        new RegExp(
          `^gateway-2 \\(pid ${stopped}, port ${ports.gateways[1]}\\) has not answered for \\d+(\\.\\d)? s: taken out of nginx until it answers again$`,
        ),
        from,
      );
      const shedAfter = shed.at - stoppedAt;
      // What it held when it stopped, and what reached it before it was taken out, end when nginx gives up on it
      // (REQUEST_TIMEOUT_MS + 5 s): until then, the others go on being answered by gateway-1.
      await expect
        .poll(() => shoppers.since(shed.at).filter((outcome) => outcome.ok).length, { timeout: 15_000 })
        .toBeGreaterThan(50);
      // Every request sent before it was taken out has had its answer.
      await expect.poll(() => shoppers.oldestInFlight() > shed.at, { timeout: 15_000 }).toBe(true);
      const failed = shoppers.outcomes.filter((outcome) => !outcome.ok && outcome.endedAt >= stoppedAt);
      const held = failed.map((outcome) => outcome.endedAt - outcome.startedAt);
      figures.push(
        `kill -STOP of gateway-2 under load (${SHOPPERS} shoppers): taken out of nginx ${seconds(shedAfter)} after; ${failed.length} requests failed ` +
          `(${[...new Set(failed.map((outcome) => outcome.what))].join(', ')}; each after ${seconds(Math.min(...held))}–${seconds(Math.max(...held))}), ` +
          `${shoppers.since(stoppedAt).filter((outcome) => outcome.ok).length} answered meanwhile`,
      );
      expect(shedAfter).toBeLessThan(6_000);
      // At most one request per shopper was caught: the one on its way when the gateway stopped, or sent before it was
      // taken out. Each is answered 504 once nginx gives up on it; none was sent twice (they are POSTs).
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.length).toBeLessThanOrEqual(SHOPPERS);
      expect(new Set(failed.map((outcome) => outcome.what))).toEqual(new Set(['504']));
      const metrics = await supervisorMetrics();
      expect([
        metrics.get('cluster_part_shed{part="gateway-2"}'),
        metrics.get('cluster_part_up{part="gateway-2"}'),
      ]).toEqual([1, 0]);
      expect(metrics.get('cluster_nginx_responses_total{edge="shop",status="504"}')).toBeGreaterThanOrEqual(
        failed.length,
      );
    } finally {
      process.kill(stopped, 'SIGCONT');
    }
    await line(
      new RegExp(
        // Seconds as the supervisor writes them: one decimal under 10 s, whole from then on (a slow machine's silence).
        `^gateway-2 \\(pid ${stopped}\\) answers again, for \\d+(\\.\\d)? s now, after \\d+(\\.\\d)? s of silence: back in nginx$`,
      ),
      from,
    );
    const back = Date.now();
    // nginx sends to it again.
    await expect
      .poll(
        () =>
          accessLog().some(
            (entry) =>
              entry.upstream === `127.0.0.1:${ports.gateways[1]}` && Date.parse(String(entry.time)) >= back - 1000,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shoppers.stop();
    expect(
      shoppers
        .since(back)
        .filter((outcome) => !outcome.ok)
        .map((outcome) => outcome.what),
    ).toEqual([]);
    expect((await supervisorMetrics()).get('cluster_part_shed{part="gateway-2"}')).toBe(0);
  });

  it('starts a gateway, a REST service and nginx again by itself when each is killed with -9 under load', async () => {
    const shoppers = (traffic = load());
    await expect.poll(() => shoppers.outcomes.filter((outcome) => outcome.ok).length).toBeGreaterThan(20);
    for (const part of ['gateway-1', 'rest-1', 'nginx']) {
      const from = lines.length;
      const killed = cluster.parts.get(part)!.pid;
      const before = shoppers.outcomes.length;
      process.kill(killed, 'SIGKILL');
      const killedAt = Date.now();
      const ended = await line(
        new RegExp(`^${part} \\(pid ${killed}.*\\) ended \\(killed by SIGKILL\\) after \\d+(\\.\\d)? s`),
        from,
      );
      expect(ended.text).toMatch(
        part === 'nginx'
          ? /starting it again in 0\.2 s$/
          : /; starting it again in 0\.2 s \(restart 1 of at most 3 in a row\)$/,
      );
      await line(new RegExp(`^${part} is back: pid \\d+`), from, 60_000);
      expect(cluster.parts.get(part)!.pid).not.toBe(killed);
      // The shop answers every shopper again.
      const backAt = Date.now();
      await expect
        .poll(() => shoppers.since(backAt).filter((outcome) => outcome.ok).length, { timeout: 20_000 })
        .toBeGreaterThan(SHOPPERS * 3);
      const during = shoppers.outcomes.slice(before);
      const failed = during.filter((outcome) => !outcome.ok && outcome.endedAt >= killedAt);
      const firstAnswered = Math.min(
        ...during.filter((outcome) => outcome.ok && outcome.startedAt > killedAt).map((outcome) => outcome.endedAt),
      );
      figures.push(
        `kill -9 of ${part} under load: back (serving) after ${seconds(backAt - killedAt)}; ${failed.length} requests failed` +
          `${failed.length ? ` (${[...new Set(failed.map((outcome) => outcome.what))].join(', ')})` : ''}; the first answer after the kill ${seconds(firstAnswered - killedAt)} after it`,
      );
      // A gateway's or a REST service's twin answers meanwhile: only what was on its way through the killed one fails.
      if (part !== 'nginx') expect(failed.length).toBeLessThanOrEqual(SHOPPERS);
      const metrics = await supervisorMetrics();
      expect([
        metrics.get(`cluster_part_exits_total{part="${part}"}`),
        metrics.get(`cluster_part_restarts_total{part="${part}"}`),
      ]).toEqual([1, 1]);
    }
    await shoppers.stop();
  });

  it('gives up on a part that keeps ending soon after each start, says so, and a reload brings it back', async () => {
    const from = lines.length;
    // A deploy gone wrong: the gateways' trusted documents are now a file no gateway can start with; the running ones
    // read it at their start and serve on. Then gateway-1 crashes: every new start of it fails.
    const manifest = fs.readFileSync(trustedDocuments, 'utf8');
    fs.writeFileSync(trustedDocuments, '["not", "an", "object"]');
    const killed = cluster.parts.get('gateway-1')!.pid;
    process.kill(killed, 'SIGKILL');
    try {
      const refused =
        'exit code 1: Configuration error: PERSISTED_DOCUMENTS: persisted-documents.json must be a JSON object of SHA-256 hashes to document texts'.replace(
          /[.()]/g,
          '\\$&',
        );
      await line(
        new RegExp(
          `^gateway-1 \\(pid \\d+, port ${ports.gateways[0]}\\) ended \\(${refused}\\) after \\d+\\.\\d s; starting it again in \\d+\\.\\d s \\(restart [23] of at most 3 in a row\\)$`,
        ),
        from,
        60_000,
      );
      const given = await line(
        new RegExp(
          `^gateway-1 \\(pid \\d+\\) ended \\(${refused}\\) again: 4 times in a row, each within 60 s of its start; not started again \\(see logs/gateway-1\\.log\\); SIGHUP tries again$`,
        ),
        from,
        60_000,
      );
      figures.push(
        `a gateway that cannot start again (a bad file): given up on after 3 restarts, ${seconds(given.at - (await line(/^gateway-1 \(pid \d+, port \d+\) ended \(killed by SIGKILL\)/, from)).at)} after the first end`,
      );
      const metrics = await supervisorMetrics();
      expect([
        metrics.get('cluster_part_given_up{part="gateway-1"}'),
        metrics.get('cluster_part_up{part="gateway-1"}'),
      ]).toEqual([1, 0]);
      // The shop goes on through gateway-2 (nginx passes the requests it cannot send to gateway-1 on).
      for (const token of tokens) expect((await graphql('{ viewer { username } }', {}, token)).status).toBe(200);
    } finally {
      fs.writeFileSync(trustedDocuments, manifest);
    }
    expect(await cluster.reload('the file is right again')).toBe(true);
    expect(cluster.parts.get('gateway-1')!.exited).toBeUndefined();
    expect((await supervisorMetrics()).get('cluster_part_given_up{part="gateway-1"}')).toBe(0);
  });

  it('a reload while PostgreSQL is down changes nothing and says why; the shop serves again with no hand on it when PostgreSQL is back, and the next reload succeeds', async () => {
    const before = new Map([...cluster.parts].map(([name, part]) => [name, part.pid]));
    const from = lines.length;
    postgres.stop();
    try {
      // Alive, not ready: a liveness probe restarts nothing, a readiness probe takes REST out of a balancer.
      const [live, ready] = await Promise.all([
        fetch(`http://127.0.0.1:${ports.rest[0]}/livez`),
        fetch(`http://127.0.0.1:${ports.rest[0]}/readyz`),
      ]);
      expect([live.status, await live.json(), ready.status, await ready.json()]).toEqual([
        200,
        { status: 'alive' },
        503,
        { status: 'unavailable', message: 'The database cannot be reached' },
      ]);
      // The shop answers that it cannot, and the gateway's log names the REST instance behind nginx that failed.
      const answer = await graphql('query Cart { viewer { username cart { itemCount } } }', {}, tokens[0]);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      const requestId = String(answer.headers['x-request-id']);
      const restAddresses = ports.rest.map((port) => `127.0.0.1:${port}`);
      await expect
        .poll(() =>
          [...logLines('gateway-1'), ...logLines('gateway-2')].some(
            (entry) => entry.reqId === requestId && entry.msg.startsWith('the REST service at'),
          ),
        )
        .toBe(true);
      const named = [...logLines('gateway-1'), ...logLines('gateway-2')].find(
        (entry) => entry.reqId === requestId && entry.msg.startsWith('the REST service at'),
      )!;
      expect(named.msg).toMatch(
        new RegExp(
          `^the REST service at (${restAddresses.join('|')}) \\(through 127\\.0\\.0\\.1:${ports.restProxy}\\) did not answer`,
        ),
      );
      // nginx's REST edge logged the failed call, with the same id and the instance.
      const restEdge = accessLog().find((entry) => entry.edge === 'rest' && entry.requestId === requestId)!;
      expect(Number(restEdge.status)).toBeGreaterThanOrEqual(500);
      expect(restAddresses).toContain(restEdge.upstream);

      // The deploy: the first new instance cannot start; it says why, in one line, and nothing else changes.
      expect(await cluster.reload()).toBe(false);
      const stoppedAt = await line(/^reload stopped at rest-1: /, from);
      expect(stoppedAt.text).toMatch(
        /^reload stopped at rest-1: its new instance ended \(exit code 1: Configuration error: DATABASE_URL: PostgreSQL at 127\.0\.0\.1:\d+\/medshop refused the connection: start PostgreSQL, or correct the host and port in DATABASE_URL\)\. Serving as before: rest-1, rest-2, gateway-1, gateway-2; the next SIGHUP tries again$/,
      );
      expect(new Map([...cluster.parts].map(([name, part]) => [name, part.pid]))).toEqual(before);

      // A gateway that crashes meanwhile comes back serving (the web app, UPSTREAM_UNAVAILABLE), though not ready
      // while REST cannot answer: nothing better runs in its place.
      const crashed = cluster.parts.get('gateway-2')!.pid;
      const crashFrom = lines.length;
      process.kill(crashed, 'SIGKILL');
      await line(/^gateway-2 is back: pid \d+ on port \d+, serving \d+\.\d s after its start$/, crashFrom);
      expect((await fetch(`http://127.0.0.1:${ports.gateways[1]}/readyz`)).status).toBe(503);
    } finally {
      postgres.start();
    }
    // With no hand on it: the instances that kept running serve again.
    await expect
      .poll(async () => (await graphql('query Cart { viewer { username cart { itemCount } } }', {}, tokens[0])).body, {
        timeout: 20_000,
      })
      .toEqual({
        data: { viewer: { username: 'failures-shopper-0', cart: { itemCount: 0 } } },
      });
    const reloadFrom = lines.length;
    expect(await cluster.reload()).toBe(true);
    figures.push(
      `a reload (every server replaced in turn, no load): ${lines
        .slice(reloadFrom)
        .map((said) => said.text)
        .filter((text) => / replaced: | done /.test(text))
        .join('; ')}`,
    );
    for (const [name, pid] of before) if (name !== 'nginx') expect(cluster.parts.get(name)!.pid).not.toBe(pid);
    expect(cluster.parts.get('nginx')!.pid).toBe(before.get('nginx'));
    expect((await graphql('{ viewer { username } }', {}, tokens[1])).body).toEqual({
      data: { viewer: { username: 'failures-shopper-1' } },
    });
    const metrics = await supervisorMetrics();
    expect([
      metrics.get('cluster_reloads_total{outcome="failed"}'),
      metrics.get('cluster_reloads_total{outcome="done"}'),
    ]).toEqual([1, 2]);
  });

  it('refuses, in one line, to start where an nginx of an earlier cluster still runs or a port is taken', async () => {
    const nginxPid = cluster.parts.get('nginx')!.pid;
    await expect(
      startCluster({
        dir,
        nginx,
        ports,
        env: { DATABASE_URL: postgres.url, REDIS_URL: redisUrl },
        log: () => undefined,
      }),
    ).rejects.toThrow(
      `an nginx of an earlier cluster still runs from ${dir} (pid ${nginxPid}, ${path.join(dir, 'nginx.pid')}) and holds its ports: stop it (kill -QUIT ${nginxPid}) and start again`,
    );
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-cluster-second-'));
    try {
      await expect(
        startCluster({
          dir: elsewhere,
          nginx,
          ports,
          env: { DATABASE_URL: postgres.url, REDIS_URL: redisUrl },
          log: () => undefined,
        }),
      ).rejects.toThrow(
        `port ${ports.public} (the shop (CLUSTER_PORT)) is already in use: stop what listens there (another cluster?), or choose another CLUSTER_PORT`,
      );
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
    // Neither attempt touched the running cluster.
    expect((await graphql('{ viewer { username } }', {}, tokens[2])).body).toEqual({
      data: { viewer: { username: 'failures-shopper-2' } },
    });
  });
});
