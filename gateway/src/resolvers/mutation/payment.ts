// How the shop takes payment (admins, extension payment): the account bank transfers pay into, or none. The REST
// service applies the shop's rules (shop-rules' checkBankTransfer) and answers what breaks them, on
// `bankTransfer.<field>`. Recording a payment is an order's mutation (shopping.ts).
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { withUserErrors } from './user-errors.js';

export const paymentMutations: Pick<MutationResolvers, 'updatePaymentSettings'> = {
  updatePaymentSettings: (_root, { input }, context) =>
    withUserErrors(
      input,
      {
        fields: [
          'bankTransfer',
          'bankTransfer.accountHolder',
          'bankTransfer.iban',
          'bankTransfer.bic',
          'bankTransfer.days',
        ],
      },
      async () => {
        const bankTransfer = input.bankTransfer ?? null;
        return {
          paymentSettings: await context.api.payment.updateSettings(
            bankTransfer && {
              accountHolder: bankTransfer.accountHolder,
              iban: bankTransfer.iban,
              bic: bankTransfer.bic ?? null,
              ...(bankTransfer.days == null ? {} : { days: bankTransfer.days }),
            },
          ),
        };
      },
    ),
};
