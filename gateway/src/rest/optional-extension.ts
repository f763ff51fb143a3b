// What a data source does with an extension of our REST service that another implementation of the contract may lack
// (shipping, tax): where it is missing, reads answer "none" and changes are NOT_SUPPORTED, after the caller's login
// is settled, so that a caller without a valid login hears that over either contract.
import { GraphQLError } from 'graphql';
import type { RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { isMissingRoute } from './plain-contract/missing-routes.js';

export class OptionalExtension {
  constructor(
    private readonly rest: RestClient,
    private readonly users: UsersApi,
    /** The extension's name in Contract-Extensions. */
    private readonly name: string,
    /** Said by NOT_SUPPORTED: "The shop's REST service keeps no …". */
    private readonly refusal: string,
  ) {}

  /** Whether the implementation offers it (read off an answer; the caller's profile when none yet). */
  async offered(): Promise<boolean> {
    if (!this.rest.hasAnswered) await this.users.settleLogin();
    return this.rest.offers(this.name);
  }

  /** NOT_SUPPORTED where the implementation lacks it. */
  async refuseWhereUnsupported(): Promise<void> {
    if (await this.offered()) return;
    await this.users.settleLogin();
    throw new GraphQLError(this.refusal, { extensions: { code: 'NOT_SUPPORTED' } });
  }

  /**
   * The call's answer, or `none` where the implementation lacks the extension (known from an earlier answer, or told
   * by the route's absence). Asked straight away when nothing is known yet, so that it goes with a screen's other
   * calls: a REST service without the route says so by its 404.
   */
  async orElse<T>(call: () => Promise<T>, none: T): Promise<T> {
    if (this.rest.hasAnswered && !this.rest.offers(this.name)) {
      await this.users.settleLogin();
      return none;
    }
    try {
      return await call();
    } catch (error) {
      if (!isMissingRoute(error)) throw error;
      await this.users.settleLogin();
      return none;
    }
  }
}
