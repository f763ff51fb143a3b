// Mutations of tax (admins, extension tax): save (set or change) and delete a rate, and say whether prices include
// tax. The REST service applies the shop's rules (shop-rules' checkTaxRate) and answers what breaks them.
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { withUserErrors } from './user-errors.js';

const NOT_FOUND = () => new InputProblem('Tax rate not found', 'id', 'NOT_FOUND');

export const taxMutations: Pick<MutationResolvers, 'saveTaxRate' | 'deleteTaxRate' | 'updateTaxSettings'> = {
  saveTaxRate: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id', 'country', 'categoryId', 'rate'] }, async () => {
      await context.api.tax.refuseWhereUnsupported();
      const id = input.id == null ? undefined : numericIdOf(input.id, 'TaxRate');
      if (input.id != null && id === undefined) throw NOT_FOUND();
      const categoryId = input.categoryId == null ? null : numericIdOf(input.categoryId, 'Category');
      if (categoryId === undefined) throw new InputProblem('Category not found', 'categoryId');
      const taxRate = await context.api.tax.save(id, { country: input.country, categoryId, rate: input.rate });
      return { taxRate };
    }),
  deleteTaxRate: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id'] }, async () => {
      await context.api.tax.refuseWhereUnsupported();
      const id = numericIdOf(input.id, 'TaxRate');
      if (id === undefined) throw NOT_FOUND();
      await context.api.tax.delete(id);
      return { deletedTaxRateId: input.id };
    }),
  updateTaxSettings: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['pricesIncludeTax'] }, async () => ({
      taxSettings: { pricesIncludeTax: await context.api.tax.setPricesIncludeTax(input.pricesIncludeTax) },
    })),
};
