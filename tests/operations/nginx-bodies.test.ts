// Behind the recommended nginx (deploy/nginx/medshop.conf.template, as `npm run cluster` fills it in), a body the graph
// cannot read is answered as the gateway alone answers it: a GraphQL error with a code. nginx refuses a body over 1 MB
// itself, before the gateway sees it, so its refusal must read the same. Debian's nginx in front of a gateway and a
// REST service; skipped, loudly, without nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, nginxTimeouts, wholeNginxConf } from '../../deploy/cluster.mjs';
import { poll } from '../helpers/poll.js';
import { freePort } from '../helpers/server-process.js';
import { type Shop, startShop, withoutCost } from '../helpers/shop.js';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
if (!nginx) console.warn('\n!!! The nginx body tests are SKIPPED: no nginx here (apt-get install nginx).\n');

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
  });

describe.skipIf(!nginx)('bodies sent through nginx', () => {
  let shop: Shop;
  let proxy: ChildProcess;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    shop = await startShop({ gateway: { env: { NODE_ENV: 'production' } } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-nginx-bodies-'));
    for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub));
    const [publicPort, restProxyPort] = [await freePort(), await freePort()];
    const gateway = new URL(shop.gateway.url).host;
    const rest = new URL(shop.rest.url).host;
    const site = fillTemplate({
      PUBLIC_ADDRESS: `127.0.0.1:${publicPort}`,
      REST_ADDRESS: `127.0.0.1:${restProxyPort}`,
      GATEWAY_1: gateway,
      GATEWAY_2: gateway,
      REST_1: rest,
      REST_2: rest,
      ACCESS_LOG: path.join(dir, 'logs', 'access.log'),
      ...nginxTimeouts({}),
    });
    fs.writeFileSync(path.join(dir, 'nginx.conf'), wholeNginxConf(dir, site));
    proxy = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    expect(
      await poll(
        () => accepts(publicPort),
        (listening) => listening,
      ),
    ).toBe(true);
    url = `http://127.0.0.1:${publicPort}/graphql`;
  });

  afterAll(async () => {
    proxy?.kill();
    await shop?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = async (body: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: withoutCost(await response.json()) as unknown,
    };
  };

  it('answers a body over 1 MB as the gateway does, though nginx refuses it first', async () => {
    const tooLarge = {
      status: 413,
      type: 'application/json; charset=utf-8',
      body: {
        errors: [
          {
            message: 'The body is over 1 MB, the most the graph reads',
            extensions: { code: 'PAYLOAD_TOO_LARGE', maxBytes: 1048576 },
          },
        ],
      },
    };
    expect(
      await send(JSON.stringify({ query: '{ __typename }', variables: { filler: 'x'.repeat(2 * 1024 * 1024) } })),
    ).toEqual(tooLarge);
    // The gateway's own words for it, for comparison.
    const direct = await fetch(shop.gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filler: 'x'.repeat(1024 * 1024) }),
    });
    expect({
      status: direct.status,
      type: direct.headers.get('content-type'),
      body: withoutCost(await direct.json()),
    }).toEqual(tooLarge);
  });

  it('passes the gateway’s own refusals through: a body that is not JSON', async () => {
    expect(await send('{"query": ')).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: {
        errors: [
          {
            message:
              'The body is not valid JSON: send the operation as a JSON object, {"query": "…", "variables": {…}}, with Content-Type: application/json',
            extensions: { code: 'INVALID_JSON' },
          },
        ],
      },
    });
  });
});
