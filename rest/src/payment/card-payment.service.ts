// Card payments (issue 35, item 4): the buyer of an order placed to be paid by card is sent to a Stripe Checkout
// Session (one open at a time per order, reused while it is open); the order is marked paid by Stripe's webhook alone,
// each event acted on once (payment_events) in the transaction of what it did; a payment that cannot be taken (its
// order cancelled, a second one, another amount) is owed back (payment_refunds) and sent to Stripe after the decision
// commits, again by the sweep until Stripe took it: a crash between the two loses no refund, and Stripe's idempotency
// key sends none twice. Stripe's own calls are StripeCards'.
import { type Actor, AuditRepository } from '../audit/audit.repository.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import type { OrderMailer } from '../mail/order-mailer.js';
import type { OrderRepository } from '../orders/order.repository.js';
import { HttpError, conflict, notFound } from '../shared/http-errors.js';
import { now } from '../shared/timestamps.js';
import { NOT_PAID_BY_CARD, type PaymentStatus, paymentArrival } from '../../../shop-rules/payment-rules.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PaymentRepository } from './payment.repository.js';
import type { CardEvent, CardSession, StripeCards } from './stripe-cards.js';

/** Who the audit trail says marked a card order paid, or owed its payment back: Stripe's webhook. */
export const STRIPE_ACTOR: Actor = { id: 0, username: 'stripe' };
/** A stored session this close to its end is not handed out again: a new one is opened. */
const SESSION_MARGIN_MS = 5 * 60_000;
const REFUNDS_PER_ROUND = 50;
const SESSIONS_PER_ROUND = 50;

export const ORDER_PAID = 'This order is paid already';
export const CANCELLED_NOT_PAYABLE = 'This order was cancelled: it can no longer be paid';
export const RESERVATION_OVER = 'The time to pay this order has run out: it is being cancelled';
export const STRIPE_UNAVAILABLE = 'The card payment service did not answer; try again in a moment';

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Said at start, loudly, where the shop is no longer connected to Stripe but card payments are under way: their
 * payments can then be neither confirmed (no webhook) nor refunded. Set STRIPE_* again until they are done.
 */
export async function warnOfStrandedCardPayments(
  db: Kysely<Database>,
  stripeConfigured: boolean,
  log: Logger,
): Promise<void> {
  if (stripeConfigured) return;
  const { waiting, refunds } = await new PaymentRepository(db).cardWorkOutstanding();
  if (waiting + refunds === 0) return;
  log.error(
    { waiting, refunds },
    `payment: ${waiting} card order(s) wait for their payment and ${refunds} card refund(s) are owed, but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are unset: set them again until these are done`,
  );
}

export class CardPaymentService {
  /** Stripe calls made after a commit, not waited for by the request that committed (settle waits for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly cards: StripeCards,
    private readonly orders: OrderRepository,
    private readonly mailer: OrderMailer,
    private readonly shop: { url: string; currency: string },
    private readonly log: Logger,
  ) {}

  /**
   * Where the buyer pays their own card order: its open session, or a new one. Refused for an order paid otherwise,
   * paid already or cancelled; 502 when Stripe does not answer (nothing changed: the order still waits, and the buyer
   * may try again until its reservation ends).
   */
  async startPayment(buyer: AuthenticatedUser, id: number): Promise<CardSession> {
    const order = await this.orders.findById(id);
    if (!order || order.userId !== buyer.id) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    if (order.paymentMethod !== 'CARD') throw conflict(NOT_PAID_BY_CARD, 'NOT_PAID_BY_CARD', 'id');
    const refusal = this.refusalOf(order);
    if (refusal) throw refusal;
    // Its reservation is over, the sweep about to cancel it: no new way to pay.
    if (order.reservedUntil !== null && Date.parse(order.reservedUntil) <= Date.now())
      throw conflict(RESERVATION_OVER, 'ORDER_CANCELLED', 'id');
    if (
      order.paymentSession !== null &&
      order.paymentSessionUrl !== null &&
      Date.parse(order.paymentSessionExpires ?? '') - Date.now() > SESSION_MARGIN_MS
    )
      return { id: order.paymentSession, url: order.paymentSessionUrl, expiresAt: order.paymentSessionExpires! };
    const back = (outcome: string) => `${this.shop.url}/orders?order=${id}&card=${outcome}`;
    let session: CardSession;
    try {
      // Keyed by the session it replaces: two clicks at once ask Stripe for one session, and get the same.
      session = await this.cards.openSession(
        {
          id,
          totalCents: order.totalCents,
          currency: this.shop.currency,
          // Only an address the buyer proved theirs (Stripe sends its receipt there).
          email: buyer.mail?.emailVerifiedAt ? buyer.mail.email : null,
          reservedUntil: order.reservedUntil ?? new Date().toISOString(),
        },
        { success: back('paid'), cancel: back('cancelled') },
        `order-${id}-session-after-${order.paymentSession ?? 'none'}`,
      );
    } catch (error) {
      this.log.error({ err: error, orderId: id }, 'payment: Stripe did not open a Checkout Session');
      throw new HttpError(502, STRIPE_UNAVAILABLE, 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    const payments = new PaymentRepository(this.orders.database);
    if (await payments.keepSession(id, order.paymentSession, session)) return session;
    // Another session was kept meanwhile, or the order was paid or cancelled: this one must not be paid as well.
    await this.expire(session.id, id);
    const current = await this.orders.findById(id);
    if (current && !this.refusalOf(current) && current.paymentSession && current.paymentSessionUrl)
      return {
        id: current.paymentSession,
        url: current.paymentSessionUrl,
        expiresAt: current.paymentSessionExpires!,
      };
    throw (
      (current && this.refusalOf(current)) ??
      conflict('The order changed meanwhile; load it again', 'CHANGED_MEANWHILE')
    );
  }

  private refusalOf(order: { status: string; paymentStatus: string | null }): HttpError | undefined {
    if (order.status === 'CANCELLED' || order.paymentStatus === 'REFUNDED')
      return conflict(CANCELLED_NOT_PAYABLE, 'ORDER_CANCELLED', 'id');
    if (order.paymentStatus === 'PAID') return conflict(ORDER_PAID, 'ALREADY_PAID', 'id');
    return undefined;
  }

  /**
   * Acts on a verified Stripe event, once however often it is delivered: a payment marks its order paid (audited as
   * `stripe`, the buyer e-mailed), or is owed back where paymentArrival says so. Throws when the order changed under
   * it: the webhook then fails and Stripe delivers the event again, to be decided afresh.
   */
  async receive(event: CardEvent): Promise<void> {
    if (event.type === 'ignored') return;
    const at = now();
    const owed = await this.orders.transaction(async (trx) => {
      const payments = new PaymentRepository(trx);
      if (!(await payments.takeEvent({ id: event.id, type: event.stripeType, orderId: event.orderId }, at)))
        return false;
      // Decided on the order as it stands: a cancellation at the same moment waits, or has committed.
      if (event.orderId !== null) await payments.holdOrder(event.orderId);
      const order = event.orderId === null ? undefined : await this.orders.findById(event.orderId, trx);
      if (!order) {
        // Not one of the shop's sessions (an account shared with another application): not the shop's to give back.
        this.log.warn({ eventId: event.id, orderId: event.orderId }, 'payment: a Stripe payment for no order of ours');
        return false;
      }
      const paymentStatus = order.paymentStatus as PaymentStatus | null;
      const arrival =
        event.currency !== this.shop.currency
          ? 'REFUND'
          : paymentArrival(
              { status: order.status, paymentStatus, paidBy: order.paidBy, totalCents: order.totalCents },
              { id: event.paymentIntent, cents: event.amountCents },
            );
      const audit = new AuditRepository(trx);
      if (arrival === 'ALREADY_PAID') return false;
      if (arrival === 'MARK_PAID') {
        if (!(await payments.markPaid(order.id, at, event.paymentIntent)))
          throw new Error(`Order ${order.id} changed while its payment arrived; Stripe will deliver the event again`);
        await audit.record(
          STRIPE_ACTOR,
          'order.payment_recorded',
          { type: 'order', id: order.id },
          { paymentStatus: { from: 'AWAITING_PAYMENT', to: 'PAID' }, paidBy: { to: event.paymentIntent } },
        );
        await this.mailer.paid(trx, order, at);
        return false;
      }
      await payments.oweRefund(
        { paymentIntent: event.paymentIntent, orderId: order.id, amountCents: event.amountCents },
        at,
      );
      const returned = await payments.markReturned(order.id);
      await this.mailer.refunded(trx, order, at, {
        cents: event.amountCents,
        orderCancelled: order.status === 'CANCELLED',
      });
      await audit.record(
        STRIPE_ACTOR,
        'order.payment_refunded',
        { type: 'order', id: order.id },
        {
          ...(returned ? { paymentStatus: { from: paymentStatus, to: 'REFUNDED' } } : {}),
          refunded: { to: { paymentIntent: event.paymentIntent, amount: event.amountCents / 100 } },
        },
      );
      return true;
    });
    this.mailer.wake();
    // Answered at once (Stripe waits for the answer): the refund goes out after it, and again with the sweep if not.
    if (owed && event.orderId !== null) this.later(() => this.sendRefunds(event.orderId!), event.orderId);
  }

  /** Runs Stripe calls after a commit without holding up its request; failures logged (the sweep tries again). */
  private later(work: () => Promise<unknown>, orderId: number): void {
    const running: Promise<void> = work()
      .then(() => undefined)
      .catch((error: unknown) => {
        this.log.error({ err: error, orderId }, 'payment: a Stripe call after a commit failed; the sweep tries again');
      })
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Waits for the Stripe calls under way (before the database closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /**
   * After an order was cancelled: its open session closed (it can no longer be paid; a payment that still slips
   * through is refunded), and what it owes back sent. Failures are logged: the sweep sends refunds again.
   */
  cancelled(id: number): void {
    this.later(async () => {
      const order = await this.orders.findById(id);
      if (order?.paymentSession) await this.expire(order.paymentSession, id);
      await this.sendRefunds(id);
    }, id);
  }

  /** The sweep's part: sessions of cancelled orders a failure or a crash left open, closed; refunds owed, sent. */
  async sweep(): Promise<{ expired: number; refunded: number }> {
    const payments = new PaymentRepository(this.orders.database);
    let expired = 0;
    for (const { id, paymentSession } of await payments.openSessionsOfCancelled(SESSIONS_PER_ROUND))
      if (paymentSession && (await this.expire(paymentSession, id))) expired += 1;
    return { expired, refunded: await this.sendRefunds() };
  }

  /** Sends Stripe the refunds owed (of one order, or the oldest of all); each taken is noted, each failure counted. */
  async sendRefunds(orderId?: number): Promise<number> {
    const payments = new PaymentRepository(this.orders.database);
    let sent = 0;
    for (const due of await payments.refundsDue(REFUNDS_PER_ROUND, orderId)) {
      try {
        const refundId = await this.cards.refund(due.paymentIntent, due.amountCents);
        await payments.refundTaken(due.paymentIntent, refundId, now());
        sent += 1;
      } catch (error) {
        await payments.refundFailed(due.paymentIntent, (error as Error).message);
        this.log.error(
          { err: error, orderId: due.orderId, paymentIntent: due.paymentIntent, attempts: due.attempts + 1 },
          'payment: Stripe did not take a refund; the sweep tries again',
        );
      }
    }
    return sent;
  }

  /** Closes a session at Stripe and forgets it (once closed); false when Stripe did not take it (tried again later). */
  private async expire(sessionId: string, orderId: number): Promise<boolean> {
    try {
      await this.cards.expireSession(sessionId);
    } catch (error) {
      this.log.warn({ err: error, orderId, sessionId }, 'payment: a Checkout Session could not be expired');
      return false;
    }
    await new PaymentRepository(this.orders.database).forgetSession(orderId, sessionId);
    return true;
  }
}
