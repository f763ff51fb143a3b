// Clients that hold connections without using them, on both servers: a body trickled a byte at a time, a connection
// that never sends anything, a kept-alive connection left idle. Each is answered 408 or closed after its timeout
// (here made short), so a few hundred of them cannot take every file descriptor; a quiet WebSocket stays.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Shop, startShop } from '../../tests/helpers/shop.js';
import { within } from '../../tests/helpers/socket-feed.js';

const TIMEOUTS = { RECEIVE_TIMEOUT_MS: '800', KEEP_ALIVE_TIMEOUT_MS: '400' };

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ rest: { env: TIMEOUTS }, gateway: { env: TIMEOUTS } });
});
afterAll(() => shop.close());

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

function connect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      resolve({ socket, closed: new Promise((done) => socket.on('close', () => done(received))) });
    });
    socket.on('error', reject);
  });
}

/** Where each server is, and a path it takes a JSON body on. */
const SERVERS: Record<string, () => { origin: string; path: string }> = {
  'the gateway': () => ({ origin: shop.gateway.url.replace('/graphql', ''), path: '/graphql' }),
  'the REST service': () => ({ origin: shop.rest.url, path: '/api/auth/login' }),
};

describe.each(Object.keys(SERVERS))('a slow client of %s', (name) => {
  const server = () => SERVERS[name]!();

  it('sending its body a byte at a time is answered 408 and its connection closed', async () => {
    const { origin, path } = server();
    const { socket, closed } = await connect(origin);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    );
    // A byte every 100 ms: it would take 20 s to finish, far past the 0.8 s it has.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    try {
      expect(await within(closed, 'the trickled request to be cut')).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('sending nothing at all is answered 408 and closed', async () => {
    const { closed } = await connect(server().origin);
    expect(await within(closed, 'the silent connection to be cut')).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('left idle after an answer is closed', async () => {
    const { socket, closed } = await connect(server().origin);
    socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n\r\n');
    const received = await within(closed, 'the idle kept-alive connection to be closed');
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });
});

it('keeps a quiet WebSocket open while a trickled request beside it is cut', async () => {
  const token = await shop.user('quiet-socket');
  const socket = new WebSocket(shop.gateway.wsUrl, 'graphql-transport-ws');
  const acknowledged = new Promise<void>((resolve) =>
    socket.on('message', (data) => String(data).includes('connection_ack') && resolve()),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await within(acknowledged, 'the socket to be acknowledged');
  const { socket: trickler, closed } = await connect(shop.gateway.url.replace('/graphql', ''));
  trickler.write(
    'POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
  );
  expect(await within(closed, 'the trickled request to be cut')).toMatch(/^HTTP\/1\.1 408/);
  // The socket sent nothing since it was acknowledged, longer than the receive timeout: it is still open.
  expect(socket.readyState).toBe(WebSocket.OPEN);
  socket.close();
});
