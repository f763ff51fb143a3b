// The sentence people read for each failed schema rule. Errors come from small schemas compiled by the service's own
// validatorCompiler, so they carry what Ajv really reports (path, params, data, parent schema).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors.js';
import { fieldWithNul, humanize, schemaErrorFormatter, validationMessage, validatorCompiler } from './validation.js';

type HttpPart = 'body' | 'querystring' | 'params';

/** The first error of `data` against `schema`, validated as that part of a request is. */
function firstError(schema: object, data: unknown, httpPart: HttpPart = 'body'): ErrorObject {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/test', httpPart }) as ValidateFunction;
  expect(validate(data), `${JSON.stringify(data)} should fail`).toBe(false);
  return validate.errors![0]!;
}

/** An object schema with one property. */
const one = (key: string, schema: object, required = true) => ({
  type: 'object',
  properties: { [key]: schema },
  ...(required ? { required: [key] } : {}),
});

describe('validationMessage', () => {
  it.each([
    // required
    { keyword: 'required', schema: one('price', { type: 'number' }), data: {}, message: 'Price is required' },
    {
      keyword: 'required',
      schema: one('shippingAddress', { type: 'string' }),
      data: {},
      message: 'Shipping address is required',
    },
    { keyword: 'required', schema: one('productId', { type: 'integer' }), data: {}, message: 'Product ID is required' },
    // type: in a JSON body, text where a number belongs is named as text
    {
      keyword: 'type',
      schema: one('price', { type: 'number' }),
      data: { price: '12' },
      message: 'Price must be a number, not text',
    },
    {
      keyword: 'type',
      schema: one('quantity', { type: 'integer' }),
      data: { quantity: 1.5 },
      message: 'Quantity must be a whole number',
    },
    {
      keyword: 'type',
      schema: one('quantity', { type: 'integer' }),
      data: { quantity: '2' },
      message: 'Quantity must be a whole number, not text',
    },
    { keyword: 'type', schema: one('name', { type: 'string' }), data: { name: 5 }, message: 'Name must be text' },
    {
      keyword: 'type',
      schema: one('emailNotifications', { type: 'boolean' }),
      data: { emailNotifications: 1 },
      message: 'Email notifications must be true or false',
    },
    {
      keyword: 'type',
      schema: one('imageUrls', { type: 'array' }),
      data: { imageUrls: {} },
      message: 'Image URLs must be a list',
    },
    {
      keyword: 'type',
      schema: one('preferences', { type: 'object' }),
      data: { preferences: [] },
      message: 'Preferences must be a JSON object',
    },
    {
      keyword: 'type',
      schema: one('address', { type: ['string', 'null'] }),
      data: { address: 5 },
      message: 'Address must be text',
    },
    {
      keyword: 'type',
      schema: one('id', { type: ['integer', 'string'] }),
      data: { id: true },
      message: 'ID must be a whole number or text',
    },
    // type of the whole body: Fastify validates a missing body as null
    { keyword: 'type', schema: { type: 'object' }, data: null, message: 'Request body is required' },
    { keyword: 'type', schema: { type: 'object' }, data: 42, message: 'Request body must be a JSON object' },
    {
      keyword: 'type',
      schema: { type: 'object' },
      data: 'text',
      message: 'Request body must be a JSON object, not text',
    },
    // lengths
    {
      keyword: 'minLength',
      schema: one('name', { type: 'string', minLength: 1 }),
      data: { name: '' },
      message: 'Name is required',
    },
    {
      keyword: 'minLength',
      schema: one('username', { type: 'string', minLength: 3 }),
      data: { username: 'ab' },
      message: 'Username must be at least 3 characters long',
    },
    {
      keyword: 'maxLength',
      schema: one('name', { type: 'string', maxLength: 200 }),
      data: { name: 'n'.repeat(201) },
      message: 'Name must be at most 200 characters long',
    },
    // numbers
    {
      keyword: 'minimum',
      schema: one('price', { type: 'number', minimum: 0 }),
      data: { price: -1 },
      message: 'Price must be at least 0',
    },
    {
      keyword: 'maximum',
      schema: one('price', { type: 'number', maximum: 1_000_000 }),
      data: { price: 1_000_001 },
      message: 'Price must be at most 1000000',
    },
    {
      keyword: 'exclusiveMinimum',
      schema: one('quantity', { type: 'integer', exclusiveMinimum: 0 }),
      data: { quantity: 0 },
      message: 'Quantity must be greater than 0',
    },
    // lists
    {
      keyword: 'minItems',
      schema: one('imageUrls', { type: 'array', minItems: 2 }),
      data: { imageUrls: ['/a.png'] },
      message: 'Image URLs must have at least 2 entries',
    },
    {
      keyword: 'maxItems',
      schema: one('imageUrls', { type: 'array', maxItems: 20 }),
      data: { imageUrls: Array(21).fill('/a.png') },
      message: 'Image URLs must have at most 20 entries',
    },
    // enum and format
    {
      keyword: 'enum',
      schema: one('status', { type: 'string', enum: ['PENDING', 'SHIPPED'] }),
      data: { status: 'LOST' },
      message: 'Status must be one of PENDING, SHIPPED',
    },
    {
      keyword: 'format',
      schema: one('email', { type: 'string', format: 'email' }),
      data: { email: 'anna' },
      message: 'Email must be a valid email',
    },
    {
      keyword: 'format',
      schema: one('createdAt', { type: 'string', format: 'date-time' }),
      data: { createdAt: 'today' },
      message: 'Created at must be a valid date-time',
    },
    // any other keyword
    {
      keyword: 'pattern',
      schema: one('code', { type: 'string', pattern: '^[a-z]+$' }),
      data: { code: 'A1' },
      message: 'Code is invalid',
    },
    { keyword: 'const', schema: one('agree', { const: true }), data: { agree: false }, message: 'Agree is invalid' },
  ])('says $message for $keyword', ({ keyword, schema, data, message }) => {
    const error = firstError(schema, data);
    expect(error.keyword).toBe(keyword);
    expect(validationMessage(error, 'body')).toBe(message);
  });

  it.each([
    {
      why: 'an entry of a list by its place, counted from 1',
      schema: one('imageUrls', { type: 'array', items: { type: 'string', maxLength: 5 } }),
      data: { imageUrls: ['/a', '/b', '/toolong'] },
      message: 'Image URLs entry 3 must be at most 5 characters long',
    },
    {
      why: 'a nested field by its own name',
      schema: one('preferences', one('language', { type: 'string', enum: ['en', 'de'] })),
      data: { preferences: { language: 'fr' } },
      message: 'Language must be one of en, de',
    },
    {
      why: 'a field missing from a nested object',
      schema: one('preferences', one('timezone', { type: 'string' })),
      data: { preferences: {} },
      message: 'Timezone is required',
    },
  ])('names $why', ({ schema, data, message }) => {
    expect(validationMessage(firstError(schema, data), 'body')).toBe(message);
  });

  it.each([
    {
      why: 'one message for any failure of the field',
      schema: one('smsNotifications', { type: 'boolean', errorMessage: 'SMS notifications must be true or false' }),
      data: { smsNotifications: 'yes' },
      message: 'SMS notifications must be true or false',
    },
    {
      why: 'a message for the failing keyword',
      schema: one('username', {
        type: 'string',
        maxLength: 10,
        pattern: '^[a-z]+$',
        errorMessage: { pattern: 'Lowercase letters only' },
      }),
      data: { username: 'Anna' },
      message: 'Lowercase letters only',
    },
    {
      why: 'the usual sentence for a keyword without a message of its own',
      schema: one('username', {
        type: 'string',
        maxLength: 10,
        pattern: '^[a-z]+$',
        errorMessage: { pattern: 'Lowercase letters only' },
      }),
      data: { username: 'a'.repeat(11) },
      message: 'Username must be at most 10 characters long',
    },
    {
      why: "a missing field's own required message",
      schema: one('shippingAddress', { type: 'string', errorMessage: { required: 'Please enter a shipping address' } }),
      data: {},
      message: 'Please enter a shipping address',
    },
    {
      // A single text is about the field's value; that the field is missing is said the usual way.
      why: 'the usual sentence for a missing field whose message is one text',
      schema: one('smsNotifications', { type: 'boolean', errorMessage: 'SMS notifications must be true or false' }),
      data: {},
      message: 'Sms notifications is required',
    },
  ])("uses a schema's errorMessage: $why", ({ schema, data, message }) => {
    expect(validationMessage(firstError(schema, data), 'body')).toBe(message);
  });

  it.each([
    // Path and query parameters are text on the wire and coerced: "not text" would be nonsense there.
    {
      why: 'text that is no number',
      part: 'querystring',
      schema: one('page', { type: 'integer' }, false),
      data: { page: 'abc' },
      message: 'Page must be a whole number',
    },
    {
      why: 'a fraction',
      part: 'querystring',
      schema: one('size', { type: 'integer' }, false),
      data: { size: '1.5' },
      message: 'Size must be a whole number',
    },
    {
      why: 'a path id',
      part: 'params',
      schema: one('roomId', { type: 'integer' }),
      data: { roomId: 'x' },
      message: 'Room ID must be a whole number',
    },
    {
      why: 'a range',
      part: 'querystring',
      schema: one('size', { type: 'integer', maximum: 100 }, false),
      data: { size: '101' },
      message: 'Size must be at most 100',
    },
    // Coercion makes "Infinity" and 1e400 numbers that pass integer and minimum; the compiler refuses them.
    {
      why: '"Infinity" for an integer',
      part: 'querystring',
      schema: one('page', { type: 'integer', minimum: 0 }, false),
      data: { page: 'Infinity' },
      message: 'Page must be a whole number',
    },
    {
      why: '1e400 for an integer',
      part: 'querystring',
      schema: one('page', { type: 'integer' }, false),
      data: { page: '1e400' },
      message: 'Page must be a whole number',
    },
    {
      why: '"-Infinity" for a number',
      part: 'querystring',
      schema: one('minPrice', { type: 'number' }, false),
      data: { minPrice: '-Infinity' },
      message: 'Min price must be a number',
    },
    {
      why: '"Infinity" declared inside allOf (a TypeBox intersection)',
      part: 'querystring',
      schema: {
        allOf: [
          { type: 'object', properties: { size: { type: 'integer' } } },
          { type: 'object', properties: { page: { type: 'integer' } } },
        ],
      },
      data: { page: 'Infinity' },
      message: 'Page must be a whole number',
    },
  ] as const)('says $message for $why in the $part', ({ part, schema, data, message }) => {
    expect(validationMessage(firstError(schema, { ...data }, part), part)).toBe(message);
  });

  it.each([
    { dataVar: 'body', message: 'Request body is invalid' },
    { dataVar: 'querystring', message: 'Querystring is invalid' },
    { dataVar: 'headers', message: 'Headers is invalid' },
  ])('names the whole $dataVar as $message', ({ dataVar, message }) => {
    const error: ErrorObject = { keyword: 'not', instancePath: '', schemaPath: '#/not', params: {} };
    expect(validationMessage(error, dataVar)).toBe(message);
  });
});

describe('schemaErrorFormatter', () => {
  const answerOf = (error: Error) => {
    const { statusCode, code, field, message } = error as HttpError;
    return { statusCode, code, field, message };
  };

  it.each([
    {
      why: 'a missing field',
      schema: one('price', { type: 'number' }),
      data: {},
      message: 'Price is required',
      field: 'price',
    },
    {
      why: 'a nested field',
      schema: one('preferences', one('language', { type: 'string' })),
      data: { preferences: { language: 1 } },
      message: 'Language must be text',
      field: 'language',
    },
    {
      why: 'an entry of a list',
      schema: one('imageUrls', { type: 'array', items: { type: 'string' } }),
      data: { imageUrls: ['/a', 2] },
      message: 'Image URLs entry 2 must be text',
      field: 'imageUrls',
    },
    {
      why: 'the body as a whole',
      schema: { type: 'object' },
      data: [],
      message: 'Request body must be a JSON object',
      field: undefined,
    },
  ])('answers 400 INVALID_INPUT naming $why', ({ schema, data, message, field }) => {
    const error = schemaErrorFormatter([firstError(schema, data)], 'body');
    expect(error).toBeInstanceOf(HttpError);
    expect(answerOf(error)).toEqual({ statusCode: 400, code: 'INVALID_INPUT', field, message });
  });

  it('answers "The request is invalid" for no errors at all', () => {
    const error = schemaErrorFormatter([], 'body');
    expect(answerOf(error)).toEqual({
      statusCode: 400,
      code: 'INVALID_INPUT',
      field: undefined,
      message: 'The request is invalid',
    });
  });
});

describe('humanize', () => {
  it.each([
    ['price', 'Price'],
    ['shippingAddress', 'Shipping address'],
    ['imageUrl', 'Image URL'],
    ['imageUrls', 'Image URLs'],
    ['productId', 'Product ID'],
    ['ids', 'IDs'],
    ['phoneNumber2', 'Phone number2'],
    ['first_name', 'First name'],
    ['minPrice', 'Min price'],
    ['', ''],
  ])('says %j as %j', (field, words) => {
    expect(humanize(field)).toBe(words);
  });
});

describe('fieldWithNul', () => {
  it.each([
    { why: 'a top-level field', value: { name: 'a\u0000b' }, found: { key: 'name', label: 'Name' } },
    {
      why: 'a nested field',
      value: { preferences: { timezone: 'UTC\u0000' } },
      found: { key: 'timezone', label: 'Timezone' },
    },
    {
      why: 'a list entry, by its list',
      value: { imageUrls: ['/a.png', '/b\u0000.png'] },
      found: { key: 'imageUrls', label: 'Image URLs' },
    },
    { why: 'text on its own', value: '\u0000', found: { key: '', label: 'Text' } },
  ])('finds a NUL in $why', ({ value, found }) => {
    expect(fieldWithNul(value)).toEqual(found);
  });

  it.each([
    { why: 'text without one', value: { name: 'Syringe', tags: ['a', 'b'], nested: { deep: 'ok' } } },
    { why: 'numbers, booleans and null', value: { price: 0, flag: false, none: null } },
    { why: 'nothing', value: undefined },
    { why: 'the escape written out', value: { name: '\\u0000' } },
  ])('finds none in $why', ({ value }) => {
    expect(fieldWithNul(value)).toBeUndefined();
  });

  it('walks 100000 levels deep without running out of stack', () => {
    let value: unknown = { last: 'x\u0000' };
    for (let depth = 0; depth < 100_000; depth += 1) value = { next: value };
    expect(fieldWithNul(value)).toEqual({ key: 'last', label: 'Last' });
  });
});
