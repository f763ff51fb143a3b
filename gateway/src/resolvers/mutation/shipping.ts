// Mutations of the shipping methods (admins, extension shipping): save (create or change) and delete. Amounts come
// in as Decimal text and go to the REST service in dollars, exact; the REST service applies the shop's rules.
import type { MutationResolvers, SaveShippingMethodInput } from '../../__generated__/resolvers-types.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import type { ShippingMethodBody } from '../../rest/shipping-api.js';
import { centsToDollars, decimalToCents } from '../../../../shop-rules/money.js';
import { withUserErrors } from './user-errors.js';

const NOT_FOUND = () => new InputProblem('Shipping method not found', 'id', 'NOT_FOUND');
const PRICE_RULE = 'Price must be from 0 to $10,000.00 in whole cents';
const FREE_FROM_RULE = 'Free from must be an order value over 0 in whole cents, or none';

/** The REST service's fields of a rate, as the input names them (`rates[0].price` → `rates[0].priceAmount`). */
function rateFields(input: SaveShippingMethodInput): Record<string, string> {
  return Object.fromEntries(
    input.rates.flatMap((_rate, index) => [
      [`rates[${index}].price`, `rates[${index}].priceAmount`],
      [`rates[${index}].freeFrom`, `rates[${index}].freeFromAmount`],
    ]),
  );
}

function inputFields(input: SaveShippingMethodInput): string[] {
  return [
    'id',
    'name',
    'description',
    'minDays',
    'maxDays',
    'active',
    'rates',
    ...input.rates.flatMap((_rate, index) => [
      `rates[${index}].countries`,
      `rates[${index}].priceAmount`,
      `rates[${index}].freeFromAmount`,
    ]),
  ];
}

/** The method as the REST service takes it: each amount exact in cents first, then in dollars. */
function methodBody(input: SaveShippingMethodInput, check: InputCheck): ShippingMethodBody {
  const rates = input.rates.map((rate, index) => {
    const price = decimalToCents(rate.priceAmount);
    if (price === undefined) check.add({ message: PRICE_RULE, field: `rates[${index}].priceAmount` });
    const freeFrom = rate.freeFromAmount == null ? null : decimalToCents(rate.freeFromAmount);
    if (freeFrom === undefined) check.add({ message: FREE_FROM_RULE, field: `rates[${index}].freeFromAmount` });
    return {
      countries: rate.countries,
      price: centsToDollars(price ?? 0),
      freeFrom: freeFrom == null ? null : centsToDollars(freeFrom),
    };
  });
  check.done();
  return {
    name: input.name,
    description: input.description ?? null,
    minDays: input.minDays,
    maxDays: input.maxDays,
    active: input.active ?? true,
    rates,
  };
}

export const shippingMutations: Pick<MutationResolvers, 'saveShippingMethod' | 'deleteShippingMethod'> = {
  saveShippingMethod: (_root, { input }, context) =>
    withUserErrors(input, { fields: inputFields(input), restFields: rateFields(input) }, async () => {
      await context.api.shipping.refuseWhereUnsupported();
      const check = new InputCheck();
      const id = input.id == null ? undefined : numericIdOf(input.id, 'ShippingMethod');
      if (input.id != null && id === undefined) throw NOT_FOUND();
      const shippingMethod = await context.api.shipping.save(id, methodBody(input, check));
      return { shippingMethod };
    }),
  deleteShippingMethod: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id'] }, async () => {
      await context.api.shipping.refuseWhereUnsupported();
      const id = numericIdOf(input.id, 'ShippingMethod');
      if (id === undefined) throw NOT_FOUND();
      await context.api.shipping.delete(id);
      return { deletedShippingMethodId: input.id };
    }),
};
