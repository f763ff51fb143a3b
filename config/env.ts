// Reading configuration from the environment, shared by every process of the shop (DESIGN §2).

export class ConfigError extends Error {}

export function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

export function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${value}"`);
  }
  return port;
}

export function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ConfigError(`${name} must be a whole number of at least 1, got "${value}"`);
  return number;
}

/** The default of TRUSTED_PROXIES: this machine (a gateway or nginx beside the service). */
export const LOOPBACK_ADDRESSES = '127.0.0.1,::1,::ffff:127.0.0.1';

/**
 * TRUSTED_PROXIES for both servers: addresses or CIDR ranges whose x-forwarded-for is believed (Fastify's
 * trustProxy and proxy-addr read the list alike). Anyone else is counted at the address they connect from.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? LOOPBACK_ADDRESSES)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** How long either server waits on a client (milliseconds): see `serverOptions` in server.ts. */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this: else 408 and the connection is closed. */
  receiveMs: number;
  /** A kept-alive connection with no request in it is closed after this. */
  keepAliveMs: number;
  /** A connection on which nothing moves for this long is closed (sockets upgraded to WebSocket excepted). */
  connectionMs: number;
}

export function loadHttpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  return {
    receiveMs: parsePositiveInteger('RECEIVE_TIMEOUT_MS', env.RECEIVE_TIMEOUT_MS, 10_000),
    keepAliveMs: parsePositiveInteger('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    connectionMs: parsePositiveInteger('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, 60_000),
  };
}
