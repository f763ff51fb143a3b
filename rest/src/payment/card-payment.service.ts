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
import { PaymentRepository } from './payment.repository.js';
import type { CardEvent, CardSession, StripeCards } from './stripe-cards.js';

/** Who the audit trail says marked a card order paid, or owed its payment back: Stripe's webhook. */
export const STRIPE_ACTOR: Actor = { id: 0, username: 'stripe' };
/** A stored session this close to its end is not handed out again: a new one is opened. */
const SESSION_MARGIN_MS = 5 * 60_000;
const REFUNDS_PER_ROUND = 50;

export const ORDER_PAID = 'This order is paid already';
export const CANCELLED_NOT_PAYABLE = 'This order was cancelled: it can no longer be paid';
export const STRIPE_UNAVAILABLE = 'The card payment service did not answer; try again in a moment';

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export class CardPaymentService {
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
        { id, totalCents: order.totalCents, currency: this.shop.currency, email: buyer.mail?.email ?? null },
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
    if (owed && event.orderId !== null) await this.sendRefunds(event.orderId);
  }

  /**
   * After an order was cancelled: its open session closed (it can no longer be paid; a payment that still slips
   * through is refunded), and what it owes back sent. Failures are logged: the sweep sends refunds again.
   */
  async cancelled(id: number): Promise<void> {
    try {
      const order = await this.orders.findById(id);
      if (order?.paymentSession) await this.expire(order.paymentSession, id);
      await this.sendRefunds(id);
    } catch (error) {
      this.log.error({ err: error, orderId: id }, 'payment: after a cancellation; the sweep sends its refund');
    }
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

  private async expire(sessionId: string, orderId: number): Promise<void> {
    try {
      await this.cards.expireSession(sessionId);
    } catch (error) {
      this.log.warn({ err: error, orderId, sessionId }, 'payment: a Checkout Session could not be expired');
    }
  }
}
