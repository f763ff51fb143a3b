// /api/settings/payment (extension payment): every logged-in user reads how the shop takes payment (checkout offers
// it); only admins set the bank account. Recording a transfer that arrived is an order's route (order.routes.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAdmin, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, Nullable, errorAnswers } from '../shared/schemas.js';
import {
  DEFAULT_BANK_TRANSFER_DAYS,
  MAX_BANK_TRANSFER_DAYS,
  PAYMENT_METHODS,
  type BankTransferForm,
} from '../../../shop-rules/payment-rules.js';
import type { PaymentService } from './payment.service.js';

const BankTransferAnswer = Type.Object({
  accountHolder: Type.String(),
  iban: Type.String({ description: 'Without spaces, in capitals' }),
  bic: Nullable(Type.String()),
  days: Type.Integer({ description: 'How many days an order waits for its transfer, its stock held' }),
});

const SettingsAnswer = Type.Object({
  methods: Type.Array(Type.Enum([...PAYMENT_METHODS]), {
    description: 'What checkout offers (its paymentMethod); empty: the shop takes no payment, and orders as before',
  }),
  bankTransfer: Nullable(BankTransferAnswer, {
    description: 'The account bank transfers pay into; null while the shop takes none',
  }),
});

const SettingsBody = Type.Object({
  // Checked by the rules, so that a wrong value gets their message.
  bankTransfer: Type.Union(
    [
      Type.Object({
        accountHolder: Type.Unknown({ description: '1 to 70 characters' }),
        iban: Type.Unknown({ description: 'An IBAN whose check digits are right; spaces and case aside' }),
        bic: Type.Optional(Type.Unknown({ description: '8 or 11 letters and digits; null or empty: none' })),
        days: Type.Optional(
          Type.Unknown({
            description: `Days an order waits for its transfer, 1 to ${MAX_BANK_TRANSFER_DAYS} (${DEFAULT_BANK_TRANSFER_DAYS} when left out)`,
          }),
        ),
      }),
      Type.Null(),
    ],
    { description: 'null: the shop stops taking bank transfers (orders waiting for one still wait)' },
  ),
});

export const paymentSettingsRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  const common = { tags: ['payment'], security: BEARER_SECURITY };

  app.get(
    '/payment',
    {
      schema: {
        operationId: 'getPaymentSettings',
        ...common,
        summary: 'How the shop takes payment: the methods checkout offers and the bank account (extension: payment)',
        response: { 200: SettingsAnswer, ...errorAnswers(401) },
      },
    },
    async () => payments.settings(),
  );

  app.put(
    '/payment',
    {
      preHandler: requireAdmin('Only administrators can manage payment'),
      schema: {
        operationId: 'setPaymentSettings',
        ...common,
        summary: 'Set the bank account transfers pay into, or stop taking them (ADMIN; audited; extension: payment)',
        body: SettingsBody,
        response: { 200: SettingsAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) =>
      payments.setBankTransfer(viewerOf(request), request.body.bankTransfer as BankTransferForm | null),
  );
};
