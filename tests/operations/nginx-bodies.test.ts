// Behind the recommended nginx (deploy/nginx/medshop.conf.template, as `npm run cluster` fills it in), a body the graph
// cannot read is answered as the gateway alone answers it: a GraphQL error with a code. nginx refuses a body over 1 MB
// itself, before the gateway sees it, so its refusal must read the same. The catalogue's files (a CSV import, a
// picture) may be up to 10 MB, on both of nginx's sides. Debian's nginx in front of a gateway and a
// REST service; skipped, loudly, without nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, nginxTimeouts, wholeNginxConf } from '../../deploy/cluster.mjs';
import { poll } from '../helpers/poll.js';
import { freePort } from '../helpers/server-process.js';
import { type Shop, restExtensions, startShop, withoutCost } from '../helpers/shop.js';

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
  let origin: string;
  let restProxy: string;

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
    origin = `http://127.0.0.1:${publicPort}`;
    restProxy = `http://127.0.0.1:${restProxyPort}`;
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

  /** A picture of noise: over 1 MB as a JPEG, as a camera's photo is. */
  const largePhoto = () =>
    sharp(crypto.randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();

  it.runIf(restExtensions)(
    'lets a picture over 1 MB through to the gateway and to the REST services, and answers one over 10 MB in the gateway’s words',
    async () => {
      const photo = await largePhoto();
      expect(photo.length).toBeGreaterThan(1024 * 1024);
      const upload = (base: string, token: string, body: Uint8Array<ArrayBuffer>, pathname: string) =>
        fetch(`${base}${pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
          body,
        });
      const throughShop = await upload(origin, await shop.adminToken(), new Uint8Array(photo), '/catalogue/pictures');
      expect([throughShop.status, (await throughShop.json()).width]).toEqual([201, 1200]);
      const throughRestProxy = await upload(
        restProxy,
        await shop.rest.adminToken(),
        new Uint8Array(photo),
        '/api/pictures',
      );
      expect([throughRestProxy.status, (await throughRestProxy.json()).width]).toEqual([201, 1200]);
      const tooLarge = await upload(
        origin,
        await shop.adminToken(),
        new Uint8Array(10 * 1024 * 1024 + 1),
        '/catalogue/pictures',
      );
      expect([tooLarge.status, await tooLarge.json()]).toEqual([
        413,
        { message: 'A picture can be at most 10 MB', code: 'BODY_TOO_LARGE' },
      ]);
    },
  );
});
