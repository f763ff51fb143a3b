// Mutations of the viewer's address book (extension address-book).
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { withUserErrors } from './user-errors.js';

const ADDRESS_FIELDS = ['id', 'name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const;
const NOT_FOUND = () => new InputProblem('Address not found', 'id', 'NOT_FOUND');

export const addressMutations: Pick<MutationResolvers, 'saveAddress' | 'deleteAddress'> = {
  saveAddress: (_root, { input }, context) =>
    withUserErrors(input, { fields: ADDRESS_FIELDS }, async () => {
      const id = input.id == null ? undefined : numericIdOf(input.id, 'Address');
      if (input.id != null && id === undefined) throw NOT_FOUND();
      const { name, line1, line2, city, postalCode, country, phone } = input;
      const address = await context.api.users.saveAddress(id, { name, line1, line2, city, postalCode, country, phone });
      return { address };
    }),
  deleteAddress: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id'] }, async () => {
      const id = numericIdOf(input.id, 'Address');
      if (id === undefined) throw NOT_FOUND();
      await context.api.users.deleteAddress(id);
      return { deletedAddressId: input.id };
    }),
};
