import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LoginDocument,
  LoginSecondFactorDocument,
  NewAccountPreferencesDocument,
  RegisterDocument,
} from '@/gql/graphql';
import { TOKEN_STORAGE_KEY } from '@/lib/session';
import { HELD_MS, holdAnswers } from '@/testing/held-answers';
import { listingMock, sessionMock } from '@/testing/fixtures';
import { acrossElements, currentPath, renderApp } from '@/testing/render';
import { REGISTRATION_SUCCESSFUL } from './register-route';

const emptyListing = listingMock([]);

describe('login with a second factor', () => {
  const asked = {
    request: { query: LoginDocument, variables: { input: { username: 'sam', password: 'secret1' } } },
    result: {
      data: {
        login: {
          __typename: 'LoginPayload',
          token: null,
          secondFactorChallenge: 'the-challenge',
          userErrors: [
            {
              __typename: 'UserError',
              message: 'Enter the code from your authenticator app',
              field: null,
              code: 'SECOND_FACTOR_REQUIRED',
            },
          ],
        },
      },
    },
  };
  const secondStep = (input: object, answer: { token?: string; error?: { message: string; field: string } }) => ({
    request: { query: LoginSecondFactorDocument, variables: { input: { challenge: 'the-challenge', ...input } } },
    result: {
      data: {
        loginSecondFactor: {
          __typename: 'LoginPayload',
          token: answer.token ?? null,
          userErrors: answer.error ? [{ __typename: 'UserError', ...answer.error, code: 'INVALID_CREDENTIALS' }] : [],
        },
      },
    },
  });
  async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText(/^Username/), 'sam');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    return screen.findByRole('heading', { name: 'Two-Factor Sign-In' });
  }

  it('asks for the app’s code after the password; a wrong one is refused at the field, the right one logs in', async () => {
    const { user } = renderApp({
      path: '/login',
      token: null,
      mocks: [
        asked,
        secondStep(
          { code: '111111' },
          {
            error: {
              message: 'That code is not right, or it was used already: enter the one your app shows now',
              field: 'code',
            },
          },
        ),
        secondStep({ code: '222333' }, { token: 'second-factor-token' }),
        sessionMock({ username: 'sam' }),
        emptyListing,
      ],
    });
    await passwordStep(user);
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows for Medshop.')).toBeInTheDocument();
    const code = screen.getByLabelText(/^Authentication code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // The code's form is checked before anything is sent.
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is 6 digits, as your authenticator app shows it')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right, or it was used already: enter the one your app shows now'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await user.clear(code);
    await user.type(code, '222 333');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('second-factor-token');
  });

  it('takes a recovery code instead, and sends an expired challenge back to the password with the reason', async () => {
    const { user } = renderApp({
      path: '/login',
      token: null,
      mocks: [
        asked,
        {
          request: {
            query: LoginSecondFactorDocument,
            variables: { input: { challenge: 'the-challenge', recoveryCode: 'abcde-fghjk' } },
          },
          result: {
            data: {
              loginSecondFactor: {
                __typename: 'LoginPayload',
                token: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'The sign-in took too long: enter your password again',
                    field: 'challenge',
                    code: 'INVALID_CREDENTIALS',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText('Enter one of the recovery codes you saved. Each works once.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in took too long: enter your password again');
    // The username stays; the password is asked again.
    expect(screen.getByLabelText(/^Username/)).toHaveValue('sam');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('goes back to the password when asked', async () => {
    const { user } = renderApp({ path: '/login', token: null, mocks: [asked] });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('login', () => {
  it('asks for both fields before sending anything', async () => {
    const { user } = renderApp({ path: '/login', token: null });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('name', 'password');
  });

  it('reads “Logging in...” while busy, then stores the token and lands on the listing', async () => {
    const held = holdAnswers();
    const { user } = renderApp({
      path: '/login',
      token: null,
      mocks: [
        {
          request: { query: LoginDocument, variables: { input: { username: 'alice', password: 'secret1' } } },
          delay: HELD_MS,
          result: {
            data: {
              login: { __typename: 'LoginPayload', token: 'fresh-token', secondFactorChallenge: null, userErrors: [] },
            },
          },
        },
        sessionMock(),
        emptyListing,
      ],
    });
    await user.type(await screen.findByLabelText(/^Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await held.release();
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(currentPath()).toBe('/');
    expect(screen.getByText(acrossElements('alice (User)'))).toBeInTheDocument();
  });

  it('shows the shop’s message for a wrong password and stores nothing', async () => {
    const { user } = renderApp({
      path: '/login',
      token: null,
      mocks: [
        {
          request: { query: LoginDocument, variables: { input: { username: 'alice', password: 'nope' } } },
          result: {
            data: {
              login: {
                __typename: 'LoginPayload',
                token: null,
                secondFactorChallenge: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Invalid username or password',
                    field: null,
                    code: 'INVALID_CREDENTIALS',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('says “Login failed” when the shop cannot be reached', async () => {
    const { user } = renderApp({
      path: '/login',
      token: null,
      mocks: [
        {
          request: { query: LoginDocument, variables: { input: { username: 'alice', password: 'secret1' } } },
          error: new Error('Failed to fetch'),
        },
      ],
    });
    await user.type(await screen.findByLabelText(/^Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });
});

describe('register', () => {
  const fill = async (
    user: ReturnType<typeof renderApp>['user'],
    username: string,
    password: string,
    confirm: string,
  ) => {
    await user.type(await screen.findByLabelText(/^Username/), username);
    await user.type(screen.getByLabelText(/^Password/), password);
    await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Register' }));
  };

  it('refuses a short password and a mismatched confirmation before sending anything', async () => {
    const { user } = renderApp({ path: '/register', token: null });
    await fill(user, 'bob', 'ab', 'ab');
    expect(await screen.findByText('Password must be at least 3 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('name', 'confirmPassword');
  });

  it('marks every field that is wrong at once on an empty submit, as Login does', async () => {
    const { user } = renderApp({ path: '/register', token: null });
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the password')).toBeInTheDocument();
    for (const label of [/^Username/, /^Password/, /^Confirm Password/])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Username/)).toHaveFocus();
  });

  it('shows the username rule as a hint until it is broken, then once, as the error', async () => {
    const { user } = renderApp({ path: '/register', token: null });
    const username = await screen.findByLabelText(/^Username/);
    expect(username).toHaveAccessibleDescription('Username must be at least 3 characters long');
    await fill(user, 'ab', 'secret1', 'secret1');
    expect(await screen.findByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getAllByText('Username must be at least 3 characters long')).toHaveLength(1);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username must be at least 3 characters long');
  });

  it('says all new accounts are regular users', async () => {
    renderApp({ path: '/register', token: null });
    expect(await screen.findByText(/All new accounts are regular user accounts/)).toBeInTheDocument();
  });

  it('never logs in: it leads to /login with the registration message', async () => {
    const { user } = renderApp({
      path: '/register',
      token: null,
      mocks: [
        {
          request: {
            query: RegisterDocument,
            variables: { input: { username: 'bob', password: 'secret1', confirmPassword: 'secret1' } },
          },
          result: { data: { register: { __typename: 'RegisterPayload', token: null, userErrors: [] } } },
        },
      ],
    });
    await fill(user, 'bob', 'secret1', 'secret1');
    expect(await screen.findByText(REGISTRATION_SUCCESSFUL)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  describe('a new account starts with the browser’s language and time zone', () => {
    /** What this browser says of its person: its languages and its time zone. */
    function browserSays(languages: string[], timeZone: string) {
      vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
      const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...resolvedOptions.call(this), timeZone };
      });
    }
    afterEach(() => vi.restoreAllMocks());

    const registered = (username: string) => ({
      request: {
        query: RegisterDocument,
        variables: { input: { username, password: 'secret1', confirmPassword: 'secret1' } },
      },
      result: {
        data: { register: { __typename: 'RegisterPayload' as const, token: 'new-account-token', userErrors: [] } },
      },
    });
    const preferencesSaved = (preferences: Record<string, string>) => {
      const answer = vi.fn(() => ({
        data: { updateProfile: { __typename: 'UpdateProfilePayload' as const, userErrors: [] } },
      }));
      return {
        answer,
        mock: {
          request: { query: NewAccountPreferencesDocument, variables: { input: { preferences } } },
          result: answer,
        },
      };
    };

    it('saves the browser’s language as the shop offers it (de-AT) and its zone, then leads to /login as ever', async () => {
      browserSays(['de-AT', 'de', 'en'], 'Europe/Vienna');
      const saved = preferencesSaved({ language: 'de-AT', timezone: 'Europe/Vienna' });
      const { user } = renderApp({ path: '/register', token: null, mocks: [registered('carla'), saved.mock] });
      await fill(user, 'carla', 'secret1', 'secret1');
      expect(await screen.findByText(REGISTRATION_SUCCESSFUL)).toBeInTheDocument();
      expect(saved.answer).toHaveBeenCalledTimes(1);
      expect(currentPath()).toBe('/login');
      // Saved with the registration's token, which is not kept: registering still never logs in.
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    });

    it('saves only what differs from the shop’s defaults, and nothing for a browser in English and UTC', async () => {
      browserSays(['en-GB', 'en'], 'UTC');
      const british = preferencesSaved({ language: 'en-GB' });
      const first = renderApp({ path: '/register', token: null, mocks: [registered('dora'), british.mock] });
      await fill(first.user, 'dora', 'secret1', 'secret1');
      expect(await screen.findByText(REGISTRATION_SUCCESSFUL)).toBeInTheDocument();
      expect(british.answer).toHaveBeenCalledTimes(1);
      first.unmount();

      browserSays(['en'], 'UTC');
      const nothing = preferencesSaved({});
      const second = renderApp({ path: '/register', token: null, mocks: [registered('emil'), nothing.mock] });
      await fill(second.user, 'emil', 'secret1', 'secret1');
      expect(await screen.findByText(REGISTRATION_SUCCESSFUL)).toBeInTheDocument();
      expect(nothing.answer).not.toHaveBeenCalled();
    });

    it('makes the account all the same when the preferences cannot be saved: it keeps the defaults', async () => {
      browserSays(['fr-CA'], 'America/Toronto');
      const { user } = renderApp({
        path: '/register',
        token: null,
        mocks: [
          registered('fabien'),
          {
            request: {
              query: NewAccountPreferencesDocument,
              variables: { input: { preferences: { language: 'fr-CA', timezone: 'America/Toronto' } } },
            },
            error: new Error('offline'),
          },
        ],
      });
      await fill(user, 'fabien', 'secret1', 'secret1');
      expect(await screen.findByText(REGISTRATION_SUCCESSFUL)).toBeInTheDocument();
      expect(currentPath()).toBe('/login');
    });
  });

  it('shows the shop’s refusal next to the field it names', async () => {
    const { user } = renderApp({
      path: '/register',
      token: null,
      mocks: [
        {
          request: {
            query: RegisterDocument,
            variables: { input: { username: 'taken', password: 'secret1', confirmPassword: 'secret1' } },
          },
          result: {
            data: {
              register: {
                __typename: 'RegisterPayload',
                token: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Username "taken" is already taken',
                    field: 'username',
                    code: 'CONFLICT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await fill(user, 'taken', 'secret1', 'secret1');
    await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Username "taken" is already taken')).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
  });
});
