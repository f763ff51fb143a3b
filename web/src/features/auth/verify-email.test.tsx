// The page of the link that verifies an e-mail address: verified as it opens (the token moved out of the address
// first), for a visitor or someone logged in; a used or expired link answered by what the viewer can do now (verified
// already, said plainly; a new link only where one can be asked for; a visitor's login, back to this page); no answer,
// and a shop without verification, said as such; a reload after success showing it again without a second try.
import { screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LoginDocument, VerifyEmailDocument, VerifyEmailViewerDocument } from '@/gql/graphql';
import { HELD_MS, holdAnswers } from '@/testing/held-answers';
import { sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';

const LINK = 'Zr8dM2qPw0tLxV5nB7cY1kJ4hG6fD3sA9eU-oI_uT2w';
const DEAD_LINK =
  'This link to verify your email address is invalid, used or expired. Ask for a new one on your profile.';
const VERIFIED =
  'Your email address nina@people.example is verified. Your order updates and password reset links will be sent there.';

const verifyMock = (payload: Record<string, unknown>, delay = 0) => ({
  request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } },
  delay,
  result: {
    data: { verifyEmail: { __typename: 'VerifyEmailPayload', email: null, viewer: null, userErrors: [], ...payload } },
  },
});

const deadLinkMock = verifyMock({
  userErrors: [{ __typename: 'UserError', message: DEAD_LINK, field: 'token', code: 'INVALID_INPUT' }],
});

/** Who opened the page, as the shop says now. */
const viewerMock = (email: string | null, emailVerified: boolean) => ({
  request: { query: VerifyEmailViewerDocument },
  result: { data: { viewer: { __typename: 'User', id: 'VXNlcjoy', email, emailVerified } } },
});

describe('verify email', () => {
  it('verifies as it opens, the token out of the address first; a visitor is offered the login', async () => {
    const held = holdAnswers();
    const { user } = renderApp({
      path: `/verify-email?token=${LINK}`,
      token: null,
      mocks: [verifyMock({ email: 'nina@people.example' }, HELD_MS)],
    });
    // It shows while the answer is on its way, with the page's heading.
    expect(await screen.findByText('Verifying your email address...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify your email address' })).toBeInTheDocument();
    await held.release();
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
      mocks: [
        sessionMock(),
        verifyMock({
          email: 'nina@people.example',
          viewer: { __typename: 'User', id: 'VXNlcjoy', emailVerified: true },
        }),
      ],
    });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
  });

  it('a used link opened again by someone whose address is verified: says so plainly, and offers the profile, not a new link', async () => {
    renderApp({
      path: `/verify-email?token=${LINK}`,
      mocks: [sessionMock(), deadLinkMock, viewerMock('nina@people.example', true)],
    });
    expect(
      (await screen.findByText('Your email address is already verified')).closest('[role="status"]'),
    ).toHaveTextContent(/^Your email address is already verified$/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ask for a New Link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
  });

  it('a used or expired link for an address not verified yet: the shop’s message, said once, and the way to a new one', async () => {
    const { user } = renderApp({
      path: `/verify-email?token=${LINK}`,
      mocks: [sessionMock(), deadLinkMock, viewerMock('nina@people.example', false)],
    });
    expect(await screen.findByRole('link', { name: 'Ask for a New Link' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^This link to verify your email address is invalid, used or expired\. Ask for a new one on your profile\.$/,
    );
    // The alert says where a new link is asked for: nothing else on the page says it again.
    expect(screen.getByRole('region', { name: 'Verify your email address' })).toHaveTextContent(
      /^Verify your email addressThe link we emailed to your address works once, for 24 hours\.This link to verify .* on your profile\.Ask for a New LinkGo to the shop$/,
    );
    await waitFor(() => expect(currentPath()).toBe('/verify-email'));
    await user.click(screen.getByRole('link', { name: 'Ask for a New Link' }));
    await waitFor(() => expect(currentPath()).toBe('/profile'));
  });

  it('a dead link opened by someone without an address: says there is none to verify, and leads to the profile to add one', async () => {
    renderApp({ path: `/verify-email?token=${LINK}`, mocks: [sessionMock(), deadLinkMock, viewerMock(null, false)] });
    expect(
      (await screen.findByText('Your profile has no email address to verify')).closest('[role="status"]'),
    ).toHaveTextContent(/^Your profile has no email address to verify$/);
    expect(screen.queryByRole('link', { name: 'Ask for a New Link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
  });

  it('a visitor with a used link logs in and comes back here, to be told the address is verified already', async () => {
    const { user } = renderApp({
      path: `/verify-email?token=${LINK}`,
      token: null,
      mocks: [
        deadLinkMock,
        {
          request: { query: LoginDocument, variables: { input: { username: 'nina', password: 'secret1' } } },
          result: {
            data: {
              login: { __typename: 'LoginPayload', token: 'fresh-token', secondFactorChallenge: null, userErrors: [] },
            },
          },
        },
        sessionMock({ username: 'nina' }),
        viewerMock('nina@people.example', true),
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^This link to verify your email address is invalid, used or expired\. Ask for a new one on your profile\.$/,
    );
    expect(screen.queryByRole('link', { name: 'Ask for a New Link' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Log In' }));
    expect(currentPath()).toBe('/login');
    await user.type(await screen.findByLabelText(/^Username/), 'nina');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Your email address is already verified')).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
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
        {
          request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } },
          error: new Error('Failed to fetch'),
        },
        {
          request: { query: VerifyEmailDocument, variables: { input: { token: LINK } } },
          result: { errors: [new GraphQLError('lacks it', { extensions: { code: 'NOT_SUPPORTED' } })] },
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify the email address. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('Email verification is not available on this shop. Please contact the shop.'),
    ).toBeInTheDocument();
  });

  it('after a reload once verified, says so again and sends nothing more', async () => {
    renderApp({ path: '/verify-email', state: { verifiedEmail: 'nina@people.example' }, token: null });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
  });
});
