// The viewer's second factor through our REST service's extension two-factor: /api/users/two-factor. Where the
// implementation has none (the plain contract), the status reads as null and changes are NOT_SUPPORTED. The login's
// second step is the users' (users-api.ts), a staff manager's reset the staff's (staff-api.ts).
import type { RestTwoFactorStatus } from './contract.js';
import { OptionalExtension } from './optional-extension.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';

/** What our REST service names its second factors in its Contract-Extensions. */
export const TWO_FACTOR = 'two-factor';

const PATH = '/api/users/two-factor';

export class TwoFactorApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      TWO_FACTOR,
      "The shop's REST service has no two-factor sign-in (it lacks the two-factor extension)",
    );
  }

  /** The viewer's, or null where the implementation has no second factors. */
  status(): Promise<RestTwoFactorStatus | null> {
    return this.extension.orElse(
      () => this.rest.call<RestTwoFactorStatus>(this.caller, { method: 'GET', path: PATH }),
      null,
    );
  }

  async startSetup(): Promise<{ secret: string; uri: string }> {
    await this.extension.refuseWhereUnsupported();
    return this.rest.call(this.caller, { method: 'POST', path: `${PATH}/setup` });
  }

  /** The recovery codes, and the caller's new token (every earlier session ended). */
  async enable(code: string, password: string): Promise<{ recoveryCodes: string[]; token: string }> {
    await this.extension.refuseWhereUnsupported();
    return this.rest.call<{ recoveryCodes: string[]; token: string }>(this.caller, {
      method: 'POST',
      path: `${PATH}/enable`,
      body: { code, password },
    });
  }

  async disable(password: string): Promise<void> {
    await this.extension.refuseWhereUnsupported();
    await this.rest.call(this.caller, { method: 'POST', path: `${PATH}/disable`, body: { password } });
  }

  async regenerateRecoveryCodes(password: string): Promise<string[]> {
    await this.extension.refuseWhereUnsupported();
    const answer = await this.rest.call<{ recoveryCodes: string[] }>(this.caller, {
      method: 'POST',
      path: `${PATH}/recovery-codes`,
      body: { password },
    });
    return answer.recoveryCodes;
  }
}
