// Payment: reservations, bank-transfer references, late payments and what an unpaid order may do.
import { describe, expect, it } from 'vitest';
import {
  creditorReference,
  orderOfTransferReference,
  paymentArrival,
  paymentBlocksMove,
  refundOnCancel,
  reservationEnd,
  reservationExpired,
  transferReference,
} from './payment-rules.js';

describe('payment rules', () => {
  it('holds the stock 30 minutes for a card, the shop’s days for a bank transfer', () => {
    const placed = new Date('2026-11-28T10:00:00.000Z');
    expect(reservationEnd('CARD', placed, 7).toISOString()).toBe('2026-11-28T10:30:00.000Z');
    expect(reservationEnd('BANK_TRANSFER', placed, 7).toISOString()).toBe('2026-12-05T10:00:00.000Z');
  });

  it('expires a reservation only of a pending order still waiting for its payment, at its end', () => {
    const order = {
      status: 'PENDING',
      paymentStatus: 'AWAITING_PAYMENT' as const,
      reservedUntil: '2026-11-28T10:30:00.000Z',
    };
    expect(reservationExpired(order, new Date('2026-11-28T10:29:59.999Z'))).toBe(false);
    expect(reservationExpired(order, new Date('2026-11-28T10:30:00.000Z'))).toBe(true);
    expect(reservationExpired({ ...order, paymentStatus: 'PAID' }, new Date('2027-01-01'))).toBe(false);
    expect(reservationExpired({ ...order, status: 'CANCELLED' }, new Date('2027-01-01'))).toBe(false);
    expect(reservationExpired({ ...order, paymentStatus: null, reservedUntil: null }, new Date('2027-01-01'))).toBe(
      false,
    );
  });

  it('quotes an ISO 11649 creditor reference a bank checks, and reads it back from a statement', () => {
    // The standard's own example.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    // "MS42RF00" → 22 28 4 2 27 15 0 0, which is 15 modulo 97: the check digits are 98 − 15 = 83.
    expect(transferReference(42)).toBe('RF83MS42');
    expect(orderOfTransferReference('rf83 ms42')).toBe(42);
    for (const number of [1, 7, 99, 1234, 9_999_999])
      expect(orderOfTransferReference(transferReference(number))).toBe(number);
    // A digit mistyped, swapped or the check digits wrong: not an order of the shop.
    expect(orderOfTransferReference('RF83MS43')).toBeUndefined();
    expect(orderOfTransferReference('RF38MS42')).toBeUndefined();
    expect(orderOfTransferReference('RF83XX42')).toBeUndefined();
    expect(orderOfTransferReference('')).toBeUndefined();
  });

  it('marks a waiting order paid, counts a payment once, and refunds one that arrives after the order was cancelled', () => {
    expect(paymentArrival({ status: 'PENDING', paymentStatus: 'AWAITING_PAYMENT' })).toBe('MARK_PAID');
    expect(paymentArrival({ status: 'PENDING', paymentStatus: 'PAID' })).toBe('ALREADY_PAID');
    expect(paymentArrival({ status: 'CANCELLED', paymentStatus: 'AWAITING_PAYMENT' })).toBe('REFUND');
    expect(paymentArrival({ status: 'CANCELLED', paymentStatus: 'REFUNDED' })).toBe('REFUND');
  });

  it('keeps the goods until they are paid for, and refunds a paid order that is cancelled', () => {
    const waiting = 'This order waits for its payment: record the payment first';
    expect(paymentBlocksMove('AWAITING_PAYMENT', 'CONFIRMED')).toBe(waiting);
    expect(paymentBlocksMove('AWAITING_PAYMENT', 'SHIPPED')).toBe(waiting);
    expect(paymentBlocksMove('AWAITING_PAYMENT', 'CANCELLED')).toBeUndefined();
    expect(paymentBlocksMove('PAID', 'SHIPPED')).toBeUndefined();
    expect(paymentBlocksMove(null, 'SHIPPED')).toBeUndefined();
    expect([refundOnCancel('PAID'), refundOnCancel('AWAITING_PAYMENT'), refundOnCancel(null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
