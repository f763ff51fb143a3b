// Shipping methods through our REST service's extension shipping: /api/shipping-methods. Where the implementation
// keeps none (the plain contract), there are none to read, and changing one is NOT_SUPPORTED.
import type { RestShippingMethod, RestShippingOption } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { OptionalExtension } from './optional-extension.js';

/** What our REST service names its shipping methods in its Contract-Extensions. */
export const SHIPPING = 'shipping';

/** A method as the REST service takes it: prices in dollars. */
export interface ShippingMethodBody {
  name: string;
  description: string | null;
  minDays: number;
  maxDays: number;
  active: boolean;
  rates: { countries: string[]; price: number; freeFrom: number | null }[];
}

export class ShippingApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      SHIPPING,
      "The shop's REST service keeps no shipping methods (it lacks the shipping extension)",
    );
  }

  /** Whether the implementation keeps shipping methods. */
  offered(): Promise<boolean> {
    return this.extension.offered();
  }

  /** NOT_SUPPORTED where the implementation keeps no shipping methods (the plain contract). */
  refuseWhereUnsupported(): Promise<void> {
    return this.extension.refuseWhereUnsupported();
  }

  /** The methods offered (every one, for an admin); none where the implementation keeps none. */
  list(): Promise<RestShippingMethod[]> {
    return this.extension.orElse(
      () => this.rest.call<RestShippingMethod[]>(this.caller, { method: 'GET', path: '/api/shipping-methods' }),
      [],
    );
  }

  /** What each method costs the caller's cart going to `country`; none where the implementation keeps none. */
  options(country: string): Promise<RestShippingOption[]> {
    return this.extension.orElse(
      () =>
        this.rest.call<RestShippingOption[]>(this.caller, {
          method: 'GET',
          path: '/api/shipping-methods/options',
          query: { country },
        }),
      [],
    );
  }

  async save(id: number | undefined, body: ShippingMethodBody): Promise<RestShippingMethod> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestShippingMethod>(
      this.caller,
      id === undefined
        ? { method: 'POST', path: '/api/shipping-methods', body }
        : { method: 'PUT', path: `/api/shipping-methods/${id}`, body },
    );
  }

  async delete(id: number): Promise<void> {
    await this.refuseWhereUnsupported();
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/shipping-methods/${id}` });
  }
}
