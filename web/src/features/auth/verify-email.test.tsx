// The page of the link that verifies an e-mail address: verified as it opens (the token moved out of the address
// first), for a visitor or someone logged in; a used or expired link saying so with a way to a new one; no answer,
// and a shop without verification, said as such; a reload after success showing it again without a second try.
import { screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { VerifyEmailDocument } from '../../gql/graphql';
import { sessionMock } from '../../testing/fixtures';
import { currentPath, renderApp } from '../../testing/render';

const LINK = 'Zr8dM2qPw0tLxV5nB7cY1kJ4hG6fD3sA9eU-oI_uT2w';
const DEAD_LINK = 'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.';
const VERIFIED = 'Your email address nina@people.example is verified. Your order updates and password reset links will be sent there.';

const verifyMock = (payload: Record<string, unknown>) => ({
  request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } },
  delay: 30,
  result: { data: { verifyEmail: { __typename: 'VerifyEmailPayload', email: null, viewer: null, userErrors: [], ...payload } } },
});

describe('verify email', () => {
  it('verifies as it opens, the token out of the address first; a visitor is offered the login', async () => {
    const { user } = renderApp({ path: `/verify-email?token=${LINK}`, token: null, mocks: [verifyMock({ email: 'nina@people.example' })] });
    expect(await screen.findByRole('heading', { name: 'Verify your email address' })).toBeInTheDocument();
    expect(await screen.findByText('Verifying your email address...')).toBeInTheDocument();
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    // The link's secret left the address (and with it the history list and any Referer): the router moves in a
    // transition, which may commit after the message.
    await waitFor(() => expect(currentPath()).toBe('/verify-email'));
    expect(document.title).toBe('Verify Email — Medshop');
    await user.click(screen.getByRole('link', { name: 'Log In' }));
    expect(currentPath()).toBe('/login');
  });

  it('someone logged in is offered their profile, where the address now shows verified', async () => {
    renderApp({
      path: `/verify-email?token=${LINK}`,
      mocks: [sessionMock(), verifyMock({ email: 'nina@people.example', viewer: { __typename: 'User', id: 'VXNlcjoy', emailVerified: true } })],
    });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
  });

  it('a used or expired link: the shop’s message, and the way to a new one', async () => {
    const { user } = renderApp({
      path: `/verify-email?token=${LINK}`,
      token: null,
      mocks: [verifyMock({ userErrors: [{ __typename: 'UserError', message: DEAD_LINK, field: 'token', code: 'INVALID_INPUT' }] })],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAD_LINK);
    await waitFor(() => expect(currentPath()).toBe('/verify-email'));
    expect(screen.getByText('On your profile, beside your email address, “Send the link again” emails you a new one.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a New Link' }));
    // A visitor logs in first, and comes back to the profile.
    expect(currentPath()).toBe('/login');
  });

  it('an address without a token is a dead link, and nothing is sent', async () => {
    renderApp({ path: '/verify-email', token: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAD_LINK);
  });

  it('says when the shop cannot be reached, and tries again on request; and when it does not verify addresses', async () => {
    const { user } = renderApp({
      path: `/verify-email?token=${LINK}`,
      token: null,
      mocks: [
        { request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } }, error: new Error('Failed to fetch') },
        { request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } }, result: { errors: [new GraphQLError('lacks it', { extensions: { code: 'NOT_SUPPORTED' } })] } },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify the email address. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Email verification is not available on this shop. Please contact the shop.')).toBeInTheDocument();
  });

  it('after a reload once verified, says so again and sends nothing more', async () => {
    renderApp({ path: '/verify-email', state: { verifiedEmail: 'nina@people.example' }, token: null });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
  });
});
