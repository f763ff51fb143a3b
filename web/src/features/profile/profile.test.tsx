import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BlockedPeopleDocument,
  UnblockUserDocument,
  ChangePasswordDocument,
  DeleteAccountDocument,
  OrdersPageDocument,
  ProfilePageDocument,
  ResendEmailVerificationDocument,
  UpdateProfileDocument,
} from '@/gql/graphql';
import { ACCOUNT_DELETED_NOTICE, TOKEN_STORAGE_KEY } from '@/lib/session';
import { HELD_MS, holdAnswers } from '@/testing/held-answers';
import { money, orderId, sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';
import { watchForText } from '@/testing/shown-at';
import { DELETION_CONSEQUENCES } from './account-settings';
import { PASSWORD_CHANGED } from './change-password';
import { RESEND_MESSAGE_MS, UNVERIFIED_HINT } from './email-detail';
import { INVALID_PHONE_NUMBER, PROFILE_MESSAGE_MS, PROFILE_UPDATED } from './profile-information';

const preferences = {
  __typename: 'Preferences',
  emailNotifications: true,
  smsNotifications: false,
  language: 'en',
  timezone: 'UTC',
};
const alice = {
  __typename: 'User',
  id: 'VXNlcjoy',
  username: 'alice',
  isAdmin: false,
  email: 'alice@example.com',
  emailVerified: true,
  firstName: 'Alice',
  lastName: null,
  phoneNumber: null,
  address: '1 Home Road',
  createdAt: '2026-11-02T09:00:00.000Z',
  preferences,
};
const profilePage = { request: { query: ProfilePageDocument }, result: { data: { viewer: alice } } };

afterEach(() => {
  vi.useRealTimers();
});

const details = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
/** The hints under the details' values, by the details' labels. */
const hints = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dt')]
      .filter((term) => term.parentElement!.querySelectorAll('dd').length > 1)
      .map((term) => [term.textContent, term.parentElement!.querySelectorAll('dd')[1]!.textContent]),
  );
const LANGUAGE_HINT = "Sets how dates and numbers are written; the shop's words stay in English.";

describe('profile information', () => {
  it('shows the viewer’s details and preferences in the first of five tabs', async () => {
    renderApp({ path: '/profile', mocks: [sessionMock(), profilePage] });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile Information',
      'Addresses',
      'Change Password',
      'Two-Factor Sign-In',
      'Account Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
    expect(details()).toEqual({
      Username: 'alice',
      Role: 'User',
      Email: 'alice@example.com Verified',
      'Phone number': 'Not set',
      'First name': 'Alice',
      'Last name': 'Not set',
      Address: '1 Home Road',
      'Member since': 'November 2, 2026',
      'Email notifications': 'On',
      'SMS notifications': 'Off (not available yet)',
      Language: 'English (en)',
      'Time zone': 'UTC',
    });
    expect(hints()).toEqual({ Language: LANGUAGE_HINT, 'Time zone': 'Times in the shop are shown in UTC.' });
  });

  it('marks an address not verified yet, says what that means, and sends the link again on request', async () => {
    const held = holdAnswers();
    const unverified = { ...alice, emailVerified: false };
    const resendMock = (payload: Record<string, unknown>, delay = 0) => ({
      request: { query: ResendEmailVerificationDocument, variables: { input: {} } },
      delay,
      result: {
        data: {
          resendEmailVerification: {
            __typename: 'ResendEmailVerificationPayload',
            message: null,
            user: null,
            userErrors: [],
            ...payload,
          },
        },
      },
    });
    const sent = 'A link to verify alice@example.com is on its way. It works for 24 hours.';
    const tooMany = 'Too many emails to this address this hour. Try again in 42 minutes.';
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: unverified } } },
        resendMock({ message: sent, user: unverified }, HELD_MS),
        resendMock({
          userErrors: [{ __typename: 'UserError', message: tooMany, field: null, code: 'TOO_MANY_ATTEMPTS' }],
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({ Email: 'alice@example.com Unverified' });
    expect(hints()).toMatchObject({ Email: UNVERIFIED_HINT });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await held.release();
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    // Long enough to read the wait, then gone.
    act(() => vi.advanceTimersByTime(RESEND_MESSAGE_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a verified address “Verified”, with nothing more to do', async () => {
    renderApp({ path: '/profile', mocks: [sessionMock(), profilePage] });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(screen.getByText('Verified', { selector: 'dd > span' })).toBeVisible();
    expect(details()).toMatchObject({ Email: 'alice@example.com Verified' });
    expect(hints()).not.toHaveProperty('Email');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('says nothing of verification where the shop does not verify addresses', async () => {
    renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: { ...alice, emailVerified: null } } } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({ Email: 'alice@example.com' });
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('says email notifications need an address where the account has none, rather than “On”', async () => {
    const withoutAddress = { ...alice, email: null, emailVerified: false };
    renderApp({
      path: '/profile',
      mocks: [sessionMock(), { request: { query: ProfilePageDocument }, result: { data: { viewer: withoutAddress } } }],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({ Email: 'Not set', 'Email notifications': 'Need an email address' });
    expect(hints()).toMatchObject({
      'Email notifications': 'Add one with Edit Profile to get order updates by email.',
    });
  });

  it('shows email notifications turned off as “Off”, address or not', async () => {
    const off = {
      ...alice,
      email: null,
      emailVerified: false,
      preferences: { ...preferences, emailNotifications: false },
    };
    renderApp({
      path: '/profile',
      mocks: [sessionMock(), { request: { query: ProfilePageDocument }, result: { data: { viewer: off } } }],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({ 'Email notifications': 'Off' });
    expect(hints()).not.toHaveProperty('Email notifications');
  });

  it('edits, saves (“Profile updated successfully” for exactly 3 seconds) and shows the saved values', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const updated = {
      ...alice,
      lastName: 'Liddell',
      phoneNumber: '+49 30 1234',
      preferences: { ...preferences, timezone: 'Europe/Berlin' },
    };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: {
            query: UpdateProfileDocument,
            // Only what was changed here.
            variables: {
              input: { lastName: 'Liddell', phoneNumber: '+49 30 1234', preferences: { timezone: 'Europe/Berlin' } },
            },
          },
          result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: updated, userErrors: [] } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    // In the order the details are shown in, so nothing moves when editing starts.
    expect([...document.querySelectorAll('form [name]')].map((field) => field.getAttribute('name'))).toEqual([
      'email',
      'phoneNumber',
      'firstName',
      'lastName',
      'address',
      'preferences.emailNotifications',
      'preferences.smsNotifications',
      'preferences.language',
      'preferences.timezone',
    ]);
    await user.type(screen.getByLabelText('Last name'), 'Liddell');
    await user.type(screen.getByLabelText('Phone number'), '+49 30 1234');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Berlin');
    const updatedShownAt = watchForText(PROFILE_UPDATED);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(details()).toMatchObject({
      'Last name': 'Liddell',
      'Phone number': '+49 30 1234',
      'SMS notifications': 'Off (not available yet)',
      'Time zone': 'Europe/Berlin',
    });
    expect(hints()).toMatchObject({ 'Time zone': 'Times in the shop are shown in Europe/Berlin.' });
    expect(screen.getByRole('heading', { name: 'Alice Liddell' })).toBeInTheDocument();
    expect(PROFILE_MESSAGE_MS).toBe(3000);
    // One synchronous stretch: the clock moves only as told. Still there 1 ms before the 3 s are up, gone at 3 s.
    act(() => vi.advanceTimersByTime(updatedShownAt() + 2999 - Date.now()));
    expect(screen.getByText(PROFILE_UPDATED)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(PROFILE_UPDATED)).toBeNull();
  });

  it('sends only what this form changed, so what another tab saved meanwhile is kept, and shows both', async () => {
    // Another tab set the address and a time zone after this one loaded the profile.
    const saved = {
      ...alice,
      address: '2 Other Tab Street',
      firstName: 'Alicia',
      preferences: { ...preferences, timezone: 'Asia/Tokyo' },
    };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: { query: UpdateProfileDocument, variables: { input: { firstName: 'Alicia' } } },
          result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: saved, userErrors: [] } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Alicia');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(details()).toMatchObject({
      'First name': 'Alicia',
      Address: '2 Other Tab Street',
      'Time zone': 'Asia/Tokyo',
    });
  });

  it('shows every field the shop refuses at once', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: {
            query: UpdateProfileDocument,
            variables: { input: { email: 'nope', preferences: { language: 'de' } } },
          },
          result: {
            data: {
              updateProfile: {
                __typename: 'UpdateProfilePayload',
                user: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Please enter a valid email address',
                    field: 'email',
                    code: 'INVALID_INPUT',
                  },
                  {
                    __typename: 'UserError',
                    message: 'Language must be a language code such as en or de-CH',
                    field: 'preferences.language',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Language must be a language code such as en or de-CH')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Language')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the shop’s refusal at its field, keeps the form, and Cancel leaves it unchanged', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: {
            query: UpdateProfileDocument,
            variables: (variables: { input: { email: string } }) => variables.input.email === 'not-an-email',
          },
          result: {
            data: {
              updateProfile: {
                __typename: 'UpdateProfilePayload',
                user: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Please enter a valid email address',
                    field: 'email',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(details()).toMatchObject({ Email: 'alice@example.com Verified' });
  });
});

describe('the time zone, the language and SMS notifications', () => {
  it('say what they do, in view and edit mode; SMS notifications keep what is stored and are never sent', async () => {
    const withSms = { ...alice, preferences: { ...preferences, smsNotifications: true } };
    const saved = { ...withSms, preferences: { ...withSms.preferences, timezone: 'Asia/Tokyo' } };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: withSms } } },
        {
          // The zone only: the SMS setting is not part of what is sent.
          request: { query: UpdateProfileDocument, variables: { input: { preferences: { timezone: 'Asia/Tokyo' } } } },
          result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: saved, userErrors: [] } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const sms = screen.getByRole('checkbox', { name: 'SMS notifications' });
    expect(sms).toBeDisabled();
    expect(sms).toBeChecked();
    expect(sms).toHaveAccessibleDescription('SMS notifications are not available yet');
    expect(screen.getByRole('checkbox', { name: 'Email notifications' })).toBeEnabled();
    expect(screen.getByLabelText('Language')).toHaveAccessibleDescription(LANGUAGE_HINT);
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveAccessibleDescription('Times in the shop are shown in UTC.');
    // The hint follows the choice.
    await user.selectOptions(zone, 'Asia/Tokyo');
    expect(zone).toHaveAccessibleDescription('Times in the shop are shown in Asia/Tokyo.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(details()).toMatchObject({ 'SMS notifications': 'On (not available yet)', 'Time zone': 'Asia/Tokyo' });
    expect(hints()).toEqual({ Language: LANGUAGE_HINT, 'Time zone': 'Times in the shop are shown in Asia/Tokyo.' });
  });

  it('says so when this browser does not know the zone or the language saved, and writes in UTC and English', async () => {
    const unknown = {
      ...alice,
      createdAt: '2026-11-02T23:30:00.000Z',
      preferences: { ...preferences, language: 'tlh', timezone: 'Mars/Olympus' },
    };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock({ language: 'tlh', timezone: 'Mars/Olympus' }),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: unknown } } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({
      'Member since': 'November 2, 2026',
      Language: 'Klingon (tlh)',
      'Time zone': 'Mars/Olympus',
    });
    expect(hints()).toEqual({
      Language: `${LANGUAGE_HINT} This browser does not know tlh: they are written as in English.`,
      'Time zone': 'Times in the shop are shown in UTC: this browser does not know Mars/Olympus.',
    });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Time zone')).toHaveValue('Mars/Olympus');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(
      'Times in the shop are shown in UTC: this browser does not know Mars/Olympus.',
    );
  });

  it('offers each language by region too: a British shopper picks en-GB and reads 2 November 2026', async () => {
    const saved = { ...alice, preferences: { ...preferences, language: 'en-GB' } };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: { query: UpdateProfileDocument, variables: { input: { preferences: { language: 'en-GB' } } } },
          result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: saved, userErrors: [] } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const language = screen.getByLabelText('Language');
    const groups = [...language.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => option.value),
    ]);
    expect(groups).toEqual([
      ['English', ['en', 'en-GB', 'en-US', 'en-AU', 'en-CA', 'en-IE', 'en-IN', 'en-NZ']],
      ['German', ['de', 'de-DE', 'de-AT', 'de-CH']],
      ['French', ['fr', 'fr-FR', 'fr-BE', 'fr-CA', 'fr-CH']],
      ['Spanish', ['es', 'es-ES', 'es-MX', 'es-AR']],
      ['Italian', ['it', 'it-IT', 'it-CH']],
      ['Dutch', ['nl', 'nl-NL', 'nl-BE']],
      ['Portuguese', ['pt', 'pt-PT', 'pt-BR']],
      ['Polish', ['pl']],
    ]);
    // Each choice by its short name, which a 320 px phone shows whole in the closed list ('English, United Kingdom
    // (en-GB)' was cut there).
    expect(
      [...language.querySelectorAll('optgroup[label="English"] option')].map((option) => option.textContent),
    ).toEqual([
      'English',
      'English (UK)',
      'English (US)',
      'English (Australia)',
      'English (Canada)',
      'English (Ireland)',
      'English (India)',
      'English (New Zealand)',
    ]);
    expect(within(language).getByRole('option', { name: 'German (Austria)' })).toBeInTheDocument();
    await user.selectOptions(language, 'en-GB');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(details()).toMatchObject({ 'Member since': '2 November 2026', Language: 'English, United Kingdom (en-GB)' });
  });

  it('keeps a saved language the list lacks, selected in its language’s group', async () => {
    const liechtenstein = { ...alice, preferences: { ...preferences, language: 'de-LI' } };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock({ language: 'de-LI' }),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: liechtenstein } } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(details()).toMatchObject({ Language: 'German, Liechtenstein (de-LI)', 'Member since': '2. November 2026' });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const language = screen.getByLabelText('Language');
    expect(language).toHaveValue('de-LI');
    expect(
      [...language.querySelector('optgroup[label="German"]')!.querySelectorAll('option')].map((option) => option.value),
    ).toEqual(['de', 'de-DE', 'de-AT', 'de-CH', 'de-LI']);
    expect(within(language).getByRole('option', { name: 'German (Liechtenstein)', selected: true })).toHaveValue(
      'de-LI',
    );
  });

  it('tells two choices that would read alike apart by their codes: a saved en-gb beside the list’s en-GB', async () => {
    const lowerCase = { ...alice, preferences: { ...preferences, language: 'en-gb' } };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock({ language: 'en-gb' }),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: lowerCase } } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const language = screen.getByLabelText('Language');
    expect(within(language).getByRole('option', { name: 'English (UK) (en-gb)', selected: true })).toHaveValue('en-gb');
    expect(within(language).getByRole('option', { name: 'English (UK) (en-GB)' })).toHaveValue('en-GB');
    expect(within(language).getByRole('option', { name: 'English (US)' })).toHaveValue('en-US');
  });

  it('once saved, writes every time on screen in the new zone and language at once, and on the next screen too', async () => {
    // 20:30 UTC on November 2 is the morning of November 3 in Tokyo.
    const late = { ...alice, createdAt: '2026-11-02T20:30:00.000Z' };
    const saved = { ...late, preferences: { ...preferences, language: 'de', timezone: 'Asia/Tokyo' } };
    const order = {
      __typename: 'Order',
      id: orderId(7),
      number: 7,
      orderDate: '2026-11-20T08:05:00.000Z',
      status: 'PENDING',
      total: money('1234.50'),
      subtotal: money('1234.50'),
      shippingCost: money('0.00'),
      shippingMethodName: null,
      tax: money('0.00'),
      taxLines: [],
      pricesIncludeTax: true,
      payment: null,
      shippingAddress: '1 Home Road',
      viewerCanCancel: true,
      viewerCanOrderAgain: true,
      items: [
        {
          __typename: 'OrderItem',
          sku: null,
          productName: 'Scale',
          unitPrice: money('1234.50'),
          quantity: 1,
          lineTotal: money('1234.50'),
          product: null,
        },
      ],
    };
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        { request: { query: ProfilePageDocument }, result: { data: { viewer: late } } },
        {
          request: {
            query: UpdateProfileDocument,
            variables: { input: { preferences: { language: 'de', timezone: 'Asia/Tokyo' } } },
          },
          result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: saved, userErrors: [] } } },
        },
        {
          request: { query: OrdersPageDocument, variables: { first: 10 } },
          result: {
            data: {
              viewer: {
                __typename: 'User',
                orders: {
                  __typename: 'OrderConnection',
                  totalCount: 1,
                  edges: [{ __typename: 'OrderEdge', cursor: 'o-0', node: order }],
                  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'o-0' },
                },
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByText('Member since').nextElementSibling).toHaveTextContent('November 2, 2026');
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    // The words stay English; the date is Tokyo's, written in German.
    expect(details()).toMatchObject({
      'Member since': '3. November 2026',
      Language: 'German (de)',
      'Time zone': 'Asia/Tokyo',
    });
    // Another screen, with no reload: 8:05 UTC is 17:05 in Tokyo.
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('20.11.2026, 17:05')).toBeInTheDocument();
    // Exactly, no-break space and all (Testing Library's text matching would take any space).
    expect(within(card).getByText(/^Total:/).textContent).toBe('Total: 1.234,50\u00a0$');
  });
});

describe('the focus while editing', () => {
  const saving = {
    // Whatever the form sends: this test is about where the focus goes.
    request: { query: UpdateProfileDocument, variables: () => true },
    result: { data: { updateProfile: { __typename: 'UpdateProfilePayload', user: alice, userErrors: [] } } },
  };

  it('goes to the first field on Edit Profile, and back to Edit Profile on Cancel and on Save Changes', async () => {
    const { user } = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage, saving] });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
  });
});

describe('the phone number', () => {
  it('takes only digits, spaces, +, -, ( and ), as the shop does, and says so before anything is sent', async () => {
    // No UpdateProfile answer is mocked: sending would end in “Failed to update profile”.
    const { user } = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage] });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Phone number'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(INVALID_PHONE_NUMBER)).toBeInTheDocument();
    expect(INVALID_PHONE_NUMBER).toBe('Phone number may contain only digits, spaces, +, -, ( and )');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.queryByText('Failed to update profile')).toBeNull();
  });
});

describe('the names', () => {
  it('are one line each, as the shop keeps them: a pasted tab is pointed out before anything is sent', async () => {
    // No UpdateProfile answer is mocked: sending would end in “Failed to update profile”.
    const { user } = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage] });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.click(firstName);
    await user.paste('Ada\tLovelace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('First name must be a single line of text, without line breaks or control characters'),
    ).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to update profile')).toBeNull();
  });
});

describe('change password', () => {
  it('requires the three fields, then replaces the token with the new one and the session goes on', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: {
            query: ChangePasswordDocument,
            variables: { input: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' } },
          },
          result: {
            data: {
              changePassword: { __typename: 'ChangePasswordPayload', token: 'token-after-change', userErrors: [] },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current Password/), 'secret1');
    await user.type(screen.getByLabelText(/^New Password/), 'secret2');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-after-change');
    expect(currentPath()).toBe('/profile?tab=password');
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it('leaves the match of new and confirmation to the shop, and shows its answer', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: {
            query: ChangePasswordDocument,
            variables: { input: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'other' } },
          },
          result: {
            data: {
              changePassword: {
                __typename: 'ChangePasswordPayload',
                token: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    message: 'Passwords do not match',
                    field: 'confirmPassword',
                    code: 'INVALID_INPUT',
                  },
                ],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await user.type(screen.getByLabelText(/^Current Password/), 'secret1');
    await user.type(screen.getByLabelText(/^New Password/), 'secret2');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });
});

describe('account settings', () => {
  it('lists the four consequences, asks twice, then ends the session: /login says “Account deleted successfully”', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        {
          request: { query: DeleteAccountDocument, variables: { input: {} } },
          result: {
            data: { deleteAccount: { __typename: 'DeleteAccountPayload', deletedUserId: 'VXNlcjoy', userErrors: [] } },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
    const zone = screen.getByRole('region', { name: 'Danger Zone' });
    expect(
      within(zone)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(DELETION_CONSEQUENCES);
    expect(DELETION_CONSEQUENCES).toEqual([
      'Your personal data will be deleted',
      'Your cart will be cleared',
      'Your order history will be anonymised',
      'You will be logged out immediately',
    ]);
    await user.click(within(zone).getByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    const second = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' });
    await user.click(within(second).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText(ACCOUNT_DELETED_NOTICE)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('deletes nothing when the second question is cancelled', async () => {
    const { user } = renderApp({ path: '/profile', mocks: [sessionMock(), profilePage] });
    await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
    expect(currentPath()).toBe('/profile?tab=settings');
  });

  it('says “Failed to delete account” and keeps the session when it fails', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        { request: { query: DeleteAccountDocument, variables: { input: {} } }, error: new Error('Failed to fetch') },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you absolutely sure?' })).getByRole('button', {
        name: 'Delete My Account',
      }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Failed to delete account');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });
});

describe('blocked people', () => {
  const blocked = (people: { username: string; blockedAt: string }[]) => ({
    request: { query: BlockedPeopleDocument },
    result: {
      data: {
        viewer: {
          __typename: 'User',
          id: alice.id,
          blockedUsers: people.map((person) => ({ __typename: 'BlockedUser', ...person })),
        },
      },
    },
  });

  it('lists whom the person blocked on Account Settings, and unblocks them', async () => {
    const { user } = renderApp({
      path: '/profile',
      mocks: [
        sessionMock(),
        profilePage,
        blocked([{ username: 'sam', blockedAt: '2026-11-20T10:00:00.000Z' }]),
        {
          request: { query: UnblockUserDocument, variables: { input: { username: 'sam' } } },
          result: {
            data: {
              unblockUser: {
                __typename: 'UnblockUserPayload',
                unblockedUsername: 'sam',
                viewer: { __typename: 'User', id: alice.id, unreadMessageCount: 1, blockedUsers: [] },
                userErrors: [],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['samBlocked November 20, 2026Unblock']);
    await user.click(within(list).getByRole('button', { name: 'Unblock sam' }));
    expect(await screen.findByText('sam is unblocked: your chat with them is back in your list.')).toBeInTheDocument();
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    // The danger zone is still there, below.
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
  });
});
