// SQL for carts: one line per (user, product), joined with the product's current name, price and stock.
import type { Kysely } from 'kysely';
import { type PreparedQuery, preparedQuery } from '../db/prepared-query.js';
import type { Database, ProductRow } from '../db/schema.js';
import { now } from '../shared/timestamps.js';

export interface CartLine {
  productId: number;
  productName: string;
  priceCents: number;
  quantity: number;
  stock: number;
}

/** A line checkout takes out of the cart: with what the order keeps of it, and what taxes it. */
export type ClaimedLine = CartLine & { sku: string | null; categoryIds: number[] };

/** A cart line with its product's whole row, as an answer that carries each line's product reads it. */
export type CartLineWithProduct = ProductRow & { lineQuantity: number };

export class CartRepository {
  // Every cart answer reads its lines: compiled once (db/prepared-query.ts).
  private readonly linesOf: PreparedQuery<[userId: number], CartLine>;
  private readonly linesWithProductsOf: PreparedQuery<[userId: number], CartLineWithProduct>;

  constructor(private readonly db: Kysely<Database>) {
    this.linesOf = preparedQuery(
      db,
      (db, userId: number) =>
        db
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
          .orderBy('cartItems.productId'),
      [1],
    );
    // The same lines with each product's whole row, in the same order, by one join: an answer that carries the lines'
    // products (line-products) needs no second query for them.
    this.linesWithProductsOf = preparedQuery(
      db,
      (db, userId: number) =>
        db
          .selectFrom('cartItems')
          .innerJoin('products', 'products.id', 'cartItems.productId')
          .selectAll('products')
          .select('cartItems.quantity as lineQuantity')
          .where('cartItems.userId', '=', userId)
          .orderBy('cartItems.addedAt')
          .orderBy('cartItems.productId'),
      [1],
    );
  }

  /** The cart's lines, with their products as they are now; inside a transaction when given one (`db`). */
  lines(userId: number, db: Kysely<Database> = this.db): Promise<CartLine[]> {
    return this.linesOf([userId], db);
  }

  /** The cart's lines, each with its product's row as it is now. */
  linesWithProducts(userId: number): Promise<CartLineWithProduct[]> {
    return this.linesWithProductsOf([userId]);
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

  /**
   * Takes every line out of the cart and answers them with their products as they are now, inside the caller's
   * transaction. Deleting first is what makes checkout safe twice over: a second checkout of the same cart waits
   * on these rows and then finds the cart empty, and a failed checkout's rollback puts the lines back.
   */
  async claimLines(db: Kysely<Database>, userId: number): Promise<ClaimedLine[]> {
    const claimed = await db
      .deleteFrom('cartItems')
      .where('userId', '=', userId)
      .returning(['productId', 'quantity', 'addedAt'])
      .execute();
    if (claimed.length === 0) return [];
    const products = await db
      .selectFrom('products')
      .select(['id', 'name', 'priceCents', 'quantity', 'sku', 'categoryIds'])
      .where(
        'id',
        'in',
        claimed.map((line) => line.productId),
      )
      .execute();
    const productById = new Map(products.map((product) => [product.id, product]));
    return claimed
      .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.productId - b.productId)
      .flatMap((line) => {
        const product = productById.get(line.productId);
        return product
          ? [
              {
                productId: line.productId,
                productName: product.name,
                priceCents: product.priceCents,
                quantity: line.quantity,
                stock: product.quantity,
                sku: product.sku,
                categoryIds: JSON.parse(product.categoryIds) as number[],
              },
            ]
          : [];
      });
  }

  async clear(userId: number): Promise<void> {
    await this.db.deleteFrom('cartItems').where('userId', '=', userId).execute();
  }

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
