// A shop of a chosen size for the scale budgets (DESIGN §8): products, customers, two years of orders with their
// lines, and one user in many chat rooms. Building a million orders through the REST contract would take hours
// and measure nothing, so the rows go in as accounts.ts puts its people in: straight into the service's own
// database (opened and migrated as the service does it, through its Kysely schema), here in multi-row INSERTs of a
// few thousand rows inside large transactions. Every value is a pure function of the row's number, so SQLite and
// PostgreSQL hold the same shop and a rebuild gives the same one again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Insertable, type Kysely, sql } from 'kysely';
import { hashPassword } from '../rest/src/auth/passwords.js';
import { demoCategories, demoProducts } from '../rest/src/bootstrap/demo-products.js';
import { categoryNameKey } from '../shop-rules/category-rules.js';
import { DEMO_IMAGE_PATH } from '../rest/src/bootstrap/seed-demo.js';
import { type DatabaseKind, openDatabase } from '../rest/src/db/database.js';
import { migrateToLatest } from '../rest/src/db/migrations.js';
import { SearchIndex } from '../rest/src/db/search/search-index.js';
import { CatalogueCounts } from '../rest/src/db/catalogue-counts.js';
import type { Database } from '../rest/src/db/schema.js';
import { usernameKey } from '../shop-rules/account-rules.js';
import { postgresAdminUrl, withAdminClient } from '../tests/helpers/test-database.js';
import { type Account, createAccounts } from './accounts.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ShopSize {
  products: number;
  users: number;
  orders: number;
  /** Rooms of the one chatting user, each with another customer. */
  chatRooms: number;
  messagesPerRoom: number;
}

/** The shop of the budget: 100,000 products, 20,000 people, 1,000,000 orders (about 2,000,000 lines), 2,000 rooms. */
export const FULL_SIZE: ShopSize = {
  products: 100_000,
  users: 20_000,
  orders: 1_000_000,
  chatRooms: 2_000,
  messagesPerRoom: 100,
};

/**
 * The shop at a fraction of the full size. A room keeps its 100 messages at every size (a conversation is as long
 * in a small shop); what grows is how many rooms the one user has. The floors keep a tiny shop meaningful: the
 * listing's first page full, a customer besides the two named ones for every room.
 */
export function shopOfSize(fraction: number): ShopSize {
  const chatRooms = Math.max(1, Math.round(FULL_SIZE.chatRooms * fraction));
  return {
    products: Math.max(48, Math.round(FULL_SIZE.products * fraction)),
    users: Math.max(chatRooms + 3, Math.round(FULL_SIZE.users * fraction)),
    orders: Math.max(100, Math.round(FULL_SIZE.orders * fraction)),
    chatRooms,
    messagesPerRoom: FULL_SIZE.messagesPerRoom,
  };
}

/** The demo-sized shop every ratio compares with: a thousand times smaller than the full one. */
export const SMALL_SIZE = shopOfSize(1 / 1000);

/** Share of all orders placed by the one heavy buyer whose own orders are measured: 20,000 in the full shop. */
const HEAVY_BUYER_SHARE = 0.02;

/** Order statuses and their shares, spread over the two years independently of an order's age. */
const STATUS_SHARES: readonly [string, number][] = [
  ['PENDING', 0.05],
  ['CONFIRMED', 0.05],
  ['SHIPPED', 0.1],
  ['DELIVERED', 0.75],
  ['CANCELLED', 0.05],
];

const TWO_YEARS_MS = 2 * 365 * 24 * 3600_000;
const HOUR_MS = 3600_000;

/**
 * A hundred brands, one in front of every product name, each on exactly 1 % of the catalogue: a listing filter
 * by a brand is a filter that matches 1 %. Made of ten stems and ten endings, no brand is part of another's name,
 * nor of any demo product's.
 */
const BRAND_STEMS = ['Medi', 'Vita', 'Cura', 'Sana', 'Nova', 'Puro', 'Alba', 'Theri', 'Zeno', 'Lumi'];
const BRAND_ENDINGS = ['quil', 'vex', 'tek', 'ora', 'mund', 'plex', 'dyne', 'sol', 'bryn', 'lux'];
const BRANDS = BRAND_STEMS.flatMap((stem) => BRAND_ENDINGS.map((ending) => `${stem}${ending}`));

/** The brand the listing's name filter looks for: it is on 1 % of the products. */
export const ONE_PERCENT_BRAND = 'Curavex';
/** A name filter that nothing in the catalogue matches. */
export const MATCHES_NOTHING = 'unobtainium';

const FIRST_NAMES = [
  'maria',
  'james',
  'aisha',
  'chen',
  'lukas',
  'sofia',
  'omar',
  'elena',
  'david',
  'yuki',
  'fatima',
  'noah',
  'ines',
  'raj',
  'olga',
  'pierre',
  'amara',
  'mateo',
  'hana',
  'erik',
];
const LAST_NAMES = [
  'garcia',
  'smith',
  'khan',
  'wang',
  'muller',
  'rossi',
  'haddad',
  'petrova',
  'cohen',
  'tanaka',
  'okafor',
  'brown',
  'silva',
  'patel',
  'ivanova',
  'dubois',
  'mensah',
  'lopez',
  'sato',
  'larsen',
];
const STREETS = [
  'Elm Street',
  'Harbour Road',
  'Station Avenue',
  'Mill Lane',
  'Church Street',
  'Park Road',
  'Queens Way',
  'Oak Drive',
];
const TOWNS = ['Springfield', 'Riverton', 'Lakeside', 'Fairview', 'Greenville', 'Kingsport', 'Ashford', 'Milton'];
const CHAT_LINES = [
  'Did the oximeter arrive in time for the weekend?',
  'Yes, thank you! It works well, the readings are steady.',
  'Could you tell me whether the knee brace comes in a larger size?',
  'I ordered the gauze pads again, same as last month.',
  'The delivery was quick this time, two days door to door.',
  'Do you know if the test strips fit the older meter?',
];

/** A number in [0, 1) that depends only on (index, stream): the same row gets the same values on every build. */
function unit(index: number, stream: number): number {
  let hash = Math.imul(index, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x846ca68b);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

const GOLDEN_RATIO_FRACTION = (Math.sqrt(5) - 1) / 2;

const pick = <T>(list: readonly T[], index: number, stream: number): T =>
  list[Math.floor(unit(index, stream) * list.length)]!;

interface ProductValues {
  name: string;
  priceCents: number;
}

/**
 * The demo's categories, numbered in the order their paths first name them, and the demo products' categories by
 * name: each product of this shop is in its demo product's, so a category holds the same share of the catalogue here.
 */
function scaleCategories(at: string) {
  const idOfPath = new Map<string, number>();
  const rows: {
    id: number;
    name: string;
    nameKey: string;
    parentId: number | null;
    createdAt: string;
    updatedAt: string;
  }[] = [];
  const categoriesOf = new Map<string, number[]>();
  for (const { path: names, products } of demoCategories) {
    let parentId: number | null = null;
    for (const [depth, name] of names.entries()) {
      const key = names.slice(0, depth + 1).join(' › ');
      let id = idOfPath.get(key);
      if (id === undefined) {
        id = rows.length + 1;
        idOfPath.set(key, id);
        rows.push({ id, name, nameKey: categoryNameKey(name), parentId, createdAt: at, updatedAt: at });
      }
      parentId = id;
    }
    for (const product of products) categoriesOf.set(product, [...(categoriesOf.get(product) ?? []), parentId!]);
  }
  return { rows, categoriesOf };
}

/** Product `id`: a brand (id mod 100, so each brand has 1 %) on a demo product, with the demo's copy and pictures. */
const demoProductOf = (id: number) => demoProducts[Math.floor(id / BRANDS.length) % demoProducts.length]!;

function productColumns(id: number) {
  const demo = demoProductOf(id);
  const name = `${BRANDS[id % BRANDS.length]} ${demo.name}`;
  const imageUrls = demo.images.map((file) => `${DEMO_IMAGE_PATH}${file}`);
  // Prices spread evenly from $1 to $500 (the golden ratio's multiples fill the interval evenly at every size): a
  // price range of $100–$110 holds 2 % of the catalogue, two products of a hundred.
  const priceCents = 100 + Math.floor(((id * GOLDEN_RATIO_FRACTION) % 1) * 49_900);
  return {
    name,
    nameKey: name.toLocaleLowerCase('en'),
    description: demo.description,
    priceCents,
    quantity: Math.floor(unit(id, 2) * 500),
    imageUrl: imageUrls[0] ?? null,
    imageUrls: JSON.stringify(imageUrls),
  };
}

const productValues = (id: number): ProductValues => {
  const { name, priceCents } = productColumns(id);
  return { name, priceCents };
};

/** User 1 buys the most, user 2 chats in every room; the others are customers with names. */
export const HEAVY_BUYER = 'scale-buyer';
export const CHATTER = 'scale-chatter';
const HEAVY_BUYER_ID = 1;
const CHATTER_ID = 2;

function username(id: number): string {
  if (id === HEAVY_BUYER_ID) return HEAVY_BUYER;
  if (id === CHATTER_ID) return CHATTER;
  return `${pick(FIRST_NAMES, id, 3)}.${pick(LAST_NAMES, id, 4)}${id}`;
}

function statusOf(orderId: number): string {
  let left = unit(orderId, 5);
  for (const [status, share] of STATUS_SHARES) {
    if (left < share) return status;
    left -= share;
  }
  return 'DELIVERED';
}

/** What the desk's searches look for in this shop, and what it holds that its size does not say exactly. */
export interface ShopFacts {
  /** A customer of average buying (about 50 orders), by full username: the desk's search by customer. */
  searchedCustomer: string;
  /** An order that exists, 12.3456 % of the way through (#123456 in the full shop): the desk's search by number. */
  searchedOrderNumber: number;
  orderLines: number;
  heavyBuyerOrders: number;
}

export function factsOf(size: ShopSize): ShopFacts {
  let ordersOfBuyer = 0;
  let lines = 0;
  for (let orderId = 1; orderId <= size.orders; orderId += 1) {
    if (buyerOf(orderId, size) === HEAVY_BUYER_ID) ordersOfBuyer += 1;
    lines += lineCount(orderId);
  }
  return {
    searchedCustomer: username(Math.floor(size.users / 2) + 1),
    searchedOrderNumber: Math.max(1, Math.round(size.orders * 0.123456)),
    orderLines: lines,
    heavyBuyerOrders: ordersOfBuyer,
  };
}

function buyerOf(orderId: number, size: ShopSize): number {
  if (unit(orderId, 6) < HEAVY_BUYER_SHARE) return HEAVY_BUYER_ID;
  // Everyone else but the chatting user, evenly: about 50 orders each in the full shop.
  return 3 + Math.floor(unit(orderId, 7) * (size.users - 2));
}

const lineCount = (orderId: number) => 1 + Math.floor(unit(orderId, 8) * 3);

/** Values bound in one INSERT: as many rows as fit under SQLite's limit (32,766; PostgreSQL's is 65,535). */
const VALUES_PER_STATEMENT = 32_000;
/** Orders per transaction: bounded memory, and progress to show. */
const ORDERS_PER_TRANSACTION = 50_000;

async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const perStatement = Math.floor(VALUES_PER_STATEMENT / Object.keys(rows[0] ?? {}).length);
  for (let start = 0; start < rows.length; start += perStatement) {
    // Kysely cannot tell which table's rows these are from a generic T; the rows are that table's by construction.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perStatement) as never)
      .execute();
  }
}

async function fill(
  db: Kysely<Database>,
  size: ShopSize,
  began: number,
  progress: (line: string) => void,
): Promise<void> {
  const start = began - TWO_YEARS_MS;
  const passwordHash = await hashPassword('bench-password');
  await db.transaction().execute(async (trx) => {
    const users = Array.from({ length: size.users }, (_, index) => {
      const id = index + 1;
      const name = username(id);
      const joined = new Date(start + unit(id, 9) * TWO_YEARS_MS).toISOString();
      return {
        id,
        username: name,
        usernameKey: usernameKey(name),
        passwordHash,
        roles: 'USER',
        email: `${name}@example.com`,
        createdAt: joined,
        updatedAt: joined,
      };
    });
    await insertAll(trx, 'users', users);
    const categories = scaleCategories(new Date(start).toISOString());
    await insertAll(trx, 'categories', categories.rows);
    const productCategories: { productId: number; categoryId: number }[] = [];
    const products = Array.from({ length: size.products }, (_, index) => {
      const id = index + 1;
      const added = new Date(start + (id / size.products) * TWO_YEARS_MS).toISOString();
      const categoryIds = categories.categoriesOf.get(demoProductOf(id).name) ?? [];
      for (const categoryId of categoryIds) productCategories.push({ productId: id, categoryId });
      return {
        id,
        ...productColumns(id),
        categoryIds: JSON.stringify(categoryIds),
        lowStockThreshold: null,
        createdAt: added,
        updatedAt: added,
      };
    });
    await insertAll(trx, 'products', products);
    await insertAll(trx, 'productCategories', productCategories);
  });
  progress(`${size.users.toLocaleString('en')} users, ${size.products.toLocaleString('en')} products`);

  let lineId = 0;
  for (let first = 1; first <= size.orders; first += ORDERS_PER_TRANSACTION) {
    const last = Math.min(size.orders, first + ORDERS_PER_TRANSACTION - 1);
    const orders: Insertable<Database['orders']>[] = [];
    const lines: Insertable<Database['orderItems']>[] = [];
    for (let id = first; id <= last; id += 1) {
      let totalCents = 0;
      for (let line = 0; line < lineCount(id); line += 1) {
        const productId = 1 + Math.floor(unit(id * 3 + line, 10) * size.products);
        const product = productValues(productId);
        const quantity = 1 + Math.floor(unit(id * 3 + line, 11) * 3);
        lineId += 1;
        lines.push({
          id: lineId,
          orderId: id,
          productId,
          productName: product.name,
          priceCents: product.priceCents,
          quantity,
          subtotalCents: product.priceCents * quantity,
        });
        totalCents += product.priceCents * quantity;
      }
      // Numbered in the order they were placed, over two years up to now.
      const placed = start + ((id - 1 + unit(id, 12)) / size.orders) * TWO_YEARS_MS;
      const address = `${1 + Math.floor(unit(id, 13) * 200)} ${pick(STREETS, id, 14)}, ${pick(TOWNS, id, 15)}`;
      orders.push({
        id,
        userId: buyerOf(id, size),
        orderDate: new Date(placed).toISOString(),
        status: statusOf(id),
        shippingAddress: address,
        totalCents,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'orders', orders);
      await insertAll(trx, 'orderItems', lines);
    });
    progress(`${last.toLocaleString('en')} orders, ${lineId.toLocaleString('en')} lines`);
  }

  await db.transaction().execute(async (trx) => {
    const rooms: Insertable<Database['chatRooms']>[] = [];
    const members: Insertable<Database['chatParticipants']>[] = [];
    const messages: Insertable<Database['chatMessages']>[] = [];
    for (let room = 1; room <= size.chatRooms; room += 1) {
      const partner = 2 + room;
      const lastMessageId = room * size.messagesPerRoom;
      // Room by room further back in time, three hours apart; the last room is the most recently active.
      const lastAt = began - (size.chatRooms - room) * 3 * HOUR_MS;
      for (let index = 0; index < size.messagesPerRoom; index += 1) {
        const id = lastMessageId - size.messagesPerRoom + 1 + index;
        const at = lastAt - (size.messagesPerRoom - 1 - index) * 60_000;
        messages.push({
          id,
          roomId: room,
          senderId: index % 2 === 0 ? CHATTER_ID : partner,
          content: CHAT_LINES[id % CHAT_LINES.length]!,
          createdAt: new Date(at).toISOString(),
        });
      }
      rooms.push({
        id: room,
        pairKey: `${CHATTER_ID}:${partner}`,
        createdAt: messages[messages.length - size.messagesPerRoom]!.createdAt,
        lastMessageId,
      });
      // One room in ten has the partner's last messages unread.
      members.push({
        id: room * 2 - 1,
        roomId: room,
        userId: CHATTER_ID,
        lastReadMessageId: room % 10 === 0 ? lastMessageId - 4 : lastMessageId,
      });
      members.push({ id: room * 2, roomId: room, userId: partner, lastReadMessageId: lastMessageId });
    }
    // Memberships last: whatever a membership derives from its room when it is made (its latest activity) is there.
    await insertAll(trx, 'chatRooms', rooms);
    await insertAll(trx, 'chatMessages', messages);
    await insertAll(trx, 'chatParticipants', members);
  });
  progress(
    `${size.chatRooms.toLocaleString('en')} chat rooms, ${(size.chatRooms * size.messagesPerRoom).toLocaleString('en')} messages`,
  );
}

/** Tables whose ids were given explicitly: PostgreSQL's identity sequences must continue after them. */
const TABLES_WITH_IDS = [
  'users',
  'categories',
  'products',
  'orders',
  'order_items',
  'chat_rooms',
  'chat_participants',
  'chat_messages',
];

export interface ScaleShop {
  kind: DatabaseKind;
  size: ShopSize;
  facts: ShopFacts;
  databaseUrl: string;
  /** DATA_DIR for the REST service: its JWT secret, which the tokens below are signed with. */
  dataDir: string;
  heavyBuyer: Account;
  chatter: Account;
  /** Seconds the build took; 0 when a kept database was reused. */
  buildSeconds: number;
  /** Removes the database, unless it is kept for the next run (BENCH_SCALE_KEEP). */
  drop(): Promise<void>;
}

/**
 * The shop's name for keeping it: its size, the service's migrations and this file (a change to either builds anew).
 */
function buildKey(kind: DatabaseKind, size: ShopSize): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify({ kind, size }));
  for (const file of [path.join(here, '../rest/src/db/migrations.ts'), fileURLToPath(import.meta.url)])
    hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The seed_runs row that says a build finished: a database without it is built again. */
const builtMark = (key: string) => `bench-scale-${key}`;

/** Where kept SQLite shops live between runs (BENCH_SCALE_KEEP=1): the system's temporary folder. */
export const KEPT_SHOPS_DIR = path.join(os.tmpdir(), 'medshop-bench-scale');

async function isBuilt(databaseUrl: string, key: string): Promise<boolean> {
  const database = openDatabase(databaseUrl);
  try {
    const row = await database.db
      .selectFrom('seedRuns')
      .select('name')
      .where('name', '=', builtMark(key))
      .executeTakeFirst();
    return row !== undefined;
  } catch {
    return false;
  } finally {
    await database.close();
  }
}

/**
 * Builds the shop on a database of its own: a SQLite file, or a PostgreSQL database beside TEST_POSTGRES_URL's.
 * With `keep`, a shop built earlier with the same key is used as it is, and this one stays for the next run.
 */
export async function buildScaleShop(
  kind: DatabaseKind,
  size: ShopSize,
  options: { keep: boolean; progress?: (line: string) => void },
): Promise<ScaleShop> {
  const key = buildKey(kind, size);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medshop-bench-scale-data-'));
  let databaseUrl: string;
  /** Removes the database, kept or not (a build that failed half-way). */
  let removeDatabase: () => Promise<void>;
  const name = `medshop_bench_scale_${options.keep ? key : `${process.pid}_${crypto.randomBytes(4).toString('hex')}`}`;
  if (kind === 'sqlite') {
    const file = options.keep ? path.join(KEPT_SHOPS_DIR, `${key}.db`) : path.join(dataDir, 'scale.db');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    databaseUrl = `file:${file}`;
    removeDatabase = async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    };
  } else {
    const url = new URL(postgresAdminUrl());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    removeDatabase = () =>
      withAdminClient(async (client) => void (await client.query(`drop database if exists ${name} with (force)`)));
  }
  const removeEverything = async () => {
    await removeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const began = Date.now();
  let buildSeconds = 0;
  let accounts: Account[];
  try {
    if (!options.keep || !(await isBuilt(databaseUrl, key))) {
      await removeDatabase();
      if (kind === 'postgres') await withAdminClient((client) => client.query(`create database ${name}`));
      const database = openDatabase(databaseUrl);
      try {
        await migrateToLatest(database);
        // This throw-away file need not survive a power cut while it is built; the service opens it with its own
        // settings.
        if (kind === 'sqlite') await sql`pragma synchronous = off`.execute(database.db);
        await fill(database.db, size, began, options.progress ?? (() => undefined));
        // The rows went in behind the service's back: its search index and its kept counts are built for them as
        // migrations 0012 and 0017 build them.
        await new SearchIndex(database.db, kind).rebuild();
        await new CatalogueCounts(database.db).rebuild();
        if (kind === 'postgres') {
          for (const table of TABLES_WITH_IDS) {
            await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
              database.db.withoutPlugins(),
            );
          }
          // What autovacuum does to a live shop's tables within minutes of such a load: statistics for the planner, and
          // the visibility map that index-only scans need. SQLite is left as the service leaves it (it never runs
          // ANALYZE).
          await sql`vacuum analyze`.execute(database.db);
        }
        await database.db
          .insertInto('seedRuns')
          .values({ name: builtMark(key), ranAt: new Date().toISOString() })
          .execute();
      } finally {
        await database.close();
      }
      buildSeconds = (Date.now() - began) / 1000;
    }
    // The two people the screens are measured as, signed in as accounts.ts signs them (with this run's secret).
    accounts = await createAccounts(databaseUrl, dataDir, [HEAVY_BUYER, CHATTER]);
  } catch (error) {
    await removeEverything().catch(() => undefined);
    throw error;
  }
  const [heavyBuyer, chatter] = accounts;
  return {
    kind,
    size,
    facts: factsOf(size),
    databaseUrl,
    dataDir,
    heavyBuyer: heavyBuyer!,
    chatter: chatter!,
    buildSeconds,
    async drop() {
      if (options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
      else await removeEverything();
    },
  };
}
