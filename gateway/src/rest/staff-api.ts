// Staff roles through our REST service's extension staff-roles: /api/staff. Where the implementation keeps none (the
// plain contract: ADMIN is its only role), reading or changing them is NOT_SUPPORTED.
import type { RestStaffMember, RestStaffRole } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';
import type { UsersApi } from './users-api.js';
import { OptionalExtension } from './optional-extension.js';

/** What our REST service names its staff roles in its Contract-Extensions. */
export const STAFF_ROLES = 'staff-roles';

export class StaffApi {
  private readonly extension: OptionalExtension;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
    users: UsersApi,
  ) {
    this.extension = new OptionalExtension(
      rest,
      users,
      STAFF_ROLES,
      "The shop's REST service keeps no staff roles (it lacks the staff-roles extension)",
    );
  }

  refuseWhereUnsupported(): Promise<void> {
    return this.extension.refuseWhereUnsupported();
  }

  async roles(): Promise<RestStaffRole[]> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffRole[]>(this.caller, { method: 'GET', path: '/api/staff/roles' });
  }

  async members(): Promise<RestStaffMember[]> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffMember[]>(this.caller, { method: 'GET', path: '/api/staff/members' });
  }

  async createRole(name: string, permissions: readonly string[]): Promise<RestStaffRole> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffRole>(this.caller, {
      method: 'POST',
      path: '/api/staff/roles',
      body: { name, permissions },
    });
  }

  async updateRole(name: string, permissions: readonly string[]): Promise<RestStaffRole> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffRole>(this.caller, {
      method: 'PUT',
      path: `/api/staff/roles/${encodeURIComponent(name)}`,
      body: { permissions },
    });
  }

  async deleteRole(name: string): Promise<void> {
    await this.refuseWhereUnsupported();
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/staff/roles/${encodeURIComponent(name)}` });
  }

  /** Turns off someone's second factor (extension two-factor, with staff-roles). */
  async resetTwoFactor(username: string): Promise<RestStaffMember> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffMember>(this.caller, {
      method: 'DELETE',
      path: `/api/staff/members/${encodeURIComponent(username)}/two-factor`,
    });
  }

  async setRoles(username: string, roles: readonly string[]): Promise<RestStaffMember> {
    await this.refuseWhereUnsupported();
    return this.rest.call<RestStaffMember>(this.caller, {
      method: 'PUT',
      path: `/api/staff/members/${encodeURIComponent(username)}`,
      body: { roles },
    });
  }
}
