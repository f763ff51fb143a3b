// Payment's settings (extension payment): the bank account transfers pay into, and how many days an order waits for
// one; cards are offered where the operator connected the shop to Stripe. Without either the shop takes no payment:
// orders are placed as before payments (paid outside the shop). Each change audited. What payments do to orders
// (recording one, cancelling an unpaid order in time) is OrderService's; card payments are CardPaymentService's.
import type { Actor, AuditRepository } from '../audit/audit.repository.js';
import { badRequest } from '../shared/http-errors.js';
import {
  type BankTransferForm,
  type BankTransferSettings,
  type PaymentMethod,
  checkBankTransfer,
  offeredPaymentMethods,
} from '../../../shop-rules/payment-rules.js';
import type { PaymentRepository } from './payment.repository.js';

export interface PaymentSettings {
  /** What checkout offers, in this order. */
  methods: PaymentMethod[];
  bankTransfer: BankTransferSettings | null;
}

/** Runs `work` in one transaction, the repositories bound to it. */
export type PaymentTransaction = <T>(
  work: (repositories: { payments: PaymentRepository; audit: AuditRepository }) => Promise<T>,
) => Promise<T>;

const settingsOf = (bankTransfer: BankTransferSettings | null, card: boolean): PaymentSettings => ({
  methods: offeredPaymentMethods(bankTransfer, card),
  bankTransfer,
});

export class PaymentService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly inTransaction: PaymentTransaction,
    /** Whether the shop is connected to Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): cards are offered. */
    private readonly card = false,
  ) {}

  async settings(): Promise<PaymentSettings> {
    return settingsOf(await this.payments.bankTransfer(), this.card);
  }

  /**
   * Sets the account transfers pay into (null: the shop stops taking them; orders waiting for one still wait, and
   * keep the account they were given). Audited (`settings.updated`) when it changes.
   */
  async setBankTransfer(actor: Actor, form: BankTransferForm | null): Promise<PaymentSettings> {
    let next: BankTransferSettings | null = null;
    if (form !== null) {
      const checked = checkBankTransfer(form);
      if (Array.isArray(checked)) throw badRequest(checked[0]!.message, `bankTransfer.${checked[0]!.field}`);
      next = checked;
    }
    return this.inTransaction(async ({ payments, audit }) => {
      const before = await payments.bankTransfer();
      if (JSON.stringify(before) !== JSON.stringify(next)) {
        await payments.setBankTransfer(next);
        await audit.record(
          actor,
          'settings.updated',
          { type: 'shop', id: 1 },
          { bankTransfer: { from: before, to: next } },
        );
      }
      return settingsOf(next, this.card);
    });
  }
}
