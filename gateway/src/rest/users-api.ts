// Accounts through the contract: /api/auth/* and /api/users/*.
import type { RestUser } from './contract.js';
import type { Caller, RestClient } from './rest-client.js';

export interface ProfileBody {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  address?: string | null;
  preferences?: {
    emailNotifications?: boolean | null;
    smsNotifications?: boolean | null;
    language?: string | null;
    timezone?: string | null;
  } | null;
}

/** Spec §8: a token that is not a non-empty string is "No valid token received from server". */
export const NO_VALID_TOKEN = 'No valid token received from server';

function tokenOf(answer: unknown): string | undefined {
  return typeof answer === 'string' && answer.trim() !== '' && !/\s/.test(answer.trim()) ? answer.trim() : undefined;
}

export class UsersApi {
  /**
   * Registration and login carry no token (they are how one is obtained), and everything else of the caller: its
   * deadline, its budget, and the client's address, which the REST service's limits per client count.
   */
  private readonly anonymous: Caller;

  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {
    this.anonymous = { ...caller, token: undefined };
  }

  async register(username: string, password: string, confirmPassword: string): Promise<string | undefined> {
    // Registrations always send role USER (spec §6); the server decides anyway.
    const answer = await this.rest.call<unknown>(this.anonymous, {
      method: 'POST',
      path: '/api/auth/register',
      body: { username, password, confirmPassword, roles: ['USER'] },
    });
    return tokenOf(answer);
  }

  async login(username: string, password: string): Promise<string | undefined> {
    const answer = await this.rest.call<unknown>(this.anonymous, { method: 'POST', path: '/api/auth/login', body: { username, password } });
    return tokenOf(answer);
  }

  profile(): Promise<RestUser> {
    return this.rest.call<RestUser>(this.caller, { method: 'GET', path: '/api/users/profile' });
  }

  updateProfile(body: ProfileBody): Promise<RestUser | undefined> {
    return this.rest.call<RestUser | undefined>(this.caller, { method: 'PUT', path: '/api/users/profile', body });
  }

  async changePassword(currentPassword: string, newPassword: string, confirmPassword: string): Promise<void> {
    await this.rest.call(this.caller, {
      method: 'PUT',
      path: '/api/users/change-password',
      body: { currentPassword, newPassword, confirmPassword },
    });
  }

  async deleteAccount(): Promise<void> {
    await this.rest.call(this.caller, { method: 'DELETE', path: '/api/users/account' });
  }
}
