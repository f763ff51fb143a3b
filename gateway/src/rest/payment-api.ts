// Payment through our REST service's extension payment: /api/settings/payment, POST /api/orders/{id}/payment and,
// where the shop takes cards, POST /api/orders/{id}/card-payment. Where the implementation takes none (the plain
// contract), the shop offers no method, orders carry no payment, and changing the settings, recording a payment or
// starting one is NOT_SUPPORTED.
import type { RestCardSession, RestOrder, RestPaymentSettings } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { OptionalExtension } from './optional-extension.js';
import { isMissingRoute } from './plain-contract/missing-routes.js';

/** What our REST service names its payment in its Contract-Extensions. */
export const PAYMENT = 'payment';

export interface BankTransferBody {
  accountHolder: string;
  iban: string;
  bic?: string | null;
  days?: number;
}

const NO_PAYMENT: RestPaymentSettings = { methods: [], bankTransfer: null };

export class PaymentApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    private readonly users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      PAYMENT,
      "The shop's REST service takes no payment (it lacks the payment extension)",
    );
  }

  /** Whether the implementation takes payment at all (the plain contract does not). */
  offered(): Promise<boolean> {
    return this.extension.offered();
  }

  refuseWhereUnsupported(): Promise<void> {
    return this.extension.refuseWhereUnsupported();
  }

  settings(): Promise<RestPaymentSettings> {
    return this.extension.orElse(
      () => this.rest.call<RestPaymentSettings>(this.caller, { method: 'GET', path: '/api/settings/payment' }),
      NO_PAYMENT,
    );
  }

  async updateSettings(bankTransfer: BankTransferBody | null): Promise<RestPaymentSettings> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestPaymentSettings>(this.caller, {
      method: 'PUT',
      path: '/api/settings/payment',
      body: { bankTransfer },
    });
  }

  async recordPayment(orderId: number): Promise<RestOrder> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestOrder>(this.caller, { method: 'POST', path: `/api/orders/${orderId}/payment` });
  }

  /**
   * Stripe's page where the buyer pays their own card order (the same while it is open); undefined where the REST
   * service takes no cards (not connected to Stripe: it has no such route).
   */
  async startCardPayment(orderId: number): Promise<RestCardSession | undefined> {
    await this.refuseWhereUnsupported();
    try {
      return await this.rest.call<RestCardSession>(this.caller, {
        method: 'POST',
        path: `/api/orders/${orderId}/card-payment`,
      });
    } catch (error) {
      if (!isMissingRoute(error)) throw error;
      // A caller without a valid login hears that (the missing route answers before any login is asked for).
      await this.users.settleLogin();
      return undefined;
    }
  }
}
