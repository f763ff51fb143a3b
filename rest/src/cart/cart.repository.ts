// SQL for carts: one line per (user, product), joined with the product's current name, price and stock.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../shared/clock.js';

export interface CartLine {
  productId: number;
  productName: string;
  priceCents: number;
  quantity: number;
  stock: number;
}

export class CartRepository {
  constructor(private readonly db: Kysely<Database>) {}

  lines(userId: number, db: Kysely<Database> = this.db): Promise<CartLine[]> {
    return db
      .selectFrom('cartItems')
      .innerJoin('products', 'products.id', 'cartItems.productId')
      .select([
        'cartItems.productId',
        'products.name as productName',
        'products.priceCents',
        'cartItems.quantity',
        'products.quantity as stock',
      ])
      .where('cartItems.userId', '=', userId)
      .orderBy('cartItems.addedAt')
      .orderBy('cartItems.productId')
      .execute();
  }

  async lineQuantity(userId: number, productId: number): Promise<number | undefined> {
    const line = await this.db
      .selectFrom('cartItems')
      .select('quantity')
      .where('userId', '=', userId)
      .where('productId', '=', productId)
      .executeTakeFirst();
    return line?.quantity;
  }

  /** Adds units to the line (creating it), atomically, and answers the line's new quantity. */
  async addUnits(db: Kysely<Database>, userId: number, productId: number, units: number): Promise<number> {
    const line = await db
      .insertInto('cartItems')
      .values({ userId, productId, quantity: units, addedAt: now() })
      .onConflict((conflict) =>
        conflict.columns(['userId', 'productId']).doUpdateSet((eb) => ({
          quantity: eb('cartItems.quantity', '+', eb.ref('excluded.quantity')),
        })),
      )
      .returning('quantity')
      .executeTakeFirstOrThrow();
    return line.quantity;
  }

  async setQuantity(userId: number, productId: number, quantity: number): Promise<boolean> {
    const result = await this.db
      .updateTable('cartItems')
      .set({ quantity })
      .where('userId', '=', userId)
      .where('productId', '=', productId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async removeLine(userId: number, productId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('cartItems')
      .where('userId', '=', userId)
      .where('productId', '=', productId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async clear(userId: number, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('cartItems').where('userId', '=', userId).execute();
  }

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
