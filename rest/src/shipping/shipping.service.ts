// Shipping methods (extension shipping): admins create, change, retire and delete them, each change audited; every
// shopper reads the active ones, and what each costs their cart to a country (or why it does not ship there).
// Checkout prices the method the buyer chose inside its own transaction (OrderService), with the same rules.
import type { Actor, AuditChanges, AuditRepository } from '../audit/audit.repository.js';
import { badRequest, conflict, notFound } from '../shared/http-errors.js';
import { centsToDollars } from '../../../shop-rules/money.js';
import { INVALID_COUNTRY, COUNTRY_CODES } from '../../../shop-rules/address-rules.js';
import {
  SHIPPING_METHOD_NAME_TAKEN,
  type ShippingMethodForm,
  type ValidShippingMethod,
  checkShippingMethod,
  deliveryEstimate,
  quoteShipping,
} from '../../../shop-rules/shipping-rules.js';
import type { ShippingMethod, ShippingMethodRepository } from './shipping.repository.js';

/** A method as answered: prices in dollars, and how long it takes in words. */
export interface ShippingMethodAnswer {
  id: number;
  name: string;
  description: string | null;
  minDays: number;
  maxDays: number;
  estimate: string;
  active: boolean;
  rates: { countries: string[]; price: number; freeFrom: number | null }[];
  createdAt: string;
}

/** A method offered for an order going to a country: its price there, or why it cannot take it. */
export interface ShippingOptionAnswer {
  method: ShippingMethodAnswer;
  available: boolean;
  /** Dollars; null when it does not ship there. */
  price: number | null;
  /** Why it cannot take the order; null when it can. */
  reason: string | null;
}

export const toShippingMethodAnswer = (method: ShippingMethod): ShippingMethodAnswer => ({
  id: method.id,
  name: method.name,
  description: method.description,
  minDays: method.minDays,
  maxDays: method.maxDays,
  estimate: deliveryEstimate(method.minDays, method.maxDays),
  active: method.active,
  rates: method.rates.map((rate) => ({
    countries: rate.countries,
    price: centsToDollars(rate.priceCents),
    freeFrom: rate.freeFromCents === null ? null : centsToDollars(rate.freeFromCents),
  })),
  createdAt: method.createdAt,
});

/** Runs `work` in one transaction, the repositories bound to it. */
export type ShippingTransaction = <T>(
  work: (repositories: { methods: ShippingMethodRepository; audit: AuditRepository }) => Promise<T>,
) => Promise<T>;

export const shippingMethodNotFound = (field = 'id') =>
  notFound('Shipping method not found', 'SHIPPING_METHOD_NOT_FOUND', field);

/** A country's code as the shop keeps it (upper-case), or a 400 on `field`. */
export function validCountry(country: string, field: string): string {
  const code = country.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(code)) throw badRequest(INVALID_COUNTRY, field);
  return code;
}

const FIELDS = ['name', 'description', 'minDays', 'maxDays', 'active', 'rates'] as const;

function changesOf(before: ValidShippingMethod | undefined, after: ValidShippingMethod | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of FIELDS) {
    const [from, to] = [before?.[field], after?.[field]];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = { ...(before ? { from } : {}), ...(after ? { to } : {}) };
  }
  return changes;
}

export class ShippingService {
  constructor(
    private readonly methods: ShippingMethodRepository,
    private readonly inTransaction: ShippingTransaction,
  ) {}

  /** The active methods for a shopper; every method, the retired ones too, for an admin. */
  async list({ everything }: { everything: boolean }): Promise<ShippingMethodAnswer[]> {
    return (await this.methods.list({ activeOnly: !everything })).map(toShippingMethodAnswer);
  }

  /** The method after the rules, its name free among the others (checked inside the change's transaction). */
  private async checked(methods: ShippingMethodRepository, form: ShippingMethodForm, id?: number) {
    const checked = checkShippingMethod(form);
    if (Array.isArray(checked)) throw badRequest(checked[0]!.message, checked[0]!.field);
    if (await methods.named(checked.name, id))
      throw conflict(SHIPPING_METHOD_NAME_TAKEN(checked.name), 'SHIPPING_METHOD_NAME_TAKEN', 'name');
    return checked;
  }

  async create(actor: Actor, form: ShippingMethodForm): Promise<ShippingMethodAnswer> {
    return this.inTransaction(async ({ methods, audit }) => {
      const created = await methods.insert(await this.checked(methods, form));
      await audit.record(
        actor,
        'shipping_method.created',
        { type: 'shipping_method', id: created.id },
        changesOf(undefined, created),
      );
      return toShippingMethodAnswer(created);
    });
  }

  /** Changes every field as given; orders placed with it keep what they were charged. */
  async update(actor: Actor, id: number, form: ShippingMethodForm): Promise<ShippingMethodAnswer> {
    return this.inTransaction(async ({ methods, audit }) => {
      const before = await methods.findById(id);
      if (!before) throw shippingMethodNotFound();
      const updated = (await methods.update(id, await this.checked(methods, form, id)))!;
      const changes = changesOf(before, updated);
      if (Object.keys(changes).length > 0)
        await audit.record(actor, 'shipping_method.updated', { type: 'shipping_method', id }, changes);
      return toShippingMethodAnswer(updated);
    });
  }

  /** Forgets a method; orders placed with it keep its name and what they paid. */
  async delete(actor: Actor, id: number): Promise<void> {
    await this.inTransaction(async ({ methods, audit }) => {
      const before = await methods.findById(id);
      if (!before) throw shippingMethodNotFound();
      await methods.delete(id);
      await audit.record(
        actor,
        'shipping_method.deleted',
        { type: 'shipping_method', id },
        changesOf(before, undefined),
      );
    });
  }

  /** Each active method for an order worth `subtotalCents` going to `country`: its price, or why not. */
  async options(country: string, subtotalCents: number): Promise<ShippingOptionAnswer[]> {
    const code = validCountry(country, 'country');
    return (await this.methods.list({ activeOnly: true })).map((method) => {
      const quote = quoteShipping(method, code, subtotalCents);
      return {
        method: toShippingMethodAnswer(method),
        available: quote.available,
        price: quote.available ? centsToDollars(quote.priceCents) : null,
        reason: quote.available ? null : quote.reason,
      };
    });
  }
}
