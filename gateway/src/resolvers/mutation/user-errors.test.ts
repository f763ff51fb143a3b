// Which input field a REST refusal is about. Our REST service says so itself (`field`, `code`); for implementations of
// the contract that send only `{ message }`, fieldOfMessage reads the message, helped by per-mutation hints.
import { describe, expect, it } from 'vitest';
import { InputProblem, UpstreamRejection, retryAfterSecondsOf } from '../../errors.js';
import { fieldOfMessage, withUserErrors } from './user-errors.js';

const PRODUCT_FIELDS = ['name', 'description', 'price', 'quantity', 'imageUrl', 'imageUrls'];

describe('fieldOfMessage', () => {
  it.each([
    { message: 'Price must be at least 0', fields: PRODUCT_FIELDS, field: 'price' },
    { message: 'Name is required', fields: PRODUCT_FIELDS, field: 'name' },
    { message: 'Description must be at most 5000 characters long', fields: PRODUCT_FIELDS, field: 'description' },
    { message: 'PRICE IS WRONG', fields: PRODUCT_FIELDS, field: 'price' },
    // camelCase names are looked for as words: shippingAddress as "shipping address".
    {
      message: 'Shipping address must be at most 500 characters long',
      fields: ['shippingAddress'],
      field: 'shippingAddress',
    },
    { message: 'Product ID must be a positive integer', fields: ['productId', 'quantity'], field: 'productId' },
    { message: 'First name is too long', fields: ['email', 'firstName', 'lastName'], field: 'firstName' },
  ])('finds the field $field named in $message', ({ message, fields, field }) => {
    expect(fieldOfMessage(message, fields)).toBe(field);
  });

  it.each([
    // Every shorter name is inside the longer one; the longer says more.
    { message: 'Image URLs must have at most 20 entries', fields: PRODUCT_FIELDS, field: 'imageUrls' },
    { message: 'Image URL must be an absolute http(s) URL', fields: PRODUCT_FIELDS, field: 'imageUrl' },
    { message: 'Username is taken', fields: ['name', 'username'], field: 'username' },
    {
      message: 'New password must be at least 3 characters long',
      fields: ['password', 'newPassword', 'confirmPassword'],
      field: 'newPassword',
    },
    { message: 'Confirm password is required', fields: ['password', 'confirmPassword'], field: 'confirmPassword' },
    // Two different fields named: the longer name wins, whichever comes first in the message or the list.
    { message: 'Please enter a valid email address', fields: ['email', 'address'], field: 'address' },
    { message: 'Please enter a valid email address', fields: ['address', 'email'], field: 'address' },
    // Names of one length: the first in the list.
    { message: 'Email or phone wrong', fields: ['phone', 'email'], field: 'phone' },
    { message: 'Email or phone wrong', fields: ['email', 'phone'], field: 'email' },
  ])('picks $field of $fields in $message: the longest name wins', ({ message, fields, field }) => {
    expect(fieldOfMessage(message, fields)).toBe(field);
  });

  it.each([
    { message: 'Product not found', fields: PRODUCT_FIELDS },
    { message: 'Something went wrong', fields: ['productId', 'quantity'] },
    { message: 'Price must be at least 0', fields: [] },
    { message: '', fields: PRODUCT_FIELDS },
    // "shipping address" is not "shippingAddress" spelt together.
    { message: 'shippingaddress is bad', fields: ['shippingAddress'] },
    // Names are whole words: "valid" holds "id" but names no id.
    { message: 'Invalid value', fields: ['id', ...PRODUCT_FIELDS] },
    { message: 'Quantity is invalid', fields: ['id'] },
  ])('answers null for $message with fields $fields', ({ message, fields }) => {
    expect(fieldOfMessage(message, fields)).toBeNull();
  });

  const hints: [RegExp, string | null][] = [
    [/do not match/i, 'confirmPassword'],
    [/too many/i, null],
    [/email/i, 'email'],
    [/not found/i, 'id'],
  ];

  it.each([
    // Without the hint, "Passwords" contains "password".
    {
      message: 'Passwords do not match',
      fields: ['password', 'confirmPassword'],
      without: 'password',
      with: 'confirmPassword',
    },
    { message: 'Please enter a valid email address', fields: ['email', 'address'], without: 'address', with: 'email' },
    { message: 'Product not found', fields: ['id', ...PRODUCT_FIELDS], without: null, with: 'id' },
    // A hint of null says no field is at fault, even where the message names one.
    { message: 'Too many password attempts', fields: ['username', 'password'], without: 'password', with: null },
    // Hints are tried in order: the first that matches decides.
    { message: 'Too many emails, not found', fields: ['email'], without: 'email', with: null },
    // No hint matches: the names decide.
    { message: 'Price must be at most 1000000', fields: PRODUCT_FIELDS, without: 'price', with: 'price' },
  ])('settles $message as $with with hints ($without without)', ({ message, fields, without, with: withHints }) => {
    expect(fieldOfMessage(message, fields)).toBe(without);
    expect(fieldOfMessage(message, fields, hints)).toBe(withHints);
  });
});

describe('withUserErrors', () => {
  const input = { clientMutationId: 'm1' };
  const options = {
    fields: ['roomId', 'content', 'preferences.language'],
    restFields: { receiver: 'roomId', language: 'preferences.language' },
    hints: [[/message/i, 'content']] as [RegExp, string | null][],
  };
  const failing = (error: Error) => () => Promise.reject(error);

  it('answers the work with no userErrors and the clientMutationId', async () => {
    expect(await withUserErrors(input, options, async () => ({ sent: true }))).toEqual({
      sent: true,
      userErrors: [],
      clientMutationId: 'm1',
    });
    expect(await withUserErrors({}, options, async () => ({ sent: true }))).toEqual({
      sent: true,
      userErrors: [],
      clientMutationId: null,
    });
  });

  it.each([
    {
      why: "the gateway's own check, as it is",
      error: new InputProblem('Message must not be empty', 'content'),
      userError: { message: 'Message must not be empty', field: 'content', code: 'INVALID_INPUT' },
    },
    {
      why: 'a field the REST service named, renamed to the input field',
      error: new UpstreamRejection(404, 'User not found', 'receiver', 'NOT_FOUND'),
      userError: { message: 'User not found', field: 'roomId', code: 'NOT_FOUND' },
    },
    {
      why: 'a REST field nested in the input',
      error: new UpstreamRejection(400, 'Language must be one of en, de', 'language', 'INVALID_INPUT'),
      userError: { message: 'Language must be one of en, de', field: 'preferences.language', code: 'INVALID_INPUT' },
    },
    {
      why: 'a REST field the input does not have as no field',
      error: new UpstreamRejection(400, 'Size must be at most 100', 'size', 'INVALID_INPUT'),
      userError: { message: 'Size must be at most 100', field: null, code: 'INVALID_INPUT' },
    },
    {
      // A code without a field is the REST service saying no field is at fault: the message is not read.
      why: 'a code without a field as no field, whatever the message says',
      error: new UpstreamRejection(403, 'Content of this room is closed to you', undefined, 'FORBIDDEN'),
      userError: { message: 'Content of this room is closed to you', field: null, code: 'FORBIDDEN' },
    },
    {
      why: 'a plain-contract answer (message only) read for its field',
      error: new UpstreamRejection(400, 'Content must not be empty'),
      userError: { message: 'Content must not be empty', field: 'content', code: 'INVALID_INPUT' },
    },
    {
      why: 'a plain-contract answer settled by a hint',
      error: new UpstreamRejection(400, 'Message too long'),
      userError: { message: 'Message too long', field: 'content', code: 'INVALID_INPUT' },
    },
    {
      why: '409 as CONFLICT',
      error: new UpstreamRejection(409, 'Room changed meanwhile'),
      userError: { message: 'Room changed meanwhile', field: null, code: 'CONFLICT' },
    },
    {
      why: '413 as INVALID_INPUT',
      error: new UpstreamRejection(413, 'Request body is too large'),
      userError: { message: 'Request body is too large', field: null, code: 'INVALID_INPUT' },
    },
    {
      why: '429 as TOO_MANY_ATTEMPTS, with its Retry-After in seconds',
      error: new UpstreamRejection(
        429,
        'Too many requests. Try again in 1 minute.',
        undefined,
        'TOO_MANY_ATTEMPTS',
        45,
      ),
      userError: {
        message: 'Too many requests. Try again in 1 minute.',
        field: null,
        code: 'TOO_MANY_ATTEMPTS',
        retryAfterSeconds: 45,
      },
    },
    {
      why: '429 without a Retry-After (another implementation) as TOO_MANY_ATTEMPTS, the wait unknown',
      error: new UpstreamRejection(429, 'Too many requests'),
      userError: { message: 'Too many requests', field: null, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: null },
    },
  ])('answers $why', async ({ error, userError }) => {
    expect(await withUserErrors(input, options, failing(error))).toEqual({
      userErrors: [userError],
      clientMutationId: 'm1',
    });
  });

  it('answers a status the mutation names with its own code', async () => {
    const login = { fields: ['username', 'password'], codeByStatus: { 401: 'INVALID_CREDENTIALS' as const } };
    expect(
      await withUserErrors(input, login, failing(new UpstreamRejection(401, 'Invalid username or password'))),
    ).toEqual({
      userErrors: [{ message: 'Invalid username or password', field: 'username', code: 'INVALID_CREDENTIALS' }],
      clientMutationId: 'm1',
    });
  });

  it.each([
    { why: '401 (not logged in)', error: new UpstreamRejection(401, 'Authentication required') },
    { why: 'a status without a userError code', error: new UpstreamRejection(418, "I'm a teapot") },
    { why: 'any other error', error: new Error('socket hang up') },
  ])('throws $why on as a GraphQL error', async ({ error }) => {
    await expect(withUserErrors(input, options, failing(error))).rejects.toBe(error);
  });
});

describe('retryAfterSecondsOf', () => {
  const now = Date.parse('2026-11-20T10:00:00Z');
  it.each([
    ['seconds', '45', 45],
    ['an HTTP date, counted from now (rounded up)', 'Fri, 20 Nov 2026 10:01:30 GMT', 90],
    ['a date already past', 'Fri, 20 Nov 2026 09:00:00 GMT', 0],
    ['nothing', undefined, undefined],
    ['neither', 'soon', undefined],
  ])('reads %s', (_what, header, seconds) => {
    expect(retryAfterSecondsOf(header, now)).toBe(seconds);
  });
});
