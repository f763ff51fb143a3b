// /api/orders: checkout, the caller's orders, and the admins' status changes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requirePermission, viewerOf } from '../auth/authenticate.js';
import { readsEveryOrder } from '../auth/authenticated-user.js';
import { forbidden } from '../shared/http-errors.js';
import { requestedPage } from '../shared/paging.js';
import { BEARER_SECURITY, IdParams, errorAnswers } from '../shared/schemas.js';
import {
  type CheckoutBody,
  CheckoutBodySchema,
  CheckoutHeaders,
  ChargesAnswerSchema,
  ChargesQuery,
  OrderAnswerSchema,
  OrderListAnswer,
  OrderAgainAnswer,
  OrderHistoryAnswer,
  OrderListQuery,
  type OrderStatus,
  StatusBody,
} from './order.schemas.js';
import type { OrderService } from './order.service.js';
import { addLineProducts } from '../products/line-products.js';
import type { ProductService } from '../products/product.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { AddressService } from '../addresses/address.service.js';
import { type InvoiceContext, invoicePdf } from './invoice-pdf.js';
import { invoiceNumber } from '../../../shop-rules/payment-rules.js';

export interface OrderRouteOptions {
  orders: OrderService;
  /** Where the extensions are on, each line's product is read for the answer (line-products). */
  products: ProductService;
  /** Where an old order's lines go when it is ordered again (extension order-again). */
  cart: CartService;
  /** The address book whose address an order went to becomes its last used (extension address-book). */
  addresses: AddressService;
  extensions: boolean;
  /** What a paid order's invoice prints beside the order (extension invoices). */
  invoices?: InvoiceContext;
}

export const orderRoutes: FastifyPluginAsyncTypebox<OrderRouteOptions> = async (
  app,
  { orders, products, cart, addresses, extensions, invoices },
) => {
  const common = { tags: ['orders'], security: BEARER_SECURITY };
  const OrderAnswer = OrderAnswerSchema(extensions);
  // Each line's product as it is now, on every order answered (the history's answers have no lines).
  if (extensions) addLineProducts(app, products);

  app.post(
    '/checkout',
    {
      schema: {
        operationId: 'checkout',
        ...common,
        summary: 'Turn the cart into an order (stock taken, prices snapshotted, cart emptied)',
        body: CheckoutBodySchema(extensions),
        ...(extensions ? { headers: CheckoutHeaders } : {}),
        response: { 201: OrderAnswer, ...errorAnswers(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body as CheckoutBody;
      // Both are extensions: the plain contract has neither, and ignores them.
      const key = extensions ? request.headers['idempotency-key'] : undefined;
      const { order, replayed } = await orders.checkout(viewerOf(request), {
        shippingAddress: body.shippingAddress,
        expectedTotal: extensions ? body.expectedTotal : undefined,
        shippingMethodId: extensions ? body.shippingMethodId : undefined,
        shippingCountry: extensions ? body.shippingCountry : undefined,
        paymentMethod: extensions ? body.paymentMethod : undefined,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      else if (extensions)
        // The order is placed: the address book's "last used" failing must not turn that into an error.
        await addresses
          .markUsed(viewerOf(request).id, order.shippingAddress, order.orderDate)
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not mark the address last used'));
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/',
    {
      schema: {
        operationId: 'listOrders',
        ...common,
        summary:
          'The caller’s orders, newest first; with the extensions every customer’s (admins), narrowed by status and search',
        querystring: OrderListQuery(extensions),
        response: { 200: OrderListAnswer(extensions), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const query = request.query as {
        page?: number;
        size?: number;
        scope?: 'mine' | 'all';
        status?: OrderStatus;
        search?: string;
      };
      // scope, status and search are extensions: with the extensions off they are ignored like page and size (DESIGN
      // §4).
      const everyone = extensions && query.scope === 'all';
      if (everyone && !readsEveryOrder(viewer)) throw forbidden('Only administrators can see every order');
      const narrowing = extensions ? { everyone, status: query.status, search: query.search } : { everyone };
      const page = requestedPage(query, extensions);
      return page ? orders.page(viewer, page, narrowing) : orders.list(viewer, narrowing);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getOrder',
        ...common,
        summary: 'One of the caller’s orders',
        params: IdParams,
        response: { 200: OrderAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => orders.get(viewerOf(request), request.params.id),
  );

  // An extension: the plain contract keeps no history.
  if (extensions) {
    app.get(
      '/:id/history',
      {
        schema: {
          operationId: 'getOrderHistory',
          ...common,
          summary:
            'What happened to one of the caller’s orders (any, for admins), with times; admins see who moved it (extension)',
          params: IdParams,
          response: { 200: OrderHistoryAnswer, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request) => orders.history(viewerOf(request), request.params.id),
    );
  }

  // An extension (buyer-cancellation): the plain contract lets only admins move an order.
  if (extensions) {
    app.post(
      '/:id/cancel',
      {
        schema: {
          operationId: 'cancelOwnOrder',
          ...common,
          summary:
            'The buyer cancels their own order while it waits for confirmation, which returns its stock; asked again once cancelled, the order as it is (extension: buyer-cancellation)',
          params: IdParams,
          response: { 200: OrderAnswer, ...errorAnswers(400, 401, 404, 409) },
        },
      },
      async (request) => orders.cancelOwn(viewerOf(request), request.params.id),
    );

    app.post(
      '/:id/payment',
      {
        preValidation: requirePermission('RECORD_PAYMENTS', 'Only administrators can record a payment'),
        schema: {
          operationId: 'recordOrderPayment',
          ...common,
          tags: ['orders', 'payment'],
          summary:
            'Record that an order’s bank transfer arrived: it is paid and may move on (ADMIN; audited; asked again once paid: the order as it is; extension: payment)',
          params: IdParams,
          response: { 200: OrderAnswer, ...errorAnswers(401, 403, 404, 409) },
        },
      },
      async (request) => orders.recordPayment(viewerOf(request), request.params.id),
    );

    if (invoices)
      app.get(
        '/:id/invoice',
        {
          schema: {
            operationId: 'getOrderInvoice',
            ...common,
            tags: ['orders', 'payment'],
            summary:
              'A paid order’s invoice as a PDF, numbered without gaps in the order orders were paid: the buyer’s own, or any for admins (extension: invoices)',
            params: IdParams,
            response: {
              200: {
                description: 'The invoice (application/pdf), as an attachment named medshop-invoice-INV-000042.pdf',
                content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
              },
              ...errorAnswers(401, 404),
            },
          },
        },
        async (request, reply) => {
          const { order, invoice } = await orders.invoice(viewerOf(request), request.params.id);
          const pdf = await invoicePdf(order, invoice, invoices);
          return (
            reply
              .type('application/pdf')
              .header(
                'content-disposition',
                `attachment; filename="medshop-invoice-${invoiceNumber(invoice.number)}.pdf"`,
              )
              .header('cache-control', 'private, no-store')
              // The document types the body as its binary string; a Buffer is sent as it is, never serialized.
              .send(pdf as unknown as string)
          );
        },
      );

    app.post(
      '/:id/order-again',
      {
        schema: {
          operationId: 'orderAgain',
          ...common,
          summary:
            'Puts the lines of one of the caller’s orders into their cart, each within its stock and the cart limits; answers the cart and each line that did not go in whole, with why (extension: order-again)',
          params: IdParams,
          response: { 200: OrderAgainAnswer, ...errorAnswers(400, 401, 404) },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        return cart.addOrderLines(viewer.id, await orders.linesToOrderAgain(viewer, request.params.id));
      },
    );
  }

  app.put(
    '/:id/status',
    {
      preValidation: requirePermission('MANAGE_ORDERS', 'Only administrators can change an order’s status'),
      schema: {
        operationId: 'updateOrderStatus',
        ...common,
        summary: 'Move an order on: CONFIRMED, SHIPPED, DELIVERED or CANCELLED (which returns the stock) (ADMIN)',
        params: IdParams,
        body: StatusBody,
        response: { 200: OrderAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orders.changeStatus(viewerOf(request), request.params.id, request.body.status as OrderStatus),
  );
};

/**
 * GET /api/cart/charges (extension tax): what the caller's cart would cost placed now, shipped by a method to a
 * country: its lines, shipping and tax as checkout computes them (and refuses them), and so the total its
 * expectedTotal must be.
 */
export const cartChargesRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService }> = async (app, { orders }) => {
  app.get(
    '/charges',
    {
      schema: {
        operationId: 'getCartCharges',
        tags: ['cart'],
        security: BEARER_SECURITY,
        summary:
          'What the caller’s cart would cost placed now: lines, shipping, tax and total, as checkout computes them (extension: tax)',
        querystring: ChargesQuery,
        response: { 200: ChargesAnswerSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => orders.charges(viewerOf(request), request.query),
  );
};
