// Reading configuration from the environment, shared by every process of the shop (DESIGN §2).
import { compile as compileProxyAddresses } from '@fastify/proxy-addr';

import { Value } from 'typebox/value';
import { SETTING_NAMES, type SettingName, declared, declaredDefault } from './settings.js';

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

interface NumberSchema {
  type: 'integer' | 'number';
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: number;
}

/** The one line that refuses a number outside its declared schema: what the setting takes, and what it got. */
function numberRefusal(name: string, schema: NumberSchema, value: string): string {
  if (schema.minimum === 0 && schema.maximum === 65535)
    return `${name} must be a port number between 0 and 65535, got "${value}"`;
  if (schema.type === 'integer' && schema.maximum === undefined)
    return `${name} must be a whole number of at least ${schema.minimum ?? 0}, got "${value}"`;
  if (schema.type === 'integer')
    return `${name} must be a whole number from ${schema.minimum} to ${schema.maximum}, got "${value}"`;
  return `${name} must be a number above ${schema.exclusiveMinimum ?? schema.minimum ?? 0}, got "${value}"`;
}

function numberSchema(name: SettingName): NumberSchema {
  const schema = declared(name).schema as unknown as NumberSchema;
  if (schema.type !== 'integer' && schema.type !== 'number') throw new Error(`${name} is not declared as a number`);
  return schema;
}

/**
 * A number setting, checked against its declared schema (TypeBox's Value.Check: type and bounds); unset or empty →
 * its declared default, or undefined when it has none (METRICS_PORT: unset means off).
 */
export function readNumber(env: NodeJS.ProcessEnv, name: SettingName): number | undefined {
  const schema = numberSchema(name);
  const value = env[name];
  if (value === undefined || value === '') return schema.default;
  const number = Number(value);
  if (value.trim() === '' || !Value.Check(declared(name).schema, number))
    throw new ConfigError(numberRefusal(name, schema, value));
  return number;
}

/** A number setting that has a declared default. */
export function readCount(env: NodeJS.ProcessEnv, name: SettingName): number {
  const number = readNumber(env, name);
  if (number === undefined) throw new Error(`${name} is declared without a default`);
  return number;
}

/** A true/false setting; `fallback` stands in for a default that depends on something else (GRAPHQL_SANDBOX). */
export function readFlag(env: NodeJS.ProcessEnv, name: SettingName, fallback?: boolean): boolean {
  const declaredFallback = declaredDefault(name);
  const resolved = fallback ?? (typeof declaredFallback === 'boolean' ? declaredFallback : undefined);
  if (resolved === undefined) throw new Error(`${name} is declared without a default and none was given`);
  return parseBoolean(name, env[name], resolved);
}

/** A text setting: its value, else its declared default (undefined when it has none). */
export function readText(env: NodeJS.ProcessEnv, name: SettingName): string | undefined {
  const fallback = declaredDefault(name);
  return env[name] || (typeof fallback === 'string' ? fallback : undefined);
}

/** The values a setting of a few choices takes (LOG_LEVEL, LOG_FORMAT, TRUSTED_DOCUMENTS…), as declared. */
export function declaredChoices(name: SettingName): readonly string[] {
  const values = (declared(name).schema as { enum?: string[] }).enum;
  if (!values) throw new Error(`${name} is not declared with choices`);
  return values;
}

/** The default of TRUSTED_PROXIES: this machine (a gateway or nginx beside the service). */
export const LOOPBACK_ADDRESSES = declaredDefault('TRUSTED_PROXIES') as string;

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
export const LOG_LEVELS = declaredChoices('LOG_LEVEL');

export function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return declaredDefault('LOG_LEVEL') as string;
  if (!LOG_LEVELS.includes(value))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

/** LOG_FORMAT: json or pretty; unset → pretty on a terminal, json otherwise (undefined here). */
export function parseLogFormat(value: string | undefined): 'json' | 'pretty' | undefined {
  if (value === undefined || value === '') return undefined;
  if (!declaredChoices('LOG_FORMAT').includes(value))
    throw new ConfigError(`LOG_FORMAT must be ${declaredChoices('LOG_FORMAT').join(' or ')}, got "${value}"`);
  return value as 'json' | 'pretty';
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
    receiveMs: readCount(env, 'RECEIVE_TIMEOUT_MS'),
    keepAliveMs: readCount(env, 'KEEP_ALIVE_TIMEOUT_MS'),
    connectionMs: readCount(env, 'CONNECTION_TIMEOUT_MS'),
  };
}

/** Every variable the shop reads (config/settings.ts declares them): a variable close to one of these is a typo. */
export const SETTINGS: readonly string[] = SETTING_NAMES;

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
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || NOT_OURS.has(name) || SETTINGS.includes(name)) continue;
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
      return `${name} is not a setting of the shop: did you mean ${meant}? Rename it (or unset it); docs/configuration.md lists every setting.`;
  }
  return undefined;
}
