// The shop's settings that admins change while it runs (migration 0014's shop_settings), as opposed to an operator's
// environment variables (config/settings.ts): today the low-stock threshold (issue 34, extension product-low-stock).
// A setting without a row has its default; a change commits with its audit record.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Kysely, sql } from 'kysely';
import { Type } from 'typebox';
import type { Actor, AuditRepository } from '../audit/audit.repository.js';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../shared/http-errors.js';
import { BEARER_SECURITY, errorAnswers } from '../shared/schemas.js';
import { now } from '../shared/timestamps.js';
import { DEFAULT_LOW_STOCK_THRESHOLD, checkShopThreshold } from '../../../shop-rules/low-stock.js';
import { MAX_STOCK } from '../../../shop-rules/product-fields.js';

const LOW_STOCK = 'low_stock_threshold';

export class ShopSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The shop's low-stock threshold: the one an admin set, else DEFAULT_LOW_STOCK_THRESHOLD. */
  async lowStockThreshold(): Promise<number> {
    const row = await this.db
      .selectFrom('shopSettings')
      .select('value')
      .where('name', '=', LOW_STOCK)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as number) : DEFAULT_LOW_STOCK_THRESHOLD;
  }

  async setLowStockThreshold(threshold: number): Promise<void> {
    const at = now();
    await this.db
      .insertInto('shopSettings')
      .values({ name: LOW_STOCK, value: JSON.stringify(threshold), updatedAt: at })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql`excluded.value`, updatedAt: at }))
      .execute();
  }
}

/** Runs `work` in one transaction, the repositories bound to it. */
export type SettingsTransaction = <T>(
  work: (repositories: { settings: ShopSettingsRepository; audit: AuditRepository }) => Promise<T>,
) => Promise<T>;

export interface LowStockSetting {
  threshold: number;
}

export class ShopSettingsService {
  constructor(
    private readonly settings: ShopSettingsRepository,
    private readonly inTransaction: SettingsTransaction,
  ) {}

  async lowStock(): Promise<LowStockSetting> {
    return { threshold: await this.settings.lowStockThreshold() };
  }

  /** Sets the shop's threshold; audited (`settings.updated`) when it changes. */
  async setLowStock(actor: Actor, threshold: unknown): Promise<LowStockSetting> {
    const problem = checkShopThreshold(threshold);
    if (problem) throw badRequest(problem.message, 'threshold');
    return this.inTransaction(async ({ settings, audit }) => {
      const before = await settings.lowStockThreshold();
      if (before !== threshold) {
        await settings.setLowStockThreshold(threshold as number);
        await audit.record(
          actor,
          'settings.updated',
          { type: 'shop', id: 1 },
          {
            lowStockThreshold: { from: before, to: threshold },
          },
        );
      }
      return { threshold: threshold as number };
    });
  }
}

const LowStockSettingAnswer = Type.Object({
  threshold: Type.Integer({
    minimum: 0,
    maximum: MAX_STOCK,
    description: `A product with no threshold of its own is low in stock at this many units or fewer (${DEFAULT_LOW_STOCK_THRESHOLD} until an admin sets it)`,
  }),
});

/** /api/settings (extension product-low-stock): admins read and set the shop's low-stock threshold. */
export const shopSettingsRoutes: FastifyPluginAsyncTypebox<{ settings: ShopSettingsService }> = async (
  app,
  { settings },
) => {
  const common = { tags: ['settings'], security: BEARER_SECURITY };
  const adminOnly = requirePermission('MANAGE_CATALOGUE', 'Only administrators can manage the shop’s settings');

  app.get(
    '/low-stock',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'getLowStockSetting',
        ...common,
        summary: 'The shop’s low-stock threshold (ADMIN; extension: product-low-stock)',
        response: { 200: LowStockSettingAnswer, ...errorAnswers(401, 403) },
      },
    },
    async () => settings.lowStock(),
  );

  app.put(
    '/low-stock',
    {
      preValidation: adminOnly,
      schema: {
        operationId: 'setLowStockSetting',
        ...common,
        summary: 'Set the shop’s low-stock threshold (ADMIN; audited; extension: product-low-stock)',
        // Checked by the rules, so that a wrong value gets their message.
        body: Type.Object({ threshold: Type.Unknown({ description: 'A whole number from 0 to 1,000,000' }) }),
        response: { 200: LowStockSettingAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => settings.setLowStock(viewerOf(request), (request.body as { threshold: unknown }).threshold),
  );
};
