// SQL for tax (migration 0021): the rates admins set, and what an order to a country is taxed by, read in one
// statement inside checkout's transaction.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../shared/timestamps.js';
import type { CategoryNode } from '../../../shop-rules/category-rules.js';
import type { ValidTaxRate } from '../../../shop-rules/tax-rules.js';
import type { BankTransferSettings } from '../../../shop-rules/payment-rules.js';
import { BANK_TRANSFER } from '../payment/payment.repository.js';

/** A rate as kept, with its category's name (null: the country's standard rate). */
export interface TaxRate extends ValidTaxRate {
  id: number;
  categoryName: string | null;
  createdAt: string;
}

/** What an order is taxed by: the rates that apply, the shop's setting, and the category tree where a rate needs it. */
export interface TaxInputs {
  rates: ValidTaxRate[];
  pricesIncludeTax: boolean;
  /** The whole tree, read only when one of the rates is a category's (else empty). */
  tree: CategoryNode[];
  /** The account bank transfers pay into (payment); null while the shop takes none. */
  bankTransfer: BankTransferSettings | null;
}

/** The shop setting's row name (shop_settings, as the low-stock threshold's). */
export const PRICES_INCLUDE_TAX = 'prices_include_tax';
/** Until an admin says otherwise, the prices entered are what shoppers pay: a rate set later changes no total. */
export const DEFAULT_PRICES_INCLUDE_TAX = true;

export class TaxRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  private selectRates() {
    return this.db
      .selectFrom('taxRates')
      .leftJoin('categories', 'categories.id', 'taxRates.categoryId')
      .select([
        'taxRates.id',
        'taxRates.country',
        'taxRates.categoryId',
        'taxRates.basisPoints',
        'taxRates.createdAt',
        'categories.name as categoryName',
      ]);
  }

  /** Every rate: by country, its standard rate first, then its categories' by name. */
  async list(): Promise<TaxRate[]> {
    const rows = await this.selectRates()
      .orderBy('taxRates.country')
      .orderBy(sql`case when ${sql.ref('taxRates.categoryId')} is null then 0 else 1 end`)
      .orderBy('categories.name')
      .orderBy('taxRates.id')
      .execute();
    return rows;
  }

  async findById(id: number): Promise<TaxRate | undefined> {
    return this.selectRates().where('taxRates.id', '=', id).executeTakeFirst();
  }

  /** Another rate for the same country and category (or the same country's standard rate). */
  async taken(rate: ValidTaxRate, except?: number): Promise<boolean> {
    let query = this.db.selectFrom('taxRates').select('id').where('country', '=', rate.country);
    query =
      rate.categoryId === null
        ? query.where('categoryId', 'is', null)
        : query.where('categoryId', '=', rate.categoryId);
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The category's name, or undefined when there is no such category. */
  async categoryName(id: number): Promise<string | undefined> {
    return (await this.db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst())?.name;
  }

  async insert(rate: ValidTaxRate): Promise<TaxRate> {
    const { id } = await this.db
      .insertInto('taxRates')
      .values({ ...rate, createdAt: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.findById(id))!;
  }

  async update(id: number, rate: ValidTaxRate): Promise<TaxRate | undefined> {
    await this.db.updateTable('taxRates').set(rate).where('id', '=', id).execute();
    return this.findById(id);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('taxRates').where('id', '=', id).execute();
  }

  async pricesIncludeTax(): Promise<boolean> {
    const row = await this.db
      .selectFrom('shopSettings')
      .select('value')
      .where('name', '=', PRICES_INCLUDE_TAX)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as boolean) : DEFAULT_PRICES_INCLUDE_TAX;
  }

  async setPricesIncludeTax(value: boolean): Promise<void> {
    const at = now();
    await this.db
      .insertInto('shopSettings')
      .values({ name: PRICES_INCLUDE_TAX, value: JSON.stringify(value), updatedAt: at })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql`excluded.value`, updatedAt: at }))
      .execute();
  }

  /**
   * What an order going to `country` is taxed by, in one statement (checkout's budget counts them): that country's
   * rates, the shop's setting, and the category tree when one of those rates is a category's; and, read with them,
   * the bank account transfers pay into (payment: which methods the shop offers). With no country: every rate (the
   * caller needs only to know whether there are any).
   */
  async inputsFor(country: string | null): Promise<TaxInputs> {
    const where = country === null ? sql`1 = 1` : sql`country = ${country}`;
    const rows = await sql<{ kind: string; a: number | null; b: number | null; text: string | null }>`
      select 'rate' as kind, category_id as a, basis_points as b, country as text from tax_rates where ${where}
      union all
      select 'setting', null, case when value = 'false' then 0 else 1 end, null from shop_settings
        where name = ${PRICES_INCLUDE_TAX}
      union all
      select 'bank', null, null, value from shop_settings where name = ${BANK_TRANSFER}
      union all
      select 'category', id, parent_id, null from categories
        where exists (select 1 from tax_rates where ${where} and category_id is not null)`.execute(this.db);
    const inputs: TaxInputs = { rates: [], pricesIncludeTax: DEFAULT_PRICES_INCLUDE_TAX, tree: [], bankTransfer: null };
    for (const row of rows.rows) {
      if (row.kind === 'rate')
        inputs.rates.push({ country: row.text!, categoryId: row.a ?? null, basisPoints: Number(row.b) });
      else if (row.kind === 'setting') inputs.pricesIncludeTax = Number(row.b) === 1;
      else if (row.kind === 'bank') inputs.bankTransfer = JSON.parse(row.text!) as BankTransferSettings;
      else inputs.tree.push({ id: Number(row.a), parentId: row.b === null ? null : Number(row.b) });
    }
    return inputs;
  }
}
