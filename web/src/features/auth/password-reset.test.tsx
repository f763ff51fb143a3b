// "Forgot password?" from the login page to a new password: the request's answer (the same whatever it named), the
// shop's refusals next to their fields, a dead link offering a new one, and the reset leading to /login with the
// username filled in and this browser's session ended.
import { screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RequestPasswordResetDocument, ResetPasswordDocument } from '@/gql/graphql';
import { TOKEN_STORAGE_KEY } from '@/lib/session';
import { sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';

const REQUESTED =
  'If an account has that username or email address, and a verified email address to write to, a link to choose a new password is on its way. It works for 30 minutes.';
const DEAD_LINK = 'This link to reset your password is invalid, used or expired. Ask for a new one.';

// The answers take 300 ms, long enough that a busy machine still renders the busy label ('Sending...',
// 'Resetting...') the tests look for before the answer replaces it (30 ms was missed under load).
const requestMock = (usernameOrEmail: string, payload: Record<string, unknown>) => ({
  request: { query: RequestPasswordResetDocument, variables: { input: { usernameOrEmail } } },
  delay: 300,
  result: {
    data: {
      requestPasswordReset: { __typename: 'RequestPasswordResetPayload', message: null, userErrors: [], ...payload },
    },
  },
});

const resetMock = (input: Record<string, string>, payload: Record<string, unknown>) => ({
  request: { query: ResetPasswordDocument, variables: { input } },
  delay: 300,
  result: {
    data: { resetPassword: { __typename: 'ResetPasswordPayload', username: null, userErrors: [], ...payload } },
  },
});

const userError = (message: string, field: string | null, code = 'INVALID_INPUT') => ({
  __typename: 'UserError',
  message,
  field,
  code,
});

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    const { user } = renderApp({ path: '/login', token: null });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/forgot-password');
    expect(document.title).toBe('Forgot Password — Medshop');
  });

  it('asks for a username or address before sending anything', async () => {
    const { user } = renderApp({ path: '/forgot-password', token: null });
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByLabelText(/^Username or email address/)).toHaveAccessibleDescription(
      'Username or email address is required',
    );
  });

  it('reads “Sending...” while busy, then shows the shop’s answer in place of the form', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      token: null,
      mocks: [requestMock('nina@people.example', { message: REQUESTED })],
    });
    await user.type(await screen.findByLabelText(/^Username or email address/), '  nina@people.example ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent(REQUESTED);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'No email after a few minutes? Check your spam folder, and make sure your email address is verified on your profile.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('shows too many requests as the shop says it, keeping the form', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      token: null,
      mocks: [
        requestMock('nina', {
          userErrors: [
            userError('Too many password resets from this address. Try again in 1 minute.', null, 'TOO_MANY_ATTEMPTS'),
          ],
        }),
      ],
    });
    await user.type(await screen.findByLabelText(/^Username or email address/), 'nina');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password resets from this address. Try again in 1 minute.',
    );
    expect(screen.getByLabelText(/^Username or email address/)).toHaveValue('nina');
  });

  it('says when the shop offers no reset, and when it cannot be reached', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      token: null,
      mocks: [
        {
          request: { query: RequestPasswordResetDocument, variables: { input: { usernameOrEmail: 'nina' } } },
          result: { errors: [new GraphQLError('lacks it', { extensions: { code: 'NOT_SUPPORTED' } })] },
        },
        {
          request: { query: RequestPasswordResetDocument, variables: { input: { usernameOrEmail: 'nina' } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^Username or email address/), 'nina');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset is not available on this shop. Please contact the shop.',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to send the reset link. Please try again.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  const LINK = 'Hq3v8xJb2mC0yXrWQk1Zp4t7uE9sAoLdNfGhViBcRjM';

  it('checks both fields by the shop’s rules before sending anything', async () => {
    const { user } = renderApp({ path: `/reset-password?token=${LINK}`, token: null });
    await user.type(await screen.findByLabelText(/^New Password/), 'ab');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(
      /New password must be at least 3 characters long/,
    );
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveAccessibleDescription(
      'Please confirm the new password',
    );
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveAccessibleDescription('Passwords do not match');
  });

  it('sets the password, ends this browser’s session and lands on /login with the username filled in', async () => {
    const { user } = renderApp({
      path: `/reset-password?token=${LINK}`,
      token: 'someone-elses-session',
      mocks: [
        sessionMock(),
        resetMock({ token: LINK, newPassword: 'new-secret', confirmPassword: 'new-secret' }, { username: 'nina' }),
      ],
    });
    await user.type(await screen.findByLabelText(/^New Password/), 'new-secret');
    expect(document.title).toBe('Reset Password — Medshop');
    // The link's secret left the address (and with it the history list and any Referer).
    expect(currentPath()).toBe('/reset-password');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByLabelText(/^Username/)).toHaveValue('nina');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a used or expired link: the shop’s message, and a way to ask for a new one', async () => {
    const { user } = renderApp({
      path: `/reset-password?token=${LINK}`,
      token: null,
      mocks: [
        resetMock(
          { token: LINK, newPassword: 'new-secret', confirmPassword: 'new-secret' },
          { userErrors: [userError(DEAD_LINK, 'token')] },
        ),
      ],
    });
    await user.type(await screen.findByLabelText(/^New Password/), 'new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAD_LINK);
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a New Link' }));
    expect(currentPath()).toBe('/forgot-password');
  });

  it('keeps the link through a reload: the token lives on in the page’s history entry', async () => {
    const { user } = renderApp({
      path: '/reset-password',
      state: { token: LINK },
      token: null,
      mocks: [
        resetMock({ token: LINK, newPassword: 'new-secret', confirmPassword: 'new-secret' }, { username: 'nina' }),
      ],
    });
    await user.type(await screen.findByLabelText(/^New Password/), 'new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeInTheDocument();
  });

  it('a link without its token says so at once', async () => {
    renderApp({ path: '/reset-password', token: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAD_LINK);
    expect(screen.getByRole('link', { name: 'Ask for a New Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says “Failed to reset the password” when the shop cannot be reached, keeping what was typed', async () => {
    const { user } = renderApp({
      path: `/reset-password?token=${LINK}`,
      token: null,
      mocks: [
        {
          request: {
            query: ResetPasswordDocument,
            variables: { input: { token: LINK, newPassword: 'new-secret', confirmPassword: 'new-secret' } },
          },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^New Password/), 'new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset the password. Please try again.');
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('new-secret');
  });
});
