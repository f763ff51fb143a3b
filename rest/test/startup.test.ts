// What a newcomer meets at start: the admin account, a signing key that survives restarts, the demo catalogue
// with its own images, health, the OpenAPI document, and clear configuration errors.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeLabel } from '../../config/metrics.js';
import { ConfigError, loadRestConfig } from '../../rest/src/config.js';
import { demoProducts } from '../../rest/src/bootstrap/demo-products.js';
import { ADMIN_USERNAME, startRestService } from '../../tests/helpers/rest-service.js';
import { poll } from '../../tests/helpers/poll.js';
import { COMPILED_REST_SERVER, prepareBuild } from '../../tests/helpers/prepared-build.js';
import { type ServerProcess, freePort, startServer } from '../../tests/helpers/server-process.js';
import { createTestDatabase } from '../../tests/helpers/test-database.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the admin account', () => {
  it('is created with a random password shown once, and not again on restart', async () => {
    const shown: [string, string][] = [];
    const announce = (username: string, password: string) => shown.push([username, password]);
    const first = await startRestService({ env: { ADMIN_PASSWORD: '' }, announceAdminPassword: announce });
    await first.close({ keepData: true });
    const second = await startRestService({
      reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir },
      env: { ADMIN_PASSWORD: '' },
      announceAdminPassword: announce,
    });
    try {
      expect(shown).toHaveLength(1);
      const [username, password] = shown[0]!;
      expect(username).toBe(ADMIN_USERNAME);
      expect(password.length).toBeGreaterThanOrEqual(12);
      const token = await second.login(username, password);
      const profile = await second.request('GET', '/api/users/profile', { token });
      expect(profile.body.roles).toEqual(['USER', 'ADMIN']);
    } finally {
      await second.close();
      await first.dropData();
    }
  });

  it('takes ADMIN_PASSWORD, and a changed ADMIN_PASSWORD resets it at the next start', async () => {
    const first = await startRestService({ env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'first-pass' } });
    const oldToken = await first.login('boss', 'first-pass');
    await first.close({ keepData: true });
    const second = await startRestService({
      reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir },
      env: { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'second-pass' },
    });
    try {
      const refused = await second.request('POST', '/api/auth/login', {
        body: { username: 'boss', password: 'first-pass' },
      });
      expect(refused.status).toBe(401);
      const token = await second.login('boss', 'second-pass');
      expect((await second.request('GET', '/api/users/profile', { token })).status).toBe(200);
      expect((await second.request('GET', '/api/users/profile', { token: oldToken })).status).toBe(401);
    } finally {
      await second.close();
      await first.dropData();
    }
  });

  it('never promotes a regular account that took the admin username: without ADMIN_PASSWORD the service refuses to start', async () => {
    // The admin deleted their account, and someone registered the freed username.
    const first = await startRestService({ env: { ADMIN_PASSWORD: 'original-pass' } });
    const adminToken = await first.login(ADMIN_USERNAME, 'original-pass');
    expect((await first.request('DELETE', '/api/users/account', { token: adminToken })).status).toBe(204);
    const squatterToken = await first.register(ADMIN_USERNAME, 'squatter-pass');
    await first.close({ keepData: true });
    const reuse = { databaseUrl: first.databaseUrl, dataDir: first.dataDir };
    try {
      await expect(startRestService({ reuse, env: { ADMIN_PASSWORD: '' } })).rejects.toThrow(
        new ConfigError(
          `ADMIN_USERNAME "${ADMIN_USERNAME}" belongs to a regular account. Set ADMIN_PASSWORD to make it the admin ` +
            'account (its password is then replaced and its sessions end), or choose another ADMIN_USERNAME.',
        ),
      );

      // With a password, the operator takes the account over: the squatter's password and sessions are gone.
      const taken = await startRestService({ reuse, env: { ADMIN_PASSWORD: 'operator-pass' } });
      try {
        expect((await taken.request('GET', '/api/users/profile', { token: squatterToken })).status).toBe(401);
        const refused = await taken.request('POST', '/api/auth/login', {
          body: { username: ADMIN_USERNAME, password: 'squatter-pass' },
        });
        expect(refused.status).toBe(401);
        const profile = await taken.request('GET', '/api/users/profile', {
          token: await taken.login(ADMIN_USERNAME, 'operator-pass'),
        });
        expect(profile.body.roles).toEqual(['USER', 'ADMIN']);
      } finally {
        await taken.close();
      }
    } finally {
      await first.dropData();
    }
  });
});

describe('the token signing key', () => {
  it('is generated once into DATA_DIR, readable only by its owner, and tokens survive a restart', async () => {
    const first = await startRestService();
    const token = await first.register('survivor');
    await first.close({ keepData: true });
    const secretFile = path.join(first.dataDir, 'jwt-secret');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    const second = await startRestService({ reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir } });
    try {
      const profile = await second.request('GET', '/api/users/profile', { token });
      expect(profile.status).toBe(200);
      expect(profile.body.username).toBe('survivor');
    } finally {
      await second.close();
      await first.dropData();
    }
  });

  it('is JWT_SECRET when set: tokens of one instance work on another with the same secret', async () => {
    const env = { JWT_SECRET: 'a-shared-secret-that-is-long-enough-1234' };
    const first = await startRestService({ env });
    const token = await first.register('shared-secret-user');
    await first.close({ keepData: true });
    const second = await startRestService({ reuse: { databaseUrl: first.databaseUrl, dataDir: first.dataDir }, env });
    try {
      expect(fs.existsSync(path.join(first.dataDir, 'jwt-secret'))).toBe(false);
      expect((await second.request('GET', '/api/users/profile', { token })).status).toBe(200);
    } finally {
      await second.close();
      await first.dropData();
    }
  });
});

describe('the demo catalogue', () => {
  // The two instances started together run compiled, as production runs them: loading through tsx took twice as long.
  beforeAll(() => prepareBuild(), 180_000);

  it('fills an empty shop with at least 24 products whose images the service serves itself', async () => {
    const shop = await startRestService({ seedDemo: true });
    try {
      const token = await shop.adminToken();
      const { body: products } = await shop.request('GET', '/api/products', { token });
      expect(products.length).toBeGreaterThanOrEqual(24);
      const images = new Set<string>();
      for (const product of products) {
        expect(product.price).toBeGreaterThanOrEqual(0);
        expect(product.imageUrl).toBe(product.imageUrls[0]);
        for (const url of product.imageUrls) images.add(url);
      }
      for (const url of images) {
        expect(url).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
        const image = await shop.request('GET', url);
        expect(image.status, url).toBe(200);
        expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(image.text).toContain('<svg');
      }
    } finally {
      await shop.close();
    }
  });

  it('is loaded once, with one admin account, when two instances start together on an empty database', async () => {
    // Separate processes, as two instances behind a load balancer are, each with its own database connection, let
    // go at the same moment once both have loaded their code.
    const database = await createTestDatabase();
    const signal = path.join(database.dataDir, 'start');
    const ports = [await freePort(), await freePort()];
    const starting = ports.map((port) =>
      startServer(
        path.join(root, 'tests/helpers/start-together.mjs'),
        {
          SERVER_ENTRY: COMPILED_REST_SERVER,
          START_SIGNAL: signal,
          REST_PORT: String(port),
          DATA_DIR: database.dataDir,
          DATABASE_URL: database.url,
          ADMIN_PASSWORD: 'together-admin',
          SEED_DEMO: 'true',
        },
        port,
      ),
    );
    const loaded = await poll(
      async () => fs.readdirSync(database.dataDir).filter((name) => name.startsWith('start.')).length,
      (count) => count >= 2,
      { within: 30_000, every: 20 },
    );
    if (loaded < 2) throw new Error('the two instances did not load within 30 s');
    fs.writeFileSync(signal, '');
    const started = await Promise.allSettled(starting);
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      for (const server of servers as ServerProcess[]) {
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: ADMIN_USERNAME, password: 'together-admin' }),
        });
        expect(login.status).toBe(200);
        const products = await fetch(`${server.url}/api/products`, {
          headers: { authorization: `Bearer ${await login.text()}` },
        });
        const names = ((await products.json()) as { name: string }[]).map((product) => product.name).sort();
        expect(names).toEqual(demoProducts.map((product) => product.name).sort());
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    }
  });

  it('is not loaded twice, nor again after an admin removed it, nor into a shop that has products, nor without SEED_DEMO', async () => {
    const first = await startRestService({ seedDemo: true });
    const admin = await first.adminToken();
    const seeded = (await first.request('GET', '/api/products', { token: admin })).body.length;
    await first.close({ keepData: true });
    const reuse = { databaseUrl: first.databaseUrl, dataDir: first.dataDir };
    const again = await startRestService({ reuse, seedDemo: true });
    try {
      const { body: products } = await again.request('GET', '/api/products', { token: admin });
      expect(products).toHaveLength(seeded);
      for (const product of products as { id: number }[]) {
        expect((await again.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(204);
      }
    } finally {
      await again.close({ keepData: true });
    }
    const afterRemoval = await startRestService({ reuse, seedDemo: true });
    try {
      expect((await afterRemoval.request('GET', '/api/products', { token: admin })).body).toEqual([]);
    } finally {
      await afterRemoval.close();
      await first.dropData();
    }

    const plain = await startRestService();
    try {
      expect((await plain.request('GET', '/api/products', { token: await plain.adminToken() })).body).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('operations', () => {
  it('answers /healthz once ready and echoes or assigns a request id', async () => {
    const shop = await startRestService();
    try {
      const health = await shop.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      expect(health.headers['x-request-id']).toBe('trace-123');
      const other = await shop.request('GET', '/healthz');
      expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // An id that does not look like one (too long, or with characters that do not belong in a log) is replaced.
      for (const unfit of ['x'.repeat(129), 'two words', 'trace\u00e9']) {
        const answer = await shop.request('GET', '/healthz', { headers: { 'x-request-id': unfit } });
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await shop.close();
    }
  });

  it('answers /livez (alive, asking nothing) and /readyz (ready; 503 draining once it is being stopped)', async () => {
    const shop = await startRestService();
    try {
      expect(await shop.request('GET', '/livez').then((answer) => [answer.status, answer.body])).toEqual([
        200,
        { status: 'alive' },
      ]);
      expect(await shop.request('GET', '/readyz').then((answer) => [answer.status, answer.body])).toEqual([
        200,
        { status: 'ready' },
      ]);
      // What drain() sets first when SIGTERM arrives: a load balancer asking now takes the instance out.
      shop.app.draining = true;
      expect(await shop.request('GET', '/readyz').then((answer) => [answer.status, answer.body])).toEqual([
        503,
        { status: 'draining' },
      ]);
      expect((await shop.request('GET', '/livez')).status).toBe(200);
      shop.app.draining = false;
    } finally {
      await shop.close();
    }
  });

  it('serves an OpenAPI 3 document of every contract path, and a docs page', async () => {
    const shop = await startRestService();
    try {
      const document = await shop.request('GET', '/api/openapi.json');
      expect(document.status).toBe(200);
      expect(document.body.openapi).toMatch(/^3\./);
      const paths = Object.keys(document.body.paths).sort();
      // Each path's metrics label keeps its words and counts each parameter (an id, a username) as :param.
      for (const path of paths) {
        const asCalled = path.replace(/\{[^}]+\}/g, (name) => (name === '{receiver}' ? 'ada_lovelace' : '42'));
        expect(routeLabel(asCalled), path).toBe(path.replace(/\{[^}]+\}/g, ':param'));
      }
      expect(paths).toEqual(
        [
          '/api/auth/register',
          '/api/auth/login',
          '/api/auth/login/second-factor',
          '/api/auth/request-password-reset',
          '/api/auth/reset-password',
          '/api/auth/verify-email',
          '/api/users/profile',
          '/api/users/resend-email-verification',
          '/api/users/change-password',
          '/api/users/account',
          '/api/users/addresses',
          '/api/users/addresses/{id}',
          '/api/users/two-factor',
          '/api/users/two-factor/setup',
          '/api/users/two-factor/enable',
          '/api/users/two-factor/disable',
          '/api/users/two-factor/recovery-codes',
          '/api/products',
          '/api/products/filter',
          '/api/products/low-stock',
          '/api/products/facets',
          '/api/products/export',
          '/api/products/import',
          '/api/products/{id}',
          '/api/categories',
          '/api/categories/{id}',
          '/api/shipping-methods',
          '/api/shipping-methods/options',
          '/api/shipping-methods/{id}',
          '/api/pictures',
          '/api/settings/low-stock',
          '/api/tax-rates',
          '/api/tax-rates/{id}',
          '/api/settings/tax',
          '/api/settings/payment',
          '/api/staff/roles',
          '/api/staff/roles/{name}',
          '/api/staff/members',
          '/api/staff/members/{username}',
          '/api/staff/members/{username}/two-factor',
          '/api/cart',
          '/api/cart/charges',
          '/api/cart/items',
          '/api/cart/items/{productId}',
          '/api/orders/checkout',
          '/api/orders',
          '/api/orders/{id}',
          '/api/orders/{id}/history',
          '/api/orders/{id}/cancel',
          '/api/orders/{id}/payment',
          '/api/orders/{id}/invoice',
          '/api/orders/{id}/order-again',
          '/api/orders/{id}/status',
          '/api/audit-events',
          '/api/chat/rooms',
          '/api/chat/rooms/create',
          // One path, however the routes name the segment: GET by room id, POST to a username or a room id.
          '/api/chat/rooms/{roomId}/messages',
          '/api/chat/rooms/{roomId}/unread-count',
          '/api/chat/rooms/{roomId}/mark-as-read',
          '/api/chat/unread-count',
          '/api/chat/cleanup-duplicates',
          '/api/chat/available-users-from-main',
          '/api/chat/blocks',
          '/api/chat/blocks/{username}',
          '/api/chat/messages/{messageId}/reports',
          '/api/chat/reports',
          '/api/chat/reports/{reportId}',
          '/api/chat/reports/{reportId}/decision',
          '/api/chat/suspensions/{username}',
        ].sort(),
      );
      expect(document.body.paths['/api/products/{id}'].put.security).toEqual([{ bearerAuth: [] }]);
      expect(document.body.paths['/api/auth/login'].post.security).toEqual([]);
      expect(Object.keys(document.body.paths['/api/chat/rooms/{roomId}/messages']).sort()).toEqual(['get', 'post']);
      expect(document.body.paths['/api/chat/rooms/{roomId}/messages'].post.parameters).toEqual([
        expect.objectContaining({ in: 'path', name: 'roomId', required: true }),
      ]);
      expect(document.body.servers).toEqual([{ url: '/', description: 'This REST service' }]);
      // Each operation has its own name for generated clients, and none is used twice.
      const operationIds = Object.values(
        document.body.paths as Record<string, Record<string, { operationId?: string }>>,
      ).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
      expect(operationIds.filter((id) => typeof id !== 'string')).toEqual([]);
      expect(new Set(operationIds).size).toBe(operationIds.length);
      // The messages of the service's own validator are not published as a keyword no other tool knows.
      expect(document.text).not.toContain('errorMessage');
      // The product form, as the route validates it.
      const imageUrl = { type: 'string', maxLength: 2048 };
      expect(document.body.paths['/api/products/{id}'].put.requestBody).toEqual({
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['name', 'description', 'price', 'quantity'],
              properties: {
                name: { type: 'string', minLength: 1, maxLength: 200 },
                description: { type: 'string', minLength: 1, maxLength: 5000 },
                price: { type: 'number', minimum: 0, maximum: 1_000_000, description: 'Dollars, at most 2 decimals' },
                quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
                imageUrl: { anyOf: [imageUrl, { type: 'null' }] },
                imageUrls: { anyOf: [{ type: 'array', items: imageUrl, maxItems: 20 }, { type: 'null' }] },
                imageAlts: {
                  anyOf: [
                    {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['url', 'alt'],
                        properties: { url: { type: 'string' }, alt: { type: 'string' } },
                      },
                      maxItems: 21,
                      description:
                        'What each picture shows: for an image of the product (by its URL, once), one line of at most ' +
                        '250 characters; blank: none; null or empty: none for any image; left out on an update: each ' +
                        'image kept keeps its own (extension: product-pictures)',
                    },
                    { type: 'null' },
                  ],
                },
                sku: {
                  anyOf: [
                    {
                      type: 'string',
                      maxLength: 64,
                      description:
                        'The stock-keeping unit: letters, digits and - _ . /, at most 64, unique in any case; null or ' +
                        'blank: none; left out on an update: unchanged (extension: product-sku)',
                    },
                    { type: 'null' },
                  ],
                },
                categoryIds: {
                  anyOf: [
                    {
                      type: 'array',
                      items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
                      maxItems: 10,
                      description:
                        'The categories the product is in, by id, each an existing category; at most 10; null or ' +
                        'empty: none; left out on an update: unchanged (extension: product-categories)',
                    },
                    { type: 'null' },
                  ],
                },
                lowStockThreshold: {
                  anyOf: [
                    {
                      type: 'integer',
                      minimum: 0,
                      maximum: 1_000_000,
                      description:
                        'Low in stock at this many units or fewer: a whole number from 0 to 1,000,000; null: the ' +
                        'shop’s threshold; left out on an update: unchanged (extension: product-low-stock)',
                    },
                    { type: 'null' },
                  ],
                },
              },
            },
          },
        },
      });
      const docs = await shop.request('GET', '/api/docs/');
      expect(docs.status).toBe(200);
      expect(docs.text).toContain('<html');
    } finally {
      await shop.close();
    }
  });
});

describe('configuration', () => {
  it('has the defaults of DESIGN §2', () => {
    const config = loadRestConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBe(`file:${path.resolve('./data/shop.db')}`);
    expect(config.adminUsername).toBe('admin');
    expect(config.adminPassword).toBeUndefined();
    expect(config.extensions).toBe(true);
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://localhost/shop' },
      'DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ REST_EXTENSIONS: 'maybe' }, 'REST_EXTENSIONS must be true or false, got "maybe"'],
    [{ REST_PORT: '99999' }, 'REST_PORT must be a port number between 0 and 65535, got "99999"'],
    [{ ADMIN_PASSWORD: 'ab' }, 'ADMIN_PASSWORD must be at least 3 characters long'],
  ])('refuses %j clearly', (env, message) => {
    expect(() => loadRestConfig(env)).toThrow(new ConfigError(message));
  });
});
