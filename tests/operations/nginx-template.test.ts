// deploy/nginx/medshop.conf.template on its own, in Debian's nginx, in front of two stand-ins for gateways: one that
// answers and one that is hung (it takes connections and never answers: fault injection). What an operator's own
// nginx does with the template, supervisor or not: nginx gives up on the hung one after GATEWAY_TIMEOUT, passes a GET
// it held on to the other, answers a POST it held with 504 (a mutation must not run twice), and after two such
// failures (max_fails=2) sends it nothing for fail_timeout. Skipped, loudly, without nginx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, wholeNginxConf } from '../../deploy/cluster.mjs';
import { freePort } from '../helpers/server-process.js';
import { poll } from '../helpers/poll.js';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
if (!nginx) console.warn('\n!!! The nginx template test is SKIPPED: no nginx here (apt-get install nginx).\n');

describe.skipIf(!nginx)('the nginx template in front of a gateway that answers and one that is hung', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-nginx-template-'));
  const held = new Set<Socket>();
  let port: number;
  let stopNginx: () => Promise<void>;
  let closeStandIns: () => Promise<void>;
  let answering: string;
  let hung: string;

  beforeAll(async () => {
    const listening = (server: http.Server) =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
      );
    const good = http.createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}'),
      );
    });
    // Takes the connection and the request, and never answers.
    const stuck = http.createServer(() => undefined);
    stuck.on('connection', (socket) => held.add(socket));
    answering = await listening(good);
    hung = await listening(stuck);
    closeStandIns = async () => {
      for (const socket of held) socket.destroy();
      await Promise.all([good, stuck].map((server) => new Promise((resolve) => server.close(resolve))));
    };
    port = await freePort();
    for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub));
    const site = fillTemplate({
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      REST_ADDRESS: `127.0.0.1:${await freePort()}`,
      GATEWAY_1: answering,
      GATEWAY_2: hung,
      REST_1: answering,
      REST_2: hung,
      ACCESS_LOG: path.join(dir, 'logs', 'access.log'),
      GATEWAY_TIMEOUT: '1000ms',
      REST_TIMEOUT: '1000ms',
    });
    fs.writeFileSync(path.join(dir, 'nginx.conf'), wholeNginxConf(dir, site));
    const server = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    const ended = new Promise((resolve) => server.once('exit', resolve));
    stopNginx = async () => {
      server.kill('SIGQUIT');
      await ended;
    };
    // Listening (a connection, no request: a request would count against a stand-in before the test).
    const accepts = () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    if (!(await poll(accepts, (accepted) => accepted, { within: 10_000 })))
      throw new Error(`nginx did not answer: see ${path.join(dir, 'logs')}`);
  });
  afterAll(async () => {
    await stopNginx?.();
    await closeStandIns?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The access log's lines for the requests sent with this marker in their query string. */
  const logged = (marker: string) =>
    fs
      .readFileSync(path.join(dir, 'logs', 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as { method: string; uri: string; status: number; upstream: string; upstreamStatus: string },
      )
      .filter((entry) => entry.uri.includes(marker));

  it('answers a GET it held with the other gateway, a POST it held with 504, and then sends the hung one nothing', async () => {
    const send = async (method: 'GET' | 'POST', index: number) => {
      const started = Date.now();
      const answer = await fetch(
        `http://127.0.0.1:${port}/graphql?n=${index}`,
        method === 'POST'
          ? { method, headers: { 'content-type': 'application/json' }, body: '{"query":"{ ok }"}' }
          : {},
      );
      return { method, status: answer.status, ms: Date.now() - started };
    };
    // Round robin: of two POSTs one goes to the hung gateway, of the two GETs after them one again.
    const answers = [await send('POST', 1), await send('POST', 2), await send('GET', 3), await send('GET', 4)];
    expect(answers.map(({ method, status }) => `${method} ${status}`).sort()).toEqual([
      'GET 200',
      'GET 200',
      'POST 200',
      'POST 504',
    ]);
    // nginx gave up on it after GATEWAY_TIMEOUT (1 s), not an hour.
    for (const answer of answers.filter(({ status, method }) => status === 504 || method === 'GET'))
      expect(answer.ms).toBeLessThan(5_000);
    await expect.poll(() => logged('n=').length).toBe(4);
    const lines = logged('n=');
    expect(lines.filter((line) => line.method === 'POST' && line.status === 504)).toEqual([
      expect.objectContaining({ upstream: hung, upstreamStatus: '504' }),
    ]);
    // The GET that reached it went to the other one too, once nginx gave up: two instances, two statuses.
    expect(lines.filter((line) => line.upstream.includes(','))).toEqual([
      expect.objectContaining({
        method: 'GET',
        status: 200,
        upstream: `${hung}, ${answering}`,
        upstreamStatus: '504, 200',
      }),
    ]);

    // Two failures within fail_timeout: the hung one gets nothing more for 10 s.
    const after = [];
    for (let index = 5; index < 15; index += 1) after.push(await send(index % 2 ? 'POST' : 'GET', index));
    expect(after.map(({ status }) => status)).toEqual(Array(10).fill(200));
    expect(after.every(({ ms }) => ms < 1_000)).toBe(true);
    await expect.poll(() => logged('n=').length).toBe(14);
    expect(
      logged('n=')
        .slice(4)
        .map((line) => line.upstream),
    ).toEqual(Array(10).fill(answering));
  });
});
