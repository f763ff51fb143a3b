// Reading configuration from the environment, shared by every process of the shop (DESIGN §2).
import { compile as compileProxyAddresses } from '@fastify/proxy-addr';

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
  if (!Number.isInteger(number) || number < 1)
    throw new ConfigError(`${name} must be a whole number of at least 1, got "${value}"`);
  return number;
}

/** The default of TRUSTED_PROXIES: this machine (a gateway or nginx beside the service). */
export const LOOPBACK_ADDRESSES = '127.0.0.1,::1,::ffff:127.0.0.1';

/**
 * TRUSTED_PROXIES for both servers: addresses or CIDR ranges whose x-forwarded-for is believed (Fastify's
 * trustProxy and proxy-addr read the list alike). Anyone else is counted at the address they connect from.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? LOOPBACK_ADDRESSES)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // What proxy-addr (Fastify's trustProxy) would refuse with a stack trace at the first request: one line at start.
  for (const entry of entries) {
    try {
      compileProxyAddresses([entry]);
    } catch {
      throw new ConfigError(
        `TRUSTED_PROXIES: "${entry}" is not an address or a range of them (10.0.0.5, 10.0.0.0/8, ::1, or loopback, linklocal, uniquelocal); separate them with commas`,
      );
    }
  }
  return entries;
}

/** pino's levels: LOG_LEVEL must name one (pino itself would throw a stack trace at a typo). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

/** LOG_FORMAT: json or pretty; unset → pretty on a terminal, json otherwise (undefined here). */
export function parseLogFormat(value: string | undefined): 'json' | 'pretty' | undefined {
  if (value === undefined || value === '') return undefined;
  if (value !== 'json' && value !== 'pretty')
    throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${value}"`);
  return value;
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
    connectionMs: parsePositiveInteger('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, 30_000),
  };
}

/** Every variable the shop reads, the README's configuration table: a variable close to one of these is a typo. */
export const SETTINGS = [
  'PORT',
  'REST_PORT',
  'HOST',
  'REST_HOST',
  'REST_URL',
  'WEB_DIST',
  'REST_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'UPSTREAM_CALLS_PER_OPERATION',
  'COST_ALLOWANCE',
  'COST_REFILL_PER_SECOND',
  'SOCKET_OPERATIONS_PER_SECOND',
  'SUBSCRIPTIONS_PER_SOCKET',
  'PERSISTED_QUERIES_TTL_SECONDS',
  'PERSISTED_QUERIES_MAX',
  'CATALOGUE_CACHE',
  'CATALOGUE_CACHE_TTL_SECONDS',
  'CATALOGUE_CACHE_MAX_MB',
  'MIGRATE_ON_START',
  'METRICS_PORT',
  'METRICS_HOST',
  'RECEIVE_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'CONNECTION_TIMEOUT_MS',
  'SHUTDOWN_GRACE_MS',
  'DATABASE_URL',
  'DATA_DIR',
  'PG_POOL_SIZE',
  'PG_CONNECT_TIMEOUT_MS',
  'PG_STATEMENT_TIMEOUT_MS',
  'REDIS_URL',
  'REDIS_CHANNEL_PREFIX',
  'SESSION_RECHECK_SECONDS',
  'JWT_SECRET',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'LOGIN_ATTEMPTS_PER_MINUTE',
  'LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE',
  'REGISTRATIONS_PER_ADDRESS_PER_MINUTE',
  'PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE',
  'PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR',
  'EMAILS_PER_RECIPIENT_PER_HOUR',
  'MESSAGES_PER_USER_PER_MINUTE',
  'TRUSTED_PROXIES',
  'SOCKETS_PER_USER',
  'REST_EXTENSIONS',
  'SEED_DEMO',
  'GRAPHQL_INTROSPECTION',
  'GRAPHQL_SANDBOX',
  'GRAPHQL_EXPLORER',
  'CORS_ORIGINS',
  'HSTS',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'NODE_ENV',
  'SKIP_WEB_BUILD',
  'CLUSTER_PORT',
  'CLUSTER_HOST',
  'CLUSTER_DIR',
  'NGINX',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  'OTEL_SERVICE_NAME',
  'SHOP_CURRENCY',
  'TRUSTED_DOCUMENTS',
  'PERSISTED_DOCUMENTS',
  'SMTP_URL',
  'MAIL_FROM',
  'SHOP_URL',
  'MAIL_POLL_MS',
  'MAIL_MAX_ATTEMPTS',
  'MAIL_RETRY_BASE_MS',
  'MAIL_SEND_TIMEOUT_MS',
] as const;

/** Variables of the system and of the tools around it, which may happen to look like a setting. */
const NOT_OURS = new Set([
  'HOME',
  'PATH',
  'PWD',
  'OLDPWD',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'HOSTNAME',
  'TMPDIR',
  'NODE',
  'NODE_OPTIONS',
  'NODE_PATH',
]);

/** Edits (insert, delete, replace, swap two neighbours) that turn one name into the other. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * A variable that is almost the name of a setting (REDIS_UR, DATABSE_URL) is a setting that would otherwise be
 * silently ignored: the refusal names it and the setting meant. Undefined when there is none.
 */
export function misspelledSetting(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of Object.keys(env)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || NOT_OURS.has(name) || (SETTINGS as readonly string[]).includes(name))
      continue;
    const meant = SETTINGS.find(
      (setting) =>
        editDistance(name, setting) <= (setting.length >= 8 ? 2 : 1) ||
        // One for many: TRUSTED_PROXY for TRUSTED_PROXIES, SOCKET_PER_USER for SOCKETS_PER_USER.
        editDistance(name.replace(/Y$/, 'IES'), setting) === 0 ||
        editDistance(
          name.replace(/Y$/, 'IES').replaceAll('_', ''),
          setting.replaceAll('S_', '_').replaceAll('_', ''),
        ) === 0,
    );
    if (meant)
      return `${name} is not a setting of the shop: did you mean ${meant}? Rename it (or unset it); the README lists every setting.`;
  }
  return undefined;
}
