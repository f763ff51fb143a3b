// The floor the REST service is measured against: the same answers a plain Fastify server with better-sqlite3 gives,
// written the obvious way — the caller's token verified (@fastify/jwt, the service's own key) and its account looked
// up, the rows read by prepared statements, the answer built by hand and sent by JSON.stringify. No schemas,
// validation, hooks, plugins or query builder. Run by `npm run bench` in its own process, on the REST service's own
// SQLite file, while that service runs; the bench checks each answer is byte for byte the service's.
import fs from 'node:fs';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const dataDir = process.env.DATA_DIR!;
const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, '');
const port = Number(process.env.PORT);

const db = new Database(databaseFile, { readonly: true });
const userById = db.prepare('select id, token_version from users where id = ?');
const productPage = db.prepare('select * from products order by id limit ? offset ?');
const productCount = db.prepare("select count from row_counts where name = 'products'");
const cartLines = db.prepare(
  `select p.*, c.quantity as line_quantity from cart_items c join products p on p.id = c.product_id
   where c.user_id = ? order by c.added_at, c.product_id`,
);

interface ProductRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  quantity: number;
  image_url: string | null;
  image_urls: string;
  image_alts: string;
  sku: string | null;
  category_ids: string;
  low_stock_threshold: number | null;
  created_at: string;
  updated_at: string;
}

const dollars = (cents: number) => cents / 100;
const product = (row: ProductRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: dollars(row.price_cents),
  quantity: row.quantity,
  imageUrl: row.image_url,
  imageUrls: JSON.parse(row.image_urls) as string[],
  imageAlts: JSON.parse(row.image_alts) as { url: string; alt: string }[],
  sku: row.sku,
  categoryIds: JSON.parse(row.category_ids) as number[],
  lowStockThreshold: row.low_stock_threshold,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const app = Fastify({ logger: false });
await app.register(fastifyJwt, { secret: fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim() });
app.addHook('onRequest', async (request, reply) => {
  if (request.url === '/healthz') return;
  try {
    const claims = await request.jwtVerify<{ sub: string; ver: number }>();
    const user = userById.get(Number(claims.sub)) as { token_version: number } | undefined;
    if (!user || user.token_version !== claims.ver) throw new Error('stale token');
  } catch {
    await reply.code(401).send({ message: 'Invalid or expired token' });
  }
});
app.get('/healthz', async () => ({ status: 'ok' }));
app.get<{ Querystring: { page: string; size: string } }>('/api/products', async (request, reply) => {
  const page = Number(request.query.page);
  const size = Number(request.query.size);
  const rows = productPage.all(size, page * size) as ProductRow[];
  const total = Number((productCount.get() as { count: number }).count);
  const body = {
    content: rows.map(product),
    totalElements: total,
    totalPages: Math.ceil(total / size),
    number: page,
    size,
  };
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
});
app.get('/api/cart', async (request, reply) => {
  const userId = Number((request.user as { sub: string }).sub);
  const rows = cartLines.all(userId) as (ProductRow & { line_quantity: number })[];
  const items = rows.map((row) => ({
    productId: row.id,
    productName: row.name,
    price: dollars(row.price_cents),
    quantity: row.line_quantity,
    subtotal: dollars(row.price_cents * row.line_quantity),
    product: product(row),
  }));
  const body = {
    id: userId,
    items,
    totalItems: rows.reduce((sum, row) => sum + row.line_quantity, 0),
    totalPrice: dollars(rows.reduce((sum, row) => sum + row.price_cents * row.line_quantity, 0)),
  };
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
});
await app.listen({ host: '127.0.0.1', port });
