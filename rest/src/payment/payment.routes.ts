// /api/settings/payment (extension payment): every logged-in user reads how the shop takes payment (checkout offers
// it); only admins set the bank account. Recording a transfer that arrived is an order's route (order.routes.ts).
// Where the shop takes cards: /api/orders/{id}/card-payment (the buyer's way to Stripe's page) and
// /api/payment/stripe-webhook (Stripe's events).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { BEARER_SECURITY, IdParams, NO_SECURITY, Nullable, errorAnswers } from '../shared/schemas.js';
import { badRequest } from '../shared/http-errors.js';
import {
  DEFAULT_BANK_TRANSFER_DAYS,
  MAX_BANK_TRANSFER_DAYS,
  PAYMENT_METHODS,
  type BankTransferForm,
} from '../../../shop-rules/payment-rules.js';
import type { PaymentService } from './payment.service.js';
import type { CardPaymentService } from './card-payment.service.js';
import { type CardEvent, type StripeCards, WebhookRefused } from './stripe-cards.js';

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
      preValidation: requirePermission('MANAGE_SETTINGS', 'Only administrators can manage payment'),
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

const CardSessionAnswer = Type.Object({
  url: Type.String({ description: 'Stripe’s hosted page where the buyer pays: send them there' }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the page stops taking the payment' }),
});

/**
 * POST /api/orders/{id}/card-payment (extension payment, where the shop takes cards): where the buyer pays their own
 * card order, on Stripe's page. The order is marked paid by Stripe's webhook alone, never by coming back from there.
 */
export const cardPaymentRoutes: FastifyPluginAsyncTypebox<{ cards: CardPaymentService }> = async (app, { cards }) => {
  app.post(
    '/:id/card-payment',
    {
      schema: {
        operationId: 'startCardPayment',
        tags: ['orders', 'payment'],
        security: BEARER_SECURITY,
        summary:
          'Where the buyer pays their own card order: Stripe Checkout’s page, the same while it is open (extension: payment; 404 where the shop takes no cards)',
        params: IdParams,
        response: { 200: CardSessionAnswer, ...errorAnswers(401, 404, 409, 502) },
      },
    },
    async (request) => {
      const session = await cards.startPayment(viewerOf(request), request.params.id);
      return { url: session.url, expiresAt: session.expiresAt };
    },
  );
};

/**
 * POST /api/payment/stripe-webhook: Stripe's events, each verified by its signature before anything is read from it
 * (400 WEBHOOK_SIGNATURE_INVALID: nothing done). Answered 200 once acted on (or known already); a failure answers 500,
 * and Stripe delivers the event again. No token: the signature is the proof.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncTypebox<{
  stripe: StripeCards;
  cards: CardPaymentService;
}> = async (app, { stripe, cards }) => {
  // The signature covers the body's bytes as sent: kept raw here (this plugin's routes alone).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/stripe-webhook',
    {
      schema: {
        operationId: 'stripeWebhook',
        tags: ['payment'],
        security: NO_SECURITY,
        summary:
          'Stripe’s events (checkout.session.completed, checkout.session.async_payment_succeeded), verified by their Stripe-Signature; each acted on once (extension: payment, where the shop takes cards)',
        response: { 200: Type.Object({ received: Type.Boolean() }), ...errorAnswers(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: CardEvent;
      try {
        event = stripe.event(
          Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookRefused) {
          request.log.warn({ reason: error.message }, 'payment: a webhook refused');
          throw badRequest(error.message, null, 'WEBHOOK_SIGNATURE_INVALID');
        }
        throw error;
      }
      await cards.receive(event);
      return { received: true };
    },
  );
};
