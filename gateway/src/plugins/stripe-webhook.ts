// Stripe's webhook, through the gateway: POST /api/payment/stripe-webhook is passed on to the REST service unchanged,
// so that Stripe (and `stripe listen --forward-to localhost:4000/api/payment/stripe-webhook`) reaches the shop at its
// one address, the one SHOP_URL names. The REST service verifies the event's Stripe-Signature, which covers the body's
// bytes as Stripe sent them: the body is never parsed here, only passed on, with the two headers the check reads
// (content-type, stripe-signature). No token: the signature is the proof, and the REST service checks it. Its status
// and body come back as they are (200 once acted on, 400 WEBHOOK_SIGNATURE_INVALID, 404 where the shop takes no cards,
// 500 for Stripe to deliver again); only when no answer comes does the gateway answer, 502, which Stripe retries too.
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../../config/server.js';
import { UPSTREAM_UNAVAILABLE_MESSAGE } from '../errors.js';
import type { RestClient } from '../rest/rest-client.js';

export const STRIPE_WEBHOOK_PATH = '/api/payment/stripe-webhook';
/** What the REST service's check reads of the request: the body's type, and the signature over its bytes. */
const PASSED_REQUEST_HEADERS = ['content-type', 'stripe-signature'];
const PASSED_ANSWER_HEADERS = ['content-type'];

const refuse = (reply: FastifyReply, status: number, message: string, code: string) =>
  reply.code(status).send({ message, code });

export const stripeWebhookPlugin: FastifyPluginAsync<{ rest: RestClient }> = async (app, { rest }) => {
  // Whatever the type, the bytes as they came (Stripe's events are JSON well under 1 MB); this plugin's route alone.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuse(reply, 413, `The body is too large: the limit is ${BODY_LIMIT_BYTES} bytes`, 'PAYLOAD_TOO_LARGE');
    if ((error.statusCode ?? 500) < 500) return refuse(reply, error.statusCode!, error.message, 'MALFORMED_REQUEST');
    // No answer from the REST service: Stripe delivers the event again later.
    request.log.error({ err: error }, 'payment: a Stripe webhook could not be passed on');
    return refuse(reply, 502, UPSTREAM_UNAVAILABLE_MESSAGE, 'UPSTREAM_UNAVAILABLE');
  });

  app.post<{ Body: Buffer | undefined }>(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    const headers: Record<string, string> = {};
    for (const name of PASSED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await rest.passThrough(
      { requestId: request.id, clientAddress: request.ip },
      {
        method: 'POST',
        path: STRIPE_WEBHOOK_PATH,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      },
    );
    reply.code(answer.status);
    for (const name of PASSED_ANSWER_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(answer.body);
  });
};
