// Tax through our REST service's extension tax: /api/tax-rates, /api/settings/tax and /api/cart/charges. Where the
// implementation keeps none (the plain contract), there are no rates, prices include tax (there is none), a cart costs
// its lines, and changing a rate is NOT_SUPPORTED.
import type { RestCartCharges, RestTaxRate } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { OptionalExtension } from './optional-extension.js';

/** What our REST service names its tax in its Contract-Extensions. */
export const TAX = 'tax';

export interface TaxRateBody {
  country: string;
  categoryId: number | null;
  rate: number;
}

export class TaxApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      TAX,
      "The shop's REST service keeps no tax (it lacks the tax extension)",
    );
  }

  /** NOT_SUPPORTED where the implementation keeps no tax (the plain contract). */
  refuseWhereUnsupported(): Promise<void> {
    return this.extension.refuseWhereUnsupported();
  }

  rates(): Promise<RestTaxRate[]> {
    return this.extension.orElse(
      () => this.rest.call<RestTaxRate[]>(this.caller, { method: 'GET', path: '/api/tax-rates' }),
      [],
    );
  }

  async pricesIncludeTax(): Promise<boolean> {
    const settings = await this.extension.orElse(
      () => this.rest.call<{ pricesIncludeTax: boolean }>(this.caller, { method: 'GET', path: '/api/settings/tax' }),
      { pricesIncludeTax: true },
    );
    return settings.pricesIncludeTax;
  }

  /** What the caller's cart would cost placed now; undefined where the implementation keeps no tax. */
  charges(choice: { shippingCountry?: string; shippingMethodId?: number }): Promise<RestCartCharges | undefined> {
    return this.extension.orElse<RestCartCharges | undefined>(
      () =>
        this.rest.call<RestCartCharges>(this.caller, {
          method: 'GET',
          path: '/api/cart/charges',
          query: choice,
        }),
      undefined,
    );
  }

  async save(id: number | undefined, body: TaxRateBody): Promise<RestTaxRate> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestTaxRate>(
      this.caller,
      id === undefined
        ? { method: 'POST', path: '/api/tax-rates', body }
        : { method: 'PUT', path: `/api/tax-rates/${id}`, body },
    );
  }

  async delete(id: number): Promise<void> {
    await this.refuseWhereUnsupported();
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/tax-rates/${id}` });
  }

  async setPricesIncludeTax(pricesIncludeTax: boolean): Promise<boolean> {
    await this.refuseWhereUnsupported();
    const answer = await this.rest.call<{ pricesIncludeTax: boolean }>(this.caller, {
      method: 'PUT',
      path: '/api/settings/tax',
      body: { pricesIncludeTax },
    });
    return answer.pricesIncludeTax;
  }
}
