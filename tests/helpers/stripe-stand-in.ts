// A stand-in of the few Stripe API calls the shop makes (these machines cannot reach Stripe), to which the shop's own
// use of Stripe's official SDK is pointed by STRIPE_API_URL: Checkout Sessions (create, retrieve, expire), refunds,
// each call's secret key and idempotency key checked as Stripe documents them; the hosted page a buyer pays on (a
// form: Pay, or back to the shop); and webhooks, signed with the SDK's own test helper and delivered as Stripe does:
// again and again until the endpoint answers 2xx. Tests may hold deliveries (a crash between payment and webhook),
// send any event themselves (twice, out of order, forged), and make refunds fail for a while.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  mode: 'payment';
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface StandInEvent {
  id: string;
  type: string;
  session: StandInSession;
}

/** The shop's answer to a webhook (status 0: none). */
export interface WebhookAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  text: string;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The shop's settings for this stand-in. */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  sessions: Map<string, StandInSession>;
  /** Every refund made, in order (an idempotent repeat is not a second one). */
  refunds: StandInRefund[];
  /** Every call to make a refund, as it came (a repeat under the same idempotency key too), and what it answered. */
  refundCalls: { paymentIntent: string | undefined; status: number }[];
  /** Each webhook attempt: the event and the answer's status (0: no answer). */
  deliveries: { eventId: string; status: number }[];
  /** Where webhooks go (the shop's /api/payment/stripe-webhook). */
  deliverTo(endpoint: string): void;
  /** The buyer pays on the session's page: it completes, and its checkout.session.completed is queued for delivery. */
  pay(sessionId: string): StandInEvent;
  /** Queues an event for delivery, as Stripe would send it (retried until answered 2xx). */
  queue(type: string, session: StandInSession, id?: string): StandInEvent;
  /** Sends an event once, now, signed with `secret` (the webhook's own by default); answers the shop's answer. */
  sendOnce(
    event: StandInEvent,
    options?: { secret?: string; timestamp?: number; signature?: string },
  ): Promise<WebhookAnswer>;
  /** While held, queued events wait; released, they are delivered. */
  holdWebhooks(): void;
  releaseWebhooks(): void;
  /** Events queued and not yet answered 2xx. */
  pending(): number;
  /** The next `count` refund calls fail as Stripe's 500 would. */
  failRefunds(count: number): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const RETRY_MS = 100;
const ATTEMPTS_AT_MOST = 600;

/** Stripe's error answer. */
const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { type, message } },
});

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const sessions = new Map<string, StandInSession>();
  /** What each session's page says is paid for (its line's product name). */
  const names = new Map<string, string>();
  const refunds: StandInRefund[] = [];
  const refundCalls: { paymentIntent: string | undefined; status: number }[] = [];
  const refundsByIntent = new Map<string, StandInRefund>();
  const deliveries: { eventId: string; status: number }[] = [];
  /** Idempotency keys: the request's body and the answer it got. */
  const idempotent = new Map<string, { body: string; answer: { status: number; body: unknown } }>();
  const queue: { event: StandInEvent; attempts: number }[] = [];
  let endpoint: string | undefined;
  let held = false;
  let refundFailures = 0;
  let closed = false;
  let delivering = false;
  let base = '';

  const payload = (event: StandInEvent) =>
    JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: event.session },
    });

  async function sendOnce(
    event: StandInEvent,
    sending: { secret?: string; timestamp?: number; signature?: string } = {},
  ): Promise<WebhookAnswer> {
    if (!endpoint) throw new Error('The stand-in has nowhere to deliver webhooks: call deliverTo first');
    const body = payload(event);
    const signature =
      sending.signature ??
      signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: sending.secret ?? webhookSecret,
        ...(sending.timestamp === undefined ? {} : { timestamp: sending.timestamp }),
      });
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      deliveries.push({ eventId: event.id, status: response.status });
      const headers = Object.fromEntries(response.headers);
      return { status: response.status, body: text ? JSON.parse(text) : null, headers, text };
    } catch {
      deliveries.push({ eventId: event.id, status: 0 });
      return { status: 0, body: null, headers: {}, text: '' };
    }
  }

  /** Delivers the queue in order, each event until answered 2xx; a failed one is tried again after RETRY_MS. */
  async function deliver(): Promise<void> {
    if (delivering) return;
    delivering = true;
    try {
      while (!closed && !held && endpoint && queue.length > 0) {
        const next = queue[0]!;
        next.attempts += 1;
        const { status } = await sendOnce(next.event);
        if (status >= 200 && status < 300) queue.shift();
        else if (next.attempts >= ATTEMPTS_AT_MOST) queue.shift();
        else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } finally {
      delivering = false;
    }
  }

  function queueEvent(type: string, session: StandInSession, id = newId('evt')): StandInEvent {
    const event = { id, type, session: structuredClone(session) };
    queue.push({ event, attempts: 0 });
    void deliver();
    return event;
  }

  function complete(sessionId: string): StandInEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}: it cannot be paid`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = newId('pi');
    session.url = null;
    return queueEvent('checkout.session.completed', session);
  }

  const field = (form: URLSearchParams, name: string) => form.get(name) ?? undefined;

  function createSession(form: URLSearchParams): { status: number; body: unknown } {
    const unitAmount = Number(field(form, 'line_items[0][price_data][unit_amount]'));
    const quantity = Number(field(form, 'line_items[0][quantity]') ?? '1');
    const currency = field(form, 'line_items[0][price_data][currency]');
    const success = field(form, 'success_url');
    const cancel = field(form, 'cancel_url');
    if (field(form, 'mode') !== 'payment') return stripeError(400, 'Missing required param: mode.');
    if (!Number.isInteger(unitAmount) || unitAmount < 50)
      return stripeError(400, "The Checkout Session's total amount due must add up to at least $0.50 usd");
    if (!currency || !success || !cancel)
      return stripeError(400, 'Missing required param: currency, success_url or cancel_url.');
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = field(form, 'expires_at') === undefined ? now + 24 * 3600 : Number(field(form, 'expires_at'));
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600)
      return stripeError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const id = newId('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: field(form, 'client_reference_id') ?? null,
      metadata,
      customer_email: field(form, 'customer_email') ?? null,
      payment_intent: null,
      success_url: success,
      cancel_url: cancel,
      url: `${base}/pay/${id}`,
      expires_at: expiresAt,
      created: now,
      livemode: false,
      mode: 'payment',
    };
    sessions.set(id, session);
    names.set(id, field(form, 'line_items[0][price_data][product_data][name]') ?? 'Payment');
    return { status: 200, body: session };
  }

  function refund(form: URLSearchParams): { status: number; body: unknown } {
    const intent = field(form, 'payment_intent');
    const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
    if (!intent || !paid) return stripeError(400, `No such payment_intent: '${intent}'`);
    if (refundFailures > 0) {
      refundFailures -= 1;
      return stripeError(500, 'An error occurred with our connection to Stripe.', 'api_error');
    }
    const amount = Number(field(form, 'amount') ?? paid.amount_total);
    const already = refundsByIntent.get(intent);
    if (already)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${intent} has already been refunded.`,
          },
        },
      };
    if (amount > paid.amount_total) return stripeError(400, 'Refund amount is greater than the charge.');
    const made: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      payment_intent: intent,
      amount,
      status: 'succeeded',
    };
    refunds.push(made);
    refundsByIntent.set(intent, made);
    return { status: 200, body: made };
  }

  function api(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/refunds') return refund(form);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = sessionPath ? sessions.get(sessionPath[1]!) : undefined;
    if (sessionPath && !session) return stripeError(404, `No such checkout.session: '${sessionPath[1]}'`);
    if (session && method === 'GET' && !sessionPath![2]) return { status: 200, body: session };
    if (session && method === 'POST' && sessionPath![2]) {
      if (session.status !== 'open')
        return stripeError(400, 'Only Checkout Sessions with a status of `open` can be expired.');
      session.status = 'expired';
      session.url = null;
      queueEvent('checkout.session.expired', session);
      return { status: 200, body: session };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', base);
      const send = (status: number, body: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      // The hosted page: what the buyer sees on Stripe.
      const payPath = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (payPath) {
        const session = sessions.get(payPath[1]!);
        if (!session) return send(404, page('No such payment page', ''), 'text/html');
        if (request.method === 'POST') {
          if (session.status !== 'open')
            return send(410, page('This payment page has expired', '<p>Nothing was charged.</p>'), 'text/html');
          complete(session.id);
          response.writeHead(303, { location: session.success_url });
          return response.end();
        }
        const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
        return send(
          200,
          page(
            'Pay with card',
            `<p>${names.get(session.id) ?? 'Payment'}: ${amount}</p><form method="post"><button type="submit">Pay ${amount}</button></form>` +
              `<p><a href="${session.cancel_url}">Back to the shop</a></p>`,
          ),
          'text/html',
        );
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const form = new URLSearchParams(raw);
      const key = request.headers['idempotency-key'];
      const keyed = typeof key === 'string' && request.method === 'POST' ? `${url.pathname} ${key}` : undefined;
      const earlier = keyed ? idempotent.get(keyed) : undefined;
      if (earlier) {
        if (url.pathname === '/v1/refunds')
          refundCalls.push({ paymentIntent: form.get('payment_intent') ?? undefined, status: earlier.answer.status });
        if (earlier.body !== raw)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        return send(earlier.answer.status, earlier.answer.body);
      }
      const answer = api(request.method ?? 'GET', url.pathname, form);
      if (url.pathname === '/v1/refunds')
        refundCalls.push({ paymentIntent: form.get('payment_intent') ?? undefined, status: answer.status });
      // Stripe keeps an idempotent request's answer unless it failed on its side (500: tried again afresh).
      if (keyed && answer.status < 500) idempotent.set(keyed, { body: raw, answer });
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: base },
    sessions,
    refunds,
    refundCalls,
    deliveries,
    deliverTo(url) {
      endpoint = url;
      void deliver();
    },
    pay: complete,
    queue: queueEvent,
    sendOnce,
    holdWebhooks() {
      held = true;
    },
    releaseWebhooks() {
      held = false;
      void deliver();
    },
    pending: () => queue.length,
    failRefunds(count) {
      refundFailures = count;
    },
    async close() {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
