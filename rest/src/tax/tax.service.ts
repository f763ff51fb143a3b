// Tax (extension tax): admins set a country's standard rate and its reduced rates for categories, and whether the
// prices they enter include tax; each change audited. Checkout taxes an order by these inside its own transaction
// (OrderService), with shop-rules' orderTax.
import type { Actor, AuditChanges, AuditRepository } from '../audit/audit.repository.js';
import { badRequest, conflict, notFound } from '../shared/http-errors.js';
import { TAX_RATE_TAKEN, type TaxRateForm, type ValidTaxRate, checkTaxRate } from '../../../shop-rules/tax-rules.js';
import type { TaxRate, TaxRepository } from './tax.repository.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** A rate as answered: a percentage (19, 7.5). */
export interface TaxRateAnswer {
  id: number;
  country: string;
  categoryId: number | null;
  categoryName: string | null;
  rate: number;
  createdAt: string;
}

export interface TaxSettings {
  pricesIncludeTax: boolean;
}

export const toTaxRateAnswer = (rate: TaxRate): TaxRateAnswer => ({
  id: rate.id,
  country: rate.country,
  categoryId: rate.categoryId,
  categoryName: rate.categoryName,
  rate: rate.basisPoints / 100,
  createdAt: rate.createdAt,
});

/** Runs `work` in one transaction, the repositories bound to it. */
export type TaxTransaction = <T>(
  work: (repositories: { taxes: TaxRepository; audit: AuditRepository }) => Promise<T>,
) => Promise<T>;

const taxRateNotFound = () => notFound('Tax rate not found', 'TAX_RATE_NOT_FOUND', 'id');

function changesOf(before: ValidTaxRate | undefined, after: ValidTaxRate | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of ['country', 'categoryId', 'basisPoints'] as const) {
    const [from, to] = [before?.[field], after?.[field]];
    if (from === to) continue;
    changes[field] = { ...(before ? { from } : {}), ...(after ? { to } : {}) };
  }
  return changes;
}

export class TaxService {
  constructor(
    private readonly taxes: TaxRepository,
    private readonly inTransaction: TaxTransaction,
  ) {}

  async list(): Promise<TaxRateAnswer[]> {
    return (await this.taxes.list()).map(toTaxRateAnswer);
  }

  /**
   * Writes the rate after the rules, its category there and its place free (checked inside the change's
   * transaction; two saves of one place at once meet the unique index, answered as the same conflict).
   */
  private async saved(taxes: TaxRepository, form: TaxRateForm, id?: number): Promise<TaxRate | undefined> {
    const checked = checkTaxRate(form);
    if (Array.isArray(checked)) throw badRequest(checked[0]!.message, checked[0]!.field);
    const categoryName = checked.categoryId === null ? null : await taxes.categoryName(checked.categoryId);
    if (categoryName === undefined) throw badRequest('Category not found', 'categoryId');
    const taken = () =>
      conflict(
        TAX_RATE_TAKEN(checked.country, categoryName),
        'TAX_RATE_TAKEN',
        checked.categoryId === null ? 'country' : 'categoryId',
      );
    if (await taxes.taken(checked, id)) throw taken();
    try {
      return id === undefined ? await taxes.insert(checked) : await taxes.update(id, checked);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async create(actor: Actor, form: TaxRateForm): Promise<TaxRateAnswer> {
    return this.inTransaction(async ({ taxes, audit }) => {
      const created = (await this.saved(taxes, form))!;
      await audit.record(
        actor,
        'tax_rate.created',
        { type: 'tax_rate', id: created.id },
        changesOf(undefined, created),
      );
      return toTaxRateAnswer(created);
    });
  }

  /** Changes every field as given; orders placed before keep the tax they were charged. */
  async update(actor: Actor, id: number, form: TaxRateForm): Promise<TaxRateAnswer> {
    return this.inTransaction(async ({ taxes, audit }) => {
      const before = await taxes.findById(id);
      if (!before) throw taxRateNotFound();
      const updated = (await this.saved(taxes, form, id))!;
      const changes = changesOf(before, updated);
      if (Object.keys(changes).length > 0)
        await audit.record(actor, 'tax_rate.updated', { type: 'tax_rate', id }, changes);
      return toTaxRateAnswer(updated);
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.inTransaction(async ({ taxes, audit }) => {
      const before = await taxes.findById(id);
      if (!before) throw taxRateNotFound();
      await taxes.delete(id);
      await audit.record(actor, 'tax_rate.deleted', { type: 'tax_rate', id }, changesOf(before, undefined));
    });
  }

  async settings(): Promise<TaxSettings> {
    return { pricesIncludeTax: await this.taxes.pricesIncludeTax() };
  }

  /** Whether the prices admins enter include tax; audited (`settings.updated`) when it changes. */
  async setPricesIncludeTax(actor: Actor, value: boolean): Promise<TaxSettings> {
    return this.inTransaction(async ({ taxes, audit }) => {
      const before = await taxes.pricesIncludeTax();
      if (before !== value) {
        await taxes.setPricesIncludeTax(value);
        await audit.record(
          actor,
          'settings.updated',
          { type: 'shop', id: 1 },
          { pricesIncludeTax: { from: before, to: value } },
        );
      }
      return { pricesIncludeTax: value };
    });
  }
}
