// SQL for orders and their lines. Lines are snapshots: name and price as they were when ordered.
import { type Kysely, sql } from 'kysely';
import { containing } from '../db/contains-text.js';
import type { Database, OrderItemRow, OrderRow } from '../db/schema.js';
import { MAX_DATABASE_ID } from '../shared/schemas.js';
import { usernameKey } from '../../../shop-rules/account-rules.js';
import type { OrderSearch } from '../../../shop-rules/order-rules.js';
import { skuKey } from '../../../shop-rules/product-rules.js';
import type { TaxGroup } from '../../../shop-rules/tax-rules.js';
import type { BankAccount, PaymentMethod } from '../../../shop-rules/payment-rules.js';

export interface OrderWithItems extends OrderRow {
  username: string | null;
  items: OrderItemRow[];
}

/** What checkout charged beyond the lines, computed inside its transaction: shipping, tax, and so the total. */
export interface OrderCharges {
  /** Where the order ships (ISO 3166-1 alpha-2), as it was priced and taxed; null when the buyer gave no country. */
  country: string | null;
  /** The method's name and what it cost; null for an order placed without one. */
  shipping: { method: string; cents: number } | null;
  /** The order's tax, by rate (shop-rules' orderTax); none where no rate applied. */
  taxCents: number;
  taxGroups: TaxGroup[];
  pricesIncludeTax: boolean;
  /** The lines and shipping, and the tax where prices are without it. */
  totalCents: number;
}

/** The payment a new order waits for (extension payment). */
export interface NewOrderPayment {
  method: PaymentMethod;
  /** Until when its stock is held. */
  reservedUntil: string;
  /** The account a bank transfer pays into; null for a card. */
  account: BankAccount | null;
}

export interface NewOrderLine {
  productId: number;
  productName: string;
  /** The product's SKU when ordered, or null. */
  sku: string | null;
  priceCents: number;
  quantity: number;
}

export interface OrderScope {
  /** undefined → every customer's orders. */
  userId?: number | undefined;
  /** undefined → in every status. */
  status?: string | undefined;
  /** undefined → every order; else the one with that number, or those of buyers whose username contains the text. */
  search?: OrderSearch | undefined;
}

export class OrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async withItems(orders: (OrderRow & { username: string | null })[], db = this.db): Promise<OrderWithItems[]> {
    if (orders.length === 0) return [];
    const items = await db
      .selectFrom('orderItems')
      .selectAll()
      .where(
        'orderId',
        'in',
        orders.map((order) => order.id),
      )
      .orderBy('id')
      .execute();
    const byOrder = new Map<number, OrderItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    // The rows are this call's own: each takes its lines. (`{ ...order, items }` would copy it by V8's slow path, a
    // spread followed by a property: about 1.3 µs an order here against 0.2.)
    return orders.map((order) => Object.assign(order, { items: byOrder.get(order.id) ?? [] }));
  }

  /** The orders of a scope (its conditions read the orders alone). */
  private matching(db: Kysely<Database>, scope: OrderScope) {
    let query = db.selectFrom('orders');
    if (scope.userId !== undefined) query = query.where('orders.userId', '=', scope.userId);
    if (scope.status !== undefined) query = query.where('orders.status', '=', scope.status);
    const { search } = scope;
    if (search && 'orderNumber' in search) {
      // PostgreSQL refuses to compare an integer column with a larger number: no order has one anyway.
      query =
        search.orderNumber <= MAX_DATABASE_ID
          ? query.where('orders.id', '=', search.orderNumber)
          : query.where(sql<boolean>`1 = 0`);
    } else if (search) {
      // The lower-cased key column and the lower-cased text: the same answer on SQLite and PostgreSQL. The buyers
      // are found first and their orders through orders_user_idx: filtering the joined users instead makes SQLite
      // walk every order (it always drives a LEFT JOIN from its left side): 750 ms at a million orders, 1 ms so.
      const buyers = db
        .selectFrom('users')
        .select('users.id')
        .where(containing('users.usernameKey', usernameKey(search.customerOrSku)));
      // And the orders with a line of that SKU (any case), through order_items_sku_key_idx. One set of order ids,
      // a UNION: two IN (subquery) joined by OR make PostgreSQL test every order against both (220 ms at a million
      // orders), where one IN is a semi-join read off the two indexes.
      const found = db
        .selectFrom('orders as bought')
        .select('bought.id')
        .where('bought.userId', 'in', buyers)
        .union(
          db
            .selectFrom('orderItems')
            .select('orderItems.orderId as id')
            .where(sql`upper(order_items.sku)`, '=', skuKey(search.customerOrSku)),
        );
      query = query.where('orders.id', 'in', found);
    }
    return query;
  }

  /**
   * The orders of a scope, newest first (a slice of them with `slice`), each with its buyer's username (null once the
   * account is deleted). The buyers are joined to the page alone: joined before the OFFSET, PostgreSQL looked up the
   * buyer of every order skipped (the desk's page 500, 20 → 1 ms in EXPLAIN ANALYZE at a million orders).
   */
  private selectOrders(db: Kysely<Database>, scope: OrderScope, slice?: { offset: number; limit: number }) {
    let page = this.matching(db, scope).selectAll('orders').orderBy('orders.id', 'desc');
    if (slice) page = page.limit(slice.limit).offset(slice.offset);
    return db
      .selectFrom(page.as('orders'))
      .leftJoin('users', 'users.id', 'orders.userId')
      .selectAll('orders')
      .select('users.username')
      .orderBy('orders.id', 'desc');
  }

  async list(scope: OrderScope, slice?: { offset: number; limit: number }): Promise<OrderWithItems[]> {
    return this.withItems(await this.selectOrders(this.db, scope, slice).execute());
  }

  /** Every customer's orders per status, as the triggers count them (migration 0004): no order is read. */
  private async countedByStatus(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('rowCounts')
      .select(['name', 'count'])
      .where('name', 'like', 'orders:%')
      .execute();
    return new Map(rows.map((row) => [row.name.slice('orders:'.length), Number(row.count)]));
  }

  /** A scope the counters answer: every customer's orders, all or in one status, unsearched. */
  private static counted(scope: OrderScope): boolean {
    return scope.userId === undefined && scope.search === undefined;
  }

  async count(scope: OrderScope): Promise<number> {
    if (OrderRepository.counted(scope)) {
      const counts = await this.countedByStatus();
      return scope.status !== undefined
        ? (counts.get(scope.status) ?? 0)
        : [...counts.values()].reduce((sum, count) => sum + count, 0);
    }
    const { count } = await this.matching(this.db, scope)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** How many orders of the scope each status has (a caller counting every status passes the scope without one). */
  async countByStatus(scope: OrderScope): Promise<Map<string, number>> {
    if (OrderRepository.counted({ ...scope, status: undefined })) {
      // Statuses without orders yet have no counter (or one at 0): both read as absent.
      return new Map([...(await this.countedByStatus())].filter(([, count]) => count > 0));
    }
    const rows = await this.matching(this.db, scope)
      .select(['orders.status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('orders.status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  async findById(id: number, db = this.db): Promise<OrderWithItems | undefined> {
    const order = await db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.userId')
      .selectAll('orders')
      .select('users.username')
      .where('orders.id', '=', id)
      .executeTakeFirst();
    return order ? (await this.withItems([order], db))[0] : undefined;
  }

  /**
   * Writes the order and its lines, and answers them as written (RETURNING): nothing is read back. `username` is the
   * buyer's, as a read would join it.
   */
  async insert(
    db: Kysely<Database>,
    order: {
      userId: number;
      username: string;
      orderDate: string;
      shippingAddress: string;
      lines: NewOrderLine[];
      charges: OrderCharges;
      /** null: the shop took no payment (paid outside it, as before payments). */
      payment: NewOrderPayment | null;
    },
  ): Promise<OrderWithItems> {
    const { charges } = order;
    const row = await db
      .insertInto('orders')
      .values({
        userId: order.userId,
        orderDate: order.orderDate,
        status: 'PENDING',
        shippingAddress: order.shippingAddress,
        totalCents: charges.totalCents,
        shippingCents: charges.shipping?.cents ?? 0,
        shippingMethod: charges.shipping?.method ?? null,
        shippingCountry: charges.country,
        taxCents: charges.taxCents,
        taxGroups: charges.taxGroups.length > 0 ? JSON.stringify(charges.taxGroups) : null,
        pricesIncludeTax: charges.pricesIncludeTax ? 1 : 0,
        paymentMethod: order.payment?.method ?? null,
        paymentStatus: order.payment ? 'AWAITING_PAYMENT' : null,
        reservedUntil: order.payment?.reservedUntil ?? null,
        paymentAccount: order.payment?.account ? JSON.stringify(order.payment.account) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const items = await db
      .insertInto('orderItems')
      .values(order.lines.map((line) => ({ ...line, orderId: row.id, subtotalCents: line.priceCents * line.quantity })))
      .returningAll()
      .execute();
    // In the lines' order, as a read orders them (by id).
    items.sort((a, b) => a.id - b.id);
    return { ...row, username: order.username, items };
  }

  /**
   * Moves the order from one status to another only if it is still in the first, its payment where it was read;
   * answers whether it did.
   */
  async changeStatus(
    db: Kysely<Database>,
    id: number,
    from: string,
    to: string,
    paymentStatus: string | null,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ status: to })
      .where('id', '=', id)
      .where('status', '=', from)
      .where((where) =>
        paymentStatus === null ? where('paymentStatus', 'is', null) : where('paymentStatus', '=', paymentStatus),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes a checkout's idempotency key inside the checkout's transaction: true when it is new (or older than `since`,
   * when it is taken afresh); false when an earlier checkout holds it, once that one has committed (a concurrent one
   * waits here on the key's row).
   */
  async takeIdempotencyKey(
    trx: Kysely<Database>,
    userId: number,
    key: string,
    since: string,
    createdAt: string,
  ): Promise<boolean> {
    const take = async () =>
      (await trx
        .insertInto('checkoutRequests')
        .values({ userId, idempotencyKey: key, orderId: null, createdAt })
        .onConflict((conflict) => conflict.columns(['userId', 'idempotencyKey']).doNothing())
        .returning('userId')
        .executeTakeFirst()) !== undefined;
    if (await take()) return true;
    // The key is known: a retry of this attempt, or a key used before the window, which is forgotten (with the
    // buyer's other old keys) and taken anew. Only then: a checkout runs no statement for keys it does not reuse.
    const forgotten = await trx
      .deleteFrom('checkoutRequests')
      .where('userId', '=', userId)
      .where('createdAt', '<', since)
      .executeTakeFirst();
    return Number(forgotten.numDeletedRows) > 0 && (await take());
  }

  /** The order a key created, once its checkout committed. */
  async orderOfIdempotencyKey(userId: number, key: string, since: string): Promise<number | undefined> {
    const request = await this.db
      .selectFrom('checkoutRequests')
      .select('orderId')
      .where('userId', '=', userId)
      .where('idempotencyKey', '=', key)
      .where('createdAt', '>=', since)
      .executeTakeFirst();
    return request?.orderId ?? undefined;
  }

  async recordIdempotentOrder(trx: Kysely<Database>, userId: number, key: string, orderId: number): Promise<void> {
    await trx
      .updateTable('checkoutRequests')
      .set({ orderId })
      .where('userId', '=', userId)
      .where('idempotencyKey', '=', key)
      .execute();
  }

  /** The connection, for the repositories that work beside this one outside a transaction. */
  get database(): Kysely<Database> {
    return this.db;
  }

  /** Reads with the service's own connection, outside any transaction (a question that writes nothing). */
  read<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return work(this.db);
  }

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
