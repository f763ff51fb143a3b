// SQL for orders and their lines. Lines are snapshots: name and price as they were when ordered.
import type { Kysely } from 'kysely';
import type { Database, OrderItemRow, OrderRow } from '../db/schema.js';

export interface OrderWithItems extends OrderRow {
  username: string | null;
  items: OrderItemRow[];
}

export interface NewOrderLine {
  productId: number;
  productName: string;
  priceCents: number;
  quantity: number;
}

export interface OrderScope {
  /** undefined → every customer's orders. */
  userId?: number | undefined;
  /** undefined → in every status. */
  status?: string | undefined;
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
    return orders.map((order) => ({ ...order, items: byOrder.get(order.id) ?? [] }));
  }

  private selectOrders(db: Kysely<Database>, scope: OrderScope) {
    let query = db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.userId')
      .selectAll('orders')
      .select('users.username');
    if (scope.userId !== undefined) query = query.where('orders.userId', '=', scope.userId);
    if (scope.status !== undefined) query = query.where('orders.status', '=', scope.status);
    return query;
  }

  async list(scope: OrderScope, slice?: { offset: number; limit: number }): Promise<OrderWithItems[]> {
    let query = this.selectOrders(this.db, scope).orderBy('orders.id', 'desc');
    if (slice) query = query.limit(slice.limit).offset(slice.offset);
    return this.withItems(await query.execute());
  }

  async count(scope: OrderScope): Promise<number> {
    let query = this.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('count'));
    if (scope.userId !== undefined) query = query.where('userId', '=', scope.userId);
    if (scope.status !== undefined) query = query.where('status', '=', scope.status);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  /** How many orders (of every customer) each status has. */
  async countByStatus(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  async findById(id: number, db = this.db): Promise<OrderWithItems | undefined> {
    const order = await this.selectOrders(db, {}).where('orders.id', '=', id).executeTakeFirst();
    return order ? (await this.withItems([order], db))[0] : undefined;
  }

  async insert(
    db: Kysely<Database>,
    order: { userId: number; orderDate: string; shippingAddress: string; lines: NewOrderLine[] },
  ): Promise<number> {
    const totalCents = order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const { id } = await db
      .insertInto('orders')
      .values({
        userId: order.userId,
        orderDate: order.orderDate,
        status: 'PENDING',
        shippingAddress: order.shippingAddress,
        totalCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orderItems')
      .values(order.lines.map((line) => ({ ...line, orderId: id, subtotalCents: line.priceCents * line.quantity })))
      .execute();
    return id;
  }

  /** Moves the order from one status to another only if it is still in the first; answers whether it did. */
  async changeStatus(db: Kysely<Database>, id: number, from: string, to: string): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ status: to })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes a checkout's idempotency key inside the checkout's transaction: true when it is new (or older than `since`,
   * when it is taken afresh); false when an earlier checkout holds it, once that one has committed (a concurrent one
   * waits here on the key's row).
   */
  async takeIdempotencyKey(trx: Kysely<Database>, userId: number, key: string, since: string, createdAt: string): Promise<boolean> {
    await trx
      .deleteFrom('checkoutRequests')
      .where('userId', '=', userId)
      .where('createdAt', '<', since)
      .execute();
    const taken = await trx
      .insertInto('checkoutRequests')
      .values({ userId, idempotencyKey: key, orderId: null, createdAt })
      .onConflict((conflict) => conflict.columns(['userId', 'idempotencyKey']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    return taken !== undefined;
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
    await trx.updateTable('checkoutRequests').set({ orderId }).where('userId', '=', userId).where('idempotencyKey', '=', key).execute();
  }

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
