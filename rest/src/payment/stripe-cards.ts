// Card payments through Stripe Checkout, by Stripe's official Node SDK: a Checkout Session for an order (Stripe's
// hosted page, the buyer sent there and back), a session expired when its order is cancelled, a payment refunded, and
// a webhook's event verified by its signature. The only place that speaks to Stripe; what the answers do to orders is
// CardPaymentService's. STRIPE_API_URL points the SDK elsewhere (the tests' stand-in of Stripe's API).
import Stripe from 'stripe';

/** An order's Checkout Session: where the buyer pays, until when. */
export interface CardSession {
  id: string;
  url: string;
  expiresAt: string;
}

/** What a verified Stripe event says about an order's payment; other events are `ignored`. */
export type CardEvent =
  | {
      id: string;
      type: 'paid';
      /** The Stripe type it came as (checkout.session.completed, checkout.session.async_payment_succeeded). */
      stripeType: string;
      orderId: number | null;
      sessionId: string;
      paymentIntent: string;
      amountCents: number;
      currency: string;
    }
  | { id: string; type: 'ignored'; stripeType: string; orderId: number | null };

/** A webhook whose signature does not verify (forged, replayed past Stripe's tolerance, or for another secret). */
export class WebhookRefused extends Error {}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; undefined → Stripe itself. */
  apiUrl: string | undefined;
}

/**
 * The metadata key naming a Medshop order on its sessions and payments: a name of the shop's own, so that the
 * payments of another application on the same Stripe account are never taken for the shop's.
 */
export const ORDER_METADATA_KEY = 'medshop_order_id';

/** The order a session names in its metadata (set by `openSession`); null for any other session. */
function orderIdOf(session: { metadata?: Record<string, string> | null }) {
  const text = session.metadata?.[ORDER_METADATA_KEY] ?? '';
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** Stripe's shortest Checkout Session, from its creation. */
const SHORTEST_SESSION_SECONDS = 30 * 60;

/**
 * When an order's session stops taking payment: at the end of its reservation, or, where less than Stripe's shortest
 * session is left, that shortest session rounded up to the minute (two clicks within a minute ask Stripe for the same
 * session under one idempotency key, so its parameters must be the same). The sweep expires a session its order
 * outlived; a payment that still arrives is refunded.
 */
export function sessionEnd(reservedUntil: string, now: Date): number {
  const reservationEnd = Math.floor(Date.parse(reservedUntil) / 1000);
  const shortest = Math.ceil((now.getTime() / 1000 + SHORTEST_SESSION_SECONDS) / 60) * 60;
  return Math.max(reservationEnd, shortest);
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export class StripeCards {
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl === undefined ? undefined : new URL(settings.apiUrl);
    this.stripe = new Stripe(settings.secretKey, {
      // Stripe's own advice: a few retries of a call that failed on the network (each with its idempotency key).
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  /**
   * Opens a Checkout Session for an order's total. The idempotency key makes two calls for one decision (a buyer's
   * two clicks, a retry after a timeout) the same session.
   */
  async openSession(
    order: { id: number; totalCents: number; currency: string; email: string | null; reservedUntil: string },
    urls: { success: string; cancel: string },
    idempotencyKey: string,
  ): Promise<CardSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.totalCents,
              product_data: { name: `Medshop order #${order.id}` },
            },
          },
        ],
        client_reference_id: String(order.id),
        metadata: { [ORDER_METADATA_KEY]: String(order.id) },
        payment_intent_data: { metadata: { [ORDER_METADATA_KEY]: String(order.id) } },
        // Cards only: a method whose money arrives days later (a bank debit) would arrive after the reservation.
        allowed_payment_method_types: ['card'],
        expires_at: sessionEnd(order.reservedUntil, new Date()),
        ...(order.email ? { customer_email: order.email } : {}),
        success_url: urls.success,
        cancel_url: urls.cancel,
      },
      { idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page to pay on`);
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000).toISOString() };
  }

  /** Closes a session so that it can no longer be paid; one already closed (paid, or expired) is left as it is. */
  async expireSession(id: string): Promise<void> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    if (session.status !== 'open') return;
    await this.stripe.checkout.sessions.expire(id);
  }

  /**
   * Gives a payment back whole; answers Stripe's refund id, or null where Stripe says it was refunded already (from
   * its dashboard, or after the idempotency key's 24 hours). Asked again for the same payment: the same refund.
   */
  async refund(paymentIntent: string, amountCents: number): Promise<string | null> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { reason: 'medshop' } },
        { idempotencyKey: `refund-${paymentIntent}` },
      );
      return refund.id;
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded') return null;
      throw error;
    }
  }

  /** The event a webhook carries, its signature verified against STRIPE_WEBHOOK_SECRET; refused otherwise. */
  event(rawBody: Buffer, signature: string | undefined): CardEvent {
    if (!signature) throw new WebhookRefused('The webhook has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookRefused(`The webhook's signature does not verify: ${(error as Error).message}`);
    }
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const session = event.data.object;
      const paymentIntent = idOf(session.payment_intent);
      // A completed session whose money is still on its way (a bank debit) is paid by its async_payment_succeeded.
      if (session.payment_status === 'paid' && paymentIntent !== null)
        return {
          id: event.id,
          type: 'paid',
          stripeType: event.type,
          orderId: orderIdOf(session),
          sessionId: session.id,
          paymentIntent,
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
        };
    }
    const object = event.data.object as { metadata?: Record<string, string> | null; client_reference_id?: string };
    return { id: event.id, type: 'ignored', stripeType: event.type, orderId: orderIdOf(object) };
  }
}
