// The REST service's configuration, read and validated once (DESIGN §2 gives the variables and defaults).
import path from 'node:path';
import type { StripeSettings } from './payment/stripe-cards.js';
import {
  ConfigError,
  type HttpTimeouts,
  loadHttpTimeouts,
  parseLogLevel,
  parseTrustedProxies,
  readCount,
  readFlag,
  readText,
} from '../../config/env.js';
import { declared } from '../../config/settings.js';
import { parseCurrency } from '../../config/currency.js';
import type { PoolSettings } from './db/database.js';
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
    /** How old an account must be before its messages' web addresses are links (CHAT_LINKS_AFTER_HOURS). */
    chatLinksAfterHours: number;
    /** Staff sign in with a second factor; until they turn one on, their permissions count as none. */
    staffTwoFactorRequired: boolean;
    /** How long a chat message waits unread before a digest is e-mailed (CHAT_DIGEST_AFTER_MINUTES; 0: never). */
    chatDigestAfterMinutes: number;
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
  /** How often the orders whose payment did not come in time are cancelled (PAYMENT_SWEEP_MS). */
  paymentSweepMs: number;
  /** Card payments through Stripe (STRIPE_*); undefined → the shop takes no cards. */
  stripe: StripeSettings | undefined;
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
  const from = value?.trim() || (readText({}, 'MAIL_FROM') as string);
  if (!/^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(from)) {
    throw new ConfigError(
      `MAIL_FROM must be an address such as shop@example.com or Medshop <shop@example.com>, got "${from}"`,
    );
  }
  return from;
}

/** SHOP_URL: the shop's public address, http(s), without a path's trailing slash. */
function parseShopUrl(env: NodeJS.ProcessEnv): string {
  // Unset: the gateway's address on this machine, as `npm start` serves it (PORT checked as PORT, not as a link).
  const text = env.SHOP_URL?.trim() || `http://localhost:${readCount(env, 'PORT')}`;
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

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither (no cards); refused in one line otherwise: a shop
 * that opened sessions but could not verify their webhooks would take money and never mark an order paid.
 */
function parseStripe(env: NodeJS.ProcessEnv): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  if (secretKey === undefined && webhookSecret === undefined) return undefined;
  if (secretKey === undefined || webhookSecret === undefined)
    throw new ConfigError(
      `STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take cards, or neither (${secretKey === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'} is missing)`,
    );
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)');
  if (!/^whsec_\S+$/.test(webhookSecret))
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be a webhook endpoint's signing secret (whsec_…)");
  if (apiUrl !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(apiUrl))
    throw new ConfigError(
      `STRIPE_API_URL must be an http(s) address without a path, such as http://127.0.0.1:12111, got "${apiUrl}"`,
    );
  return { secretKey, webhookSecret, apiUrl };
}

/** A text setting's declared least length (JWT_SECRET, ADMIN_PASSWORD). */
const minLength = (name: 'JWT_SECRET' | 'ADMIN_PASSWORD'): number =>
  (declared(name).schema as { minLength?: number }).minLength ?? 0;

export interface RestConfigDefaults {
  seedDemo?: boolean;
}

export function loadRestConfig(env: NodeJS.ProcessEnv = process.env, defaults: RestConfigDefaults = {}): RestConfig {
  const dataDir = path.resolve(readText(env, 'DATA_DIR') as string);
  const databaseUrl = env.DATABASE_URL || `file:${path.join(dataDir, 'shop.db')}`;
  if (!databaseUrl.startsWith('file:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)');
  }
  const jwtSecret = readText(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < minLength('JWT_SECRET')) {
    throw new ConfigError(`JWT_SECRET must be at least ${minLength('JWT_SECRET')} characters long`);
  }
  const adminUsername = readText(env, 'ADMIN_USERNAME') as string;
  if (
    adminUsername.length < MIN_USERNAME_LENGTH ||
    adminUsername.length > MAX_USERNAME_LENGTH ||
    !new RegExp(USERNAME_PATTERN).test(adminUsername)
  ) {
    throw new ConfigError('ADMIN_USERNAME must be 3–50 letters, digits, dots, hyphens or underscores, with a letter');
  }
  const adminPassword = readText(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < minLength('ADMIN_PASSWORD')) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${minLength('ADMIN_PASSWORD')} characters long`);
  }
  return {
    // Loopback unless asked: the gateway in front is what the world talks to.
    host: readText(env, 'REST_HOST') as string,
    port: readCount(env, 'REST_PORT'),
    databaseUrl,
    pool: {
      size: readCount(env, 'PG_POOL_SIZE'),
      connectTimeoutMs: readCount(env, 'PG_CONNECT_TIMEOUT_MS'),
      statementTimeoutMs: readCount(env, 'PG_STATEMENT_TIMEOUT_MS'),
    },
    dataDir,
    jwtSecret,
    tokenLifetimeSeconds: 24 * 60 * 60,
    loginAttemptsPerMinute: readCount(env, 'LOGIN_ATTEMPTS_PER_MINUTE'),
    limits: {
      loginAttemptsPerAddressPerMinute: readCount(env, 'LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE'),
      registrationsPerAddressPerMinute: readCount(env, 'REGISTRATIONS_PER_ADDRESS_PER_MINUTE'),
      messagesPerUserPerMinute: readCount(env, 'MESSAGES_PER_USER_PER_MINUTE'),
      chatLinksAfterHours: readCount(env, 'CHAT_LINKS_AFTER_HOURS'),
      staffTwoFactorRequired: readFlag(env, 'STAFF_TWO_FACTOR_REQUIRED'),
      chatDigestAfterMinutes: readCount(env, 'CHAT_DIGEST_AFTER_MINUTES'),
      passwordResetsPerAddressPerMinute: readCount(env, 'PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE'),
      passwordResetEmailsPerAccountPerHour: readCount(env, 'PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR'),
      emailsPerRecipientPerHour: readCount(env, 'EMAILS_PER_RECIPIENT_PER_HOUR'),
    },
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: readText(env, 'REDIS_CHANNEL_PREFIX') as string,
    httpTimeouts: loadHttpTimeouts(env),
    adminUsername,
    adminPassword,
    extensions: readFlag(env, 'REST_EXTENSIONS'),
    seedDemo: readFlag(env, 'SEED_DEMO', defaults.seedDemo),
    migrateOnStart: readFlag(env, 'MIGRATE_ON_START'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    production: env.NODE_ENV === 'production',
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      directory: path.join(dataDir, 'mail'),
      from: parseMailFrom(env.MAIL_FROM),
      shopUrl: parseShopUrl(env),
      currency: parseCurrency(env.SHOP_CURRENCY),
      pollMs: readCount(env, 'MAIL_POLL_MS'),
      maxAttempts: readCount(env, 'MAIL_MAX_ATTEMPTS'),
      retryBaseMs: readCount(env, 'MAIL_RETRY_BASE_MS'),
      sendTimeoutMs: readCount(env, 'MAIL_SEND_TIMEOUT_MS'),
    },
    paymentSweepMs: readCount(env, 'PAYMENT_SWEEP_MS'),
    stripe: parseStripe(env),
  };
}
