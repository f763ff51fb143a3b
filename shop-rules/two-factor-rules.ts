// Two-factor sign-in (issue 36): a six-digit code from an authenticator app (TOTP, RFC 6238: SHA-1, 30 seconds, the
// defaults every app reads), or one of ten single-use recovery codes. Shared by the REST service, the graph and the
// web, so that a code is checked for its form alike before it is sent.
import type { RuleViolation } from './rule-violation.js';

/** How many recovery codes a person is given at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** An authenticator app's code: six digits (spaces between them, as apps show them, are allowed and ignored). */
export const AUTHENTICATOR_CODE_PATTERN = /^[0-9]{6}$/;

/**
 * A recovery code as the shop writes it: ten letters and digits of Crockford's base-32 alphabet in two groups of five
 * (`7fq2m-k9d4x`). Read back in any case, with or without the dash.
 */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/;

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
export const CODE_FORM = 'The code is 6 digits, as your authenticator app shows it';
export const RECOVERY_CODE_FORM = 'A recovery code is 10 letters and digits, as it was given to you (xxxxx-xxxxx)';
export const WRONG_CODE = 'That code is not right, or it was used already: enter the one your app shows now';
export const WRONG_RECOVERY_CODE = 'That recovery code is not one of yours, or it was used already';

/** The code as typed, without the spaces apps put in the middle. */
export const normalizeAuthenticatorCode = (code: string): string => code.replace(/\s+/g, '');

/** The recovery code as typed, in the form it is kept: lower case, no dash nor spaces. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase();

/** What is wrong with the form of a second factor given at sign-in: exactly one of a code and a recovery code. */
export function checkSecondFactor(input: { code?: string | null; recoveryCode?: string | null }): RuleViolation[] {
  const code = input.code?.trim() ? normalizeAuthenticatorCode(input.code) : undefined;
  const recovery = input.recoveryCode?.trim() ? normalizeRecoveryCode(input.recoveryCode) : undefined;
  if (code === undefined && recovery === undefined) return [{ field: 'code', message: CODE_REQUIRED }];
  if (code !== undefined && recovery !== undefined)
    return [{ field: 'recoveryCode', message: 'Enter either a code or a recovery code, not both' }];
  if (code !== undefined && !AUTHENTICATOR_CODE_PATTERN.test(code)) return [{ field: 'code', message: CODE_FORM }];
  if (recovery !== undefined && !RECOVERY_CODE_PATTERN.test(recovery))
    return [{ field: 'recoveryCode', message: RECOVERY_CODE_FORM }];
  return [];
}

/** What is wrong with the code that turns it on (the first from the newly scanned app). */
export function checkAuthenticatorCode(code: string | null | undefined): RuleViolation[] {
  if (!code?.trim()) return [{ field: 'code', message: CODE_REQUIRED }];
  if (!AUTHENTICATOR_CODE_PATTERN.test(normalizeAuthenticatorCode(code)))
    return [{ field: 'code', message: CODE_FORM }];
  return [];
}

/** A recovery code as it is shown: two groups of five. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;
