// Accounts (spec §5): usernames, passwords and their messages.
import type { RuleViolation } from './rule-violation.js';

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

/** The registration form's rules, in the order a person filling it in meets them. */
export function checkRegistration(form: {
  username: string;
  password: string;
  confirmPassword?: string | undefined;
}): RuleViolation<string> | undefined {
  if (!form.username) return { message: 'Username is required', field: 'username' };
  if (form.username.length < MIN_USERNAME_LENGTH) return { message: USERNAME_TOO_SHORT, field: 'username' };
  if (form.username.length > MAX_USERNAME_LENGTH) {
    return { message: `Username must be at most ${MAX_USERNAME_LENGTH} characters long`, field: 'username' };
  }
  if (!new RegExp(USERNAME_PATTERN).test(form.username)) return { message: USERNAME_PATTERN_MESSAGE, field: 'username' };
  if (!form.password) return { message: 'Password is required', field: 'password' };
  if (form.password.length < MIN_PASSWORD_LENGTH) return { message: PASSWORD_TOO_SHORT, field: 'password' };
  if (form.password.length > MAX_PASSWORD_LENGTH) {
    return { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`, field: 'password' };
  }
  if (form.confirmPassword !== undefined && form.confirmPassword !== form.password) {
    return { message: PASSWORDS_DO_NOT_MATCH, field: 'confirmPassword' };
  }
  return undefined;
}

/** The password-change form: all three fields, a long enough new password, and new = confirm. */
export function checkPasswordChange(form: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): RuleViolation<string> | undefined {
  if (!form.currentPassword) return { message: 'Current password is required', field: 'currentPassword' };
  if (!form.newPassword) return { message: 'New password is required', field: 'newPassword' };
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
    return { message: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`, field: 'newPassword' };
  }
  if (form.newPassword.length > MAX_PASSWORD_LENGTH) {
    return { message: `New password must be at most ${MAX_PASSWORD_LENGTH} characters long`, field: 'newPassword' };
  }
  if (form.newPassword !== form.confirmPassword) return { message: PASSWORDS_DO_NOT_MATCH, field: 'confirmPassword' };
  return undefined;
}
