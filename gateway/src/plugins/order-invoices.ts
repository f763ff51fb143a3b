// A paid order's invoice, through the gateway (issue 35): a PDF is a file, so it travels beside the graph as the
// catalogue's files do. GET /orders/{order's id in the graph}/invoice.pdf passes the caller's token on to the REST
// service's GET /api/orders/{id}/invoice (extension invoices) and streams its answer back: the PDF with its file name,
// or its refusal ({ message, code, field? }: 401, 404 ORDER_NOT_FOUND, 404 INVOICE_NOT_FOUND) as it came. A REST
// service without the extension (the plain contract) gets 501.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RestClient } from '../rest/rest-client.js';
import { ProductsApi } from '../rest/products-api.js';
import { numericIdOf } from '../global-id.js';
import { UpstreamUnavailable } from '../errors.js';

/** What our REST service names its invoices in its Contract-Extensions. */
export const INVOICES = 'invoices';
export const invoicePath = (orderGlobalId: string) => `/orders/${encodeURIComponent(orderGlobalId)}/invoice.pdf`;

const PASSED_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

const refuse = (reply: FastifyReply, status: number, message: string, code: string) =>
  reply.code(status).send({ message, code });

const tokenOf = (request: FastifyRequest) => {
  const authorization = request.headers.authorization ?? '';
  return /^Bearer /i.test(authorization) ? authorization.slice('Bearer '.length).trim() : undefined;
};

export const orderInvoicesPlugin: FastifyPluginAsync<{ rest: RestClient }> = async (app, { rest }) => {
  app.get<{ Params: { orderId: string } }>('/orders/:orderId/invoice.pdf', async (request, reply) => {
    const token = tokenOf(request);
    // Whether the REST service offers the extension (asked by any answer, as the graph's fields ask it).
    const caller = { token, requestId: request.id, clientAddress: request.ip };
    if (!(await new ProductsApi(rest, caller).offers(INVOICES)))
      return refuse(
        reply,
        501,
        'This shop’s REST service issues no invoices (it lacks the invoices extension)',
        'NOT_SUPPORTED',
      );
    const id = numericIdOf(request.params.orderId, 'Order');
    if (id === undefined) return refuse(reply, 404, 'Order not found', 'ORDER_NOT_FOUND');
    let upstream;
    try {
      upstream = await rest.stream(`/api/orders/${id}/invoice`, request.id, token);
    } catch (error) {
      request.log.error({ err: new UpstreamUnavailable(String(error)) }, 'invoice request failed');
      return refuse(reply, 502, 'Invoices are temporarily unavailable: try again in a moment', 'UNAVAILABLE');
    }
    reply.code(upstream.statusCode);
    for (const header of PASSED_HEADERS) {
      const value = upstream.headers[header];
      if (value !== undefined) reply.header(header, value);
    }
    return reply.send(upstream.body);
  });
};
