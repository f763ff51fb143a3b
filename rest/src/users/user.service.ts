// Accounts: registration, login, profile, password change and deletion, and the admin account ensured at start.
import crypto from 'node:crypto';
import {
  PASSWORDS_DO_NOT_MATCH,
  checkPasswordChange,
  checkProfileChange,
  sameEmail,
} from '../../../shop-rules/account-rules.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import { ADMIN_ROLE, type AuthenticatedUser, USER_ROLE, parseRoles } from '../auth/authenticated-user.js';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../auth/passwords.js';
import { badRequest, conflict, notFound, unauthorized } from '../shared/http-errors.js';
import type { EmailVerificationService } from './email-verification.service.js';
import type { UserRepository } from './user.repository.js';
import type { AvailableChatUser, PasswordChange, ProfileUpdate, UserAnswer } from './user.schemas.js';

export { PASSWORDS_DO_NOT_MATCH };

/** A suspension of the account's chat that is not over yet; null for none, or one that ended. */
const suspendedUntil = (until: string | null) => (until !== null && Date.parse(until) > Date.now() ? until : null);

/**
 * `viewer`: the request's caller as their token was checked, whose own account `row` is: what their roles allow, and
 * whether those permissions wait for a second factor (both read at that check, so they never disagree).
 */
export function toUserAnswer(
  row: UserRow,
  viewer: Pick<AuthenticatedUser, 'permissions' | 'twoFactorRequired' | 'twoFactorEnabled'>,
): UserAnswer {
  return {
    id: row.id,
    username: row.username,
    roles: parseRoles(row.roles),
    permissions: [...viewer.permissions],
    permissionsAwaitTwoFactor: viewer.twoFactorRequired && !viewer.twoFactorEnabled,
    email: row.email,
    emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    chatSuspendedUntil: suspendedUntil(row.chatSuspendedUntil),
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    createdAt: row.createdAt,
    preferences: {
      emailNotifications: row.emailNotifications === 1,
      smsNotifications: row.smsNotifications === 1,
      language: row.language,
      timezone: row.timezone,
    },
  };
}

export function toAvailableChatUser(row: UserRow): AvailableChatUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: parseRoles(row.roles),
  };
}

/** Trims text; an empty text means "clear this field". */
const cleanText = (value: string | null | undefined) => (value == null ? null : value.trim() || null);

export interface Registration {
  username: string;
  password: string;
  confirmPassword?: string | undefined;
  /** Optional (an extension): the account's address, sent a link to verify it. */
  email?: string | null | undefined;
}

export interface AdminBootstrapResult {
  created: boolean;
  /** Set only when the password was generated here: it is shown to the operator once. */
  generatedPassword?: string;
  /** The username belongs to a regular account and no password was configured to take it over. */
  heldByRegularAccount?: boolean;
  /** The configured password replaced the stored one, and with it the account's second factor was turned off. */
  secondFactorTurnedOff?: boolean;
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    /** Giving an account an address sends a link to verify it, in the same transaction. */
    private readonly addresses: EmailVerificationService,
  ) {}

  async register({ username, password, confirmPassword, email }: Registration): Promise<UserRow> {
    if (confirmPassword !== undefined && confirmPassword !== password)
      throw badRequest(PASSWORDS_DO_NOT_MATCH, 'confirmPassword');
    const [violation] = checkProfileChange({ email });
    if (violation) throw badRequest(violation.message, violation.field);
    // Hashed before the transaction: the slow hash holds no lock.
    const passwordHash = await hashPassword(password);
    const created = await this.addresses.changingAddress(async (users, addressGiven) => {
      // Whatever roles the request asks for, a new account is a regular user (spec §1).
      const account = await users.insert({ username, passwordHash, roles: USER_ROLE, email: cleanText(email) });
      if (account?.email) await addressGiven(account);
      return account;
    });
    if (!created) throw conflict(`Username "${username}" is already taken`, 'USERNAME_TAKEN', 'username');
    return created;
  }

  async login(username: string, password: string): Promise<UserRow> {
    const user = await this.users.findByUsername(username);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNobody(password);
    if (!user || !valid) throw unauthorized('Invalid username or password', 'INVALID_CREDENTIALS');
    return user;
  }

  async getProfile(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return user;
  }

  async updateProfile(userId: number, update: ProfileUpdate): Promise<UserRow> {
    // The rules shared with the gateway; this answer names the first broken one, by its own key (`language`).
    const [violation] = checkProfileChange(update);
    if (violation) throw badRequest(violation.message, violation.field.split('.').pop());
    const changes: UserUpdate = {};
    if (update.email !== undefined) changes.email = cleanText(update.email);
    if (update.firstName !== undefined) changes.firstName = cleanText(update.firstName);
    if (update.lastName !== undefined) changes.lastName = cleanText(update.lastName);
    if (update.phoneNumber !== undefined) changes.phoneNumber = cleanText(update.phoneNumber);
    if (update.address !== undefined) changes.address = cleanText(update.address);
    const preferences = update.preferences ?? {};
    if (preferences.emailNotifications !== undefined)
      changes.emailNotifications = preferences.emailNotifications ? 1 : 0;
    if (preferences.smsNotifications !== undefined) changes.smsNotifications = preferences.smsNotifications ? 1 : 0;
    if (preferences.language !== undefined) changes.language = preferences.language.trim();
    if (preferences.timezone !== undefined) changes.timezone = preferences.timezone.trim();
    return this.addresses.changingAddress(async (users, addressGiven) => {
      const before = await users.findById(userId);
      if (!before) throw notFound('User not found', 'USER_NOT_FOUND');
      // The same address in another case or with spaces is no new address: it stays verified, and nothing is sent.
      const newAddress = changes.email !== undefined && !sameEmail(before.email, changes.email);
      if (newAddress) changes.emailVerifiedAt = null;
      const updated = await users.update(userId, changes);
      if (!updated) throw notFound('User not found', 'USER_NOT_FOUND');
      if (newAddress) {
        // A reset link sent to the address before must not outlive it (the old mailbox may be why it changed); the new
        // one gets a link to verify it, and nothing else until it is opened.
        await users.endResetLinks(userId);
        await addressGiven(updated);
      }
      return updated;
    });
  }

  async changePassword(userId: number, change: PasswordChange): Promise<UserRow> {
    const user = await this.getProfile(userId);
    // 400, not 401: a wrong current password must not end the session (DESIGN §3).
    if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
      throw badRequest('Current password is incorrect', 'currentPassword');
    }
    const [violation] = checkPasswordChange(change);
    if (violation) throw badRequest(violation.message, violation.field);
    const updated = await this.users.replacePassword(userId, await hashPassword(change.newPassword));
    if (!updated) throw notFound('User not found', 'USER_NOT_FOUND');
    return updated;
  }

  async deleteAccount(userId: number): Promise<void> {
    if (!(await this.users.delete(userId))) throw notFound('User not found', 'USER_NOT_FOUND');
  }

  async listChatUsers(exceptUserId: number): Promise<AvailableChatUser[]> {
    return (await this.users.listAllExcept(exceptUserId)).map(toAvailableChatUser);
  }

  /**
   * Makes sure the configured admin account exists and is an admin. A password given in the configuration
   * replaces a different stored one (the operator's way to reset it); without one, a new account gets a
   * random password that the caller shows once. A regular account that holds the username (someone registered
   * it after the admin account was deleted) is never promoted as it is: only with a configured password, which
   * replaces its own and ends its sessions.
   */
  async ensureAdmin(username: string, configuredPassword: string | undefined): Promise<AdminBootstrapResult> {
    const existing = await this.users.findByUsername(username);
    if (!existing) {
      const password = configuredPassword ?? crypto.randomBytes(12).toString('base64url');
      const created = await this.users.insert({
        username,
        passwordHash: await hashPassword(password),
        roles: `${USER_ROLE},${ADMIN_ROLE}`,
      });
      if (!created) return this.ensureAdmin(username, configuredPassword); // another instance created it meanwhile
      return configuredPassword ? { created: true } : { created: true, generatedPassword: password };
    }
    const roles = parseRoles(existing.roles);
    if (!roles.includes(ADMIN_ROLE)) {
      if (!configuredPassword) return { created: false, heldByRegularAccount: true };
      await this.users.replacePassword(existing.id, await hashPassword(configuredPassword));
      await this.users.update(existing.id, { roles: [...roles, ADMIN_ROLE].join(',') });
      return { created: false, secondFactorTurnedOff: await this.users.turnOffSecondFactor(existing.id) };
    }
    if (configuredPassword && !(await verifyPassword(existing.passwordHash, configuredPassword))) {
      // The operator's way back in (a lost password, or a lost phone and its recovery codes): a new configured password
      // also turns the account's second factor off, so that the password alone opens it once more.
      await this.users.replacePassword(existing.id, await hashPassword(configuredPassword));
      return { created: false, secondFactorTurnedOff: await this.users.turnOffSecondFactor(existing.id) };
    }
    return { created: false };
  }
}
