// What the person on call reads: one line per request on both servers, with the GraphQL operation's name and
// outcome (its 200 does not tell), who asked (an id, never a token), the REST calls it took, and the request id that
// joins the gateway's line to REST's; health probes at debug; on a terminal, each entry on one line.
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRETTY_OPTIONS } from '../../config/logger.js';
import { poll } from '../../tests/helpers/poll.js';
import { DEFAULT_PASSWORD, startRestService, type RestService } from '../../tests/helpers/rest-service.js';
import { type Gateway, restExtensions, startGateway } from '../../tests/helpers/shop.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

let rest: RestService;
let gateway: Gateway;
const gatewayLines: Line[] = [];
const restLines: Line[] = [];
let buyer: string;
let buyerId: number;

beforeAll(async () => {
  rest = await startRestService({
    extensions: restExtensions,
    listen: true,
    onLogLine: (line) => restLines.push(line as Line),
  });
  gateway = await startGateway(rest.url, {
    logger: { level: 'debug', stream: { write: (line: string) => void gatewayLines.push(JSON.parse(line)) } },
  });
  buyer = await rest.register('log-reader');
  buyerId = Number(JSON.parse(Buffer.from(buyer.split('.')[1]!, 'base64url').toString()).sub);
});
afterAll(async () => {
  await gateway?.close();
  await rest?.close();
});

/** The lines of the one request that answered with this x-request-id. */
async function linesOf(answer: { headers: Headers }) {
  const requestId = answer.headers.get('x-request-id')!;
  // A request's line is written once its answer has gone: wait for it.
  await poll(
    async () => gatewayLines.some((line) => line.reqId === requestId && 'status' in line),
    (written) => written,
    { within: 2_000, every: 20 },
  );
  return {
    requestId,
    gateway: gatewayLines.filter((line) => line.reqId === requestId),
    rest: restLines.filter((line) => line.reqId === requestId),
  };
}

describe('request logs', () => {
  it('write one line per request on each server, joined by the request id, with the operation, the user and the REST time', async () => {
    const answer = await gateway.graphql('query Listing { products(first: 2) { totalCount } }', {}, buyer);
    expect(answer.errors).toBeUndefined();
    const { requestId, gateway: mine, rest: theirs } = await linesOf(answer);
    expect(mine).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: requestId,
        method: 'POST',
        path: '/graphql',
        status: 200,
        durationMs: expect.any(Number),
        operation: 'Listing',
        userId: buyerId,
        upstreamCalls: 1,
        upstreamMs: expect.any(Number),
        msg: expect.stringMatching(/^POST \/graphql Listing 200 \d+(\.\d)? ms$/),
      },
    ]);
    expect(theirs).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: requestId,
        method: 'GET',
        path: restExtensions ? '/api/products' : '/api/products',
        status: 200,
        userId: buyerId,
        msg: expect.stringMatching(/^GET \/api\/products 200 \d+(\.\d)? ms$/),
      }),
    ]);
  });

  it("tell what a 200 hides: userErrors, and errors with their codes (a client's at info, the shop's at warn)", async () => {
    const refused = await gateway.graphql(
      'mutation Wrong { changePassword(input: { currentPassword: "not-it", newPassword: "new-secret-1", confirmPassword: "new-secret-1" }) { userErrors { message } } }',
      {},
      buyer,
    );
    const [userErrorLine] = (await linesOf(refused)).gateway;
    expect(userErrorLine).toMatchObject({ level: 30, status: 200, operation: 'Wrong', outcome: 'userErrors' });
    expect(userErrorLine!.msg).toMatch(/^POST \/graphql Wrong 200 \(userErrors\) \d+(\.\d)? ms$/);

    const anonymous = await gateway.graphql('{ viewer { orders(first: 1) { totalCount } } products { totalCount } }');
    const [errorLine] = (await linesOf(anonymous)).gateway;
    expect(errorLine).toMatchObject({
      level: 30,
      status: 200,
      operation: 'anonymous query',
      outcome: 'errors: UNAUTHENTICATED',
    });
    expect(errorLine).not.toHaveProperty('userId');

    // REST unreachable: the shop's fault. A gateway of its own, over an address where nothing listens.
    const lines: Line[] = [];
    const orphan = await startGateway('http://127.0.0.1:9', {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      const failed = await orphan.graphql('query Cart { viewer { cart { itemCount } } }', {}, buyer);
      const requestId = failed.headers.get('x-request-id');
      await poll(
        async () => lines.some((line) => line.reqId === requestId && 'status' in line),
        (written) => written,
        { within: 2_000, every: 20 },
      );
      expect(lines.filter((line) => line.reqId === requestId).map((line) => [line.level, line.msg])).toEqual([
        [40, 'the REST service at 127.0.0.1:9 did not answer: check that it runs and that REST_URL points at it'],
        [40, expect.stringMatching(/^POST \/graphql Cart 200 \(errors: UPSTREAM_UNAVAILABLE\) \d+(\.\d)? ms$/)],
      ]);
    } finally {
      await orphan.close();
    }
  });

  it('put health probes at debug, and never write a token or a password', async () => {
    const probe = await fetch(gateway.url.replace('/graphql', '/healthz'));
    const requestId = probe.headers.get('x-request-id');
    await linesOf(probe);
    expect(gatewayLines.filter((line) => line.reqId === requestId)).toEqual([
      expect.objectContaining({ level: 20, msg: expect.stringMatching(/^GET \/healthz 200 /) }),
    ]);
    const everything = JSON.stringify([...gatewayLines, ...restLines]);
    expect(everything).not.toContain(buyer);
    expect(everything).not.toContain(buyer.split('.')[2]);
    expect(everything).not.toContain(DEFAULT_PASSWORD);
    expect(everything).not.toContain('new-secret-1');
  });

  it('on a terminal (LOG_FORMAT=pretty) make each request one line, without repeating what the message says', async () => {
    const answer = await gateway.graphql('query Listing { products(first: 2) { totalCount } }', {}, buyer);
    const [line] = (await linesOf(answer)).gateway;
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false })(line);
    const time = new Date(line!.time as number).toTimeString().slice(0, 8);
    expect(pretty).toBe(
      `[${time}] INFO: ${line!.msg} {"reqId":"${line!.reqId}","userId":${buyerId},"upstreamCalls":${line!.upstreamCalls},"upstreamMs":${line!.upstreamMs}}\n`,
    );
    expect(line!.msg).toMatch(/^POST \/graphql Listing 200 \d+(\.\d)? ms$/);
  });
});
