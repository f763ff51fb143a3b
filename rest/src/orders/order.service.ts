// Orders: checkout turns the cart into an order in one transaction; admins move orders through their statuses.
import { type Actor, type AuditChanges, AuditRepository } from '../audit/audit.repository.js';
import type { CartRepository } from '../cart/cart.repository.js';
import type { ProductRepository } from '../products/product.repository.js';
import { now } from '../shared/timestamps.js';
import { HttpError, badRequest, conflict, notFound, orBadRequest } from '../shared/http-errors.js';
import { centsToDollars } from '../../../shop-rules/money.js';
import {
  CART_IS_EMPTY,
  IDEMPOTENCY_KEY_HOURS,
  buyerCanCancel,
  buyerCannotCancel,
  canMoveOrder,
  checkExpectedTotal,
  checkIdempotencyKey,
  checkOrderTotal,
  checkOrderSearch,
  checkShippingAddress,
  priceChanged,
} from '../../../shop-rules/order-rules.js';
import { type Page, type PageRequest, toPage } from '../shared/paging.js';
import { type AuthenticatedUser, readsEveryOrder } from '../auth/authenticated-user.js';
import type { OrderMailer } from '../mail/order-mailer.js';
import type { LineToOrderAgain } from '../cart/cart.service.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ShippingMethodRepository } from '../shipping/shipping.repository.js';
import { validCountry } from '../shipping/shipping.service.js';
import type { TaxRepository } from '../tax/tax.repository.js';
import { SHIPPING_METHOD_GONE, SHIPPING_METHOD_REQUIRED, quoteShipping } from '../../../shop-rules/shipping-rules.js';
import {
  TAX_COUNTRY_REQUIRED,
  type TaxGroup,
  linesSubtotalCents,
  orderTax,
  withAncestors,
} from '../../../shop-rules/tax-rules.js';
import {
  type BankAccount,
  type BankTransferSettings,
  type PaymentMethod,
  type PaymentStatus,
  CARD_PAYMENT_NOT_RECORDED,
  choosePaymentMethod,
  offeredPaymentMethods,
  paymentBlocksMove,
  refundOnCancel,
  reservationEnd,
  reservationExpired,
  transferReference,
} from '../../../shop-rules/payment-rules.js';
import { PaymentRepository } from '../payment/payment.repository.js';
import type { NewOrderPayment, OrderCharges, OrderRepository, OrderScope, OrderWithItems } from './order.repository.js';
import { ORDER_STATUSES, type OrderAnswer, type OrderStatus } from './order.schemas.js';

export type OrderPage = Page<OrderAnswer> & { countsByStatus?: Record<OrderStatus, number>; search?: string };

/** Which orders a list holds: the caller's, or every customer's (admins); in one status, or found by a search. */
export interface OrderNarrowing {
  everyone: boolean;
  status?: OrderStatus | undefined;
  /** What the admin typed: an order number ("#12") or part of a buyer's username (shop-rules' checkOrderSearch). */
  search?: string | undefined;
}

/** What an order (or a cart about to be one) costs, part by part, in dollars. */
export interface ChargesAnswer {
  /** The lines together. */
  subtotal: number;
  shippingCost: number;
  shippingMethod: string | null;
  shippingCountry: string | null;
  /** The tax in the total: inside the prices, or on top of them (`pricesIncludeTax`). */
  tax: number;
  /** The tax by rate (percent), the highest first. */
  taxGroups: { rate: number; amount: number; tax: number }[];
  pricesIncludeTax: boolean;
}

const toTaxGroupsAnswer = (groups: readonly TaxGroup[]) =>
  groups.map((group) => ({
    rate: group.basisPoints / 100,
    amount: centsToDollars(group.amountCents),
    tax: centsToDollars(group.taxCents),
  }));

/** The charges of a checkout about to be placed, as GET /cart/charges answers them. */
export const toChargesAnswer = (charges: OrderCharges): ChargesAnswer & { total: number } => ({
  subtotal: centsToDollars(linesSubtotalCents({ ...charges, shippingCents: charges.shipping?.cents ?? 0 })),
  shippingCost: centsToDollars(charges.shipping?.cents ?? 0),
  shippingMethod: charges.shipping?.method ?? null,
  shippingCountry: charges.country,
  tax: centsToDollars(charges.taxCents),
  taxGroups: toTaxGroupsAnswer(charges.taxGroups),
  pricesIncludeTax: charges.pricesIncludeTax,
  total: centsToDollars(charges.totalCents),
});

/** How an order is paid and where its payment stands; null for one placed while the shop took no payment. */
export interface PaymentAnswer {
  method: PaymentMethod;
  status: PaymentStatus;
  /** What a bank transfer quotes (ISO 11649: "RF83MS42"); null for a card. */
  reference: string | null;
  /** The account a bank transfer pays into, as the order stated it; null for a card. */
  account: BankAccount | null;
  /** Until when the order's stock is held for its payment; null once paid. */
  reservedUntil: string | null;
  paidAt: string | null;
}

function paymentAnswerOf(order: OrderWithItems): PaymentAnswer | null {
  if (order.paymentMethod === null || order.paymentStatus === null) return null;
  const method = order.paymentMethod as PaymentMethod;
  return {
    method,
    status: order.paymentStatus as PaymentStatus,
    reference: method === 'BANK_TRANSFER' ? transferReference(order.id) : null,
    account: order.paymentAccount === null ? null : (JSON.parse(order.paymentAccount) as BankAccount),
    reservedUntil: order.reservedUntil,
    paidAt: order.paidAt,
  };
}

export function toOrderAnswer(order: OrderWithItems): OrderAnswer {
  const pricesIncludeTax = order.pricesIncludeTax === 1;
  return {
    id: order.id,
    orderDate: order.orderDate,
    totalAmount: centsToDollars(order.totalCents),
    subtotal: centsToDollars(linesSubtotalCents({ ...order, pricesIncludeTax })),
    shippingCost: centsToDollars(order.shippingCents),
    shippingMethod: order.shippingMethod,
    shippingCountry: order.shippingCountry,
    tax: centsToDollars(order.taxCents),
    taxGroups: order.taxGroups === null ? [] : toTaxGroupsAnswer(JSON.parse(order.taxGroups) as TaxGroup[]),
    pricesIncludeTax,
    payment: paymentAnswerOf(order),
    status: order.status,
    shippingAddress: order.shippingAddress,
    username: order.username,
    userId: order.userId,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      sku: item.sku,
      price: centsToDollars(item.priceCents),
      quantity: item.quantity,
      subtotal: centsToDollars(item.subtotalCents),
    })),
  };
}

/** One step of an order's history: the status it reached, when, and (for admins) who moved it there. */
export interface OrderHistoryEntry {
  status: OrderStatus;
  at: string;
  by?: string;
}

export interface CheckoutRequest {
  shippingAddress: string;
  /** The shipping method chosen (extension shipping); required while the shop offers any. */
  shippingMethodId?: number | undefined;
  /**
   * Where the order ships (ISO 3166-1 alpha-2, any case): what the method is priced for, and the order taxed by;
   * required with a method, and while the shop has tax rates.
   */
  shippingCountry?: string | undefined;
  /** The total the buyer reviewed (dollars): when the cart's is another, nothing is written (PRICE_CHANGED). */
  expectedTotal?: number | undefined;
  /** One per attempt: the same key within IDEMPOTENCY_KEY_HOURS answers the order it created. */
  idempotencyKey?: string | undefined;
  /** How the buyer pays (extension payment): required while the shop takes payments, one of those it offers. */
  paymentMethod?: string | undefined;
}

/** The shipping a buyer chose: the method, and where to (checked: a country's code). */
interface ShippingChoice {
  methodId?: number | undefined;
  country?: string | undefined;
}

const shippingChoiceOf = (request: {
  shippingMethodId?: number | undefined;
  shippingCountry?: string | undefined;
}): ShippingChoice => ({
  methodId: request.shippingMethodId,
  country: request.shippingCountry === undefined ? undefined : validCountry(request.shippingCountry, 'shippingCountry'),
});

/** An order's charges, and what the shop takes payment by, read with them (one statement). */
type PricedOrder = OrderCharges & { bankTransfer: BankTransferSettings | null };

/** The payment a new order waits for, or null where the shop takes none; refused as shop-rules' choosePaymentMethod. */
function paymentOf(
  bankTransfer: BankTransferSettings | null,
  card: boolean,
  chosen: string | undefined,
  placedAt: string,
) {
  const choice = choosePaymentMethod(offeredPaymentMethods(bankTransfer, card), chosen);
  if ('message' in choice)
    throw badRequest(
      choice.message,
      choice.field,
      chosen === undefined ? 'PAYMENT_METHOD_REQUIRED' : 'PAYMENT_METHOD_NOT_OFFERED',
    );
  if (choice.method === null) return null;
  const payment: NewOrderPayment = {
    method: choice.method,
    reservedUntil: reservationEnd(choice.method, new Date(placedAt), bankTransfer?.days ?? 0).toISOString(),
    account:
      choice.method === 'BANK_TRANSFER' && bankTransfer
        ? { accountHolder: bankTransfer.accountHolder, iban: bankTransfer.iban, bic: bankTransfer.bic }
        : null,
  };
  return payment;
}

export interface CheckoutResult {
  order: OrderAnswer;
  /** An earlier checkout with the same idempotency key placed this order. */
  replayed: boolean;
}

/** Who the audit trail says cancelled an order whose reservation ran out: the shop itself. */
export const SYSTEM_ACTOR: Actor = { id: 0, username: 'system' };
/** How many expired reservations one sweep cancels at most (the next sweep takes the rest). */
const EXPIRED_PER_SWEEP = 100;
export const NO_PAYMENT_AWAITED = 'This order is not paid through the shop: there is no payment to record';
export const PAYMENT_FOR_CANCELLED_ORDER =
  'This order was cancelled and its stock went back: return the payment to the buyer instead';

export const NO_INVOICE_YET = 'This order has no invoice: one is issued once the order is paid';

/** An order that no longer waits past its reservation (paid meanwhile): the sweep leaves it. */
class StillReserved extends Error {}

const paymentStatusOf = (order: OrderWithItems): PaymentStatus | null => order.paymentStatus as PaymentStatus | null;

export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly carts: CartRepository,
    private readonly products: ProductRepository,
    private readonly audit: AuditRepository,
    /** The buyer's e-mails, written with the checkout and each move. */
    private readonly mailer: OrderMailer,
    /**
     * The shop's shipping methods (extension shipping) and tax rates (extension tax); none where the extensions are
     * off (the plain contract: an order costs its lines).
     */
    private readonly pricing?: {
      shippingMethods: (db: Kysely<Database>) => ShippingMethodRepository;
      taxes: (db: Kysely<Database>) => TaxRepository;
    },
    /**
     * Card payments through Stripe, where the shop is connected to it: checkout offers them, and a cancelled card
     * order's session is closed and its refund sent once the cancellation is written.
     */
    private readonly card?: { cancelled: (orderId: number) => void },
  ) {}

  /**
   * What shipping costs this order, read in its transaction: the method chosen, priced for the country and the lines'
   * subtotal, or none when the shop offers no method. Refused, before anything is written: no method while the shop
   * offers some, one gone or retired, one that does not ship there.
   */
  private async shippingOf(
    methods: ShippingMethodRepository,
    choice: ShippingChoice,
    subtotalCents: number,
  ): Promise<OrderCharges['shipping']> {
    if (choice.methodId === undefined) {
      if (await methods.anyActive())
        throw badRequest(SHIPPING_METHOD_REQUIRED, 'shippingMethodId', 'SHIPPING_METHOD_REQUIRED');
      return null;
    }
    if (choice.country === undefined)
      throw badRequest('Say which country the order ships to', 'shippingCountry', 'SHIPPING_METHOD_REQUIRED');
    const method = await methods.findById(choice.methodId);
    if (!method?.active) throw badRequest(SHIPPING_METHOD_GONE, 'shippingMethodId', 'SHIPPING_METHOD_NOT_FOUND');
    const quote = quoteShipping(method, choice.country, subtotalCents);
    if (!quote.available) throw badRequest(quote.reason, 'shippingCountry', 'SHIPPING_NOT_AVAILABLE');
    return { method: method.name, cents: quote.priceCents };
  }

  /**
   * What an order of these lines costs, read in `trx` (checkout's transaction): the lines, shipping, and tax by
   * shop-rules' orderTax at the destination's rates. Refused as `shippingOf` is, and without a country while the shop
   * has tax rates (it could not be taxed). The plain contract's: the lines alone.
   */
  private async chargesOf(
    trx: Kysely<Database>,
    lines: readonly { priceCents: number; quantity: number; categoryIds: readonly number[] }[],
    choice: ShippingChoice,
  ): Promise<PricedOrder> {
    const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const untaxed = { taxCents: 0, taxGroups: [], pricesIncludeTax: true };
    if (!this.pricing)
      return { country: null, shipping: null, ...untaxed, totalCents: subtotalCents, bankTransfer: null };
    const shipping = await this.shippingOf(this.pricing.shippingMethods(trx), choice, subtotalCents);
    const shippingCents = shipping?.cents ?? 0;
    const country = choice.country ?? null;
    const inputs = await this.pricing.taxes(trx).inputsFor(country);
    if (country === null) {
      if (inputs.rates.length > 0)
        throw badRequest(TAX_COUNTRY_REQUIRED, 'shippingCountry', 'SHIPPING_COUNTRY_REQUIRED');
      return {
        country,
        shipping,
        ...untaxed,
        totalCents: subtotalCents + shippingCents,
        bankTransfer: inputs.bankTransfer,
      };
    }
    const tax = orderTax({
      lines: lines.map((line) => ({
        cents: line.priceCents * line.quantity,
        categoryIds: inputs.tree.length > 0 ? withAncestors(inputs.tree, line.categoryIds) : line.categoryIds,
      })),
      shippingCents,
      country,
      rates: inputs.rates,
      pricesIncludeTax: inputs.pricesIncludeTax,
    });
    return {
      country,
      shipping,
      taxCents: tax.taxCents,
      taxGroups: tax.groups,
      pricesIncludeTax: inputs.pricesIncludeTax,
      totalCents: tax.totalCents,
      bankTransfer: inputs.bankTransfer,
    };
  }

  /**
   * What the buyer's cart would cost placed now (extension tax: GET /cart/charges): the same charges checkout computes,
   * refused as it refuses them; an empty cart costs nothing.
   */
  async charges(buyer: AuthenticatedUser, choice: { shippingMethodId?: number; shippingCountry?: string }) {
    const lines = (await this.carts.linesWithProducts(buyer.id)).map((line) => ({
      priceCents: line.priceCents,
      quantity: line.lineQuantity,
      categoryIds: JSON.parse(line.categoryIds) as number[],
    }));
    // A question: read outside a transaction (on SQLite every transaction takes the write lock).
    const { bankTransfer: _offered, ...charges } = await this.orders.read((db) =>
      this.chargesOf(db, lines, shippingChoiceOf(choice)),
    );
    return toChargesAnswer(charges);
  }

  async checkout(buyer: AuthenticatedUser, request: CheckoutRequest): Promise<CheckoutResult> {
    const address = orBadRequest(checkShippingAddress(request.shippingAddress));
    const expectedCents =
      request.expectedTotal === undefined ? undefined : orBadRequest(checkExpectedTotal(request.expectedTotal));
    const key =
      request.idempotencyKey === undefined ? undefined : orBadRequest(checkIdempotencyKey(request.idempotencyKey));
    const shippingChoice = shippingChoiceOf(request);
    const since = new Date(Date.now() - IDEMPOTENCY_KEY_HOURS * 3600_000).toISOString();
    const placed = await this.orders.transaction(async (trx) => {
      // The key first: a retry racing its own first attempt waits here, then answers that attempt's order.
      if (key !== undefined && !(await this.orders.takeIdempotencyKey(trx, buyer.id, key, since, now())))
        return undefined;
      const lines = await this.carts.claimLines(trx, buyer.id);
      if (lines.length === 0) throw badRequest(CART_IS_EMPTY, undefined, 'CART_EMPTY');
      // The lines' prices as read here are the ones the order keeps: what is compared is what is charged.
      const { bankTransfer, ...charges } = await this.chargesOf(trx, lines, shippingChoice);
      const { totalCents } = charges;
      const orderDate = now();
      const payment = paymentOf(bankTransfer, this.card !== undefined, request.paymentMethod, orderDate);
      // An order costs what a cart may at most (prices raised after the cart was filled can take it beyond).
      const tooLarge = checkOrderTotal(totalCents);
      if (tooLarge) throw badRequest(tooLarge.message, tooLarge.field, 'CART_TOO_LARGE');
      if (expectedCents !== undefined && totalCents !== expectedCents) {
        throw conflict(priceChanged(totalCents, expectedCents), 'PRICE_CHANGED', 'expectedTotal');
      }
      // Taking stock in product order means two checkouts never wait on each other's rows in a cycle.
      for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
        if (!(await this.products.takeStock(trx, line.productId, line.quantity))) {
          const left = (await this.products.stockOf(trx, line.productId)) ?? 0;
          throw conflict(
            `Not enough stock for ${line.productName}: ${left} left, your cart holds ${line.quantity}`,
            'INSUFFICIENT_STOCK',
          );
        }
      }
      const order = await this.orders.insert(trx, {
        userId: buyer.id,
        username: buyer.username,
        orderDate,
        shippingAddress: address,
        charges,
        payment,
        lines: lines.map(({ productId, productName, priceCents, quantity, sku }) => ({
          productId,
          productName,
          sku,
          priceCents,
          quantity,
        })),
      });
      if (key !== undefined) await this.orders.recordIdempotentOrder(trx, buyer.id, key, order.id);
      // The order as written: the e-mail and the answer need no read of it.
      await this.mailer.placed(trx, order, buyer.mail);
      return order;
    });
    if (placed !== undefined) {
      this.mailer.wake();
      return { order: toOrderAnswer(placed), replayed: false };
    }
    const earlier = await this.orders.orderOfIdempotencyKey(buyer.id, key!, since);
    if (earlier === undefined)
      throw conflict('The checkout with this idempotency key changed meanwhile; try again', 'CHANGED_MEANWHILE');
    return { order: await this.get(buyer, earlier), replayed: true };
  }

  private scopeOf(viewer: AuthenticatedUser, { everyone, status, search }: OrderNarrowing): OrderScope {
    const found = search === undefined ? undefined : orBadRequest(checkOrderSearch(search));
    return { ...(everyone && readsEveryOrder(viewer) ? {} : { userId: viewer.id }), status, search: found };
  }

  async list(viewer: AuthenticatedUser, narrowing: OrderNarrowing = { everyone: false }): Promise<OrderAnswer[]> {
    return (await this.orders.list(this.scopeOf(viewer, narrowing))).map(toOrderAnswer);
  }

  /**
   * A page of orders; of every customer's (admins), with how many orders each status has among those the search
   * finds, whatever `status` narrows: the tabs then say where the orders found are. A page that was searched says
   * what it searched for, so that a client can tell the search was done.
   */
  async page(
    viewer: AuthenticatedUser,
    request: PageRequest,
    narrowing: OrderNarrowing = { everyone: false },
  ): Promise<OrderPage> {
    const scope = this.scopeOf(viewer, narrowing);
    const [orders, total, counts] = await Promise.all([
      this.orders.list(scope, { offset: request.page * request.size, limit: request.size }),
      this.orders.count(scope),
      narrowing.everyone ? this.orders.countByStatus({ ...scope, status: undefined }) : undefined,
    ]);
    const page: OrderPage = toPage(orders.map(toOrderAnswer), total, request);
    if (counts)
      page.countsByStatus = Object.fromEntries(ORDER_STATUSES.map((each) => [each, counts.get(each) ?? 0])) as Record<
        OrderStatus,
        number
      >;
    if (scope.search) page.search = narrowing.search!.trim();
    return page;
  }

  /** The caller's own order; admins may read any (they move orders along). Others' orders are "not found". */
  async get(viewer: AuthenticatedUser, id: number): Promise<OrderAnswer> {
    const order = await this.orders.findById(id);
    if (!order || (order.userId !== viewer.id && !readsEveryOrder(viewer)))
      throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    return toOrderAnswer(order);
  }

  /**
   * What happened to an order, oldest first: placed, then each move of its status with its time; admins also see who
   * moved it. The buyer's own order, or any for admins (as `get`).
   */
  async history(viewer: AuthenticatedUser, id: number): Promise<OrderHistoryEntry[]> {
    const order = await this.get(viewer, id);
    const moves = (await this.audit.ofSubject({ type: 'order', id })).filter(
      (event) => event.action === 'order.status_changed',
    );
    return [
      { status: 'PENDING', at: order.orderDate },
      ...moves.map((event) => ({
        status: event.changes.status!.to as OrderStatus,
        at: event.at,
        ...(readsEveryOrder(viewer) ? { by: event.actor.username } : {}),
      })),
    ];
  }

  /** An admin moves any order on (or cancels it) as ORDER_MOVES allow. */
  changeStatus(actor: Actor, id: number, status: OrderStatus): Promise<OrderAnswer> {
    return this.move(actor, id, status, (order) => {
      if (order.status !== status && !canMoveOrder(order.status, status)) {
        throw conflict(`An order that is ${order.status} cannot become ${status}`, 'STATUS_NOT_ALLOWED', 'status');
      }
      const unpaid = order.status === status ? undefined : paymentBlocksMove(paymentStatusOf(order), status);
      if (unpaid) throw conflict(unpaid, 'PAYMENT_AWAITED', 'status');
    });
  }

  /**
   * The buyer cancels their own order while it waits for confirmation (extension buyer-cancellation), which returns
   * its stock, as an admin's cancellation does; anyone else's order is "not found", admins' included (they cancel
   * through the status). Asked again once cancelled: the order as it is.
   */
  cancelOwn(buyer: AuthenticatedUser, id: number): Promise<OrderAnswer> {
    return this.move(buyer, id, 'CANCELLED', (order) => {
      if (order.userId !== buyer.id) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
      if (order.status !== 'CANCELLED' && !buyerCanCancel(order.status))
        throw conflict(buyerCannotCancel(order.status), 'STATUS_NOT_ALLOWED', 'id');
    });
  }

  /**
   * A paid order's invoice (extension invoices): the order as it was kept, and its number and date; the buyer's own
   * order, or any for admins. Refused (404 INVOICE_NOT_FOUND) before the order is paid: it has none yet.
   */
  async invoice(viewer: AuthenticatedUser, id: number) {
    const order = await this.orders.findById(id);
    if (!order || (order.userId !== viewer.id && !readsEveryOrder(viewer)))
      throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    const invoice = await new PaymentRepository(this.orders.database).invoiceOf(id);
    if (!invoice) throw notFound(NO_INVOICE_YET, 'INVOICE_NOT_FOUND', 'id');
    return { order, invoice };
  }

  /**
   * The lines of the buyer's own order, to order again (extension order-again): anyone else's order is "not found",
   * admins' included.
   */
  async linesToOrderAgain(buyer: AuthenticatedUser, id: number): Promise<LineToOrderAgain[]> {
    const order = await this.orders.findById(id);
    if (!order || order.userId !== buyer.id) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    return order.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
    }));
  }

  /**
   * An admin records that a bank transfer arrived (extension payment): the order is paid, its stock no longer held on
   * a clock, and it may move on; audited (`order.payment_recorded`), the buyer told by e-mail. Asked again once paid:
   * the order as it is. Refused for an order that takes no payment through the shop, and for a cancelled one (its
   * stock went back: the money is the buyer's to be returned).
   */
  async recordPayment(actor: Actor, id: number): Promise<OrderAnswer> {
    await this.orders.transaction(async (trx) => {
      const order = await this.orders.findById(id, trx);
      if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
      const status = paymentStatusOf(order);
      if (order.paymentMethod === 'CARD') throw conflict(CARD_PAYMENT_NOT_RECORDED, 'CARD_PAYMENT_NOT_RECORDED', 'id');
      if (status === 'PAID') return;
      if (status === null) throw conflict(NO_PAYMENT_AWAITED, 'NO_PAYMENT_AWAITED', 'id');
      if (order.status === 'CANCELLED' || status === 'REFUNDED')
        throw conflict(PAYMENT_FOR_CANCELLED_ORDER, 'ORDER_CANCELLED', 'id');
      const at = now();
      if (!(await new PaymentRepository(trx).markPaid(id, at))) {
        // Another admin recorded it a moment ago (PostgreSQL: both read it waiting): done.
        const now = await this.orders.findById(id, trx);
        if (now?.paymentStatus === 'PAID') return;
        if (now?.status === 'CANCELLED') throw conflict(PAYMENT_FOR_CANCELLED_ORDER, 'ORDER_CANCELLED', 'id');
        throw conflict('The order changed meanwhile; load it again', 'CHANGED_MEANWHILE', 'id');
      }
      await new AuditRepository(trx).record(
        actor,
        'order.payment_recorded',
        { type: 'order', id },
        { paymentStatus: { from: 'AWAITING_PAYMENT', to: 'PAID' } },
      );
      await this.mailer.paid(trx, order, at);
    });
    this.mailer.wake();
    const order = await this.orders.findById(id);
    if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    return toOrderAnswer(order);
  }

  /**
   * Cancels the orders whose stock was held for a payment that did not come in time, their stock back, each once
   * however many instances sweep at the same moment (the move is conditional on the status read); audited as the
   * system's. Answers the orders it cancelled.
   */
  async cancelExpiredReservations(
    at: Date,
    onFailure: (orderId: number, error: unknown) => void,
    limit = EXPIRED_PER_SWEEP,
  ): Promise<number[]> {
    const cancelled: number[] = [];
    for (const id of await this.orders.read((db) =>
      new PaymentRepository(db).expiredReservations(at.toISOString(), limit),
    )) {
      try {
        await this.move(SYSTEM_ACTOR, id, 'CANCELLED', (order) => {
          if (!reservationExpired({ ...order, paymentStatus: paymentStatusOf(order) }, at)) throw new StillReserved();
        });
        cancelled.push(id);
      } catch (error) {
        // Paid, or cancelled by another instance, in the meantime: nothing to do.
        if (error instanceof StillReserved || (error instanceof HttpError && error.statusCode === 409)) continue;
        // One order that fails must not hold back those behind it: the next sweep tries it again.
        onFailure(id, error);
      }
    }
    return cancelled;
  }

  /**
   * Moves an order to `status` once `allowed` (which throws the refusal) accepts it: its stock back when cancelled,
   * audited, the buyer's e-mail written, all in one transaction. Asked for the status it has (and allowed to ask):
   * nothing changes.
   */
  private async move(
    actor: Actor,
    id: number,
    status: OrderStatus,
    allowed: (order: OrderWithItems) => void,
  ): Promise<OrderAnswer> {
    let cardCancelled = false;
    await this.orders.transaction(async (trx) => {
      const order = await this.orders.findById(id, trx);
      if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
      allowed(order);
      const current = order.status as OrderStatus;
      if (current === status) return; // asked twice: already done
      // Conditional on the status read above, so two admins cancelling at once return the stock once.
      // Conditional on the payment read too: a payment recorded meanwhile (PostgreSQL runs both at once) makes this
      // a conflict, never an order both cancelled and paid without its refund.
      if (!(await this.orders.changeStatus(trx, id, current, status, order.paymentStatus))) {
        throw conflict('The order changed meanwhile; load it again', 'CHANGED_MEANWHILE', 'status');
      }
      const changes: AuditChanges = { status: { from: current, to: status } };
      if (status === 'CANCELLED') {
        for (const item of order.items) await this.products.returnStock(trx, item.productId, item.quantity);
        // A paid order's money goes back: a bank transfer's by the shop's own transfer, recorded here; a card's
        // through Stripe, owed here and sent once this is written (card.cancelled, then the sweep until taken).
        const payments = new PaymentRepository(trx);
        if (refundOnCancel(paymentStatusOf(order)) && (await payments.markRefunded(id))) {
          changes['paymentStatus'] = { from: 'PAID', to: 'REFUNDED' };
          if (order.paidBy !== null)
            await payments.oweRefund(
              { paymentIntent: order.paidBy, orderId: id, amountCents: order.totalCents },
              now(),
            );
        }
      }
      await new AuditRepository(trx).record(actor, 'order.status_changed', { type: 'order', id }, changes);
      await this.mailer.moved(trx, order, status, now());
      cardCancelled = status === 'CANCELLED' && order.paymentMethod === 'CARD';
    });
    this.mailer.wake();
    // Not waited for: Stripe's calls must not hold up the answer (the sweep finishes what fails).
    if (cardCancelled) this.card?.cancelled(id);
    const order = await this.orders.findById(id);
    if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND', 'id');
    return toOrderAnswer(order);
  }
}
