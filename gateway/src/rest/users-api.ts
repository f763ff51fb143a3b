// Accounts through the contract: /api/auth/* and /api/users/*.
import { GraphQLError } from 'graphql';
import type { RestAddress, RestUser } from './contract.js';
import type { AddressForm } from '../../../shop-rules/address-rules.js';
import { unlessMissing } from './plain-contract/missing-routes.js';
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

/** What our REST service names the address books in its Contract-Extensions. */
export const ADDRESS_BOOK = 'address-book';

/** An address's parts as the REST service takes them (extension address-book). */
export type AddressBody = AddressForm;

/** Spec §8: a token that is not a non-empty string is "No valid token received from server". */
export const NO_VALID_TOKEN = 'No valid token received from server';

function tokenOf(answer: unknown): string | undefined {
  return typeof answer === 'string' && answer.trim() !== '' && !/\s/.test(answer.trim()) ? answer.trim() : undefined;
}

/** What the REST service answers a reset (an extension): the account whose password it now is. */
export interface PasswordResetDone {
  message: string;
  id: number;
  username: string;
}

/** What the REST service answers a verified address (an extension): whose, and which. */
export interface EmailVerified {
  message: string;
  id: number;
  username: string;
  email: string;
}

export class UsersApi {
  constructor(
    private readonly rest: RestClient,
    private readonly caller: Caller,
  ) {}

  /**
   * Registration and login carry no token (they are how one is obtained), and everything else of the caller: its
   * deadline, its budget, and the client's address, which the REST service's limits per client count. Made when asked
   * for: every request makes a UsersApi, and only a login, a registration or a reset needs this (built by
   * Object.assign: a spread followed by a property takes V8's slow path, about 1 µs a time here).
   */
  private get anonymous(): Caller {
    return Object.assign({}, this.caller, { token: undefined });
  }

  /** `email`, an extension, is sent only when given: the plain contract's registration has none. */
  async register(
    username: string,
    password: string,
    confirmPassword: string,
    email?: string,
  ): Promise<string | undefined> {
    // Registrations always send role USER (spec §6); the server decides anyway.
    const answer = await this.rest.call<unknown>(this.anonymous, {
      method: 'POST',
      path: '/api/auth/register',
      body: { username, password, confirmPassword, roles: ['USER'], ...(email ? { email } : {}) },
    });
    return tokenOf(answer);
  }

  async login(username: string, password: string): Promise<string | undefined> {
    const answer = await this.rest.call<unknown>(this.anonymous, {
      method: 'POST',
      path: '/api/auth/login',
      body: { username, password },
    });
    return tokenOf(answer);
  }

  /**
   * A login's second step (extension two-factor): the challenge of the login's SECOND_FACTOR_REQUIRED and a code or a
   * recovery code, for the token. NOT_SUPPORTED where the implementation has no such route.
   */
  async loginSecondFactor(
    challenge: string,
    secondFactor: { code?: string; recoveryCode?: string },
  ): Promise<string | undefined> {
    const path = '/api/auth/login/second-factor';
    const answer = await unlessMissing(
      path,
      () => this.rest.call<unknown>(this.anonymous, { method: 'POST', path, body: { challenge, ...secondFactor } }),
      'second factor',
    );
    return tokenOf(answer);
  }

  /** Answered alike whether or not an account matched; the message for people. */
  async requestPasswordReset(usernameOrEmail: string): Promise<string | undefined> {
    const path = '/api/auth/request-password-reset';
    const answer = await unlessMissing(path, () =>
      this.rest.call<{ message?: unknown }>(this.anonymous, { method: 'POST', path, body: { usernameOrEmail } }),
    );
    return typeof answer?.message === 'string' ? answer.message : undefined;
  }

  resetPassword(token: string, newPassword: string, confirmPassword: string): Promise<PasswordResetDone> {
    const path = '/api/auth/reset-password';
    return unlessMissing(path, () =>
      this.rest.call<PasswordResetDone>(this.anonymous, {
        method: 'POST',
        path,
        body: { token, newPassword, confirmPassword },
      }),
    );
  }

  /** The e-mailed link's token: the account whose address it proved. Anonymous: the token is the proof. */
  verifyEmail(token: string): Promise<EmailVerified> {
    const path = '/api/auth/verify-email';
    return unlessMissing(
      path,
      () => this.rest.call<EmailVerified>(this.anonymous, { method: 'POST', path, body: { token } }),
      'e-mail address verification',
    );
  }

  /** The link once more, to the caller's address; the message for people. */
  async resendEmailVerification(): Promise<string | undefined> {
    const path = '/api/users/resend-email-verification';
    const answer = await unlessMissing(
      path,
      () => this.rest.call<{ message?: unknown }>(this.caller, { method: 'POST', path }),
      'e-mail address verification',
    );
    return typeof answer?.message === 'string' ? answer.message : undefined;
  }

  profile(): Promise<RestUser> {
    return this.rest.call<RestUser>(this.caller, { method: 'GET', path: '/api/users/profile' });
  }

  private loginSettled: Promise<unknown> | undefined;

  /**
   * Settles who the caller is (UNAUTHENTICATED without a valid login) by one profile call per request, however many
   * data sources ask: where an extension is missing, nothing else is called that would tell.
   */
  settleLogin(): Promise<unknown> {
    return (this.loginSettled ??= this.profile());
  }

  /** Whether the implementation keeps address books (the `address-book` extension); any answer tells. */
  async keepsAddresses(): Promise<boolean> {
    if (!this.rest.hasAnswered) await this.profile();
    return this.rest.offers(ADDRESS_BOOK);
  }

  /** NOT_SUPPORTED where the implementation keeps no address books (the plain contract). */
  async refuseWithoutAddressBook(): Promise<void> {
    if (await this.keepsAddresses()) return;
    // Who asks is settled first: a caller without a valid login hears that, as from any other call.
    await this.profile();
    throw new GraphQLError("The shop's REST service keeps no address books (it lacks the address-book extension)", {
      extensions: { code: 'NOT_SUPPORTED' },
    });
  }

  /** The caller's address book, the last used first. */
  async addresses(): Promise<RestAddress[]> {
    await this.refuseWithoutAddressBook();
    return this.rest.call<RestAddress[]>(this.caller, { method: 'GET', path: '/api/users/addresses' });
  }

  /** Adds an address (no `id`) or changes the caller's address `id`. */
  async saveAddress(id: number | undefined, body: AddressBody): Promise<RestAddress> {
    await this.refuseWithoutAddressBook();
    return this.rest.call<RestAddress>(
      this.caller,
      id === undefined
        ? { method: 'POST', path: '/api/users/addresses', body }
        : { method: 'PUT', path: `/api/users/addresses/${id}`, body },
    );
  }

  async deleteAddress(id: number): Promise<void> {
    await this.refuseWithoutAddressBook();
    await this.rest.call(this.caller, { method: 'DELETE', path: `/api/users/addresses/${id}` });
  }

  updateProfile(body: ProfileBody): Promise<RestUser | undefined> {
    return this.rest.call<RestUser | undefined>(this.caller, { method: 'PUT', path: '/api/users/profile', body });
  }

  /** The new session's token where the implementation answers one (an extension); else undefined: log in again. */
  async changePassword(
    currentPassword: string,
    newPassword: string,
    confirmPassword: string,
  ): Promise<string | undefined> {
    const answer = await this.rest.call<{ token?: unknown } | undefined>(this.caller, {
      method: 'PUT',
      path: '/api/users/change-password',
      body: { currentPassword, newPassword, confirmPassword },
    });
    return tokenOf(answer?.token);
  }

  async deleteAccount(): Promise<void> {
    await this.rest.call(this.caller, { method: 'DELETE', path: '/api/users/account' });
  }
}
