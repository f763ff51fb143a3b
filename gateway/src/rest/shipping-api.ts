// Shipping methods through our REST service's extension shipping: /api/shipping-methods. Where the implementation
// keeps none (the plain contract), there are none to read, and changing one is NOT_SUPPORTED.
import { GraphQLError } from 'graphql';
import type { RestShippingMethod, RestShippingOption } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { isMissingRoute } from './plain-contract/missing-routes.js';

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
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    private readonly users: UsersApi,
  ) {}

  /** Whether the implementation keeps shipping methods (read off an answer; the caller's profile when none yet). */
  async offered(): Promise<boolean> {
    if (!this.rest.hasAnswered) await this.users.profile();
    return this.rest.offers(SHIPPING);
  }

  /** NOT_SUPPORTED where the implementation keeps no shipping methods (the plain contract). */
  async refuseWhereUnsupported(): Promise<void> {
    if (await this.offered()) return;
    // Who asks is settled first: a caller without a valid login hears that, as from any other call.
    await this.users.profile();
    throw new GraphQLError("The shop's REST service keeps no shipping methods (it lacks the shipping extension)", {
      extensions: { code: 'NOT_SUPPORTED' },
    });
  }

  /**
   * The methods offered (every one, for an admin); none where the implementation keeps none. Asked straight away, so
   * that it goes with a screen's other calls (checkout's): a REST service without the route says so by its 404.
   */
  list(): Promise<RestShippingMethod[]> {
    return this.unlessNone(() =>
      this.rest.call<RestShippingMethod[]>(this.caller, { method: 'GET', path: '/api/shipping-methods' }),
    );
  }

  /** What each method costs the caller's cart going to `country`; none where the implementation keeps none. */
  options(country: string): Promise<RestShippingOption[]> {
    return this.unlessNone(() =>
      this.rest.call<RestShippingOption[]>(this.caller, {
        method: 'GET',
        path: '/api/shipping-methods/options',
        query: { country },
      }),
    );
  }

  /**
   * The call's answer, or none where the implementation keeps no shipping methods (known from an earlier answer, or
   * told by the route's absence); the caller's login is settled then, so that one without a valid login hears so over
   * either contract.
   */
  private async unlessNone<T>(call: () => Promise<T[]>): Promise<T[]> {
    if (this.rest.hasAnswered && !this.rest.offers(SHIPPING)) {
      await this.users.profile();
      return [];
    }
    try {
      return await call();
    } catch (error) {
      if (!isMissingRoute(error)) throw error;
      await this.users.profile();
      return [];
    }
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
