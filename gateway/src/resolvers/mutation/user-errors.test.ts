// Which input field a REST refusal is about: the REST field its answer names (our REST service names it; for the
// plain contract the data source read it off the message: rest/plain-contract.ts), as the input names it.
import { describe, expect, it } from 'vitest';
import { InputProblem, UpstreamRejection, retryAfterSecondsOf } from '../../errors.js';
import { withUserErrors } from './user-errors.js';

describe('withUserErrors', () => {
  const input = { clientMutationId: 'm1' };
  const options = {
    fields: ['roomId', 'content', 'preferences.language'],
    restFields: { receiver: 'roomId', language: 'preferences.language' },
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
      why: 'a plain-contract answer with the field its data source read off the message',
      error: new UpstreamRejection(400, 'Message too long', 'content'),
      userError: { message: 'Message too long', field: 'content', code: 'INVALID_INPUT' },
    },
    {
      // Nothing here reads the message: a field is named, or there is none.
      why: 'an answer without a field as no field, whatever the message says',
      error: new UpstreamRejection(400, 'Content must not be empty'),
      userError: { message: 'Content must not be empty', field: null, code: 'INVALID_INPUT' },
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
      userErrors: [{ message: 'Invalid username or password', field: null, code: 'INVALID_CREDENTIALS' }],
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
