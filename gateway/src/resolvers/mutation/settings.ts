// Mutations of the shop's settings (admins, extension product-low-stock): the low-stock threshold.
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputCheck } from '../../errors.js';
import { checkShopThreshold } from '../../../../shop-rules/low-stock.js';
import { withUserErrors } from './user-errors.js';

export const settingsMutations: Pick<MutationResolvers, 'updateShopSettings'> = {
  updateShopSettings: (_root, { input }, context) =>
    withUserErrors(
      input,
      { fields: ['lowStockThreshold'], restFields: { threshold: 'lowStockThreshold' } },
      async () => {
        await context.api.products.refuseWithoutLowStock();
        const check = new InputCheck();
        const problem = checkShopThreshold(input.lowStockThreshold);
        if (problem) check.add(problem);
        check.done();
        return {
          shopSettings: { lowStockThreshold: await context.api.products.setLowStockThreshold(input.lowStockThreshold) },
        };
      },
    ),
};
