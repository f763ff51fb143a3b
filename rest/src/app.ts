// The REST contract service as one Fastify instance: built here, started by server.ts, built by tests directly.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyJwt from '@fastify/jwt';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { authRoutes } from './auth/auth.routes.js';
import { createAuthenticate } from './auth/authenticate.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { CartRepository } from './cart/cart.repository.js';
import { cartRoutes } from './cart/cart.routes.js';
import { CartService } from './cart/cart.service.js';
import { ChatRepository } from './chat/chat.repository.js';
import { chatRoutes } from './chat/chat.routes.js';
import { ChatService } from './chat/chat.service.js';
import { ConfigError, type RestConfig } from './config.js';
import { type ShopDatabase, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { seedDemoCatalogue } from './bootstrap/seed-demo.js';
import { OrderRepository } from './orders/order.repository.js';
import { orderRoutes } from './orders/order.routes.js';
import { OrderService } from './orders/order.service.js';
import { ProductRepository } from './products/product.repository.js';
import { productRoutes } from './products/product.routes.js';
import { ProductService } from './products/product.service.js';
import { HttpError } from './shared/http-errors.js';
import { RateLimits } from './shared/rate-limits.js';
import { fieldWithNul, schemaErrorFormatter, validatorCompiler } from './shared/validation.js';
import { UserRepository } from './users/user.repository.js';
import { userRoutes } from './users/user.routes.js';
import { UserService } from './users/user.service.js';
import { requestIdOf } from '../../config/request-id.js';
import { serverLogger } from '../../config/logger.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** PostgreSQL's foreign_key_violation, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY. */
const isForeignKeyViolation = (error: { code?: string }) =>
  error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';

const publicFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');

declare module 'fastify' {
  interface FastifyInstance {
    shopDatabase: ShopDatabase;
  }
}

export interface RestAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Shows a generated admin password to the operator, once. */
  announceAdminPassword?: (username: string, password: string) => void;
}

function printOnce(username: string, password: string): void {
  process.stdout.write(
    `\n  Admin account created: username "${username}", password "${password}"\n` +
      '  It is shown only this once. Set ADMIN_PASSWORD to choose it yourself.\n\n',
  );
}

/** Clear texts for the framework's own 4xx errors; everything else keeps the message it was thrown with. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large: the limit is 1 MB',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON with Content-Type: application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_CTP_EMPTY_TYPE: 'Content-Type must not be empty',
};

export async function buildRestApp(config: RestConfig, options: RestAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? serverLogger(config.logLevel, 'rest'),
    // Behind the gateway every request comes from its address; the client's own is in x-forwarded-for.
    trustProxy: config.trustedProxies,
    bodyLimit: BODY_LIMIT_BYTES,
    // x-request-id is read by requestIdOf, which refuses what does not look like an id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    schemaErrorFormatter,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed percent-encoding) answer like every other error.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed' : 'Bad request';
      void reply.code(400).send({ message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const database = openDatabase(config.databaseUrl, {
    onConnectionError: (error) => app.log.warn({ err: error }, 'a database connection ended outside any query'),
  });
  app.decorate('shopDatabase', database);
  app.addHook('onClose', () => database.close());
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }

  const userRepository = new UserRepository(database.db);
  const productRepository = new ProductRepository(database.db);
  const cartRepository = new CartRepository(database.db);
  const users = new UserService(userRepository);
  const products = new ProductService(productRepository);
  const cart = new CartService(cartRepository, productRepository);
  const orders = new OrderService(new OrderRepository(database.db), cartRepository);
  const chat = new ChatService(new ChatRepository(database.db), userRepository);

  // --- HTTP behaviour shared by every route -------------------------------------------------------------
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // JSON only: a body sent as text/plain is refused as an unsupported type rather than read as a string.
  app.removeContentTypeParser('text/plain');

  // An empty JSON body (a DELETE sent with Content-Type: application/json) is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    // An empty query parameter (an untouched filter field) means "not given".
    const query = request.query as Record<string, unknown> | undefined;
    if (query) for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
    // PostgreSQL cannot store NUL in text (SQLite can): refused everywhere alike, before any query runs.
    const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field) throw new HttpError(400, `${field.label} must not contain NUL characters`, field.key || undefined);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Something the request refers to was deleted between reading and writing (a product added to a cart while an
    // admin deletes it): the database's foreign keys refuse the write, and the answer is what it would be a moment later.
    if (isForeignKeyViolation(error)) {
      return reply.code(404).send({ message: 'Something this request refers to no longer exists' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      // Valid JSON with a __proto__ or constructor.prototype key is refused too (prototype poisoning).
      const message = /prototype property/.test(error.message)
        ? 'Request body must not contain __proto__ or constructor.prototype keys'
        : 'Request body is not valid JSON';
      return reply.code(400).send({ message });
    }
    const field = error instanceof HttpError ? error.field : undefined;
    return reply.code(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message, ...(field ? { field } : {}) });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );

  // --- Documentation --------------------------------------------------------------------------------------
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Medshop REST contract',
        description:
          'The shop’s REST contract (spec §7) with the optional extensions of DESIGN §4. ' +
          'Every call except /api/auth/* needs `Authorization: Bearer <token>`. Errors answer `{ message }`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // --- Demo images and health ----------------------------------------------------------------------------
  await app.register(fastifyStatic, {
    root: path.join(publicFolder, 'images'),
    prefix: '/images/',
    maxAge: '1d',
    decorateReply: false,
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database cannot be reached' });
    }
  });

  // --- The contract ----------------------------------------------------------------------------------------
  // Limits only where a route asks for one (login, registration, sending messages). With REDIS_URL their counters
  // are shared by every instance; while Redis cannot be reached each instance counts on its own, and says so once.
  const limitsStore = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false }) : undefined;
  if (limitsStore) {
    let reported = false;
    limitsStore.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      app.log.warn({ err: error }, 'Redis is unreachable: the limits are counted by this instance alone until it is back');
    });
    limitsStore.on('ready', () => {
      if (reported) app.log.info('Redis is back: the limits are shared again');
      reported = false;
    });
    app.addHook('onClose', async () => void limitsStore.disconnect());
  }
  const limits = new RateLimits(limitsStore);
  await app.register(fastifyJwt, {
    secret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    sign: { algorithm: 'HS256', expiresIn: config.tokenLifetimeSeconds },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('currentUser', null);
  const authenticate = createAuthenticate(app, userRepository);
  const { extensions } = config;

  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        prefix: '/auth',
        users,
        limits,
        loginAttemptsPerMinute: config.loginAttemptsPerMinute,
        loginAttemptsPerAddressPerMinute: config.limits.loginAttemptsPerAddressPerMinute,
        registrationsPerAddressPerMinute: config.limits.registrationsPerAddressPerMinute,
      });
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticate);
        await secured.register(userRoutes, { prefix: '/users', users });
        await secured.register(productRoutes, { prefix: '/products', products, extensions });
        await secured.register(cartRoutes, { prefix: '/cart', cart });
        await secured.register(orderRoutes, { prefix: '/orders', orders, extensions });
        await secured.register(chatRoutes, { prefix: '/chat', chat, users, extensions, limits, messagesPerUserPerMinute: config.limits.messagesPerUserPerMinute });
      });
    },
    { prefix: '/api' },
  );

  // --- Data every shop starts with ---------------------------------------------------------------------------
  const admin = await users.ensureAdmin(config.adminUsername, config.adminPassword);
  if (admin.heldByRegularAccount) {
    await app.close();
    throw new ConfigError(
      `ADMIN_USERNAME "${config.adminUsername}" belongs to a regular account. Set ADMIN_PASSWORD to make it the admin ` +
        'account (its password is then replaced and its sessions end), or choose another ADMIN_USERNAME.',
    );
  }
  if (admin.generatedPassword) (options.announceAdminPassword ?? printOnce)(config.adminUsername, admin.generatedPassword);
  if (config.seedDemo) {
    const added = await seedDemoCatalogue(database.db);
    if (added > 0) app.log.info({ products: added }, 'demo catalogue loaded');
  }

  return app;
}
