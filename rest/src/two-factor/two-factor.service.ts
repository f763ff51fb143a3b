// Two-factor sign-in (extension two-factor): an authenticator app's code (TOTP, by otplib) or a single-use recovery
// code, asked at login after the password. A person sets it up (a secret to scan), proves the app works with its first
// code (then it is on, and they get ten recovery codes), and may turn it off or get new codes with their password.
// With STAFF_TWO_FACTOR_REQUIRED the staff's permissions count only once theirs is on (auth/authenticated-user.ts).
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  RECOVERY_CODE_COUNT,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
  checkAuthenticatorCode,
  checkSecondFactor,
  formatRecoveryCode,
  normalizeAuthenticatorCode,
  normalizeRecoveryCode,
} from '../../../shop-rules/two-factor-rules.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, badRequest, conflict, notFound } from '../shared/http-errors.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** The name an authenticator app lists the account under, before the username. */
export const ISSUER = 'Medshop';

/**
 * Codes of the step before and after now are taken too (30 seconds each way): a phone's clock a little off, or a code
 * typed as it changed, still works.
 */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Crockford's base-32 alphabet, lower case: no i, l, o nor u to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export interface TwoFactorStatus {
  enabled: boolean;
  /** When it was turned on; null while off. */
  enabledAt: string | null;
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: number;
  /** STAFF_TWO_FACTOR_REQUIRED asks it of this account: its staff permissions count only while it is on. */
  required: boolean;
}

export interface TwoFactorSetup {
  /** The secret, base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

export const NOT_ON = 'Two-factor sign-in is off for this account';
export const ALREADY_ON = 'Two-factor sign-in is on already: turn it off first to move it to another app';
export const WRONG_PASSWORD = 'Current password is incorrect';
export const REQUIRED_FOR_STAFF =
  'Your staff roles require two-factor sign-in: it stays on (set it up again from a new app after an owner resets it)';

const hashOf = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return code;
}

export type TwoFactorTransaction = <T>(work: (twoFactor: TwoFactorRepository) => Promise<T>) => Promise<T>;

export class TwoFactorService {
  constructor(
    private readonly twoFactor: TwoFactorRepository,
    private readonly inTransaction: TwoFactorTransaction,
  ) {}

  async status(viewer: AuthenticatedUser): Promise<TwoFactorStatus> {
    const user = await this.account(viewer.id);
    const enabled = user.twoFactorEnabledAt !== null;
    return {
      enabled,
      enabledAt: user.twoFactorEnabledAt,
      recoveryCodesLeft: enabled ? await this.twoFactor.recoveryCodesLeft(user.id) : 0,
      required: viewer.twoFactorRequired,
    };
  }

  /** A new secret for the caller's app; starting again replaces the one of a setup not finished. */
  async startSetup(viewer: AuthenticatedUser): Promise<TwoFactorSetup> {
    const secret = generateSecret();
    if (!(await this.twoFactor.startSetup(viewer.id, secret))) throw conflict(ALREADY_ON, 'TWO_FACTOR_ALREADY_ON');
    return { secret, uri: generateURI({ issuer: ISSUER, label: viewer.username, secret }) };
  }

  /**
   * Turns it on with the app's first code and the password (a stolen session alone cannot put its own app on an
   * account): answers the ten recovery codes, shown this once, and the account as it now is. Every session signed in
   * with the password alone ends (the caller gets a new token): where the shop requires it of staff, none of them
   * gains the staff's permissions.
   */
  async enable(viewer: AuthenticatedUser, code: string, password: string): Promise<{ codes: string[]; user: UserRow }> {
    const [violation] = checkAuthenticatorCode(code);
    if (violation) throw badRequest(violation.message, violation.field);
    const user = await this.withPassword(viewer.id, password);
    if (user.twoFactorEnabledAt !== null) throw conflict(ALREADY_ON, 'TWO_FACTOR_ALREADY_ON');
    if (user.twoFactorSecret === null)
      throw conflict('Start the setup first: scan its code with your app', 'TWO_FACTOR_NOT_STARTED');
    const step = await this.stepOf(user.twoFactorSecret, code, null);
    if (step === undefined) throw badRequest(WRONG_CODE, 'code', 'INVALID_SECOND_FACTOR');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabled = await this.inTransaction(async (twoFactor) => {
      const after = await twoFactor.enable(user.id, user.twoFactorSecret!, step);
      if (after) await twoFactor.replaceRecoveryCodes(user.id, codes.map(hashOf));
      return after;
    });
    // Another request turned it on, or started another setup, between the check and now.
    if (!enabled) throw conflict('The setup changed meanwhile: load it again', 'CHANGED_MEANWHILE');
    return { codes: codes.map(formatRecoveryCode), user: enabled };
  }

  /** Turns it off, with the password (a stolen session alone cannot). Refused while the staff's setting requires it. */
  async disable(viewer: AuthenticatedUser, password: string): Promise<void> {
    const user = await this.withPassword(viewer.id, password);
    if (user.twoFactorEnabledAt === null && user.twoFactorSecret === null) throw conflict(NOT_ON, 'TWO_FACTOR_OFF');
    if (viewer.twoFactorRequired && user.twoFactorEnabledAt !== null)
      throw conflict(REQUIRED_FOR_STAFF, 'TWO_FACTOR_REQUIRED');
    await this.inTransaction((twoFactor) => twoFactor.disable(user.id));
  }

  /** Ten new recovery codes, with the password; the ones before stop working. */
  async regenerateRecoveryCodes(viewer: AuthenticatedUser, password: string): Promise<string[]> {
    const user = await this.withPassword(viewer.id, password);
    if (user.twoFactorEnabledAt === null) throw conflict(NOT_ON, 'TWO_FACTOR_OFF');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.inTransaction((twoFactor) => twoFactor.replaceRecoveryCodes(user.id, codes.map(hashOf)));
    return codes.map(formatRecoveryCode);
  }

  /**
   * The second step of a login: the code of the account's app (each works once), or one of its recovery codes (spent
   * by it). Throws 400 for a code of the wrong form and 401 INVALID_SECOND_FACTOR for a wrong one.
   */
  async verifySecondFactor(user: UserRow, input: { code?: string | undefined; recoveryCode?: string | undefined }) {
    const [violation] = checkSecondFactor(input);
    if (violation) throw badRequest(violation.message, violation.field);
    if (user.twoFactorEnabledAt === null || user.twoFactorSecret === null)
      throw new HttpError(401, TURNED_OFF_MEANWHILE, 'INVALID_TOKEN', 'challenge');
    if (input.recoveryCode?.trim()) {
      const spent = await this.twoFactor.spendRecoveryCode(user.id, hashOf(normalizeRecoveryCode(input.recoveryCode)));
      if (!spent) throw wrongSecondFactor(WRONG_RECOVERY_CODE, 'recoveryCode');
      return;
    }
    const step = await this.stepOf(user.twoFactorSecret, input.code!, user.twoFactorLastStep);
    // The step is taken in one statement: the same code sent twice at once works for one of them.
    if (step === undefined || !(await this.twoFactor.useStep(user.id, user.twoFactorSecret, step)))
      throw wrongSecondFactor(WRONG_CODE, 'code');
  }

  /** The time step of `code` if it is the app's code now (give or take a step) and after `lastStep`. */
  private async stepOf(secret: string, code: string, lastStep: number | null): Promise<number | undefined> {
    let result;
    try {
      result = await verify({
        secret,
        token: normalizeAuthenticatorCode(code),
        epochTolerance: EPOCH_TOLERANCE_SECONDS,
        ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
      });
    } catch {
      // otplib refuses a last step beyond the window it would accept (another instance's clock ahead): no code of
      // this window can be new, so this one is not right.
      return undefined;
    }
    // The TOTP strategy's result names the code's time step (otplib's common type also covers HOTP's).
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  private async account(userId: number): Promise<UserRow> {
    const user = await this.twoFactor.findUser(userId);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return user;
  }

  private async withPassword(userId: number, password: string): Promise<UserRow> {
    const user = await this.account(userId);
    // 400, not 401: a wrong password must not end the session (as a password change).
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(WRONG_PASSWORD, 'password');
    return user;
  }
}

/** 401: the login is not proven (a wrong code is no malformed request), at the field that was wrong. */
const wrongSecondFactor = (message: string, field: string) =>
  new HttpError(401, message, 'INVALID_SECOND_FACTOR', field);

export const TURNED_OFF_MEANWHILE = 'Two-factor sign-in was turned off meanwhile: sign in again with your password';
