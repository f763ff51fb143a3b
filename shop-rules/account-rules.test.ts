// The account forms' rules: each field's first broken rule, every field at once, in the order a person meets them.
import { describe, expect, it } from 'vitest';
import {
  checkPasswordChange,
  checkEmailVerification,
  checkPasswordReset,
  checkPasswordResetRequest,
  checkProfileChange,
  checkRegistration,
  sameUsername,
  sameEmail,
  usernameKey,
} from './account-rules.js';

const PATTERN_MESSAGE =
  'Username may contain only letters, digits, dots, hyphens and underscores, and at least one letter';

describe('checkRegistration', () => {
  it.each([
    { why: 'letters only', form: { username: 'anna', password: 'pw1' } },
    { why: 'the shortest username and password', form: { username: 'abc', password: 'abc' } },
    { why: 'the longest username and password', form: { username: 'a'.repeat(50), password: 'p'.repeat(128) } },
    { why: 'dots, hyphens, underscores and digits beside a letter', form: { username: 'a.b-c_d9', password: 'pw1' } },
    { why: 'digits with one letter', form: { username: '123x', password: 'pw1' } },
    { why: 'a matching confirmation', form: { username: 'anna', password: 'pw1', confirmPassword: 'pw1' } },
    { why: 'no confirmation at all', form: { username: 'anna', password: 'pw1', confirmPassword: undefined } },
    { why: 'an e-mail address', form: { username: 'anna', password: 'pw1', email: ' anna@people.example ' } },
    { why: 'no e-mail address', form: { username: 'anna', password: 'pw1', email: null } },
  ])('accepts $why', ({ form }) => {
    expect(checkRegistration(form)).toEqual([]);
  });

  it.each([
    { why: 'no username', form: { username: '', password: 'pw1' }, message: 'Username is required', field: 'username' },
    {
      why: 'a username of 2',
      form: { username: 'ab', password: 'pw1' },
      message: 'Username must be at least 3 characters long',
      field: 'username',
    },
    {
      why: 'a username of 51',
      form: { username: 'a'.repeat(51), password: 'pw1' },
      message: 'Username must be at most 50 characters long',
      field: 'username',
    },
    {
      why: 'a username without a letter',
      form: { username: '12345', password: 'pw1' },
      message: PATTERN_MESSAGE,
      field: 'username',
    },
    {
      why: 'a space in the username',
      form: { username: 'an na', password: 'pw1' },
      message: PATTERN_MESSAGE,
      field: 'username',
    },
    {
      why: 'an @ in the username',
      form: { username: 'anna@shop', password: 'pw1' },
      message: PATTERN_MESSAGE,
      field: 'username',
    },
    {
      why: 'a line break in the username',
      form: { username: 'anna\n', password: 'pw1' },
      message: PATTERN_MESSAGE,
      field: 'username',
    },
    {
      why: 'a non-ASCII letter',
      form: { username: 'jürgen', password: 'pw1' },
      message: PATTERN_MESSAGE,
      field: 'username',
    },
    {
      why: 'no password',
      form: { username: 'anna', password: '' },
      message: 'Password is required',
      field: 'password',
    },
    {
      why: 'a password of 2',
      form: { username: 'anna', password: 'pw' },
      message: 'Password must be at least 3 characters long',
      field: 'password',
    },
    {
      why: 'a password of 129',
      form: { username: 'anna', password: 'p'.repeat(129) },
      message: 'Password must be at most 128 characters long',
      field: 'password',
    },
    {
      why: 'a different confirmation',
      form: { username: 'anna', password: 'pw1', confirmPassword: 'pw2' },
      message: 'Passwords do not match',
      field: 'confirmPassword',
    },
    {
      why: 'an empty confirmation',
      form: { username: 'anna', password: 'pw1', confirmPassword: '' },
      message: 'Passwords do not match',
      field: 'confirmPassword',
    },
    {
      why: 'an e-mail address that is none',
      form: { username: 'anna', password: 'pw1', email: 'anna at home' },
      message: 'Please enter a valid email address',
      field: 'email',
    },
  ])('refuses $why: $message', ({ form, message, field }) => {
    expect(checkRegistration(form)).toEqual([{ message, field }]);
  });

  it.each([
    {
      why: 'everything wrong',
      form: { username: '', password: '', confirmPassword: 'x' },
      violations: [
        { message: 'Username is required', field: 'username' },
        { message: 'Password is required', field: 'password' },
        { message: 'Passwords do not match', field: 'confirmPassword' },
      ],
    },
    {
      why: 'a short password and a mismatch',
      form: { username: 'anna', password: 'pw', confirmPassword: 'x' },
      violations: [
        { message: 'Password must be at least 3 characters long', field: 'password' },
        { message: 'Passwords do not match', field: 'confirmPassword' },
      ],
    },
  ])('answers every field of $why at once, in the form’s order', ({ form, violations }) => {
    expect(checkRegistration(form)).toEqual(violations);
  });
});

describe('checkPasswordChange', () => {
  it.each([
    { why: 'a new password confirmed', form: { currentPassword: 'old', newPassword: 'new', confirmPassword: 'new' } },
    {
      why: 'the longest new password',
      form: { currentPassword: 'old', newPassword: 'n'.repeat(128), confirmPassword: 'n'.repeat(128) },
    },
    // Whether the current password is right is the REST service's to say; the form only needs one.
    { why: 'the same password again', form: { currentPassword: 'same', newPassword: 'same', confirmPassword: 'same' } },
  ])('accepts $why', ({ form }) => {
    expect(checkPasswordChange(form)).toEqual([]);
  });

  it.each([
    {
      why: 'no current password',
      form: { currentPassword: '', newPassword: 'new', confirmPassword: 'new' },
      message: 'Current password is required',
      field: 'currentPassword',
    },
    {
      why: 'no new password',
      form: { currentPassword: 'old', newPassword: '', confirmPassword: '' },
      message: 'New password is required',
      field: 'newPassword',
    },
    {
      why: 'a new password of 2',
      form: { currentPassword: 'old', newPassword: 'nw', confirmPassword: 'nw' },
      message: 'New password must be at least 3 characters long',
      field: 'newPassword',
    },
    {
      why: 'a new password of 129',
      form: { currentPassword: 'old', newPassword: 'n'.repeat(129), confirmPassword: 'n'.repeat(129) },
      message: 'New password must be at most 128 characters long',
      field: 'newPassword',
    },
    {
      why: 'a different confirmation',
      form: { currentPassword: 'old', newPassword: 'new', confirmPassword: 'neW' },
      message: 'Passwords do not match',
      field: 'confirmPassword',
    },
    {
      why: 'no confirmation',
      form: { currentPassword: 'old', newPassword: 'new', confirmPassword: '' },
      message: 'Passwords do not match',
      field: 'confirmPassword',
    },
  ])('refuses $why: $message', ({ form, message, field }) => {
    expect(checkPasswordChange(form)).toEqual([{ message, field }]);
  });

  it('answers every field at once', () => {
    expect(checkPasswordChange({ currentPassword: '', newPassword: '', confirmPassword: 'x' })).toEqual([
      { message: 'Current password is required', field: 'currentPassword' },
      { message: 'New password is required', field: 'newPassword' },
      { message: 'Passwords do not match', field: 'confirmPassword' },
    ]);
  });
});

describe('checkPasswordResetRequest', () => {
  it.each([
    { text: 'nina', problems: [] },
    { text: '  nina@people.example  ', problems: [] },
    { text: 'x'.repeat(254), problems: [] },
    { text: '', problems: [{ message: 'Username or email address is required', field: 'usernameOrEmail' }] },
    { text: '   ', problems: [{ message: 'Username or email address is required', field: 'usernameOrEmail' }] },
    {
      text: 'x'.repeat(255),
      problems: [
        { message: 'Username or email address must be at most 254 characters long', field: 'usernameOrEmail' },
      ],
    },
    {
      text: 'nina\r\nBcc: x@y.example',
      problems: [
        {
          message: 'Username or email address must be a single line of text, without line breaks or control characters',
          field: 'usernameOrEmail',
        },
      ],
    },
  ])('"$text" → $problems.length problem(s)', ({ text, problems }) => {
    expect(checkPasswordResetRequest({ usernameOrEmail: text })).toEqual(problems);
  });
});

describe('checkPasswordReset', () => {
  const link = 'Hq3v8xJb2mC0yXrWQk1Zp4t7uE9sAoLdNfGhViBcRjM';
  it('accepts a token and a new password given twice', () => {
    expect(checkPasswordReset({ token: link, newPassword: 'n3w-secret', confirmPassword: 'n3w-secret' })).toEqual([]);
  });

  it('answers every field at once, in the order a person meets them', () => {
    expect(checkPasswordReset({ token: ' ', newPassword: 'ab', confirmPassword: 'abc' })).toEqual([
      { message: 'This link to reset your password is invalid, used or expired. Ask for a new one.', field: 'token' },
      { message: 'New password must be at least 3 characters long', field: 'newPassword' },
      { message: 'Passwords do not match', field: 'confirmPassword' },
    ]);
    expect(checkPasswordReset({ token: link, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) })).toEqual(
      [{ message: 'New password must be at most 128 characters long', field: 'newPassword' }],
    );
    expect(checkPasswordReset({ token: link, newPassword: '', confirmPassword: '' })).toEqual([
      { message: 'New password is required', field: 'newPassword' },
    ]);
  });
});

describe('checkEmailVerification', () => {
  it('takes any token the link carried (the shop decides whether it works), and refuses none at all', () => {
    expect(checkEmailVerification({ token: 'Zm9v-YmFy_' })).toEqual([]);
    expect(checkEmailVerification({ token: '  ' })).toEqual([
      {
        message:
          'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.',
        field: 'token',
      },
    ]);
  });
});

describe('sameEmail', () => {
  it.each([
    ['anna@people.example', 'ANNA@People.example ', true],
    [null, '', true],
    [null, undefined, true],
    ['anna@people.example', 'anna@people.example.org', false],
    ['anna@people.example', null, false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameEmail(a, b)).toBe(same);
  });
});

describe('checkProfileChange', () => {
  it.each([
    { why: 'nothing', change: {} },
    { why: 'cleared texts', change: { email: '', phoneNumber: '  ' } },
    {
      why: 'nulls (cleared or not given)',
      change: { email: null, phoneNumber: null, preferences: { language: null, timezone: null } },
    },
    {
      why: 'good values, spaced',
      change: {
        email: ' a@b.co ',
        phoneNumber: '+49 (30) 123-4',
        preferences: { language: 'de-CH', timezone: ' Europe/Berlin ' },
      },
    },
    { why: 'names trimmed of a line break', change: { firstName: 'Ada\n', lastName: '\r\nLovelace' } },
    { why: 'an address of several lines', change: { address: '12 Harbour Lane\r\nPort Town' } },
  ])('accepts $why', ({ change }) => {
    expect(checkProfileChange(change)).toEqual([]);
  });

  it.each([
    {
      why: 'an email without @',
      change: { email: 'alice.example.com' },
      message: 'Please enter a valid email address',
      field: 'email',
    },
    {
      why: 'an email of two lines',
      change: { email: 'a@b.co\nBcc: c@d.co' },
      message: 'Please enter a valid email address',
      field: 'email',
    },
    {
      why: 'a first name of two lines',
      change: { firstName: 'Ada\r\nLovelace' },
      message: 'First name must be a single line of text, without line breaks or control characters',
      field: 'firstName',
    },
    {
      why: 'a last name with a tab',
      change: { lastName: 'Love\tlace' },
      message: 'Last name must be a single line of text, without line breaks or control characters',
      field: 'lastName',
    },
    {
      why: 'a phone number of two lines',
      change: { phoneNumber: '+49 30\n1234' },
      message: 'Phone number may contain only digits, spaces, +, -, ( and )',
      field: 'phoneNumber',
    },
    {
      why: 'a phone number with letters',
      change: { phoneNumber: '030-CALL-ME' },
      message: 'Phone number may contain only digits, spaces, +, -, ( and )',
      field: 'phoneNumber',
    },
    {
      why: 'a phone number of 2',
      change: { phoneNumber: '12' },
      message: 'Phone number may contain only digits, spaces, +, -, ( and )',
      field: 'phoneNumber',
    },
    {
      why: 'a language name',
      change: { preferences: { language: 'English' } },
      message: 'Language must be a language code such as en or de-CH',
      field: 'preferences.language',
    },
    {
      why: 'an empty language',
      change: { preferences: { language: '' } },
      message: 'Language must be a language code such as en or de-CH',
      field: 'preferences.language',
    },
    {
      why: 'an unknown time zone',
      change: { preferences: { timezone: 'Mars/Olympus' } },
      message: 'Timezone must be a time zone such as UTC or Europe/Berlin',
      field: 'preferences.timezone',
    },
  ])('refuses $why: $message', ({ change, message, field }) => {
    expect(checkProfileChange(change)).toEqual([{ message, field }]);
  });

  it('answers every field at once, in the form’s order', () => {
    expect(
      checkProfileChange({ email: 'x', phoneNumber: 'y', preferences: { language: 'z', timezone: 'w' } }).map(
        (violation) => violation.field,
      ),
    ).toEqual(['email', 'phoneNumber', 'preferences.language', 'preferences.timezone']);
  });
});

describe('usernameKey and sameUsername', () => {
  it.each([
    { a: 'anna', b: 'anna', same: true },
    { a: 'Anna', b: 'aNNA', same: true },
    { a: 'anna', b: 'anna.', same: false },
    { a: 'anna', b: 'anne', same: false },
  ])('$a and $b are one account: $same', ({ a, b, same }) => {
    expect(sameUsername(a, b)).toBe(same);
    expect(usernameKey(a) === usernameKey(b)).toBe(same);
  });
});
