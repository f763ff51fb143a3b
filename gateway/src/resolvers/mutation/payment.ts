// How the shop takes payment (admins, extension payment): the account bank transfers pay into, or none. The REST
// service applies the shop's rules (shop-rules' checkBankTransfer) and answers what breaks them, on
// `bankTransfer.<field>`. Recording a payment is an order's mutation (shopping.ts). A buyer starts paying their card
// order here: Stripe's page to send them to.
import { PAYMENT_METHOD_NOT_OFFERED } from '../../../../shop-rules/payment-rules.js';
import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import { withUserErrors } from './user-errors.js';

export const paymentMutations: Pick<MutationResolvers, 'updatePaymentSettings' | 'startCardPayment'> = {
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

  // Nothing about the order changes (the REST service keeps the session it opened): nothing is published. The order is
  // paid by Stripe's webhook, which reaches the REST service through the gateway's passthrough (stripe-webhook.ts).
  startCardPayment: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['orderId'], restFields: { id: 'orderId' } }, async () => {
      await context.api.payment.refuseWhereUnsupported();
      const orderId = numericIdOf(input.orderId, 'Order');
      if (orderId === undefined) throw new InputProblem('Order not found', 'orderId', 'NOT_FOUND');
      const session = await context.api.payment.startCardPayment(orderId);
      if (!session) throw new InputProblem(PAYMENT_METHOD_NOT_OFFERED('CARD'), 'orderId', 'CONFLICT');
      return { url: session.url, expiresAt: session.expiresAt };
    }),
};
