// The caller's own account under /api/users: profile (spec §3, §9), password change and account deletion (DESIGN §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, type RestService, startRestService } from '../../tests/helpers/rest-service.js';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const DEFAULT_PREFERENCES = { emailNotifications: true, smsNotifications: false, language: 'en', timezone: 'UTC' };
const INVALID_TOKEN = { message: 'Invalid or expired token', code: 'INVALID_TOKEN' };

const FULL_PROFILE = {
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Smith',
  phoneNumber: '+1 (555) 010-2030',
  address: '1 Main Street\nSpringfield',
  preferences: { emailNotifications: false, smsNotifications: true, language: 'de-CH', timezone: 'Europe/Berlin' },
};

let shop: RestService;
let admin: string;
beforeAll(async () => {
  shop = await startRestService();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

async function profileOf(token: string) {
  const answer = await shop.request('GET', '/api/users/profile', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function updateProfile(token: string, body: unknown) {
  return shop.request('PUT', '/api/users/profile', { token, body });
}

describe('profile', () => {
  it('answers every User field of spec §3, null when unset, with the default preferences', async () => {
    const token = await shop.register('prof-anna');
    const answer = await shop.request('GET', '/api/users/profile', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      username: 'prof-anna',
      roles: ['USER'],
      permissions: [],
      permissionsAwaitTwoFactor: false,
      chatSuspendedUntil: null,
      email: null,
      emailVerified: false,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      address: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      preferences: DEFAULT_PREFERENCES,
    });
  });

  it('changes every field sent, answers the updated user, and keeps it', async () => {
    const token = await shop.register('prof-bert');
    const before = await profileOf(token);
    const answer = await updateProfile(token, FULL_PROFILE);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...before, ...FULL_PROFILE });
    expect(await profileOf(token)).toEqual(answer.body);
  });

  it('trims the text fields it stores', async () => {
    const token = await shop.register('prof-cleo');
    const answer = await updateProfile(token, {
      email: '  cleo@example.com ',
      firstName: ' Cleo ',
      preferences: { language: ' fr ', timezone: ' Europe/Paris ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: 'cleo@example.com',
      firstName: 'Cleo',
      preferences: { language: 'fr', timezone: 'Europe/Paris' },
    });
  });

  it('keeps an address of several lines as it was sent, and names trimmed of a line break around them', async () => {
    const token = await shop.register('prof-lines');
    const answer = await updateProfile(token, {
      address: '12 Harbour Lane\r\nPort Town\nNorthshire',
      firstName: 'Ada\n',
      lastName: '\r\nLovelace',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      address: '12 Harbour Lane\r\nPort Town\nNorthshire',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('changes only the fields sent: unsent fields and unsent preferences keep their values', async () => {
    const token = await shop.register('prof-dora');
    const full = (await updateProfile(token, FULL_PROFILE)).body;

    const lastNameOnly = await updateProfile(token, { lastName: 'Jones' });
    expect(lastNameOnly.status).toBe(200);
    expect(lastNameOnly.body).toEqual({ ...full, lastName: 'Jones' });

    const onePreference = await updateProfile(token, { preferences: { smsNotifications: false } });
    expect(onePreference.status).toBe(200);
    expect(onePreference.body).toEqual({
      ...full,
      lastName: 'Jones',
      preferences: { ...FULL_PROFILE.preferences, smsNotifications: false },
    });

    const nothing = await updateProfile(token, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual(onePreference.body);
    expect(await profileOf(token)).toEqual(onePreference.body);
  });

  it('clears a field sent as null, as an empty string or as blanks', async () => {
    const token = await shop.register('prof-emil');
    const full = (await updateProfile(token, FULL_PROFILE)).body;
    const answer = await updateProfile(token, { email: null, firstName: '', address: '   ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...full, email: null, firstName: null, address: null });
    expect(await profileOf(token)).toEqual(answer.body);
  });

  it('ignores username and roles in the body: nobody renames themselves or becomes an admin', async () => {
    const token = await shop.register('prof-fritz');
    const answer = await updateProfile(token, { username: 'prof-admin', roles: ['ADMIN'], firstName: 'Fritz' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: 'prof-fritz', roles: ['USER'], firstName: 'Fritz' });
    const createProduct = await shop.request('POST', '/api/products', {
      token,
      body: { name: 'Sneaky', description: 'Should not exist', price: 1, quantity: 1 },
    });
    expect(createProduct.status).toBe(403);
  });

  describe('validation', () => {
    let token: string;
    let stored: unknown;
    beforeAll(async () => {
      token = await shop.register('prof-valid');
      stored = (await updateProfile(token, FULL_PROFILE)).body;
    });

    // The field is the top-level property for the request schema's checks (a wrong type or length inside preferences
    // names `preferences`), and the preference itself for the service's checks of its value (language, timezone).
    it.each<[string, unknown, string, string]>([
      ['an email without @', { email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
      ['an email without a domain dot', { email: 'anna@example' }, 'Please enter a valid email address', 'email'],
      [
        'a phone number with letters',
        { phoneNumber: 'call me maybe' },
        'Phone number may contain only digits, spaces, +, -, ( and )',
        'phoneNumber',
      ],
      [
        'a language that is not a code',
        { preferences: { language: 'English' } },
        'Language must be a language code such as en or de-CH',
        'language',
      ],
      [
        'an unknown time zone',
        { preferences: { timezone: 'Mars/Olympus_Mons' } },
        'Timezone must be a time zone such as UTC or Europe/Berlin',
        'timezone',
      ],
      [
        'an email over 254 characters',
        { email: `${'a'.repeat(250)}@example.com` },
        'Email must be at most 254 characters long',
        'email',
      ],
      [
        'a first name over 100 characters',
        { firstName: 'x'.repeat(101) },
        'First name must be at most 100 characters long',
        'firstName',
      ],
      [
        'a last name over 100 characters',
        { lastName: 'x'.repeat(101) },
        'Last name must be at most 100 characters long',
        'lastName',
      ],
      [
        'a phone number over 30 characters',
        { phoneNumber: '1'.repeat(31) },
        'Phone number must be at most 30 characters long',
        'phoneNumber',
      ],
      [
        'an address over 500 characters',
        { address: 'x'.repeat(501) },
        'Address must be at most 500 characters long',
        'address',
      ],
      [
        'a language over 20 characters',
        { preferences: { language: 'x'.repeat(21) } },
        'Language must be at most 20 characters long',
        'language',
      ],
      ['a number as first name', { firstName: 5 }, 'First name must be text', 'firstName'],
      ['a list as address', { address: ['1 Main Street'] }, 'Address must be text', 'address'],
      ['a boolean as email', { email: true }, 'Email must be text', 'email'],
      [
        '"yes" as email notifications',
        { preferences: { emailNotifications: 'yes' } },
        'Email notifications must be true or false, not text',
        'emailNotifications',
      ],
      [
        '1 as SMS notifications',
        { preferences: { smsNotifications: 1 } },
        'SMS notifications must be true or false',
        'smsNotifications',
      ],
      ['null as language', { preferences: { language: null } }, 'Language must be text', 'language'],
      [
        'text as preferences',
        { preferences: 'dark mode' },
        'Preferences must be a JSON object, not text',
        'preferences',
      ],
      [
        'a NUL character in a name',
        { firstName: 'An\u0000na' },
        'First name must not contain NUL characters',
        'firstName',
      ],
      [
        'a NUL character in an email',
        { email: 'an\u0000na@example.com' },
        'Email must not contain NUL characters',
        'email',
      ],
      [
        'a NUL character in an address',
        { address: '1 Main\u0000Street' },
        'Address must not contain NUL characters',
        'address',
      ],
      [
        'a valid field next to an invalid one',
        { firstName: 'Changed', email: 'bad' },
        'Please enter a valid email address',
        'email',
      ],
      [
        'a first name of two lines',
        { firstName: 'Anna\r\nBcc: x@y.example' },
        'First name must be a single line of text, without line breaks or control characters',
        'firstName',
      ],
      [
        'a last name with a line feed',
        { lastName: 'Lee\nX' },
        'Last name must be a single line of text, without line breaks or control characters',
        'lastName',
      ],
      [
        'an email of two lines',
        { email: 'anna@example.com\r\nBcc: x@y.example' },
        'Please enter a valid email address',
        'email',
      ],
      [
        'a phone number of two lines',
        { phoneNumber: '+49 30\n1234' },
        'Phone number may contain only digits, spaces, +, -, ( and )',
        'phoneNumber',
      ],
    ])('refuses %s with 400 and leaves the profile unchanged', async (_case, body, message, field) => {
      const answer = await updateProfile(token, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
      expect(await profileOf(token)).toEqual(stored);
    });
  });
});

describe('change password', () => {
  it('counts wrong current passwords per account as at login: then 429, and the right one too until the wait ends', async () => {
    const limited = await startRestService({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '' } });
    try {
      const token = await limited.register('pw-guessed');
      const change = (currentPassword: string) =>
        limited.request('PUT', '/api/users/change-password', {
          token,
          body: { currentPassword, newPassword: 'brand-new', confirmPassword: 'brand-new' },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await change(`guess-${attempt}`)).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      const refused = await change(DEFAULT_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ (minutes?|seconds?)\.$/);
      // Nothing changed: the password is still the old one.
      await expect(limited.login('pw-guessed', DEFAULT_PASSWORD)).resolves.toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });

  const changePassword = (token: string, body: unknown) =>
    shop.request('PUT', '/api/users/change-password', { token, body });
  let passwordCase = 0;

  it('refuses a wrong current password with 400, not 401, and the session keeps working', async () => {
    const token = await shop.register('pw-anna');
    const answer = await changePassword(token, {
      currentPassword: 'wrong',
      newPassword: 'new-pw',
      confirmPassword: 'new-pw',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Current password is incorrect',
      field: 'currentPassword',
      code: 'INVALID_INPUT',
    });
    expect((await shop.request('GET', '/api/users/profile', { token })).status).toBe(200);
    await expect(shop.login('pw-anna', DEFAULT_PASSWORD)).resolves.toEqual(expect.any(String));
    await expect(shop.login('pw-anna', 'new-pw')).rejects.toThrow(/401/);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a confirmation that does not match',
      { newPassword: 'new-pw', confirmPassword: 'new-pv' },
      'Passwords do not match',
      'confirmPassword',
    ],
    [
      'a new password under 3 characters',
      { newPassword: 'ab', confirmPassword: 'ab' },
      'New password must be at least 3 characters long',
      'newPassword',
    ],
    [
      'no current password',
      { currentPassword: undefined, newPassword: 'new-pw', confirmPassword: 'new-pw' },
      'Current password is required',
      'currentPassword',
    ],
    [
      'an empty current password',
      { currentPassword: '', newPassword: 'new-pw', confirmPassword: 'new-pw' },
      'Current password is required',
      'currentPassword',
    ],
    [
      'no new password',
      { newPassword: undefined, confirmPassword: 'new-pw' },
      'New password is required',
      'newPassword',
    ],
    ['no confirmation', { newPassword: 'new-pw' }, 'Confirm password is required', 'confirmPassword'],
    [
      'a number as new password',
      { newPassword: 12345, confirmPassword: '12345' },
      'New password must be text',
      'newPassword',
    ],
  ])('refuses %s with 400 and keeps the old password and session', async (_case, fields, message, field) => {
    passwordCase += 1;
    const username = `pw-case-${passwordCase}`;
    const token = await shop.register(username);
    const answer = await changePassword(token, { currentPassword: DEFAULT_PASSWORD, ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, field, code: 'INVALID_INPUT' });
    expect((await shop.request('GET', '/api/users/profile', { token })).status).toBe(200);
    await expect(shop.login(username, DEFAULT_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('changes the password: older tokens answer 401 on every call, the new password logs in, the old one fails', async () => {
    const registrationToken = await shop.register('pw-bert');
    const loginToken = await shop.login('pw-bert');
    const answer = await changePassword(loginToken, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Password changed successfully', token: expect.any(String) });
    // The answer's token is the session from now on (an extension).
    expect((await shop.request('GET', '/api/users/profile', { token: answer.body.token })).body.username).toBe(
      'pw-bert',
    );

    const calls: [string, string, unknown?][] = [
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users/profile', { firstName: 'Bert' }],
      [
        'PUT',
        '/api/users/change-password',
        { currentPassword: 'brand-new', newPassword: 'again', confirmPassword: 'again' },
      ],
      ['DELETE', '/api/users/account'],
      ['GET', '/api/products'],
      ['GET', '/api/cart'],
      ['GET', '/api/orders'],
      ['GET', '/api/chat/rooms'],
      ['GET', '/api/chat/available-users-from-main'],
    ];
    for (const oldToken of [registrationToken, loginToken]) {
      for (const [method, path, body] of calls) {
        const refused = await shop.request(method as 'GET', path, { token: oldToken, body });
        expect(refused.status, `${method} ${path}`).toBe(401);
        expect(refused.body).toEqual(INVALID_TOKEN);
      }
    }

    await expect(shop.login('pw-bert', DEFAULT_PASSWORD)).rejects.toThrow(/401/);
    const newToken = await shop.login('pw-bert', 'brand-new');
    const profile = await shop.request('GET', '/api/users/profile', { token: newToken });
    expect(profile.status).toBe(200);
    // The refused calls above changed nothing: no first name, the password is still brand-new.
    expect(profile.body).toMatchObject({ username: 'pw-bert', firstName: null });
  });
});

describe('delete account', () => {
  const USERNAME = 'gone-gina';
  let ginaToken: string;
  let ginaId: number;
  let orderId: number;
  let roomId: number;
  let samToken: string;
  let productId: number;

  beforeAll(async () => {
    productId = (await shop.createProduct(admin, { name: 'Bandage roll', price: 4.5, quantity: 20 })).id;
    ginaToken = await shop.register(USERNAME);
    samToken = await shop.register('stay-sam');
    ginaId = (await profileOf(ginaToken)).id;
    await updateProfile(ginaToken, { email: 'gina@example.com', firstName: 'Gina', address: '9 Elm Road' });

    await shop.request('POST', '/api/cart/items', { token: ginaToken, body: { productId, quantity: 2 } });
    const order = await shop.request('POST', '/api/orders/checkout', {
      token: ginaToken,
      body: { shippingAddress: '9 Elm Road' },
    });
    expect(order.status).toBe(201);
    orderId = order.body.id;
    const cart = await shop.request('POST', '/api/cart/items', { token: ginaToken, body: { productId, quantity: 1 } });
    expect(cart.body.items).toHaveLength(1);

    const say = (token: string, receiver: string, content: string) =>
      shop.request('POST', `/api/chat/rooms/${receiver}/messages`, { token, body: { content } });
    roomId = (await say(ginaToken, 'stay-sam', 'Hello Sam')).body.chatRoomId;
    await say(samToken, USERNAME, 'Hi Gina');
    await say(ginaToken, 'stay-sam', 'Bye now');

    const deleted = await shop.request('DELETE', '/api/users/account', { token: ginaToken });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
  });

  it('ends the session: the token answers 401 on every call, deleting again included', async () => {
    for (const [method, path] of [
      ['GET', '/api/users/profile'],
      ['GET', '/api/cart'],
      ['GET', '/api/orders'],
      ['GET', '/api/chat/rooms'],
      ['DELETE', '/api/users/account'],
    ] as const) {
      const answer = await shop.request(method, path, { token: ginaToken });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toEqual(INVALID_TOKEN);
    }
  });

  it('refuses to log in with the old password', async () => {
    const answer = await shop.request('POST', '/api/auth/login', {
      body: { username: USERNAME, password: DEFAULT_PASSWORD },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
  });

  it('deletes the personal data and the cart', async () => {
    const db = shop.app.shopDatabase.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', ginaId).execute()).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('email', '=', 'gina@example.com').execute()).toEqual([]);
    expect(await db.selectFrom('cartItems').select('productId').where('userId', '=', ginaId).execute()).toEqual([]);
  });

  it('keeps the orders, no longer linked to anyone', async () => {
    const all = await shop.request('GET', '/api/orders', { token: admin, query: { scope: 'all' } });
    expect(all.status).toBe(200);
    const order = all.body.find((candidate: { id: number }) => candidate.id === orderId);
    expect(order).toMatchObject({
      username: null,
      totalAmount: 9,
      shippingAddress: '9 Elm Road',
      items: [{ productId, productName: 'Bandage roll', quantity: 2, subtotal: 9 }],
    });
    const single = await shop.request('GET', `/api/orders/${orderId}`, { token: admin });
    expect(single.status).toBe(200);
    expect(single.body.username).toBeNull();
  });

  it('shows the other participant the room named "Deleted user" and its messages from "Deleted user"', async () => {
    const rooms = await shop.request('GET', '/api/chat/rooms', { token: samToken });
    expect(rooms.body).toEqual([
      expect.objectContaining({
        id: roomId,
        roomName: 'Deleted user',
        participantUsernames: expect.arrayContaining(['Deleted user', 'stay-sam']),
        lastMessage: 'Bye now',
      }),
    ]);
    expect(rooms.body[0].participantUsernames).toHaveLength(2);
    // The deleted account has no id any more: a new account that takes its username is someone else.
    const samId = (await shop.request('GET', '/api/users/profile', { token: samToken })).body.id;
    const { participantUsernames, participantIds } = rooms.body[0];
    expect(participantIds).toEqual(participantUsernames.map((name: string) => (name === 'stay-sam' ? samId : null)));

    const messages = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, { token: samToken });
    expect(messages.status).toBe(200);
    expect(messages.body.content.map((m: any) => [m.senderUsername, m.content])).toEqual([
      ['Deleted user', 'Bye now'],
      ['stay-sam', 'Hi Gina'],
      ['Deleted user', 'Hello Sam'],
    ]);
  });

  it('no longer offers the account as a chat partner, nor accepts messages for it', async () => {
    const available = await shop.request('GET', '/api/chat/available-users-from-main', { token: samToken });
    expect(available.body.map((user: { id: number }) => user.id)).not.toContain(ginaId);
    const byRoom = await shop.request('POST', `/api/chat/rooms/${roomId}/messages`, {
      token: samToken,
      body: { content: 'Still there?' },
    });
    expect(byRoom.status).toBe(404);
    expect(byRoom.body).toEqual({ message: 'The other participant has deleted their account', code: 'USER_NOT_FOUND' });
    const messages = await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, { token: samToken });
    expect(messages.body.totalElements).toBe(3);
  });

  it('frees the username: a new account under it starts empty and the old token stays refused', async () => {
    const newToken = await shop.register(USERNAME);
    const profile = await profileOf(newToken);
    expect(profile.id).not.toBe(ginaId);
    expect(profile).toMatchObject({ username: USERNAME, email: null, firstName: null, address: null });
    expect((await shop.request('GET', '/api/orders', { token: newToken })).body).toEqual([]);
    expect((await shop.request('GET', '/api/cart', { token: newToken })).body).toMatchObject({
      items: [],
      totalPrice: 0,
    });
    expect((await shop.request('GET', '/api/chat/rooms', { token: newToken })).body).toEqual([]);
    expect((await shop.request('GET', `/api/orders/${orderId}`, { token: newToken })).status).toBe(404);
    expect((await shop.request('GET', `/api/chat/rooms/${roomId}/messages`, { token: newToken })).status).toBe(403);
    expect((await shop.request('GET', '/api/users/profile', { token: ginaToken })).status).toBe(401);

    // Writing to the new account opens a new room; Sam's old room stays with the deleted user.
    const sent = await shop.request('POST', `/api/chat/rooms/${USERNAME}/messages`, {
      token: samToken,
      body: { content: 'Welcome back' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.chatRoomId).not.toBe(roomId);
    const samRooms = await shop.request('GET', '/api/chat/rooms', { token: samToken });
    expect(samRooms.body.map((room: { roomName: string }) => room.roomName)).toEqual([USERNAME, 'Deleted user']);
  });
});
