// Where `npm start` listens: exposing the shop (HOST=0.0.0.0) exposes the gateway only; the REST service stays on
// this machine unless REST_HOST says otherwise.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Launched, launch } from '../helpers/launched.js';
import { freePort } from '../helpers/server-process.js';

/** An address of this machine other than loopback, to reach it as another machine would. */
const outward = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
if (!outward) console.warn('\n!!! This machine has no address but loopback: the listening test is SKIPPED.\n');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-listen-'));
let shop: Launched | undefined;
afterAll(() => {
  shop?.kill();
  fs.rmSync(folder, { recursive: true, force: true });
});

const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

it.runIf(outward)(
  'npm start with HOST=0.0.0.0 answers on every interface, its REST service on this machine only',
  async () => {
    const [port, restPort] = [await freePort(), await freePort()];
    shop = launch(
      { npm: ['start'] },
      {
        DATA_DIR: folder,
        PORT: String(port),
        REST_PORT: String(restPort),
        HOST: '0.0.0.0',
        ADMIN_PASSWORD: 'admin-pass',
      },
    );
    await shop.said('Medshop is running');
    expect(await accepts(outward!, port)).toBe(true);
    expect(await accepts('127.0.0.1', restPort)).toBe(true);
    expect(await accepts(outward!, restPort)).toBe(false);
    shop.child.kill('SIGTERM');
    expect(await shop.ended).toBe(0);
  },
);
