// SQL for the shipping methods (migration 0020): a handful of rows, each with its rates as JSON text.
import { type Kysely, type Transaction } from 'kysely';
import type { Database, ShippingMethodsTable } from '../db/schema.js';
import type { ValidRate, ValidShippingMethod } from '../../../shop-rules/shipping-rules.js';
import { now } from '../shared/timestamps.js';

/** A method as kept, its rates read. */
export interface ShippingMethod extends ValidShippingMethod {
  id: number;
  createdAt: string;
}

type MethodRow = Omit<ShippingMethodsTable, 'id'> & { id: number };

const toMethod = (row: MethodRow): ShippingMethod => ({
  id: row.id,
  name: row.name,
  description: row.description,
  minDays: row.minDays,
  maxDays: row.maxDays,
  active: row.active === 1,
  rates: JSON.parse(row.rates) as ValidRate[],
  createdAt: row.createdAt,
});

const toColumns = (method: ValidShippingMethod) => ({
  name: method.name,
  description: method.description,
  minDays: method.minDays,
  maxDays: method.maxDays,
  active: method.active ? 1 : 0,
  rates: JSON.stringify(method.rates),
});

export class ShippingMethodRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Every method (or the active ones alone), the fastest first, then by name. */
  async list({ activeOnly }: { activeOnly: boolean }): Promise<ShippingMethod[]> {
    let query = this.db.selectFrom('shippingMethods').selectAll();
    if (activeOnly) query = query.where('active', '=', 1);
    const rows = await query.orderBy('maxDays').orderBy('minDays').orderBy('name').orderBy('id').execute();
    return rows.map(toMethod);
  }

  async findById(id: number): Promise<ShippingMethod | undefined> {
    const row = await this.db.selectFrom('shippingMethods').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toMethod(row);
  }

  /** Another method of that name, in any case. */
  async named(name: string, except?: number): Promise<ShippingMethod | undefined> {
    let query = this.db
      .selectFrom('shippingMethods')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (except !== undefined) query = query.where('id', '<>', except);
    const row = await query.executeTakeFirst();
    return row && toMethod(row);
  }

  async insert(method: ValidShippingMethod): Promise<ShippingMethod> {
    const row = await this.db
      .insertInto('shippingMethods')
      .values({ ...toColumns(method), createdAt: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMethod(row);
  }

  async update(id: number, method: ValidShippingMethod): Promise<ShippingMethod | undefined> {
    const row = await this.db
      .updateTable('shippingMethods')
      .set(toColumns(method))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toMethod(row);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('shippingMethods').where('id', '=', id).execute();
  }

  /** Whether the shop offers any method: then every order chooses one. */
  async anyActive(): Promise<boolean> {
    const row = await this.db
      .selectFrom('shippingMethods')
      .select('id')
      .where('active', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
