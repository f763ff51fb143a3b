// The REST service's configuration, read and validated once (DESIGN §2 gives the variables and defaults).
import path from 'node:path';
import {
  ConfigError,
  type HttpTimeouts,
  loadHttpTimeouts,
  parseBoolean,
  parsePort,
  parseLogLevel,
  parsePositiveInteger,
  parseTrustedProxies,
} from '../../config/env.js';
import { parseCurrency } from '../../config/currency.js';
import { DEFAULT_POOL, type PoolSettings } from './db/database.js';
import { MAX_USERNAME_LENGTH, MIN_USERNAME_LENGTH, USERNAME_PATTERN } from '../../shop-rules/account-rules.js';

export { ConfigError };

export interface RestConfig {
  host: string;
  port: number;
  /** `file:PATH` → SQLite, `postgres://…` → PostgreSQL. */
  databaseUrl: string;
  /** PostgreSQL's pool (PG_POOL_SIZE, PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS). */
  pool: PoolSettings;
  /** Where the generated JWT secret and the default SQLite file live. */
  dataDir: string;
  /** Explicit signing key; when undefined one is generated once and kept in dataDir. */
  jwtSecret: string | undefined;
  tokenLifetimeSeconds: number;
  /** Logins allowed per username and client address per minute: guessing a password takes more than that. */
  loginAttemptsPerMinute: number;
  /** Limits per client address (the gateway passes it on as x-forwarded-for) and per user; see the README. */
  limits: {
    loginAttemptsPerAddressPerMinute: number;
    registrationsPerAddressPerMinute: number;
    messagesPerUserPerMinute: number;
    /** Password reset requests and resets from one client address: beyond, 429. */
    passwordResetsPerAddressPerMinute: number;
    /**
     * Reset e-mails one account gets an hour; beyond, requests are answered alike and send nothing (no enumeration).
     */
    passwordResetEmailsPerAccountPerHour: number;
    /**
     * E-mails of one kind (password reset, address verification) to one address an hour, whatever accounts point at it;
     * beyond, none is written (a resend is refused with 429).
     */
    emailsPerRecipientPerHour: number;
  };
  /** Addresses whose x-forwarded-for is believed: the gateways in front of this service. */
  trustedProxies: string[];
  /** Set → the limits' counters live in Redis, shared by every instance. */
  redisUrl: string | undefined;
  /** Prefix of this shop's keys in Redis (REDIS_CHANNEL_PREFIX): shops sharing one Redis count apart. */
  redisPrefix: string;
  /** How long the service waits on a client (RECEIVE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, CONNECTION_TIMEOUT_MS). */
  httpTimeouts: HttpTimeouts;
  adminUsername: string;
  /** When undefined a random password is generated for a new admin account and printed once. */
  adminPassword: string | undefined;
  /** false → only the plain contract of spec §7, none of the DESIGN §4 extensions. */
  extensions: boolean;
  seedDemo: boolean;
  /**
   * false → the service does not migrate at start, and refuses a database that is behind (`npm run migrate` does it).
   */
  migrateOnStart: boolean;
  logLevel: string;
  production: boolean;
  mail: MailSettings;
}

/** Where e-mails go and how hard the sender tries (README, "Mail"). */
export interface MailSettings {
  /** SMTP_URL (smtp:// or smtps://, with user and password in it); undefined → `.eml` files in `directory`. */
  smtpUrl: string | undefined;
  /** Where the e-mails are written without SMTP_URL: DATA_DIR/mail. */
  directory: string;
  /** MAIL_FROM: the sender every e-mail names. */
  from: string;
  /** SHOP_URL: where people open the shop, for the e-mails' links. */
  shopUrl: string;
  /** SHOP_CURRENCY, as the gateway shows it. */
  currency: string;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  sendTimeoutMs: number;
}

/** SMTP_URL: smtp:// or smtps://, with a host; refused in one line otherwise (a typo would lose every e-mail). */
function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      'SMTP_URL must be a URL such as smtp://user:password@mail.example:587 (is a character in the password not percent-encoded?)',
    );
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError(
      `SMTP_URL must start with smtp:// or smtps:// and name a host, got "${url.protocol}//${url.host}"`,
    );
  }
  return value;
}

/** MAIL_FROM: an address, alone or with a name (`Medshop <shop@example.com>`). */
function parseMailFrom(value: string | undefined): string {
  const from = value?.trim() || 'Medshop <shop@localhost>';
  if (!/^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(from)) {
    throw new ConfigError(
      `MAIL_FROM must be an address such as shop@example.com or Medshop <shop@example.com>, got "${from}"`,
    );
  }
  return from;
}

/** SHOP_URL: the shop's public address, http(s), without a path's trailing slash. */
function parseShopUrl(value: string | undefined, port: string | undefined): string {
  const text = value?.trim() || `http://localhost:${port || '4000'}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`SHOP_URL must be the shop's address, such as https://shop.example.com, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`SHOP_URL must start with http:// or https://, got "${text}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface RestConfigDefaults {
  seedDemo?: boolean;
}

export function loadRestConfig(env: NodeJS.ProcessEnv = process.env, defaults: RestConfigDefaults = {}): RestConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || `file:${path.join(dataDir, 'shop.db')}`;
  if (!databaseUrl.startsWith('file:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)');
  }
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  const adminUsername = env.ADMIN_USERNAME || 'admin';
  if (
    adminUsername.length < MIN_USERNAME_LENGTH ||
    adminUsername.length > MAX_USERNAME_LENGTH ||
    !new RegExp(USERNAME_PATTERN).test(adminUsername)
  ) {
    throw new ConfigError('ADMIN_USERNAME must be 3–50 letters, digits, dots, hyphens or underscores, with a letter');
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 3) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 3 characters long');
  }
  return {
    // Loopback unless asked: the gateway in front is what the world talks to.
    host: env.REST_HOST || '127.0.0.1',
    port: parsePort('REST_PORT', env.REST_PORT, 8080),
    databaseUrl,
    pool: {
      size: parsePositiveInteger('PG_POOL_SIZE', env.PG_POOL_SIZE, DEFAULT_POOL.size),
      connectTimeoutMs: parsePositiveInteger(
        'PG_CONNECT_TIMEOUT_MS',
        env.PG_CONNECT_TIMEOUT_MS,
        DEFAULT_POOL.connectTimeoutMs,
      ),
      statementTimeoutMs: parsePositiveInteger(
        'PG_STATEMENT_TIMEOUT_MS',
        env.PG_STATEMENT_TIMEOUT_MS,
        DEFAULT_POOL.statementTimeoutMs,
      ),
    },
    dataDir,
    jwtSecret,
    tokenLifetimeSeconds: 24 * 60 * 60,
    loginAttemptsPerMinute: parsePositiveInteger('LOGIN_ATTEMPTS_PER_MINUTE', env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    limits: {
      loginAttemptsPerAddressPerMinute: parsePositiveInteger(
        'LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE',
        env.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
        30,
      ),
      registrationsPerAddressPerMinute: parsePositiveInteger(
        'REGISTRATIONS_PER_ADDRESS_PER_MINUTE',
        env.REGISTRATIONS_PER_ADDRESS_PER_MINUTE,
        5,
      ),
      messagesPerUserPerMinute: parsePositiveInteger(
        'MESSAGES_PER_USER_PER_MINUTE',
        env.MESSAGES_PER_USER_PER_MINUTE,
        60,
      ),
      passwordResetsPerAddressPerMinute: parsePositiveInteger(
        'PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE',
        env.PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE,
        5,
      ),
      passwordResetEmailsPerAccountPerHour: parsePositiveInteger(
        'PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR',
        env.PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR,
        3,
      ),
      emailsPerRecipientPerHour: parsePositiveInteger(
        'EMAILS_PER_RECIPIENT_PER_HOUR',
        env.EMAILS_PER_RECIPIENT_PER_HOUR,
        5,
      ),
    },
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_CHANNEL_PREFIX || 'medshop:',
    httpTimeouts: loadHttpTimeouts(env),
    adminUsername,
    adminPassword,
    extensions: parseBoolean('REST_EXTENSIONS', env.REST_EXTENSIONS, true),
    seedDemo: parseBoolean('SEED_DEMO', env.SEED_DEMO, defaults.seedDemo ?? false),
    migrateOnStart: parseBoolean('MIGRATE_ON_START', env.MIGRATE_ON_START, true),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    production: env.NODE_ENV === 'production',
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      directory: path.join(dataDir, 'mail'),
      from: parseMailFrom(env.MAIL_FROM),
      shopUrl: parseShopUrl(env.SHOP_URL, env.PORT),
      currency: parseCurrency(env.SHOP_CURRENCY),
      pollMs: parsePositiveInteger('MAIL_POLL_MS', env.MAIL_POLL_MS, 2000),
      maxAttempts: parsePositiveInteger('MAIL_MAX_ATTEMPTS', env.MAIL_MAX_ATTEMPTS, 8),
      retryBaseMs: parsePositiveInteger('MAIL_RETRY_BASE_MS', env.MAIL_RETRY_BASE_MS, 30_000),
      sendTimeoutMs: parsePositiveInteger('MAIL_SEND_TIMEOUT_MS', env.MAIL_SEND_TIMEOUT_MS, 60_000),
    },
  };
}
