// The real REST service for tests: built on a throw-away database, called through app.inject (or over
// 127.0.0.1 when a test needs a listening server, e.g. for the gateway).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildRestApp } from '../../rest/src/app.js';
import { type RestConfig, loadRestConfig } from '../../rest/src/config.js';
import { type TestDatabaseKind, createTestDatabase, suiteDatabaseKind } from './test-database.js';
import type { ProductContractForm } from '../../shop-rules/product-fields.js';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-secret';
export const DEFAULT_PASSWORD = 'secret1';

export interface RestServiceOptions {
  database?: TestDatabaseKind;
  extensions?: boolean;
  seedDemo?: boolean;
  listen?: boolean;
  /** The port to listen on (0, the default: any free one); a restarted service takes its predecessor's. */
  port?: number;
  /** Reuse an earlier service's database and DATA_DIR (to test restarts). */
  reuse?: { databaseUrl: string; dataDir: string };
  env?: NodeJS.ProcessEnv;
  /** Record every /api call received in `calls` (method and path), to count what a client caused upstream. */
  recordCalls?: boolean;
  announceAdminPassword?: (username: string, password: string) => void;
  /** How often the service looks for a newer release's migrations (5 s by default). */
  migrationWatchMs?: number;
  /** The service's log lines, for tests of what it says (none by default). */
  onLogLine?: (line: { level: number; msg: string }) => void;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  text: string;
}

export interface RequestOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export interface RestService {
  app: FastifyInstance;
  config: RestConfig;
  /** http://127.0.0.1:port when listening. */
  url: string;
  /** "GET /api/products?page=0&size=20" for each call received, when recordCalls is set. */
  calls: string[];
  /** The x-request-id each recorded call carried, in the same order as `calls`. */
  callRequestIds: (string | undefined)[];
  /**
   * Until unset, each recorded call waits for `gate` (given the call as `calls` names it) before it is handled: a test
   * holds one call to see which others arrive meanwhile.
   */
  gateCalls(gate: ((call: string) => Promise<void>) | undefined): void;
  databaseUrl: string;
  dataDir: string;
  request<T = any>(method: InjectOptions['method'], path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  /** Registers an account and answers its token. */
  register(username: string, password?: string): Promise<string>;
  login(username: string, password?: string): Promise<string>;
  adminToken(): Promise<string>;
  createProduct(token: string, product?: Partial<ProductFields>): Promise<{ id: number; [key: string]: any }>;
  /**
   * Stops the service; with keepData the database and DATA_DIR stay for a restart (`reuse`), then dropData() removes
   * them.
   */
  close(options?: { keepData?: boolean }): Promise<void>;
  dropData(): Promise<void>;
}

/** A product form as the contract takes it (shop-rules' PRODUCT_FIELDS), every field present, for tests to vary. */
export type ProductFields = Required<ProductContractForm>;

let productCounter = 0;

/**
 * The migrated PostgreSQL database a new service's database is copied from, where the suite's global setup made one
 * (tests/helpers/postgres-template.ts: the REST suite on PostgreSQL); not outside Vitest (the bench).
 */
const migratedTemplate = (): string | undefined =>
  (process.env.VITEST ? inject('migratedPostgresTemplate') : undefined) || undefined;

export async function startRestService(options: RestServiceOptions = {}): Promise<RestService> {
  // A fresh service migrates its database as it starts: on PostgreSQL it may as well start from a migrated copy (but
  // one told not to migrate gets an empty database, as before).
  const kind = options.database ?? suiteDatabaseKind();
  const template = kind === 'postgres' && options.env?.MIGRATE_ON_START !== 'false' ? migratedTemplate() : undefined;
  const database = options.reuse ? undefined : await createTestDatabase(kind, { template });
  const databaseUrl = options.reuse?.databaseUrl ?? database!.url;
  const dataDir = options.reuse?.dataDir ?? database!.dataDir;
  const config = loadRestConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    REST_EXTENSIONS: String(options.extensions ?? true),
    SEED_DEMO: String(options.seedDemo ?? false),
    HOST: '127.0.0.1',
    REST_PORT: '0',
    // Test files log the same users in many times a minute; the limit itself is tested with its default.
    LOGIN_ATTEMPTS_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '100000',
    REGISTRATIONS_PER_ADDRESS_PER_MINUTE: '100000',
    MESSAGES_PER_USER_PER_MINUTE: '100000',
    PASSWORD_RESETS_PER_ADDRESS_PER_MINUTE: '100000',
    PASSWORD_RESET_EMAILS_PER_ACCOUNT_PER_HOUR: '100000',
    ...options.env,
  });
  const app = await buildRestApp(config, {
    logger: options.onLogLine
      ? { level: 'info', stream: { write: (line: string) => options.onLogLine!(JSON.parse(line)) } }
      : false,
    ...(options.announceAdminPassword ? { announceAdminPassword: options.announceAdminPassword } : {}),
    ...(options.migrationWatchMs ? { migrationWatchMs: options.migrationWatchMs } : {}),
  });
  const calls: string[] = [];
  const callRequestIds: (string | undefined)[] = [];
  let callGate: ((call: string) => Promise<void>) | undefined;
  if (options.recordCalls) {
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const call = `${request.method} ${request.url}`;
      calls.push(call);
      callRequestIds.push(request.headers['x-request-id'] as string | undefined);
      await callGate?.(call);
    });
  }
  let url = '';
  if (options.listen) {
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`;
  }

  const request: RestService['request'] = async (method, path, { token, body, query, headers } = {}) => {
    const response = await app.inject({
      method,
      url: path,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
    });
    const text = response.body;
    let parsed: unknown = text;
    if (String(response.headers['content-type'] ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.statusCode, body: parsed as any, headers: response.headers, text };
  };

  const service: RestService = {
    app,
    config,
    url,
    calls,
    callRequestIds,
    gateCalls: (gate) => {
      callGate = gate;
    },
    databaseUrl,
    dataDir,
    request,
    async register(username, password = DEFAULT_PASSWORD) {
      const answer = await request('POST', '/api/auth/register', { body: { username, password } });
      if (answer.status !== 201) throw new Error(`register ${username}: ${answer.status} ${answer.text}`);
      return answer.text;
    },
    async login(username, password = DEFAULT_PASSWORD) {
      const answer = await request('POST', '/api/auth/login', { body: { username, password } });
      if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${answer.text}`);
      return answer.text;
    },
    adminToken: () => service.login(ADMIN_USERNAME, ADMIN_PASSWORD),
    async createProduct(token, product = {}) {
      productCounter += 1;
      const answer = await request('POST', '/api/products', {
        token,
        body: {
          name: `Test product ${productCounter}`,
          description: 'A product made by a test',
          price: 10,
          quantity: 10,
          ...product,
        },
      });
      if (answer.status !== 201) throw new Error(`create product: ${answer.status} ${answer.text}`);
      return answer.body as { id: number };
    },
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) await service.dropData();
    },
    async dropData() {
      if (database) await database.drop();
    },
  };
  return service;
}
