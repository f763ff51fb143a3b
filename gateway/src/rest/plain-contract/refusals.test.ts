// The plain contract's refusals carry only a message: the field it is about is read off its words, helped by what
// each route's messages are known to mean. Our REST service names its field, and then nothing here is asked.
import { describe, expect, it } from 'vitest';
import { fieldOfMessage, fieldOfPlainRefusal } from './refusals.js';

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

describe('fieldOfPlainRefusal', () => {
  const product = { name: 'Splint', description: 'A splint', price: 3, quantity: 1, imageUrl: '', imageUrls: [] };
  it.each([
    // The body's fields are the candidates.
    {
      call: { method: 'POST', path: '/api/products', body: product },
      message: 'Price must be at least 0',
      field: 'price',
    },
    // A path's parameter by the name its refusal is given, settled by the route's hint.
    { call: { method: 'PUT', path: '/api/products/42', body: product }, message: 'Product not found', field: 'id' },
    { call: { method: 'DELETE', path: '/api/cart/items/7' }, message: 'Product not in your cart', field: 'productId' },
    // The query's fields too.
    {
      call: { method: 'PUT', path: '/api/cart/items/7', query: { quantity: 9 } },
      message: 'Only 3 in stock',
      field: 'quantity',
    },
    // A username in the path is a parameter like an id.
    {
      call: { method: 'POST', path: '/api/chat/rooms/ada.l/messages', body: { content: 'hi' } },
      message: 'Message must not be empty',
      field: 'content',
    },
    // One level into the body: the profile's preferences, by the REST service's own names.
    {
      call: { method: 'PUT', path: '/api/users/profile', body: { email: 'a@b.c', preferences: { timezone: 'X' } } },
      message: 'Time zone must be an IANA time zone',
      field: 'timezone',
    },
    {
      call: { method: 'PUT', path: '/api/users/profile', body: { email: 'x' } },
      message: 'Please enter a valid email address',
      field: 'email',
    },
    {
      call: {
        method: 'POST',
        path: '/api/auth/register',
        body: { username: 'a', password: 'b', confirmPassword: 'c' },
      },
      message: 'Passwords do not match',
      field: 'confirmPassword',
    },
    // A hint of null: a failed login blames neither field it names.
    {
      call: { method: 'POST', path: '/api/auth/login', body: { username: 'a', password: 'b' } },
      message: 'Invalid username or password',
      field: undefined,
    },
    {
      call: { method: 'PUT', path: '/api/orders/5/status', body: { status: 'CANCELLED' } },
      message: 'An order that is SHIPPED cannot become CANCELLED',
      field: 'status',
    },
    // A route without hints: the words alone.
    {
      call: { method: 'POST', path: '/api/orders/checkout', body: { shippingAddress: '' } },
      message: 'Shipping address is required',
      field: 'shippingAddress',
    },
  ] as const)('$call.method $call.path: "$message" → $field', ({ call, message, field }) => {
    expect(fieldOfPlainRefusal(call, 400, message)).toBe(field);
  });

  it.each([401, 403, 429])('blames no field for a %i: who asks, or how often', (status) => {
    const call = { method: 'POST', path: '/api/chat/rooms/7/mark-as-read' } as const;
    expect(fieldOfPlainRefusal(call, status, 'Room not found')).toBeUndefined();
    expect(fieldOfPlainRefusal(call, 404, 'Room not found')).toBe('roomId');
  });
});
