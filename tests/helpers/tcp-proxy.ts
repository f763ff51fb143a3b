// A TCP hop in front of a real server (Redis) that a test can take down and bring back on the same port: "down"
// drops every connection and refuses new ones, as a crashed or unreachable server would.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and stops accepting new ones. */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  /** Ends every open connection cleanly but goes on accepting new ones: a server restart, or Redis' CLIENT KILL. */
  drop(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const down = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.destroy();
    open.clear();
    await closed;
  };
  return {
    port,
    down,
    up: async () => {
      if (!server.listening) await listen(port);
    },
    drop: () => {
      for (const socket of open) socket.end();
    },
    close: down,
  };
}
