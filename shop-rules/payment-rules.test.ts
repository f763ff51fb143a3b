// Payment: reservations, bank-transfer references, late payments and what an unpaid order may do.
import { describe, expect, it } from 'vitest';
import {
  INVALID_BIC,
  INVALID_IBAN,
  INVALID_TRANSFER_DAYS,
  checkBankTransfer,
  choosePaymentMethod,
  creditorReference,
  formatIban,
  offeredPaymentMethods,
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

  it('counts a card payment told twice once, and refunds a second payment of a paid order or one of another amount', () => {
    const paid = { status: 'PENDING', paymentStatus: 'PAID' as const, paidBy: 'pi_1', totalCents: 2500 };
    expect(paymentArrival(paid, { id: 'pi_1', cents: 2500 })).toBe('ALREADY_PAID');
    expect(paymentArrival(paid, { id: 'pi_2', cents: 2500 })).toBe('REFUND');
    const waiting = { status: 'PENDING', paymentStatus: 'AWAITING_PAYMENT' as const, paidBy: null, totalCents: 2500 };
    expect(paymentArrival(waiting, { id: 'pi_1', cents: 2500 })).toBe('MARK_PAID');
    expect(paymentArrival(waiting, { id: 'pi_1', cents: 2499 })).toBe('REFUND');
    expect(paymentArrival({ ...waiting, status: 'CANCELLED' }, { id: 'pi_1', cents: 2500 })).toBe('REFUND');
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

  it('takes a bank account whose IBAN checks out, spaces and case aside, and says what is wrong with one that does not', () => {
    expect(
      checkBankTransfer({ accountHolder: ' Medshop GmbH ', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' }),
    ).toEqual({ accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', days: 7 });
    expect(checkBankTransfer({ accountHolder: 'A', iban: 'GB82WEST12345698765432', bic: '', days: 30 })).toEqual({
      accountHolder: 'A',
      iban: 'GB82WEST12345698765432',
      bic: null,
      days: 30,
    });
    // One digit mistyped: the check digits no longer match.
    expect(checkBankTransfer({ accountHolder: '', iban: 'DE89370400440532013001', bic: 'COBA', days: 31 })).toEqual([
      { message: 'Account holder must be 1 to 70 characters', field: 'accountHolder' },
      { message: INVALID_IBAN, field: 'iban' },
      { message: INVALID_BIC, field: 'bic' },
      { message: INVALID_TRANSFER_DAYS, field: 'days' },
    ]);
    expect(checkBankTransfer({ accountHolder: 'A', iban: 12, days: 1.5 })).toEqual([
      { message: INVALID_IBAN, field: 'iban' },
      { message: INVALID_TRANSFER_DAYS, field: 'days' },
    ]);
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('offers a bank transfer once the shop has an account, and asks for a method it offers', () => {
    const account = { accountHolder: 'A', iban: 'GB82WEST12345698765432', bic: null, days: 7 };
    expect(offeredPaymentMethods(null)).toEqual([]);
    expect(offeredPaymentMethods(account)).toEqual(['BANK_TRANSFER']);
    expect(offeredPaymentMethods(account, true)).toEqual(['BANK_TRANSFER', 'CARD']);
    expect(offeredPaymentMethods(null, true)).toEqual(['CARD']);
    expect(choosePaymentMethod([], undefined)).toEqual({ method: null });
    expect(choosePaymentMethod([], 'BANK_TRANSFER')).toEqual({
      message: 'This shop takes no bank transfers',
      field: 'paymentMethod',
    });
    expect(choosePaymentMethod(['BANK_TRANSFER'], undefined)).toEqual({
      message: 'Choose how to pay',
      field: 'paymentMethod',
    });
    expect(choosePaymentMethod(['BANK_TRANSFER'], 'CARD')).toEqual({
      message: 'This shop takes no card payments',
      field: 'paymentMethod',
    });
    expect(choosePaymentMethod(['BANK_TRANSFER'], 'BANK_TRANSFER')).toEqual({ method: 'BANK_TRANSFER' });
  });
});
