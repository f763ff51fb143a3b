// Accounts (spec §5): usernames, passwords and their messages.
import type { RuleViolation } from './rule-violation.js';
import { isSingleLine, notSingleLine } from './text-rules.js';

export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 50;
export const MIN_PASSWORD_LENGTH = 3;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Letters, digits, dots, hyphens and underscores, with at least one letter: chat paths carry a username where
 * the original client sends a room id, and the letter keeps the two apart.
 */
export const USERNAME_PATTERN = '^(?=.*[A-Za-z])[A-Za-z0-9._-]+$';
export const USERNAME_PATTERN_MESSAGE =
  'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter';

/** Usernames are unique in any case: "Anna" and "anna" are one account, and this is the key that says so. */
export const usernameKey = (username: string): string => username.toLowerCase();
export const sameUsername = (a: string, b: string): boolean => usernameKey(a) === usernameKey(b);

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const USERNAME_TOO_SHORT = `Username must be at least ${MIN_USERNAME_LENGTH} characters long`;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

/** Why a username cannot be one, or undefined when it can. */
function usernameViolation(username: string): RuleViolation<string> | undefined {
  if (!username) return { message: 'Username is required', field: 'username' };
  if (username.length < MIN_USERNAME_LENGTH) return { message: USERNAME_TOO_SHORT, field: 'username' };
  if (username.length > MAX_USERNAME_LENGTH)
    return { message: `Username must be at most ${MAX_USERNAME_LENGTH} characters long`, field: 'username' };
  if (!new RegExp(USERNAME_PATTERN).test(username)) return { message: USERNAME_PATTERN_MESSAGE, field: 'username' };
  return undefined;
}

/** Why a password cannot be one; `label` names it in the message ("Password", "New password"). */
function passwordViolation(password: string, field: string, label: string): RuleViolation<string> | undefined {
  if (!password) return { message: `${label} is required`, field };
  if (password.length < MIN_PASSWORD_LENGTH)
    return { message: `${label} must be at least ${MIN_PASSWORD_LENGTH} characters long`, field };
  if (password.length > MAX_PASSWORD_LENGTH)
    return { message: `${label} must be at most ${MAX_PASSWORD_LENGTH} characters long`, field };
  return undefined;
}

const found = <T>(...violations: (T | undefined)[]): T[] =>
  violations.filter((violation): violation is T => violation !== undefined);

/** The registration form's rules: every field's first broken rule, in the order a person filling it in meets them. */
export function checkRegistration(form: {
  username: string;
  password: string;
  confirmPassword?: string | undefined;
  /** Optional (an extension of the contract): verified by a link sent to it before the shop writes there again. */
  email?: string | null | undefined;
}): RuleViolation<string>[] {
  const email = form.email?.trim() ?? '';
  return found(
    usernameViolation(form.username),
    passwordViolation(form.password, 'password', 'Password'),
    form.confirmPassword !== undefined && form.confirmPassword !== form.password
      ? { message: PASSWORDS_DO_NOT_MATCH, field: 'confirmPassword' }
      : undefined,
    email && !EMAIL_PATTERN.test(email) ? { message: INVALID_EMAIL, field: 'email' } : undefined,
  );
}

/** The password-change form: all three fields, a long enough new password, and new = confirm; every field's first. */
export function checkPasswordChange(form: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): RuleViolation<string>[] {
  return found(
    form.currentPassword ? undefined : { message: 'Current password is required', field: 'currentPassword' },
    passwordViolation(form.newPassword, 'newPassword', 'New password'),
    form.newPassword !== form.confirmPassword
      ? { message: PASSWORDS_DO_NOT_MATCH, field: 'confirmPassword' }
      : undefined,
  );
}

// A forgotten password (spec §2.3, "Forgot password?"): asked for by username or e-mail address, set with a link's
// token.
export const MAX_USERNAME_OR_EMAIL_LENGTH = 254;
/** How long a reset link works, in minutes. */
export const PASSWORD_RESET_MINUTES = 30;
export const INVALID_RESET_TOKEN = 'This link to reset your password is invalid, used or expired. Ask for a new one.';

export function checkPasswordResetRequest(form: { usernameOrEmail: string }): RuleViolation<string>[] {
  const text = form.usernameOrEmail.trim();
  return found(
    !text ? { message: 'Username or email address is required', field: 'usernameOrEmail' } : undefined,
    text.length > MAX_USERNAME_OR_EMAIL_LENGTH
      ? {
          message: `Username or email address must be at most ${MAX_USERNAME_OR_EMAIL_LENGTH} characters long`,
          field: 'usernameOrEmail',
        }
      : !isSingleLine(text)
        ? { message: notSingleLine('Username or email address'), field: 'usernameOrEmail' }
        : undefined,
  );
}

/** The new-password form of a reset link: the token, a new password by the usual rules, and its confirmation. */
export function checkPasswordReset(form: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): RuleViolation<string>[] {
  return found(
    form.token.trim() ? undefined : { message: INVALID_RESET_TOKEN, field: 'token' },
    passwordViolation(form.newPassword, 'newPassword', 'New password'),
    form.newPassword !== form.confirmPassword
      ? { message: PASSWORDS_DO_NOT_MATCH, field: 'confirmPassword' }
      : undefined,
  );
}

// An e-mail address proven by its owner (spec §2.17): a link sent to it, which works once, for
// EMAIL_VERIFICATION_HOURS. Until it is opened the shop sends nothing else to the address.
export const EMAIL_VERIFICATION_HOURS = 24;
export const INVALID_VERIFICATION_TOKEN =
  'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.';
export const NO_EMAIL_TO_VERIFY = 'Your profile has no email address to verify';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already verified';

/** The link's token, as the page opened by it sends it: only present or not is a rule; the shop decides the rest. */
export function checkEmailVerification(form: { token: string }): RuleViolation<string>[] {
  return found(form.token.trim() ? undefined : { message: INVALID_VERIFICATION_TOKEN, field: 'token' });
}

/** Two spellings of one address (any case, spaces around): changing from one to the other is no new address. */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a?.trim().toLowerCase() || null) === (b?.trim().toLowerCase() || null);

// The profile (spec §3): what may be stored in its fields. An empty text clears a field, and is always allowed.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9 ().-]{3,30}$/;
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const INVALID_PHONE_NUMBER = 'Phone number may contain only digits, spaces, +, -, ( and )';
export const INVALID_LANGUAGE = 'Language must be a language code such as en or de-CH';
export const INVALID_TIMEZONE = 'Timezone must be a time zone such as UTC or Europe/Berlin';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The fields of a profile change that have rules; undefined and null mean "not changed" and "cleared". */
export interface ProfileChange {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  preferences?: { language?: string | null | undefined; timezone?: string | null | undefined } | null | undefined;
}

/** Every field of a profile change that breaks its rule, named as the input nests it (`preferences.language`). */
export function checkProfileChange(change: ProfileChange): RuleViolation<string>[] {
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  const language = change.preferences?.language;
  const timezone = change.preferences?.timezone;
  return found<RuleViolation<string>>(
    text(change.email) && !EMAIL_PATTERN.test(text(change.email))
      ? { message: INVALID_EMAIL, field: 'email' }
      : undefined,
    // Names are one line each (the address is the profile's one text of several lines); checked as they are kept,
    // trimmed.
    isSingleLine(text(change.firstName)) ? undefined : { message: notSingleLine('First name'), field: 'firstName' },
    isSingleLine(text(change.lastName)) ? undefined : { message: notSingleLine('Last name'), field: 'lastName' },
    text(change.phoneNumber) && !PHONE_PATTERN.test(text(change.phoneNumber))
      ? { message: INVALID_PHONE_NUMBER, field: 'phoneNumber' }
      : undefined,
    // A language and a time zone cannot be cleared: every user has one.
    language != null && !LANGUAGE_PATTERN.test(language.trim())
      ? { message: INVALID_LANGUAGE, field: 'preferences.language' }
      : undefined,
    timezone != null && !isTimeZone(timezone.trim())
      ? { message: INVALID_TIMEZONE, field: 'preferences.timezone' }
      : undefined,
  );
}
